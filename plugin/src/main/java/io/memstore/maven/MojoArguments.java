package io.memstore.maven;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Parsing of the string-valued parameters, with messages that name the parameter. */
final class MojoArguments {
    private MojoArguments() {
    }

    static List<String> splitJvmArgs(String text) {
        if (text == null || text.isBlank()) {
            return List.of();
        }
        return Arrays.stream(text.trim().split("\\s+")).toList();
    }

    /** {@code 90s}, {@code 30m}, {@code 2h} or a plain number of seconds. */
    static Duration parseTimeout(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        try {
            Duration d;
            if (t.endsWith("h")) {
                d = Duration.ofHours(Long.parseLong(t.substring(0, t.length() - 1)));
            } else if (t.endsWith("m")) {
                d = Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1)));
            } else if (t.endsWith("s")) {
                d = Duration.ofSeconds(Long.parseLong(t.substring(0, t.length() - 1)));
            } else {
                d = Duration.ofSeconds(Long.parseLong(t));
            }
            if (d.isNegative() || d.isZero()) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("timeout (memstore.timeout) must be a positive duration such as 90s,"
                    + " 30m or 2h, or a number of seconds; was '" + text + "'");
        }
    }

    /** {@code memstore.settleMillis} as a duration; a negative value is refused, naming the parameter. */
    static Duration settle(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("settleMillis (memstore.settleMillis) must be 0 or more"
                    + " milliseconds; was " + millis);
        }
        return Duration.ofMillis(millis);
    }

    /** {@code memstore.gets}; a negative count is refused, naming the parameter. */
    static int gets(int gets) {
        if (gets < 0) {
            throw new IllegalArgumentException("gets (memstore.gets) must be 0 or more; was " + gets);
        }
        return gets;
    }
}
