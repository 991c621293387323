package io.memstore.store.internal.sqlite;

/**
 * The kv_key records an image loaded from the {@code index_image} table stands for ({@link
 * RecordScan.RecordSink#loadImage}): every record up to and including packed revision {@code lastRev}, {@code records}
 * of them. The open scans only the records after it.
 */
public record ImageCover(long lastRev, long records) {
}
