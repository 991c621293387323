package io.memstore.store;

import java.util.List;

/**
 * One step of a differential fuzz run, as data, so that a failing run can be replayed and shrunk to a minimal
 * sequence. Revisions are absolute: after shrinking, a read at a revision that no longer exists simply
 * exercises the error path on both sides. {@link #toString()} reads as the store call it stands for.
 */
sealed interface FuzzOp {
    record Put(byte[] key, byte[] value) implements FuzzOp {
        @Override
        public String toString() {
            return "put(" + KeyValue.printable(key) + ", " + show(value) + ")";
        }
    }

    record Delete(byte[] key, byte[] end) implements FuzzOp {
        @Override
        public String toString() {
            return "deleteRange(" + KeyValue.printable(key) + ", "+ showEnd(end) + ")";
        }
    }

    record Txn(List<StoreModel.Op> ops, boolean commit) implements FuzzOp {
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("txn {");
            for (StoreModel.Op op : ops) {
                sb.append(' ').append(op.value() != null ? "put(" + KeyValue.printable(op.key()) + ", "
                        + show(op.value()) + ")" : "deleteRange(" + KeyValue.printable(op.key()) + ", " + showEnd(op.end())
                        + ")").append(';');
            }
            return sb.append(commit ? " commit }" : " close without commit }").toString();
        }
    }

    record Range(byte[] key, byte[] end, RangeOptions options) implements FuzzOp {
        @Override
        public String toString() {
            return "range(" + KeyValue.printable(key) + ", "+ showEnd(end) + ", " + options + ")";
        }
    }

    record Get(byte[] key, long rev) implements FuzzOp {
        @Override
        public String toString() {
            return "get(" + KeyValue.printable(key) + ", " + rev + ")";
        }
    }

    record Compact(long rev) implements FuzzOp {
        @Override
        public String toString() {
            return "compact(" + rev + ")";
        }
    }

    /** {@link MvccStore#flush()}. */
    record Flush() implements FuzzOp {
        @Override
        public String toString() {
            return "flush()";
        }
    }

    /** Close and open again: the index is rebuilt from the file. */
    record Reopen() implements FuzzOp {
        @Override
        public String toString() {
            return "close(); open()";
        }
    }

    /** What a crash leaves (database and log copied while the store is open) is opened and checked. */
    record Crash() implements FuzzOp {
        @Override
        public String toString() {
            return "crash(); open what it left";
        }
    }

    record CurrentRevision() implements FuzzOp {
        @Override
        public String toString() {
            return "currentRevision()";
        }
    }

    static String showEnd(byte[] end) {
        return end == null ? "null" : KeyValue.printable(end);
    }

    static String show(byte[] value) {
        return value.length <= 16 ? KeyValue.printable(value) : value.length + " B";
    }
}
