package io.memstore.measure.check;

import io.memstore.measure.run.Progress;
import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.spec.SpecLoader;
import io.memstore.measure.spec.WorkloadSpec;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

/**
 * A test-only stand-in for a Maven build running the check goal: the whole pipeline on a two-row store spec
 * whose probe main class is given (a real probe, or one that hangs), printing the progress lines. Arguments:
 * output directory, probe main class.
 */
public final class CheckHost {
    private CheckHost() {
    }

    /** Every progress line, details included, to stdout, where the test reads them. */
    private static final java.util.function.Consumer<String> EVERY_LINE = line -> {
        System.out.println(line);
        System.out.flush();
    };

    public static void main(String[] args) throws Exception {
        WorkloadSpec spec = SpecLoader.load("version: 1\nname: hosted\ndefaults: {index: reference, store: sqlite,"
                + " keySize: 16B, valueSize: 100B}\nworkloads:\n  - name: first\n    keys: 2K\n  - name: second\n"
                + "    keys: 3K\n", "hosted.yaml");
        Path out = Path.of(args[0]);
        RunnerOptions runner = RunnerOptions.of(Arrays.stream(System.getProperty("java.class.path")
                        .split(File.pathSeparator)).map(Path::of).toList())
                .withWorkDir(out.resolve("work")).withMainClass(args[1]).withTimeout(Duration.ofMinutes(2))
                .withGets(1000).withSettle(Duration.ZERO).withProgress(Progress.of(EVERY_LINE, EVERY_LINE));
        Check.run(spec, new CheckRequest(null, out, null, 1.0, runner));
        System.out.println("check done");
    }
}
