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
 */
package io.memstore.store;
