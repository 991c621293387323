import groovy.json.JsonSlurper
evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters

def out = new File(basedir, 'target/memstore')
def json = new JsonSlurper().parse(new File(out, 'memstore.json'))
assert json.rows*.name == ['systems/system=memstore', 'systems/system=h2', 'systems/system=rocksdb']
assert json.rows*.params*.system == ['memstore', 'h2', 'rocksdb']
json.rows.each { row ->
    assert row.metrics['process.rss'] > 20 * 1024 * 1024
    assert row.metrics['process.peakRss'] >= row.metrics['process.rss']
    assert row.metrics['load.putsPerSecond'] > 0
    assert row.metrics['get.opsPerSecond'] > 0
    // 10K values of 256 B were stored by each
    assert row.metrics['store.fileSize'] > 10_000 * 256 / 2
    // and reopened from its files
    assert row.metrics['reopen.seconds'] > 0
}
// budgets apply to every system's rows
assert json.budgets.size() == 3 && json.budgets.every { it.passed }
def log = new File(basedir, 'build.log').text
// the memstore-only fields are not the other systems': the table says so, and gives them no column (the
// workload tables are in memstore.md; the console prints them at DEBUG)
def md = new File(basedir, 'target/memstore/memstore.md').text
assert md.contains('index, store and store options of memstore rows only (n/a for other systems)')
assert md =~ /\| 10K \| 1 \| 64 B \| 256 B \| rocksdb \| [0-9.]+ \(/
// RocksDB keeps its data off the heap: its figure is the process's growth per key, and its line leads with it
def rocks = json.rows[2]
assert Math.abs(rocks.metrics['process.bytesPerKey']
        - (rocks.metrics['process.rss'] - rocks.metrics['jvm.baselineRss']) / 10_000) < 0.01
assert rocks.metrics['index.liveHeap'] < 0.25 * rocks.metrics['process.bytesPerKey'] * 10_000
// RocksDB counts its own memory outside the heap (its table's index blocks after the flush); the others do not
assert rocks.metrics['store.nativeBytes'] > 0 && rocks.metrics['store.nativeBytes'] < 10_000 * 64
assert json.rows[0].metrics['store.nativeBytes'] == null && json.rows[1].metrics['store.nativeBytes'] == null
assert log =~ /row 3\/3 systems\/system=rocksdb: process \+[0-9.]+ MiB \([0-9.]+ B\/key\), index [0-9.]+ MiB/
// JVM rows carry an account: the class histogram's and Native Memory Tracking's
json.rows.each { row -> assert row.account.classes != null && row.account.native != null && row.account.notes.isEmpty() }
// each probe's run directory (the RocksDB library, the H2 file) is gone
def work = new File(out, 'work')
assert !work.exists() || work.list().length == 0
assert log.contains('BUILD SUCCESS')
true
