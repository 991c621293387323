package io.memstore.measure.plan;

import io.memstore.measure.result.ResultJson;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.run.RowMeasurement;
import io.memstore.measure.run.SpecRunner;
import io.memstore.measure.spec.PlanScenario;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.Units;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The {@code plan} goal's job: for each scenario, rows to fit (the results file's when they suffice, else a
 * calibration run of the scenario at small key counts), a prediction, and plan.json. Scenarios that share a
 * configuration (all but keys) share one calibration run.
 */
public final class Plan {
    /** The file the goal writes. */
    public static final String FILE_NAME = "plan.json";

    private Plan() {
    }

    /**
     * @throws IllegalArgumentException when a scenario cannot be answered (RESULTS source without usable rows)
     * @throws IOException              when the results file is malformed or plan.json cannot be written
     */
    public static PlanResult run(String specName, String specFile, List<PlanScenario> scenarios, PlanRequest request)
            throws IOException {
        return run(specName, specFile, scenarios, request, line -> { });
    }

    /**
     * As {@link #run(String, String, List, PlanRequest)}, telling {@code say} what the plan reads and what it
     * measures before it does: the results file it fits from, or the calibration rows it is about to run.
     */
    public static PlanResult run(String specName, String specFile, List<PlanScenario> scenarios, PlanRequest request,
                                 Consumer<String> say) throws IOException {
        List<RowResult> fromFile = List.of();
        if (request.source() != CalibrationSource.RUN && Files.exists(request.results())) {
            RunResult last = ResultJson.read(request.results());
            fromFile = last.rows();
        }
        // decide per scenario, then run the needed calibrations once per configuration
        Map<String, List<Row>> toRun = new LinkedHashMap<>();
        Map<PlanScenario, String> group = new LinkedHashMap<>();
        for (PlanScenario s : scenarios) {
            String why = request.source() == CalibrationSource.RUN ? "calibration requested"
                    : Calibration.insufficient(s, fromFile);
            if (why == null) {
                continue;
            }
            if (request.source() == CalibrationSource.RESULTS) {
                throw new IllegalArgumentException("scenario " + s.name() + ": " + request.results() + " cannot answer"
                        + " it: " + (Files.exists(request.results()) ? why : "the file does not exist (run"
                        + " memstore:check first)") + "; use calibration auto or run to measure it");
            }
            String key = configuration(s.params());
            toRun.computeIfAbsent(key, k -> Calibration.rows(s, request.calibrationKeys()));
            group.put(s, key);
        }
        List<Row> rows = new ArrayList<>();
        toRun.values().forEach(rows::addAll);
        int fromResults = scenarios.size() - group.size();
        if (fromResults > 0) {
            say.accept("plan: " + fromResults + " scenario(s) fitted to the " + fromFile.size() + " rows of "
                    + request.resultsName() + ", nothing measured for them");
        }
        if (!rows.isEmpty()) {
            say.accept("plan: " + group.size() + " scenario(s) need a calibration run, " + rows.size()
                    + " row(s) at " + String.join(", ", request.calibrationKeys().stream().map(Units::count).toList())
                    + " keys (" + (request.source() == CalibrationSource.RUN ? "calibration run requested"
                    : "the results do not cover their configuration") + ")");
        }
        List<RowResult> measured = rows.isEmpty() ? List.of()
                : new SpecRunner(request.runner()).run(rows).stream().map(RowMeasurement::toRowResult).toList();
        List<Prediction> predictions = new ArrayList<>();
        for (PlanScenario s : scenarios) {
            String key = group.get(s);
            if (key == null) {
                predictions.add(Planner.predict(s, fromFile, request.resultsName()));
            } else {
                List<String> names = toRun.get(key).stream().map(Row::name).toList();
                List<RowResult> own = measured.stream().filter(r -> names.contains(r.name())).toList();
                predictions.add(Planner.predict(s, own, "calibration run"));
            }
        }
        PlanResult result = new PlanResult(specName, specFile, predictions, measured);
        PlanJson.write(result, request.outputDirectory().resolve(FILE_NAME));
        return result;
    }

    /** Everything a calibration row depends on but the key count. */
    private static String configuration(RowParams p) {
        return p.system() + "/" + p.snapshotCount() + "/" + p.versions() + "/" + p.keySize() + "/" + p.valueSize() + "/" + p.keyPattern() + "/" + p.store() + "/"
                + p.index() + "/" + p.seed() + "/" + p.shape();
    }
}
