package io.memstore.measure.run;

import io.memstore.measure.probe.FileTrees;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

    private ProcessTree() {
    }

    /** Remembers a child until {@link #forget}; the first call installs the shutdown hook. */
    static void track(Process process, Path cleanupDir) {
        installHook();
        RUNNING.put(process, Optional.ofNullable(cleanupDir));
    }

    static void forget(Process process) {
        RUNNING.remove(process);
    }

    private static synchronized void installHook() {
        if (!hookInstalled) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
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
