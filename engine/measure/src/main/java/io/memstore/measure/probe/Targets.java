package io.memstore.measure.probe;

import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.SystemKind;

import java.nio.file.Path;
import java.util.ServiceLoader;

/**
 * Opens the target of a row: for memstore the index alone, or the store over a new SQLite file in the data
 * directory; for a class of the project's, that class ({@link ClassTarget}); for another system the target of the
 * {@link TargetProvider} on the classpath that opens it.
 */
final class Targets {
    private Targets() {
    }

    static LoadTarget open(RowParams p, Path dataDir) {
        if (p.system().isClass()) {
            return ClassTarget.open(p.system().specName(), dataDir, p.keys());
        }
        if (p.system() != SystemKind.MEMSTORE) {
            return provider(p.system()).open(p.system().specName(), p, dataDir);
        }
        var indexes = Indexes.factory(p.index(), p.settings().leafCapacity());
        return switch (p.store()) {
            case NONE -> new IndexTarget(indexes.get(), p.index().isClass() ? p.index().specName() : null);
            case SQLITE -> StoreTarget.open(dataDir, indexes, p.settings());
        };
    }

    /**
     * The provider of a system.
     *
     * @throws IllegalStateException when no provider on the classpath opens it (memstore-systems is missing)
     */
    static TargetProvider provider(SystemKind system) {
        for (TargetProvider provider : ServiceLoader.load(TargetProvider.class)) {
            if (provider.systems().contains(system.specName())) {
                return provider;
            }
        }
        throw new IllegalStateException("system " + system.specName() + " needs the memstore-systems jar and its"
                + " dependencies on the probe's classpath, and none of its classes are there");
    }
}
