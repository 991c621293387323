package io.memstore.store;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Shrinks a failing operation sequence to a small one that still fails: delta debugging (Zeller's ddmin) over
 * the operations, removing chunks of halving size; then reads at an absolute revision are tried at the latest one
 * (so that the operations that only made up the revision can go) and ddmin runs again; then the operations inside
 * each transaction are removed one by one.
 * Each try replays a candidate from scratch, so the time is bounded by a deadline: the best sequence found by
 * then is returned.
 */
final class FuzzShrinker {
    private final Predicate<List<FuzzOp>> fails;
    private final long deadline;
    private int replays;

    /**
     * @param fails   replays a candidate on a fresh store and model; true when they still differ
     * @param budgetMillis how long shrinking may take
     */
    FuzzShrinker(Predicate<List<FuzzOp>> fails, long budgetMillis) {
        this.fails = fails;
        this.deadline = System.nanoTime() + budgetMillis * 1_000_000;
    }

    int replays() {
        return replays;
    }

    List<FuzzOp> shrink(List<FuzzOp> failing) {
        List<FuzzOp> best = ddmin(failing);
        // a read at an absolute revision needs every operation that made that revision: try the latest instead
        boolean simpler = false;
        for (int i = 0; i < best.size() && !late(); i++) {
            if (best.get(i) instanceof FuzzOp.Range r && !r.options().isLatest()) {
                RangeOptions latest = RangeOptions.latest().limit(r.options().limit());
                List<FuzzOp> candidate = new ArrayList<>(best);
                candidate.set(i, new FuzzOp.Range(r.key(), r.end(), r.options().countsTotal() ? latest.countTotal() : latest));
                if (tryFails(candidate)) {
                    best = candidate;
                    simpler = true;
                }
            }
        }
        if (simpler) {
            best = ddmin(best);
        }
        for (int i = 0; i < best.size() && !late(); i++) {
            if (best.get(i) instanceof FuzzOp.Txn t && t.ops().size() > 1) {
                best = shrinkTxn(best, i, t);
            }
        }
        return best;
    }

    private List<FuzzOp> ddmin(List<FuzzOp> start) {
        List<FuzzOp> best = start;
        int n = 2;
        while (best.size() >= 2 && !late()) {
            int chunk = (best.size() + n - 1) / n;
            boolean reduced = false;
            for (int from = 0; from < best.size() && !late(); from += chunk) {
                List<FuzzOp> candidate = new ArrayList<>(best.subList(0, from));
                candidate.addAll(best.subList(Math.min(best.size(), from + chunk), best.size()));
                if (tryFails(candidate)) {
                    best = candidate;
                    n = Math.max(n - 1, 2);
                    reduced = true;
                    break;
                }
            }
            if (!reduced) {
                if (chunk == 1) {
                    break;
                }
                n = Math.min(best.size(), n * 2);
            }
        }
        return best;
    }

    private List<FuzzOp> shrinkTxn(List<FuzzOp> seq, int at, FuzzOp.Txn txn) {
        List<StoreModel.Op> ops = new ArrayList<>(txn.ops());
        for (int j = ops.size() - 1; j >= 0 && ops.size() > 1 && !late(); j--) {
            List<StoreModel.Op> fewer = new ArrayList<>(ops);
            fewer.remove(j);
            List<FuzzOp> candidate = new ArrayList<>(seq);
            candidate.set(at, new FuzzOp.Txn(fewer, txn.commit()));
            if (tryFails(candidate)) {
                ops = fewer;
                seq = candidate;
            }
        }
        return seq;
    }

    private boolean tryFails(List<FuzzOp> candidate) {
        replays++;
        return fails.test(candidate);
    }

    private boolean late() {
        return System.nanoTime() > deadline;
    }
}
