package io.memstore.measure.result;

import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowField;
import io.memstore.measure.spec.Shard;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * What marks a result as one shard's ({@code memstore.shard=K/N}): which part of how many, which rows the partition
 * gave it, and everything {@code memstore:merge} compares between shards before it puts their rows together: the
 * whole run's rows (by their digest), how the probes ran, and where.
 *
 * @param shard         which part, of how many
 * @param rows          the names of the rows the partition gave this shard, in the spec's order; a row that failed
 *                      and the rows after it are among them, without results
 * @param selected      how many rows the whole run selected, every shard's
 * @param digest        {@link #digest} of the whole run's selected rows: another spec, scale or filter gives another
 * @param scale         the run's {@code memstore.scale}
 * @param only          the run's {@code memstore.only}, or null for every row
 * @param memstore      the version of memstore that measured (the plugin's)
 * @param machineMemory bytes of the machine's physical memory ({@code Long.MAX_VALUE} when it did not tell)
 * @param jvmArgs       the user's probe flags ({@code memstore.jvmArgs})
 * @param settleMillis  the probes' settle wait, 0 when skipped
 * @param gets          the gets each probe timed at most
 */
public record ShardMark(Shard shard, List<String> rows, int selected, String digest, double scale, String only,
                        String memstore, long machineMemory, List<String> jvmArgs, long settleMillis, int gets) {
    public ShardMark {
        Objects.requireNonNull(shard, "shard");
        rows = List.copyOf(rows);
        Objects.requireNonNull(digest, "digest");
        Objects.requireNonNull(memstore, "memstore");
        jvmArgs = List.copyOf(jvmArgs);
        if (selected < rows.size()) {
            throw new IllegalArgumentException("a shard of " + rows.size() + " rows cannot be part of a run of "
                    + selected);
        }
    }

    /**
     * SHA-256, in hex, of the rows' names and parameters in order: equal for the same rows measured the same way,
     * whatever the spec's file says around them.
     */
    public static String digest(List<Row> rows) {
        StringBuilder text = new StringBuilder();
        for (Row row : rows) {
            text.append(row.name()).append('\n').append(row.params().workload());
            for (RowField field : RowField.values()) {
                text.append('\t').append(field.specName()).append('=').append(field.format(field.get(row.params())));
            }
            text.append('\n');
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
