package io.memstore.measure.check;

import io.memstore.measure.probe.MeasuredStore;
import io.memstore.measure.result.Environment;
import io.memstore.measure.result.ResultFiles;
import io.memstore.measure.result.ResultJson;
import io.memstore.measure.result.RunFailure;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.result.ShardMark;
import io.memstore.measure.result.StepSummary;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.SystemKind;
import io.memstore.measure.spec.Units;
import io.memstore.measure.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * {@code memstore:merge}: the results of a run's shards ({@code memstore.shard=K/N}, one directory each, as CI
 * artifacts arrive) put together into what one unsharded run of the same spec writes: the rows in the spec's order,
 * the fitted model, every budget judged, the regression budgets against the baseline, the four outputs and the step
 * summary.
 *
 * <p>Before anything is written every shard is read and checked against the others and against the spec at hand:
 * each directory must hold a shard's {@code memstore.json}; the shards must be the N parts of one run (one count, each
 * part once, none missing), of the same spec's rows at the same scale and filter, measured by the same memstore, store,
 * Java and probe settings on machines of the same memory; the spec here must select the same rows, and each shard hold
 * the rows the partition gives it. Any difference is a {@link ShardMergeException} naming the directories.
 */
public final class ShardMerge {
    /** A shard's result as read from its directory. */
    record Part(Path directory, RunResult result) {
        ShardMark mark() {
            return result.shard();
        }
    }

    private ShardMerge() {
    }

    /**
     * Reads, checks and merges the shards in {@code given}, judges the merged rows as {@code template} asks (its
     * baseline, output directory, probe classpath and environment; its scale, filter and probe settings are the
     * shards'), and writes every output.
     *
     * @param spec     the spec as loaded here, unscaled
     * @param given    the shards' result directories, or directories holding them
     * @param template the request an unsharded run would make here
     * @throws ShardMergeException when the shards cannot be merged (nothing is written)
     * @throws IOException         when the baseline cannot be read or an output cannot be written
     */
    public static RunResult run(WorkloadSpec spec, List<Path> given, CheckRequest template)
            throws ShardMergeException, IOException {
        List<Part> parts = read(directories(given));
        agree(parts);
        complete(parts);
        ShardMark mark = parts.get(0).mark();
        CheckRequest request = new CheckRequest(template.specFile(), template.outputDirectory(), mark.only(),
                mark.scale(), template.runner().withSettle(java.time.Duration.ofMillis(mark.settleMillis()))
                .withGets(mark.gets()).withJvmArgs(mark.jvmArgs())
                .withStore(store(parts)), template.baseline(),
                template.missingBaseline(), template.environment(), template.baselineName(), template.systems(),
                null, template.memstore());
        WorkloadSpec scaled = Check.scaled(spec, request);
        List<Row> selected;
        try {
            selected = Check.selectRows(scaled, request);
        } catch (IllegalArgumentException e) {
            throw new ShardMergeException("the spec here (" + spec.source() + ") selects no row the shards measured: "
                    + e.getMessage(), e);
        }
        partitioned(parts, spec, selected);
        Path output = template.outputDirectory().toAbsolutePath().normalize();
        for (Part part : parts) {
            if (part.directory().toAbsolutePath().normalize().equals(output)) {
                throw new ShardMergeException("memstore.outputDirectory " + template.outputDirectory() + " is the"
                        + " directory of shard " + part.mark().shard() + ": the merged result would replace it; write"
                        + " it to another directory");
            }
        }
        BaselineFile baseline = BaselineFile.load(request.baseline());
        RunResult merged = merge(scaled, request, parts, selected, baseline);
        Preflight.writable(request.outputDirectory(), "output directory");
        try (OutputLock lock = OutputLock.acquire(request.outputDirectory())) {
            ResultFiles.writeAll(merged, request.outputDirectory());
            StepSummary.append(merged, request.environment());
        }
        return merged;
    }

