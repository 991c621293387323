package io.memstore.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WorkloadTest {
    @Test
    void keysAreDistinct64ByteArraysAndTheSameOnEveryCall() {
        byte[][] keys = Workload.keys(5_000);
        Set<ByteBuffer> distinct = new HashSet<>();
        for (byte[] k : keys) {
            assertThat(k).hasSize(64);
            distinct.add(ByteBuffer.wrap(k));
        }
        assertThat(distinct).hasSize(5_000);
        assertThat(Workload.keys(5_000)[4_999]).isEqualTo(keys[4_999]).isNotSameAs(keys[4_999]);
    }

    @Test
    void keysAreNotInKeyOrder() {
        byte[][] keys = Workload.keys(1_000);
        int ascending = 0;
        for (int i = 1; i < keys.length; i++) {
            ascending += Arrays.compareUnsigned(keys[i - 1], keys[i]) < 0 ? 1 : 0;
        }
        assertThat(ascending).isBetween(400, 600);
    }

    @Test
    void valueIs256Bytes() {
        assertThat(Workload.value()).hasSize(256).isEqualTo(Workload.value());
    }

    @Test
    void shuffledIsAPermutation() {
        int[] order = Workload.shuffled(1_000);
        int[] sorted = order.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < sorted.length; i++) {
            assertThat(sorted[i]).isEqualTo(i);
        }
        assertThat(order).isNotEqualTo(sorted);
    }

    @Test
    void noKeysIsAnError() {
        assertThatThrownBy(() -> Workload.keys(0)).hasMessage("keys must be at least 1, was 0");
    }
}
