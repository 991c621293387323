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
        assertThat(uses.get("${memstore.outputDirectory}")).extracting(Use::goal)
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
