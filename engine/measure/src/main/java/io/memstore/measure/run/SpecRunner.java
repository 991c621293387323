package io.memstore.measure.run;

import io.memstore.measure.spec.Row;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Measures the rows of a spec one after the other (never in parallel: two probes on one machine disturb
 * each other's timings and page cache), in the given order. What the Maven mojo calls. A run's probe may start
 * while the run before it settles, and take its baseline then: the two take turns so that neither's timed phases
 * share the machine with the other's start ({@link io.memstore.measure.probe.ProbeTurns}).
 */
public final class SpecRunner {
    private final RowRunner rows;

    public SpecRunner(RowRunner rows) {
        this.rows = rows;
    }

    public SpecRunner(RunnerOptions options) {
        this(new RowRunner(options));
    }

    /**
     * Measures every row; stops at the first row that fails.
     *
     * @throws ProbeException naming the failed row
     */
    /**
     * True once the JVM has begun to shut down (a stopped build) and the runner's hook has ended its probes: a row
     * that failed from then on was stopped, and its failure says nothing of the row.
     */
    public static boolean stopping() {
        return ProcessTree.stopping();
    }

    public List<RowMeasurement> run(List<Row> spec) {
        return run(spec, m -> { });
    }

    /** As {@link #run(List)}, telling {@code done} of each row's measurement as soon as it is made. */
    public List<RowMeasurement> run(List<Row> spec, Consumer<RowMeasurement> done) {
        List<RowMeasurement> out = new ArrayList<>(spec.size());
        try {
            for (int i = 0; i < spec.size(); i++) {
                RowMeasurement m = rows.run(spec.get(i), i + 1, spec.size(), i + 1 < spec.size() ? spec.get(i + 1)
                        : null);
                out.add(m);
                done.accept(m);
            }
        } finally {
            rows.discardUpcoming(); // the next row's probe, started early, when a row failed
        }
        return out;
    }
}
