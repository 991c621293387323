package io.memstore.maven;

import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.project.MavenProject;

/**
 * How every line memstore prints stays within 160 characters: text is broken between words into lines of at most
 * {@link #WIDTH} characters (room for Maven's {@code [WARNING] } in front), the later lines of a broken line
 * indented under its first. A failure's message gets the same treatment, its first line shortened by the prefix
 * Maven prints before it ({@code [ERROR] Failed to execute goal ... on project x: }).
 */
final class ConsoleLines {
    /** Characters of a log line at most, before Maven's level prefix. */
    static final int WIDTH = 150;
    /** Characters of a line as the console shows it, Maven's prefix included. */
    static final int MAX_LINE = 160;
    private static final String PREFIX = "memstore: ";
    /** Characters of a table's line at most after the {@code memstore: } prefix, so that no line of it is broken. */
    static final int TABLE_WIDTH = WIDTH - PREFIX.length();
    private static final String CONTINUATION = "memstore:   ";
    /** The least room a first line gets, however long Maven's prefix before it. */
    private static final int MIN_FIRST = 20;
    /** The shortest piece of a long word put at the end of a line; less room starts the word on the next line. */
    private static final int MIN_PIECE = 10;

    private ConsoleLines() {
    }

    /**
     * {@code text} in lines of at most {@link #WIDTH} characters; each line of a multi-line text is broken on its
     * own. A line that starts with {@code memstore: } continues under {@code memstore:   }, any other under its
     * own indent and two spaces more.
     */
    static List<String> wrap(String text) {
        return wrap(text, WIDTH);
    }

    /**
     * The characters of {@code [ERROR] Failed to execute goal g:a:v:goal (id) on project p: }, as Maven prints it
     * before a failure's message; 0 without an execution.
     */
    static int failurePrefixLength(MojoExecution execution, MavenProject project) {
        if (execution == null || project == null) {
            return 0;
        }
        return ("[ERROR] Failed to execute goal " + execution.getGroupId() + ":" + execution.getArtifactId() + ":"
                + execution.getVersion() + ":" + execution.getGoal() + " (" + execution.getExecutionId()
                + ") on project " + project.getArtifactId() + ": ").length();
    }

    /**
     * A failure's message, each line within the console's width once Maven has put {@code prefixLength}
     * characters before its first line.
     */
    static String message(String text, int prefixLength) {
        return String.join(System.lineSeparator(), wrap(text, Math.max(MIN_FIRST, MAX_LINE - prefixLength)));
    }

    private static List<String> wrap(String text, int firstWidth) {
        List<String> lines = new ArrayList<>();
        for (String given : text.split("\r?\n", -1)) {
            int width = lines.isEmpty() ? firstWidth : WIDTH;
            lines.addAll(wrapLine(given, width));
        }
        return lines;
    }

    private static List<String> wrapLine(String text, int firstWidth) {
        String indent = text.startsWith(PREFIX) ? CONTINUATION
                : " ".repeat(text.length() - text.stripLeading().length() + 2);
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        int width = firstWidth;
        boolean fresh = true; // the line holds nothing but its indent
        int start = text.length() - text.stripLeading().length();
        line.append(text, 0, start);
        for (String whole : text.substring(start).split(" ")) {
            String word = whole;
            // a word longer than a whole line (a path, a row name) is cut where the line ends, and goes on below
            while (line.length() + (fresh ? 0 : 1) + word.length() > width
                    && word.length() > WIDTH - indent.length()) {
                int room = width - line.length() - (fresh ? 0 : 1);
                if (room < MIN_PIECE) {
                    lines.add(line.toString());
                    line.setLength(0);
                    line.append(indent);
                    width = WIDTH;
                    fresh = true;
                    continue;
                }
                line.append(fresh ? "" : " ").append(word, 0, room);
                lines.add(line.toString());
                line.setLength(0);
                line.append(indent);
                width = WIDTH;
                fresh = true;
                word = word.substring(room);
            }
            if (!fresh && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
                line.append(indent);
                width = WIDTH;
                fresh = true;
            }
            if (!fresh) {
                line.append(' ');
            }
            line.append(word);
            fresh = false;
        }
        lines.add(line.toString());
        return lines;
    }
}
