package io.memstore.measure.check;

/**
 * {@link ShardMerge} refused its shards: none given, a directory that holds no shard's result or an unreadable one,
 * shards of different runs, specs, versions, JVMs or machines, a shard missing or given twice. The message names the
 * directory and the reason; nothing was written.
 */
public final class ShardMergeException extends Exception {
    private static final long serialVersionUID = 1L;

    public ShardMergeException(String message) {
        super(message + "; nothing was written");
    }

    public ShardMergeException(String message, Throwable cause) {
        super(message + "; nothing was written", cause);
    }
}
