package io.memstore.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class AggregateContentTest {
    @Test
    void everyModuleIsListedAndItsSectionsArePrefixedUniquely() {
        Report a = ReportContent.of(SampleRuns.etcdLike("a-spec", "m"), "a/target/memstore/memstore.json");
        Report b = ReportContent.of(SampleRuns.etcdLike("b-spec", "m"), "b/target/memstore/memstore.json");
        Report report = AggregateContent.of("build", List.of(
                new AggregateContent.Module("core", a, "PASSED", 8, "core/target/memstore/memstore.json"),
                new AggregateContent.Module("Core", b, "FAILED", 8, "Core/target/memstore/memstore.json"),
                new AggregateContent.Module("docs", null, "no results", 0, "docs/target/memstore/memstore.json")));

        Section overview = report.sections().get(0);
        Table modules = (Table) overview.blocks().get(1);
        assertThat(modules.rows()).extracting(r -> r.get(0) + "|" + r.get(1) + "|" + r.get(3))
                .containsExactly("core|a-spec|PASSED", "Core|b-spec|FAILED", "docs|-|no results");
        assertThat(((Paragraph) overview.blocks().get(0)).text()).startsWith("2 of 3 modules have memstore results");
        // two modules whose names slug alike still get distinct anchors; each module's every section is there
        List<String> ids = report.sections().stream().map(Section::id).toList();
        assertThat(ids).doesNotHaveDuplicates().contains("core-summary", "core-charts", "core-2-budgets");
        assertThat(ids).filteredOn(id -> id.startsWith("core-2-")).hasSize(a.sections().size());
        assertThat(report.chartCount()).isEqualTo(a.chartCount() + b.chartCount());
        assertThat(report.sections()).extracting(Section::title).contains("Core: Budgets");
    }

    @Test
    void slugsAreAnchorNames() {
        assertThat(AggregateContent.slug("My Module_1")).isEqualTo("my-module-1");
        assertThat(AggregateContent.slug("42")).isEqualTo("m-42");
        assertThat(AggregateContent.slug("***")).isEqualTo("m-");
    }
}
