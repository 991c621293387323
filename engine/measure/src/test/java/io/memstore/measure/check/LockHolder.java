package io.memstore.measure.check;

import java.nio.file.Path;

/** A second process for {@link OutputLockTest}: takes the lock of the directory in args[0], says so, then waits. */
public final class LockHolder {
    private LockHolder() {
    }

    public static void main(String[] args) throws Exception {
        try (OutputLock lock = OutputLock.acquire(Path.of(args[0]))) {
            System.out.println("locked");
            System.out.flush();
            while (System.in.read() >= 0) {
                // hold the lock until the parent closes our stdin, or kills us
            }
        }
    }
}
