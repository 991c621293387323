package io.memstore.store;

import java.nio.file.Path;

/**
 * The process {@link FormatUpgradeTest} kills while it upgrades a file: prints {@code opening}, opens the store
 * at the path given (which upgrades a file of an earlier format version), prints {@code opened <current revision>} and closes it.
 */
public final class UpgradeChild {
    private UpgradeChild() {
    }

    public static void main(String[] args) {
        System.out.println("opening");
        System.out.flush();
        try (MvccStore store = MvccStore.open(Path.of(args[0]), StoreOptions.defaults().durability(Durability.NORMAL))) {
            System.out.println("opened " + store.currentRevision());
            System.out.flush();
        }
    }
}
