package io.memstore.measure.spec;

import io.memstore.measure.fixture.MapTarget;
import io.memstore.target.KeyValueTarget;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Target classes named by {@code system:}, checked against a classpath the way the plugin checks the project's. */
class TargetClassSpecTest {
    private static final String WHERE = "the project's test classpath";
    private static ClasspathClassCheck check;

    @TempDir
    Path dir;

    @BeforeAll
    static void classpath() throws URISyntaxException {
        // this module's test classes (the fixtures) and memstore-target, nothing of this JVM's class path besides
        check = new ClasspathClassCheck(List.of(location(MapTarget.class), location(KeyValueTarget.class)), WHERE);
    }

    private static Path location(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    @AfterAll
    static void close() {
        check.close();
    }

    private static WorkloadSpec load(String system, ProjectClassCheck classes) throws SpecException {
        return SpecLoader.load("version: 1\nworkloads:\n  - name: own\n    keys: 1K\n    system: [memstore, " + system
                + "]\n", "own.yaml", classes);
    }

    private static String at(String problem) {
        return "own.yaml:5:24: workloads[0].system[1]: " + problem;
    }

    @Test
    void aSpecOfTheUsersOwnClassesIsPlannedAsThoseClassesNeverAsMemstore() throws SpecException {
        String mine = "io.memstore.measure.fixture.MapTarget";
        String other = "io.memstore.measure.fixture.FileTarget";
        WorkloadSpec own = SpecLoader.load("version: 1\nworkloads:\n  - name: own\n    keys: 1K\n    system: " + mine
                + "\nplan:\n  - {name: big, keys: 10M}\n", "own.yaml", check);
        assertThat(own.plan().get(0).params().system().specName()).isEqualTo(mine);
        // -Dmemstore.keys=10M: the rows' system, not memstore's store
        List<PlanScenario> adHoc = own.commandLineScenarios("command-line", java.util.Map.of("keys", "10M"),
                "memstore.", "command line");
        assertThat(adHoc).extracting(s -> s.params().system().specName()).containsExactly(mine);
        assertThat(adHoc.get(0).name()).isEqualTo("command-line");
        // -Dmemstore.system names another
        assertThat(own.commandLineScenarios("command-line", java.util.Map.of("keys", "10M", "system", "memstore"),
                "memstore.", "command line").get(0).params().system()).isSameAs(SystemKind.MEMSTORE);
        // two classes: one ad-hoc scenario each; a spec scenario must say which
        WorkloadSpec two = SpecLoader.load("version: 1\nworkloads:\n  - name: own\n    keys: 1K\n    system: [" + mine
                + ", " + other + "]\n", "own.yaml", check);
        assertThat(two.commandLineScenarios("command-line", java.util.Map.of("keys", "10M"), "memstore.", "cli"))
                .extracting(PlanScenario::name).containsExactly("command-line/" + mine, "command-line/" + other);
        assertThatThrownBy(() -> SpecLoader.load("version: 1\nworkloads:\n  - name: own\n    keys: 1K\n    system: ["
                + mine + ", " + other + "]\nplan:\n  - {name: big, keys: 10M}\n", "own.yaml", check))
                .hasMessageContaining("plan[0]: the spec's rows measure " + mine + ", " + other + " and no memstore"
                        + " row: which one does scenario 'big' plan?");
        // a spec that measures memstore rows too plans memstore, as its rows default to it
        assertThat(load(mine, check).commandLineScenarios("c", java.util.Map.of("keys", "10M"), "memstore.", "cli")
                .get(0).params().system()).isSameAs(SystemKind.MEMSTORE);
    }

    @Test
    void aTargetClassIsASystemNamedAsWrittenThatStoresValues() throws SpecException {
        WorkloadSpec spec = load("io.memstore.measure.fixture.MapTarget", check);
        assertThat(spec.rows()).extracting(Row::name).containsExactly("own/system=memstore",
                "own/system=io.memstore.measure.fixture.MapTarget");
        SystemKind own = spec.rows().get(1).params().system();
        assertThat(own.isClass()).isTrue();
        assertThat(own.ignores(RowField.INDEX)).isTrue();
        assertThat(spec.rows().get(1).params().storesValues()).isTrue();
        assertThat(spec.rows().get(0).params().system()).isSameAs(SystemKind.MEMSTORE);
        assertThat(SystemKind.of("io.memstore.measure.fixture.MapTarget")).isEqualTo(own);
    }

    @Test
    void aClassThatIsNoTargetIsRefusedAtItsLine() {
        assertThatThrownBy(() -> load("io.memstore.measure.fixture.NotAnIndex", check))
                .isInstanceOf(SpecException.class)
                .hasMessageStartingWith(at("class 'io.memstore.measure.fixture.NotAnIndex' does not implement"
                        + " io.memstore.target.KeyValueTarget; expected one of memstore,"));
    }

    @Test
    void aClassWithoutAPathOrNoArgumentConstructorIsRefused() {
        assertThatThrownBy(() -> load("io.memstore.measure.fixture.NeedsArgumentTarget", check))
                .hasMessageStartingWith(at("class 'io.memstore.measure.fixture.NeedsArgumentTarget' has no public"
                        + " constructor taking a java.nio.file.Path (its data directory) or none"));
    }

    @Test
    void aConstructorTakingTheDataDirectoryIsEnough() throws SpecException {
        assertThat(load("io.memstore.measure.fixture.FileTarget", check).rows()).hasSize(2);
    }

    @Test
    void aMisspelledClassGetsTheClassOfTheClasspathItMeant() {
        assertThatThrownBy(() -> load("io.memstore.measure.fixture.MapTraget", check))
                .hasMessageStartingWith(at("target class 'io.memstore.measure.fixture.MapTraget' is not on " + WHERE
                        + " (did you mean 'io.memstore.measure.fixture.MapTarget'?)"));
    }

    @Test
    void aClassFarFromAnyOnTheClasspathGetsNoSuggestion() {
        assertThatThrownBy(() -> load("com.example.Elsewhere", check))
                .hasMessageStartingWith(at("target class 'com.example.Elsewhere' is not on " + WHERE + ";"));
    }

    @Test
    void aClassWhoseSourceIsThereButNotItsClassIsNotCompiledYet() throws IOException {
        Path sources = dir.resolve("src/test/java");
        Files.createDirectories(sources.resolve("com/example"));
        Files.writeString(sources.resolve("com/example/Later.java"), "package com.example; class Later {}");
        Path testClasses = dir.resolve("target/test-classes"); // cleaned: not there
        try (ClasspathClassCheck cleaned = new ClasspathClassCheck(List.of(testClasses), WHERE,
                List.of(dir.resolve("src/main/java"), sources))) {
            assertThatThrownBy(() -> load("com.example.Later", cleaned))
                    .hasMessageStartingWith(at("target class 'com.example.Later' is not compiled yet (its source is "
                            + sources.resolve("com/example/Later.java") + ", its class is not on " + WHERE
                            + "): run mvn test-compile memstore:check, or bind memstore:check to the verify phase"));
            // without its source: still told that nothing of the project is compiled
            assertThatThrownBy(() -> load("com.example.Other", cleaned))
                    .hasMessageContaining("which holds no compiled classes of the project: run mvn test-compile");
            // what maven.test.skip=true is told apart by: the source of the class, not compiled
            assertThat(cleaned.uncompiledSource("com.example.Later")).hasValue(sources.resolve("com/example/Later.java"));
            assertThat(cleaned.uncompiledSource("com.example.Other")).isEmpty();
        }
        // a class that is on the classpath is compiled, whatever sources there are
        try (ClasspathClassCheck compiled = new ClasspathClassCheck(List.of(location(MapTarget.class)), WHERE,
                List.of(dir.resolve("src/test/java")))) {
            assertThat(compiled.uncompiledSource(MapTarget.class.getName())).isEmpty();
        } catch (URISyntaxException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void withoutMemstoreTargetOnTheClasspathNoClassCanBeATarget() throws URISyntaxException {
        try (ClasspathClassCheck noTarget = new ClasspathClassCheck(List.of(location(MapTarget.class)), WHERE)) {
            assertThat(noTarget.problem(RowField.SYSTEM, "io.memstore.measure.fixture.NotAnIndex")).get().asString()
                    .contains("io.memstore:memstore-target");
        }
    }

    @Test
    void aMisspelledBuiltInSystemIsStillSuggested() {
        assertThatThrownBy(() -> load("rocksbd", check))
                .hasMessageStartingWith(at("unknown system 'rocksbd' (did you mean 'rocksdb'?)"));
    }
}
