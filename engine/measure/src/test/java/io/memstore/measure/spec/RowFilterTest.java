package io.memstore.measure.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class RowFilterTest {
    private static List<Row> rows;

    @BeforeAll
    static void load() throws SpecException {
        rows = SpecLoader.loadDefault().rows();
    }

    static List<String> names(String only) {
        return RowFilter.parse(only).select(rows).stream().map(Row::name).toList();
    }

    @Test
    void globsMatchWholeRowNames() {
        assertThat(names("index/*")).hasSize(8).allMatch(n -> n.startsWith("index/"));
        assertThat(names("*keys=100K*")).containsExactly(
                "index/keys=100K,versions=1,keySize=64B", "index/keys=100K,versions=1,keySize=256B",
                "index/keys=100K,versions=5,keySize=64B", "index/keys=100K,versions=5,keySize=256B",
                "overall/keys=100K,versions=1", "overall/keys=100K,versions=5");
        assertThat(names("overall/keys=1?,versions=5")).containsExactly("overall/keys=1M,versions=5");
        assertThat(rows).as("whole names only").noneMatch(RowFilter.parse("overall/keys=1M")::matches);
    }

    @Test
    void commasSeparatePatternsButNotTheFieldsOfARowName() {
        RowFilter two = RowFilter.parse(" index/*64B , overall/* ");
        assertThat(two.patterns()).containsExactly("index/*64B", "overall/*");
        assertThat(two.select(rows)).hasSize(8);
        RowFilter exact = RowFilter.parse("index/keys=1M,versions=5,keySize=64B");
        assertThat(exact.patterns()).containsExactly("index/keys=1M,versions=5,keySize=64B");
        assertThat(exact.select(rows)).extracting(Row::name).containsExactly("index/keys=1M,versions=5,keySize=64B");
        assertThat(RowFilter.parse("*versions=5*,overall/*").patterns()).containsExactly("*versions=5*", "overall/*");
        assertThat(names("overall/*,overall/*")).as("a row is kept once").hasSize(4);
    }

    @Test
    void regexCharactersAreLiteral() throws SpecException {
        List<Row> dotted = SpecLoader.load("version: 1\nworkloads:\n  - {name: a.b, keys: [1K, 2K]}\n  - name: axb\n",
                "d.yaml").rows();
        assertThat(RowFilter.parse("a.b*").select(dotted)).extracting(Row::name)
                .containsExactly("a.b/keys=1K", "a.b/keys=2K");
        assertThat(RowFilter.parse("a.b*").matches(dotted.get(2))).isFalse();
    }

    @Test
    void blankKeepsEverythingAndEmptyPatternsAreRefused() {
        assertThat(RowFilter.parse(null).select(rows)).isEqualTo(rows);
        assertThat(RowFilter.parse("  ").select(rows)).isEqualTo(rows);
        assertThat(RowFilter.all().matches(rows.get(0))).isTrue();
        assertThatThrownBy(() -> RowFilter.parse("index/*,,overall/*")).hasMessage("only: empty pattern in"
                + " 'index/*,,overall/*'; expected comma-separated row-name patterns like index/* or *keys=100K*");
    }

    @Test
    void aPatternThatMatchesNothingListsTheRows() {
        assertThatThrownBy(() -> names("index/*,indx/*")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("only: pattern 'indx/*' matches no row; expected one of the rows: "
                        + String.join(", ", rows.stream().map(Row::name).toList()));
        assertThatThrownBy(() -> RowFilter.parse("x").select(List.of()))
                .hasMessage("only: pattern 'x' matches no row; there are no rows");
    }
}
