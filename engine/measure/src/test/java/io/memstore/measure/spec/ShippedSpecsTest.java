package io.memstore.measure.spec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The specs the repository ships beside the built-in one (the site's reproduction specs, the side-by-side
 * benchmark) are documented commands: a spec that stopped loading, or lost a seed row, would only show when
 * someone ran a long benchmark. Tests run in engine/, so the files are one level up.
 */
class ShippedSpecsTest {
    private static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();

    @Test
    void everyShippedSpecLoads() throws IOException, SpecException {
        List<Path> specs;
        try (Stream<Path> site = Files.list(ROOT.resolve("site/src/memstore"));
             Stream<Path> bench = Files.list(ROOT.resolve("bench/src/side-by-side"))) {
            specs = Stream.concat(site, bench).filter(p -> p.toString().endsWith(".yaml")).sorted()
                    .collect(Collectors.toList());
        }
        assertThat(specs).extracting(p -> p.getFileName().toString())
                .contains("etcd-reference-index.yaml", "etcd-1KiB-values.yaml", "side-by-side.yaml");
        for (Path p : specs) {
            WorkloadSpec spec = load(p);
            assertThat(spec.rows()).as(p.toString()).isNotEmpty();
            for (Budget b : spec.budgets()) {
                assertThat(spec.rows().stream().anyMatch(r -> spec.budgetsFor(r).contains(b)))
                        .as(p + ": budget " + b + " matches a row").isTrue();
            }
        }
    }

    @Test
    void theReferenceSpecIsTheBuiltInSpecOnTheReferenceIndex() throws Exception {
        WorkloadSpec builtIn = SpecLoader.loadDefault();
        WorkloadSpec reference = load(ROOT.resolve("site/src/memstore/etcd-reference-index.yaml"));
        assertThat(reference.rows()).extracting(Row::name)
                .containsExactlyElementsOf(builtIn.rows().stream().map(Row::name).collect(Collectors.toList()));
        for (int i = 0; i < reference.rows().size(); i++) {
            RowParams r = reference.rows().get(i).params();
            RowParams b = builtIn.rows().get(i).params();
            assertThat(r.index()).isEqualTo(IndexKind.REFERENCE);
            assertThat(r.keys()).isEqualTo(b.keys());
            assertThat(r.versions()).isEqualTo(b.versions());
            assertThat(r.keySize()).isEqualTo(b.keySize());
            assertThat(r.valueSize()).isEqualTo(b.valueSize());
            assertThat(r.store()).isEqualTo(b.store());
        }
    }

    @Test
    void theOneKibibyteSpecRunsTheBuiltInSpecsDisabledRowsOnBothIndexes() throws Exception {
        WorkloadSpec builtIn = SpecLoader.loadDefault();
        List<Row> disabled = builtIn.allRows().stream()
                .filter(r -> !builtIn.workload(r.params().workload()).orElseThrow().enabled()).collect(Collectors.toList());
        WorkloadSpec kib = load(ROOT.resolve("site/src/memstore/etcd-1KiB-values.yaml"));
        assertThat(kib.rows()).hasSize(2 * disabled.size());
        for (IndexKind index : List.of(IndexKind.BTREE, IndexKind.REFERENCE)) {
            List<RowParams> rows = kib.rows().stream().map(Row::params).filter(p -> p.index() == index)
                    .collect(Collectors.toList());
            assertThat(rows).as(index.toString()).hasSize(disabled.size());
            for (int i = 0; i < rows.size(); i++) {
                RowParams want = disabled.get(i).params();
                assertThat(rows.get(i).keys()).isEqualTo(want.keys());
                assertThat(rows.get(i).versions()).isEqualTo(want.versions());
                assertThat(rows.get(i).valueSize()).isEqualTo(1024);
                assertThat(rows.get(i).store()).isEqualTo(StoreKind.SQLITE);
            }
            for (Row r : kib.rows()) {
                assertThat(kib.budgetsFor(r)).as(r.name()).hasSize(1);
            }
        }
    }

    private static WorkloadSpec load(Path p) throws SpecException {
        return SpecLoader.load(p);
    }
}
