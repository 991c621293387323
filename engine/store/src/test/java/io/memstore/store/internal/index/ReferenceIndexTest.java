package io.memstore.store.internal.index;

import io.memstore.store.RevisionIndex;

/** The contract, run against the TreeMap-based oracle itself. */
class ReferenceIndexTest extends RevisionIndexContractTest {
    @Override
    RevisionIndex newIndex() {
        return new ReferenceIndex();
    }
}
