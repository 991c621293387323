package io.memstore.measure.check;

import io.memstore.measure.probe.ProbeArgs;
import io.memstore.measure.probe.SettledState;
import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.spec.Units;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a run at a scale below 1 (a quick look at a fraction of the keys) does otherwise than a full-size run, unless
 * the user set it: it skips the probes' settle waits, so RSS is read unsettled (and no budget on it is judged, see
 * {@link Check#judge}), and it times as many times fewer gets as it has fewer keys (at least {@link #MIN_GETS}).
 * Everything else a row does scales with its keys by itself: the load, the collections, the reopen of its file. At
 * scale 1 and above, and for what the user set, the run does as it is told.
 *
 * @param scale   the run's {@code memstore.scale}
 * @param settle  the probes' settle wait before each RSS reading; zero skips the settle
 * @param gets    the gets each probe times
 * @param skipped what the run leaves out because of its scale, one phrase each, for the console; empty at full size
 */
public record QuickLook(double scale, Duration settle, int gets, List<String> skipped) {
    /** The fewest gets a quick look times by itself: fewer would make gets/s a figure of the warm-up alone. */
    public static final int MIN_GETS = 1_000;

    public QuickLook {
        skipped = List.copyOf(skipped);
    }

    /**
     * The run's settle and gets.
     *
     * @param scale        the run's scale
     * @param settleMillis the settle wait the user set, or null for none set
     * @param gets         the gets the user set, or null for none set
     */
    public static QuickLook of(double scale, Long settleMillis, Integer gets) {
        boolean quick = scale < 1.0;
        List<String> skipped = new ArrayList<>();
        Duration settle;
        if (settleMillis != null) {
            settle = Duration.ofMillis(settleMillis);
        } else if (quick) {
            settle = Duration.ZERO;
            skipped.add("no settle waits (RSS unsettled, not judged)");
        } else {
            settle = Duration.ofMillis(SettledState.DEFAULT_SETTLE_MILLIS);
        }
        int timed;
        if (gets != null) {
            timed = gets;
        } else if (quick) {
            timed = (int) Math.max(MIN_GETS, Math.min(ProbeArgs.DEFAULT_GETS, Math.ceil(ProbeArgs.DEFAULT_GETS * scale)));
            if (timed < ProbeArgs.DEFAULT_GETS) {
                skipped.add(Units.count(timed) + " of " + Units.count(ProbeArgs.DEFAULT_GETS) + " gets per row");
            }
        } else {
            timed = ProbeArgs.DEFAULT_GETS;
        }
        return new QuickLook(scale, settle, timed, skipped);
    }

    /** {@code runner} with this run's settle and gets. */
    public RunnerOptions apply(RunnerOptions runner) {
        return runner.withSettle(settle).withGets(gets);
    }

    /**
     * The console's line on what this run leaves out, like {@code quick look at scale 0.01: no settle waits (RSS
     * unsettled, not judged), 2K of 200K gets per row (memstore.settleMillis, memstore.gets)}; empty when it leaves
     * nothing out.
     */
    public Optional<String> line() {
        if (skipped.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("quick look at scale " + scale + ": " + String.join(", ", skipped)
                + " (memstore.settleMillis, memstore.gets)");
    }
}
