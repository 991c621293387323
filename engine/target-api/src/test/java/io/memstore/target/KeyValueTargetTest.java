package io.memstore.target;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The contract's defaults, as a target implementing only the four required calls sees them. */
class KeyValueTargetTest {
    /** The least a target writes: put, get, delete, close. */
    static final class MapOnly implements KeyValueTarget {
        final Map<ByteBuffer, byte[]> map = new HashMap<>();

        @Override
        public void put(byte[] key, byte[] value) {
            map.put(ByteBuffer.wrap(key), value.clone());
        }

        @Override
        public boolean get(byte[] key) {
            return map.containsKey(ByteBuffer.wrap(key));
        }

        @Override
        public void delete(byte[] key) {
            map.remove(ByteBuffer.wrap(key));
        }

        @Override
        public void close() {
            map.clear();
        }
    }

    @Test
    void aTargetWithoutFilesHasNothingToCompactFlushSizeOrReopen() {
        try (MapOnly t = new MapOnly()) {
            t.put(new byte[] {1}, new byte[] {2});
            t.compact();
            t.flush();
            assertThat(t.get(new byte[] {1})).isTrue(); // the defaults leave the data alone
            assertThat(t.fileSize()).isZero();
            assertThat(t.reopen()).isFalse();
            assertThat(t.get(new byte[] {1})).isTrue();
        }
    }
}
