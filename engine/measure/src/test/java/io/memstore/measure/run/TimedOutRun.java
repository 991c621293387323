package io.memstore.measure.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.memstore.measure.spec.Row;

import java.time.Duration;
import java.util.List;

/**
 * A row whose child hangs, run until its timeout kills it. What the tests check, the kill and the clean-up of a
 * child in its hanging state, needs the child to have reached that state (its progress line) before the kill; on
 * a loaded machine a child's start can take longer than a short timeout, and such a kill proves nothing. So the
 * row runs with {@link #FIRST_TIMEOUT} first and, while the kill came before the child's progress line, again
 * with twice the timeout, up to {@link #LAST_TIMEOUT}; the progress list holds the last attempt's lines only.
 *
 * @param error   the timeout the last attempt ended with
 * @param timeout the timeout of that attempt
 */
record TimedOutRun(ProbeTimeoutException error, Duration timeout) {
    static final Duration FIRST_TIMEOUT = Duration.ofSeconds(4);
    static final Duration LAST_TIMEOUT = Duration.ofSeconds(32);

    /**
     * @param progress  the list the options' progress lines go to (cleared before each attempt)
     * @param readyLine a text of the child's progress line that says it reached its hanging state
     */
    static TimedOutRun of(RunnerOptions options, Row row, List<String> progress, String readyLine) {
        for (Duration timeout = FIRST_TIMEOUT; ; timeout = timeout.multipliedBy(2)) {
            progress.clear();
            RowRunner runner = new RowRunner(options.withTimeout(timeout));
            ProbeTimeoutException e = catchThrowableOfType(() -> runner.run(row), ProbeTimeoutException.class);
            assertThat(e).as("the row ended by its timeout of %d s", timeout.toSeconds()).isNotNull();
            boolean ready = progress.stream().anyMatch(l -> l.contains(readyLine));
            if (ready || timeout.compareTo(LAST_TIMEOUT) >= 0) {
                assertThat(ready).as("the child reached its hang ('%s') within %d s", readyLine, timeout.toSeconds())
                        .isTrue();
                return new TimedOutRun(e, timeout);
            }
        }
    }
}
