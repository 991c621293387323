package com.example.store;

import java.nio.file.Files;
import java.nio.file.Path;

/** A store that needs a license file in its data directory, and finds none there. */
public class LicensedStore extends MapStore {
    public LicensedStore(Path dir) {
        if (!Files.exists(dir.resolve("license.key"))) {
            throw new IllegalStateException("no license.key in the data directory");
        }
    }
}
