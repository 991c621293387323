evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
// each spec names its class at line 7, column 24; the message of each, in the order of the builds
def broken = 'memstore: the workload spec is broken: .*'
def expected = [
    'not-compiled'      : /workloads\[0\]\.system\[1\]: target class 'com\.example\.store\.MapStore' is not compiled yet \(its source is .*MapStore\.java, its class is not on the project's test classpath .*\): run mvn test-compile memstore:check, or bind memstore:check to the verify phase/,
    'misspelled'        : /workloads\[0\]\.system\[1\]: target class 'com\.example\.store\.MapStroe' is not on the project's test classpath .* \(did you mean 'com\.example\.store\.MapStore'\?\)/,
    'not-a-target'      : /workloads\[0\]\.system\[1\]: class 'com\.example\.store\.NotAStore' does not implement io\.memstore\.target\.KeyValueTarget/,
    'no-constructor'    : /workloads\[0\]\.system\[1\]: class 'com\.example\.store\.SizedStore' has no public constructor taking a java\.nio\.file\.Path \(its data directory\) or none/,
    'constructor-throws': /workloads\[0\]\.system\[1\]: class 'com\.example\.store\.LicensedStore' threw in its constructor: java\.lang\.IllegalStateException: no license\.key in the data directory \(at com\.example\.store\.LicensedStore\.<init>\(LicensedStore\.java:10\)\)/,
    'put-throws'        : /workloads\[0\]\.system\[1\]: class 'com\.example\.store\.QuotaStore' threw in put: java\.lang\.IllegalStateException: quota of 8 keys exceeded \(at com\.example\.store\.QuotaStore\.put\(QuotaStore\.java:10\)\)/,
]
expected.each { spec, message ->
    assert log =~ (broken + /${spec}\.yaml:7:24: / + message) : "no refusal of ${spec}.yaml"
}
// six builds, each failed
assert (log =~ /BUILD FAILURE/).count == 6
// refused before the first row: no probe started; the run began before the spec was read, so its outputs say it
// did not complete, and nothing was measured
assert !log.contains('started (pid')
def record = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/memstore/memstore.json'))
assert record.passed == false && record.rows.isEmpty() && record.incomplete.row == null
assert new File(basedir, 'target/memstore/TEST-memstore.xml').text.contains('errors="1"')
true
