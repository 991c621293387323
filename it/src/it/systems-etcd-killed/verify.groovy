evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
assert log.contains('BUILD FAILURE')
// a clear error naming the row and the member that ended, not a hang until the timeout
assert log =~ /row 'etcd': the probe failed, exit code 1/
assert log =~ /etcd member m1 \(pid \d+\) has ended|etcd: a write failed/
def out = new File(basedir, 'target/memstore')
def running = new File('/proc').listFiles().findAll { it.name ==~ /\d+/ }.findAll {
    def cmd = new File(it, 'cmdline')
    cmd.canRead() && cmd.text.contains(out.canonicalPath)
}
assert running.isEmpty() : "processes left running: ${running*.name}"
def work = new File(out, 'work')
assert !work.exists() || work.list().length == 0
true
