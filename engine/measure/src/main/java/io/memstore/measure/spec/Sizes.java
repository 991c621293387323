package io.memstore.measure.spec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Byte sizes and counts as the spec writes them; {@link Units} prints them.
 * <p>
 * Units are explicit: {@code KB, MB, GB} are powers of 1000 and {@code KiB, MiB, GiB} powers of 1024; a number
 * without a unit is bytes. Counts take {@code K} (1,000) and {@code M} (1,000,000). A fraction is accepted only
 * where the result is a whole number ({@code 1.5KiB} is 1536 B, {@code 0.5B} is refused): the spec describes
 * exact rows, never rounded ones.
 */
public final class Sizes {
    public static final long KB = 1_000L;
    public static final long MB = 1_000_000L;
    public static final long GB = 1_000_000_000L;
    public static final long KIB = 1L << 10;
    public static final long MIB = 1L << 20;
    public static final long GIB = 1L << 30;

    /** Size units, in the order error messages list them. */
    private static final Map<String, Long> BYTE_UNITS = new LinkedHashMap<>();
    /** Count suffixes. */
    private static final Map<String, Long> COUNT_UNITS = new LinkedHashMap<>();

    static {
        BYTE_UNITS.put("B", 1L);
        BYTE_UNITS.put("KB", KB);
        BYTE_UNITS.put("MB", MB);
        BYTE_UNITS.put("GB", GB);
        BYTE_UNITS.put("KiB", KIB);
        BYTE_UNITS.put("MiB", MIB);
        BYTE_UNITS.put("GiB", GIB);
        COUNT_UNITS.put("K", 1_000L);
        COUNT_UNITS.put("M", 1_000_000L);
    }

    /** A number (optionally signed, optionally with a fraction), optional blanks, then letters for the unit. */
    private static final Pattern QUANTITY = Pattern.compile("([-+]?)(\\d+(?:\\.\\d+)?|\\.\\d+)\\s*([A-Za-z]*)");

    /** What a size looks like, for error messages. */
    public static final String SIZE_FORMS = "a whole number of bytes with an optional unit"
            + " B, KB, MB, GB (powers of 1000) or KiB, MiB, GiB (powers of 1024), like 64B or 16KiB";
    /** What a count looks like, for error messages. */
    public static final String COUNT_FORMS = "a whole number with an optional suffix K (1,000) or M (1,000,000),"
            + " like 1000, 100K or 1M";

    private Sizes() {
    }

    /**
     * Parses a size such as {@code 64B}, {@code 64}, {@code 16KiB}, {@code 1.5MB} or {@code 64 B}.
     *
     * @throws IllegalArgumentException naming the text and the accepted forms: not a size, unknown unit,
     *                                  negative, not a whole number of bytes, or above {@link Long#MAX_VALUE}
     */
    public static long parseBytes(String text) {
        return parse(text, BYTE_UNITS, "size", SIZE_FORMS);
    }

    /**
     * Parses a count such as {@code 100K}, {@code 1M}, {@code 1.5M} or {@code 250000}.
     *
     * @throws IllegalArgumentException naming the text and the accepted forms
     */
    public static long parseCount(String text) {
        return parse(text, COUNT_UNITS, "count", COUNT_FORMS);
    }

    private static long parse(String text, Map<String, Long> units, String what, String forms) {
        String t = text == null ? "" : text.strip();
        Matcher m = QUANTITY.matcher(t);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + t + "' is not a " + what + "; expected " + forms);
        }
        Long unit = m.group(3).isEmpty() ? Long.valueOf(1) : units.get(m.group(3));
        if (unit == null) {
            throw new IllegalArgumentException("unknown unit '" + m.group(3) + "' in '" + t + "'; expected one of "
                    + String.join(", ", units.keySet()) + (units == BYTE_UNITS ? " (KB = 1000 B, KiB = 1024 B)" : ""));
        }
        if (m.group(1).equals("-") && new BigDecimal(m.group(2)).signum() != 0) {
            throw new IllegalArgumentException("'" + t + "' is negative; expected " + forms);
        }
        BigDecimal value = new BigDecimal(m.group(2)).multiply(BigDecimal.valueOf(unit));
        BigInteger whole;
        try {
            whole = value.toBigIntegerExact();
        } catch (ArithmeticException notWhole) {
            throw new IllegalArgumentException("'" + t + "' is " + value.stripTrailingZeros().toPlainString()
                    + (units == BYTE_UNITS ? " bytes" : "") + ", not a whole number; expected " + forms);
        }
        if (whole.bitLength() > 63) {
            throw new IllegalArgumentException("'" + t + "' is too large; expected at most " + Long.MAX_VALUE);
        }
        return whole.longValueExact();
    }
}
