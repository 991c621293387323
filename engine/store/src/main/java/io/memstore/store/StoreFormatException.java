package io.memstore.store;

/**
 * The file is not a store this version can open: not an SQLite database, another application's database,
 * another format version, damaged, or inconsistent. The message names the file; the file was not modified.
 */
public class StoreFormatException extends StoreException {
    public StoreFormatException(String message) {
        super(message);
    }

    public StoreFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
