package io.memstore.store;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@link MvccStore#verify(Path)} found in a store file: every record whose checksum does not match, and every
 * other problem (format, meta records, records missing from the count, SQLite's own integrity check, a damaged
 * write-ahead log). The file is intact when both lists are empty.
 *
 * @param recordsChecked records read and checked
 */
public record VerifyReport(Path file, long recordsChecked, List<DamagedRecord> damagedRecords, List<String> problems) {
    /** A record that fails its checksum: its packed revision and key as the file holds them. */
    public record DamagedRecord(long revision, byte[] key, String problem) {
        @Override
        public String toString() {
            return "revision " + Revision.toString(revision) + ", key " + KeyValue.printable(key) + ": " + problem;
        }
    }

    public VerifyReport {
        damagedRecords = List.copyOf(damagedRecords);
        problems = List.copyOf(problems);
    }

    public boolean ok() {
        return damagedRecords.isEmpty() && problems.isEmpty();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(file + ": " + recordsChecked + " rows checked, " + damagedRecords.size()
                + " damaged, " + problems.size() + " other problems");
        for (DamagedRecord r : damagedRecords) {
            sb.append("\n  damaged row: ").append(r);
        }
        for (String p : problems) {
            sb.append("\n  problem: ").append(p);
        }
        return sb.toString();
    }
}
