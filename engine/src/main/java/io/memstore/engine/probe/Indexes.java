package io.memstore.engine.probe;

import io.memstore.engine.mvcc.BTreeIndex;
import io.memstore.engine.mvcc.ReferenceIndex;
import io.memstore.engine.mvcc.RevisionIndex;
import io.memstore.engine.spec.IndexKind;

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
