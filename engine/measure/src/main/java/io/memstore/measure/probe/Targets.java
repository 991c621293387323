package io.memstore.measure.probe;

import io.memstore.measure.spec.RowParams;

import java.nio.file.Path;

/** Opens the target of a row: the index alone, or the store over a new SQLite file in the data directory. */
final class Targets {
    private Targets() {
    }

    static LoadTarget open(RowParams p, Path dataDir) {
        var indexes = Indexes.factory(p.index(), p.settings().leafCapacity());
        return switch (p.store()) {
            case NONE -> new IndexTarget(indexes.get());
            case SQLITE -> StoreTarget.open(dataDir, indexes, p.settings());
        };
    }
}
