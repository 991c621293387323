package io.memstore.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A table too wide for a page goes on in tables that repeat the columns naming its rows. */
class TableTest {
    private static Table wide() {
        return new Table("Workload w", List.of("N", "versions", "reopen, rev/s", "index live heap, MiB (B/key)",
                "row"), List.of(true, true, true, true, false), List.of(
                List.of("100K", "1", "1,948,843", "3810.9 (3996.0)", "overall/keys=100K,versions=1"),
                List.of("1M", "5", "20,083,100", "84.8 (88.9)", "overall/keys=1M,versions=5")), 2);
    }

    @Test
    void aColumnTakesItsLongestUnbreakablePiece() {
        Table t = wide();
        assertThat(t.columnChars(0)).isEqualTo("100K".length() + Table.PADDING_CHARS); // wider than its header "N"
        assertThat(t.columnChars(1)).isEqualTo("versions".length() + Table.PADDING_CHARS);
        // a number never breaks: its whole text; a header between words
        assertThat(t.columnChars(2)).isEqualTo("20,083,100".length() + Table.PADDING_CHARS);
        assertThat(t.columnChars(3)).isEqualTo("3810.9 (3996.0)".length() + Table.PADDING_CHARS);
        // a row name after each '/' and ','
        assertThat(t.columnChars(4)).isEqualTo("versions=1".length() + Table.PADDING_CHARS);
    }

    @Test
    void aTableThatFitsStaysWhole() {
        Table t = wide();
        assertThat(t.fitting(1000)).containsExactly(t);
    }

    @Test
    void aWideTableGoesOnInTablesThatBeginWithTheKeyColumns() {
        Table t = wide();
        int keys = t.columnChars(0) + t.columnChars(1);
        List<Table> parts = t.fitting(keys + t.columnChars(2) + t.columnChars(3) - 1);
        assertThat(parts).extracting(Table::caption).containsExactly("Workload w", "Workload w (continued)",
                "Workload w (continued)");
        assertThat(parts).extracting(Table::headers).containsExactly(
                List.of("N", "versions", "reopen, rev/s"),
                List.of("N", "versions", "index live heap, MiB (B/key)"),
                List.of("N", "versions", "row"));
        assertThat(parts.get(1).rows().get(1)).containsExactly("1M", "5", "84.8 (88.9)");
        assertThat(parts.get(2).numeric()).containsExactly(true, true, false);
        // a column wider than the room beside the keys still gets a table of its own
        assertThat(t.fitting(1)).hasSize(3);
    }
}
