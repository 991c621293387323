package io.memstore.store;

import static io.memstore.store.StoreTestSupport.all;
import static io.memstore.store.StoreTestSupport.b;
import static io.memstore.store.StoreTestSupport.keys;
import static io.memstore.store.StoreTestSupport.s;
import static io.memstore.store.StoreTestSupport.sql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The snapshots of the read connections: a read of more rows than one statement fetches (64) runs in a read
 * transaction, which must end when the read ends, succeeded or failed, or the connection would go on answering
 * from the old snapshot and miss every later commit. One connection, so every read reuses it.
 */
class ReadSnapshotTest {
    private static final StoreOptions ONE_READER = StoreTestSupport.FAST.readConnections(1);
    private static final int KEYS = 200; // four statements: 64, 64, 64 and 8 rows

    @TempDir
    Path dir;

    private static String key(int i) {
        return String.format("k%04d", i);
    }

    private static void putKeys(MvccStore store, int from, int to) {
        for (int i = from; i < to; i++) {
            store.put(b(key(i)), b("v" + i));
        }
    }

    @Test
    void aReadOfManyRowsEndsItsTransactionSoTheNextReadsSeeLaterCommits() {
        try (MvccStore store = MvccStore.open(dir.resolve("s.db"), ONE_READER)) {
            putKeys(store, 0, KEYS);
            assertThat(all(store, store.currentRevision()).kvs()).hasSize(KEYS);

            putKeys(store, KEYS, 2 * KEYS);
            assertThat(s(store.get(b(key(2 * KEYS - 1))).value())).isEqualTo("v" + (2 * KEYS - 1));
            RangeResult both = all(store, store.currentRevision());
            assertThat(both.kvs()).hasSize(2 * KEYS);
            assertThat(keys(both).get(2 * KEYS - 1)).isEqualTo(key(2 * KEYS - 1));
        }
    }

    @Test
    void aFailedReadOfManyRowsEndsItsTransactionToo() {
        Path file = dir.resolve("s.db");
        try (MvccStore store = MvccStore.open(file, ONE_READER)) {
            putKeys(store, 0, KEYS);
        }
        // a value of the third statement's rows no longer matches its checksum; the open does not read values
        // (a kv_key entry ends with its key, KeyEntry; every key here has 5 B)
        sql(file, "UPDATE kv_value SET value = X'00' WHERE rev = (SELECT rev FROM kv_key WHERE substr(entry, -5) = CAST('"
                + key(150) + "' AS BLOB))");
        try (MvccStore store = MvccStore.open(file, ONE_READER)) {
            long before = store.currentRevision();
            assertThatThrownBy(() -> all(store, before)).isInstanceOf(StoreCorruptionException.class)
                    .hasMessageContaining(key(150));

            putKeys(store, KEYS, KEYS + 1);
            assertThat(s(store.get(b(key(KEYS))).value())).isEqualTo("v" + KEYS);
            RangeResult after = store.range(b(key(151)), new byte[0]);
            assertThat(after.kvs()).hasSize(KEYS - 151 + 1);
            assertThat(keys(after).get(KEYS - 151)).isEqualTo(key(KEYS));
        }
    }
}
