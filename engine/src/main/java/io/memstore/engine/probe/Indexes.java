package io.memstore.engine.probe;

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
            // GAP: BTreeIndex is being written in parallel (branch btree); wire it here once it is on main
            case BTREE -> throw new UnsupportedOperationException("BTreeIndex not merged yet");
        };
    }
}
