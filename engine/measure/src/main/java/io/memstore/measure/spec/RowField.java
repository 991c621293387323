package io.memstore.measure.spec;

import io.memstore.store.Durability;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

import static io.memstore.measure.spec.ScalarParsers.choice;
import static io.memstore.measure.spec.ScalarParsers.count;
import static io.memstore.measure.spec.ScalarParsers.integer;
import static io.memstore.measure.spec.ScalarParsers.share;
import static io.memstore.measure.spec.ScalarParsers.size;
import static io.memstore.measure.spec.ScalarParsers.sizeBytes;

/**
 * The row parameters a spec sets in {@code defaults}, in a workload (one value or a list), or in a budget's
 * {@code where}: their spec names, how their scalars parse, their limits, their built-in defaults and how row
 * names print them. Parsed values are boxed as {@code get(RowParams)} returns them: Long for keys and seed,
 * Integer for versions, keySize, valueSize, runs, leafCapacity, sqliteCache (in KiB), readConnections and
 * batchLimit, Long for batchBytes (B), batchInterval (ms) and snapshotCount, Double for deletes, Boolean for compact, the enums
 * (system among them) and {@link IndexKind}.
 */
public enum RowField {
    SYSTEM("system", SystemKind.FORMS) {
        @Override
        Object parse(String text) throws BadValue {
            try {
                return SystemKind.of(text);
            } catch (IllegalArgumentException e) {
                throw new BadValue(e.getMessage(), expected);
            }
        }

        @Override
        public String format(Object value) {
            return ((SystemKind) value).specName();
        }

        @Override
        public Object get(RowParams p) {
            return p.system();
        }
    },
    KEYS("keys", "a count from 1 to 100M, like 100K or 1M") {
        @Override
        Object parse(String text) throws BadValue {
            long n = count(text, expected);
            if (n < 1 || n > SpecLimits.MAX_KEYS) {
                throw new BadValue("'" + text + "' is " + (n < 1 ? "less than 1 key"
                        : "more than the limit of " + Units.count(SpecLimits.MAX_KEYS) + " keys per row"),
                        expected);
            }
            return n;
        }

        @Override
        public String format(Object value) {
            return Units.count((Long) value);
        }

        @Override
        public Object get(RowParams p) {
            return p.keys();
        }
    },
    VERSIONS("versions", "a whole number from 1 to " + SpecLimits.MAX_VERSIONS) {
        @Override
        Object parse(String text) throws BadValue {
            return (int) integer(text, 1, SpecLimits.MAX_VERSIONS, expected);
        }

        @Override
        public Object get(RowParams p) {
            return p.versions();
        }
    },
    KEY_SIZE("keySize", "a size from 1B to 16KiB, like 64B") {
        @Override
        Object parse(String text) throws BadValue {
            return size(text, SpecLimits.MIN_KEY_SIZE, SpecLimits.MAX_KEY_SIZE, expected);
        }

        @Override
        public String format(Object value) {
            return Units.compactBytes((Integer) value);
        }

        @Override
        public Object get(RowParams p) {
            return p.keySize();
        }
    },
    VALUE_SIZE("valueSize", "a size from 0B to 16MiB, like 256B or 1KiB, or a range of sizes drawn uniformly, like"
            + " 512B..16KiB") {
        @Override
        Object parse(String text) throws BadValue {
            int range = text.indexOf("..");
            if (range < 0) {
                return size(text, 0, SpecLimits.MAX_VALUE_SIZE, expected);
            }
            int min = size(text.substring(0, range), 0, SpecLimits.MAX_VALUE_SIZE, expected);
            int max = size(text.substring(range + 2), 0, SpecLimits.MAX_VALUE_SIZE, expected);
            if (max < min) {
                throw new BadValue("'" + text.strip() + "' runs from a larger size to a smaller one", expected);
            }
            return max == min ? (Object) min : new ValueSizeRange(min, max);
        }

        @Override
        public String format(Object value) {
            return value instanceof ValueSizeRange r ? r.toString() : Units.compactBytes((Integer) value);
        }

        @Override
        public Object get(RowParams p) {
            return p.valueSizeRange() ? new ValueSizeRange(p.valueSize(), p.valueSizeMax()) : (Object) p.valueSize();
        }
    },
    KEY_PATTERN("keyPattern", "one of random, sequential, hierarchical") {
        @Override
        Object parse(String text) throws BadValue {
            return choice(text, KeyPattern.values(), KeyPattern::specName, "keyPattern", expected);
        }

        @Override
        public String format(Object value) {
            return ((KeyPattern) value).specName();
        }

        @Override
        public Object get(RowParams p) {
            return p.keyPattern();
        }
    },
    STORE("store", "one of sqlite, none") {
        @Override
        Object parse(String text) throws BadValue {
            return choice(text, StoreKind.values(), StoreKind::specName, "store", expected);
        }

        @Override
        public String format(Object value) {
            return ((StoreKind) value).specName();
        }

        @Override
        public Object get(RowParams p) {
            return p.store();
        }
    },
    INDEX("index", IndexKind.FORMS) {
        @Override
        Object parse(String text) throws BadValue {
            try {
                return IndexKind.of(text);
            } catch (IllegalArgumentException e) {
                throw new BadValue(e.getMessage(), expected);
            }
        }

        @Override
        public String format(Object value) {
            return ((IndexKind) value).specName();
        }

        @Override
        public Object get(RowParams p) {
            return p.index();
        }
    },
    SEED("seed", "a whole number (64-bit signed), like 1") {
        @Override
        Object parse(String text) throws BadValue {
            return integer(text, Long.MIN_VALUE, Long.MAX_VALUE, expected);
        }

        @Override
        public Object get(RowParams p) {
            return p.seed();
        }
    },
    RUNS("runs", "a whole number from 1 to " + SpecLimits.MAX_RUNS) {
        @Override
        Object parse(String text) throws BadValue {
            return (int) integer(text, 1, SpecLimits.MAX_RUNS, expected);
        }

        @Override
        public Object get(RowParams p) {
            return p.runs();
        }
    },
    DELETES("deletes", "a share from 0% to 100% like 10%, or a number from 0 to 1 like 0.1") {
        @Override
        Object parse(String text) throws BadValue {
            return share(text, expected);
        }

        @Override
        public String format(Object value) {
            return BigDecimal.valueOf((Double) value).movePointRight(2).stripTrailingZeros().toPlainString() + "%";
        }

        @Override
        public Object get(RowParams p) {
            return p.deletes();
        }
    },
    COMPACT("compact", "one of latest, none, or every followed by a count of revisions, like every 10K") {
        @Override
        Object parse(String text) throws BadValue {
            String t = text.strip();
            if (t.equals("latest") || t.equals("none")) {
                return t.equals("latest");
            }
            if (t.startsWith("every ")) {
                long n = count(t.substring("every ".length()).strip(), expected);
                if (n < 1 || n > SpecLimits.MAX_KEYS) {
                    throw new BadValue("'" + t + "' is " + (n < 1 ? "less than 1 revision" : "more than the limit of "
                            + Units.count(SpecLimits.MAX_KEYS)), expected);
                }
                return new CompactEvery(n);
            }
            throw new BadValue("unknown compact '" + t + "'" + Suggestions.didYouMean(t.split("\\s+")[0],
                    List.of("latest", "none", "every")), expected);
        }

        @Override
        public String format(Object value) {
            return value instanceof CompactEvery e ? e.toString() : (Boolean) value ? "latest" : "none";
        }

        @Override
        public Object get(RowParams p) {
            return p.compactEvery() > 0 ? new CompactEvery(p.compactEvery()) : (Object) p.compact();
        }
    },
    LEAF_CAPACITY("leafCapacity", "a whole number of keys per B-tree leaf from 4 to 1024 (index btree only)") {
        @Override
        Object parse(String text) throws BadValue {
            return (int) integer(text, 4, 1024, expected);
        }

        @Override
        public Object get(RowParams p) {
            return p.settings().leafCapacity();
        }
    },
    DURABILITY("durability", "one of full, normal, deferred (store sqlite only)") {
        @Override
        Object parse(String text) throws BadValue {
            return choice(text, Durability.values(), d -> d.name().toLowerCase(Locale.ROOT), "durability",
                    expected);
        }

        @Override
        public String format(Object value) {
            return ((Durability) value).name().toLowerCase(Locale.ROOT);
        }

        @Override
        public Object get(RowParams p) {
            return p.settings().durability();
        }
    },
    SQLITE_CACHE("sqliteCache", "a whole number of KiB from 64KiB to 4GiB, like 2000KiB or 8MiB (SQLite's page"
            + " cache per connection, store sqlite only)") {
        @Override
        Object parse(String text) throws BadValue {
            long bytes = sizeBytes(text, 64 * Sizes.KIB, 4 * Sizes.GIB, expected);
            if (bytes % Sizes.KIB != 0) {
                throw new BadValue("'" + text + "' is not a whole number of KiB", expected);
            }
            return (int) (bytes / Sizes.KIB);
        }

        @Override
        public String format(Object value) {
            int kib = (Integer) value; // always in IEC units: 2000KiB, not 2048KB
            return kib % (1 << 20) == 0 ? (kib >> 20) + "GiB" : kib % 1024 == 0 ? (kib >> 10) + "MiB" : kib + "KiB";
        }

        @Override
        public Object get(RowParams p) {
            return p.settings().sqliteCacheKiB();
        }

        @Override
        public Object resultValue(RowParams p) {
            return p.settings().sqliteCacheKiB() * Sizes.KIB; // result files write every size in bytes
        }
    },
    READ_CONNECTIONS("readConnections", "a whole number from 1 to 64 (store sqlite only)") {
        @Override
        Object parse(String text) throws BadValue {
            return (int) integer(text, 1, 64, expected);
        }

        @Override
        public Object get(RowParams p) {
            return p.settings().readConnections();
        }
    },
    BATCH_LIMIT("batchLimit", "a count of write transactions from 1 to 1M, like 10K (durability deferred only)") {
        @Override
        Object parse(String text) throws BadValue {
            return (int) count(text, 1, 1_000_000, expected);
        }

        @Override
        public String format(Object value) {
            return Units.count((Integer) value);
        }

        @Override
        public Object get(RowParams p) {
            return p.settings().batchLimit();
        }
    },
    BATCH_BYTES("batchBytes", "a size from 1KiB to 4GiB, like 64MiB (durability deferred only)") {
        @Override
        Object parse(String text) throws BadValue {
            return sizeBytes(text, Sizes.KIB, 4 * Sizes.GIB, expected);
        }

        @Override
        public String format(Object value) {
            return Units.compactBytes((Long) value);
        }

        @Override
        public Object get(RowParams p) {
            return p.settings().batchBytes();
        }
    },
    BATCH_INTERVAL("batchInterval", "a duration from 1ms to 1h in ms, s, m or h, like 100ms or 1s (durability"
            + " deferred only)") {
        @Override
        Object parse(String text) throws BadValue {
            String t = text.strip();
            var m = DURATION.matcher(t);
            if (!m.matches()) {
                throw new BadValue("'" + text + "' is not a duration", expected);
            }
            long factor = switch (m.group(2)) {
                case "ms" -> 1L;
                case "s" -> 1_000L;
                case "m" -> 60_000L;
                default -> 3_600_000L;
            };
            BigInteger millis = new BigInteger(m.group(1)).multiply(BigInteger.valueOf(factor));
            if (millis.signum() == 0 || millis.compareTo(BigInteger.valueOf(3_600_000L)) > 0) {
                throw new BadValue("'" + text + "' is " + (millis.signum() == 0 ? "zero" : "more than 1h"),
                        expected);
            }
            return millis.longValueExact();
        }

        @Override
        public String format(Object value) {
            long ms = (Long) value;
            return ms % 3_600_000 == 0 ? ms / 3_600_000 + "h" : ms % 60_000 == 0 ? ms / 60_000 + "m"
                    : ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
        }

        @Override
        public Object get(RowParams p) {
            return p.settings().batchIntervalMillis();
        }
    },
    SNAPSHOT_COUNT("snapshotCount", "a count of raft entries from 1 to 100M, like 100K (etcd rows only: the members'"
            + " --snapshot-count)") {
        @Override
        Object parse(String text) throws BadValue {
            return count(text, 1, SpecLimits.MAX_KEYS, expected);
        }

        @Override
        public String format(Object value) {
            return Units.count((Long) value);
        }

        @Override
        public Object get(RowParams p) {
            return p.snapshotCount();
        }
    },
    LEASES("leases", "a count of leases from 0 to 1M, like 1K (etcd rows only: granted before the load)") {
        @Override
        Object parse(String text) throws BadValue {
            return count(text, 0, 1_000_000, expected);
        }

        @Override
        public String format(Object value) {
            return Units.count((Long) value);
        }

        @Override
        public Object get(RowParams p) {
            return p.leases();
        }
    },
    LEASED_KEYS("leasedKeys", "a share of keys from 0% to 100% like 20%, or a number from 0 to 1 (etcd rows with"
            + " leases only: put with a lease, round-robin)") {
        @Override
        Object parse(String text) throws BadValue {
            return share(text, expected);
        }

        @Override
        public String format(Object value) {
            return DELETES.format(value);
        }

        @Override
        public Object get(RowParams p) {
            return p.leasedKeys();
        }
    },
    WATCHERS("watchers", "a count of watch streams from 0 to 10K, like 100 (etcd rows only: opened before the load,"
            + " each on a range of the keys, reading every event)") {
        @Override
        Object parse(String text) throws BadValue {
            return (int) count(text, 0, 10_000, expected);
        }

        @Override
        public Object get(RowParams p) {
            return p.watchers();
        }
    };

