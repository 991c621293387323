/**
 * The store: an embeddable MVCC key-value store of etcd's design, the thing the rest of memstore measures.
 * {@link io.memstore.store.MvccStore} keeps every key's revisions in an in-memory index
 * ({@link io.memstore.store.RevisionIndex}: the B-tree {@link io.memstore.store.BTreeIndex} or the reference
 * {@link io.memstore.store.ReferenceIndex}) over one SQLite file of values keyed by revision, from which the
 * index is rebuilt on reopen.
 *
 * <p>In the flow spec -> run -> probe -> result -> budget -> report it is no step but the subject: the probe
 * builds it in a forked JVM and measures its heap and RSS. It depends on sqlite-jdbc alone and on no other
 * memstore package.
 *
 * <h2>Three parts in one package</h2>
 * The package holds three parts, as etcd keeps its key index, its backend and schema, and its MVCC store apart.
 * They share one Java package because they share package-private types: a subpackage would make every type one
 * part hands another public, and so a part of this module's API that users could come to depend on. The map
 * instead:
 *
 * <h3>1. The index structure: keys to revisions, in memory</h3>
 * The contract {@link io.memstore.store.RevisionIndex} and its answers ({@code KeyState}, {@code IndexRange});
 * {@code KeyIndex} and {@code Generation}, etcd's keyIndex object for object, behind {@code ReferenceIndex}, the
 * oracle. {@code BTreeIndex} is the tree (its state, lock and write path) over {@code BTreeNode}:
 * {@code BTreeInner} (separators) and {@code BTreeLeaf} (packed keys and runs), both searched through
 * {@code KeyHead}s, leaves built by {@code LeafBuilder}; a key's history is a {@code RevisionRun} of words, coded
 * by {@code CodedWords} in settled leaves, with first-generation headers in a leaf's {@code HeaderTable}. The
 * tree's whole-tree operations have files of their own: {@code BTreeBulkLoad} (a file's rows, grouped by key in {@code RestoreRows}, packed into
 * leaves), {@code BTreeRangeScan}, {@code BTreeCompaction}, {@code BTreeRebuild} and {@code BTreeInvariants}.
 * Depends on nothing else of the package but the shared vocabulary below.
 *
 * <h3>2. The file format: rows in SQLite</h3>
 * {@code StoreSchema} is the format (tables, meta rows, version, the one-format policy); a key row is a
 * {@code KeyEntry}, a value row a {@code ValueRow}, each with its {@code RowChecksum}; {@code SqliteHeader} and
 * {@code WalCheck} read the header and the write-ahead log before SQLite does; {@code StoreLock} holds the file. {@code SqliteBackend} is the facade the
 * MVCC part calls, over one file per concern: {@code StoreOpener} (opening and the read-only checks, with
 * {@code StoreMeta}), {@code RowScan} (the key-row scan that restores the index, read by {@code KeyScan}'s
 * threads), {@code StoreWriter} (the writer connection, {@code RowWriter}, compaction's deletions,
 * {@code WalCheckpointer}), {@code ReaderPool} (of {@code ReadConnection}s), {@code StoreVerifier} and
 * {@code SqliteConnections}; {@code SqliteErrors} turns SQLite's codes into store exceptions. Rows travel as
 * {@code StoredRow}s. Knows nothing of the index or of MVCC rules: it hands the rows it scans to a
 * {@code RowScan.RowSink} and asks the sink's rules ({@code IndexLoader.rowProblem}) only to word what
 * {@code verify} reports.
 *
 * <h3>3. MVCC: the store users call</h3>
 * {@link io.memstore.store.MvccStore} (reads at a revision, compaction's rules, open and close),
 * {@link io.memstore.store.WriteTxn}, {@link io.memstore.store.RangeOptions} and
 * {@link io.memstore.store.RangeResult}, {@link io.memstore.store.StoreOptions} and
 * {@link io.memstore.store.Durability}; {@code DeferredWriter} and {@code PendingRows}, the group commit of
 * {@code DEFERRED}; {@code IndexLoader}, which rebuilds the index from the scanned rows and checks them against
 * etcd's rules; {@link io.memstore.store.VerifyReport}. Depends on both other parts: it decides what is written
 * (part 2) and what is indexed (part 1), and in which order.
 *
 * <h3>Shared vocabulary</h3>
 * {@link io.memstore.store.Revision} (packed main and sub revisions), {@code KeyRange} (etcd's range forms),
 * {@link io.memstore.store.KeyValue}, {@code LongArrayBuilder}, and the exceptions, rooted at
 * {@link io.memstore.store.StoreException}.
 */
package io.memstore.store;
