/**
 * The file format and everything the store does with SQLite: records in one SQLite file. Depends on the store's
 * vocabulary ({@code io.memstore.store}: revisions, key-values, durability, the verify report, the exceptions) and
 * on nothing else of the store: it knows nothing of the index, of its image or of the MVCC rules.
 *
 * <p>{@code StoreSchema} is the format (tables, meta records, version, the one-format policy); a key record is a
 * {@code KeyEntry}, a value record a {@code ValueRecord}, each with its {@code RecordChecksum}, and the key records
 * together have a {@code KeyDigest}, which binds them to the meta records and to the index image;
 * {@code SqliteHeader} and {@code WalCheck} read the header and the write-ahead log before SQLite does;
 * {@code StoreLock} holds the file.
 * {@link io.memstore.store.internal.sqlite.SqliteBackend} is the facade the MVCC store calls, over one file per
 * concern: {@code StoreOpener} (opening and the read-only checks, with {@code StoreMeta}), {@code RecordScan} (the
 * key-record scan that restores the index, read by {@code KeyScan}'s threads), {@code StoreWriter} (the writer
 * connection, {@code RecordWriter}, compaction's deletions, {@code WalCheckpointer}), {@code ReaderPool} (of
 * {@code ReadConnection}s), {@code StoreVerifier} and {@code SqliteConnections}, set up from
 * {@code SqliteOptions}; {@code SqliteErrors} turns SQLite's codes into store exceptions. A write travels as a
 * {@code Change}, a record read back as a {@code StoredRecord}.
 *
 * <p>What it needs of the layers above, they hand in: the records it scans go to a {@code RecordScan.RecordSink}, which
 * may load the index image in their place ({@code loadImage}, answering with an {@code ImageCover}); verify asks
 * {@code VerifyChecks} for the rules of a record and the problems of the image; the image is written through
 * {@link io.memstore.store.internal.sqlite.SqliteBackend#inTransaction} (a {@code TableWrite}). The
 * {@code index_image} table is part of the format, its contents are the image package's.
 *
 * <p>Names: a row of one of the file's tables is a <em>record</em> here ({@code RecordScan}, {@code ValueRecord});
 * "row" in memstore names a row of a workload spec.
 *
 * <p>Why {@code internal}: the public types and members here are public for the MVCC store and the image, in
 * packages of their own, and for the store's tests that write files by hand; none is API.
 */
package io.memstore.store.internal.sqlite;
