/**
 * The indexes: keys to revisions, in memory, behind {@link io.memstore.store.RevisionIndex}. Depends on the store's
 * vocabulary ({@code io.memstore.store}: revisions, key states, the exceptions) and on nothing else of the store.
 *
 * <p>{@link io.memstore.store.internal.index.BTreeIndex} is the tree (its state, lock and write path) over
 * {@code BTreeNode}: {@code BTreeInner} (separators) and {@code BTreeLeaf} (packed keys and runs), both searched
 * through {@code KeyHead}s, leaves built by {@code LeafBuilder}; a key's history is a {@code RevisionRun} of words,
 * coded by {@code CodedWords} in settled leaves, with first-generation headers in a leaf's {@code HeaderTable}. The
 * tree's whole-tree operations have files of their own: {@code BTreeBulkLoad} (a file's records, grouped by key in
 * {@code RestoreRecords}, packed into leaves), {@code BTreeRangeScan}, {@code BTreeCompaction}, {@code BTreeRebuild}
 * and {@code BTreeInvariants}. {@code LeafCodec} writes a settled leaf as bytes and reads it back (into
 * {@code LeafSlabs}), for the index image. {@link io.memstore.store.internal.index.ReferenceIndex} is the oracle,
 * etcd's keyIndex object for object ({@code KeyIndex} and {@code Generation}); {@code KeyRange} holds the range
 * conventions both follow.
 *
 * <p>Why {@code internal}: {@code BTreeIndex} and {@code ReferenceIndex} are the indexes a user names in
 * {@code StoreOptions.indexFactory} or wraps, through their constructors and their
 * {@link io.memstore.store.RevisionIndex} methods. Everything else public here ({@code BTreeLeaf},
 * {@code LeafCodec}, {@code LeafSlabs}, {@code RestoreRecords}, {@code KeyRange}, {@code BTreeIndex.load},
 * {@code replace}, {@code settledLeaves}) is public only for the image and the MVCC store, in packages of their own,
 * and is no API: the B-tree cannot be split from its leaves without making the leaves' arrays public, so the
 * package holds both, and its name says what a user may rely on.
 */
package io.memstore.store.internal.index;
