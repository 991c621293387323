package io.memstore.measure.probe;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.target.KeyValueTarget;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whether a target has a reopen for the probe to announce: a project's class that implements one, and only that. */
class ReopensTest {
    @TempDir
    Path dir;

    /** A map without files: it inherits the interface's reopen, which reopens nothing. */
    public static class NoReopen implements KeyValueTarget {
        @Override
        public void put(byte[] key, byte[] value) {
        }

        @Override
        public boolean get(byte[] key) {
            return false;
        }

        @Override
        public void delete(byte[] key) {
        }

        @Override
        public void close() {
        }
    }

    /** A target with files of its own, reopened as a restarted service opens them. */
    public static class WithReopen extends NoReopen {
        @Override
        public boolean reopen() {
            return true;
        }
    }

    /** Inherits its parent's reopen. */
    public static class InheritsReopen extends WithReopen {
    }

    @Test
    void aClassReopensWhenItOrAParentImplementsReopen() {
        assertThat(ClassTarget.open(NoReopen.class.getName(), dir.resolve("a"), 10).reopens()).isFalse();
        assertThat(ClassTarget.open(WithReopen.class.getName(), dir.resolve("b"), 10).reopens()).isTrue();
        assertThat(ClassTarget.open(InheritsReopen.class.getName(), dir.resolve("c"), 10).reopens()).isTrue();
    }
}
