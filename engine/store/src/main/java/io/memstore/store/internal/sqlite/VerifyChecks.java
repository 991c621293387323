package io.memstore.store.internal.sqlite;

import java.sql.Statement;
import java.util.List;

/**
 * What {@link StoreVerifier} asks of the layers above the SQLite side, whose rules and tables it does not know: the
 * rules for one intact record ({@link RecordScan.RecordRule}), and the problems of the {@code index_image} table, whose
 * contents are theirs.
 */
public interface VerifyChecks extends RecordScan.RecordRule {
    /**
     * The problems of the index image in the file {@code s} reads, against its meta records and {@code scan}, what
     * the scan of every kv_key record saw (null when SQLite stopped it); empty when none.
     */
    List<String> imageProblems(Statement s, StoreMeta meta, RecordScan.Scan scan);
}
