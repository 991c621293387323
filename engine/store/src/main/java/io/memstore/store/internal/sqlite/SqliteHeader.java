package io.memstore.store.internal.sqlite;

import io.memstore.store.StoreException;
import io.memstore.store.StoreFormatException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The first 100 bytes of an SQLite file, read with plain file I/O so that a foreign file is recognised before
 * SQLite opens it (SQLite itself never writes to a file it merely reads, but a check without it cannot write
 * at all). They are read through the {@link StoreLock}'s channel: a descriptor of the file opened and closed
 * here would drop the lock. Layout: https://www.sqlite.org/fileformat.html#the_database_header.
 */
record SqliteHeader(int pageSize, int userVersion, int applicationId) {
    private static final byte[] MAGIC = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);
    private static final int SIZE = 100;

    static SqliteHeader read(Path file, StoreLock lock) {
        byte[] h;
        long size;
        try {
            h = lock.read(0, SIZE);
            size = lock.channel().size();
        } catch (IOException e) {
            throw new StoreException("cannot read " + file + ": " + e.getMessage(), e);
        }
        if (h.length < SIZE || !startsWithMagic(h)) {
            throw new StoreFormatException(file + " is not a memstore file: it is not an SQLite database"
                    + " (no SQLite header in its first " + SIZE + " bytes, file size " + size + " B)");
        }
        int pageSize = ((h[16] & 0xff) << 8) | (h[17] & 0xff);
        return new SqliteHeader(pageSize == 1 ? 65536 : pageSize, int32(h, 60), int32(h, 68));
    }

    private static boolean startsWithMagic(byte[] h) {
        for (int i = 0; i < MAGIC.length; i++) {
            if (h[i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    private static int int32(byte[] h, int at) {
        return ((h[at] & 0xff) << 24) | ((h[at + 1] & 0xff) << 16) | ((h[at + 2] & 0xff) << 8) | (h[at + 3] & 0xff);
    }
}