    private static final Pattern DURATION = Pattern.compile("(\\d{1,12})(ms|s|m|h)");

    /** A row with every field at its built-in default ({@link RowParams.Builder}). */
    private static final RowParams BUILT_IN_DEFAULTS = RowParams.builder("defaults").build();

    private final String specName;
    /** What a valid value looks like, for error messages. */
    final String expected;

    RowField(String specName, String expected) {
        this.specName = specName;
        this.expected = expected;
    }

    /** The field's name in a spec, like {@code keySize}. */
    public String specName() {
        return specName;
    }

    /** What a valid value looks like, for error messages and docs. */
    public String expected() {
        return expected;
    }

    /** Parses one scalar of this field and checks its limits. */
    abstract Object parse(String text) throws BadValue;

    /** The value as row names print it: {@code 1M}, {@code 64B}, {@code 1KiB}, {@code 10%}, {@code sqlite}. */
    public String format(Object value) {
        return String.valueOf(value);
    }

    /** This field's value in a row, boxed like {@code parse} returns it. */
    public abstract Object get(RowParams p);

    /**
     * This field's value in a row as the result files write it (memstore.json's {@code params}, memstore.csv's
     * columns, plan.json's scenarios), under {@link #specName()}: a number or boolean as it is, in B for sizes and
     * ms for durations; a choice by its spec name ({@code sqlite}, {@code btree}, {@code normal}).
     */
    public Object resultValue(RowParams p) {
        Object value = get(p);
        return value instanceof Number || value instanceof Boolean ? value : format(value); // ranges, periods as text
    }

