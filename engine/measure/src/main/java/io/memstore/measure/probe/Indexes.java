package io.memstore.measure.probe;

import io.memstore.store.BTreeIndex;
import io.memstore.store.ReferenceIndex;
import io.memstore.store.RevisionIndex;
import io.memstore.measure.spec.IndexKind;

/** The index implementation of each {@link IndexKind}. */
final class Indexes {
    private Indexes() {
    }

    static RevisionIndex create(IndexKind kind) {
        return switch (kind) {
            case REFERENCE -> new ReferenceIndex();
            case BTREE -> new BTreeIndex();
        };
    }
}
