package io.memstore.measure.run;

import io.memstore.measure.probe.FileTrees;
import io.memstore.measure.probe.ProbeExit;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Kills child processes with their descendants, and keeps the running children so that a JVM shutdown (Maven
 * interrupted with Ctrl-C or SIGTERM) takes them down too instead of leaving probes running, then removes their
 * run directories (SQLite files, the native library, partial results) unless they are to be kept.
 */
final class ProcessTree {
    /** Running children, each with the directory to remove after it (null: keep). */
    private static final Map<Process, Optional<Path>> RUNNING = new ConcurrentHashMap<>();
    private static volatile boolean hookInstalled;
    /** Set by the shutdown hook before it kills the children: a child that ends from here on was stopped. */
    private static volatile boolean stopping;
    /** How often {@link #await} notes the descendants of a running process (ms). */
    static final long WATCH_MILLIS = 500;

    private ProcessTree() {
    }

    /** Remembers a child until {@link #forget}; the first call installs the shutdown hook. */
    static void track(Process process, Path cleanupDir) {
        installHook();
        RUNNING.put(process, Optional.ofNullable(cleanupDir));
    }

    /** True once the JVM has begun to shut down and this class's hook to end the children it tracks. */
    static boolean stopping() {
        return stopping;
    }

    static void forget(Process process) {
        RUNNING.remove(process);
    }

    private static synchronized void installHook() {
        if (!hookInstalled) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                stopping = true;
                for (Map.Entry<Process, Optional<Path>> e : RUNNING.entrySet()) {
                    kill(e.getKey().toHandle());
                    e.getValue().ifPresent(dir -> {
                        // the JVM is going down: a tree that cannot be removed is left for the next run
                        FileTrees.deleteQuietly(dir);
                    });
                }
            }, "memstore-probe-reaper"));
            hookInstalled = true;
        }
    }

    /**
     * Waits up to {@code timeout} for the process to end, noting its descendants into {@code seen} every
     * {@value #WATCH_MILLIS} ms while it runs: once it has ended they are re-parented, no longer its descendants,
     * and only what was noted finds them ({@link #endOutlived}).
     *
     * @return true when the process ended within the timeout
     */
    static boolean await(Process process, Duration timeout, Set<ProcessHandle> seen) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            process.descendants().forEach(seen::add);
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return !process.isAlive();
            }
            if (process.waitFor(Math.min(left, TimeUnit.MILLISECONDS.toNanos(WATCH_MILLIS)), TimeUnit.NANOSECONDS)) {
                return true;
            }
        }
    }

    /**
     * Kills the processes of {@code seen} that still run, as {@link #kill} does, and describes each
     * ({@link ProbeExit#describe}); none when every one has ended.
     */
    static List<String> endOutlived(Set<ProcessHandle> seen) {
        List<ProcessHandle> alive = seen.stream().filter(ProcessHandle::isAlive).toList();
        List<String> named = alive.stream().map(ProbeExit::describe).toList();
        for (ProcessHandle p : alive) {
            kill(p);
        }
        return named;
    }

    /**
     * Kills the process and every descendant (SIGKILL on Unix) and waits up to 10 s for them to end.
     * The descendants are listed before anything is killed: once a parent dies its children are re-parented
     * and no longer its descendants. Returns the number of descendants found.
     */
    static int kill(ProcessHandle root) {
        List<ProcessHandle> all = new ArrayList<>(root.descendants().toList());
        int descendants = all.size();
        all.add(0, root);
        for (ProcessHandle p : all) {
            p.destroyForcibly();
        }
        for (ProcessHandle p : all) {
            try {
                p.onExit().get(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            } catch (Exception e) {
                // gone already, or refuses to die: nothing more a parent can do
            }
        }
        return descendants;
    }
}
