package io.memstore.measure.spec;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The plugin's {@code only} parameter: comma-separated glob patterns over row names, matched whole, where
 * {@code *} is any run of characters ({@code /} and {@code ,} included) and {@code ?} one character. Because
 * row names contain commas themselves, a comma followed by {@code field=} continues the same pattern:
 * {@code index/keys=1M,versions=5,keySize=64B} is one exact row name, {@code index/*,overall/*} two patterns.
 */
public final class RowFilter {
    /** A comma that starts a new pattern: one not followed by {@code name=} (which is a row-name segment). */
    private static final Pattern SEPARATOR = Pattern.compile(",(?![A-Za-z][A-Za-z0-9]*=)");

    private final String text;
    private final List<String> patterns;
    private final List<Pattern> regexes;

    private RowFilter(String text, List<String> patterns) {
        this.text = text;
        this.patterns = List.copyOf(patterns);
        List<Pattern> r = new ArrayList<>();
        for (String p : patterns) {
            r.add(glob(p));
        }
        this.regexes = List.copyOf(r);
    }

    /** A filter that keeps every row. */
    public static RowFilter all() {
        return new RowFilter("", List.of());
    }

    /**
     * Parses {@code only}. Null or blank keeps every row (an unset Maven property); blanks around patterns are
     * ignored.
     *
     * @throws IllegalArgumentException for an empty pattern between commas
     */
    public static RowFilter parse(String only) {
        if (only == null || only.isBlank()) {
            return all();
        }
        List<String> patterns = new ArrayList<>();
        for (String p : SEPARATOR.split(only, -1)) {
            String t = p.strip();
            if (t.isEmpty()) {
                throw new IllegalArgumentException("only: empty pattern in '" + only
                        + "'; expected comma-separated row-name patterns like index/* or *keys=100K*");
            }
            patterns.add(t);
        }
        return new RowFilter(only.strip(), patterns);
    }

    /** The patterns, in the order given; empty for {@link #all()}. */
    public List<String> patterns() {
        return patterns;
    }

    /** True when some pattern matches the whole row name (always for {@link #all()}). */
    public boolean matches(Row row) {
        if (regexes.isEmpty()) {
            return true;
        }
        for (Pattern r : regexes) {
            if (r.matcher(row.name()).matches()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The rows the filter keeps, in their order.
     *
     * @throws IllegalArgumentException when a pattern matches none of the rows, listing the row names
     */
    public List<Row> select(List<Row> rows) {
        for (int i = 0; i < patterns.size(); i++) {
            Pattern r = regexes.get(i);
            if (rows.stream().noneMatch(row -> r.matcher(row.name()).matches())) {
                StringBuilder names = new StringBuilder();
                int shown = 0;
                for (Row row : rows) {
                    if (shown++ == 50) {
                        names.append(", ... (").append(rows.size() - 50).append(" more)");
                        break;
                    }
                    names.append(shown == 1 ? "" : ", ").append(row.name());
                }
                throw new IllegalArgumentException("only: pattern '" + patterns.get(i) + "' matches no row; "
                        + (rows.isEmpty() ? "there are no rows" : "expected one of the rows: " + names));
            }
        }
        return rows.stream().filter(this::matches).toList();
    }

    private static Pattern glob(String pattern) {
        StringBuilder re = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (char c : pattern.toCharArray()) {
            if (c == '*' || c == '?') {
                if (literal.length() > 0) {
                    re.append(Pattern.quote(literal.toString()));
                    literal.setLength(0);
                }
                re.append(c == '*' ? ".*" : ".");
            } else {
                literal.append(c);
            }
        }
        if (literal.length() > 0) {
            re.append(Pattern.quote(literal.toString()));
        }
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }

    @Override
    public String toString() {
        return text.isEmpty() ? "all rows" : text;
    }
}
