package io.memstore.measure.probe;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * How a probe JVM (a row's {@link ProbeMain}, a class trial's {@link TrialMain}) ends: when its work ends, whatever
 * the code it ran left behind, and saying what that was.
 *
 * <ul>
 *   <li>{@link #end}: the probe's own exit, once its result is written or its failure told. Non-daemon threads
 *       still running (a project's class that started one and never stopped it would hold the JVM open until the
 *       parent's timeout, and the result would be thrown away) get {@value #THREAD_GRACE_MILLIS} ms to end, then
 *       the JVM halts without them; processes this JVM started and that still run (its descendants) are ended
 *       with it. Each is named in a warning line ({@link #WARNING_PREFIX}) that the parent shows with the row.
 *       The JVM halts: shutdown hooks of the code it ran (which could hang, as its threads can) do not run.</li>
 *   <li>{@link #watch}: an exit the probe did not make, a call to {@code System.exit} or {@code Runtime.exit} in
 *       the code it ran, runs the shutdown hook installed here, which prints the calling frame
 *       ({@link #EXIT_CALL_PREFIX}) for the parent to report the exit as that call, and ends the descendants.</li>
 * </ul>
 * Both lines go to stdout, each flushed at once. A JVM that ends without running hooks (out of memory under
 * {@code -XX:+ExitOnOutOfMemoryError}, {@code Runtime.halt}, SIGKILL) cannot say so; the parent ends the
 * descendants it saw ({@code ProcessTree}).
 */
public final class ProbeExit {
    /** Starts a stdout line the parent shows as a warning of the row (or of the class trial). */
    public static final String WARNING_PREFIX = "@memstore-warning ";
    /**
     * Starts the stdout line that names the frame which called {@code System.exit} or {@code Runtime.exit}, like
     * {@code com.example.Store.<init>(Store.java:12)}; {@value #BY_SIGNAL} when no thread made such a call (the JVM
     * is ending on a signal).
     */
    public static final String EXIT_CALL_PREFIX = "@memstore-exit-call ";
    /** What {@link #EXIT_CALL_PREFIX} names when the JVM ends on a signal. */
    public static final String BY_SIGNAL = "signal";
    /** How long threads left running may take to end on their own once the probe's work is done (ms). */
    static final long THREAD_GRACE_MILLIS = 5_000;
    /** How long a descendant may take to end after SIGTERM before it is killed (ms). */
    static final long PROCESS_GRACE_MILLIS = 2_000;
    /** The longest command line a warning quotes. */
    private static final int MAX_COMMAND = 80;

    private static volatile boolean ending;

    private ProbeExit() {
    }

    /** Installs the shutdown hook that reports an exit the probe did not make; call it first in main. */
    public static void watch() {
        PrintStream out = System.out;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (ending) {
                return;
            }
            String caller = exitCaller();
            out.println(EXIT_CALL_PREFIX + (caller == null ? BY_SIGNAL : caller));
            out.flush();
            endDescendants(out, caller == null ? " when the JVM ended on a signal"
                    : " when it called System.exit at " + caller);
        }, "memstore-probe-exit-watch"));
    }

    /**
     * Ends the JVM with {@code code}: waits up to {@value #THREAD_GRACE_MILLIS} ms for non-daemon threads other than
     * the caller's, ends the descendants, warns naming each thread and process left, flushes stdout and stderr and
     * halts. Never returns.
     */
    public static void end(int code) {
        ending = true;
        PrintStream out = System.out;
        List<Thread> left = threadsLeft(THREAD_GRACE_MILLIS);
        if (!left.isEmpty()) {
            warn(out, "the measured code left " + left.size() + " non-daemon thread(s) running: "
                    + left.stream().map(t -> "'" + t.getName() + "'").collect(Collectors.joining(", "))
                    + "; the JVM ended without waiting for them (stop them in close())");
        }
        endDescendants(out, "");
        out.flush();
        System.err.flush();
        Runtime.getRuntime().halt(code);
    }

    /** The non-daemon threads besides the caller's still alive after up to {@code graceMillis} ms. */
    static List<Thread> threadsLeft(long graceMillis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMillis);
        List<Thread> left = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t == Thread.currentThread() || t.isDaemon() || !t.isAlive()) {
                continue;
            }
            long wait = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            try {
                if (wait > 0) {
                    t.join(wait);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (t.isAlive()) {
                left.add(t);
            }
        }
        return left;
    }

    /**
     * Ends the processes this JVM started that still run (SIGTERM, then SIGKILL after
     * {@value #PROCESS_GRACE_MILLIS} ms), warning on {@code out} with their pids and command lines.
     *
     * @param when empty, or what ended the JVM, like {@code " when the JVM ended on a signal"}
     */
    static void endDescendants(PrintStream out, String when) {
        List<ProcessHandle> running = ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList();
        if (running.isEmpty()) {
            return;
        }
        warn(out, "the measured code left " + running.size() + " process(es) running" + when + ": "
                + running.stream().map(ProbeExit::describe).collect(Collectors.joining(", "))
                + "; ended with the JVM (end them in close())");
        running.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PROCESS_GRACE_MILLIS);
        for (ProcessHandle p : running) {
            try {
                p.onExit().get(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())),
                        TimeUnit.MILLISECONDS);
            } catch (Exception stillRunning) {
                p.destroyForcibly();
            }
        }
    }

    /**
     * {@code pid 1234 (sleep 901)}: a process by its pid, its program's file name and its arguments, cut to
     * {@value #MAX_COMMAND} characters.
     */
    public static String describe(ProcessHandle p) {
        ProcessHandle.Info info = p.info();
        String program = info.command().map(c -> {
            int slash = c.lastIndexOf('/');
            return c.substring(slash + 1);
        }).orElse("?");
        String command = info.arguments().map(a -> program + " " + String.join(" ", a)).orElse(program);
        if (command.length() > MAX_COMMAND) {
            command = command.substring(0, MAX_COMMAND - 3) + "...";
        }
        return "pid " + p.pid() + " (" + command + ")";
    }

    /** The frame that called {@code Runtime.exit} (through {@code System.exit} or not), or null when none did. */
    static String exitCaller() {
        for (StackTraceElement[] stack : Thread.getAllStackTraces().values()) {
            for (int i = 0; i < stack.length; i++) {
                if (stack[i].getClassName().equals("java.lang.Runtime") && stack[i].getMethodName().equals("exit")) {
                    int caller = i + 1;
                    if (caller < stack.length && stack[caller].getClassName().equals("java.lang.System")
                            && stack[caller].getMethodName().equals("exit")) {
                        caller++;
                    }
                    return caller < stack.length ? frame(stack[caller]) : "an unknown frame";
                }
            }
        }
        return null;
    }

    /** {@code com.example.Store.<init>(Store.java:12)}: a frame without its class loader's or module's name. */
    static String frame(StackTraceElement e) {
        String where = e.getFileName() == null ? "Unknown Source"
                : e.getLineNumber() >= 0 ? e.getFileName() + ":" + e.getLineNumber() : e.getFileName();
        return e.getClassName() + "." + e.getMethodName() + "(" + where + ")";
    }

    private static void warn(PrintStream out, String text) {
        out.println(WARNING_PREFIX + text.replace('\n', ' ').replace('\r', ' '));
        out.flush();
    }
}
