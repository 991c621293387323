package io.memstore.store.internal.sqlite;

/**
 * The kv_key rows an image loaded from the {@code index_image} table stands for ({@link RowScan.RowSink#loadImage}):
 * every row up to and including packed revision {@code lastRev}, {@code rows} of them. The open scans only the rows
 * after it.
 */
public record ImageCover(long lastRev, long rows) {
}
