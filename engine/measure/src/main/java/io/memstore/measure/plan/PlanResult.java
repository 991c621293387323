package io.memstore.measure.plan;

import io.memstore.measure.run.RowResult;

import java.util.List;

/**
 * A plan: one prediction per scenario, and the rows a calibration run measured for them (empty when every
 * scenario was answered from the results file).
 */
public record PlanResult(String specName, String specFile, List<Prediction> predictions,
                         List<RowResult> calibrationRows) {
    /** The version of the plan.json layout. */
    public static final int SCHEMA_VERSION = 1;

    public PlanResult {
        predictions = List.copyOf(predictions);
        calibrationRows = List.copyOf(calibrationRows);
    }

    /** The scenarios whose predicted RSS exceeds their machineMemory. */
    public List<Prediction> exceeding() {
        return predictions.stream().filter(Prediction::exceedsMachine).toList();
    }
}
