package io.memstore.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Every user property of the plugin means one parameter: in the generated plugin descriptor, each
 * {@code ${memstore.x}} is configured by the same element name with the same default value in every goal; and
 * every goal and every parameter a user can set has a description, which {@code memstore:help} and the goal
 * pages show.
 */
class ParameterNamesTest {

    /** One goal's use of a property: the goal, the parameter's name, its default value. */
    private record Use(String goal, String name, String defaultValue) {
    }

    private static Document descriptor() throws Exception {
        try (InputStream in = ParameterNamesTest.class.getResourceAsStream("/META-INF/maven/plugin.xml")) {
            assertThat(in).as("the plugin descriptor, generated before the tests run").isNotNull();
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
        }
    }

    private static String child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e.getTextContent().strip();
            }
        }
        return "";
    }

    private static Map<String, List<Use>> usesByProperty() throws Exception {
        Document doc = descriptor();
        Map<String, List<Use>> uses = new TreeMap<>();
        NodeList mojos = doc.getElementsByTagName("mojo");
        for (int m = 0; m < mojos.getLength(); m++) {
            Element mojo = (Element) mojos.item(m);
            String goal = mojo.getElementsByTagName("goal").item(0).getTextContent();
            NodeList configurations = mojo.getElementsByTagName("configuration");
            if (configurations.getLength() == 0) {
                continue;
            }
            for (Node n = configurations.item(0).getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element e && e.getTextContent().startsWith("${memstore.")) {
                    uses.computeIfAbsent(e.getTextContent(), k -> new ArrayList<>())
                            .add(new Use(goal, e.getTagName(), e.getAttribute("default-value")));
                }
            }
        }
        return uses;
    }

    @Test
    void eachPropertyHasOneNameAndOneDefaultInEveryGoal() throws Exception {
        Map<String, List<Use>> uses = usesByProperty();
        // the shared parameters are found in the goals that have them, so the comparison below is not vacuous
        assertThat(uses.get("${memstore.resultDirectory}")).extracting(Use::goal)
                .contains("check", "plan", "baseline", "report");
        assertThat(uses.get("${memstore.timeout}")).extracting(Use::goal).contains("check", "plan", "report");
        for (Map.Entry<String, List<Use>> property : uses.entrySet()) {
            Set<String> names = new TreeSet<>();
            Set<String> defaults = new TreeSet<>();
            for (Use use : property.getValue()) {
                names.add(use.name());
                defaults.add(use.defaultValue());
            }
            assertThat(names).as(property.getKey() + " is named alike in " + property.getValue()).hasSize(1);
            assertThat(defaults).as(property.getKey() + " defaults alike in " + property.getValue()).hasSize(1);
        }
    }

    @Test
    void aParameterIsNamedAsItsUserProperty() throws Exception {
        List<String> unlike = new ArrayList<>();
        usesByProperty().forEach((property, uses) -> {
            String name = property.substring("${memstore.".length(), property.length() - 1);
            uses.stream().filter(u -> !u.name().equals(name)).forEach(u -> unlike.add(u.goal() + ": <" + u.name()
                    + "> set by " + property));
        });
        assertThat(unlike).as("parameters whose element differs from their user property").isEmpty();
    }

    /** The settable parameters of each goal, by name. */
    private static Map<String, Set<String>> parametersByGoal() throws Exception {
        Map<String, Set<String>> byGoal = new TreeMap<>();
        NodeList mojos = descriptor().getElementsByTagName("mojo");
        for (int m = 0; m < mojos.getLength(); m++) {
            Element mojo = (Element) mojos.item(m);
            Set<String> names = new TreeSet<>();
            NodeList params = mojo.getElementsByTagName("parameter");
            for (int p = 0; p < params.getLength(); p++) {
                Element param = (Element) params.item(p);
                if ("true".equals(child(param, "editable"))) {
                    names.add(child(param, "name"));
                }
            }
            byGoal.put(child(mojo, "goal"), names);
        }
        return byGoal;
    }

    @Test
    void eachGoalHasTheParametersItUsesOnly() throws Exception {
        Map<String, Set<String>> goals = parametersByGoal();
        // baseline copies results: nothing of a spec or of the probes means anything there
        assertThat(goals.get("baseline")).containsExactlyInAnyOrder("skip", "resultDirectory", "baseline", "force");
        // merge judges results: the spec and the baseline, no probe setting (the shards' results record theirs)
        assertThat(goals.get("merge")).containsExactlyInAnyOrder("skip", "resultDirectory", "spec", "shards",
                "baseline", "baselineMissing", "failOnViolation");
        assertThat(goals.get("init")).containsExactly("spec");
        assertThat(goals.get("check")).contains("spec", "settleMillis", "gets", "jvmArgs", "timeout", "keepFiles",
                "only", "scale", "baseline", "baselineMissing", "failOnViolation", "resultDirectory", "skip");
        assertThat(goals.get("plan")).contains("spec", "settleMillis", "gets", "jvmArgs", "timeout", "calibration",
                "keys", "machineMemory", "failOnViolation", "resultDirectory", "skip")
                .doesNotContain("keepFiles", "only", "scale", "baselineMissing");
        assertThat(goals.get("report-aggregate")).contains("skip", "aggregateResults");
    }

    @Test
    void helpTextsSayWhatAUserSeesNotHowTheCodeIsBuilt() throws Exception {
        NodeList mojos = descriptor().getElementsByTagName("mojo");
        Map<String, String> descriptions = new TreeMap<>();
        for (int m = 0; m < mojos.getLength(); m++) {
            Element mojo = (Element) mojos.item(m);
            descriptions.put(child(mojo, "goal"), child(mojo, "description"));
        }
        descriptions.forEach((goal, text) -> assertThat(text).as(goal).doesNotContain("AbstractMavenReport",
                "AbstractMemstoreMojo", "execute()", "final"));
        // check prints the tables and every budget to memstore.md and the debug log, not at INFO
        assertThat(descriptions.get("check")).contains("memstore.md").doesNotContain("prints the tables");
    }

    @Test
    void everyGoalAndEverySettableParameterIsDescribed() throws Exception {
        NodeList mojos = descriptor().getElementsByTagName("mojo");
        List<String> undescribed = new ArrayList<>();
        Set<String> goals = new TreeSet<>();
        int parameters = 0;
        for (int m = 0; m < mojos.getLength(); m++) {
            Element mojo = (Element) mojos.item(m);
            String goal = child(mojo, "goal");
            goals.add(goal);
            if (child(mojo, "description").length() < 40) {
                undescribed.add(goal + " (the goal: \"" + child(mojo, "description") + "\")");
            }
            NodeList params = mojo.getElementsByTagName("parameter");
            for (int p = 0; p < params.getLength(); p++) {
                Element param = (Element) params.item(p);
                if (!"true".equals(child(param, "editable"))) {
                    continue;
                }
                parameters++;
                String description = child(param, "description");
                // a phrase, not a word: "Skip." would pass a non-empty check and tell a user nothing
                if (description.length() < 20) {
                    undescribed.add(goal + "." + child(param, "name") + " (\"" + description + "\")");
                }
            }
        }
        assertThat(goals).contains("check", "plan", "baseline", "report", "report-aggregate", "init", "help");
        assertThat(parameters).as("settable parameters found").isGreaterThan(40);
        assertThat(undescribed).as("goals and parameters without a description of at least a phrase").isEmpty();
    }
}
