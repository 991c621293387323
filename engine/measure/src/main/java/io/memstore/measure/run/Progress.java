package io.memstore.measure.run;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * Where a run says what it is doing, at two levels: {@link #accept} for the lines everyone sees (a row that
 * finished, a long row's progress), {@link #detail} for the rest (each phase of each probe, pids, estimates),
 * which a build log shows only when asked (Maven's debug output).
 */
@FunctionalInterface
public interface Progress extends Consumer<String> {
    /** Nothing is told. */
    Progress NONE = line -> { };

    /** A line for everyone. */
    @Override
    void accept(String line);

    /** A line for whoever wants the details; dropped unless the progress keeps them. */
    default void detail(String line) {
    }

    /**
     * A warning for everyone: something the run had to put right that the user should know of (a thread or process
     * the measured code left behind). Told as a line for everyone unless the progress has a place of its own for it.
     */
    default void warn(String line) {
        accept("warning: " + line);
    }

    /** Lines for everyone to {@code info}, details to {@code detail}. */
    static Progress of(Consumer<String> info, Consumer<String> detail) {
        Objects.requireNonNull(info, "info");
        Objects.requireNonNull(detail, "detail");
        return new Progress() {
            @Override
            public void accept(String line) {
                info.accept(line);
            }

            @Override
            public void detail(String line) {
                detail.accept(line);
            }
        };
    }

    /** Lines for everyone to {@code info}, details to {@code detail}, warnings to {@code warn}. */
    static Progress of(Consumer<String> info, Consumer<String> detail, Consumer<String> warn) {
        Objects.requireNonNull(warn, "warn");
        Progress lines = of(info, detail);
        return new Progress() {
            @Override
            public void accept(String line) {
                lines.accept(line);
            }

            @Override
            public void detail(String line) {
                lines.detail(line);
            }

            @Override
            public void warn(String line) {
                warn.accept(line);
            }
        };
    }

    /** {@code lines} as a progress: itself when it is one, else one that drops the details. */
    static Progress of(Consumer<String> lines) {
        return lines instanceof Progress p ? p : Objects.requireNonNull(lines, "lines")::accept;
    }
}
