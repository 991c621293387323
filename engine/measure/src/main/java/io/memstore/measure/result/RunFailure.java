package io.memstore.measure.result;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * Why a run stopped before its last row: the row that failed, the reason in one line, and how many rows the run
 * had selected. A run with a failure is incomplete and never passes, whatever its budgets say; the rows measured
 * before the failure keep their figures in the result.
 *
 * <p>A failure without a row is a run that has not written its results at all: the record a run writes over the
 * previous outputs as it starts ({@link #inProgress}), which stays when the run is stopped before its end (Ctrl-C,
 * SIGKILL, a failure before the first row), so that no earlier run's PASSED is left to stand for it.
 *
 * @param row      the name of the row that failed, or null when no row failed: the run never wrote its results
 * @param reason   why, in one line (the probe's exit, a timeout, a system that cannot run here)
 * @param selected the rows the run had selected, the failed one and those after it included (0 when not known)
 * @param detail   the failure in full, for the console: the probe's last output included; the outputs keep
 *                 {@code reason} only, so a result read back has its reason here
 */
public record RunFailure(String row, String reason, int selected, String detail) {
    public RunFailure {
        Objects.requireNonNull(reason, "reason");
        if (row != null && selected < 1) {
            throw new IllegalArgumentException("an incomplete run selected at least its failed row, got " + selected);
        }
        if (selected < 0) {
            throw new IllegalArgumentException("selected must not be negative, got " + selected);
        }
        if (detail == null) {
            detail = row == null ? reason : "row '" + row + "': " + reason;
        }
    }

    /**
     * The failure of a run that has started and not yet written its results: what its outputs say until it does, and
     * after it was stopped before it could.
     *
     * @param started when the run started
     * @param pid     the process that runs it
     */
    public static RunFailure inProgress(Instant started, long pid) {
        return new RunFailure(null, "the run started " + started.truncatedTo(ChronoUnit.SECONDS) + " (pid " + pid
                + ") has not written its results: it is still running, or it was stopped or failed before its end",
                0, null);
    }

    /** A failure as the outputs record it, without more detail than its reason. */
    public RunFailure(String row, String reason, int selected) {
        this(row, reason, selected, null);
    }

    /**
     * The failure of a row from the failing probe's message, cut to its first line: the message starts with
     * {@code row '<name>': } (left out here, the row is named apart) and may go on with the probe's output.
     */
    public static RunFailure of(String row, String message, int selected) {
        String reason = message == null ? "failed" : message;
        String prefix = "row '" + row + "': ";
        if (reason.startsWith(prefix)) {
            reason = reason.substring(prefix.length());
        }
        int end = reason.indexOf('\n');
        if (end >= 0) {
            reason = reason.substring(0, end);
        }
        int tail = reason.indexOf(". Last output of the probe:");
        if (tail >= 0) {
            reason = reason.substring(0, tail);
        }
        return new RunFailure(row, reason.strip(), selected, message);
    }

    /**
     * {@code row 'etcd' failed: the row's system cannot run here, exit code 5}; the reason alone for a run that never
     * wrote its results.
     */
    public String describe() {
        return row == null ? reason : "row '" + row + "' failed: " + reason;
    }
}
