package io.memstore.measure.probe;

import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import io.memstore.measure.spec.SystemKind;

import java.nio.file.Path;

/**
 * A trial of a project's own class before any row is measured, in a JVM of the probe's classpath: the class is
 * created as a row's probe creates it ({@link Targets#open}) over an empty data directory, takes {@value #PUTS} puts of
 * 64 B keys and 256 B values, and is closed. A constructor or a put that throws is then found in a second, with the
 * class's own message, instead of after the rows before it ran.
 *
 * <p>Arguments: {@code system|index <class name> <data directory>}. Exit codes: 0 the class passed; 2 it cannot be
 * created (not found, not the interface, no usable constructor); 6 its code threw ({@link TargetClassException}); 1
 * anything else. On failure one line on stderr says why, without a prefix. The JVM ends when the trial ends,
 * whatever threads and processes the class left, and says which ({@link ProbeExit}).
 */
public final class TrialMain {
    public static final int PUTS = 16;

    private TrialMain() {
    }

    public static void main(String[] argv) {
        ParentWatch.startFromProperties();
        ProbeExit.watch();
        if (argv.length != 3 || !argv[0].equals("system") && !argv[0].equals("index")) {
            fail(ProbeMain.EXIT_BAD_INPUT, "usage: TrialMain system|index <class name> <data directory>");
            return;
        }
        boolean target = argv[0].equals("system");
        try {
            RowParams p = params(target, argv[1]);
            KeyGenerator keys = KeyGenerator.of(p.keyPattern(), p.keySize(), p.seed(), p.keys());
            ValueGenerator values = new ValueGenerator(p.seed(), p.valueSize());
            try (LoadTarget t = Targets.open(p, Path.of(argv[2]))) {
                for (int i = 0; i < PUTS; i++) {
                    t.put(keys.key(i), values.value(i, 0));
                }
            }
        } catch (IllegalArgumentException e) {
            fail(ProbeMain.EXIT_BAD_INPUT, e.getMessage());
        } catch (TargetClassException e) {
            fail(ProbeMain.EXIT_CLASS_FAILED, e.getMessage());
        } catch (Throwable e) {
            fail(ProbeMain.EXIT_FAILED, String.valueOf(e));
        }
        ProbeExit.end(0);
    }

    /** The row a trial of {@code className} runs: what its probe's flags are sized for ({@link ProbeJvm#flags}). */
    public static RowParams params(boolean target, String className) {
        return RowParams.builder("trial").keys(PUTS).store(StoreKind.NONE)
                .index(target ? IndexKind.BTREE : IndexKind.of(className))
                .system(target ? SystemKind.of(className) : SystemKind.MEMSTORE).build();
    }

    private static void fail(int code, String line) {
        System.err.println(line.replace('\n', ' ').replace('\r', ' '));
        System.err.flush();
        ProbeExit.end(code);
    }
}
