package io.memstore.measure.probe;

import java.nio.charset.StandardCharsets;

/**
 * Kubernetes-like keys, as the API server stores objects in etcd:
 *
 * <pre>
 *   /registry/&lt;kind&gt;/&lt;namespace&gt;/&lt;app&gt;-&lt;filler&gt;&lt;unique&gt;
 *   e.g. /registry/pods/tenant-017/web-k3x9q2m7-0j8vz4ka        (keySize 43)
 * </pre>
 * <ul>
 *   <li>kind: one of nine, weighted like a busy cluster (pods 30 %, events 20 %, ...), chosen by hash;</li>
 *   <li>namespace: one of 100 ({@code default}, {@code kube-system}, ..., {@code tenant-000..094}), uniform;</li>
 *   <li>app: one of twelve workload names;</li>
 *   <li>unique: 8 characters, base 32 (lower-case Crockford alphabet) of {@code Mix.permute(i, 40 bits)}, a
 *       bijection, so keys are distinct for any seed (up to 2^40 keys);</li>
 *   <li>filler: hash characters of the same alphabet, ending in '-', that bring the key to keySize exactly;
 *       when the path is longer than keySize - 8, it is cut at its end instead and the unique suffix
 *       stays whole.</li>
 * </ul>
 * Keys that share kind and namespace share a long prefix, which compact indexes can exploit.
 */
final class HierarchicalKeys implements KeyGenerator {
    static final int UNIQUE_CHARS = 8;
    private static final int UNIQUE_BITS = 5 * UNIQUE_CHARS;
    private static final byte[] ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz".getBytes(StandardCharsets.US_ASCII);
    private static final String[] KINDS = {"pods", "events", "configmaps", "secrets", "replicasets", "services",
            "endpointslices", "deployments", "leases"};
    private static final int[] KIND_WEIGHTS = {30, 20, 10, 10, 8, 6, 6, 5, 5}; // percent, sums to 100
    private static final String[] APPS = {"web", "api", "worker", "redis", "postgres", "nginx", "coredns",
            "frontend", "backend", "cache", "gateway", "scheduler"};
    private static final long KIND_STREAM = 1;
    private static final long NAMESPACE_STREAM = 2;
    private static final long APP_STREAM = 3;
    private static final long FILLER_STREAM = 4;
    private static final long UNIQUE_KEY = 0x4B385353L; // "K8SS"

    private static final byte[] REGISTRY = ascii("/registry/");
    private static final byte[][] KIND_BYTES = asciiAll(KINDS);
    private static final byte[][] NAMESPACE_BYTES = asciiAll(namespaces());
    private static final byte[][] APP_BYTES = asciiAll(APPS);
    private static final byte[] SLASH = ascii("/");
    private static final byte[] DASH = ascii("-");

    private final int keySize;
    private final long seed;

    HierarchicalKeys(int keySize, long seed, long keys) {
        if (keySize < UNIQUE_CHARS) {
            throw new IllegalArgumentException("hierarchical keys need keySize >= " + UNIQUE_CHARS
                    + " B (their unique suffix), was " + keySize + " B");
        }
        if (keys > (1L << UNIQUE_BITS)) {
            throw new IllegalArgumentException("hierarchical keys support at most 2^" + UNIQUE_BITS + " keys, asked "
                    + keys);
        }
        this.keySize = keySize;
        this.seed = seed;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[][] asciiAll(String[] strings) {
        byte[][] out = new byte[strings.length][];
        for (int i = 0; i < strings.length; i++) {
            out[i] = ascii(strings[i]);
        }
        return out;
    }

    static String[] namespaces() {
        String[] fixed = {"default", "kube-system", "kube-public", "monitoring", "ingress-nginx"};
        String[] all = new String[100];
        System.arraycopy(fixed, 0, all, 0, fixed.length);
        for (int t = fixed.length; t < all.length; t++) {
            all[t] = String.format(java.util.Locale.ROOT, "tenant-%03d", t - fixed.length);
        }
        return all;
    }

    @Override
    public void fill(long i, byte[] out) {
        int room = keySize - UNIQUE_CHARS;
        int at = 0;
        at = append(out, at, room, REGISTRY);
        at = append(out, at, room, KIND_BYTES[kind(i)]);
        at = append(out, at, room, SLASH);
        at = append(out, at, room, NAMESPACE_BYTES[pick(NAMESPACE_STREAM, i, NAMESPACE_BYTES.length)]);
        at = append(out, at, room, SLASH);
        at = append(out, at, room, APP_BYTES[pick(APP_STREAM, i, APP_BYTES.length)]);
        at = append(out, at, room, DASH);
        int filler = room - at;
        long word = 0;
        for (int f = 0; f < filler; f++) {
            if (f % 12 == 0) {
                word = Mix.hash(seed, FILLER_STREAM + 16L * (f / 12), i); // 12 characters of 5 bits per word
            }
            out[at + f] = f == filler - 1 && filler >= 2 ? (byte) '-' : ALPHABET[(int) (word & 31)];
            word >>>= 5;
        }
        long unique = Mix.permute(i, UNIQUE_BITS, seed ^ UNIQUE_KEY);
        for (int c = UNIQUE_CHARS - 1; c >= 0; c--) {
            out[room + c] = ALPHABET[(int) (unique & 31)];
            unique >>>= 5;
        }
    }

    /** Copies as much of {@code part} as fits before {@code limit}; returns the new position. */
    private static int append(byte[] out, int at, int limit, byte[] part) {
        int n = Math.min(part.length, limit - at);
        System.arraycopy(part, 0, out, at, n);
        return at + n;
    }

    private int kind(long i) {
        int r = pick(KIND_STREAM, i, 100);
        for (int k = 0; k < KIND_WEIGHTS.length; k++) {
            r -= KIND_WEIGHTS[k];
            if (r < 0) {
                return k;
            }
        }
        throw new AssertionError("kind weights must sum to 100");
    }

    private int pick(long stream, long i, int n) {
        return (int) Long.remainderUnsigned(Mix.hash(seed, stream, i), n);
    }

    @Override
    public int keySize() {
        return keySize;
    }
}
