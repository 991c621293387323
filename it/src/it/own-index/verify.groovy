import groovy.json.JsonSlurper

def json = new JsonSlurper().parse(new File(basedir, 'target/memstore/memstore.json'))
def delegating = 'com.example.index.DelegatingIndex'
def copying = 'com.example.index.KeyCopyingIndex'
assert json.rows*.name == ["own/index=${delegating}", "own/index=${copying}"]*.toString()
assert json.rows*.params*.index == [delegating, copying]
// measured from the project's classes, with the project's store
assert json.environment.store.source == 'project'
assert json.environment.store.artifact.startsWith('io.memstore:memstore-store:')
def d = json.rows[0].metrics, c = json.rows[1].metrics
assert json.rows*.params*.keys == [100000, 100000]
// the delegating index is the B-tree: 64 B keys take about 75 B each
assert d['index.bytesPerKey'] > 64 && d['index.bytesPerKey'] < 100
// the copies: a byte[64] is 80 B, plus a 4 B reference in the list (with up to 1.5x slack)
def extraPerKey = (c['index.liveHeap'] - d['index.liveHeap']) / 100000
assert extraPerKey > 80 && extraPerKey < 96
// the budget fails for the copying index only
def outcomes = json.budgets.findAll { it.metric == 'index.bytesPerKey' }
assert outcomes.size() == 2
assert outcomes.find { it.row.endsWith(delegating) }.passed == true
assert outcomes.find { it.row.endsWith(copying) }.passed == false
def log = new File(basedir, 'build.log').text
assert log.contains('store measured: memstore-store ')
assert log.contains("budget exceeded: own/index=${copying}, index.bytesPerKey")
assert !log.contains("budget exceeded: own/index=${delegating}")
assert log.contains('BUILD FAILURE')
println "own-index: ${delegating} ${d['index.liveHeap']} B live heap (${d['index.bytesPerKey']} B/key); " +
        "${copying} ${c['index.liveHeap']} B (${c['index.bytesPerKey']} B/key); copies ${extraPerKey} B/key"
true
