package io.memstore.measure.probe;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * How a probe takes turns with the one the parent starts for the next run, so that a run's baseline (the JVM's start
 * and a wait for HotSpot's chunk pool cleaner, {@link SettledState}: about 5 s in which the process mostly sleeps)
 * overlaps the previous run's settling instead of following it, and neither's timed phases share the machine with
 * the other's start.
 *
 * <p>With {@value #PROPERTY}{@code =true} (set by the parent, not part of the recorded flags) the probe tells the
 * parent, on stdout, each line starting with {@value #PREFIX}:
 * <ol>
 *   <li>{@value #QUIET}: the baseline's compilers went quiet, so the JVM's start, the busy part of a baseline, is
 *       over;</li>
 *   <li>{@value #READY}: the baseline is taken; it then waits for {@value #GO} on stdin before it builds anything,
 *       which the parent sends once the previous run has ended;</li>
 *   <li>{@value #SETTLING}: the load is done and the probe settles before its readings, a wait in which the parent
 *       may start the next run's probe;</li>
 *   <li>{@value #READS}: the memory readings after the load are taken and the timed reads come next; it waits for
 *       {@value #READS} on stdin, which the parent sends once the next run's probe, if it started one, said
 *       {@value #QUIET} (or ended).</li>
 * </ol>
 * Without the property every step goes on at once, as a probe started by hand does. End of input while waiting
 * means the parent is gone or gave up the run: an {@link IllegalStateException}.
 */
public final class ProbeTurns {
    /** The system property of the probe's JVM that turns the exchange on. */
    public static final String PROPERTY = "memstore.probe.turns";
    /** Marks the probe's lines of the exchange on stdout. */
    public static final String PREFIX = "@memstore-turn ";
    public static final String QUIET = "quiet";
    public static final String READY = "ready";
    public static final String SETTLING = "settling";
    public static final String READS = "reads";
    public static final String GO = "go";

    private static final ProbeTurns NONE = new ProbeTurns(null, null);

    private final PrintStream out;
    private final BufferedReader in;

    ProbeTurns(PrintStream out, BufferedReader in) {
        this.out = out;
        this.in = in;
    }

    /** The exchange over {@code out} and this JVM's stdin when {@value #PROPERTY} is true; else steps that return. */
    static ProbeTurns fromProperties(PrintStream out) {
        if (!Boolean.getBoolean(PROPERTY)) {
            return NONE;
        }
        return new ProbeTurns(out, new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)));
    }

    /** Steps that return at once: for probes run without a parent that takes turns. */
    public static ProbeTurns none() {
        return NONE;
    }

    /** The baseline's compilers went quiet. */
    void quiet() {
        tell(QUIET);
    }

    /** The baseline is taken: waits for the parent's {@value #GO}. */
    void ready() {
        tell(READY);
        await(GO);
    }

    /** The load is done; the settle comes next. */
    void settling() {
        tell(SETTLING);
    }

    /** The timed reads come next: waits for the parent's {@value #READS}. */
    void beforeTimedReads() {
        tell(READS);
        await(READS);
    }

    private void tell(String what) {
        if (out != null) {
            out.println(PREFIX + what);
            out.flush();
        }
    }

    private void await(String word) {
        if (in == null) {
            return;
        }
        try {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.strip().equals(word)) {
                    return;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the probe's input failed while it waited for '" + word + "'", e);
        }
        throw new IllegalStateException("the probe's input ended while it waited for '" + word + "' from its parent");
    }
}
