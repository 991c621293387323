package io.memstore.store.internal.sqlite;

import io.memstore.store.Durability;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * How the store connects to its SQLite file and sets each kind of connection up: the writer (WAL mode, the
 * durability's synchronous setting, the page cache), the pooled readers (read-only, query_only), the background
 * checkpointer's, and the plain read-only connections of the open's checks; plus the small helpers every part of
 * the backend shares (side files, sizes, one-value queries, quiet closes).
 *
 * <p>A connection gets no pragma on connect, so a read-only one never writes anything: each pragma is applied by
 * the code that knows which kind of connection it makes.
 */
public final class SqliteConnections {
    private static final int BUSY_TIMEOUT_MS = 5_000;

    private SqliteConnections() {
    }

    /** A plain connection: no pragma is applied on connect, so a read-only one never writes anything. */
    public static Connection connect(Path file, boolean readOnly) throws SQLException {
        return config(readOnly).createConnection("jdbc:sqlite:" + file);
    }

    private static SQLiteConfig config(boolean readOnly) {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(readOnly);
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        // else the driver follows every INSERT with a statement of its own, SELECT last_insert_rowid(), for
        // getGeneratedKeys, which the store never calls: the record writes would run two statements each
        config.setGetGeneratedKeys(false);
        return config;
    }

    /**
     * The writer's settings: WAL mode (refused otherwise), the durability's synchronous, cache and temp store, and
     * with {@link Durability#DEFERRED} the automatic checkpoint's backstop length ({@link WalCheckpointer}).
     */
    public static void configureWriter(Connection w, SqliteOptions options) throws SQLException {
        try (Statement s = w.createStatement()) {
            String mode;
            try (ResultSet rs = s.executeQuery("PRAGMA journal_mode = WAL")) {
                mode = rs.next() ? rs.getString(1) : "?";
            }
            if (!"wal".equalsIgnoreCase(mode)) {
                throw new SQLException("SQLite refused WAL mode (journal mode is " + mode + ")");
            }
            s.execute("PRAGMA synchronous = " + synchronous(options));
            s.execute("PRAGMA cache_size = -" + options.cacheKiB());
            s.execute("PRAGMA temp_store = MEMORY");
            if (options.durability() == Durability.DEFERRED) { // a WalCheckpointer checkpoints beside the writer
                s.execute("PRAGMA wal_autocheckpoint = " + WalCheckpointer.WRITER_AUTOCHECKPOINT_FRAMES);
            }
        }
    }

    private static String synchronous(SqliteOptions options) {
        return options.durability() == Durability.FULL ? "FULL" : "NORMAL";
    }

    /**
     * A pooled reader's connection: read-only, query_only, with the store's page cache, and opened without the
     * connection's mutex ({@code SQLITE_OPEN_NOMUTEX}), which SQLite would otherwise take and drop in every call
     * the driver makes: the {@link ReaderPool} hands a connection to one thread at a time.
     */
    public static Connection readConnection(Path file, SqliteOptions options) throws SQLException {
        SQLiteConfig config = config(true);
        config.setOpenMode(SQLiteOpenMode.NOMUTEX);
        Connection c = config.createConnection("jdbc:sqlite:" + file);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA cache_size = -" + options.cacheKiB());
            s.execute("PRAGMA query_only = 1");
        } catch (SQLException e) {
            closeQuietly(c);
            throw e;
        }
        return c;
    }

    /**
     * The {@link WalCheckpointer}'s connection: read-write (a checkpoint writes the database file), with the
     * writer's synchronous setting, which decides the checkpoint's fsyncs.
     */
    public static Connection checkpointConnection(Path file, SqliteOptions options) throws SQLException {
        Connection c = connect(file, false);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA synchronous = " + synchronous(options));
        } catch (SQLException e) {
            closeQuietly(c);
            throw e;
        }
        return c;
    }

    static int queryInt(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }

    public static long queryLong(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    public static byte[] orEmpty(byte[] b) {
        return b == null ? StoredRecord.NO_VALUE : b;
    }

    /**
     * Removes {@code side} when it did not exist before and, with {@code onlyIfEmpty}, holds nothing: a side file
     * that only a failed check or open created.
     */
    static void removeIfCreated(Path side, boolean existedBefore, boolean onlyIfEmpty) {
        try {
            if (!existedBefore && Files.exists(side) && (!onlyIfEmpty || Files.size(side) == 0)) {
                Files.delete(side);
            }
        } catch (IOException ignored) {
            // best effort: an empty side file is harmless
        }
    }

    static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // reporting the original failure
            }
        }
    }

    /** SQLite's file beside {@code file}: {@code -wal} or {@code -shm}. */
    public static Path sideFile(Path file, String suffix) {
        return file.resolveSibling(file.getFileName() + suffix);
    }

    /** Bytes of {@code p}; 0 when it does not exist or cannot be read. */
    public static long sizeOf(Path p) {
        try {
            return Files.exists(p) ? Files.size(p) : 0;
        } catch (IOException e) {
            return 0;
        }
    }
}
