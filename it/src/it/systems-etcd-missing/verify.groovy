def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE')
// the memstore row ran; the etcd row says what is missing and how to get it, without a stack trace
assert log =~ /row 1\/2 plain: index [0-9.]+ MiB/
assert log.contains("row 'etcd': the row's system cannot run here")
assert log.contains('-Dmemstore.etcd=' + new File(basedir, 'no-such-dir/etcd').path + ' names no file')
assert log.contains('apt-get install etcd-server')
// one error line names the row, the reason and the fix (the stack traces below it are the IT's -e)
assert log =~ /\[ERROR\] Failed to execute goal .*memstore: row 'etcd': the row's system cannot run here, exit code 5/
def work = new File(basedir, 'target/memstore/work')
assert !work.exists() || work.list().length == 0
true
