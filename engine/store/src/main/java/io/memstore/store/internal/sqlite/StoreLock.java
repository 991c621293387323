package io.memstore.store.internal.sqlite;

import io.memstore.store.StoreException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one owner of a store file: while a store is open, no other {@code MvccStore}, in this JVM or in another
 * process, can open the same file under any name.
 *
 * <p>Two locks, because one does not see the other:
 * <ul>
 *   <li><b>Across processes</b>: an exclusive OS lock ({@code fcntl} on Linux and macOS, through
 *       {@link FileChannel#tryLock}) on one byte of the database file itself, at {@link #LOCK_OFFSET}, far
 *       beyond SQLite's own lock bytes (at 1 GiB) and beyond any file's size. It belongs to the file, not to a
 *       name: symlinks, {@code ..} and hard links all reach the same lock. The OS drops it when the process
 *       ends, however it ends, so a crash leaves no stale lock. On Linux the holder's pid is read from
 *       {@code /proc/locks} for the message.</li>
 *   <li><b>Within this JVM</b>: a registry of open files by their file key (device and inode), checked before
 *       the file is opened at all. OS locks are per process and would not refuse a second store here; worse,
 *       closing any descriptor of the file drops every lock this process holds on it, so a second open must
 *       be refused before it opens a descriptor.</li>
 * </ul>
 * For the same reason the store reads its file only through the lock's channel and SQLite's connections,
 * which stay open until {@link #close}; other code of the same JVM that opens and closes the database file
 * while the store is open (a copy, a checksum) drops the cross-process lock, though not the registry's.
 *
 * <p>SQLite itself drops it once: a connection in rollback-journal mode that ends its last lock on the file
 * unlocks the whole file, every byte, ours included. A store file is in WAL mode, where each connection keeps a
 * shared lock for as long as it is open, so this never happens to a store once its connections are open; but a
 * new file is created in rollback mode and only then switched to WAL (and a file some other tool switched back
 * to rollback mode is read in it), so once its connections are open in WAL mode the store takes the lock again
 * ({@link #relock}). A process that takes the file in that moment wins it, and this open fails.
 */
final class StoreLock implements AutoCloseable {
    /** 2^62: an offset no SQLite file reaches and SQLite never locks. */
    static final long LOCK_OFFSET = 1L << 62;
    private static final Map<Object, Path> OPEN = new ConcurrentHashMap<>();

    private final Path file;
    private final Object key;
    private final FileChannel channel;
    private FileLock lock;
    private final boolean created;

    private StoreLock(Path file, Object key, FileChannel channel, FileLock lock, boolean created) {
        this.file = file;
        this.key = key;
        this.channel = channel;
        this.lock = lock;
        this.created = created;
    }

    /**
     * Creates {@code file} when it does not exist (empty), then takes both locks.
     *
     * @throws StoreException naming the file when it is open in this JVM or in another process
     */
    static StoreLock acquire(Path file) {
        boolean created = false;
        try {
            Files.createFile(file);
            created = true;
        } catch (FileAlreadyExistsException e) {
            // an existing store, or an empty file: either is opened
        } catch (IOException e) {
            throw new StoreException("cannot create " + file + ": " + e.getMessage(), e);
        }
        Object key = fileKey(file);
        Path holder = OPEN.putIfAbsent(key, file);
        if (holder != null) {
            throw new StoreException(file + " is already open in this JVM"
                    + (holder.equals(file) ? "" : " (as " + holder + ")")
                    + "; a store file must be opened by one MvccStore at a time (share that instance)");
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock(LOCK_OFFSET, 1, false);
            if (lock == null) {
                String pid = holderPid(file);
                throw new StoreException(file + " is open in another process" + (pid == null ? "" : " (pid " + pid + ")")
                        + "; a store file must be opened by one MvccStore at a time");
            }
            return new StoreLock(file, key, channel, lock, created);
        } catch (IOException | OverlappingFileLockException | StoreException e) {
            closeQuietly(channel);
            OPEN.remove(key, file);
            if (created) {
                deleteIfEmpty(file);
            }
            if (e instanceof StoreException se) {
                throw se;
            }
            throw new StoreException("cannot lock " + file + ": " + e, e);
        }
    }

    /**
     * Takes the cross-process lock again, after SQLite created the file (see the class comment).
     *
     * @throws StoreException when another process took the file meanwhile
     */
    void relock() {
        try {
            lock.release();
            FileLock again = channel.tryLock(LOCK_OFFSET, 1, false);
            if (again == null) {
                String pid = holderPid(file);
                throw new StoreException(file + " was opened by another process" + (pid == null ? "" : " (pid " + pid + ")")
                        + " while this one created it; a store file must be opened by one MvccStore at a time");
            }
            lock = again;
        } catch (IOException e) {
            throw new StoreException("cannot lock " + file + ": " + e, e);
        }
    }

    /** The lock's channel: the store reads the file's header through it (see the class comment). */
    FileChannel channel() {
        return channel;
    }

    /** Whether {@link #acquire} created the file. */
    boolean created() {
        return created;
    }

    /** Reads {@code n} bytes at {@code position} (fewer at the end of the file). */
    byte[] read(long position, int n) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(n);
        while (buf.hasRemaining()) {
            if (channel.read(buf, position + buf.position()) < 0) {
                break;
            }
        }
        byte[] out = new byte[buf.position()];
        buf.flip().get(out);
        return out;
    }

    /** Releases both locks; call after every SQLite connection to the file is closed. Idempotent. */
    @Override
    public void close() {
        try {
            if (lock.isValid()) {
                lock.release();
            }
        } catch (IOException ignored) {
            // closing the channel below releases it as well
        } finally {
            closeQuietly(channel);
            OPEN.remove(key, file);
        }
    }

    /** Device and inode where the platform has them (every name of a file has the same), else the path. */
    private static Object fileKey(Path file) {
        try {
            Object key = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
            return key != null ? key : file;
        } catch (IOException e) {
            throw new StoreException("cannot read the attributes of " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The pid holding our lock byte of {@code file}, from Linux's {@code /proc/locks}
     * ({@code 1: POSIX ADVISORY WRITE <pid> <major>:<minor>:<inode> <start> <end>}), or null.
     */
    private static String holderPid(Path file) {
        Path locks = Path.of("/proc/locks");
        if (!Files.isReadable(locks)) {
            return null;
        }
        try {
            long dev = (Long) Files.getAttribute(file, "unix:dev");
            long ino = (Long) Files.getAttribute(file, "unix:ino");
            long major = ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
            long minor = (dev & 0xff) | ((dev >>> 12) & ~0xffL);
            String where = String.format("%02x:%02x:%d", major, minor, ino);
            try (BufferedReader in = Files.newBufferedReader(locks, StandardCharsets.US_ASCII)) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    String[] f = line.trim().split("\\s+");
                    // f[1] may be followed by "->" for a blocked waiter; skip those lines
                    if (f.length >= 8 && !f[1].equals("->") && f[5].equals(where)
                            && f[6].equals(Long.toString(LOCK_OFFSET))) {
                        return f[4];
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return null; // the pid is a courtesy; the refusal stands without it
        }
        return null;
    }

    private static void deleteIfEmpty(Path file) {
        try {
            if (Files.size(file) == 0) {
                Files.delete(file);
            }
        } catch (IOException ignored) {
            // an empty file is opened as a new store next time
        }
    }

    private static void closeQuietly(FileChannel c) {
        if (c != null) {
            try {
                c.close();
            } catch (IOException ignored) {
                // nothing more to release
            }
        }
    }
}
