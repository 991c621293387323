package io.memstore.store;

import io.memstore.store.internal.sqlite.SqliteConnections;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/** Small helpers shared by the store tests: text keys, file hashes, direct SQL on closed store files. */
public final class StoreTestSupport {
    public static final StoreOptions FAST = StoreOptions.defaults().durability(Durability.NORMAL);

    private StoreTestSupport() {
    }

    public static byte[] b(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    static String s(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    static List<String> keys(RangeResult r) {
        return r.kvs().stream().map(kv -> s(kv.key())).collect(Collectors.toList());
    }

    static List<String> values(RangeResult r) {
        return r.kvs().stream().map(kv -> s(kv.value())).collect(Collectors.toList());
    }

    static RangeResult all(MvccStore store, long rev) {
        return store.range(new byte[0], new byte[0], RangeOptions.atRevision(rev));
    }

    static String sha256(Path file) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs statements on a store file that no store has open (simulating what a crash or another tool left). */
    static void sql(Path file, String... statements) {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement st = c.createStatement()) {
            for (String sql : statements) {
                st.execute(sql);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Runs {@code statements} on the file of {@code store}, which is open, from a connection of its own: damage
     * behind the store's back. The store's read connections keep their snapshot from one read to the next until the
     * store commits, and a change made through SQL, unlike a disk's damage to the bytes, is seen only by a snapshot
     * begun after it; so the store's idle readers end theirs, as its next write would make them.
     */
    static void sqlBehind(MvccStore store, Path file, String... statements) {
        sql(file, statements);
        store.backend().endSnapshots();
    }

    public static long queryLong(Path file, String sql) {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The first column of every record of a query. */
    public static java.util.List<Long> queryLongs(Path file, String sql) {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql)) {
            java.util.List<Long> out = new java.util.ArrayList<>();
            while (rs.next()) {
                out.add(rs.getLong(1));
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The java executable of this JVM, for child processes. */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Copies the database and its WAL as a crash would leave them (no checkpoint, no cleanup). */
    static Path crashCopy(Path file, Path dir) {
        try {
            Path copy = dir.resolve("crash-" + System.nanoTime() + ".db");
            Files.copy(file, copy);
            Path wal = SqliteConnections.sideFile(file, "-wal");
            if (Files.exists(wal)) {
                Files.copy(wal, SqliteConnections.sideFile(copy, "-wal"));
            }
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Null when {@code got} holds exactly the keys, values and revisions of {@code expected}, in order; else the
     * first difference, prefixed by {@code where}.
     */
    static String difference(List<KeyValue> got, List<KeyValue> expected, String where) {
        if (got.size() != expected.size()) {
            return where + ": " + got.size() + " keys, expected " + expected.size();
        }
        for (int i = 0; i < got.size(); i++) {
            KeyValue g = got.get(i);
            KeyValue e = expected.get(i);
            if (!Arrays.equals(g.key(), e.key()) || !Arrays.equals(g.value(), e.value())
                    || g.modRevision() != e.modRevision() || g.createRevision() != e.createRevision()
                    || g.version() != e.version()) {
                return where + ": got " + g + ", expected " + e;
            }
        }
        return null;
    }

    /** Runs {@code cmd}; true when it exits with 0 within 30 s (false when it cannot start). */
    static boolean command(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
