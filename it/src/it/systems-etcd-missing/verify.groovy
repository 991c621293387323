import groovy.json.JsonSlurper
evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters

def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
assert log.contains('BUILD FAILURE')
// the preflight finds the missing program before the first row: no row ran, no probe started
assert !(log =~ /memstore: row \d\/3 /)
assert !log.contains('started (pid')
assert log.contains("memstore: 1 row needs a system that cannot run here; nothing was run:")
assert log.contains("row 'etcd' (system etcd): etcd: -Dmemstore.etcd=no-such-dir/etcd names no file")
assert log.contains('apt-get install etcd-server')
// the verdict, once, and the outputs say FAILED: no earlier result may stand for this run
assert log.contains("memstore: FAILED: incomplete, 0 of 3 rows measured, row 'etcd' failed: refused before the first row: its system cannot run here")
def json = new JsonSlurper().parse(new File(basedir, 'target/memstore/memstore.json'))
assert json.passed == false && json.rows.isEmpty() && json.incomplete.row == 'etcd'
assert new File(basedir, 'target/memstore/TEST-memstore.xml').text.contains('name="run [etcd]"')
def lines = evaluate(new File(basedir, '../../../src/it/console-lines.groovy'))(new File(basedir, 'build.log'))
lines.each { assert it.length() <= 160 : "a line of ${it.length()} characters: ${it}" }
def work = new File(basedir, 'target/memstore/work')
assert !work.exists() || work.list().length == 0
true
