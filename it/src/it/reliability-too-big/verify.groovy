evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
assert log.contains('BUILD FAILURE')
assert log.contains('memstore: 1 row does not fit this machine; nothing was run:')
assert log =~ /row 'huge' needs an estimated 1\.5 TiB of memory \(1\.5 TiB for the reference index of 100000000 keys x 1 versions of 16384 B keys, \+ 128\.0 MiB for the JVM\), more than the [0-9.]+ GiB of physical memory of this machine/
assert !log.contains("row 'fits' needs")
assert !log.contains('started (pid') // no probe ran, not even the row that fits
// the first error line carries the whole reason (the stack trace below it is the invoker's -e)
assert log =~ /\[ERROR\] Failed to execute goal io\.memstore:memstore-maven-plugin:[^:]+:check \(default\) on project [a-z-]+: memstore: /
// a refused run still writes its outputs, so no earlier PASSED stays behind: not passed, nothing measured
def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/memstore/memstore.json'))
assert json.passed == false && json.rows.isEmpty() && json.incomplete != null
true
