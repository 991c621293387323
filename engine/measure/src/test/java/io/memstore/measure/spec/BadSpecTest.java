package io.memstore.measure.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Specs that must be refused, each with the exact message: position, field, problem and what was expected. */
class BadSpecTest {
    /** The smallest valid spec; cases append fields to its one workload. */
    private static final String ONE = "version: 1\nworkloads:\n  - name: a\n";

    static SpecException refusal(String yaml) {
        SpecException e = catchThrowableOfType(SpecException.class, () -> SpecLoader.load(yaml, "bad.yaml"));
        assertThat(e).as("refused:\n%s", yaml).isNotNull();
        return e;
    }

    static Stream<Arguments> badSpecs() {
        return Stream.of(
            // YAML syntax
            Arguments.of("unclosed flow list", "version: 1\nworkloads: [\n",
                "bad.yaml:3:1: YAML syntax error: expected the node content, but found '<stream end>'"
                    + " (while parsing a flow node)"),
            Arguments.of("two colons", "version: 1\nname: a: b\nworkloads:\n  - name: a\n",
                "bad.yaml:2:8: YAML syntax error: mapping values are not allowed here"),
            Arguments.of("tab indentation", "version: 1\nworkloads:\n\t- name: a\n",
                "bad.yaml:3:1: YAML syntax error: found character '\\t(TAB)' that cannot start any token."
                    + " (Do not use \\t(TAB) for indentation) (while scanning for the next token)"),
            Arguments.of("control character", ONE.replace("name: a", "name: a\u0007"),
                "bad.yaml:3:12: character U+0007 is not allowed in YAML; expected printable text"),
            // shape and types
            Arguments.of("empty text", "",
                "bad.yaml: the spec is empty; expected a mapping with version: 1 and workloads"),
            Arguments.of("comments only", "# nothing here\n\n",
                "bad.yaml: the spec is empty; expected a mapping with version: 1 and workloads"),
            Arguments.of("root is a list", "- version: 1\n",
                "bad.yaml:1:1: wrong type: a list is not a mapping; expected a mapping of sections version, name,"
                    + " defaults, workloads, budgets, plan"),
            Arguments.of("workloads is a scalar", "version: 1\nworkloads: index\n",
                "bad.yaml:2:12: workloads: wrong type: 'index' is not a list; expected a list of workloads,"
                    + " each with a name"),
            Arguments.of("no workloads", "version: 1\nworkloads: []\n",
                "bad.yaml:2:12: workloads: no workloads; expected at least one workload"),
            Arguments.of("keys is a mapping", ONE + "    keys: {count: 5}\n",
                "bad.yaml:4:11: workloads[0].keys: wrong type: a mapping is not a value or a list of values;"
                    + " expected a count from 1 to 100M, like 100K or 1M"),
            Arguments.of("versions is a word", ONE + "    versions: five\n",
                "bad.yaml:4:15: workloads[0].versions: 'five' is not a whole number; expected a whole number from"
                    + " 1 to 1000"),
            Arguments.of("enabled is not a boolean", ONE + "    enabled: maybe\n",
                "bad.yaml:4:14: workloads[0].enabled: 'maybe' is not a boolean; expected true or false"),
            Arguments.of("empty value", ONE + "    keys:\n",
                "bad.yaml:4:10: workloads[0].keys: missing value; expected a count from 1 to 100M, like 100K"
                    + " or 1M"),
            Arguments.of("list of lists", ONE + "    keys: [[1K]]\n",
                "bad.yaml:4:12: workloads[0].keys[0]: a list item must be a single value, got a list; expected a"
                    + " count from 1 to 100M, like 100K or 1M"),
            Arguments.of("empty list", ONE + "    keys: []\n",
                "bad.yaml:4:11: workloads[0].keys: empty list; expected at least one value: a count from 1 to"
                    + " 100M, like 100K or 1M"),
            Arguments.of("list in defaults", "version: 1\ndefaults:\n  keys: [1K, 2K]\nworkloads:\n  - name: a\n",
                "bad.yaml:3:9: defaults.keys: defaults take one value per field; expected a single value (lists"
                    + " belong in a workload)"),
            Arguments.of("a list as a key", ONE + "    ? [a]\n    : 1\n",
                "bad.yaml:4:7: workloads[0]: a key must be a plain name, not a list or mapping; expected a field"
                    + " name"),
            // unknown fields, with and without a suggestion
            Arguments.of("misspelt field", ONE + "    keysize: 64B\n",
                "bad.yaml:4:5: workloads[0].keysize: unknown field 'keysize' (did you mean 'keySize'?); expected"
                    + " one of name, enabled, system, keys, versions, keySize, valueSize, keyPattern, store, index, seed,"
                    + " runs, deletes, compact, leafCapacity, durability, sqliteCache, readConnections, batchLimit, batchBytes, batchInterval, snapshotCount,"
                    + " leases, leasedKeys, watchers"),
            Arguments.of("misspelt section", "version: 1\nworkload:\n  - name: a\n",
                "bad.yaml:2:1: workload: unknown field 'workload' (did you mean 'workloads'?); expected one of"
                    + " version, name, defaults, workloads, budgets, plan"),
            Arguments.of("unknown field", ONE + "    colour: blue\n",
                "bad.yaml:4:5: workloads[0].colour: unknown field 'colour'; expected one of name, enabled, system, keys,"
                    + " versions, keySize, valueSize, keyPattern, store, index, seed, runs, deletes, compact"
                    + ", leafCapacity, durability, sqliteCache, readConnections, batchLimit, batchBytes, batchInterval, snapshotCount,"
                    + " leases, leasedKeys, watchers"),
            // sizes, units and limits
            Arguments.of("negative size", ONE + "    keySize: -64B\n",
                "bad.yaml:4:14: workloads[0].keySize: '-64B' is negative; expected a size from 1B to 16KiB,"
                    + " like 64B"),
            Arguments.of("zero key size", ONE + "    keySize: 0B\n",
                "bad.yaml:4:14: workloads[0].keySize: '0B' is less than the minimum 1B; expected a size from 1B"
                    + " to 16KiB, like 64B"),
            Arguments.of("key size over 16KiB", ONE + "    keySize: 17KiB\n",
                "bad.yaml:4:14: workloads[0].keySize: '17KiB' is more than the limit of 16KiB; expected a size"
                    + " from 1B to 16KiB, like 64B"),
            Arguments.of("value size over 16MiB", ONE + "    valueSize: 32MiB\n",
                "bad.yaml:4:16: workloads[0].valueSize: '32MiB' is more than the limit of 16MiB; expected a size"
                    + " from 0B to 16MiB, like 256B or 1KiB, or a range of sizes drawn uniformly, like 512B..16KiB"),
            Arguments.of("bad unit", ONE + "    keySize: 64kb\n",
                "bad.yaml:4:14: workloads[0].keySize: unknown unit 'kb' in '64kb'; expected one of B, KB, MB, GB,"
                    + " KiB, MiB, GiB (KB = 1000 B, KiB = 1024 B)"),
            Arguments.of("fraction of a byte", ONE + "    keySize: 1.5B\n",
                "bad.yaml:4:14: workloads[0].keySize: '1.5B' is 1.5 bytes, not a whole number; expected a size"
                    + " from 1B to 16KiB, like 64B"),
            Arguments.of("10^12 keys", ONE + "    keys: 1000000000000\n",
                "bad.yaml:4:11: workloads[0].keys: '1000000000000' is more than the limit of 100M keys per row;"
                    + " expected a count from 1 to 100M, like 100K or 1M"),
            Arguments.of("10^12 keys in a list", ONE + "    keys: [1M, 1000000M]\n",
                "bad.yaml:4:16: workloads[0].keys[1]: '1000000M' is more than the limit of 100M keys per row;"
                    + " expected a count from 1 to 100M, like 100K or 1M"),
            Arguments.of("zero keys", ONE + "    keys: 0\n",
                "bad.yaml:4:11: workloads[0].keys: '0' is less than 1 key; expected a count from 1 to 100M, like"
                    + " 100K or 1M"),
            Arguments.of("1001 versions", ONE + "    versions: 1001\n",
                "bad.yaml:4:15: workloads[0].versions: '1001' is more than the limit of 1000; expected a whole"
                    + " number from 1 to 1000"),
            Arguments.of("26 runs", ONE + "    runs: 26\n",
                "bad.yaml:4:11: workloads[0].runs: '26' is more than the limit of 25; expected a whole number"
                    + " from 1 to 25"),
            Arguments.of("seed beyond 64 bits", ONE + "    seed: 99999999999999999999\n",
                "bad.yaml:4:11: workloads[0].seed: '99999999999999999999' is more than the limit of"
                    + " 9223372036854775807; expected a whole number (64-bit signed), like 1"),
            Arguments.of("deletes over 100%", ONE + "    deletes: 150%\n",
                "bad.yaml:4:14: workloads[0].deletes: '150%' is more than all keys; expected a share from 0% to"
                    + " 100% like 10%, or a number from 0 to 1 like 0.1"),
            Arguments.of("more than 1000 rows", ONE + "    keys: [1K, 2K, 3K, 4K, 5K, 6K, 7K, 8K, 9K, 10K]\n"
                    + "    versions: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n    seed: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]\n",
                "bad.yaml:3:5: workloads[0]: the spec expands to more than 1000 rows: this workload adds 1100 rows"
                    + " (10 keys x 10 versions x 11 seed); expected at most 1000 rows: shorter lists or fewer"
                    + " list-valued fields"),
            Arguments.of("rows over two workloads", "version: 1\nworkloads:\n  - {name: a, seed: [" + seq(600)
                    + "]}\n  - {name: b, seed: [" + seq(401) + "]}\n",
                "bad.yaml:4:5: workloads[1]: the spec expands to more than 1000 rows: this workload adds 401 rows"
                    + " (401 seed) to 600 before it; expected at most 1000 rows: shorter lists or fewer list-valued"
                    + " fields"),
            Arguments.of("rows beyond 64-bit arithmetic", ONE + "    keys: [" + seq(500) + "]\n    versions: ["
                    + seq(500) + "]\n    keySize: [" + seq(500) + "]\n    valueSize: [" + seq(500) + "]\n    seed: ["
                    + seq(500) + "]\n    runs: [" + seq(25) + "]\n    deletes: [0, 1]\n",
                "bad.yaml:3:5: workloads[0]: the spec expands to more than 1000 rows: this workload adds billions"
                    + " of rows (500 keys x 500 versions x 500 keySize x 500 valueSize x 500 seed x 25 runs x 2"
                    + " deletes); expected at most 1000 rows: shorter lists or fewer list-valued fields"),
            Arguments.of("keys too short for their count", ONE
                    + "    keyPattern: sequential\n    keySize: 4B\n    keys: [1K, 100K]\n",
                "bad.yaml:3:5: workloads[0]: row a/keys=100K asks for 100K distinct keys, but 4-byte keys of"
                    + " zero-padded decimal counters allow only 10000; expected keySize of at least 5B for 100K"
                    + " sequential keys, or fewer keys"),
            // enums
            Arguments.of("unknown store", ONE + "    store: mysql\n",
                "bad.yaml:4:12: workloads[0].store: unknown store 'mysql'; expected one of sqlite, none"),
            Arguments.of("misspelt key pattern", ONE + "    keyPattern: randm\n",
                "bad.yaml:4:17: workloads[0].keyPattern: unknown keyPattern 'randm' (did you mean 'random'?);"
                    + " expected one of random, sequential, hierarchical"),
            Arguments.of("YAML boolean for compact", ONE + "    compact: yes\n",
                "bad.yaml:4:14: workloads[0].compact: unknown compact 'yes'; expected one of latest, none, or every"
                    + " followed by a count of revisions, like every 10K"),
            // names and duplicates
            Arguments.of("duplicate workload names", "version: 1\nworkloads:\n  - name: index\n  - name: churn\n"
                    + "  - name: index\n",
                "bad.yaml:5:11: workloads[2].name: duplicate workload name 'index' (first at 3:11); expected a"
                    + " name used by no other workload"),
            Arguments.of("duplicate keys", ONE + "    keys: 1K\n    versions: 2\n    keys: 2K\n",
                "bad.yaml:6:5: workloads[0].keys: duplicate key 'keys' (first at 4:5); expected each key once"),
            Arguments.of("duplicate list values", ONE + "    keys: [1K, 2K, 1000]\n",
                "bad.yaml:4:20: workloads[0].keys[2]: duplicate value 1K (also item 0); expected distinct values:"
                    + " two rows would have the same name"),
            Arguments.of("workload without a name", "version: 1\nworkloads:\n  - keys: 1K\n",
                "bad.yaml:3:5: workloads[0].name: missing; expected a name of letters, digits, '.', '_' or '-'"
                    + " (at most 64), like index"),
            Arguments.of("name with a blank", "version: 1\nworkloads:\n  - name: my workload\n",
                "bad.yaml:3:11: workloads[0].name: 'my workload' is not a valid name; expected a name of letters,"
                    + " digits, '.', '_' or '-' (at most 64), like index"),
            Arguments.of("merge key", "version: 1\ndefaults: &d\n  keys: 1K\nworkloads:\n  - name: a\n    <<: *d\n",
                "bad.yaml:6:5: workloads[0].<<: merge keys ('<<') are not supported; expected the fields written"
                    + " out (shared values belong in defaults)"),
            // version
            Arguments.of("missing version", "name: x\nworkloads:\n  - name: a\n",
                "bad.yaml:1:1: version: missing; expected version: 1 (the format version)"),
            Arguments.of("version 2", "version: 2\nworkloads:\n  - name: a\n",
                "bad.yaml:1:10: version: unsupported version '2'; expected 1 (the only format version)"),
            Arguments.of("version 1.0", "version: 1.0\nworkloads:\n  - name: a\n",
                "bad.yaml:1:10: version: unsupported version '1.0'; expected 1 (the only format version)"),
            Arguments.of("missing workloads", "version: 1\nname: x\n",
                "bad.yaml:1:1: workloads: missing; expected a list of workloads, each with a name"),
            // tags: nothing is ever instantiated, and any tag but the standard ones is refused
            Arguments.of("!!java.io.File", ONE + "    keyPattern: !!java.io.File /etc/passwd\n",
                "bad.yaml:4:17: workloads[0].keyPattern: tag '!!java.io.File' is not allowed: a spec holds plain"
                    + " values only; expected the value without a tag"),
            Arguments.of("!!javax.script.ScriptEngineManager", ONE + "    seed: !!javax.script.ScriptEngineManager"
                    + " [!!java.net.URLClassLoader [[!!java.net.URL [\"http://localhost/\"]]]]\n",
                "bad.yaml:4:11: workloads[0].seed: tag '!!javax.script.ScriptEngineManager' is not allowed: a spec"
                    + " holds plain values only; expected the value without a tag"),
            Arguments.of("!!python/object", "version: 1\nname: !!python/object/apply:os.system [\"true\"]\n"
                    + "workloads:\n  - name: a\n",
                "bad.yaml:2:7: name: tag '!!python/object/apply:os.system' is not allowed: a spec holds plain"
                    + " values only; expected the value without a tag"),
            Arguments.of("verbatim java tag", ONE + "    store: !<tag:yaml.org,2002:java.net.URL> sqlite\n",
                "bad.yaml:4:12: workloads[0].store: tag '!!java.net.URL' is not allowed: a spec holds plain values"
                    + " only; expected the value without a tag"),
            Arguments.of("local tag", ONE + "    store: !foo sqlite\n",
                "bad.yaml:4:12: workloads[0].store: tag '!foo' is not allowed: a spec holds plain values only;"
                    + " expected the value without a tag"),
            // hostile structure: limits carry no position, but name the file and the limit
            Arguments.of("billion laughs", "version: 1\n" + billionLaughs() + "workloads:\n  - name: a\n",
                "bad.yaml: more than 50 aliases to lists or mappings (an alias bomb?); expected at most 50"),
            Arguments.of("deep nesting", ONE + "    keys: " + "[".repeat(25) + "1" + "]".repeat(25) + "\n",
                "bad.yaml: lists and mappings nested more than 20 levels deep; expected at most 20 levels"),
            // budgets
            Arguments.of("misspelt metric", ONE + "budgets:\n  - metric: index.liveheap\n    max: 1MB\n",
                "bad.yaml:5:13: budgets[0].metric: unknown metric 'index.liveheap' (did you mean"
                    + " 'index.liveHeap'?); expected one of " + String.join(", ", Metric.names())),
            Arguments.of("budget without bounds", ONE + "budgets:\n  - metric: index.liveHeap\n    message: hi\n",
                "bad.yaml:5:5: budgets[0]: a budget needs max, min, maxIncrease or maxIncreaseBytes; expected max and/or"
                    + " min, like max: 120MiB, or a limit against a baseline like maxIncrease: 5%"),
            Arguments.of("budget in apples", ONE + "budgets:\n  - metric: process.rss\n    max: 120 apples\n",
                "bad.yaml:6:10: budgets[0].max: unknown unit 'apples' in '120 apples'; expected one of B, KB, MB,"
                    + " GB, KiB, MiB, GiB (KB = 1000 B, KiB = 1024 B)"),
            Arguments.of("seconds with a unit", ONE + "budgets:\n  - metric: load.seconds\n    max: 10s\n",
                "bad.yaml:6:10: budgets[0].max: '10s' is not a number; expected a plain number (seconds) like 1.5"),
            Arguments.of("min above max", ONE + "budgets:\n  - metric: get.opsPerSecond\n    max: 100\n"
                    + "    min: 200\n",
                "bad.yaml:7:10: budgets[0].min: min is greater than max; expected min <= max"),
            Arguments.of("unknown level", ONE + "budgets:\n  - metric: model.c1\n    max: 16B\n    level: fatal\n",
                "bad.yaml:7:12: budgets[0].level: unknown level 'fatal'; expected one of error, warn"),
            Arguments.of("where on a model metric", ONE + "budgets:\n  - metric: model.c1\n    max: 16B\n"
                    + "    where: {workload: a}\n",
                "bad.yaml:7:5: budgets[0].where: model.c1 is fitted over all rows and takes no where; expected no"
                    + " where for model.* metrics"),
            Arguments.of("where names an unknown field", ONE + "budgets:\n  - metric: index.liveHeap\n    max: 1MB\n"
                    + "    where: {workload: a, keysize: 64B}\n",
                "bad.yaml:7:26: budgets[0].where.keysize: unknown field 'keysize' (did you mean 'keySize'?);"
                    + " expected one of workload, system, keys, versions, keySize, valueSize, keyPattern, store, index,"
                    + " seed, runs, deletes, compact, leafCapacity, durability, sqliteCache, readConnections, batchLimit, batchBytes, batchInterval, snapshotCount,"
                    + " leases, leasedKeys, watchers"),
            Arguments.of("where names an unknown workload", ONE + "budgets:\n  - metric: index.liveHeap\n"
                    + "    max: 1MB\n    where: {workload: b}\n",
                "bad.yaml:7:23: budgets[0].where.workload: no workload 'b'; expected one of a"),
            Arguments.of("where matches no row", "version: 1\nworkloads:\n  - name: a\n    keys: [1K, 2K]\n"
                    + "  - name: b\n    keys: 5K\nbudgets:\n  - metric: index.liveHeap\n    max: 1MB\n"
                    + "    where: {workload: a, keys: 5K}\n",
                "bad.yaml:10:32: budgets[0].where.keys: no row with workload=a has keys=5K; those rows have keys"
                    + " 1K, 2K; expected a where that matches at least one row"),
            Arguments.of("where matches no row of the spec", ONE + "budgets:\n  - metric: index.liveHeap\n"
                    + "    max: 1MB\n    where:\n      versions: 3\n",
                "bad.yaml:8:17: budgets[0].where.versions: no row of the spec has versions=3; those rows have"
                    + " versions 1; expected a where that matches at least one row"),
            Arguments.of("where with a list", ONE + "budgets:\n  - metric: index.liveHeap\n    max: 1MB\n"
                    + "    where: {keys: [1K]}\n",
                "bad.yaml:7:19: budgets[0].where.keys: where takes one value per field, got a list; expected a"
                    + " count from 1 to 100M, like 100K or 1M"),
            Arguments.of("budgets as a mapping", ONE + "budgets:\n  metric: x\n",
                "bad.yaml:5:3: budgets: wrong type: a mapping is not a list; expected a list of budgets, each with"
                    + " a metric and max or min"));
    }

