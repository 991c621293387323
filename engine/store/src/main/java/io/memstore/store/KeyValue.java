package io.memstore.store;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One key as a read saw it, as etcd exposes it: revisions are <em>main</em> revisions. {@code createRevision}
 * is the revision that created the key's current generation, {@code modRevision} the revision of its last
 * change, {@code version} the number of puts since its creation. The arrays belong to the caller.
 */
public record KeyValue(byte[] key, byte[] value, long createRevision, long modRevision, long version) {

    /** Equal when keys and values have equal contents and the revisions match. */
    @Override
    public boolean equals(Object o) {
        return o instanceof KeyValue kv && Arrays.equals(key, kv.key) && Arrays.equals(value, kv.value)
                && createRevision == kv.createRevision && modRevision == kv.modRevision && version == kv.version;
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(key) + Long.hashCode(modRevision);
    }

    @Override
    public String toString() {
        return "KeyValue{key=" + printable(key) + ", value=" + printable(value) + " (" + value.length
                + " B), create=" + createRevision + ", mod=" + modRevision + ", version=" + version + '}';
    }

    /** The bytes as text when they are printable ASCII, else as hex; long arrays are cut. */
    public static String printable(byte[] bytes) {
        int n = Math.min(bytes.length, 64);
        boolean text = true;
        for (int i = 0; i < n; i++) {
            if (bytes[i] < 0x20 || bytes[i] > 0x7e) {
                text = false;
                break;
            }
        }
        StringBuilder sb = new StringBuilder();
        if (text) {
            sb.append('"').append(new String(bytes, 0, n, StandardCharsets.US_ASCII)).append('"');
        } else {
            sb.append("0x");
            for (int i = 0; i < n; i++) {
                sb.append(Character.forDigit((bytes[i] >> 4) & 0xf, 16)).append(Character.forDigit(bytes[i] & 0xf, 16));
            }
        }
        return bytes.length > n ? sb.append("...").toString() : sb.toString();
    }
}
