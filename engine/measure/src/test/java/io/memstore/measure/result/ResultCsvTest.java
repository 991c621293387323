package io.memstore.measure.result;

import io.memstore.measure.spec.Metric;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ResultCsvTest {
    @TempDir
    Path dir;

    @Test
    void oneLinePerRowWithParamAndMetricColumns() {
        String csv = ResultCsv.render(TestRows.sampleRun());
        List<List<String>> records = parse(csv);

        assertThat(records).hasSize(5);
        List<String> header = records.get(0);
        // the parameters in RowField's order, as memstore.json's params
        assertThat(header.subList(0, 26)).containsExactly("name", "workload", "system", "keys", "versions", "keySize",
                "valueSize", "keyPattern", "store", "index", "seed", "runs", "deletes", "compact", "leafCapacity",
                "durability", "sqliteCache", "readConnections", "batchLimit", "batchBytes", "batchInterval",
                "snapshotCount", "leases", "leasedKeys", "watchers", "measuredRuns");
        assertThat(header).contains("index.liveHeap", "get.opsPerSecond", "index.liveHeap.spread")
                .hasSize(26 + 2 * Metric.rowMetrics().size() + 2).endsWith("status", "runStarted");
        assertThat(records).allSatisfy(r -> assertThat(r).hasSameSizeAs(header));

        List<String> first = records.get(1);
        assertThat(cell(header, first, "name")).isEqualTo("index/keys=100K,versions=1,keySize=64B");
        assertThat(cell(header, first, "index.liveHeap")).isEqualTo("18350080");
        assertThat(cell(header, first, "index.bytesPerKey")).isEqualTo("183.5008");
        assertThat(cell(header, first, "process.rssAnon")).isEqualTo("n/a");
        assertThat(cell(header, first, "load.seconds.spread")).isEqualTo("0.0125");
        assertThat(cell(header, first, "measuredRuns")).isEqualTo("3");
        assertThat(cell(header, first, "sqliteCache")).isEqualTo("2048000"); // B: 2000 KiB, SQLite's default
        assertThat(cell(header, first, "batchInterval")).isEqualTo("100"); // ms
        assertThat(cell(header, records.get(3), "index.liveHeap")).isEqualTo("190000000.5");
    }

    @Test
    void quotesFieldsAsRfc4180Says() {
        String csv = ResultCsv.render(TestRows.sampleRun());

        assertThat(csv).contains("\r\n").doesNotContain("\n\n");
        assertThat(csv.replace("\r\n", "")).doesNotContain("\n");
        assertThat(csv).contains(",\"store, \"\"quoted\"\"\",");
        List<List<String>> records = parse(csv);
        assertThat(records.get(4).get(1)).isEqualTo("store, \"quoted\"");
        assertThat(ResultCsv.field("plain")).isEqualTo("plain");
        assertThat(ResultCsv.field("a\nb")).isEqualTo("\"a\nb\"");
        assertThat(ResultCsv.field(" padded")).isEqualTo("\" padded\"");
    }

    @Test
    void writesTheFile() throws IOException {
        Path file = dir.resolve(ResultCsv.FILE_NAME);
        ResultCsv.write(TestRows.sampleRun(), file);
        assertThat(Files.readString(file)).isEqualTo(ResultCsv.render(TestRows.sampleRun()));
    }

    private static String cell(List<String> header, List<String> record, String column) {
        return record.get(header.indexOf(column));
    }

    /** A strict RFC 4180 reader: CRLF records, quoted fields with doubled quotes. */
    private static List<List<String>> parse(String csv) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int i = 0;
        while (i < csv.length()) {
            char c = csv.charAt(i);
            if (c == '"' && field.length() == 0) {
                i++;
                while (true) {
                    char q = csv.charAt(i++);
                    if (q == '"') {
                        if (i < csv.length() && csv.charAt(i) == '"') {
                            field.append('"');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        field.append(q);
                    }
                }
            } else if (c == ',') {
                record.add(field.toString());
                field.setLength(0);
                i++;
            } else if (c == '\r') {
                assertThat(csv.charAt(i + 1)).isEqualTo('\n');
                record.add(field.toString());
                field.setLength(0);
                records.add(record);
                record = new ArrayList<>();
                i += 2;
            } else {
                assertThat(c).isNotEqualTo('"').isNotEqualTo('\n');
                field.append(c);
                i++;
            }
        }
        assertThat(record).isEmpty();
        return records;
    }
}
