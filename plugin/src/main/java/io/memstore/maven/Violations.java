package io.memstore.maven;

import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;

/**
 * What fails a judging goal's build ({@code check}'s budgets, {@code plan}'s scenarios over machineMemory),
 * collected as the goal judges, and what {@code failOnViolation} makes of them, decided here once: a
 * {@link MojoFailureException} listing them, or the same list as warnings and the build going on.
 */
final class Violations {
    private final String what;
    private final List<String> items = new ArrayList<>();

    /** @param what what the items are, e.g. {@code "budget outcome(s) failed"} */
    Violations(String what) {
        this.what = what;
    }

    void add(String item) {
        items.add(item);
    }

    boolean isEmpty() {
        return items.isEmpty();
    }

    /** The message: a short first line (Maven prints its own prefix before it), then one item a line. */
    String message() {
        StringBuilder message = new StringBuilder("memstore: " + items.size() + " " + what + ":");
        items.forEach(f -> message.append(System.lineSeparator()).append("  ").append(f));
        return message.toString();
    }

    /**
     * Nothing when there are no items; else fails the build with the list (the goal wraps its lines, see
     * {@link AbstractMemstoreMojo#execute}), or with {@code failOnViolation} false warns it, each line wrapped,
     * and says the build goes on.
     */
    void enforce(boolean failOnViolation, Log log) throws MojoFailureException {
        if (items.isEmpty()) {
            return;
        }
        if (failOnViolation) {
            throw new MojoFailureException(message());
        }
        ConsoleLines.wrap(message()).forEach(log::warn);
        log.warn("memstore: failOnViolation is false: the build goes on");
    }
}