    /** "1, 2, ..., n". */
    private static String seq(int n) {
        return String.join(", ", java.util.stream.IntStream.rangeClosed(1, n).mapToObj(Integer::toString).toList());
    }

    /** Nine levels of nine aliases: 9^9 "lol"s if expanded. */
    private static String billionLaughs() {
        StringBuilder sb = new StringBuilder("lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for (int level = 1; level <= 9; level++) {
            sb.append("lol").append(level).append(": &l").append(level).append(" [");
            for (int i = 0; i < 9; i++) {
                sb.append(i == 0 ? "" : ", ").append("*l").append(level - 1);
            }
            sb.append("]\n");
        }
        return sb.toString();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badSpecs")
    void refusesWithTheExactMessage(String title, String yaml, String message) {
        assertThat(refusal(yaml).getMessage()).isEqualTo(message);
    }

    @Test
    void exposesThePositionAndTheFieldApart() {
        SpecException e = refusal(ONE + "    keys: 100K\n    keySize: [64B, 17KiB]\n");
        assertThat(e.file()).isEqualTo("bad.yaml");
        assertThat(e.line()).isEqualTo(5);
        assertThat(e.column()).isEqualTo(20);
        assertThat(e.field()).isEqualTo("workloads[0].keySize[1]");
        assertThat(e.problem()).isEqualTo("'17KiB' is more than the limit of 16KiB");
        assertThat(e.expected()).isEqualTo("a size from 1B to 16KiB, like 64B");

        SpecException limit = refusal("version: 1\n" + billionLaughs() + "workloads:\n  - name: a\n");
        assertThat(limit.line()).isZero();
        assertThat(limit.column()).isZero();
        assertThat(limit.field()).isNull();
    }

    @Test
    void aTagNeverReachesAConstructorEvenInsideAnUnusedSection() {
        // the anchor section is not part of the format, yet its tag is refused before the field is
        SpecException e = refusal("version: 1\nx: !!java.lang.ProcessBuilder [[\"touch\", \"/tmp/memstore-pwned\"]]\n"
                + "workloads:\n  - name: a\n");
        assertThat(e.getMessage()).isEqualTo("bad.yaml:2:4: x: tag '!!java.lang.ProcessBuilder' is not allowed:"
                + " a spec holds plain values only; expected the value without a tag");
        assertThat(Path.of("/tmp/memstore-pwned")).doesNotExist();
    }

    @Test
    void refusesAFileOverOneMebibyteBeforeReadingIt(@TempDir Path dir) throws IOException {
        Path big = dir.resolve("huge.yaml");
        StringBuilder sb = new StringBuilder(ONE);
        while (sb.length() <= SpecLimits.MAX_SPEC_BYTES) {
            sb.append("# padding padding padding padding padding padding padding padding padding padding\n");
        }
        Files.writeString(big, sb);
        SpecException e = catchThrowableOfType(SpecException.class, () -> SpecLoader.load(big));
        assertThat(e.getMessage()).isEqualTo(big + ": the spec is " + Files.size(big) + " bytes, more than the"
                + " limit of 1048576 bytes (1 MiB); expected a spec of at most 1 MiB");
        assertThat(e.line()).isZero();

        SpecException text = refusal(sb.toString());
        assertThat(text.getMessage()).isEqualTo("bad.yaml: the spec is " + sb.length() + " characters, more than"
                + " the limit of 1048576 (1 MiB); expected a spec of at most 1 MiB");
    }

    @Test
    void refusesBytesThatAreNotUtf8AtTheirPosition(@TempDir Path dir) throws IOException {
        Path latin1 = dir.resolve("latin1.yaml");
        Files.write(latin1, "version: 1\nname: caf\u00e9\nworkloads:\n  - name: a\n"
                .getBytes(StandardCharsets.ISO_8859_1));
        SpecException e = catchThrowableOfType(SpecException.class, () -> SpecLoader.load(latin1));
        assertThat(e.getMessage()).isEqualTo(latin1 + ":2:10: byte 0xE9 at offset 20 is not valid UTF-8;"
                + " expected UTF-8 text (save the file as UTF-8)");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(10);

        // columns count characters, not bytes: two 2-byte characters before the bad byte
        Path mixed = dir.resolve("mixed.yaml");
        byte[] good = "version: 1\n# \u00e9\u00e9".getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[good.length + 2];
        System.arraycopy(good, 0, bytes, 0, good.length);
        bytes[good.length] = (byte) 0xFF;
        bytes[good.length + 1] = '\n';
        Files.write(mixed, bytes);
        SpecException m = catchThrowableOfType(SpecException.class, () -> SpecLoader.load(mixed));
        assertThat(m.line()).isEqualTo(2);
        assertThat(m.column()).isEqualTo(5);
    }

    @Test
    void refusesUtf16(@TempDir Path dir) throws IOException {
        Path utf16 = dir.resolve("utf16.yaml");
        Files.write(utf16, (ONE).getBytes(StandardCharsets.UTF_16));
        SpecException e = catchThrowableOfType(SpecException.class, () -> SpecLoader.load(utf16));
        assertThat(e.getMessage()).isEqualTo(utf16 + ":1:1: the file is UTF-16 (it starts with a UTF-16 byte order"
                + " mark); expected UTF-8 text");
    }

    @Test
    void refusesAMissingFileAndAnEmptyFile(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("missing.yaml");
        assertThat(catchThrowableOfType(SpecException.class, () -> SpecLoader.load(missing)).getMessage())
                .isEqualTo(missing + ": no such file; expected a YAML spec file");
        assertThat(catchThrowableOfType(SpecException.class, () -> SpecLoader.load(dir)).getMessage())
                .isEqualTo(dir + ": not a regular file; expected a YAML spec file");
        Path empty = Files.createFile(dir.resolve("empty.yaml"));
        assertThat(catchThrowableOfType(SpecException.class, () -> SpecLoader.load(empty)).getMessage())
                .isEqualTo(empty + ": the spec is empty; expected a mapping with version: 1 and workloads");
    }
}
