package io.memstore.store;

import io.memstore.store.internal.image.IndexImageCheck;
import io.memstore.store.internal.sqlite.RecordScan;
import io.memstore.store.internal.sqlite.StoreMeta;
import io.memstore.store.internal.sqlite.VerifyChecks;
import java.sql.Statement;
import java.util.List;

/**
 * What {@link MvccStore#verify} checks beyond the SQLite side's own checks: a record against the rules the open applies
 * to it ({@link IndexLoader#recordProblem}, keys up to the largest {@link StoreOptions#maxKeySize} any store accepts),
 * and the index image ({@link IndexImageCheck}).
 */
final class VerifyRules implements VerifyChecks {
    @Override
    public String problem(long rev, byte[] key, long createRev, long version) {
        return IndexLoader.recordProblem(rev, key, createRev, version, StoreOptions.MAX_KEY_SIZE_LIMIT);
    }

    @Override
    public List<String> imageProblems(Statement s, StoreMeta meta, RecordScan.Scan scan) {
        return IndexImageCheck.problems(s, meta, scan);
    }
}
