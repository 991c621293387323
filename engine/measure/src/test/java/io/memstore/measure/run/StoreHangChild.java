package io.memstore.measure.run;

import io.memstore.store.Durability;
import io.memstore.store.MvccStore;
import io.memstore.store.StoreOptions;
import io.memstore.measure.probe.ParentWatch;
import io.memstore.measure.probe.ProbeArgs;
import io.memstore.measure.probe.ProbeMain;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A test-only probe main that takes the probe's arguments, opens a store in the run's data directory as a store
 * row does (SQLite file, write-ahead log, the native library extracted beside them), writes the row's keys,
 * reports "store open PID FILE" as a progress line and then hangs: the state in which a timeout, an
 * interrupted build or a killed build finds a real probe.
 */
public final class StoreHangChild {
    private StoreHangChild() {
    }

    public static void main(String[] argv) throws Exception {
        ParentWatch.startFromProperties();
        ProbeArgs args = ProbeArgs.parse(argv);
        Files.createDirectories(args.dataDir());
        System.setProperty("org.sqlite.tmpdir", args.dataDir().toString());
        Path file = args.dataDir().resolve("store.db");
        MvccStore store = MvccStore.open(file, StoreOptions.defaults().durability(Durability.DEFERRED));
        byte[] value = new byte[args.row().params().valueSize()];
        for (long i = 0; i < args.row().params().keys(); i++) {
            store.put(("key-" + i).getBytes(), value);
        }
        store.flush();
        System.out.println(ProbeMain.PHASE_PREFIX + "store open " + ProcessHandle.current().pid() + " " + file);
        System.out.flush();
        Thread.sleep(600_000);
    }
}
