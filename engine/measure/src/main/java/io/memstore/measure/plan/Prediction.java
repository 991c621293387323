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
 * @param containerLimit recommended memory limit of the container (see {@link PlanRules#containerLimit})
 * @param model          the models and uncertainties used
 */
public record Prediction(PlanScenario scenario, double liveHeap, double liveHeapLow, double liveHeapHigh, double rss,
                         double rssLow, double rssHigh, long xmx, long containerLimit, ScenarioModel model) {
    /** True when the predicted RSS is above the scenario's machineMemory: the scenario does not fit. */
    public boolean exceedsMachine() {
        return scenario.machineMemory() != null && rss > scenario.machineMemory();
    }

    /** True when the prediction fits but the recommended container limit does not: tight. */
    public boolean limitExceedsMachine() {
        return scenario.machineMemory() != null && !exceedsMachine() && containerLimit > scenario.machineMemory();
    }
}
