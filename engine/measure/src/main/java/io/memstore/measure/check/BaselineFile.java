package io.memstore.measure.check;

import io.memstore.measure.result.ResultJson;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.spec.Units;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The baseline a check compares with, read and validated before the first row runs, so that a truncated, foreign
 * or oversized file costs a second and not a whole run of measurements.
 *
 * <p>A baseline is a {@code memstore.json}: a few KB per row, a few hundred KB for a large spec. A file above
 * {@link #MAX_BYTES} is refused unread: the JSON reader holds the whole text and its tree in memory, and a file
 * of gigabytes (a mistaken path, a log) would exhaust the build's heap or keep it busy for minutes.
 *
 * @param file   the baseline as given, or null when the check has none
 * @param result the parsed baseline, or null when there is no file (a missing file is not an error here: the
 *               regression budgets then say "no baseline", as {@code baselineMissing} asks)
 */
public record BaselineFile(Path file, RunResult result) {
    /** The largest baseline read: 64 MiB. */
    public static final long MAX_BYTES = 64L << 20;

    /**
     * Reads the baseline file, if one was given and exists.
     *
     * @throws IOException naming the file when it is larger than {@link #MAX_BYTES}, not a regular file, not
     *                     readable or not a valid memstore.json (then with line, column and field)
     */
    public static BaselineFile load(Path file) throws IOException {
        if (file == null || !Files.exists(file)) {
            return new BaselineFile(file, null);
        }
        if (!Files.isRegularFile(file)) {
            throw new IOException("the baseline " + file + " is not a regular file; expected a memstore.json written"
                    + " by memstore:check or memstore:baseline. Nothing was run");
        }
        long size = Files.size(file);
        if (size > MAX_BYTES) {
            throw new IOException("the baseline " + file + " has " + Units.iec((double) size) + " (" + size
                    + " B), more than the " + Units.iec((double) MAX_BYTES) + " a memstore.json may have; expected a"
                    + " memstore.json written by memstore:check or memstore:baseline. Nothing was run");
        }
        try {
            return new BaselineFile(file, ResultJson.read(file));
        } catch (IOException e) {
            throw new IOException("the baseline cannot be used: " + e.getMessage() + ". Nothing was run", e);
        }
    }
}
