package io.memstore.measure.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The console rendering of a table: a table wider than the console goes on in blocks that repeat its first column. */
class TextTableTest {
    private static TextTable wide() {
        TextTable t = new TextTable("plan");
        t.column("scenario", false).column("keys", true).column("index live heap", true).column("process RSS", true)
                .column("verdict", false);
        t.row(List.of("production", "1M", "274.9 (266.6..283.1)", "361.2 (351.8..370.7)", "fits"));
        t.row(List.of("raspberry", "10M", "2759.0 (2676.2..2841.8)", "3121.0 (3028.1..3213.8)",
                "EXCEEDS machineMemory"));
        return t;
    }

    @Test
    void aTableWithinTheWidthIsOneBlock() {
        TextTable t = wide();
        int widest = t.aligned().stream().mapToInt(String::length).max().orElseThrow();
        assertThat(t.aligned(widest)).isEqualTo(t.aligned());
        assertThat(t.aligned()).hasSize(5).doesNotContain("");
    }

    @Test
    void aWiderTableGoesOnInBlocksThatBeginWithTheFirstColumn() {
        TextTable t = wide();
        int width = 60;
        List<String> lines = t.aligned(width);
        assertThat(lines).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(width));
        assertThat(lines.get(0)).isEqualTo("plan");
        // blocks of header, rule and two rows, each after an empty line but the first
        List<List<String>> blocks = new ArrayList<>();
        List<String> block = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isEmpty()) {
                blocks.add(block);
                block = new ArrayList<>();
            } else {
                block.add(line);
            }
        }
        blocks.add(block);
        assertThat(blocks).hasSizeGreaterThan(1).allSatisfy(b -> {
            assertThat(b).hasSize(4);
            assertThat(b.get(0)).startsWith("scenario");
            assertThat(b.get(1)).matches("-{10}( +-+)+");
            assertThat(b.get(2)).startsWith("production");
            assertThat(b.get(3)).startsWith("raspberry");
        });
        // every header and cell once, in the order of the columns
        String all = String.join("\n", lines);
        for (String cell : List.of("keys", "index live heap", "process RSS", "verdict", "10M", "2759.0 (2676.2..2841.8)",
                "3121.0 (3028.1..3213.8)", "EXCEEDS machineMemory")) {
            assertThat(all.split(java.util.regex.Pattern.quote(cell), -1)).as(cell).hasSize(2);
        }
        assertThat(all.indexOf("keys")).isLessThan(all.indexOf("process RSS"));
        assertThat(all.indexOf("process RSS")).isLessThan(all.indexOf("verdict"));
        // right-aligned numbers stay right-aligned in their block
        assertThat(blocks.get(0).get(2).indexOf(" 1M") + 3).isEqualTo(blocks.get(0).get(3).indexOf(" 10M") + 4);
    }

    @Test
    void aColumnWiderThanTheWidthStandsAloneBesideTheFirst() {
        TextTable t = wide();
        List<String> lines = t.aligned(20);
        assertThat(lines).filteredOn(l -> l.startsWith("scenario")).hasSize(4);
        assertThat(lines).contains("raspberry   3121.0 (3028.1..3213.8)");
    }

    @Test
    void eachBlockBeginsWithTheKeyColumnsThatNameTheRows() {
        TextTable t = new TextTable("workload");
        t.column("N", true).column("versions", true).column("index live heap, MiB (B/key)", true)
                .column("RSS, MiB (B/key)", true).column("puts/s", true).keyColumns(2);
        t.row(List.of("100K", "1", "7.0 (73.3)", "67.5 (707.4)", "110,610"));
        t.row(List.of("100K", "5", "8.5 (89.3)", "70.3 (736.8)", "156,192"));
        List<String> lines = t.aligned(50);
        assertThat(lines).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(50));
        assertThat(lines.stream().filter(l -> l.startsWith("   N  versions"))).hasSizeGreaterThan(1);
        // a row stays told apart from the other in every block: both key cells begin each of its lines
        assertThat(lines.stream().filter(l -> l.startsWith("100K         5"))).hasSizeGreaterThan(1);
        assertThat(t.keyColumns()).isEqualTo(2);
    }

    @Test
    void keyColumnsThatLeaveNoRoomFallBackToTheFirst() {
        TextTable t = wide().keyColumns(3);
        List<String> lines = t.aligned(40);
        assertThat(lines).filteredOn(l -> l.startsWith("scenario")).hasSizeGreaterThan(1)
                .allSatisfy(l -> assertThat(l).doesNotStartWith("scenario  keys"));
    }
}
