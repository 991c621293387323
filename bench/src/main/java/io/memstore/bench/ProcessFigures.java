package io.memstore.bench;

import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.check.Check;
import io.memstore.measure.check.CheckRequest;
import io.memstore.measure.probe.KeyGenerator;
import io.memstore.measure.result.ResultJson;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.run.SpecRunner;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.KeyPattern;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.SpecException;
import io.memstore.measure.spec.StoreKind;
import io.memstore.store.internal.index.BTreeIndex;
import io.memstore.store.Durability;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The figures JMH cannot give, because they are about a whole process: a forked probe JVM's heap and RSS, the
 * first open of a fresh JVM, a plan's prediction against a measurement. The one command line of the bench module
 * besides JMH's own ({@code java -jar bench/target/benchmarks.jar}); run from the repository root:
 * <pre>
 *   java -cp bench/target/benchmarks.jar io.memstore.bench.ProcessFigures COMMAND ARGS
 * </pre>
 * Its commands are in {@link #USAGE}. Each prints the machine's load average before and after, since every figure
 * here moves with what else the machine runs.
 */
public final class ProcessFigures {
    static final String SIDE_BY_SIDE_SPEC = "bench/src/side-by-side/side-by-side.yaml";
    static final String SIDE_BY_SIDE_OUT = "bench/target/side-by-side";
    /** What {@code side-by-side} gives JMH when given nothing: the benchmarks {@link Ratios} pairs, one short fork. */
    static final List<String> JMH_DEFAULTS = List.of("io.memstore.bench.", "-f", "1", "-wi", "2", "-i", "3");

    static final String USAGE = String.join("\n",
            "usage: java -cp bench/target/benchmarks.jar io.memstore.bench.ProcessFigures COMMAND ARGS, from the repository root",
            "  side-by-side [JMH ARGS]  memstore:check of " + SIDE_BY_SIDE_SPEC + " (every btree row beside its reference twin),",
            "                           then JMH (default: " + String.join(" ", JMH_DEFAULTS) + ") and its ratios; into "
                    + SIDE_BY_SIDE_OUT,
            "  pairs MEMSTORE.json      a check's btree rows, each beside its reference twin (side-by-side's memory half)",
            "  ratios JMH.json          the ratios of a JMH result (-rf json -rff FILE) against their targets (its speed half)",
            "  footprint btree|reference KEYS VERSIONS random|hierarchical|sequential [LEAF-CAPACITY] [roundrobin|shuffled]",
            "                           an index's live heap per key, loose, settled and compacted (run with -XX:+UseSerialGC)",
            "  reopen FILE KEYS VERSIONS OPENS [image|scan]",
            "                           time each open of a store file (built first when missing), the first in a fresh JVM;",
            "                           scan: the index image deleted before each open, so that it scans every key row",
            "  ingest-threads ROWS PAIRS",
            "                           store and raw ingests alternated in this JVM, each with every thread's CPU time",
            "                           (Linux); run with the IngestBenchmark forks' flags; the first 2 pairs warm up",
            "  get-parts ROWS ROUNDS    the store get, the raw select and the get's parts on one file, slices of each",
            "                           alternated in this JVM, by CPU time; run with the StoreGetBenchmark forks' flags",
            "  reads-beside-writer PUTS ROUNDS [full|normal|deferred]",
            "                           rounds of puts of 16 KiB values, alternating the writer alone and with a thread",
            "                           getting keys beside it: the largest -wal, the gets, the checkpoint after",
            "                           (default durability: normal)",
            "  validate [reference|btree] [KEY-SIZES] [VERSIONS]",
            "                           fit the plan on 25K and 100K keys, predict 1M, measure it (default: reference 64,256 1,3,5)",
            "  held-out MEMSTORE.json   predict each row of a check's results from its rows of at most a quarter of its keys",
            "  etcd-held-out CALIBRATION.json HELD-OUT.json",
            "                           plan each etcd row of the second check's results from the first's rows; its RSS",
            "                           after the load and after the restart must lie within 15 % and in the band",
            "  targets                  the targets and their reasons (bench/targets.properties)");

    private ProcessFigures() {
    }

    public static void main(String[] args) {
        int status;
        try {
            status = run(args, System.out);
        } catch (IllegalArgumentException | SpecException e) {
            System.err.println(e.getMessage());
            status = 2;
        } catch (IOException | RunnerException e) {
            System.err.println("ProcessFigures: " + e.getMessage());
            status = 1;
        }
        System.exit(status);
    }

    /** Runs one command; returns the exit status (0, or 1 when a figure missed its target). */
    static int run(String[] args, PrintStream out) throws IOException, RunnerException, SpecException {
        if (args.length == 0) {
            throw new IllegalArgumentException(USAGE);
        }
        List<String> rest = Arrays.asList(args).subList(1, args.length);
        switch (args[0]) {
            case "side-by-side" -> {
                return sideBySide(rest, out);
            }
            case "pairs" -> {
                arguments(rest, 1, 1);
                SideBySide.print(ResultJson.read(Path.of(rest.get(0))), out);
                return 0;
            }
            case "ratios" -> {
                arguments(rest, 1, 1);
                List<String> lines = Ratios.report(Ratios.read(Path.of(rest.get(0))));
                if (lines.isEmpty()) {
                    throw new IllegalArgumentException(rest.get(0) + ": no pair of IndexBenchmark, IngestBenchmark or"
                            + " StoreGetBenchmark and RawPointSelectBenchmark results to compare");
                }
                lines.forEach(out::println);
                return lines.stream().anyMatch(l -> l.contains("MISSED")) ? 1 : 0;
            }
            case "footprint" -> {
                arguments(rest, 4, 6);
                footprint(rest, out);
                return 0;
            }
            case "reopen" -> {
                arguments(rest, 4, 5);
                boolean scan = rest.size() == 5 && switch (rest.get(4)) {
                    case "scan" -> true;
                    case "image" -> false;
                    default -> throw new IllegalArgumentException("the fifth argument of reopen is image or scan, was '"
                            + rest.get(4) + "'\n" + USAGE);
                };
                load(out);
                Reopen.measure(Path.of(rest.get(0)), positive(rest.get(1), "KEYS"), positive(rest.get(2), "VERSIONS"),
                        positive(rest.get(3), "OPENS"), scan, out);
                load(out);
                return 0;
            }
            case "ingest-threads" -> {
                arguments(rest, 2, 2);
                load(out);
                IngestThreads.measure(positive(rest.get(0), "ROWS"), positive(rest.get(1), "PAIRS"), out);
                load(out);
                return 0;
            }
            case "get-parts" -> {
                arguments(rest, 2, 2);
                int rows = positive(rest.get(0), "ROWS");
                load(out);
                try {
                    GetParts.measure(Workload.keys(rows), Workload.value(), Workload.shuffled(rows),
                            positive(rest.get(1), "ROUNDS"), out);
                } catch (SQLException e) {
                    throw new IOException("get-parts: " + e.getMessage(), e);
                }
                load(out);
                return 0;
            }
            case "reads-beside-writer" -> {
                arguments(rest, 2, 3);
                Durability durability = Durability.NORMAL;
                if (rest.size() == 3) {
                    try {
                        durability = Durability.valueOf(rest.get(2).toUpperCase(Locale.ROOT));
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException("the third argument of reads-beside-writer is full, normal"
                                + " or deferred, was '" + rest.get(2) + "'\n" + USAGE);
                    }
                }
                int puts = positive(rest.get(0), "PUTS");
                int rounds = positive(rest.get(1), "ROUNDS");
                load(out);
                ReadsBesideWriter.measure(durability, puts, rounds, out);
                load(out);
                return 0;
            }
            case "validate" -> {
                arguments(rest, 0, 3);
                return validate(rest, out);
            }
            case "held-out" -> {
                arguments(rest, 1, 1);
                List<Validation.Check> checks = Validation.heldOut(ResultJson.read(Path.of(rest.get(0))).rows());
                Validation.markdown(checks).forEach(out::println);
                if (checks.isEmpty()) {
                    throw new IllegalArgumentException(rest.get(0) + ": no row has a smaller row of its configuration"
                            + " to be predicted from");
                }
                return checks.stream().allMatch(Validation.Check::rssInBand) ? 0 : 1;
            }
            case "etcd-held-out" -> {
                arguments(rest, 2, 2);
                List<EtcdHeldOut.Check> checks = EtcdHeldOut.check(ResultJson.read(Path.of(rest.get(0))).rows(),
                        ResultJson.read(Path.of(rest.get(1))).rows());
                EtcdHeldOut.markdown(checks).forEach(out::println);
                if (checks.isEmpty()) {
                    throw new IllegalArgumentException(rest.get(1) + ": no etcd row with its RSS to check");
                }
                return checks.stream().allMatch(EtcdHeldOut.Check::held) ? 0 : 1;
            }
            case "targets" -> {
                arguments(rest, 0, 0);
                for (Targets.Target t : Targets.load().all()) {
                    out.printf(Locale.ROOT, "%s %s %s: %s%n", t.name(), t.min() ? ">=" : "<=", t.value(), t.reason());
                }
                return 0;
            }
            default -> throw new IllegalArgumentException("unknown command '" + args[0] + "'\n" + USAGE);
        }
    }

    /**
     * Memory, then speed: the check of the side-by-side spec at full scale (a forked probe JVM per row; budget
     * failures are printed, not fatal, since the ratios are the output), the rows side by side, then JMH into
     * jmh-result.json beside memstore.json and the ratios of that file.
     */
    private static int sideBySide(List<String> jmhArgs, PrintStream out) throws IOException, RunnerException,
            SpecException {
        Path spec = Path.of(SIDE_BY_SIDE_SPEC).toAbsolutePath();
        if (!Files.isRegularFile(spec)) {
            throw new IllegalArgumentException(SIDE_BY_SIDE_SPEC + ": no such file; run from the repository root");
        }
        Path dir = Path.of(SIDE_BY_SIDE_OUT).toAbsolutePath();
        load(out);
        RunResult result = Check.run(Check.loadSpec(spec), new CheckRequest(spec, dir, null, 1.0,
                RunnerOptions.of(classpath()).withProgress(out::println)));
        for (BudgetOutcome o : result.budgets()) {
            if (!o.passed()) {
                out.println("budget not met: " + o.row() + " " + o.metric().metricName() + ": " + o.message());
            }
        }
        SideBySide.print(result, out);
        load(out);
        Path json = dir.resolve("jmh-result.json");
        CommandLineOptions options;
        try {
            options = new CommandLineOptions((jmhArgs.isEmpty() ? JMH_DEFAULTS : jmhArgs).toArray(String[]::new));
        } catch (CommandLineOptionException e) {
            throw new IllegalArgumentException("JMH options: " + e.getMessage());
        }
        new Runner(new OptionsBuilder().parent(options).resultFormat(ResultFormatType.JSON).result(json.toString())
                .build()).run();
        List<String> ratios = Ratios.report(Ratios.read(json));
        ratios.forEach(out::println);
        load(out);
        return ratios.stream().anyMatch(l -> l.contains("MISSED")) ? 1 : 0;
    }

    private static void footprint(List<String> args, PrintStream out) {
        boolean btree = switch (args.get(0)) {
            case "btree" -> true;
            case "reference" -> false;
            default -> throw new IllegalArgumentException("footprint: expected btree or reference, was '" + args.get(0)
                    + "'");
        };
        int keys = positive(args.get(1), "KEYS");
        int versions = positive(args.get(2), "VERSIONS");
        KeyPattern pattern;
        try {
            pattern = KeyPattern.valueOf(args.get(3).toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("footprint: expected random, hierarchical or sequential, was '"
                    + args.get(3) + "'");
        }
        int leaf = BTreeIndex.DEFAULT_LEAF_CAPACITY;
        boolean shuffled = false;
        for (String a : args.subList(4, args.size())) {
            switch (a) {
                case "shuffled" -> shuffled = true;
                case "roundrobin" -> shuffled = false;
                default -> leaf = positive(a, "LEAF-CAPACITY");
            }
        }
        KeyGenerator generator = KeyGenerator.of(pattern, Workload.KEY_SIZE, Workload.SEED, keys);
        load(out);
        IndexFootprint.measure(btree, keys, versions, generator::key, pattern.specName(), leaf, shuffled, out);
        load(out);
    }

    /** The plan fitted on 25K and 100K keys against a measured 1M, for each key size. */
    private static int validate(List<String> args, PrintStream out) throws IOException {
        IndexKind index = IndexKind.of(args.size() > 0 ? args.get(0) : "reference");
        List<Integer> keySizes = ints(args.size() > 1 ? args.get(1) : "64,256", "KEY-SIZES");
        List<Integer> versions = ints(args.size() > 2 ? args.get(2) : "1,3,5", "VERSIONS");
        Path work = Files.createTempDirectory("memstore-validate-");
        SpecRunner runner = new SpecRunner(RunnerOptions.of(classpath()).withWorkDir(work).withGets(1_000)
                .withProgress(out::println));
        load(out);
        List<Validation.Check> all = new ArrayList<>();
        for (int keySize : keySizes) {
            RowParams base = new RowParams("v", 1, 1, keySize, 0, KeyPattern.RANDOM, StoreKind.NONE, index, 1, 1, 0.0,
                    false);
            all.addAll(Validation.run(base, List.of(25_000L, 100_000L), 1_000_000, versions, runner));
        }
        try {
            Files.deleteIfExists(work); // the probes delete their own files
        } catch (IOException e) {
            out.println("left " + work + ": " + e.getMessage());
        }
        Validation.markdown(all).forEach(out::println);
        Targets.Target heapError = Targets.load().get("heapError");
        List<String> missed = all.stream().filter(c -> !heapError.met(Math.abs(c.heapError()))).map(Validation.Check::row)
                .toList();
        out.println("heap error within " + heapError.value() * 100 + " %: " + (missed.isEmpty() ? "every row"
                : "MISSED by " + missed));
        load(out);
        return missed.isEmpty() ? 0 : 1;
    }

    private static List<Path> classpath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of).toList();
    }

    private static void load(PrintStream out) {
        out.printf(Locale.ROOT, "load average %.2f on %d cores%n",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());
    }

    private static void arguments(List<String> args, int min, int max) {
        if (args.size() < min || args.size() > max) {
            throw new IllegalArgumentException("expected " + (min == max ? min : min + " to " + max) + " arguments, got "
                    + args.size() + "\n" + USAGE);
        }
    }

    private static int positive(String value, String what) {
        try {
            int v = Integer.parseInt(value);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(what + ": expected a positive whole number, was '" + value + "'");
    }

    private static List<Integer> ints(String csv, String what) {
        return Arrays.stream(csv.split(",")).map(s -> positive(s.strip(), what)).toList();
    }
}
