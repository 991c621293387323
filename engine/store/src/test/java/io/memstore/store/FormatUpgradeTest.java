package io.memstore.store;

import static io.memstore.store.StoreTestSupport.b;
import static io.memstore.store.StoreTestSupport.queryLong;
import static io.memstore.store.StoreTestSupport.sha256;
import static io.memstore.store.StoreTestSupport.sql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A file of format version 2, 3 or 4 ({@link OldFormatFile}) opened for writing is upgraded in place to version 5
 * ({@link FormatUpgrade}): every row reads as before, a damaged or inconsistent old file is refused unchanged,
 * verify reads an old file as it is, and a process killed during the upgrade leaves an old file that opens (and
 * upgrades) with nothing lost.
 */
class FormatUpgradeTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "from version {0}")
    @ValueSource(ints = {StoreSchema.V2, StoreSchema.V3, StoreSchema.V4})
    void anOldFileIsUpgradedInPlaceAndReadsAsBefore(int from) {
        OldFormatFile v2 = OldFormatFile.write(dir.resolve("old.db"), from, 300, 3000, 40, 1);
        assertThat(MvccStore.verify(v2.file).ok()).as("verify reads a version-%d file as it is", from).isTrue();
        try (MvccStore store = MvccStore.open(v2.file)) {
            assertThat(store.currentRevision()).isEqualTo(3000);
            for (long r : new long[] {1, 17, 999, 2500, 3000}) {
                assertThat(v2.mismatch(store, r)).isNull();
            }
            long rev = store.put(b("key-new"), b("after the upgrade"));
            assertThat(rev).isEqualTo(3001);
        }
        assertThat(queryLong(v2.file, "PRAGMA user_version")).isEqualTo(StoreSchema.FORMAT_VERSION);
        assertThat(queryLong(v2.file, "SELECT value FROM meta WHERE name = 'format_version'"))
                .isEqualTo(StoreSchema.FORMAT_VERSION);
        assertThat(queryLong(v2.file, "SELECT count(*) FROM sqlite_schema WHERE name IN ('kv', 'kv_key_v3',"
                + " 'kv_value_v3', 'kv_key_v4')")).as("the old tables are dropped").isZero();
        assertThat(queryLong(v2.file, "SELECT count(*) FROM kv_key")).isEqualTo(3001);
        assertThat(queryLong(v2.file, "SELECT count(*) FROM kv_value")).isEqualTo(3001);
        VerifyReport report = MvccStore.verify(v2.file);
        assertThat(report.ok()).as(report.toString()).isTrue();
        assertThat(report.rowsChecked()).isEqualTo(3001);
        try (MvccStore store = MvccStore.open(v2.file)) {
            assertThat(v2.mismatch(store, 3000)).isNull();
            assertThat(StoreTestSupport.s(store.get(b("key-new")).value())).isEqualTo("after the upgrade");
        }
    }

    @ParameterizedTest(name = "from version {0}")
    @ValueSource(ints = {StoreSchema.V2, StoreSchema.V3, StoreSchema.V4})
    void aDamagedOldRowStopsTheUpgradeWithTheFileUnchanged(int from) {
        OldFormatFile v2 = OldFormatFile.write(dir.resolve("damaged.db"), from, 100, 500, 40, 2);
        long rev = v2.rows.get(321).rev();
        // version 4's upgrade reads kv_key alone, whose checksum covers the key
        sql(v2.file, from == StoreSchema.V4 ? "UPDATE kv_key SET key = x'00' WHERE rev = " + rev
                : "UPDATE " + (from == StoreSchema.V2 ? "kv" : "kv_value") + " SET value = x'00' WHERE rev = " + rev);
        String hash = sha256(v2.file);
        VerifyReport report = MvccStore.verify(v2.file);
        assertThat(report.damagedRows()).extracting(VerifyReport.DamagedRow::revision).containsExactly(rev);
        assertThatThrownBy(() -> MvccStore.open(v2.file)).isInstanceOf(StoreCorruptionException.class)
                .hasMessageContaining(v2.file.toString()).hasMessageContaining("revision " + Revision.toString(rev))
                .hasMessageContaining("fails its checksum")
                .hasMessageContaining("upgrade to format version " + StoreSchema.FORMAT_VERSION + " stopped");
        assertThat(sha256(v2.file)).as("the file is left as it was").isEqualTo(hash);
        assertThat(queryLong(v2.file, "PRAGMA user_version")).isEqualTo(from);
        assertThat(queryLong(v2.file, "SELECT count(*) FROM sqlite_schema WHERE name IN ('kv_key_v3', 'kv_key_v4')"))
                .isZero();
    }

    /**
     * A value of version 4 that fails its checksum is not read by the upgrade, which copies kv_key alone; its
     * checksum is carried into the new entry, so a read and verify of the upgraded file find it as they would have.
     */
    @Test
    void aDamagedVersion4ValueIsFoundAfterTheUpgrade() {
        OldFormatFile v4 = OldFormatFile.write(dir.resolve("value.db"), StoreSchema.V4, 100, 500, 40, 8);
        StoredRow put = v4.rows.stream().filter(r -> !r.tombstone()).skip(80).findFirst().orElseThrow();
        sql(v4.file, "UPDATE kv_value SET value = x'00' WHERE rev = " + put.rev());
        try (MvccStore store = MvccStore.open(v4.file)) {
            assertThatThrownBy(() -> store.get(put.key(), Revision.main(put.rev())))
                    .isInstanceOf(StoreCorruptionException.class)
                    .hasMessageContaining("revision " + Revision.toString(put.rev()))
                    .hasMessageContaining("has a value that fails its checksum");
        }
        assertThat(queryLong(v4.file, "PRAGMA user_version")).isEqualTo(StoreSchema.FORMAT_VERSION);
        VerifyReport report = MvccStore.verify(v4.file);
        assertThat(report.damagedRows()).extracting(VerifyReport.DamagedRow::revision).containsExactly(put.rev());
    }

    /** A version-4 tombstone that names a created revision passes its checksum but has no version-5 entry. */
    @Test
    void aVersion4TombstoneWithACreatedRevisionStopsTheUpgrade() {
        OldFormatFile v4 = OldFormatFile.write(dir.resolve("tomb.db"), StoreSchema.V4, 100, 500, 40, 9);
        StoredRow t = v4.rows.stream().filter(StoredRow::tombstone).findFirst().orElseThrow();
        long created = Revision.pack(1, 0);
        sql(v4.file, "UPDATE kv_key SET create_rev = " + created + ", crc = " + RowChecksum.of(t.rev(), t.key(),
                created, 0, t.value()) + " WHERE rev = " + t.rev());
        String hash = sha256(v4.file);
        assertThatThrownBy(() -> MvccStore.open(v4.file)).isInstanceOf(StoreFormatException.class)
                .hasMessageContaining("inconsistent at revision " + Revision.toString(t.rev()))
                .hasMessageContaining("tombstone with create_rev 1.0 (expected 0)")
                .hasMessageContaining("upgrade to format version " + StoreSchema.FORMAT_VERSION + " stopped");
        assertThat(sha256(v4.file)).isEqualTo(hash);
        assertThat(MvccStore.verify(v4.file).damagedRows()).extracting(VerifyReport.DamagedRow::revision)
                .containsExactly(t.rev());
    }

    /** A key row of version 3 whose value row is missing, and a value row without its key row, stop the upgrade. */
    @Test
    void aVersion3FileWithUnpairedRowsIsRefusedUnchanged() {
        OldFormatFile v3 = OldFormatFile.write(dir.resolve("unpaired.db"), StoreSchema.V3, 100, 500, 40, 5);
        long rev = v3.rows.get(200).rev();
        sql(v3.file, "UPDATE kv_value SET rev = " + Revision.pack(900, 0) + " WHERE rev = " + rev);
        String hash = sha256(v3.file);
        assertThatThrownBy(() -> MvccStore.open(v3.file)).isInstanceOf(StoreCorruptionException.class)
                .hasMessageContaining("revision " + Revision.toString(rev))
                .hasMessageContaining("has no value row in kv_value")
                .hasMessageContaining("upgrade to format version " + StoreSchema.FORMAT_VERSION + " stopped");
        assertThat(sha256(v3.file)).isEqualTo(hash);

        sql(v3.file, "UPDATE kv_value SET rev = " + rev + " WHERE rev = " + Revision.pack(900, 0),
                "DELETE FROM kv_key WHERE rev = " + rev);
        String before = sha256(v3.file);
        assertThatThrownBy(() -> MvccStore.open(v3.file)).isInstanceOf(StoreFormatException.class)
                .hasMessageContaining("holds 499 rows where 500 were written")
                .hasMessageContaining("upgrade to format version " + StoreSchema.FORMAT_VERSION + " stopped");
        assertThat(sha256(v3.file)).isEqualTo(before);
    }

    /** A version-3 row whose tombstone flag disagrees with its version cannot become a version-4 row. */
    @Test
    void aVersion3RowWhoseFlagDisagreesWithItsVersionStopsTheUpgrade() {
        OldFormatFile v3 = OldFormatFile.write(dir.resolve("flag.db"), StoreSchema.V3, 100, 500, 40, 6);
        StoredRow put = v3.rows.stream().filter(r -> !r.tombstone()).skip(50).findFirst().orElseThrow();
        // a put of version 0 that still passes its version-3 checksum
        sql(v3.file, "UPDATE kv_key SET version = 0, crc = " + RowChecksum.ofV3Key(put.rev(), put.key(),
                put.createRev(), 0, false) + " WHERE rev = " + put.rev());
        String hash = sha256(v3.file);
        assertThatThrownBy(() -> MvccStore.open(v3.file)).isInstanceOf(StoreFormatException.class)
                .hasMessageContaining("inconsistent at revision " + Revision.toString(put.rev()))
                .hasMessageContaining("a put of version 0");
        assertThat(sha256(v3.file)).isEqualTo(hash);
        // verify lists the row too, and only it
        VerifyReport report = MvccStore.verify(v3.file);
        assertThat(report.damagedRows()).singleElement().satisfies(d -> {
            assertThat(d.revision()).isEqualTo(put.rev());
            assertThat(d.problem()).contains("has tombstone 0 but version 0");
        });
        assertThat(sha256(v3.file)).isEqualTo(hash);
    }

    @Test
    void aVersion2FileMissingRowsIsRefusedUnchanged() {
        OldFormatFile v2 = OldFormatFile.write(dir.resolve("missing.db"), StoreSchema.V2, 100, 500, 40, 3);
        sql(v2.file, "DELETE FROM kv WHERE rev = " + v2.rows.get(100).rev());
        String hash = sha256(v2.file);
        assertThatThrownBy(() -> MvccStore.open(v2.file)).isInstanceOf(StoreFormatException.class)
                .hasMessageContaining("holds 499 rows where 500 were written")
                .hasMessageContaining("upgrade to format version " + StoreSchema.FORMAT_VERSION + " stopped");
        assertThat(sha256(v2.file)).isEqualTo(hash);
    }

    /**
     * An upgrade on a disk without room for its copy (a real 8 MiB tmpfs, mounted by the test when it runs as root
     * where {@code mount -t tmpfs} works; skipped elsewhere) fails naming the file, leaves the old file as it was,
     * and succeeds with every row once there is room.
     */
    @Test
    void anUpgradeOnAFullDiskLeavesTheOldFileAsItWas() throws Exception {
        Path mount = Files.createDirectory(dir.resolve("tmpfs"));
        assumeTrue(StoreTestSupport.command("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", mount.toString()),
                "mount -t tmpfs is not allowed here");
        try {
            OldFormatFile v3 = OldFormatFile.write(mount.resolve("old.db"), StoreSchema.V3, 2000, 6000, 400, 7);
            long size = Files.size(v3.file);
            assertThat(size).as("the file fits once, not twice").isBetween(2L << 20, 4L << 20);
            Path filler = mount.resolve("filler");
            long room = Files.getFileStore(mount).getUsableSpace() - size / 2; // less than the copy needs
            Files.write(filler, new byte[(int) room]);
            String hash = sha256(v3.file);
            assertThatThrownBy(() -> MvccStore.open(v3.file)).isInstanceOf(StoreException.class)
                    .hasMessageContaining(v3.file.toString()).hasMessageContaining("upgrading it from format version 3")
                    .hasMessageContaining("it was left at version 3");
            assertThat(sha256(v3.file)).as("the file is left as it was").isEqualTo(hash);
            assertThat(queryLong(v3.file, "PRAGMA user_version")).isEqualTo(StoreSchema.V3);
            assertThat(MvccStore.verify(v3.file).ok()).isTrue();
            Files.delete(filler);
            try (MvccStore store = MvccStore.open(v3.file)) {
                for (long r : new long[] {1, 3000, 6000}) {
                    assertThat(v3.mismatch(store, r)).isNull();
                }
            }
            assertThat(queryLong(v3.file, "PRAGMA user_version")).isEqualTo(StoreSchema.FORMAT_VERSION);
        } finally {
            assertThat(StoreTestSupport.command("umount", mount.toString())).as("umount " + mount).isTrue();
        }
    }

    /**
     * Children open copies of one version-3 file and are killed with SIGKILL at random moments of the upgrade;
     * whatever each leaves opens with every revision as it was. At least one kill must land inside the upgrade
     * (a file still at version 3 with a write-ahead log the child wrote), else the test proves nothing.
     */
    @Test
    void aKilledUpgradeLeavesAVersion3FileThatOpensWithNothingLost() throws Exception {
        OldFormatFile v2 = OldFormatFile.write(dir.resolve("pristine.db"), StoreSchema.V3, 5000, 40_000, 256, 4);
        Path file = dir.resolve("upgrading.db");
        Files.copy(v2.file, file);
        Process calibration = child(file);
        BufferedReader calibrationOut = new BufferedReader(new InputStreamReader(calibration.getInputStream(),
                StandardCharsets.UTF_8));
        assertThat(calibrationOut.readLine()).isEqualTo("opening");
        long start = System.nanoTime();
        assertThat(calibration.waitFor(120, TimeUnit.SECONDS)).isTrue();
        long fullMillis = Math.max(1, (System.nanoTime() - start) / 1_000_000);
        assertThat(calibration.exitValue()).as("an upgrade run to its end").isZero();
        Random rnd = new Random(15);
        int killedInside = 0;
        int upgradedBefore = 0;
        int trials = 0;
        // the kill's delay after "opening" adapts: shorter after a kill that came too late (the upgrade had
        // finished), longer after one that came before the upgrade wrote anything; a cold first start must not
        // decide where every kill lands
        double delay = fullMillis * 0.5;
        for (; trials < 40 && (trials < 6 || killedInside < 3); trials++) {
            int trial = trials;
            Files.copy(v2.file, file, StandardCopyOption.REPLACE_EXISTING);
            Files.deleteIfExists(SqliteBackend.sideFile(file, "-wal"));
            Files.deleteIfExists(SqliteBackend.sideFile(file, "-shm"));
            Process child = child(file);
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            assertThat(out.readLine()).isEqualTo("opening");
            Thread.sleep((long) (delay * (0.8 + 0.4 * rnd.nextDouble())));
            child.toHandle().destroyForcibly();
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
            Path wal = SqliteBackend.sideFile(file, "-wal");
            long version = queryVersion(file);
            if (version == StoreSchema.V3 && Files.exists(wal) && Files.size(wal) > 0) {
                killedInside++;
                VerifyReport report = MvccStore.verify(file);
                assertThat(report.ok()).as("trial %d: the killed upgrade left version 3 intact: %s", trial, report)
                        .isTrue();
                assertThat(report.rowsChecked()).isEqualTo(v2.rows.size());
            } else if (version == StoreSchema.FORMAT_VERSION) {
                upgradedBefore++;
                delay *= 0.6;
            } else {
                delay = delay * 1.4 + 1;
            }
            try (MvccStore store = MvccStore.open(file)) {
                assertThat(store.currentRevision()).isEqualTo(40_000);
                for (long r : new long[] {1, 12_345, 40_000}) {
                    assertThat(v2.mismatch(store, r)).as("trial %d", trial).isNull();
                }
            }
            assertThat(queryVersion(file)).isEqualTo(StoreSchema.FORMAT_VERSION);
        }
        System.out.printf("upgrade kills: an open and upgrade of %d rows took %d ms; %d of %d kills inside the upgrade,"
                + " %d after it%n", v2.rows.size(), fullMillis, killedInside, trials, upgradedBefore);
        assertThat(killedInside).isPositive();
    }

    /** The format version as SQLite sees it (its committed log included), on a read-only connection. */
    private static long queryVersion(Path file) throws java.sql.SQLException {
        org.sqlite.SQLiteConfig config = new org.sqlite.SQLiteConfig();
        config.setReadOnly(true);
        try (java.sql.Connection c = config.createConnection("jdbc:sqlite:" + file);
             java.sql.Statement s = c.createStatement(); java.sql.ResultSet rs = s.executeQuery("PRAGMA user_version")) {
            return rs.getLong(1);
        }
    }

    private Process child(Path file) throws IOException {
        return new ProcessBuilder(StoreTestSupport.java(), "-Xmx96m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), UpgradeChild.class.getName(), file.toString())
                .redirectError(dir.resolve("child-" + System.nanoTime() + ".err").toFile()).start();
    }
}
