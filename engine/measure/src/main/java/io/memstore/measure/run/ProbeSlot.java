package io.memstore.measure.run;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * One probe at a time in this JVM. A parallel Maven build ({@code mvn -T 2}) runs the check goal of two modules
 * at once in one JVM with one plugin class loader; two probes side by side would take each other's CPU, memory
 * bandwidth and page cache, and the timed metrics (load seconds, gets per second) of both would be wrong. So the
 * modules' runs take turns, first come first served; each module still writes its own outputs.
 */
final class ProbeSlot {
    private static final ReentrantLock SLOT = new ReentrantLock(true);

    private ProbeSlot() {
    }

    /**
     * Waits for the slot, telling {@code progress} when it has to wait.
     *
     * @throws InterruptedException when interrupted while waiting
     */
    static void acquire(String label, Consumer<String> progress) throws InterruptedException {
        if (!SLOT.tryLock()) {
            progress.accept(label + ": waiting for another module's probe to finish (probes run one at a time)");
            SLOT.lockInterruptibly();
        }
    }

    static void release() {
        SLOT.unlock();
    }
}
