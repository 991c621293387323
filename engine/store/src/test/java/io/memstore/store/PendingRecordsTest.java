package io.memstore.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.store.internal.sqlite.Change;
import io.memstore.store.internal.sqlite.StoredRecord;
import io.memstore.store.internal.sqlite.ValueRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class PendingRecordsTest {

    private static final Change.Encoder ENCODER = new Change.Encoder();

    private static Change record(long main, long sub) {
        long rev = Revision.pack(main, sub);
        return ENCODER.put(rev, new byte[] {(byte) main, (byte) sub}, new byte[(int) (sub % 3)], rev, 1);
    }

    @Test
    void findsEveryRecordByRevisionAndNothingElse() {
        PendingRecords p = new PendingRecords(16);
        assertThat(p.isEmpty()).isTrue();
        List<Change> all = new ArrayList<>();
        for (long main = 1; main <= 100; main++) {
            List<Change> txn = new ArrayList<>();
            for (long sub = 0; sub < main % 4 + 1; sub++) {
                txn.add(record(main, sub));
            }
            p.add(main, txn);
            all.addAll(txn);
        }
        // grew well past the 16 records it was sized for
        assertThat(p.records()).containsExactlyElementsOf(all);
        for (Change r : all) {
            StoredRecord got = p.get(r.rev());
            assertThat(got.rev()).isEqualTo(r.rev());
            assertThat(got.key()).isSameAs(r.key());
            assertThat(got.value()).isEqualTo(ValueRecord.value(r.valueRecord()))
                    .hasSize((int) (Revision.sub(r.rev()) % 3));
            assertThat(new ValueRecord().problem(got.rev(), got.key(), got.createRev(), got.version(), r.valueRecord()))
                    .isNull();
        }
        assertThat(p.get(Revision.pack(1, 2))).isNull(); // transaction 1 has two changes
        assertThat(p.get(Revision.pack(4, 1))).isNull(); // transaction 4 has one
        assertThat(p.get(Revision.pack(101, 0))).isNull();
        assertThat(p.get(0)).isNull();
        assertThat(p.revisions()).isEqualTo(100);
        assertThat(p.lastMain()).isEqualTo(100);
        assertThat(p.bytes()).isEqualTo(all.stream().mapToLong(Change::sizeBytes).sum());
    }

    @Test
    void refusesRecordsOutOfRevisionOrderAndKeepsWhatItHad() {
        PendingRecords p = new PendingRecords(16);
        Change five = record(5, 0);
        p.add(5, List.of(five));
        assertThatThrownBy(() -> p.add(4, List.of(record(4, 0))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("4.0 after 5.0");
        assertThatThrownBy(() -> p.add(6, List.of(record(6, 1), record(6, 0))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("6.0 after 6.1");
        assertThat(p.records()).containsExactly(five);
        assertThat(p.revisions()).isEqualTo(1);
        assertThat(p.get(Revision.pack(6, 1))).isNull();
    }

    @Test
    void aReaderOnAnotherThreadFindsEveryRecordOnceItsCommitWasAnnounced() throws Exception {
        PendingRecords p = new PendingRecords(16); // small, so that it grows while the reader reads
        AtomicLong announced = new AtomicLong(); // the writer's "currentRevision"
        AtomicBoolean done = new AtomicBoolean();
        AtomicReference<String> failure = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            while (!done.get() && failure.get() == null) {
                long upTo = announced.get();
                for (long main = Math.max(1, upTo - 50); main <= upTo; main++) {
                    StoredRecord r = p.get(Revision.pack(main, 0));
                    if (r == null || r.rev() != Revision.pack(main, 0)) {
                        failure.set("revision " + main + " announced but read as " + r);
                    }
                }
            }
        });
        reader.start();
        for (long main = 1; main <= 200_000; main++) {
            p.add(main, List.of(record(main, 0)));
            announced.set(main);
        }
        done.set(true);
        reader.join();
        assertThat(failure.get()).isNull();
        assertThat(p.records()).hasSize(200_000);
    }
}
