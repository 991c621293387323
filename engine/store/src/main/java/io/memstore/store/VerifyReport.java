package io.memstore.store;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@link MvccStore#verify(Path)} found in a store file: every row whose checksum does not match, and every
 * other problem (format, meta rows, rows missing from the count, SQLite's own integrity check, a damaged
 * write-ahead log). The file is intact when both lists are empty.
 *
 * @param rowsChecked rows read and checked
 */
public record VerifyReport(Path file, long rowsChecked, List<DamagedRow> damagedRows, List<String> problems) {
    /** A row that fails its checksum: its packed revision and key as the file holds them. */
    public record DamagedRow(long revision, byte[] key, String problem) {
        @Override
        public String toString() {
            return "revision " + Revision.toString(revision) + ", key " + KeyValue.printable(key) + ": " + problem;
        }
    }

    public VerifyReport {
        damagedRows = List.copyOf(damagedRows);
        problems = List.copyOf(problems);
    }

    public boolean ok() {
        return damagedRows.isEmpty() && problems.isEmpty();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(file + ": " + rowsChecked + " rows checked, " + damagedRows.size()
                + " damaged, " + problems.size() + " other problems");
        for (DamagedRow r : damagedRows) {
            sb.append("\n  damaged row: ").append(r);
        }
        for (String p : problems) {
            sb.append("\n  problem: ").append(p);
        }
        return sb.toString();
    }
}
