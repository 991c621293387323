package io.memstore.measure.probe;

import io.memstore.measure.json.JsonWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The probe's entry point in the forked JVM: measures one row once and writes the metrics as a JSON object
 * ({@link JsonWriter}) of numbers, one per metric, and the row's account as its member {@value RowAccount#FIELD}
 * ({@link RowAccount}), to the {@code --out} file, written to a temporary file beside it and moved into
 * place atomically, so the parent never reads half a result.
 *
 * <p>Arguments: see {@link ProbeArgs}. Progress goes to stdout as lines starting with {@link #PHASE_PREFIX}.
 * Exit codes: 0 measured; 2 bad arguments, a store on the class path that this probe cannot drive
 * ({@link StoreDescriptor}) or a row that cannot be built ({@link Probe#validate}); 1 any other
 * failure, the exception's first frame and causes on one line; 3 out of
 * memory (the JVM's own exit under {@code -XX:+ExitOnOutOfMemoryError}); 4 the parent process is gone
 * ({@link ParentWatch}); 5 the row's system cannot run here ({@link TargetUnavailableException}); 6 a project's own
 * class threw ({@link TargetClassException}). On failure one line on stderr says why. The JVM ends when the work
 * ends, whatever threads and processes the measured code left, and says which ({@link ProbeExit}).
 */
public final class ProbeMain {
    /** Marks progress lines on stdout; anything else the child prints is diagnostic output. */
    public static final String PHASE_PREFIX = "@memstore-probe ";
    public static final int EXIT_BAD_INPUT = 2;
    public static final int EXIT_FAILED = 1;
    /** The row's system cannot run here ({@link TargetUnavailableException}). */
    public static final int EXIT_UNAVAILABLE = 5;
    /** A project's own class (target or index) threw ({@link TargetClassException}). */
    public static final int EXIT_CLASS_FAILED = 6;
    private static final String SQLITE_TMPDIR = "org.sqlite.tmpdir";

    private ProbeMain() {
    }

    public static void main(String[] argv) {
        ParentWatch.startFromProperties(); // end with the parent, even when it is killed outright
        ProbeExit.watch(); // an exit the project's code makes is reported as that
        PrintStream out = System.out;
        ProbeArgs args;
        try {
            args = ProbeArgs.parse(argv);
        } catch (IllegalArgumentException e) {
            fail(EXIT_BAD_INPUT, "memstore probe: " + e.getMessage());
            return;
        }
        String row = "row '" + args.row().name() + "'";
        try {
            StoreDescriptor.requireDrivable(StoreDescriptor.read(ProbeMain.class.getClassLoader()),
                    "the store on the probe's class path");
            Probe.validate(args.row().params());
        } catch (IllegalArgumentException e) {
            fail(EXIT_BAD_INPUT, "memstore probe: " + row + ": " + e.getMessage());
            return;
        }
        try {
            // sqlite-jdbc extracts its native library to this directory: inside the run's directory it goes
            // with it, even when the child is killed before its delete-on-exit runs
            if (System.getProperty(SQLITE_TMPDIR) == null) {
                Files.createDirectories(args.dataDir());
                System.setProperty(SQLITE_TMPDIR, args.dataDir().toAbsolutePath().toString());
            }
            Probe probe = new Probe(args, phase -> {
                out.println(PHASE_PREFIX + phase);
                out.flush();
            }, ProbeTurns.fromProperties(out));
            Map<String, Object> result = new LinkedHashMap<>(probe.run());
            result.put(RowAccount.FIELD, probe.account().tree());
            writeAtomically(args.output(), JsonWriter.write(result));
            ProbeExit.end(0); // whatever threads and processes the measured code left
        } catch (TargetUnavailableException e) {
            fail(EXIT_UNAVAILABLE, "memstore probe: " + row + ": " + e.getMessage());
        } catch (TargetClassException e) {
            fail(EXIT_CLASS_FAILED, "memstore probe: " + row + ": " + e.getMessage());
        } catch (Throwable e) {
            fail(EXIT_FAILED, "memstore probe: " + row + ": " + oneLine(e));
        }
    }

    static void writeAtomically(Path target, String text) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, target.getFileName().toString(), ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("cannot move " + tmp + " to " + target + " atomically: " + e.getMessage(), e);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static String oneLine(Throwable e) {
        StringBuilder sb = new StringBuilder(e.toString());
        StackTraceElement[] trace = e.getStackTrace();
        if (trace.length > 0) {
            sb.append(" at ").append(trace[0]);
        }
        for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
            sb.append("; caused by ").append(c);
        }
        return sb.toString().replace('\n', ' ').replace('\r', ' ');
    }

    private static void fail(int code, String line) {
        System.out.flush();
        System.err.println(line.replace('\n', ' '));
        System.err.flush();
        ProbeExit.end(code);
    }
}
