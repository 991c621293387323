package io.memstore.measure.run;

import io.memstore.measure.probe.Metrics;
import io.memstore.measure.probe.ProbeArgs;
import io.memstore.measure.spec.Units;
import java.util.ArrayList;
import java.util.List;

/**
 * The notes a row's result carries when its probes measured it otherwise than a full-size run does: the settle
 * skipped, fewer gets timed. The one place of their wording; every output that prints a row's notes prints these.
 */
public final class RowNotes {
    /** The note of a row whose probes skipped the settle before their RSS readings. */
    public static final String SETTLE_SKIPPED = "settle skipped (memstore.settleMillis=0): RSS read without waiting"
            + " for the JIT to go quiet and for HotSpot to empty its compilers' pools";

    private RowNotes() {
    }

    /** The notes of a row measured as {@code options} say, from its measurement's diagnostics. */
    static List<String> of(RunnerOptions options, RowMeasurement measured) {
        List<String> notes = new ArrayList<>();
        if (options.settle().isZero()) {
            notes.add(SETTLE_SKIPPED);
        }
        Double count = measured.median(Metrics.GET_COUNT);
        if (options.gets() < ProbeArgs.DEFAULT_GETS) {
            long timed = count == null ? options.gets() : Math.round(count);
            notes.add(timed == 0 ? "no gets timed (memstore.gets=0)"
                    : "gets/s over " + Units.count(timed) + " gets (memstore.gets), not "
                    + Units.count(ProbeArgs.DEFAULT_GETS));
        }
        return notes;
    }
}
