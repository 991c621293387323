package io.memstore.measure.run;

import io.memstore.measure.spec.Metric;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-metric median and spread of a row's runs. The median, not the mean, because one run disturbed by
 * another process on a shared machine should not move the reported value; the spread (max - min) shows how
 * much the runs disagreed.
 *
 * <p>A metric is summarised over the runs that reported it (a null or NaN value counts as not reported); a
 * metric no run reported is absent from both maps. With an even count the median is the mean of the two middle
 * values.
 *
 * @param medians metric name -> median, ordered like {@link Metric#rowMetrics()}
 * @param spread  metric name -> max - min over the runs that reported it
 * @param runs    how many runs were summarised
 */
public record Median(Map<String, Double> medians, Map<String, Double> spread, int runs) {
    public Median {
        medians = Collections.unmodifiableMap(new LinkedHashMap<>(medians));
        spread = Collections.unmodifiableMap(new LinkedHashMap<>(spread));
    }

    /** Summarises the per-run metric maps of one row (at least one run; unknown metric names are rejected). */
    public static Median of(List<Map<String, Double>> perRun) {
        if (perRun.isEmpty()) {
            throw new IllegalArgumentException("a median needs at least one run");
        }
        for (Map<String, Double> run : perRun) {
            run.keySet().forEach(Metric::rowMetric);
        }
        Map<String, Double> medians = new LinkedHashMap<>();
        Map<String, Double> spread = new LinkedHashMap<>();
        for (Metric metric : Metric.rowMetrics()) {
            List<Double> values = new ArrayList<>();
            for (Map<String, Double> run : perRun) {
                Double v = run.get(metric.metricName());
                if (v != null && !v.isNaN()) {
                    values.add(v);
                }
            }
            if (values.isEmpty()) {
                continue;
            }
            double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
            Arrays.sort(sorted);
            int n = sorted.length;
            double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
            medians.put(metric.metricName(), median);
            spread.put(metric.metricName(), sorted[n - 1] - sorted[0]);
        }
        return new Median(medians, spread, perRun.size());
    }
}
