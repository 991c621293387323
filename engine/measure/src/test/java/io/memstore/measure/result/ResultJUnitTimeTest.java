package io.memstore.measure.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.measure.budget.BudgetJudge;
import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.budget.BudgetRule;
import io.memstore.measure.model.MemoryModel;
import io.memstore.measure.model.ModelFit;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.Metric;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Each JUnit case of TEST-memstore.xml carries the time its row took; the suite that of every row. */
class ResultJUnitTimeTest {

    private static RowResult row(String name, double seconds, int runs) {
        return new RowResult(name, TestRows.params("index", 1000, 1, 16, IndexKind.BTREE),
                TestRows.metrics(Metric.INDEX_LIVE_HEAP.metricName(), 100_000, Metric.ROW_SECONDS.metricName(),
                        seconds), Map.of(), runs);
    }

    @Test
    void aCaseTakesItsRowsTimeOverAllItsRuns() throws Exception {
        RowResult once = row("index/a", 2.5, 1);
        RowResult thrice = row("index/b", 4.25, 3);
        RowResult unrecorded = new RowResult("index/c", TestRows.params("index", 1000, 1, 16, IndexKind.BTREE),
                TestRows.metrics(Metric.INDEX_LIVE_HEAP.metricName(), 100_000), Map.of(), 1);
        List<RowResult> rows = List.of(once, thrice, unrecorded);
        ModelFit fit = new MemoryModel().fit(rows, IndexKind.BTREE);
        List<BudgetOutcome> outcomes = BudgetJudge.judge(rows, fit, List.of(
                BudgetRule.max(Metric.INDEX_LIVE_HEAP, 50_000), BudgetRule.max(Metric.MODEL_C1, 1_000_000)));
        RunResult run = new RunResult("t", "t.yaml", new Environment("17", List.of(), "Linux", 2), rows, fit,
                outcomes);

        Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(
                ResultJUnit.render(run).getBytes(StandardCharsets.UTF_8))).getDocumentElement();
        Map<String, String> times = new HashMap<>();
        NodeList cases = suite.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            Element c = (Element) cases.item(i);
            times.put(c.getAttribute("name"), c.getAttribute("time"));
        }
        assertThat(times).containsEntry("index.liveHeap [index/a]", "2.500")
                .containsEntry("index.liveHeap [index/b]", "12.750") // three runs of 4.25 s
                .containsEntry("index.liveHeap [index/c]", "0.000") // a result that did not record it
                .containsEntry("model.c1 [" + BudgetOutcome.MODEL_ROW + "]", "0.000");
        assertThat(suite.getAttribute("time")).isEqualTo("15.250");
    }
}