    /** The value a row gets when neither its workload nor {@code defaults} sets the field. */
    Object builtInDefault() {
        return get(BUILT_IN_DEFAULTS);
    }

    /** The built-in default, formatted as row names print it. */
    public String builtInDefaultText() {
        return format(builtInDefault());
    }

    /** The field with this exact spec name, if any. */
    public static Optional<RowField> byName(String name) {
        return Arrays.stream(values()).filter(f -> f.specName.equals(name)).findFirst();
    }

    /** All spec names, in declaration order. */
    public static List<String> names() {
        return Arrays.stream(values()).map(RowField::specName).toList();
    }

    /** Builds the probe's parameters from one value per field (indexed by ordinal). */
    static RowParams params(String workload, Object[] v) {
        return RowParams.builder(workload).keys((Long) v[KEYS.ordinal()]).versions((Integer) v[VERSIONS.ordinal()])
                .keySize((Integer) v[KEY_SIZE.ordinal()]).valueSize(valueSizeMin(v[VALUE_SIZE.ordinal()]))
                .keyPattern((KeyPattern) v[KEY_PATTERN.ordinal()]).store((StoreKind) v[STORE.ordinal()])
                .index((IndexKind) v[INDEX.ordinal()]).seed((Long) v[SEED.ordinal()])
                .runs((Integer) v[RUNS.ordinal()]).deletes((Double) v[DELETES.ordinal()])
                .compact(compactLatest(v[COMPACT.ordinal()]))
                .settings(new StoreSettings((Integer) v[LEAF_CAPACITY.ordinal()], (Durability) v[DURABILITY.ordinal()],
                        (Integer) v[SQLITE_CACHE.ordinal()], (Integer) v[READ_CONNECTIONS.ordinal()],
                        (Integer) v[BATCH_LIMIT.ordinal()], (Long) v[BATCH_BYTES.ordinal()],
                        (Long) v[BATCH_INTERVAL.ordinal()]))
                .system((SystemKind) v[SYSTEM.ordinal()]).snapshotCount((Long) v[SNAPSHOT_COUNT.ordinal()])
                .shape(shape(v)).build();
    }

    private static int valueSizeMin(Object valueSize) {
        return valueSize instanceof ValueSizeRange r ? r.min() : (Integer) valueSize;
    }

    private static boolean compactLatest(Object compact) {
        return compact instanceof Boolean b && b;
    }

    private static LoadShape shape(Object[] v) {
        Object size = v[VALUE_SIZE.ordinal()];
        Object compact = v[COMPACT.ordinal()];
        return new LoadShape(size instanceof ValueSizeRange r ? r.max() : (Integer) size,
                compact instanceof CompactEvery e ? e.revisions() : 0, (Long) v[LEASES.ordinal()],
                (Double) v[LEASED_KEYS.ordinal()], (Integer) v[WATCHERS.ordinal()]);
    }

    /**
     * Parses one value of this field as a spec writes it, for readers of the result files (where a value size
     * range or a compaction period is written as the spec's text).
     *
     * @throws IllegalArgumentException saying what was expected
     */
    public Object parseValue(String text) {
        try {
            return parse(text);
        } catch (BadValue e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
