evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
assert log.contains('BUILD FAILURE')
assert log.contains('memstore: 1 row does not fit this machine; nothing was run:')
assert log =~ /row 'big' needs an estimated 257\.7 MiB of heap \(2 x [0-9.]+ KiB for the index, 128\.5 MiB for the store's write buffers, 1\.0 MiB for values in flight, 128\.0 MiB for the JVM's own objects\), but the -Xmx in memstore\.jvmArgs allows 128\.0 MiB; raise that -Xmx to at least -Xmx258m or remove it/
assert !log.contains("row 'small' needs") // an index-only row fits the same -Xmx
assert !log.contains('started (pid') // no probe ran
// a refused run still writes its outputs, so no earlier PASSED stays behind: not passed, nothing measured
def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/memstore/memstore.json'))
assert json.passed == false && json.rows.isEmpty() && json.incomplete != null
true
