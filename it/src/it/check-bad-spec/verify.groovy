evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
assert log.contains('BUILD FAILURE')
assert log =~ /workload\.yaml:6:5: workloads\[0\]\.keySise/
assert log.contains("did you mean 'keySize'")
assert log.contains('MojoExecutionException')
// the run began before the spec was read: its outputs say it did not complete, and nothing was measured
def record = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/memstore/memstore.json'))
assert record.passed == false && record.rows.isEmpty() && record.incomplete.row == null
// the spec error as the console shows it: no memstore line over 160 characters
def lines = evaluate(new File(basedir, '../../../src/it/console-lines.groovy'))(new File(basedir, 'build.log'))
assert lines.any { it.contains('keySise') }
println "check-bad-spec: ${lines.size()} memstore lines, the widest ${lines*.length().max()} characters"
lines.each { assert it.length() <= 160 : "a line of ${it.length()} characters: ${it}" }
true
