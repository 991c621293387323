package io.memstore.measure.json;

import java.math.BigDecimal;

/** Numbers as JSON and CSV write them: integers for whole byte counts, shortest round-trip decimals otherwise. */
public final class NumberText {
    /** Doubles above this are not all integers exactly, so they are never written as integers. */
    private static final double EXACT_INTEGER_LIMIT = 0x1p53;

    private NumberText() {
    }

    /** A whole value of an integral unit as a Long, any other finite value as a Double; null for NaN/infinity. */
    public static Number of(double value, boolean integralWhenWhole) {
        if (!Double.isFinite(value)) {
            return null;
        }
        if (integralWhenWhole && value == Math.rint(value) && Math.abs(value) <= EXACT_INTEGER_LIMIT) {
            return (long) value;
        }
        return value;
    }

    /**
     * The JSON text of a number: a Long in digits; a Double as the shortest decimal that reads back to the same
     * double, without an exponent for magnitudes from 1e-7 to 1e21 ({@code 190000000.5}, not {@code 1.900000005E8}),
     * always with a fraction or exponent so it reads as a non-integer; {@code null} for NaN and infinities.
     */
    public static String text(Number number) {
        if (!(number instanceof Double || number instanceof Float)) {
            return number.toString();
        }
        double d = number.doubleValue();
        if (!Double.isFinite(d)) {
            return "null";
        }
        String shortest = Double.toString(d);
        double magnitude = Math.abs(d);
        if (shortest.indexOf('E') < 0 || magnitude < 1e-7 || magnitude >= 1e21) {
            return shortest;
        }
        String plain = new BigDecimal(shortest).toPlainString();
        return plain.indexOf('.') < 0 ? plain + ".0" : plain;
    }
}
