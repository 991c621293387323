package io.memstore.store;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Random;

/**
 * The child process of {@link CrashSafetyTest}: opens a store and writes to it until it is killed. Before each
 * operation it tells the parent what it is about to do, after each it tells what returned, one line each on
 * stdout, flushed (a write to the pipe, which survives the child's death), so the parent knows every commit that
 * {@code commit()} returned for, and the one operation in flight. Lines end with " ." so that a line cut by the
 * kill can be told from a whole one.
 *
 * <pre>
 *   O current compacted                   opened
 *   B commit|rollback op op ...           a transaction begins; op = P,xKEY,xVALUE or D,xKEY,xEND (END - = null)
 *   C rev                                 commit() returned rev
 *   R                                     the transaction was closed without commit
 *   K rev / k rev                         compact(rev) begins / returned
 *   F rev                                 flush() returned with the current revision rev
 * </pre>
 * Arguments: file, durability, seed.
 */
public final class CrashChild {
    private static final HexFormat HEX = HexFormat.of();
    private static final int OPS_CAP = 100_000;

    private CrashChild() {
    }

    static StoreOptions options(Durability mode) {
        StoreOptions o = StoreOptions.defaults().durability(mode);
        // small batches and a short interval: background flushes are in flight when the kill comes
        return mode == Durability.DEFERRED ? o.batchLimit(16).batchInterval(Duration.ofMillis(5)) : o;
    }

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        Durability mode = Durability.valueOf(args[1]);
        Random rnd = new Random(Long.parseLong(args[2]));
        PrintStream out = System.out;
        byte[][] keys = new byte[24][];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = ("k" + (char) ('a' + rnd.nextInt(20)) + i).getBytes();
        }
        try (MvccStore store = MvccStore.open(file, options(mode))) {
            line(out, "O " + store.currentRevision() + " " + store.compactedRevision());
            for (int n = 0; n < OPS_CAP; n++) {
                int dice = rnd.nextInt(100);
                if (dice < 3 && store.currentRevision() > store.compactedRevision()) {
                    long target = Math.max(store.compactedRevision() + 1, store.currentRevision() - rnd.nextInt(20));
                    line(out, "K " + target);
                    store.compact(target);
                    line(out, "k " + target);
                } else if (dice < 6 && mode == Durability.DEFERRED) {
                    store.flush();
                    line(out, "F " + store.currentRevision());
                } else {
                    txn(store, rnd, keys, out);
                }
            }
        }
    }

    private static void txn(MvccStore store, Random rnd, byte[][] keys, PrintStream out) {
        boolean commit = rnd.nextInt(8) != 0;
        int n = rnd.nextInt(10) == 0 ? 2 + rnd.nextInt(30) : 1 + rnd.nextInt(3);
        StringBuilder intent = new StringBuilder("B ").append(commit ? "commit" : "rollback");
        byte[][][] ops = new byte[n][][];
        for (int i = 0; i < n; i++) {
            byte[] key = keys[rnd.nextInt(keys.length)];
            if (rnd.nextInt(5) == 0) {
                byte[] end = switch (rnd.nextInt(3)) {
                    case 0 -> null;
                    case 1 -> new byte[0];
                    default -> keys[rnd.nextInt(keys.length)];
                };
                ops[i] = new byte[][] {key, end};
                intent.append(" D,x").append(HEX.formatHex(key)).append(',')
                        .append(end == null ? "-" : "x" + HEX.formatHex(end));
            } else {
                byte[] value = new byte[rnd.nextInt(50) == 0 ? 3000 : rnd.nextInt(24)];
                rnd.nextBytes(value);
                ops[i] = new byte[][] {key, null, value};
                intent.append(" P,x").append(HEX.formatHex(key)).append(",x").append(HEX.formatHex(value));
            }
        }
        line(out, intent.toString());
        try (WriteTxn txn = store.write()) {
            for (byte[][] op : ops) {
                if (op.length == 3) {
                    txn.put(op[0], op[2]);
                } else {
                    txn.deleteRange(op[0], op[1]);
                }
            }
            if (commit) {
                long rev = txn.commit();
                line(out, "C " + rev);
                return;
            }
        }
        line(out, "R");
    }

    private static void line(PrintStream out, String text) {
        out.print(text + " .\n");
        out.flush();
    }
}
