import groovy.json.JsonSlurper
evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters

def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
assert log.contains('with a thread count of 2') // really a parallel build
assert !log.contains('not marked as @threadSafe') && !log.contains('not thread-safe')

// separate outputs, each with its own spec's rows and nothing of the other's
def alpha = new JsonSlurper().parse(new File(basedir, 'alpha/target/memstore/memstore.json'))
def beta = new JsonSlurper().parse(new File(basedir, 'beta/target/memstore/memstore.json'))
assert alpha.spec.name == 'alpha' && beta.spec.name == 'beta'
assert alpha.rows*.name == ['alpha-index/keys=2K', 'alpha-index/keys=4K']
assert beta.rows*.name == ['beta-index/versions=1', 'beta-index/versions=2', 'beta-store']
assert !new File(basedir, 'target/memstore').exists()
['alpha', 'beta'].each { m ->
    def out = new File(basedir, "${m}/target/memstore")
    assert out.list().sort() == ['.memstore.lock', 'TEST-memstore.xml', 'memstore.csv', 'memstore.json', 'memstore.md', 'work']
    assert new File(out, 'work').list().length == 0 // every run directory removed
}

// correct results: key counts as asked, plausible bytes per key, every budget passed
assert alpha.rows*.params*.keys == [2000, 4000] && beta.rows*.params*.keySize == [32, 32, 32]
alpha.rows.each { assert it.metrics['index.liveHeap'] > 0 && it.metrics['index.bytesPerKey'] > 64 }
beta.rows.each { assert it.metrics['index.liveHeap'] > 0 && it.metrics['index.bytesPerKey'] > 32 }
assert beta.rows.find { it.name == 'beta-store' }.metrics['store.fileSize'] > 3000 * 100
def heap2K = alpha.rows[0].metrics['index.liveHeap']
def heap4K = alpha.rows[1].metrics['index.liveHeap']
assert heap4K > 1.6 * heap2K && heap4K < 2.4 * heap2K // twice the keys, about twice the heap
assert alpha.passed == true && beta.passed == true

// no interference: the probes of the two modules took turns, never two measuring at once. A run's probe may start
// early, while the run before it in the same module settles, and take its baseline then; it builds (loading) only
// once that run is done, and only a run of the same module may start beside a run
def measuring = null
def started = [:]
log.eachLine { line ->
    def start = line =~ /memstore: row \d+\/\d+ ((alpha|beta)\S+): run \d+\/\d+, started \(pid/
    def loading = line =~ /memstore: row \d+\/\d+ (\S+): run \d+\/\d+, loading, /
    def done = line =~ /memstore: row \d+\/\d+ (\S+): run \d+\/\d+, done in/
    if (start) {
        def module = start[0][2]
        assert measuring == null || measuring.startsWith(module) : "probe of ${start[0][1]} started while ${measuring} was measuring"
        started[start[0][1]] = true
    } else if (loading) {
        assert measuring == null : "${loading[0][1]} built while ${measuring} was measuring"
        assert started[loading[0][1]]
        measuring = loading[0][1]
    } else if (done) {
        assert measuring == done[0][1]
        measuring = null
    }
}
assert measuring == null
assert (log =~ /started \(pid/).count == 5
true
