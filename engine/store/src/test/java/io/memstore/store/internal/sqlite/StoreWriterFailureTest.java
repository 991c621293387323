package io.memstore.store.internal.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.store.Durability;
import io.memstore.store.Revision;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write that fails with something other than an {@link java.sql.SQLException} (an {@link OutOfMemoryError} while a
 * batch is bound, a bug in the caller) leaves no transaction open: the records bound before the failure are not
 * written, the same batch written again commits once, and the file reopens with exactly the committed records.
 */
class StoreWriterFailureTest {
    private static final SqliteOptions OPTIONS = new SqliteOptions(Durability.NORMAL, 2, 2048);

    @TempDir
    Path dir;

    private final Change.Encoder encoder = new Change.Encoder();

    /** Puts of keys {@code k<from>..k<to-1>}, one a main revision, from main revision {@code from + 1}. */
    private List<Change> puts(int from, int to) {
        List<Change> list = new ArrayList<>();
        for (int i = from; i < to; i++) {
            long rev = Revision.first(i + 1);
            list.add(encoder.put(rev, ("k" + i).getBytes(StandardCharsets.UTF_8),
                    ("v" + i).getBytes(StandardCharsets.UTF_8), rev, 1));
        }
        return list;
    }

    /** {@code records}, whose {@code get} throws {@code error} from its {@code failAt}-th call on. */
    private static List<Change> failingAfter(List<Change> records, int failAt, Error error) {
        return new AbstractList<>() {
            private int calls;

            @Override
            public Change get(int index) {
                if (++calls >= failAt) {
                    throw error;
                }
                return records.get(index);
            }

            @Override
            public int size() {
                return records.size();
            }
        };
    }

    private List<Long> reopenedRevisions(Path file) {
        List<Long> revs = new ArrayList<>();
        try (SqliteBackend b = SqliteBackend.open(file, OPTIONS,
                (rev, bytes, keyFrom, createRev, version) -> revs.add(rev))) {
            assertThat(b.metaAtOpen().recordCount()).isEqualTo(revs.size());
        }
        return revs;
    }

    @Test
    void anErrorWhileABatchIsBoundLeavesNothingOfItAndTheRetryCommitsOnce() {
        Path file = dir.resolve("s.db");
        List<Change> first = puts(0, 50);
        List<Change> second = puts(50, 300);
        OutOfMemoryError oom = new OutOfMemoryError("Java heap space (thrown by the test)");
        try (SqliteBackend b = SqliteBackend.open(file, OPTIONS, (rev, bytes, keyFrom, createRev, version) -> { })) {
            b.write(first, 50);
            // the write reads every record once for the key digest, then binds them: the error comes after the
            // first chunk of RecordWriter.CHUNK_RECORDS records was inserted into both tables
            int failAt = second.size() + RecordWriter.CHUNK_RECORDS + 50;
            assertThatThrownBy(() -> b.write(failingAfter(second, failAt, oom), 300)).isSameAs(oom);
            assertThat(b.read(new long[] {second.get(0).rev()})).containsOnlyNulls();
            b.write(second, 300); // the deferred flush's retry of the same batch
            StoredRecord[] back = b.read(new long[] {first.get(0).rev(), second.get(0).rev(), second.get(249).rev()});
            assertThat(back).doesNotContainNull();
            assertThat(new String(back[2].value(), StandardCharsets.UTF_8)).isEqualTo("v299");
        }
        List<Long> revs = reopenedRevisions(file);
        assertThat(revs).hasSize(300).doesNotHaveDuplicates();
    }

    @Test
    void aRuntimeExceptionInATransactionOfTheLayerAboveRollsItBack() {
        Path file = dir.resolve("t.db");
        try (SqliteBackend b = SqliteBackend.open(file, OPTIONS, (rev, bytes, keyFrom, createRev, version) -> { })) {
            b.write(puts(0, 10), 10);
            IllegalStateException bug = new IllegalStateException("a bug above");
            assertThatThrownBy(() -> b.inTransaction("writing the test's table", c -> {
                try (PreparedStatement p = c.prepareStatement("DELETE FROM kv_key")) {
                    p.executeUpdate();
                }
                throw bug;
            })).isSameAs(bug);
            b.write(puts(10, 20), 20); // would commit the delete too if the transaction had stayed open
        }
        assertThat(reopenedRevisions(file)).hasSize(20);
    }
}
