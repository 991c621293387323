package io.memstore.store.internal.index;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Keys for tests and measurements, key {@code i} a pure function of (shape, seed, i), so a measurement can make
 * each key when it needs it and hold no array of its own next to the index it measures.
 */
enum TestKeys {
    /** 64 random bytes 0x00..0xff, as etcd's benchmark. */
    RANDOM,
    /**
     * Kubernetes-like {@code /registry/<kind>/<namespace>/<app>-<filler>-<unique>} of exactly 64 B: 9 kinds
     * weighted like a busy cluster, 100 namespaces, 12 apps, random filler, an 8-character unique suffix.
     */
    HIERARCHICAL,
    /** Random bytes, 48..80 B long (64 B on average), so leaves need their offset arrays. */
    VARIABLE;

    static final int SIZE = 64;
    private static final String[] KINDS = {"pods", "events", "configmaps", "secrets", "replicasets", "services",
            "endpointslices", "deployments", "leases"};
    private static final int[] KIND_WEIGHTS = {30, 20, 10, 10, 8, 6, 6, 5, 5};
    private static final String[] APPS = {"web", "api", "worker", "redis", "postgres", "nginx", "coredns",
            "frontend", "backend", "cache", "gateway", "scheduler"};
    private static final byte[] ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz".getBytes(StandardCharsets.US_ASCII);

    static TestKeys parse(String name) {
        return valueOf(name.toUpperCase(java.util.Locale.ROOT));
    }

    byte[] key(long seed, long i) {
        SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + i);
        switch (this) {
            case RANDOM: {
                byte[] out = new byte[SIZE];
                r.nextBytes(out);
                return out;
            }
            case VARIABLE: {
                byte[] out = new byte[48 + r.nextInt(33)];
                r.nextBytes(out);
                return out;
            }
            default:
                return hierarchical(r, i);
        }
    }

    private static byte[] hierarchical(SplittableRandom r, long i) {
        int w = r.nextInt(100);
        int kind = 0;
        while (w >= KIND_WEIGHTS[kind]) {
            w -= KIND_WEIGHTS[kind++];
        }
        int ns = r.nextInt(100);
        String namespace = ns < 5 ? new String[] {"default", "kube-system", "kube-public", "monitoring",
                "ingress-nginx"}[ns] : String.format(java.util.Locale.ROOT, "tenant-%03d", ns - 5);
        String path = "/registry/" + KINDS[kind] + "/" + namespace + "/" + APPS[r.nextInt(APPS.length)] + "-";
        byte[] out = new byte[SIZE];
        byte[] head = path.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(head, 0, out, 0, head.length);
        int unique = SIZE - 8;
        for (int p = head.length; p < unique; p++) {
            out[p] = p == unique - 1 ? (byte) '-' : ALPHABET[r.nextInt(32)];
        }
        long u = i;
        for (int c = SIZE - 1; c >= unique; c--) {
            out[c] = ALPHABET[(int) (u & 31)];
            u >>>= 5;
        }
        return out;
    }

    /** A random permutation of 0..n-1 (Fisher-Yates with {@code seed}): an order of lookups. */
    static int[] shuffled(int n, long seed) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }
}
