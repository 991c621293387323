/**
 * The store: an embeddable MVCC key-value store of etcd's design, the thing the rest of memstore measures.
 * {@link io.memstore.store.MvccStore} keeps every key's revisions in an in-memory index
 * ({@link io.memstore.store.RevisionIndex}: by default the B-tree {@code BTreeIndex}) over one SQLite file of values
 * keyed by revision, from which the index is rebuilt on reopen.
 *
 * <p>In the flow spec -> run -> probe -> result -> budget -> report it is no step but the subject: the probe
 * builds it in a forked JVM and measures its heap and RSS. It depends on sqlite-jdbc alone and on no other
 * memstore package.
 *
 * <h2>This package: the public API</h2>
 * What users call and implement, in two groups of classes that depend on each other one way:
 * <ul>
 *   <li><b>The vocabulary</b>, which every package of the store uses and which uses nothing of them:
 *       {@link io.memstore.store.Revision} (packed main and sub revisions), {@link io.memstore.store.KeyValue},
 *       {@link io.memstore.store.Durability}, {@link io.memstore.store.VerifyReport}, the exceptions rooted at
 *       {@link io.memstore.store.StoreException}, and the index SPI: {@link io.memstore.store.RevisionIndex} with
 *       its answers {@link io.memstore.store.KeyState} and {@link io.memstore.store.IndexRange}.</li>
 *   <li><b>The MVCC store</b>, which uses every package below: {@link io.memstore.store.MvccStore} (reads at a
 *       revision, compaction's rules, open, close, verify), {@link io.memstore.store.WriteTxn},
 *       {@link io.memstore.store.RangeOptions} and {@link io.memstore.store.RangeResult},
 *       {@link io.memstore.store.StoreOptions}; and, package-private, {@code DeferredWriter} and
 *       {@code PendingRecords} (the group commit of {@code DEFERRED}), {@code IndexLoader} (which rebuilds the index
 *       from the scanned records, or loads its image, and checks the records against etcd's rules) and
 *       {@code VerifyRules} (those rules and the image's check, for verify). It decides what is written and what
 *       is indexed, and in which order.</li>
 * </ul>
 * The two groups share one package because the users' imports name both ({@code MvccStore} and
 * {@code RevisionIndex}, {@code StoreOptions} and {@code Durability}); a package of their own for either would
 * move public types users import, or leave this package with no store in it. {@code StoreArchitectureTest} keeps
 * the rule a package would: nothing of the vocabulary uses the MVCC store or anything below it.
 *
 * <h2>The packages below: {@code internal}</h2>
 * Three packages, as etcd keeps its key index, its backend and the MVCC store apart. They are named
 * {@code internal} as JaCoCo names its own: their public types and members are public for the store's other
 * packages, not for users, and may change in any release. They depend on each other one way (enforced by
 * {@code StoreArchitectureTest}):
 * <pre>
 *   io.memstore.store (the MVCC store)  -> internal.image, internal.index, internal.sqlite, the vocabulary
 *   internal.image                      -> internal.index, internal.sqlite, the vocabulary
 *   internal.index                      -> the vocabulary
 *   internal.sqlite                     -> the vocabulary
 *   io.memstore.store (the vocabulary)  -> nothing of the store
 * </pre>
 * <ul>
 *   <li>{@link io.memstore.store.internal.index}: the indexes, keys to revisions in memory: the B-tree
 *       {@code BTreeIndex} and the reference {@code ReferenceIndex}, the two a user can name in
 *       {@link io.memstore.store.StoreOptions#indexFactory} or wrap.</li>
 *   <li>{@link io.memstore.store.internal.sqlite}: the file format and everything the store does with SQLite;
 *       it knows nothing of the index, its image or the MVCC rules.</li>
 *   <li>{@link io.memstore.store.internal.image}: the index image, the B-tree's leaves kept in the file so that an
 *       open loads them instead of rebuilding the index from every record: it ties the other two together.</li>
 * </ul>
 */
package io.memstore.store;