    /**
     * The shards' directories: each given directory that holds a {@code memstore.json}, else its subdirectories that
     * do (in name order), as a CI job's downloaded artifacts lie side by side.
     */
    static List<Path> directories(List<Path> given) throws ShardMergeException {
        if (given.isEmpty()) {
            throw new ShardMergeException("no shard results given: memstore.shards names the shards' result"
                    + " directories (DIR1,DIR2,... or one directory holding them)");
        }
        List<Path> dirs = new ArrayList<>();
        for (Path dir : given) {
            if (!Files.isDirectory(dir)) {
                throw new ShardMergeException("the shard directory " + dir + (Files.exists(dir) ? " is not a directory"
                        : " does not exist"));
            }
            if (Files.exists(dir.resolve(ResultJson.FILE_NAME))) {
                dirs.add(dir);
                continue;
            }
            List<Path> inside;
            try (Stream<Path> children = Files.list(dir)) {
                inside = children.filter(Files::isDirectory).filter(d -> Files.exists(d.resolve(ResultJson.FILE_NAME)))
                        .sorted(Comparator.comparing(Path::toString)).toList();
            } catch (IOException e) {
                throw new ShardMergeException("cannot list the shard directory " + dir + ": " + e.getMessage(), e);
            }
            if (inside.isEmpty()) {
                throw new ShardMergeException(dir + " holds no shard's result: no " + ResultJson.FILE_NAME
                        + " in it or in its subdirectories");
            }
            dirs.addAll(inside);
        }
        return dirs;
    }

    /** Each directory's result, which must be a shard's. */
    static List<Part> read(List<Path> dirs) throws ShardMergeException {
        List<Part> parts = new ArrayList<>();
        for (Path dir : dirs) {
            Path file = dir.resolve(ResultJson.FILE_NAME);
            RunResult result;
            try {
                long size = Files.size(file);
                if (size > BaselineFile.MAX_BYTES) {
                    throw new ShardMergeException(file + " has " + Units.iec((double) size) + ", more than the "
                            + Units.iec((double) BaselineFile.MAX_BYTES) + " a memstore.json may have");
                }
                result = ResultJson.read(file);
            } catch (IOException e) {
                throw new ShardMergeException("the shard's result " + file + " cannot be read: " + e.getMessage(), e);
            }
            if (result.shard() == null && result.failure() != null && result.failure().row() == null) {
                throw new ShardMergeException(dir + " holds the record of a run that has not written its results ("
                        + result.failure().describe() + "): that shard's run did not complete; run it again");
            }
            if (result.shard() == null) {
                throw new ShardMergeException(dir + " is not a shard's result directory: its " + ResultJson.FILE_NAME
                        + " is a whole run's (written without memstore.shard)");
            }
            parts.add(new Part(dir, result));
        }
        return parts;
    }

    /** The shards are parts of one run: the same spec's rows, measured the same way on like machines. */
    static void agree(List<Part> parts) throws ShardMergeException {
        Part first = parts.get(0);
        for (Part other : parts.subList(1, parts.size())) {
            differ(first, other, "shard count", first.mark().shard().count(), other.mark().shard().count(),
                    "shards of different runs");
            differ(first, other, "spec", first.result().specName(), other.result().specName(), "a mix of specs");
            if (!first.mark().digest().equals(other.mark().digest())) {
                throw new ShardMergeException(first.directory() + " and " + other.directory() + " measured different"
                        + " rows of spec '" + first.result().specName() + "' (its rows, its scale or memstore.only"
                        + " changed between the shards' runs)");
            }
            differ(first, other, "memstore version", first.mark().memstore(), other.mark().memstore(),
                    "a mix of plugin versions");
            Environment a = first.result().environment();
            Environment b = other.result().environment();
            // a shard none of whose rows measured the store records none: only two recorded stores can differ
            if (a.store() != null && b.store() != null) {
                differ(first, other, "store", a.store().describe(), b.store().describe(), "a mix of store versions");
            }
            differ(first, other, "Java", a.java(), b.java(), "a mix of JVMs");
            differ(first, other, "machine memory", memory(first.mark().machineMemory()),
                    memory(other.mark().machineMemory()), "machines of different memory");
            differ(first, other, "probe settings", probe(first.mark()), probe(other.mark()),
                    "rows measured differently");
        }
    }

    /** Each of the N shards once. */
    static void complete(List<Part> parts) throws ShardMergeException {
        int count = parts.get(0).mark().shard().count();
        Map<Integer, Part> byIndex = new TreeMap<>();
        for (Part part : parts) {
            Part before = byIndex.put(part.mark().shard().index(), part);
            if (before != null) {
                throw new ShardMergeException("shard " + part.mark().shard() + " is given twice: " + before.directory()
                        + " and " + part.directory());
            }
        }
        for (int k = 1; k <= count; k++) {
            if (!byIndex.containsKey(k)) {
                List<String> have = new ArrayList<>();
                byIndex.values().forEach(p -> have.add(p.mark().shard() + " (" + p.directory() + ")"));
                throw new ShardMergeException("shard " + k + "/" + count + " is missing: the directories given hold "
                        + String.join(", ", have));
            }
        }
    }

