package io.memstore.measure.plan;

import java.util.Locale;

/** Where {@code plan} takes the measured rows it fits from. */
public enum CalibrationSource {
    /** The last check's memstore.json when its rows suffice for a scenario, else a calibration run (default). */
    AUTO,
    /** Only the results file; a scenario it cannot answer is an error. */
    RESULTS,
    /** Always a calibration run at small key counts. */
    RUN;

    public String specName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static CalibrationSource bySpecName(String name) {
        for (CalibrationSource s : values()) {
            if (s.specName().equals(name == null ? "" : name.strip().toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown calibration '" + name + "'; expected auto, results or run");
    }
}
