package io.memstore.store;

import static io.memstore.store.StoreTestSupport.b;
import static io.memstore.store.StoreTestSupport.queryLong;
import static io.memstore.store.StoreTestSupport.sha256;
import static io.memstore.store.StoreTestSupport.sql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

/**
 * A file of format version 2 ({@link Version2File}) opened for writing is upgraded in place to version 3
 * ({@link FormatUpgrade}): every row reads as before, the damaged or inconsistent version-2 file is refused
 * unchanged, verify reads a version-2 file as it is, and a process killed during the upgrade leaves a version-2
 * file that opens (and upgrades) with nothing lost.
 */
class FormatUpgradeTest {
    @TempDir
    Path dir;

    @Test
    void aVersion2FileIsUpgradedInPlaceAndReadsAsBefore() {
        Version2File v2 = Version2File.write(dir.resolve("v2.db"), 300, 3000, 40, 1);
        assertThat(MvccStore.verify(v2.file).ok()).as("verify reads a version-2 file as it is").isTrue();
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
        assertThat(queryLong(v2.file, "SELECT count(*) FROM sqlite_schema WHERE name = 'kv'")).isZero();
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

    @Test
    void aDamagedVersion2RowStopsTheUpgradeWithTheFileUnchanged() {
        Version2File v2 = Version2File.write(dir.resolve("damaged.db"), 100, 500, 40, 2);
        long rev = v2.rows.get(321).rev();
        sql(v2.file, "UPDATE kv SET value = x'00' WHERE rev = " + rev);
        String hash = sha256(v2.file);
        VerifyReport report = MvccStore.verify(v2.file);
        assertThat(report.damagedRows()).extracting(VerifyReport.DamagedRow::revision).containsExactly(rev);
        assertThatThrownBy(() -> MvccStore.open(v2.file)).isInstanceOf(StoreCorruptionException.class)
                .hasMessageContaining(v2.file.toString()).hasMessageContaining("revision " + Revision.toString(rev))
                .hasMessageContaining("fails its checksum").hasMessageContaining("upgrade to format version 3 stopped");
        assertThat(sha256(v2.file)).as("the file is left as it was").isEqualTo(hash);
        assertThat(queryLong(v2.file, "PRAGMA user_version")).isEqualTo(2);
        assertThat(queryLong(v2.file, "SELECT count(*) FROM sqlite_schema WHERE name = 'kv_key'")).isZero();
    }

    @Test
    void aVersion2FileMissingRowsIsRefusedUnchanged() {
        Version2File v2 = Version2File.write(dir.resolve("missing.db"), 100, 500, 40, 3);
        sql(v2.file, "DELETE FROM kv WHERE rev = " + v2.rows.get(100).rev());
        String hash = sha256(v2.file);
        assertThatThrownBy(() -> MvccStore.open(v2.file)).isInstanceOf(StoreFormatException.class)
                .hasMessageContaining("holds 499 rows where 500 were written")
                .hasMessageContaining("upgrade to format version 3 stopped");
        assertThat(sha256(v2.file)).isEqualTo(hash);
    }

    /**
     * Children open copies of one version-2 file and are killed with SIGKILL at random moments of the upgrade;
     * whatever each leaves opens with every revision as it was. At least one kill must land inside the upgrade
     * (a file still at version 2 with a write-ahead log the child wrote), else the test proves nothing.
     */
    @Test
    void aKilledUpgradeLeavesAVersion2FileThatOpensWithNothingLost() throws Exception {
        Version2File v2 = Version2File.write(dir.resolve("pristine.db"), 5000, 40_000, 256, 4);
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
            if (version == StoreSchema.V2 && Files.exists(wal) && Files.size(wal) > 0) {
                killedInside++;
                VerifyReport report = MvccStore.verify(file);
                assertThat(report.ok()).as("trial %d: the killed upgrade left version 2 intact: %s", trial, report)
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
