package io.memstore.measure.probe;

import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.KeyPattern;
import io.memstore.measure.spec.LoadShape;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import io.memstore.measure.spec.SystemKind;
import io.memstore.measure.spec.StoreSettings;
import io.memstore.store.Durability;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What one probe run is told: the row, where to write the result, where to put the SQLite files, and how
 * many gets to time. On the command line every field is one {@code --name=value} argument, for example
 * {@code --row=index/keys=1M --keys=1000000 --versions=1 --keySize=64 ... --out=/tmp/r.json}; the parent
 * builds them with {@link #toArgs()}, and {@link #parse} reads them back.
 *
 * @param row     the row; its name appears in messages
 * @param output  the JSON result file, written atomically
 * @param dataDir the directory for the SQLite files of store rows (created if missing)
 * @param gets    timed gets after the measurement (0 skips them)
 */
public record ProbeArgs(Row row, Path output, Path dataDir, int gets) {
    /** Timed gets when not told otherwise. */
    public static final int DEFAULT_GETS = 200_000;

    private static final List<String> NAMES = List.of("row", "workload", "keys", "versions", "keySize", "valueSize",
            "keyPattern", "store", "index", "seed", "runs", "deletes", "compact", "leafCapacity", "durability", "sqliteCacheKiB",
            "readConnections", "batchLimit", "batchBytes", "batchIntervalMillis", "system", "snapshotCount", "valueSizeMax", "compactEvery", "leases", "leasedKeys", "watchers",
            "out", "dir", "gets");

    public ProbeArgs {
        if (row == null || row.params() == null || output == null || dataDir == null) {
            throw new IllegalArgumentException("row, its params, output and dataDir are required");
        }
        if (gets < 0) {
            throw new IllegalArgumentException("gets must not be negative, was " + gets);
        }
    }

    /** The command-line arguments that {@link #parse} turns back into this record. */
    public List<String> toArgs() {
        RowParams p = row.params();
        List<String> out = new ArrayList<>();
        out.add("--row=" + row.name());
        out.add("--workload=" + p.workload());
        out.add("--keys=" + p.keys());
        out.add("--versions=" + p.versions());
        out.add("--keySize=" + p.keySize());
        out.add("--valueSize=" + p.valueSize());
        out.add("--keyPattern=" + p.keyPattern().specName());
        out.add("--store=" + p.store().specName());
        out.add("--index=" + p.index().specName());
        out.add("--seed=" + p.seed());
        out.add("--runs=" + p.runs());
        out.add("--deletes=" + p.deletes());
        out.add("--compact=" + p.compact());
        StoreSettings s = p.settings();
        out.add("--leafCapacity=" + s.leafCapacity());
        out.add("--durability=" + s.durability().name().toLowerCase(Locale.ROOT));
        out.add("--sqliteCacheKiB=" + s.sqliteCacheKiB());
        out.add("--readConnections=" + s.readConnections());
        out.add("--batchLimit=" + s.batchLimit());
        out.add("--batchBytes=" + s.batchBytes());
        out.add("--batchIntervalMillis=" + s.batchIntervalMillis());
        out.add("--system=" + p.system().specName());
        out.add("--snapshotCount=" + p.snapshotCount());
        out.add("--valueSizeMax=" + p.valueSizeMax());
        out.add("--compactEvery=" + p.compactEvery());
        out.add("--leases=" + p.leases());
        out.add("--leasedKeys=" + p.leasedKeys());
        out.add("--watchers=" + p.watchers());
        out.add("--out=" + output);
        out.add("--dir=" + dataDir);
        out.add("--gets=" + gets);
        return out;
    }

    /**
     * Reads arguments of the form {@code --name=value}; every name of {@link #toArgs()} is required except
     * {@code gets}, {@code system} (memstore when absent), {@code snapshotCount} (etcd's default) and the load
     * shape's ({@code valueSizeMax} as {@code valueSize}, no compaction period, leases or watchers when absent).
     *
     * @throws IllegalArgumentException naming the argument and what was expected
     */
    public static ProbeArgs parse(String[] args) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            int eq = arg.indexOf('=');
            if (!arg.startsWith("--") || eq < 0) {
                throw new IllegalArgumentException("argument " + (i + 1) + " '" + arg + "': expected --name=value");
            }
            String name = arg.substring(2, eq);
            if (!NAMES.contains(name)) {
                throw new IllegalArgumentException("argument " + (i + 1) + " '" + arg + "': unknown name '" + name
                        + "', expected one of " + NAMES);
            }
            if (values.put(name, arg.substring(eq + 1)) != null) {
                throw new IllegalArgumentException("argument " + (i + 1) + " '" + arg + "': --" + name
                        + " given twice");
            }
        }
        Fields f = new Fields(values);
        RowParams params = RowParams.builder(f.text("workload")).keys(f.longValue("keys"))
                .versions(f.intValue("versions")).keySize(f.intValue("keySize")).valueSize(f.intValue("valueSize"))
                .keyPattern(f.choice("keyPattern", KeyPattern.class)).store(f.choice("store", StoreKind.class))
                .index(f.index("index")).seed(f.longValue("seed")).runs(f.intValue("runs"))
                .deletes(f.decimal("deletes")).compact(f.bool("compact"))
                .settings(new StoreSettings(f.intValue("leafCapacity"), f.choice("durability", Durability.class),
                        f.intValue("sqliteCacheKiB"), f.intValue("readConnections"), f.intValue("batchLimit"),
                        f.longValue("batchBytes"), f.longValue("batchIntervalMillis")))
                .system(values.containsKey("system") ? f.system("system") : SystemKind.MEMSTORE)
                .snapshotCount(values.containsKey("snapshotCount") ? f.longValue("snapshotCount")
                        : RowParams.DEFAULT_SNAPSHOT_COUNT)
                .shape(new LoadShape(values.containsKey("valueSizeMax") ? f.intValue("valueSizeMax")
                        : f.intValue("valueSize"),
                        values.containsKey("compactEvery") ? f.longValue("compactEvery") : 0,
                        values.containsKey("leases") ? f.longValue("leases") : 0,
                        values.containsKey("leasedKeys") ? f.decimal("leasedKeys") : 0,
                        values.containsKey("watchers") ? f.intValue("watchers") : 0))
                .build();
        int gets = values.containsKey("gets") ? f.intValue("gets") : DEFAULT_GETS;
        return new ProbeArgs(new Row(f.text("row"), params), Path.of(f.text("out")), Path.of(f.text("dir")), gets);
    }

    /** Typed access to the parsed values, each error naming the argument. */
    private record Fields(Map<String, String> values) {
        String text(String name) {
            String v = values.get(name);
            if (v == null) {
                throw new IllegalArgumentException("missing argument --" + name + "=...");
            }
            return v;
        }

        long longValue(String name) {
            String v = text(name);
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--" + name + "=" + v + ": expected an integer");
            }
        }

        int intValue(String name) {
            String v = text(name);
            try {
                return Integer.parseInt(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--" + name + "=" + v + ": expected an integer in "
                        + Integer.MIN_VALUE + ".." + Integer.MAX_VALUE);
            }
        }

        double decimal(String name) {
            String v = text(name);
            try {
                return Double.parseDouble(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--" + name + "=" + v + ": expected a number");
            }
        }

        boolean bool(String name) {
            String v = text(name);
            return switch (v) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new IllegalArgumentException("--" + name + "=" + v + ": expected true or false");
            };
        }

        IndexKind index(String name) {
            String v = text(name);
            try {
                return IndexKind.of(v);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--" + name + "=" + v + ": expected " + IndexKind.FORMS);
            }
        }

        SystemKind system(String name) {
            String v = text(name);
            try {
                return SystemKind.of(v);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--" + name + "=" + v + ": expected " + SystemKind.FORMS);
            }
        }

        <E extends Enum<E>> E choice(String name, Class<E> type) {
            String v = text(name);
            List<String> names = new ArrayList<>();
            for (E e : type.getEnumConstants()) {
                String specName = e.name().toLowerCase(Locale.ROOT);
                if (specName.equals(v)) {
                    return e;
                }
                names.add(specName);
            }
            throw new IllegalArgumentException("--" + name + "=" + v + ": expected one of " + names);
        }
    }
}
