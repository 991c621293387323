package io.memstore.store;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The store's packages depend on each other one way, as the package-info of {@code io.memstore.store} draws them:
 * <pre>
 *   the MVCC store (io.memstore.store)  -> image, index, sqlite, vocabulary
 *   internal.image                      -> index, sqlite, vocabulary
 *   internal.index                      -> vocabulary
 *   internal.sqlite                     -> vocabulary
 *   the vocabulary (io.memstore.store)  -> nothing of the store
 * </pre>
 * {@code io.memstore.store} holds two of these groups, the public API's vocabulary ({@link #VOCABULARY}) and the
 * MVCC store (every other class of the package), so the rules are over groups of classes, not packages. And the
 * public API names no internal type: no public member of a public class of {@code io.memstore.store} takes,
 * returns, throws or holds one. Read from the compiled classes, so a fully qualified name without an import counts
 * too.
 */
class StoreArchitectureTest {
    private static final String API = "io.memstore.store";
    private static final String INTERNAL = API + ".internal";

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(API);

    /** The classes of {@code io.memstore.store} that every package of the store may use, and that use none. */
    static final Set<String> VOCABULARY = Set.of("Revision", "KeyValue", "KeyState", "IndexRange", "RevisionIndex",
            "Durability", "VerifyReport", "StoreException", "StoreFormatException", "StoreCorruptionException",
            "StoreClosedException", "KeyNotFoundException", "CompactedRevisionException", "FutureRevisionException",
            "RevisionOverflowException");

    /** Each group and the groups it may use, in dependency order; a group may always use itself. */
    static final Map<String, List<String>> MAY_USE = new LinkedHashMap<>();

    static {
        MAY_USE.put("vocabulary", List.of());
        MAY_USE.put("index", List.of("vocabulary"));
        MAY_USE.put("sqlite", List.of("vocabulary"));
        MAY_USE.put("image", List.of("vocabulary", "index", "sqlite"));
        MAY_USE.put("mvcc", List.of("vocabulary", "index", "sqlite", "image"));
    }

    /** The group of {@code c}, or null when it is in none (a package the rules do not know). */
    static String group(JavaClass c) {
        String pkg = c.getPackageName();
        if (pkg.equals(API)) {
            String top = c.getName().substring(API.length() + 1).split("\\$")[0];
            return VOCABULARY.contains(top) ? "vocabulary" : "mvcc";
        }
        for (String internal : List.of("index", "sqlite", "image")) {
            if (pkg.equals(INTERNAL + "." + internal) || pkg.startsWith(INTERNAL + "." + internal + ".")) {
                return internal;
            }
        }
        return null;
    }

    private static DescribedPredicate<JavaClass> inGroup(String name) {
        return DescribedPredicate.describe("the " + name + " group", c -> name.equals(group(c)));
    }

    static LayeredArchitecture layers() {
        LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers();
        for (String name : MAY_USE.keySet()) {
            layers = layers.layer(name).definedBy(inGroup(name));
        }
        for (String name : MAY_USE.keySet()) {
            String[] users = MAY_USE.entrySet().stream().filter(e -> e.getValue().contains(name))
                    .map(Map.Entry::getKey).toArray(String[]::new);
            layers = users.length == 0 ? layers.whereLayer(name).mayNotBeAccessedByAnyLayer()
                    : layers.whereLayer(name).mayOnlyBeAccessedByLayers(users);
        }
        return layers;
    }

    @Test
    void everyGroupUsesOnlyTheGroupsBelowIt() {
        layers().check(CLASSES);
    }

    @Test
    void noGroupsDependOnEachOtherInACycle() {
        SliceAssignment byGroup = new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass c) {
                String g = group(c);
                return g == null ? SliceIdentifier.ignore() : SliceIdentifier.of(g);
            }

            @Override
            public String getDescription() {
                return "the store's groups of classes";
            }
        };
        slices().assignedFrom(byGroup).should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    void everyClassOfTheStoreIsInAGroup() {
        // a new package must be placed in the order above, or the rules would not see it
        classes().that().resideInAPackage(API + "..")
                .should(new ArchCondition<>("be in one of the groups " + MAY_USE.keySet()) {
                    @Override
                    public void check(JavaClass c, ConditionEvents events) {
                        if (group(c) == null) {
                            events.add(SimpleConditionEvent.violated(c, c.getName() + " is in no group"));
                        }
                    }
                }).check(CLASSES);
    }

    @Test
    void everyClassTheVocabularyListsExists() {
        List<String> missing = new ArrayList<>();
        for (String name : VOCABULARY) {
            if (!CLASSES.contain(API + "." + name)) {
                missing.add(name);
            }
        }
        assertThat(missing).as("vocabulary classes that do not exist").isEmpty();
    }

    @Test
    void thePublicApiNamesNoInternalType() {
        ArchRule rule = classes().that().resideInAPackage(API).and().arePublic()
                .should(new ArchCondition<>("name no type of " + INTERNAL + " in a public signature") {
                    @Override
                    public void check(JavaClass c, ConditionEvents events) {
                        List<String> found = new ArrayList<>();
                        if (c.getRawSuperclass().isPresent() && internal(c.getRawSuperclass().get())) {
                            found.add("extends " + c.getRawSuperclass().get().getName());
                        }
                        c.getRawInterfaces().stream().filter(StoreArchitectureTest::internal)
                                .forEach(i -> found.add("implements " + i.getName()));
                        for (JavaCodeUnit u : c.getCodeUnits()) {
                            if (!exposed(u.getModifiers())) {
                                continue;
                            }
                            u.getReturnType().getAllInvolvedRawTypes().stream()
                                    .filter(StoreArchitectureTest::internal)
                                    .forEach(t -> found.add(u.getFullName() + " returns " + t.getName()));
                            u.getParameterTypes().stream().flatMap(p -> p.getAllInvolvedRawTypes().stream())
                                    .filter(StoreArchitectureTest::internal)
                                    .forEach(t -> found.add(u.getFullName() + " takes " + t.getName()));
                            u.getExceptionTypes().stream().filter(StoreArchitectureTest::internal)
                                    .forEach(t -> found.add(u.getFullName() + " throws " + t.getName()));
                        }
                        for (JavaField f : c.getFields()) {
                            if (exposed(f.getModifiers())) {
                                f.getType().getAllInvolvedRawTypes().stream().filter(StoreArchitectureTest::internal)
                                        .forEach(t -> found.add(f.getFullName() + " holds " + t.getName()));
                            }
                        }
                        for (String what : found) {
                            events.add(SimpleConditionEvent.violated(c, what));
                        }
                    }
                });
        rule.check(CLASSES);
    }

    private static boolean exposed(Set<JavaModifier> modifiers) {
        return modifiers.contains(JavaModifier.PUBLIC) || modifiers.contains(JavaModifier.PROTECTED);
    }

    private static boolean internal(JavaClass c) {
        return c.getPackageName().startsWith(INTERNAL);
    }
}
