package io.memstore.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * The performance targets: the bounds the benchmarks' figures are read against, from {@code targets.properties}
 * (bench/targets.properties, packaged into the jar): each {@code NAME.min} or {@code NAME.max} with its {@code NAME.reason}. A file rather than
 * constants, so that a bound moves in the commit that says why, beside its reason, and every tool and test reads
 * the same one.
 */
final class PerformanceTargets {
    static final String RESOURCE = "/targets.properties";

    /** One bound: {@code value} is a minimum when {@code min}, else a maximum. */
    record Target(String name, double value, boolean min, String reason) {
        boolean met(double figure) {
            return min ? figure >= value : figure <= value;
        }

        /** E.g. {@code (target >= 4.2: met)}. */
        String verdict(double figure) {
            return String.format(Locale.ROOT, "(target %s %s: %s)", min ? ">=" : "<=", format(value),
                    met(figure) ? "met" : "MISSED");
        }

        private static String format(double v) {
            String s = Double.toString(v);
            return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
        }
    }

    private final Properties properties;

    private PerformanceTargets(Properties properties) {
        this.properties = properties;
    }

    /** The file in the jar (or on the test classpath). */
    static PerformanceTargets load() {
        try (InputStream in = PerformanceTargets.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the classpath: build the jar with Maven");
            }
            Properties p = new Properties();
            p.load(in);
            return of(p);
        } catch (IOException e) {
            throw new UncheckedIOException(RESOURCE + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** Checks every bound has a number and a reason, and nothing else is in the file. */
    static PerformanceTargets of(Properties p) {
        for (String key : p.stringPropertyNames()) {
            int dot = key.lastIndexOf('.');
            String kind = dot < 0 ? "" : key.substring(dot + 1);
            String name = dot < 0 ? key : key.substring(0, dot);
            switch (kind) {
                case "min", "max" -> {
                    number(key, p.getProperty(key));
                    if (p.getProperty(name + ".reason", "").isBlank()) {
                        throw new IllegalArgumentException(RESOURCE + ": " + key + " has no " + name + ".reason");
                    }
                    if (p.containsKey(name + (kind.equals("min") ? ".max" : ".min"))) {
                        throw new IllegalArgumentException(RESOURCE + ": " + name + " has both a .min and a .max");
                    }
                }
                case "reason" -> {
                    if (!p.containsKey(name + ".min") && !p.containsKey(name + ".max")) {
                        throw new IllegalArgumentException(RESOURCE + ": " + key + " gives a reason for no bound");
                    }
                }
                default -> throw new IllegalArgumentException(RESOURCE + ": " + key
                        + ": expected NAME.min, NAME.max or NAME.reason");
            }
        }
        return new PerformanceTargets(p);
    }

    /** The bound called {@code name}; fails naming the file when it has none. */
    Target get(String name) {
        boolean min = properties.containsKey(name + ".min");
        String value = properties.getProperty(name + (min ? ".min" : ".max"));
        if (value == null) {
            throw new IllegalArgumentException(RESOURCE + ": no " + name + ".min or " + name + ".max");
        }
        return new Target(name, number(name, value), min, properties.getProperty(name + ".reason").strip());
    }

    /** Every bound, by name. */
    List<Target> all() {
        List<Target> out = new ArrayList<>();
        properties.stringPropertyNames().stream().filter(k -> k.endsWith(".min") || k.endsWith(".max")).sorted()
                .forEach(k -> out.add(get(k.substring(0, k.length() - 4))));
        return out;
    }

    private static double number(String key, String value) {
        try {
            double v = Double.parseDouble(value.strip());
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(RESOURCE + ": " + key + ": expected a number, was '" + value.strip() + "'");
    }
}
