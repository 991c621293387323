package io.memstore.measure.plan;

import io.memstore.measure.spec.PlanScenario;

/**
 * What a scenario would take, in bytes, with its band and the resulting recommendations.
 *
 * @param scenario       the question
 * @param liveHeap       predicted index.liveHeap
 * @param liveHeapLow    low end of its band
 * @param liveHeapHigh   high end of its band
 * @param rss            predicted process.rss
 * @param rssLow         low end of its band
 * @param rssHigh        high end of its band
 * @param xmx            recommended -Xmx (see {@link PlanRules#xmx})
 * @param containerLimit recommended memory limit of the container (see {@link PlanRules#containerLimit}); for an
 *                       etcd member the larger of its load's and its restart's ({@link #sizedForRestart})
 * @param model          the models and uncertainties used
 * @param maxDirectMemory recommended -XX:MaxDirectMemorySize ({@link PlanRules#maxDirectMemory}), 0 for none: the
 *                       RSS grows outside the heap with the data only where the rows showed it
 */
public record Prediction(PlanScenario scenario, double liveHeap, double liveHeapLow, double liveHeapHigh, double rss,
                         double rssLow, double rssHigh, long xmx, long containerLimit, ScenarioModel model,
                         long maxDirectMemory) {
    /** Predicted RSS of an etcd member right after a restart (B), NaN when the rows measured no restart. */
    public double restartRss() {
        EtcdRssModel m = model.etcdRestart();
        return m == null ? Double.NaN : m.predict(scenario.params());
    }

    /** Low end of the restart RSS band (B), NaN without a restart model. */
    public double restartRssLow() {
        EtcdRssModel m = model.etcdRestart();
        return m == null ? Double.NaN : m.low(scenario.params());
    }

    /** High end of the restart RSS band (B), NaN without a restart model. */
    public double restartRssHigh() {
        EtcdRssModel m = model.etcdRestart();
        return m == null ? Double.NaN : m.high(scenario.params());
    }

    /**
     * True when the container limit is sized for the member's restart rather than its load: its restart band
     * reaches higher (a member replays its write-ahead log and touches its db on start).
     */
    public boolean sizedForRestart() {
        return model.etcdRestart() != null && restartRssHigh() > rssHigh;
    }

    /** True when the predicted RSS is above the scenario's machineMemory: the scenario does not fit. */
    public boolean exceedsMachine() {
        return scenario.machineMemory() != null && rss > scenario.machineMemory();
    }

    /** True when the prediction fits but the recommended container limit does not: tight. */
    public boolean limitExceedsMachine() {
        return scenario.machineMemory() != null && !exceedsMachine() && containerLimit > scenario.machineMemory();
    }
}
