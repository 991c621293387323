package io.memstore.measure.result;

import io.memstore.measure.budget.BaselineComparison;
import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.budget.ClassGrowth;
import io.memstore.measure.budget.MissingBaseline;
import io.memstore.measure.budget.RegressionJudge;
import io.memstore.measure.budget.RegressionOutcome;
import io.memstore.measure.budget.RegressionRule;
import io.memstore.measure.budget.RowSelector;
import io.memstore.measure.probe.RowAccount;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.BudgetLevel;
import io.memstore.measure.spec.Metric;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A row's account in every output: memstore.json, the failure line of a budget, memstore.md, the baseline diff. */
class AccountOutputsTest {

    @Test
    void theAccountIsKeptInMemstoreJsonAndReadBack() throws Exception {
        RunResult run = TestRows.accountedRun();
        String json = ResultJson.toJson(run);
        assertThat(json).contains("\"account\": {").contains("\"class\": \"java.util.HashMap$Node\"")
                .contains("\"category\": \"Other\"");
        RunResult back = ResultJson.parse(json, "memstore.json");
        assertThat(back).isEqualTo(run);
        assertThat(back.rows().get(1).classes().perKey(back.rows().get(1).classes().bytesOf("byte[]")))
                .isEqualTo(208.0);
    }

    @Test
    void aFailedHeapBudgetNamesTheThreeLargestClassesWithTheirBytesPerKey() {
        RunResult run = TestRows.accountedRun();
        BudgetOutcome failed = run.budgets().stream().filter(BudgetOutcome::failsRun).findFirst().orElseThrow();
        assertThat(failed.row()).endsWith("KeyCopyingMapStore");
        assertThat(AccountLines.under(failed, run.rows())).contains(
                "largest classes: byte[] 208.0 B/key, HeapByteBuffer 48.0 B/key, HashMap$Node 32.0 B/key");
        // a process budget says where the growth went
        BudgetOutcome rss = new BudgetOutcome(Metric.PROCESS_BYTES_PER_KEY, failed.row(), 100.0, null, 600.0,
                -500.0, false, BudgetLevel.ERROR, "above max");
        // (the heap's part: its committed growth of 8 MiB, as this account does not know the live heap)
        assertThat(AccountLines.under(rss, run.rows())).contains("grew 600.0 B/key: heap 419.4 B/key, JVM native"
                + " 100.0 B/key (Other 100.0 B/key), untracked native 80.6 B/key");
        // other metrics: nothing to add
        BudgetOutcome puts = new BudgetOutcome(Metric.LOAD_PUTS_PER_SECOND, failed.row(), null, 1e9, 1.0, -1.0,
                false, BudgetLevel.ERROR, "below min");
        assertThat(AccountLines.under(puts, run.rows())).isEmpty();
    }

    @Test
    void aRowWithoutAClassAccountSaysWhy() {
        RunResult run = TestRows.accountedRun();
        RowResult none = run.rows().get(0).withAccount(new RowAccount(null, null,
                List.of(RowAccount.CLASSES_UNAVAILABLE + "this JVM has no class histogram command")));
        BudgetOutcome o = new BudgetOutcome(Metric.INDEX_LIVE_HEAP, none.name(), 1.0, null, 2.0, -1.0, false,
                BudgetLevel.ERROR, "above max");
        assertThat(AccountLines.under(o, List.of(none))).contains("class account not available: this JVM has no"
                + " class histogram command");
    }

    @Test
    void memstoreMdHasATablePerRowWithItsClassesEscaped() {
        String md = ResultMarkdown.render(TestRows.accountedRun());
        assertThat(md).contains("## What grew").contains("### own/system=com.example.store.KeyCopyingMapStore")
                .contains("| byte[] ").contains("| java.util.HashMap$Node ").contains("other (40 classes)")
                .contains("untracked native (RSS growth - heap - JVM native)")
                .contains("the structure's own cost beyond the 96.0 B of key and value it keeps per key");
        // a class name holding the table's separator stays in its cell
        assertThat(md).contains("com.example.<b>Odd\\|Name</b>");
    }

    @Test
    void againstABaselineTheClassesThatGrewAreNamedAndABaselineWithoutAnAccountIsSaidNotFailed() throws Exception {
        RowResult before = TestRows.accountedRow("com.example.store.MapStore", 0);
        RowResult after = TestRows.accountedRow("com.example.store.MapStore", 80);
        List<RegressionRule> rules = List.of(new RegressionRule(Metric.INDEX_LIVE_HEAP, RowSelector.ALL, 0.02, null, BudgetLevel.ERROR, null));
        BaselineComparison c = RegressionJudge.judge(List.of(after), "baseline.json", List.of(before), "own-target",
                rules, MissingBaseline.WARN);
        RegressionOutcome o = c.outcomes().get(0);
        assertThat(o.status()).isEqualTo(RegressionOutcome.Status.REGRESSED);
        assertThat(o.classGrowth().changes()).first().isEqualTo(new ClassGrowth.Change("byte[]", 128.0, 208.0));
        assertThat(AccountLines.under(o)).contains("grew by class: byte[] +80.0 B/key (128.0 B/key -> 208.0 B/key)");

        // written and read back with the result
        RunResult run = new RunResult("s", "f", TestRows.accountedRun().environment(), List.of(after), null,
                List.of(), c);
        assertThat(ResultJson.parse(ResultJson.toJson(run), "m.json")).isEqualTo(run);
        assertThat(ResultMarkdown.render(run)).contains("change by class against the baseline")
                .contains("| byte[] ");

        // a baseline written before accounts were taken: the comparison stands, and says it has no account
        RowResult old = new RowResult(before.name(), before.params(), before.metrics(), before.spread(), 1);
        RegressionOutcome noAccount = RegressionJudge.judge(List.of(after), "baseline.json", List.of(old), "own",
                rules, MissingBaseline.WARN).outcomes().get(0);
        assertThat(noAccount.status()).isEqualTo(RegressionOutcome.Status.REGRESSED);
        assertThat(noAccount.classGrowth().note()).isEqualTo(ClassGrowth.NO_BASELINE_ACCOUNT);
        assertThat(AccountLines.under(noAccount)).contains(ClassGrowth.NO_BASELINE_ACCOUNT);
        // a metric a class account does not explain is not compared by class
        RegressionOutcome rss = RegressionJudge.judge(List.of(after), "b", List.of(before), "own",
                List.of(new RegressionRule(Metric.PROCESS_RSS, RowSelector.ALL, 0.02, null, BudgetLevel.ERROR, null)), MissingBaseline.WARN).outcomes().get(0);
        assertThat(rss.classGrowth()).isNull();
    }
}
