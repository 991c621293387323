package io.memstore.store.internal.sqlite;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Finds damage in a write-ahead log that SQLite itself would pass over in silence.
 *
 * <p>SQLite's log (https://www.sqlite.org/fileformat.html#the_write_ahead_log) is a 32-byte header and frames
 * of a 24-byte header plus one page. Each frame carries the header's two salts and a checksum chained over
 * every frame before it; on recovery SQLite keeps the frames up to the last commit frame before the first frame
 * that fails its salts or checksum, and drops the rest without an error, because that is what a crash in the
 * middle of a write leaves. A flipped bit in an earlier frame looks the same to it: every commit from there on
 * is dropped and the store would open at an earlier revision.
 *
 * <p>The two cases differ after the break: a torn write is the end of the log, or is followed only by frames
 * of transactions that never committed (a rolled-back transaction's frames that a later, shorter one partly
 * overwrote). Damage is followed by intact frames of committed transactions. So after the first frame that
 * fails, each later frame is checked on its own, with its predecessor's stored checksum as the chain's seed:
 * a frame that carries this log's salts, passes, and is a commit frame shows that committed work would be
 * dropped, and is reported. A damaged header (bad magic, version or checksum, while the log holds frames)
 * would make SQLite ignore the whole log, and is reported too.
 *
 * <p>Not detectable: damage in the frames of the last committed transaction only (nothing intact and committed
 * follows it, as after a torn write); the store then opens at the revision before that transaction.
 */
final class WalCheck {
    private static final int HEADER = 32;
    private static final int FRAME_HEADER = 24;
    private static final int MAGIC_LE = 0x377f0682;
    private static final int MAGIC_BE = 0x377f0683;
    private static final int VERSION = 3007000;

    private WalCheck() {
    }

    /** Null when {@code wal} is absent or SQLite would recover every commit it holds, else what is damaged. */
    static String damage(Path wal, int dbPageSize) throws IOException {
        long size;
        try {
            size = Files.size(wal);
        } catch (NoSuchFileException e) {
            return null;
        }
        if (size < HEADER) {
            return null;
        }
        try (InputStream in = Files.newInputStream(wal)) {
            byte[] h = in.readNBytes(HEADER);
            int magic = int32(h, 0);
            int pageSize = int32(h, 8);
            boolean bigEndian = magic == MAGIC_BE;
            long[] sum = {0, 0};
            boolean headerOk = (magic == MAGIC_LE || magic == MAGIC_BE) && int32(h, 4) == VERSION
                    && pageSize >= 512 && pageSize <= 65536 && Integer.bitCount(pageSize) == 1;
            if (headerOk) {
                checksum(h, 0, 24, bigEndian, sum);
                headerOk = sum[0] == uint32(h, 24) && sum[1] == uint32(h, 28);
            }
            if (!headerOk) {
                return size >= HEADER + FRAME_HEADER + dbPageSize
                        ? "its header is damaged (SQLite would ignore the whole log, " + size + " B)" : null;
            }
            int salt1 = int32(h, 16);
            int salt2 = int32(h, 20);
            int frameSize = FRAME_HEADER + pageSize;
            byte[] frame = new byte[frameSize];
            long[] chain = {uint32(h, 24), uint32(h, 28)};
            long[] previousStored = chain.clone();
            long firstBad = -1;
            for (long n = 1; in.readNBytes(frame, 0, frameSize) == frameSize; n++) {
                boolean ours = int32(frame, 8) == salt1 && int32(frame, 12) == salt2;
                long stored1 = uint32(frame, 16);
                long stored2 = uint32(frame, 20);
                boolean commit = int32(frame, 4) != 0;
                if (firstBad < 0) {
                    checksum(frame, 0, 8, bigEndian, chain);
                    checksum(frame, FRAME_HEADER, frameSize, bigEndian, chain);
                    if (!ours || chain[0] != stored1 || chain[1] != stored2) {
                        firstBad = n;
                    }
                } else if (ours && commit) {
                    long[] alone = previousStored.clone();
                    checksum(frame, 0, 8, bigEndian, alone);
                    checksum(frame, FRAME_HEADER, frameSize, bigEndian, alone);
                    if (alone[0] == stored1 && alone[1] == stored2) {
                        return "frame " + firstBad + " (at offset " + (HEADER + (firstBad - 1) * frameSize)
                                + " B) fails its checksum or salt, but frame " + n + " after it is an intact commit:"
                                + " SQLite would drop the committed transactions from frame " + firstBad + " on";
                    }
                }
                previousStored[0] = stored1;
                previousStored[1] = stored2;
            }
            return null;
        }
    }

    /** SQLite's WAL checksum: pairs of 32-bit words, s0 += x0 + s1, s1 += x1 + s0, modulo 2^32. */
    private static void checksum(byte[] b, int from, int to, boolean bigEndian, long[] s) {
        long s0 = s[0];
        long s1 = s[1];
        for (int i = from; i < to; i += 8) {
            long x0 = bigEndian ? uint32(b, i) : uint32le(b, i);
            long x1 = bigEndian ? uint32(b, i + 4) : uint32le(b, i + 4);
            s0 = (s0 + x0 + s1) & 0xffffffffL;
            s1 = (s1 + x1 + s0) & 0xffffffffL;
        }
        s[0] = s0;
        s[1] = s1;
    }

    private static int int32(byte[] b, int at) {
        return ((b[at] & 0xff) << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
    }

    private static long uint32(byte[] b, int at) {
        return int32(b, at) & 0xffffffffL;
    }

    private static long uint32le(byte[] b, int at) {
        return ((b[at] & 0xffL)) | ((b[at + 1] & 0xffL) << 8) | ((b[at + 2] & 0xffL) << 16) | ((b[at + 3] & 0xffL) << 24);
    }
}
