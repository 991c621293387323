package io.memstore.measure.check;

import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowCount;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.Shard;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * How the selected rows of a spec are spread over {@code N} shards: balanced by each row's expected cost, computed
 * from the spec alone ({@link #cost}), so that every machine, given the same spec, scale and filter, makes the same
 * partition. The most costly row goes first, each to the shard with the least cost so far (the lowest-numbered on a
 * tie); within a shard the rows keep the spec's order. More shards than rows leave the last shards empty.
 */
public final class ShardPartition {
    /** Seconds of a row before its first write: the JVM's start and the settle waits around the readings. */
    static final double FIXED_SECONDS = 15;
    /** Seconds per write of an index-only row, and per byte of key. */
    static final double WRITE_SECONDS = 4e-6;
    static final double KEY_BYTE_SECONDS = 6e-8;
    /** Seconds per write of a row that stores its values too (SQLite or another system), and per byte of value. */
    static final double STORED_WRITE_SECONDS = 5e-5;
    static final double VALUE_BYTE_SECONDS = 5e-8;
    /** Seconds of the timed gets of a row that reads its values from a store. */
    static final double STORED_GETS_SECONDS = 25;

    private ShardPartition() {
    }

    /** The rows of {@code shard}, in the order of {@code rows}. */
    public static List<Row> rowsOf(List<Row> rows, Shard shard) {
        return partition(rows, shard.count()).get(shard.index() - 1);
    }

    /** Every shard's rows, shard 1 first, each in the order of {@code rows}. */
    public static List<List<Row>> partition(List<Row> rows, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("at least one shard, was " + count);
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            order.add(i);
        }
        // the costliest first; equal costs in the spec's order (the sort is stable)
        order.sort(Comparator.comparingDouble((Integer i) -> cost(rows.get(i))).reversed());
        double[] load = new double[count];
        int[] shardOf = new int[rows.size()];
        for (int i : order) {
            int least = 0;
            for (int s = 1; s < count; s++) {
                if (load[s] < load[least]) {
                    least = s;
                }
            }
            load[least] += cost(rows.get(i));
            shardOf[i] = least;
        }
        List<List<Row>> parts = new ArrayList<>();
        for (int s = 0; s < count; s++) {
            List<Row> part = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                if (shardOf[i] == s) {
                    part.add(rows.get(i));
                }
            }
            parts.add(List.copyOf(part));
        }
        return List.copyOf(parts);
    }

    /**
     * A row's expected cost in seconds of a 2-core machine, from its size alone: a fixed part per run, the writes
     * (keys x versions, and the deletes) with their key bytes, and for a row that stores its values the values'
     * writes and the gets that read them. An estimate for balancing shards, not a prediction of a run's time.
     */
    public static double cost(Row row) {
        RowParams p = row.params();
        long writes = RowCount.writes(row);
        int runs = Math.max(1, p.runs());
        double seconds = runs * FIXED_SECONDS + writes * (WRITE_SECONDS + KEY_BYTE_SECONDS * p.keySize());
        if (p.storesValues()) {
            double value = (p.valueSize() + p.shape().valueSizeMax()) / 2.0;
            seconds += writes * (STORED_WRITE_SECONDS + VALUE_BYTE_SECONDS * value) + runs * STORED_GETS_SECONDS;
        }
        return seconds;
    }
}
