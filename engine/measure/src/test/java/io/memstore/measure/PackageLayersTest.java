package io.memstore.measure;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The measure side's packages depend on each other one way, in the order of the flow, after the store and the
 * JSON reader and writer that every file format uses: spec (what to measure) ->
 * probe (the child that measures) -> run (the parent that forks probes and collects per-row results) -> model
 * (the fit) -> budget (the verdicts) -> result (the run's result and its files) -> check and plan (the jobs the
 * plugin runs). Each package may use only the packages before it, and the store; nothing before it may use it.
 * Read from the compiled classes, so a fully qualified name without an import counts too.
 */
class PackageLayersTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.memstore.measure", "io.memstore.store");

    /** The packages in dependency order, below {@code io.memstore}: each may use only those before it. */
    static final List<String> ORDER = List.of("store", "measure.json", "measure.spec", "measure.probe",
            "measure.run", "measure.model", "measure.budget", "measure.result", "measure.check", "measure.plan");

    static LayeredArchitecture layers() {
        LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers();
        for (String name : ORDER) {
            layers = layers.layer(name).definedBy("io.memstore." + name + "..");
        }
        for (int i = 0; i < ORDER.size(); i++) {
            List<String> later = ORDER.subList(i + 1, ORDER.size());
            layers = later.isEmpty() ? layers.whereLayer(ORDER.get(i)).mayNotBeAccessedByAnyLayer()
                    : layers.whereLayer(ORDER.get(i)).mayOnlyBeAccessedByLayers(later.toArray(String[]::new));
        }
        return layers;
    }

    @Test
    void everyPackageUsesOnlyThePackagesBeforeIt() {
        layers().check(CLASSES);
    }

    @Test
    void noPackagesDependOnEachOtherInACycle() {
        // the store's own packages depend on each other one way by StoreArchitectureTest's rules, over groups of
        // classes that share a package; here the store counts as one
        ArchRule rule = slices().matching("io.memstore.(**)").should().beFreeOfCycles()
                .ignoreDependency(resideInAPackage("io.memstore.store.."), resideInAPackage("io.memstore.store.."));
        rule.check(CLASSES);
    }

    @Test
    void everyPackageOfTheMeasureSideIsALayer() {
        // a new package must be placed in the order above, or the rules would not see it
        ArchRule rule = com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes()
                .that().resideInAPackage("io.memstore.measure..")
                .and().resideOutsideOfPackage("io.memstore.measure")
                .should().resideInAnyPackage(ORDER.stream().map(name -> "io.memstore." + name + "..")
                        .toArray(String[]::new));
        rule.check(CLASSES);
    }
}
