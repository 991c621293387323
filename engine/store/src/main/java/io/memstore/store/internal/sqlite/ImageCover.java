package io.memstore.store.internal.sqlite;

/**
 * The kv_key rows an image loaded from the {@code index_image} table stands for ({@link RowScan.RowSink#loadImage}):
 * every row up to and including packed revision {@code lastRev}, {@code rows} of them, whose {@link KeyDigest} was
 * {@code digest} when the image was made. The open scans only the rows after it, and keeps the image only when those
 * rows with these make the file's count and digest.
 */
public record ImageCover(long lastRev, long rows, long digest) {
}
