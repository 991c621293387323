package io.memstore.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * The report of a multi-module build on one page: an overview with a line per module (its spec, rows and verdict,
 * and where its results are), then each module's own report ({@link ReportContent}) with its sections' titles
 * and anchors prefixed by the module, so one page holds every module's tables and charts without clashing links.
 * A module that has no results yet is listed in the overview as such.
 */
public final class AggregateContent {
    /**
     * One module of the build.
     *
     * @param name    the module's name, as the reader knows it (its artifactId)
     * @param report  its report, or null when it has no results
     * @param verdict its one-line verdict, or why there is none
     * @param rows    the rows its results hold (0 without results)
     * @param results where its results are, relative to the build's root directory
     */
    public record Module(String name, Report report, String verdict, int rows, String results) {
        public Module {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(verdict, "verdict");
            Objects.requireNonNull(results, "results");
        }
    }

    private AggregateContent() {
    }

    /** The one-page report of {@code modules}, in their order. */
    public static Report of(String buildName, List<Module> modules) {
        List<Section> sections = new ArrayList<>();
        List<List<String>> lines = new ArrayList<>();
        Set<String> ids = new LinkedHashSet<>();
        for (Module m : modules) {
            lines.add(List.of(m.name(), m.report() == null ? "-" : m.report().title().replaceFirst("^memstore: ", ""),
                    Integer.toString(m.rows()), m.verdict(), m.results()));
        }
        long measured = modules.stream().filter(m -> m.report() != null).count();
        sections.add(new Section("modules", "Modules", List.of(
                Paragraph.of(measured + " of " + modules.size() + " modules have memstore results; each module's"
                        + " report follows, as its own memstore page would show it."),
                new Table("The modules' memstore results", List.of("module", "spec", "rows", "verdict", "results"),
                        List.of(false, false, true, false, false), lines))));
        for (Module m : modules) {
            if (m.report() == null) {
                continue;
            }
            String prefix = unique(slug(m.name()), ids);
            for (Section s : m.report().sections()) {
                sections.add(new Section(prefix + "-" + s.id(), m.name() + ": " + s.title(), s.blocks()));
            }
        }
        return new Report("memstore: " + buildName + ", all modules", sections);
    }

    /** Lower-case letters, digits and '-', starting with a letter: an anchor name. */
    static String slug(String name) {
        String s = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        return s.isEmpty() || !Character.isLetter(s.charAt(0)) ? "m-" + s : s;
    }

    private static String unique(String slug, Set<String> taken) {
        String candidate = slug;
        for (int i = 2; !taken.add(candidate); i++) {
            candidate = slug + "-" + i;
        }
        return candidate;
    }
}
