package io.memstore.measure.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.memstore.measure.probe.ProbeJvm;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rows that cannot fit the machine and directories that cannot be written are refused before anything runs. */
class PreflightTest {
    private static final long GIB = 1L << 30;
    @TempDir
    Path dir;

    private MachineResources machine(long memory, long disk) {
        return new MachineResources(memory, disk, dir);
    }

    static Row row(String name, long keys, int versions, int keySize, int valueSize, StoreKind store, double deletes) {
        return new Row(name, RowParams.builder("w").keys(keys).versions(versions).keySize(keySize).valueSize(valueSize)
                .store(store).index(IndexKind.REFERENCE).deletes(deletes).build());
    }

    @Test
    void aRowBeyondPhysicalMemoryIsRefusedWithTheNumbers() {
        Row huge = row("huge", 100_000_000L, 1, 16 * 1024, 0, StoreKind.NONE, 0);
        PreflightException e = catchThrowableOfType(PreflightException.class, () -> Preflight.check(List.of(huge),
                dir.resolve("out"), dir.resolve("out/work"), false, machine(24 * GIB, 100 * GIB)));
        // 100M x (align8(16 + 16384) + 200 + 24) B = 1,662,400,000,000 B of index heap
        assertThat(e.getMessage()).isEqualTo("1 row does not fit this machine; nothing was run:"
                + System.lineSeparator() + "  row 'huge' needs an estimated 1.5 TiB of memory (1.5 TiB for the"
                + " reference index of 100000000 keys x 1 versions of 16384 B keys, + 128.0 MiB for the JVM), more"
                + " than the 24.0 GiB of physical memory of this machine" + System.lineSeparator()
                + "  Use fewer keys or versions, smaller keySize or valueSize, a smaller memstore.scale, or a"
                + " machine with more memory or free disk.");
    }

    @Test
    void aUserXmxTooSmallForTheRowsValuesAndWriteBuffersIsRefusedNamingTheFigureAndTheFlag() {
        // 1,000 keys of 256 KiB values: the store's two DEFERRED buffers hold 64 MiB of values each
        Row big = new Row("big", RowParams.builder("w").keys(1_000).valueSize(256 << 10).build());
        PreflightException e = catchThrowableOfType(PreflightException.class, () -> Preflight.check(List.of(big),
                dir.resolve("out"), dir.resolve("out/work"), false, machine(24 * GIB, 100 * GIB),
                List.of("-Xmx64m", "-Xss1m", "-Xmx128m")));
        assertThat(e.getMessage()).contains("row 'big' needs an estimated 257.7 MiB of heap (")
                .contains("128.5 MiB for the store's write buffers")
                .contains("the -Xmx in memstore.jvmArgs allows 128.0 MiB; raise that -Xmx to at least -Xmx258m");
        // the probe's own -Xmx holds the same row
        assertThat(ProbeJvm.heapLimit(big.params())).isEqualTo(258L << 20);
        assertThat(Preflight.check(List.of(big), dir.resolve("out"), dir.resolve("out/work"), false,
                machine(24 * GIB, 100 * GIB), List.of("-Xmx258m"))).startsWith("preflight: ");
    }

    @Test
    void anXmxThatIsNoSizeIsRefused() {
        PreflightException e = catchThrowableOfType(PreflightException.class, () -> Preflight.lastXmx(
                List.of("-Xmxlots")));
        assertThat(e.getMessage()).startsWith("memstore.jvmArgs has -Xmxlots, which is not a heap size");
        assertThat(Preflight.lastXmx(List.of("-XX:MaxHeapSize=2g"))).isEqualTo(2L << 30);
        assertThat(Preflight.lastXmx(List.of("-Xss512k"))).isNull();
    }

    @Test
    void aStoreFileBeyondTheFreeDiskIsRefusedWithTheEstimate() {
        Row big = row("big", 10_000_000L, 5, 64, 16 * 1024, StoreKind.SQLITE, 0.5);
        RowFootprint f = RowFootprint.of(big);
        // 50M puts of 64 + 16384 + 32 B, 5M tombstones of 64 + 32 B, x 1.35, + 64 MiB
        double expected = (50_000_000.0 * (64 + 16384 + 32) + 5_000_000.0 * (64 + 32)) * 1.35 + (64 << 20);
        assertThat(f.storeFileBytes()).isEqualTo(expected);
        assertThat(f.storeRows()).isEqualTo(55_000_000.0);
        PreflightException e = catchThrowableOfType(PreflightException.class, () -> Preflight.check(List.of(big),
                dir.resolve("out"), dir.resolve("out/work"), false, machine(1024 * GIB, 100 * GIB)));
        assertThat(e.getMessage()).contains("row 'big' needs an estimated 1.0 TiB of disk for its store file"
                + " ((10000000 keys x 5 versions x (64 B key + 16384 B value + 32 B) + 5000000 tombstones x (64 B"
                + " key + 32 B)) x 1.35 page slack + 64 MiB write-ahead log), but only 100.0 GiB is free in " + dir);
    }

