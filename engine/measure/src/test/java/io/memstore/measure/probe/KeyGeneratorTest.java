package io.memstore.measure.probe;

import io.memstore.measure.spec.KeyPattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class KeyGeneratorTest {

    /** SHA-256 of keys 0..999 concatenated, keySize 64 B, seed 42: computed once; any change breaks comparability. */
    private static String golden(KeyPattern pattern) {
        return switch (pattern) {
            case RANDOM -> "a4ae9c4266b2b30060cff5b49c5eaf13771feba671ca4980331f6e6d793309c2";
            case SEQUENTIAL -> "da692040aaff9a20562073f7bac3dc5e7fd7f6d7d30518bf9856ccd0f9c22ae9";
            case HIERARCHICAL -> "299cce8a039202f7e92b64b2e419fc00e42ee397e71e2789cd2af66d81a49528";
        };
    }

    private static String sha256OfFirst(KeyGenerator g, int n) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        for (int i = 0; i < n; i++) {
            sha.update(g.key(i));
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    @ParameterizedTest
    @EnumSource(KeyPattern.class)
    void firstThousandKeysAreTheSameOnEveryMachine(KeyPattern pattern) throws Exception {
        KeyGenerator g = KeyGenerator.of(pattern, 64, 42, 1_000_000);
        assertThat(sha256OfFirst(g, 1000)).isEqualTo(golden(pattern));
    }

    @ParameterizedTest
    @EnumSource(KeyPattern.class)
    void keysAreDistinctAndExactlyKeySizeLong(KeyPattern pattern) {
        for (int keySize : new int[]{8, 17, 64, 256}) {
            KeyGenerator g = KeyGenerator.of(pattern, keySize, 7, 20_000);
            Set<ByteBuffer> seen = new HashSet<>();
            for (int i = 0; i < 20_000; i++) {
                byte[] k = g.key(i);
                assertThat(k).hasSize(keySize);
                assertThat(seen.add(ByteBuffer.wrap(k))).as("key %d of %s, %d B, is new", i, pattern, keySize).isTrue();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(KeyPattern.class)
    void keyIDependsOnlyOnSeedAndI(KeyPattern pattern) {
        KeyGenerator a = KeyGenerator.of(pattern, 40, 99, 1000);
        KeyGenerator b = KeyGenerator.of(pattern, 40, 99, 5_000_000); // another row size, same keys
        byte[] reused = new byte[40];
        for (int i = 999; i >= 0; i--) { // reverse order: no hidden state
            b.fill(i, reused);
            assertThat(a.key(i)).isEqualTo(reused);
        }
    }

    @Test
    void theSeedChangesRandomAndHierarchicalKeysButNotSequentialOnes() {
        for (KeyPattern pattern : KeyPattern.values()) {
            byte[] one = KeyGenerator.of(pattern, 64, 1, 10).key(5);
            byte[] two = KeyGenerator.of(pattern, 64, 2, 10).key(5);
            if (pattern == KeyPattern.SEQUENTIAL) {
                assertThat(one).isEqualTo(two);
            } else {
                assertThat(one).as(pattern.specName()).isNotEqualTo(two);
            }
        }
    }

    @Test
    void sequentialKeysAreZeroPaddedDecimal() {
        KeyGenerator g = KeyGenerator.of(KeyPattern.SEQUENTIAL, 6, 0, 1000);
        assertThat(new String(g.key(0), StandardCharsets.US_ASCII)).isEqualTo("000000");
        assertThat(new String(g.key(42), StandardCharsets.US_ASCII)).isEqualTo("000042");
        assertThat(new String(g.key(999), StandardCharsets.US_ASCII)).isEqualTo("000999");
    }

    @Test
    void randomKeysUseTheFullByteRange() {
        KeyGenerator g = KeyGenerator.of(KeyPattern.RANDOM, 64, 3, 1000);
        int[] counts = new int[256];
        for (int i = 0; i < 1000; i++) {
            for (byte b : g.key(i)) {
                counts[b & 0xFF]++;
            }
        }
        // 64,000 bytes over 256 values: 250 expected each; a uniform source stays well within 150..350
        for (int v = 0; v < 256; v++) {
            assertThat(counts[v]).as("occurrences of byte 0x%02x", v).isBetween(150, 350);
        }
    }

    @Test
    void tinyRandomKeysAreStillDistinct() {
        KeyGenerator g = KeyGenerator.of(KeyPattern.RANDOM, 1, 5, 256);
        Set<Byte> seen = new HashSet<>();
        for (int i = 0; i < 256; i++) {
            seen.add(g.key(i)[0]);
        }
        assertThat(seen).hasSize(256);
    }

    @Test
    void hierarchicalKeysLookLikeKubernetesKeys() {
        KeyGenerator g = KeyGenerator.of(KeyPattern.HIERARCHICAL, 64, 11, 100_000);
        Set<String> kinds = new HashSet<>();
        Set<String> namespaces = new HashSet<>();
        for (int i = 0; i < 20_000; i++) {
            String k = new String(g.key(i), StandardCharsets.US_ASCII);
            assertThat(k).matches("/registry/[a-z]+/[a-z0-9-]+/[a-z]+-[0-9a-z-]*[0-9a-hjkmnp-tv-z]{8}");
            String[] parts = k.split("/");
            kinds.add(parts[2]);
            namespaces.add(parts[3]);
        }
        assertThat(kinds).containsExactlyInAnyOrder("pods", "events", "configmaps", "secrets", "replicasets",
                "services", "endpointslices", "deployments", "leases");
        assertThat(namespaces).hasSize(100).contains("default", "kube-system", "tenant-094");
    }

    @Test
    void shortHierarchicalKeysCutThePathAndKeepTheUniqueSuffix() {
        KeyGenerator g = KeyGenerator.of(KeyPattern.HIERARCHICAL, 16, 11, 1000);
        String k = new String(g.key(3), StandardCharsets.US_ASCII);
        assertThat(k).hasSize(16).startsWith("/registr");
        assertThat(k.substring(8)).matches("[0-9a-hjkmnp-tv-z]{8}");
    }

    @Test
    void impossibleSizesAreRejectedWithTheSizeNeeded() {
        assertThatThrownBy(() -> KeyGenerator.of(KeyPattern.SEQUENTIAL, 3, 0, 1001))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("keySize >= 4 B");
        assertThatThrownBy(() -> KeyGenerator.of(KeyPattern.RANDOM, 2, 0, 70_000))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("keySize >= 3 B");
        assertThatThrownBy(() -> KeyGenerator.of(KeyPattern.HIERARCHICAL, 7, 0, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("keySize >= 8 B");
        assertThatThrownBy(() -> KeyGenerator.of(KeyPattern.RANDOM, 0, 0, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1 B");
    }
}
