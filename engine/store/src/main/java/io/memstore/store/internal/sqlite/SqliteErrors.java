package io.memstore.store.internal.sqlite;

import io.memstore.store.StoreException;
import io.memstore.store.StoreFormatException;
import java.nio.file.Path;
import java.sql.SQLException;

/** Turns SQLite's result codes into store exceptions whose message says which file and what went wrong. */
final class SqliteErrors {
    // primary result codes, https://www.sqlite.org/rescode.html
    private static final int SQLITE_PERM = 3;
    private static final int SQLITE_BUSY = 5;
    private static final int SQLITE_LOCKED = 6;
    private static final int SQLITE_READONLY = 8;
    private static final int SQLITE_IOERR = 10;
    private static final int SQLITE_CORRUPT = 11;
    private static final int SQLITE_FULL = 13;
    private static final int SQLITE_CANTOPEN = 14;
    private static final int SQLITE_NOTADB = 26;

    private SqliteErrors() {
    }

    /** {@code action} completes "while ...", for example "writing revisions 5..9". */
    static StoreException translate(SQLException e, Path file, String action) {
        String detail = e.getMessage();
        return switch (e.getErrorCode() & 0xff) {
            case SQLITE_CORRUPT, SQLITE_NOTADB -> new StoreFormatException(
                    file + " is corrupt or not an SQLite database (found while " + action + "): " + detail, e);
            case SQLITE_FULL -> new StoreException("the disk holding " + file + " is full (while " + action + "): "
                    + detail, e);
            case SQLITE_READONLY, SQLITE_PERM -> new StoreException(file + " cannot be written (while " + action
                    + "): " + detail + "; the store needs write access to the file and its directory", e);
            case SQLITE_CANTOPEN -> new StoreException("cannot open " + file + " (while " + action + "): " + detail
                    + "; the store needs write access to the file and its directory (for the -wal and -shm files)", e);
            case SQLITE_BUSY, SQLITE_LOCKED -> new StoreException(file + " is locked by another connection or process"
                    + " (while " + action + "): " + detail + "; a store file must be opened by one MvccStore at a time", e);
            case SQLITE_IOERR -> new StoreException("I/O error on " + file + " (while " + action + "): " + detail, e);
            default -> new StoreException("SQLite failed on " + file + " while " + action + ": " + detail, e);
        };
    }
}
