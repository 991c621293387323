package io.memstore.measure.run;

import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

/**
 * A test-only stand-in for Maven: runs one row whose child is {@link SleepingChild} and prints the progress
 * lines, so a test can interrupt this JVM and check that its shutdown hook took the probe tree down.
 */
public final class RunnerHost {
    private RunnerHost() {
    }

    /** Every progress line, details included, to stdout, where the test reads them. */
    private static final java.util.function.Consumer<String> EVERY_LINE = line -> {
        System.out.println(line);
        System.out.flush();
    };

    public static void main(String[] args) {
        RunnerOptions options = RunnerOptions.of(Arrays.stream(System.getProperty("java.class.path")
                        .split(File.pathSeparator)).map(Path::of).toList())
                .withWorkDir(Path.of(args[0])).withMainClass(SleepingChild.class.getName())
                .withTimeout(Duration.ofMinutes(2)).withProgress(Progress.of(EVERY_LINE, EVERY_LINE));
        new RowRunner(options).run(new Row("hosted", RowParams.builder("w").keys(10).keySize(16).valueSize(0)
                .store(StoreKind.NONE).index(IndexKind.REFERENCE).build()));
    }
}
