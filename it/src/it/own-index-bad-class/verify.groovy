evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
assert log =~ /memstore: the workload spec is broken: .*workload\.yaml:6:20: workloads\[0\]\.index\[1\]: class 'com\.example\.index\.NotAnIndex' does not implement io\.memstore\.store\.RevisionIndex/
assert !log.contains('started (pid')
// the run began before the spec was read: its outputs say it did not complete, and nothing was measured
def record = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/memstore/memstore.json'))
assert record.passed == false && record.rows.isEmpty() && record.incomplete.row == null
assert log.contains('BUILD FAILURE')
true