    /** The spec here selects the shards' rows, and each shard holds the rows the partition gives it. */
    static void partitioned(List<Part> parts, WorkloadSpec spec, List<Row> selected) throws ShardMergeException {
        ShardMark mark = parts.get(0).mark();
        if (!ShardMark.digest(selected).equals(mark.digest())) {
            throw new ShardMergeException("the spec here (" + spec.source() + ") is not the spec the shards in "
                    + parts.get(0).directory() + " measured: at scale " + mark.scale() + (mark.only() == null ? ""
                    : " with memstore.only=" + mark.only()) + " it selects " + selected.size() + " row(s), other"
                    + " than their " + mark.selected());
        }
        List<List<Row>> partition = ShardPartition.partition(selected, mark.shard().count());
        for (Part part : parts) {
            List<String> expected = partition.get(part.mark().shard().index() - 1).stream().map(Row::name).toList();
            if (!expected.equals(part.mark().rows())) {
                throw new ShardMergeException(part.directory() + " holds the rows " + part.mark().rows() + " as shard "
                        + part.mark().shard() + ", where the partition gives it " + expected);
            }
            for (RowResult row : part.result().rows()) {
                if (!expected.contains(row.name())) {
                    throw new ShardMergeException(part.directory() + " has a result for row '" + row.name()
                            + "', which is not one of shard " + part.mark().shard() + "'s rows");
                }
            }
        }
    }

    /** The merged result: the shards' rows in the spec's order, judged and compared as an unsharded run's. */
    private static RunResult merge(WorkloadSpec spec, CheckRequest request, List<Part> parts, List<Row> selected,
                                   BaselineFile baseline) {
        Map<String, RowResult> measured = new LinkedHashMap<>();
        Map<String, RunFailure> failures = new LinkedHashMap<>();
        for (Part part : parts) {
            part.result().rows().forEach(r -> measured.put(r.name(), r));
            if (part.result().failure() != null) {
                failures.put(part.result().failure().row(), part.result().failure());
            }
        }
        List<Row> ran = new ArrayList<>();
        List<RowResult> results = new ArrayList<>();
        RunFailure failure = null;
        for (Row row : selected) {
            RowResult result = measured.get(row.name());
            if (result != null) {
                ran.add(row);
                results.add(result);
            }
            RunFailure f = failures.get(row.name());
            if (f != null && failure == null) {
                failure = new RunFailure(f.row(), f.reason(), selected.size());
            }
        }
        Environment first = parts.get(0).result().environment();
        // the store is recorded when a row measured it, as an unsharded run records it
        boolean storeRan = ran.stream().anyMatch(r -> r.params().system() == SystemKind.MEMSTORE);
        Environment environment = new Environment(first.java(), Check.commonFlags(ran, request), first.os(),
                first.cpus(), storeRan ? store(parts) : null);
        RunResult result = Check.compare(spec, request, ran, Check.judge(spec, request, ran, results, environment),
                baseline).withStarted(parts.stream().map(p -> p.result().started()).filter(Objects::nonNull)
                .min(Comparator.naturalOrder()).orElse(null));
        return failure == null ? result : result.withFailure(failure);
    }

    /** The store the shards recorded (the same in each that recorded one), or null when none measured it. */
    private static MeasuredStore store(List<Part> parts) {
        return parts.stream().map(p -> p.result().environment().store()).filter(Objects::nonNull).findFirst()
                .orElse(null);
    }

    private static void differ(Part first, Part other, String what, Object a, Object b, String mix)
            throws ShardMergeException {
        if (!Objects.equals(a, b)) {
            throw new ShardMergeException(mix + ": " + what + " " + a + " in " + first.directory() + ", " + b + " in "
                    + other.directory());
        }
    }

    private static String memory(long bytes) {
        return bytes == MachineResources.UNKNOWN ? "unknown" : Units.iec((double) bytes) + " (" + bytes + " B)";
    }

    private static String probe(ShardMark mark) {
        return "jvmArgs " + mark.jvmArgs() + ", settle " + mark.settleMillis() + " ms, " + mark.gets() + " gets";
    }
}
