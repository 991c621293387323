/**
 * The index image: a {@code BTreeIndex}'s settled leaves kept in the store file ({@code index_image}), so that an
 * open loads the index instead of rebuilding it from every key record. It ties the other two internal packages
 * together, and so sits above both: it depends on {@code internal.index} (the leaves, {@code LeafCodec}), on
 * {@code internal.sqlite} (the table, the meta records, the checksums) and on the store's vocabulary, and nothing but
 * the MVCC store depends on it.
 *
 * <p>{@link io.memstore.store.internal.image.IndexImage} is the format: parts of about 1 MiB of whole leaves, a
 * header part, a checksum per part. {@code IndexImageTable} writes it in the writer's transaction and reads it back
 * on open only when it is whole, current and made from the file's records (their digest, the SQLite side's
 * {@code KeyDigest}); {@code IndexImageCheck} is what verify reports of a damaged or foreign one.
 *
 * <p>Why {@code internal}: its public types and members are public for the MVCC store, in a package of its own;
 * none is API.
 */
package io.memstore.store.internal.image;
