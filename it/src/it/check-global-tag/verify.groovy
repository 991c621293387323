evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE')
assert log =~ /workload\.yaml:2:\d+/
assert log.toLowerCase().contains('tag')
assert !new File(basedir, 'pwned.txt').exists()
// the run began before the spec was read: its outputs say it did not complete, and nothing was measured
def record = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/memstore/memstore.json'))
assert record.passed == false && record.rows.isEmpty() && record.incomplete.row == null
true
