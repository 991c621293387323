package io.memstore.measure.spec;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One part of a spec's rows when a run is spread over several machines: the {@code index}-th of {@code count}
 * ({@code memstore.shard=2/3}, 1-based, as Playwright's {@code --shard=2/3}). Which rows it holds is the check's
 * partition of the selected rows, the same on every machine.
 *
 * @param index 1..count
 * @param count at least 1
 */
public record Shard(int index, int count) {
    private static final Pattern FORM = Pattern.compile("\\s*(\\d{1,9})\\s*/\\s*(\\d{1,9})\\s*");

    public Shard {
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException(problem(index + "/" + count));
        }
    }

    /**
     * Parses {@code K/N}, e.g. {@code 2/3}.
     *
     * @throws IllegalArgumentException naming the parameter ({@code memstore.shard}), the value and the form expected
     */
    public static Shard parse(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text);
        if (!m.matches()) {
            throw new IllegalArgumentException(problem(text));
        }
        int k = Integer.parseInt(m.group(1));
        int n = Integer.parseInt(m.group(2));
        if (n < 1 || k < 1 || k > n) {
            throw new IllegalArgumentException(problem(text));
        }
        return new Shard(k, n);
    }

    private static String problem(String text) {
        return "shard (memstore.shard) must be K/N, the K-th of N parts with 1 <= K <= N, such as 1/3; was '"
                + text + "'";
    }

    /** {@code 2/3}. */
    @Override
    public String toString() {
        return index + "/" + count;
    }
}
