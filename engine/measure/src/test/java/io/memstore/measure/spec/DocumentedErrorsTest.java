package io.memstore.measure.spec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The error messages that spec-reference.md shows "as memstore prints them" are what memstore prints: each
 * example line is produced here from a spec file named {@code spec.yaml}, and every line of the page's example
 * block has its spec. A message that changes (a new field in an "expected one of" list, a reworded problem)
 * fails this test until the page says the same.
 */
class DocumentedErrorsTest {
    private static final Path PAGE = Path.of("../..", "site", "src", "site", "markdown", "spec-reference.md");

    @TempDir
    Path dir;

    /** The spec files, by the message each must produce; a byte[] where the text is not valid UTF-8. */
    private static Map<String, Object> specs() {
        String row = "version: 1\nworkloads:\n  - name: a\n";
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("unknown field 'keysize'", row + "    keysize: 64B\n");
        s.put("unknown field 'workload'", "version: 1\nworkload: []\n");
        s.put("more than the limit of 100M keys", row + "    keys: 1000000000000\n");
        s.put("'-64B' is negative", row + "    keySize: -64B\n");
        s.put("unknown unit 'kb'", row + "    keySize: 64kb\n");
        s.put("'1.5B' is 1.5 bytes", row + "    keySize: 1.5B\n");
        s.put("'five' is not a whole number", row + "    versions: five\n");
        s.put("unknown keyPattern 'randm'", row + "    keyPattern: randm\n");
        s.put("unknown store 'mysql'", row + "    store: mysql\n");
        s.put("which has no watchers", row + "    watchers: 100\n");
        s.put("duplicate workload name", "version: 1\nworkloads:\n  - name: index\n  - name: other\n  - name: index\n");
        s.put("duplicate key 'keys'", row + "    keys: 1K\n    versions: 1\n    keys: 2K\n");
        s.put("duplicate value 1K", row + "    keys: [1K, 2K, 1K]\n");
        s.put("4-byte keys of zero-padded", row + "    keys: [1K, 100K]\n    keyPattern: sequential\n    keySize: 4B\n");
        s.put("more than 1000 rows", row + "    keys: [1K, 2K, 3K, 4K, 5K, 6K, 7K, 8K, 9K, 10K]\n"
                + "    versions: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n    seed: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]\n");
        s.put("version: missing", "workloads:\n  - name: a\n");
        s.put("unsupported version '2'", "version: 2\nworkloads:\n  - name: a\n");
        s.put("the spec is empty", "");
        s.put("YAML syntax error", "version: 1\nname: a: b\n");
        s.put("'!!java.io.File'", row + "    keyPattern: !!java.io.File /etc/passwd\n");
        s.put("'!!javax.script.ScriptEngineManager'", row + "    seed: !!javax.script.ScriptEngineManager []\n");
        StringBuilder bomb = new StringBuilder("version: 1\na: &a [x]\n");
        for (int i = 0; i < 60; i++) {
            bomb.append("b").append(i).append(": *a\n");
        }
        s.put("more than 50 aliases", bomb.toString());
        s.put("nested more than 20 levels", "version: 1\nworkloads: " + "[".repeat(25) + "]".repeat(25) + "\n");
        s.put("1048650 bytes", "#".repeat(1_048_649) + "\n");
        byte[] latin1 = "version: 1\nname: caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1);
        s.put("byte 0xE9", latin1);
        s.put("unknown metric 'index.liveheap'", row + "budgets:\n  - metric: index.liveheap\n    max: 1\n");
        s.put("where.keysize", row + "budgets:\n  - metric: index.liveHeap\n    max: 1\n    where: {keysize: 64B}\n");
        s.put("no row with workload=a has keys=5K", row + "    keys: [1K, 2K]\nbudgets:\n  - metric: index.liveHeap\n"
                + "    max: 1\n    where:\n      workload: a\n      keys: 5K\n");
        s.put("'10s' is not a number", row + "budgets:\n  - metric: load.seconds\n    max: 10s\n");
        s.put("model.c1 is fitted over all rows", row + "budgets:\n  - metric: model.c1\n    max: 1\n"
                + "    where: {keys: 1K}\n");
        return s;
    }

    @Test
    void everyDocumentedMessageIsTheOneMemstorePrints() throws IOException {
        List<String> documented = documentedLines();
        assertThat(documented).hasSizeGreaterThanOrEqualTo(25);
        List<String> printed = new ArrayList<>();
        for (Map.Entry<String, Object> e : specs().entrySet()) {
            String message = messageOf(e.getValue());
            assertThat(message).as("the spec meant to produce '%s'", e.getKey()).contains(e.getKey());
            printed.add(message);
        }
        for (String line : documented) {
            assertThat(printed).as("spec-reference.md shows a message no spec here produces (or memstore now prints"
                    + " it differently)").contains(line);
        }
        for (String message : printed) {
            assertThat(documented).as("memstore prints a message spec-reference.md does not show as it is")
                    .contains(message);
        }
    }

    /** The example lines of the page's "Error messages" section. */
    private static List<String> documentedLines() throws IOException {
        String page = Files.readString(PAGE);
        Matcher m = Pattern.compile("(?s)## Error messages\\n.*?Examples, as memstore prints them:\\n\\n```\\n(.*?)```")
                .matcher(page);
        assertThat(m.find()).as("the example block of spec-reference.md's Error messages section").isTrue();
        return List.of(m.group(1).split("\n"));
    }

    private String messageOf(Object spec) throws IOException {
        Path file = dir.resolve("spec.yaml");
        if (spec instanceof byte[] bytes) {
            Files.write(file, bytes);
        } else {
            Files.writeString(file, (String) spec, StandardCharsets.UTF_8);
        }
        try {
            SpecLoader.load(file);
        } catch (SpecException e) {
            return e.getMessage().replace(dir + "/", "");
        }
        throw new AssertionError("spec accepted:\n" + spec);
    }
}
