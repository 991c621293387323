package io.memstore.systems;

import io.memstore.measure.probe.ProcMemory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * One running etcd process, listening for clients and peers on loopback ports, with its own data directory and
 * log file. It is measured from outside: its memory from {@code /proc/<pid>/status} and
 * {@code /proc/<pid>/smaps_rollup} (the same fields as a probe JVM's own, {@link ProcMemory}), its own view from
 * {@code GET /metrics}.
 *
 * <p>On Linux the member is started through {@code setpriv --pdeathsig KILL} (util-linux), which asks the kernel
 * to kill it when the thread that started it ends: a JVM that is killed outright, running no shutdown hook,
 * takes its etcd members with it. The starting thread must therefore outlive the member (the probe's main thread
 * does). {@link #terminate} sends SIGTERM, which etcd answers with a clean shutdown.
 */
public final class EtcdMember {
    /** The metrics read from {@code /metrics}. */
    public static final String METRIC_RSS = "process_resident_memory_bytes";
    public static final String METRIC_GO_HEAP_INUSE = "go_memstats_heap_inuse_bytes";
    public static final String METRIC_DB_SIZE = "etcd_mvcc_db_total_size_in_bytes";
    public static final String METRIC_HAS_LEADER = "etcd_server_has_leader";
    static final Set<String> METRICS = Set.of(METRIC_RSS, METRIC_GO_HEAP_INUSE, METRIC_DB_SIZE, METRIC_HAS_LEADER);
    /**
     * The members' {@code --quota-backend-bytes}: 8 GiB, the largest etcd suggests. Its default, 2 GiB, holds
     * about 4.7M puts of 64 B keys and 256 B values, less than a row of 1M keys x 5 versions; the quota only
     * limits the db file and changes no memory (etcd maps its db at 10 GB from the start either way).
     */
    static final long QUOTA_BACKEND_BYTES = 8L << 30;
    private static final Path SETPRIV = Path.of("/usr/bin/setpriv");
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

    private final String name;
    private final int clientPort;
    private final int peerPort;
    private final Path dataDir;
    private final Path logFile;
    private final List<String> command;
    private final Process process;
    private final HttpClient http;

    private EtcdMember(String name, int clientPort, int peerPort, Path dataDir, Path logFile, List<String> command,
                       Process process) {
        this.name = name;
        this.clientPort = clientPort;
        this.peerPort = peerPort;
        this.dataDir = dataDir;
        this.logFile = logFile;
        this.command = List.copyOf(command);
        this.process = process;
        this.http = HttpClient.newBuilder().connectTimeout(REQUEST_TIMEOUT).build();
    }

    /**
     * Starts a member of a new cluster.
     *
     * @param initialCluster every member's {@code name=peerUrl}, comma-separated, this one included
     * @param token          the cluster's initial token, unique per cluster
     * @param dataDir        the member's data directory, which must not exist yet
     * @param logFile        where the member's output goes
     * @param snapshotCount  the member's {@code --snapshot-count}: raft entries applied between two snapshots
     */
    static EtcdMember start(Path binary, String name, int clientPort, int peerPort, String initialCluster,
                            String token, Path dataDir, Path logFile, long snapshotCount) {
        if (Files.exists(dataDir)) {
            throw new IllegalArgumentException("etcd member " + name + ": data directory " + dataDir
                    + " exists already; each member starts from a new one");
        }
        List<String> command = new ArrayList<>();
        if (Files.isExecutable(SETPRIV)) {
            command.addAll(List.of(SETPRIV.toString(), "--pdeathsig", "KILL"));
        }
        String client = "http://127.0.0.1:" + clientPort;
        String peer = "http://127.0.0.1:" + peerPort;
        command.addAll(List.of(binary.toString(), "--name", name, "--data-dir", dataDir.toString(),
                "--listen-client-urls", client, "--advertise-client-urls", client,
                "--listen-peer-urls", peer, "--initial-advertise-peer-urls", peer,
                "--initial-cluster", initialCluster, "--initial-cluster-state", "new",
                "--initial-cluster-token", token, "--snapshot-count", Long.toString(snapshotCount),
                "--quota-backend-bytes", Long.toString(QUOTA_BACKEND_BYTES), "--enable-pprof"));
        return launch(name, clientPort, peerPort, dataDir, logFile, command, false);
    }

    private static EtcdMember launch(String name, int clientPort, int peerPort, Path dataDir, Path logFile,
                                     List<String> command, boolean append) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(append ? ProcessBuilder.Redirect.appendTo(logFile.toFile())
                        : ProcessBuilder.Redirect.to(logFile.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(devNull()));
        try {
            Process p = pb.start();
            return new EtcdMember(name, clientPort, peerPort, dataDir, logFile, command, p);
        } catch (IOException e) {
            throw new SystemUnavailableException("etcd member " + name + ": cannot start " + command + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * Starts this member again, after it has ended, with the same command: the same ports and data directory
     * (etcd then restores its store from the data directory and ignores the initial-cluster flags). Its output
     * is appended to the same log.
     *
     * @throws IllegalStateException when this member still runs
     */
    EtcdMember restart() {
        if (process.isAlive()) {
            throw new IllegalStateException("etcd member " + name + " (pid " + pid() + ") still runs; stop it first");
        }
        return launch(name, clientPort, peerPort, dataDir, logFile, command, true);
    }

    private static java.io.File devNull() {
        return new java.io.File("/dev/null");
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    public int clientPort() {
        return clientPort;
    }

    int peerPort() {
        return peerPort;
    }

    /** The client URL, {@code http://127.0.0.1:<port>}. */
    public String clientUrl() {
        return "http://127.0.0.1:" + clientPort;
    }

    public Path dataDir() {
        return dataDir;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The exit code of a member that has ended. */
    int exitValue() {
        return process.exitValue();
    }

    /** True when {@code GET /health} answers {@code "health":"true"} (the member serves and has a leader). */
    boolean healthy() {
        try {
            String body = get("/health");
            return body.replace(" ", "").contains("\"health\":\"true\"");
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The member's memory as the kernel reports it.
     *
     * @throws IllegalStateException when the member has ended (its /proc entry is gone)
     */
    public ProcMemory memory() {
        Path proc = Path.of("/proc", Long.toString(process.pid()));
        try {
            String status = Files.readString(proc.resolve("status"), StandardCharsets.US_ASCII);
            String rollup;
            try {
                rollup = Files.readString(proc.resolve("smaps_rollup"), StandardCharsets.US_ASCII);
            } catch (IOException e) {
                rollup = "";
            }
            if (!process.isAlive()) {
                throw new IllegalStateException(ended());
            }
            return ProcMemory.of(status, rollup);
        } catch (IOException e) {
            throw new IllegalStateException(process.isAlive() ? "etcd member " + name + " (pid " + pid()
                    + "): cannot read " + proc + ": " + e.getMessage() : ended(), e);
        }
    }

    /**
     * Runs a full collection of the member's Go heap now: {@code GET /debug/pprof/heap?gc=1} (served with
     * {@code --enable-pprof}, which every member gets) collects before it writes its profile, which is discarded.
     *
     * @throws IllegalStateException when the member does not answer
     */
    void collectGarbage() {
        HttpRequest request = HttpRequest.newBuilder(URI.create(clientUrl() + "/debug/pprof/heap?gc=1"))
                .timeout(REQUEST_TIMEOUT.multipliedBy(6)).GET().build();
        try {
            HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("etcd member " + name + ": GET " + request.uri() + " answered "
                        + response.statusCode());
            }
        } catch (IOException e) {
            throw new IllegalStateException(process.isAlive() ? "etcd member " + name + ": GET " + request.uri()
                    + " failed: " + e.getMessage() : ended(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("etcd member " + name + ": interrupted while collecting", e);
        }
    }

    /**
     * The member's own figures from {@code GET /metrics} ({@link #METRICS}); a metric the member does not
     * serve is absent.
     *
     * @throws IllegalStateException when the member does not answer
     */
    public Map<String, Double> metrics() {
        try {
            return PrometheusText.samples(get("/metrics"), METRICS);
        } catch (IOException e) {
            throw new IllegalStateException(process.isAlive() ? "etcd member " + name + ": GET " + clientUrl()
                    + "/metrics failed: " + e.getMessage() : ended(), e);
        }
    }

    /** Bytes of the files in the data directory (the bbolt db, the write-ahead log, snapshots). */
    public long dataSize() {
        try (var files = Files.walk(dataDir)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> {
                try {
                    return Files.size(f);
                } catch (IOException e) {
                    return 0; // removed while walking (a WAL segment being rotated)
                }
            }).sum();
        } catch (IOException e) {
            throw new UncheckedIOException("etcd member " + name + ": cannot read " + dataDir + ": "
                    + e.getMessage(), e);
        }
    }

    /** Says why the member is gone: its exit code and the last lines of its log. */
    String ended() {
        String code = process.isAlive() ? "still running" : "exit code " + process.exitValue();
        return "etcd member " + name + " (pid " + pid() + ") has ended (" + code + ")" + logTailSuffix();
    }

    /** The last lines of the member's log, as a message suffix. */
    String logTailSuffix() {
        String tail = logTail(6);
        return tail.isEmpty() ? "" : "; last lines of its log " + logFile + ":\n" + tail;
    }

    String logTail(int lines) {
        try {
            List<String> all = Files.readAllLines(logFile, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }

    boolean logContains(String text) {
        try {
            return Files.readString(logFile, StandardCharsets.UTF_8).contains(text);
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    /** Sends SIGTERM, on which etcd shuts down cleanly; does not wait. */
    void terminate() {
        process.destroy();
    }

    /**
     * Waits until the member has ended, at most {@code grace}; kills it (SIGKILL) after that and waits again.
     *
     * @return true when it ended within the grace time
     */
    boolean awaitEnd(Duration grace) {
        try {
            if (process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                return true;
            }
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
            return false;
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Kills the member at once (SIGKILL), as a crash would. */
    public void kill() {
        process.destroyForcibly();
    }

    private String get(String path) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(clientUrl() + path)).timeout(REQUEST_TIMEOUT).GET()
                .build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return response.body();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
