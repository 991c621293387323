package io.memstore.measure;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import org.junit.jupiter.api.Test;

/**
 * The measure side's packages depend on each other one way, in the order of the flow: spec (what to measure) ->
 * probe (the child that measures) -> run (the parent that forks probes and collects per-row results) -> model
 * (the fit) -> budget (the verdicts) -> result (the run's result and its files) -> check and plan (the jobs the
 * plugin runs). Each package may use only the packages before it, and the store; nothing before it may use it.
 * Read from the compiled classes, so a fully qualified name without an import counts too.
 */
class PackageLayersTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.memstore.measure", "io.memstore.store");

    /** The layers, first to last; each may access only those above it. */
    static LayeredArchitecture layers() {
        return layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("store").definedBy("io.memstore.store..")
                .layer("spec").definedBy("io.memstore.measure.spec..")
                .layer("probe").definedBy("io.memstore.measure.probe..")
                .layer("run").definedBy("io.memstore.measure.run..")
                .layer("model").definedBy("io.memstore.measure.model..")
                .layer("budget").definedBy("io.memstore.measure.budget..")
                .layer("result").definedBy("io.memstore.measure.result..")
                .layer("check").definedBy("io.memstore.measure.check..")
                .layer("plan").definedBy("io.memstore.measure.plan..")
                .whereLayer("check").mayNotBeAccessedByAnyLayer()
                .whereLayer("plan").mayNotBeAccessedByAnyLayer()
                .whereLayer("result").mayOnlyBeAccessedByLayers("check", "plan")
                .whereLayer("budget").mayOnlyBeAccessedByLayers("result", "check", "plan")
                .whereLayer("model").mayOnlyBeAccessedByLayers("budget", "result", "check", "plan")
                .whereLayer("run").mayOnlyBeAccessedByLayers("model", "budget", "result", "check", "plan")
                .whereLayer("probe").mayOnlyBeAccessedByLayers("run", "model", "budget", "result", "check", "plan")
                .whereLayer("spec").mayOnlyBeAccessedByLayers("probe", "run", "model", "budget", "result", "check",
                        "plan")
                .whereLayer("store").mayOnlyBeAccessedByLayers("spec", "probe", "run", "model", "budget", "result",
                        "check", "plan");
    }

    @Test
    void everyPackageUsesOnlyThePackagesBeforeIt() {
        layers().check(CLASSES);
    }

    @Test
    void noPackagesDependOnEachOtherInACycle() {
        ArchRule rule = slices().matching("io.memstore.(**)").should().beFreeOfCycles();
        rule.check(CLASSES);
    }

    @Test
    void everyPackageOfTheMeasureSideIsALayer() {
        // a new package must be placed in the order above, or the rules would not see it
        ArchRule rule = com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes()
                .that().resideInAPackage("io.memstore.measure..")
                .and().resideOutsideOfPackage("io.memstore.measure")
                .should().resideInAnyPackage("..spec..", "..probe..", "..run..", "..model..", "..budget..",
                        "..result..", "..check..", "..plan..");
        rule.check(CLASSES);
    }
}
