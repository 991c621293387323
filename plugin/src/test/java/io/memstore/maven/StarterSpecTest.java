package io.memstore.maven;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.SpecLoader;
import io.memstore.measure.spec.WorkloadSpec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The spec memstore:init writes is a valid spec whose every budget judges a row. */
class StarterSpecTest {
    @Test
    void theStarterSpecLoadsAndEveryBudgetHasRows() throws Exception {
        WorkloadSpec spec = SpecLoader.load(starter(), InitMojo.STARTER);

        assertThat(spec.rows()).extracting(Row::name)
                .containsExactly("index/versions=1", "index/versions=5", "overall");
        assertThat(spec.budgets()).hasSize(2);
        assertThat(spec.rows()).allSatisfy(row -> assertThat(spec.budgetsFor(row)).hasSize(1));
    }

    private static String starter() throws IOException {
        try (InputStream in = InitMojo.class.getResourceAsStream(InitMojo.STARTER)) {
            assertThat(in).as("starter resource").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
