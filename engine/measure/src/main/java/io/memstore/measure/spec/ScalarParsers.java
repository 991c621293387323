package io.memstore.measure.spec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * How the scalars of {@link RowField}s parse: counts, sizes, whole numbers, shares and choices, each checked
 * against its limits. A value that does not parse or is out of range is a {@link BadValue} that names the text and
 * carries what the field expected, so every field words its errors the same way.
 */
final class ScalarParsers {
    private static final Pattern INTEGER = Pattern.compile("[-+]?\\d+");
    private static final Pattern DECIMAL = Pattern.compile("\\+?(\\d+(\\.\\d*)?|\\.\\d+)|-(\\d+(\\.\\d*)?|\\.\\d+)");

    private ScalarParsers() {
    }

    static double share(String text, String expected) throws BadValue {
        String t = text.strip();
        boolean percent = t.endsWith("%");
        String number = percent ? t.substring(0, t.length() - 1).strip() : t;
        if (!DECIMAL.matcher(number).matches()) {
            throw new BadValue("'" + text + "' is not a share", expected);
        }
        BigDecimal share = new BigDecimal(number);
        if (percent) {
            share = share.movePointLeft(2);
        }
        if (share.signum() < 0 || share.compareTo(BigDecimal.ONE) > 0) {
            throw new BadValue("'" + text + "' is " + (share.signum() < 0 ? "negative" : "more than all keys"),
                    expected);
        }
        return share.doubleValue();
    }

    static long count(String text, String expected) throws BadValue {
        try {
            return Sizes.parseCount(text);
        } catch (IllegalArgumentException e) {
            throw new BadValue(e.getMessage().replaceFirst(";.*", ""), expected);
        }
    }

    /**
     * A count from {@code min} to {@code max}: below the range it is "negative" (a minimum of 0) or "less than" the
     * minimum, above it "more than the limit of" the maximum as counts print ({@code 1M}, {@code 10K}).
     */
    static long count(String text, long min, long max, String expected) throws BadValue {
        long n = count(text, expected);
        if (n < min) {
            throw new BadValue("'" + text + "' is " + (min == 0 ? "negative" : "less than " + Units.count(min)),
                    expected);
        }
        if (n > max) {
            throw new BadValue("'" + text + "' is more than the limit of " + Units.count(max), expected);
        }
        return n;
    }

    static int size(String text, int min, int max, String expected) throws BadValue {
        return (int) sizeBytes(text, min, max, expected);
    }

    static long sizeBytes(String text, long min, long max, String expected) throws BadValue {
        long bytes;
        try {
            bytes = Sizes.parseBytes(text);
        } catch (IllegalArgumentException e) {
            String message = e.getMessage();
            // keep the unit list of an unknown unit: it is the helpful part
            throw message.startsWith("unknown unit") ? new BadValue(message, null)
                    : new BadValue(message.replaceFirst(";.*", ""), expected);
        }
        if (bytes < min) {
            throw new BadValue("'" + text + "' is less than the minimum " + Units.compactBytes(min), expected);
        }
        if (bytes > max) {
            throw new BadValue("'" + text + "' is more than the limit of " + Units.compactBytes(max), expected);
        }
        return bytes;
    }

    static long integer(String text, long min, long max, String expected) throws BadValue {
        String t = text.strip();
        if (!INTEGER.matcher(t).matches()) {
            throw new BadValue("'" + text + "' is not a whole number", expected);
        }
        BigInteger n = new BigInteger(t);
        if (n.compareTo(BigInteger.valueOf(min)) < 0) {
            throw new BadValue("'" + text + "' is less than " + min, expected);
        }
        if (n.compareTo(BigInteger.valueOf(max)) > 0) {
            throw new BadValue("'" + text + "' is more than the limit of " + max, expected);
        }
        return n.longValueExact();
    }

    static <E> E choice(String text, E[] values, Function<E, String> name, String field, String expected)
            throws BadValue {
        String t = text.strip();
        for (E e : values) {
            if (name.apply(e).equals(t)) {
                return e;
            }
        }
        List<String> names = Arrays.stream(values).map(name).toList();
        throw new BadValue("unknown " + field + " '" + t + "'" + Suggestions.didYouMean(t, names), expected);
    }
}
