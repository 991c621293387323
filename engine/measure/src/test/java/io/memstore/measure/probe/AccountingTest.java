package io.memstore.measure.probe;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The account's readings in their order: an empty target opened beside the loaded one and the histogram of both
 * after the row's figures, then, with the loaded target gone, that of the empty one, which stands for the baseline's.
 */
class AccountingTest {
    /** One object of the "loaded target" or of the empty one. */
    record Marker(long a, long b) {
    }

    /** The loaded target: reachable only through this field, cleared before the account ends. */
    private static volatile List<Marker> loaded;

    @TempDir
    Path dir;

    @AfterEach
    void release() {
        loaded = null;
    }

    private static List<Marker> markers(int n) {
        List<Marker> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(new Marker(i, -i));
        }
        return list;
    }

    @Test
    void theAccountIsWhatTheLoadedTargetHoldsBeyondAnEmptyTargetOfTheSameRow() {
        Accounting accounting = Accounting.start(dir, true);
        loaded = markers(10_000);
        accounting.afterMemory();
        // the empty target, opened beside the loaded one, holds 25 markers of its own: they are not the load's
        List<Marker> empty = new ArrayList<>();
        accounting.afterClasses(() -> {
            empty.addAll(markers(25));
            return empty::clear;
        });
        assertThat(empty).as("open until the account ends").hasSize(25);
        loaded = null;
        RowAccount account = accounting.finish(10_000, 10_000 * 24L, null);

        assertThat(account.notes()).noneMatch(n -> n.startsWith(RowAccount.CLASSES_UNAVAILABLE));
        ClassAccount.Line line = account.classes().byClass().get(Marker.class.getName());
        assertThat(line).isNotNull();
        assertThat(line.instances()).isEqualTo(10_000);
        assertThat(line.bytes() % line.instances()).isZero();
        assertThat(line.bytes() / line.instances()).isBetween(24L, 32L); // a header and two longs
        assertThat(empty).as("the empty target was closed").isEmpty();
        assertThat(account.seconds()).isPositive();
        // the loaded histogram was kept beside the result, not on the heap
        assertThat(dir.resolve("account-loaded-classes.txt")).exists();
    }

    @Test
    void anEmptyTargetThatCannotBeOpenedLeavesANoteAndTheNativeAccount() {
        Accounting accounting = Accounting.start(dir, true);
        accounting.afterMemory();
        accounting.afterClasses(() -> {
            throw new IOException("no space left on device");
        });
        RowAccount account = accounting.finish(1_000, 1L << 20, 2L << 20);

        assertThat(account.classes()).isNull();
        assertThat(account.notes()).anySatisfy(n -> assertThat(n).startsWith(RowAccount.CLASSES_UNAVAILABLE)
                .contains("an empty target of the row").contains("no space left on device"));
    }

    @Test
    void aRowThatFailsAfterTheEmptyTargetOpenedStillClosesIt() {
        Accounting accounting = Accounting.start(dir, true);
        boolean[] closed = {false};
        accounting.afterClasses(() -> () -> closed[0] = true);
        accounting.closeEmptyTarget();
        assertThat(closed[0]).isTrue();
    }

    @Test
    void aRowWhoseDataLivesInAnotherProcessNeverOpensAnEmptyTarget() {
        Accounting accounting = Accounting.start(dir, false);
        accounting.afterMemory();
        boolean[] opened = {false};
        accounting.afterClasses(() -> {
            opened[0] = true;
            return () -> { };
        });
        RowAccount account = accounting.finish(1_000, 0, null);

        assertThat(opened[0]).isFalse();
        assertThat(account.classes()).isNull();
        assertThat(account.nativeMemory()).isNull();
        assertThat(account.notes()).containsExactly(RowAccount.CLASSES_UNAVAILABLE + "the row's data lives in another"
                + " process, not in the probe's JVM");
    }
}
