package io.memstore.measure.probe;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Makes a probe child end when its parent does. The parent (Maven) kills its probes from a shutdown hook when it
 * is stopped with Ctrl-C or SIGTERM, but a SIGKILL (an out-of-memory killer, {@code kill -9}, a CI timeout) runs no
 * hook, and a probe of a large row would go on for minutes holding gigabytes and its SQLite files. So the child
 * watches the parent's pid, given by {@link #PARENT_PID}, and when the parent is gone it removes its run
 * directory ({@link #CLEANUP_DIR}, when given: the parent keeps files only when asked to), ends the processes it
 * started and halts with {@link #EXIT_ORPHANED}.
 */
public final class ParentWatch {
    /** System property: the pid of the process that started this probe. */
    public static final String PARENT_PID = "memstore.probe.parentPid";
    /** System property: the run directory to remove when the parent is gone (absent: keep it). */
    public static final String CLEANUP_DIR = "memstore.probe.cleanup";
    public static final int EXIT_ORPHANED = 4;
    static final long POLL_MILLIS = 250;

    private ParentWatch() {
    }

    /** Starts watching when {@link #PARENT_PID} is set; does nothing otherwise (a probe run by hand). */
    public static void startFromProperties() {
        String pid = System.getProperty(PARENT_PID);
        if (pid == null) {
            return;
        }
        String cleanup = System.getProperty(CLEANUP_DIR);
        start(Long.parseLong(pid), cleanup == null ? null : Path.of(cleanup));
    }

    static void start(long parentPid, Path cleanup) {
        Optional<ProcessHandle> parent = ProcessHandle.of(parentPid);
        Thread t = new Thread(() -> {
            while (true) {
                if (parent.isEmpty() || !parent.get().isAlive()) {
                    System.err.println("memstore probe: the parent process " + parentPid + " is gone (the build was"
                            + " killed); stopping" + (cleanup == null ? "" : " and removing " + cleanup));
                    System.err.flush();
                    String failed = cleanup == null ? null : FileTrees.deleteQuietly(cleanup);
                    if (failed != null) {
                        System.err.println("memstore probe: could not remove " + cleanup + ": " + failed);
                    }
                    ProbeExit.endDescendants(System.err, " when the parent process was gone");
                    Runtime.getRuntime().halt(EXIT_ORPHANED);
                }
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "memstore-parent-watch");
        t.setDaemon(true);
        t.start();
    }

}
