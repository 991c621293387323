package io.memstore.measure.run;

import java.nio.file.Path;
import java.time.Duration;

/**
 * A test-only stand-in for a Maven build that gets killed: runs one store row whose child is the main class
 * given ({@link StoreHangChild} or {@link SleepingChild}) and prints the progress lines. Arguments: work
 * directory, child main class.
 */
public final class HygieneHost {
    private HygieneHost() {
    }

    /** Every progress line, details included, to stdout, where the test reads them. */
    private static final java.util.function.Consumer<String> EVERY_LINE = line -> {
        System.out.println(line);
        System.out.flush();
    };

    public static void main(String[] args) {
        RunnerOptions options = RunnerOptions.of(ChildHygieneTest.classpath()).withWorkDir(Path.of(args[0]))
                .withMainClass(args[1]).withTimeout(Duration.ofMinutes(2)).withProgress(Progress.of(EVERY_LINE, EVERY_LINE));
        new RowRunner(options).run(ChildHygieneTest.storeRow("hosted", 300));
    }
}
