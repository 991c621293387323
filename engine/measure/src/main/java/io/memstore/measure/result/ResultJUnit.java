package io.memstore.measure.result;

import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.budget.RegressionOutcome;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.BudgetLevel;
import io.memstore.measure.spec.Metric;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code TEST-memstore.xml}: every budget outcome as a JUnit test case, so CI systems that collect Surefire-style
 * reports (GitHub, GitLab, Jenkins) show budgets as tests. One suite named {@code memstore.<spec>}; one
 * {@code <testcase>} per outcome, named {@code metric [row]} (regression outcomes {@code metric vs baseline [row]}):
 * <ul>
 *   <li>an outcome that fails the run is a {@code <failure>} whose message is the outcome's line;</li>
 *   <li>a warning (a failed warn-level budget) passes, with the line in {@code <system-out>}, since the build
 *       passes too; regression noise likewise;</li>
 *   <li>a regression budget with nothing to compare with is {@code <skipped>}, with the reason, and so is a
 *       budget that was not judged ({@link BudgetOutcome#judged});</li>
 *   <li>a run stopped by a row ({@link RunResult#failure}) has one more test case, {@code run [row]}, a
 *       {@code <failure>} saying why, so a collector that counts failures sees the failed build;</li>
 *   <li>the record of a run that has not written its results ({@link RunFailure#inProgress}, what the file says
 *       from the run's start, and after a run stopped before its end) has one test case, {@code run}, an
 *       {@code <error>} saying so.</li>
 * </ul>
 * The suite's {@code timestamp} is the run's start (UTC), so two runs' files are told apart. A case's {@code time}
 * is the measured time of its row: {@code row.seconds} of each of the row's runs, summed (0 for the model's cases,
 * the failed row's, and rows of result files that did not record it); the suite's is that of all rows.
 */
public final class ResultJUnit {
    /** The file name the run writes: Surefire's {@code TEST-*.xml} pattern, which report collectors look for. */
    public static final String FILE_NAME = "TEST-memstore.xml";

    private ResultJUnit() {
    }

    public static void write(RunResult result, Path file) throws IOException {
        AtomicFiles.write(file, render(result));
    }

    /**
     * One test case of the suite; {@code type} is the failure's type, {@code error} makes it an error, {@code seconds}
     * its row's measured time.
     */
    private record Case(String name, String failure, String skipped, String out, String type, boolean error,
                        double seconds) {
        Case(String name, String failure, String skipped, String out, double seconds) {
            this(name, failure, skipped, out, "memstore.budget", false, seconds);
        }
    }

    /** Seconds the row took over all its runs, by row name; rows without {@code row.seconds} are absent. */
    private static Map<String, Double> rowSeconds(RunResult result) {
        Map<String, Double> seconds = new HashMap<>();
        for (RowResult row : result.rows()) {
            row.metric(Metric.ROW_SECONDS).ifPresent(s -> seconds.put(row.name(), s * Math.max(1, row.runs())));
        }
        return seconds;
    }

    private static String seconds(double seconds) {
        return String.format(Locale.ROOT, "%.3f", seconds);
    }

    public static String render(RunResult result) {
        List<Case> cases = new ArrayList<>();
        Map<String, Double> rowSeconds = rowSeconds(result);
        if (result.failure() != null && result.failure().row() == null) {
            cases.add(new Case("run", Verdict.of(result).line(), null, null, "memstore.incomplete", true, 0));
        } else if (result.failure() != null) {
            cases.add(new Case("run [" + result.failure().row() + "]", Verdict.of(result).line(), null, null,
                    "memstore.run", false, 0));
        }
        for (BudgetOutcome o : result.budgets()) {
            String name = o.metric().metricName() + " [" + o.row() + "]";
            String line = o.describe();
            double time = rowSeconds.getOrDefault(o.row(), 0.0);
            if (!o.judged()) {
                cases.add(new Case(name, null, "not judged: " + o.message(), null, time));
            } else if (o.failsRun()) {
                cases.add(new Case(name, line, null, null, time));
            } else {
                cases.add(new Case(name, null, null, (o.passed() ? "" : "warning: ") + line, time));
            }
        }
        if (result.baseline() != null) {
            for (RegressionOutcome o : result.baseline().outcomes()) {
                String name = o.metric().metricName() + " vs baseline [" + o.row() + "]";
                String line = o.describe();
                double time = rowSeconds.getOrDefault(o.row(), 0.0);
                if (o.failsRun()) {
                    cases.add(new Case(name, line, null, null, time));
                } else if (o.status() == RegressionOutcome.Status.NO_BASELINE && o.level() == BudgetLevel.WARN) {
                    cases.add(new Case(name, null, o.message(), null, time));
                } else {
                    cases.add(new Case(name, null, null, (o.passed() ? "" : "warning: ") + line, time));
                }
            }
        }
        String suite = "memstore." + result.specName();
        long failures = cases.stream().filter(c -> c.failure() != null && !c.error()).count();
        long errors = cases.stream().filter(Case::error).count();
        long skipped = cases.stream().filter(c -> c.skipped() != null).count();
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append("<testsuite name=\"").append(xml(suite)).append("\" tests=\"").append(cases.size())
                .append("\" failures=\"").append(failures).append("\" errors=\"").append(errors)
                .append("\" skipped=\"").append(skipped)
                .append("\" time=\"").append(seconds(rowSeconds.values().stream().mapToDouble(d -> d).sum()))
                .append('"');
        if (result.started() != null) {
            // JUnit's timestamp is a local date-time without a zone; the run's is UTC, said in the property below
            x.append(" timestamp=\"").append(xml(result.started().replace("Z", ""))).append('"');
        }
        x.append(">\n");
        x.append("  <properties>\n");
        property(x, "spec", result.specFile());
        if (result.started() != null) {
            property(x, "started", result.started());
        }
        property(x, "java", result.environment().java());
        if (result.environment().store() != null) {
            property(x, "store", result.environment().store().describe());
        }
        property(x, "passed", Boolean.toString(result.passed()));
        property(x, "verdict", Verdict.of(result).line());
        if (result.baseline() != null) {
            property(x, "baseline", result.baseline().file());
        }
        x.append("  </properties>\n");
        for (Case c : cases) {
            x.append("  <testcase classname=\"").append(xml(suite)).append("\" name=\"").append(xml(c.name()))
                    .append("\" time=\"").append(seconds(c.seconds())).append('"');
            if (c.failure() == null && c.skipped() == null && c.out() == null) {
                x.append("/>\n");
                continue;
            }
            x.append(">\n");
            if (c.failure() != null) {
                String element = c.error() ? "error" : "failure";
                x.append("    <").append(element).append(" type=\"").append(c.type()).append("\" message=\"")
                        .append(xml(c.failure())).append("\">").append(xml(c.failure())).append("</")
                        .append(element).append(">\n");
            }
            if (c.skipped() != null) {
                x.append("    <skipped message=\"").append(xml(c.skipped())).append("\"/>\n");
            }
            if (c.out() != null) {
                x.append("    <system-out>").append(xml(c.out())).append("</system-out>\n");
            }
            x.append("  </testcase>\n");
        }
        return x.append("</testsuite>\n").toString();
    }

    private static void property(StringBuilder x, String name, String value) {
        x.append("    <property name=\"").append(xml(name)).append("\" value=\"").append(xml(value)).append("\"/>\n");
    }

    /** Escapes for XML text and attributes; characters XML 1.0 cannot hold at all become U+FFFD. */
    static String xml(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            i += Character.charCount(c);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&apos;");
                case '\n' -> out.append("&#10;");
                case '\t' -> out.append("&#9;");
                default -> {
                    boolean allowed = c == '\r' || c >= 0x20 && c <= 0xD7FF || c >= 0xE000 && c <= 0xFFFD
                            || c >= 0x10000 && c <= 0x10FFFF;
                    out.appendCodePoint(allowed ? c : 0xFFFD);
                }
            }
        }
        return out.toString();
    }
}
