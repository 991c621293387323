import groovy.json.JsonSlurper
evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters

def out = new File(basedir, 'target/memstore')
def json = new JsonSlurper().parse(new File(out, 'memstore.json'))
// index: [btree, reference] means nothing to etcd: one row per system, not two identical ones
assert json.rows*.name == ['etcd/system=etcd', 'etcd/system=etcd-cluster']
def one = json.rows[0].metrics
def cluster = json.rows[1].metrics
// the member's RSS, not the probe JVM's: an idle etcd is 30-40 MiB, a JVM with jetcd loaded more
assert one['process.rss'] > 10 * 1024 * 1024
assert one['etcd.m1.rss'] > 10 * 1024 * 1024
assert one['etcd.m2.rss'] == null
assert one['load.putsPerSecond'] > 0 && one['get.opsPerSecond'] > 0
// the writes reached etcd: its data directory holds at least the values
assert one['store.fileSize'] > 4_000 * 256
assert one['index.allocated'] == null // the client's allocations are not etcd's
['etcd.m1.rss', 'etcd.m2.rss', 'etcd.m3.rss'].each { assert cluster[it] > 10 * 1024 * 1024 }
def largest = [cluster['etcd.m1.rss'], cluster['etcd.m2.rss'], cluster['etcd.m3.rss']].max()
// reopen: every member restarted on its data until healthy, its RSS read after
[one, cluster].each { m ->
    assert m['reopen.seconds'] > 0 && m['reopen.seconds'] < 60
    assert m['reopen.revisionsPerSecond'] > 0
    assert m['reopen.rss'] > 10 * 1024 * 1024
}
assert json.rows.every { it.params.snapshotCount == 100000 }
// process.rss is the largest member's at its own reading, a moment before the per-member readings
assert Math.abs(cluster['process.rss'] - largest) < 0.25 * largest
assert json.budgets.size() == 3 && json.budgets.every { it.passed }
def log = new File(basedir, 'build.log').text
// the workload tables (memstore.md; the console prints them at DEBUG)
def md = new File(basedir, 'target/memstore/memstore.md').text
assert md.contains("members' RSS, MiB")
assert md.contains('| reopen, s | reopen, rev/s | RSS after reopen, MiB |')
assert md =~ /m1 [0-9.]+ \/ m2 [0-9.]+ \/ m3 [0-9.]+/
// no member is left running, no directory left behind
def running = new File('/proc').listFiles().findAll { it.name ==~ /\d+/ }.findAll {
    def cmd = new File(it, 'cmdline')
    cmd.canRead() && cmd.text.contains(out.canonicalPath)
}
assert running.isEmpty() : "processes left running: ${running*.name}"
def work = new File(out, 'work')
assert !work.exists() || work.list().length == 0
assert log.contains('BUILD SUCCESS')
true
