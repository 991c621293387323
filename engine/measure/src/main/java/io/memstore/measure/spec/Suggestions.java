package io.memstore.measure.spec;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/** "Did you mean" for misspelt names: the closest allowed name by edit distance, if it is close enough. */
final class Suggestions {
    private Suggestions() {
    }

    /**
     * The allowed name nearest to {@code given}, compared case-insensitively, when at most a third of its
     * letters (and at least 2) would have to change, and not all of them; otherwise empty.
     */
    static Optional<String> closest(String given, Collection<String> allowed) {
        String g = given.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : allowed) {
            int d = distance(g, candidate.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        int tolerated = Math.max(2, given.length() / 3);
        boolean close = best != null && bestDistance <= tolerated && bestDistance < given.length()
                && bestDistance < best.length();
        return close ? Optional.of(best) : Optional.empty();
    }

    /** {@code " (did you mean 'x'?)"} or an empty string. */
    static String didYouMean(String given, Collection<String> allowed) {
        return closest(given, allowed).map(s -> " (did you mean '" + s + "'?)").orElse("");
    }

    /** Levenshtein distance: insertions, deletions and substitutions, two rows of the classic table. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }
}
