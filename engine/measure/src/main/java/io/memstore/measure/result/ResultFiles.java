package io.memstore.measure.result;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes every output of a run into one directory: {@code memstore.json}, {@code memstore.csv}, {@code memstore.md}
 * and {@code TEST-memstore.xml}.
 */
public final class ResultFiles {
    private ResultFiles() {
    }

    /** Writes the four files (each atomically) and returns their paths, JSON first. */
    public static List<Path> writeAll(RunResult result, Path directory) throws IOException {
        Path json = directory.resolve(ResultJson.FILE_NAME);
        Path csv = directory.resolve(ResultCsv.FILE_NAME);
        Path md = directory.resolve(ResultMarkdown.FILE_NAME);
        ResultJson.write(result, json);
        ResultCsv.write(result, csv);
        Path junit = directory.resolve(ResultJUnit.FILE_NAME);
        ResultMarkdown.write(result, md);
        ResultJUnit.write(result, junit);
        return List.of(json, csv, md, junit);
    }
}
