package io.memstore.store.internal.index;

import io.memstore.store.RevisionIndex;

/** The shared index contract, run against memstore's compact B-tree. */
class BTreeIndexContractTest extends RevisionIndexContractTest {
    @Override
    RevisionIndex newIndex() {
        return new BTreeIndex();
    }
}
