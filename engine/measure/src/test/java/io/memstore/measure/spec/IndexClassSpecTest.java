package io.memstore.measure.spec;

import io.memstore.measure.fixture.KeyCopyingIndex;
import io.memstore.store.RevisionIndex;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Index classes named in a spec, checked against a classpath the way the plugin checks the project's. */
class IndexClassSpecTest {
    private static ClasspathClassCheck check;

    @BeforeAll
    static void classpath() throws URISyntaxException {
        // this module's test classes (the fixtures) and the store, and nothing of this JVM's class path besides
        Path fixtures = Path.of(KeyCopyingIndex.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path store = Path.of(RevisionIndex.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        check = new ClasspathClassCheck(List.of(fixtures, store), "the project's runtime classpath");
    }

    @AfterAll
    static void close() {
        check.close();
    }

    private static WorkloadSpec load(String index) throws SpecException {
        return SpecLoader.load("version: 1\nworkloads:\n  - name: own\n    keys: 1K\n    index: [btree, " + index
                + "]\n", "own.yaml", check);
    }

    @Test
    void aClassOfTheProjectIsAnIndexNamedAsWritten() throws SpecException {
        WorkloadSpec spec = load("io.memstore.measure.fixture.KeyCopyingIndex");
        assertThat(spec.rows()).extracting(Row::name).containsExactly("own/index=btree",
                "own/index=io.memstore.measure.fixture.KeyCopyingIndex");
        IndexKind own = spec.rows().get(1).params().index();
        assertThat(own.isClass()).isTrue();
        assertThat(own.specName()).isEqualTo("io.memstore.measure.fixture.KeyCopyingIndex");
        assertThat(spec.rows().get(0).params().index()).isSameAs(IndexKind.BTREE);
    }

    @Test
    void aClassThatIsNotThereIsASpecErrorNamingFileLineFieldAndClass() {
        assertThatThrownBy(() -> load("com.example.Missing"))
                .isInstanceOf(SpecException.class)
                .hasMessage("own.yaml:5:20: workloads[0].index[1]: index class 'com.example.Missing' is not on the"
                        + " project's runtime classpath; expected " + IndexKind.FORMS);
    }

    @Test
    void aClassThatIsNoRevisionIndexIsRefused() {
        assertThatThrownBy(() -> load("io.memstore.measure.fixture.NotAnIndex"))
                .hasMessageStartingWith("own.yaml:5:20: workloads[0].index[1]: class"
                        + " 'io.memstore.measure.fixture.NotAnIndex' does not implement io.memstore.store.RevisionIndex");
    }

    @Test
    void aClassWithoutAPublicNoArgumentConstructorIsRefused() {
        assertThatThrownBy(() -> load("io.memstore.measure.fixture.NeedsArgumentIndex"))
                .hasMessageStartingWith("own.yaml:5:20: workloads[0].index[1]: class"
                        + " 'io.memstore.measure.fixture.NeedsArgumentIndex' has no public no-argument constructor");
    }

    @Test
    void theInterfaceItselfIsRefused() {
        assertThatThrownBy(() -> load("io.memstore.store.RevisionIndex"))
                .hasMessageContaining("class 'io.memstore.store.RevisionIndex' is an interface");
    }

    @Test
    void withoutTheStoreOnTheClasspathNoClassCanBeAnIndex() throws URISyntaxException {
        Path fixtures = Path.of(KeyCopyingIndex.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (ClasspathClassCheck noStore = new ClasspathClassCheck(List.of(fixtures), "the classpath")) {
            assertThat(noStore.problem(RowField.INDEX, "io.memstore.measure.fixture.KeyCopyingIndex")).get().asString()
                    .contains("cannot be loaded").contains("RevisionIndex");
        }
    }

    @Test
    void aNameThatIsNeitherBuiltInNorAQualifiedClassNameIsRefusedWithASuggestion() {
        assertThatThrownBy(() -> load("btre"))
                .hasMessage("own.yaml:5:20: workloads[0].index[1]: unknown index 'btre' (did you mean 'btree'?);"
                        + " expected " + IndexKind.FORMS);
    }
}
