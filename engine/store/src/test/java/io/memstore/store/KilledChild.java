package io.memstore.store;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM of the kill tests: it runs a main class of the test classpath, writes what it did as lines on its
 * standard output (a line starting with {@code "O "} once it has opened the store), and is killed with SIGKILL.
 * Every line it wrote before the kill is kept: the last ones are those that matter.
 */
final class KilledChild {
    private final Process process;
    private final List<String> lines = Collections.synchronizedList(new ArrayList<>());
    private final CountDownLatch opened = new CountDownLatch(1);
    private final Thread reader;

    private KilledChild(Process process) {
        this.process = process;
        this.reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String l = r.readLine(); l != null; l = r.readLine()) {
                    lines.add(l);
                    if (l.startsWith("O ")) {
                        opened.countDown();
                    }
                }
            } catch (IOException e) {
                // the pipe ends with the child
            }
        });
        reader.start();
    }

    /** Starts {@code mainClass} with {@code args} in a small JVM, its standard error to {@code stderr}. */
    static KilledChild start(Class<?> mainClass, Path stderr, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(StoreTestSupport.java(), "-Xmx96m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), mainClass.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
        process.getOutputStream().close();
        return new KilledChild(process);
    }

    /** True once the child said it opened the store, false when it did not within {@code seconds}. */
    boolean awaitOpened(long seconds) throws InterruptedException {
        return opened.await(seconds, TimeUnit.SECONDS);
    }

    /**
     * SIGKILLs the child through its handle (Process.destroyForcibly would also close this end of the pipe and drop
     * the lines the child wrote last), then waits for it and for the last of its lines.
     *
     * @return the child's exit value: 137 when the kill ended it, another value when it ended by itself first
     */
    int kill() throws InterruptedException {
        process.toHandle().destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the child did not end within 30 s of its SIGKILL");
        }
        reader.join(30_000);
        return process.exitValue();
    }

    /** The lines the child wrote, in order (complete once {@link #kill} returned). */
    List<String> lines() {
        synchronized (lines) {
            return new ArrayList<>(lines);
        }
    }
}
