package io.memstore.store;

/** The contract, run against the TreeMap-based oracle itself. */
class ReferenceIndexTest extends RevisionIndexContractTest {
    @Override
    RevisionIndex newIndex() {
        return new ReferenceIndex();
    }
}