    @Test
    void everyFailingRowIsNamedAndFittingRowsAreNot() {
        List<Row> rows = List.of(row("small", 1000, 1, 64, 100, StoreKind.SQLITE, 0),
                row("heap", 50_000_000L, 10, 1024, 0, StoreKind.NONE, 0),
                row("disk", 1_000_000L, 1, 64, 1 << 20, StoreKind.SQLITE, 0));
        PreflightException e = catchThrowableOfType(PreflightException.class, () -> Preflight.check(rows,
                dir.resolve("out"), dir.resolve("out/work"), false, machine(16 * GIB, 200 * GIB)));
        assertThat(e.getMessage()).startsWith("2 rows do not fit this machine; nothing was run:")
                .contains("row 'heap' needs an estimated").contains("row 'disk' needs an estimated")
                .doesNotContain("'small'");
    }

    @Test
    void keptFilesAddUpOverRowsAndRuns() {
        // each row's file alone fits 10 GiB; kept, three runs of two rows do not
        Row a = row("a", 2_000_000L, 4, 64, 256, StoreKind.SQLITE, 0);
        Row b = new Row("b", RowParams.builder("w").keys(2_000_000L).versions(4).index(IndexKind.REFERENCE).runs(3)
                .build());
        double one = RowFootprint.of(a).storeFileBytes();
        assertThat(one).isBetween(3.0 * GIB, 5.0 * GIB);
        MachineResources m = machine(24 * GIB, 10 * GIB);
        assertThat(Preflight.check(List.of(a, b), dir.resolve("o"), dir.resolve("o/work"), false, m))
                .startsWith("preflight: the largest row needs an estimated ");
        PreflightException e = catchThrowableOfType(PreflightException.class, () -> Preflight.check(List.of(a, b),
                dir.resolve("o"), dir.resolve("o/work"), true, m));
        // 4 runs (1 of a, 3 of b) x 3.6 GiB
        assertThat(e.getMessage()).startsWith("the kept store files do not fit this machine; nothing was run:")
                .contains("with keepFiles every run's store file stays: together they need an"
                + " estimated 14.4 GiB of disk, but only 10.0 GiB is free in " + dir);
    }

    @Test
    void fittingRowsAreDescribedWithTheirEstimates() {
        String line = Preflight.check(List.of(row("r", 100_000, 1, 64, 256, StoreKind.SQLITE, 0)),
                dir.resolve("out"), dir.resolve("out/work"), false, machine(24 * GIB, 50 * GIB));
        // 100K x (80 B key array + 200 B + 24 B) + 2 x (10,000 + 1) x (64 + 256 + 96 B) write buffers + 4 x 256 B
        // values + 128 MiB; 100K x (64 + 256 + 32 B) x 1.35 + 64 MiB
        assertThat(line).isEqualTo("preflight: the largest row needs an estimated 164.9 MiB of 24.0 GiB"
                + " physical memory; store files an estimated 109.3 MiB of 50.0 GiB free disk in " + dir);
        assertThat(dir.resolve("out/work")).isDirectory();
        assertThat(dir.resolve("out/work")).isEmptyDirectory();
    }

    @Test
    void thisMachineIsMeasured() {
        MachineResources m = MachineResources.current(dir.resolve("not/yet/there"));
        assertThat(m.diskPath()).isEqualTo(dir);
        assertThat(m.usableDisk()).isPositive().isNotEqualTo(MachineResources.UNKNOWN);
        if (Files.isReadable(Path.of("/proc/meminfo"))) {
            assertThat(m.physicalMemory()).isGreaterThan(GIB).isNotEqualTo(MachineResources.UNKNOWN);
        }
    }

    @Test
    void aReadOnlyOutputDirectoryIsAClearError() throws IOException {
        Path out = dir.resolve("readonly");
        try (ReadOnlyDirectory ro = ReadOnlyDirectory.create(out)) {
            PreflightException e = catchThrowableOfType(PreflightException.class, () -> Preflight.check(List.of(),
                    out, out.resolve("work"), false, machine(24 * GIB, 50 * GIB)));
            assertThat(e.getMessage()).startsWith("cannot write to the output directory " + out + ": ")
                    .containsAnyOf("permission denied", "Operation not permitted", "Read-only file system")
                    .endsWith("; make it writable, or point memstore.resultDirectory at a writable directory."
                            + " Nothing was run");
        }
    }

    @Test
    void aFileWhereTheOutputDirectoryShouldBeIsAClearError() throws IOException {
        Path target = Files.writeString(dir.resolve("target"), "a file, not a directory");
        Path out = target.resolve("memstore");
        PreflightException e = catchThrowableOfType(PreflightException.class, () -> Preflight.check(List.of(),
                out, out.resolve("work"), false, machine(24 * GIB, 50 * GIB)));
        assertThat(e.getMessage()).isEqualTo("cannot write to the output directory " + out + ": " + target
                + " is a file, not a directory; remove it, or point memstore.resultDirectory elsewhere. Nothing"
                + " was run");
    }
}
