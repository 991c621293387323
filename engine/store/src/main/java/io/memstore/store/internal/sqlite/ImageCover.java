package io.memstore.store.internal.sqlite;

/**
 * The kv_key records an image loaded from the {@code index_image} table stands for ({@link
 * RecordScan.RecordSink#loadImage}): every record up to and including packed revision {@code lastRev}, {@code records}
 * of them, whose {@link KeyDigest} was {@code digest} when the image was made. The open scans only the records after
 * it, and keeps the image only when those records with these make the file's count and digest.
 */
public record ImageCover(long lastRev, long records, long digest) {
}
