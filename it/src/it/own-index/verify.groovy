import groovy.json.JsonSlurper
evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters

def json = new JsonSlurper().parse(new File(basedir, 'target/memstore/memstore.json'))
def delegating = 'com.example.index.DelegatingIndex'
def copying = 'com.example.index.KeyCopyingIndex'
assert json.rows*.name == ["own/index=${delegating}", "own/index=${copying}"]*.toString()
assert json.rows*.params*.index == [delegating, copying]
// measured from the project's test classpath, with the project's test-scoped store
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
// the failure is listed once, in the build's failure message
assert (log =~ /memstore: 1 budget outcome\(s\) failed:\s+own\/index=${java.util.regex.Pattern.quote(copying)}, index\.bytesPerKey/).find()
assert !log.contains("own/index=${delegating}, index.bytesPerKey")
assert log.contains('BUILD FAILURE')
// the project's jar holds its own code only; memstore-store and its sqlite-jdbc are test-scoped dependencies
def entries = new java.util.zip.ZipFile(new File(basedir, 'target/own-index-1.0.jar')).withCloseable { z ->
    z.entries().collect { it.name } }
assert entries.contains('com/example/lib/Greeting.class')
assert !entries.any { it.startsWith('io/memstore/') || it.startsWith('com/example/index/') }
def deps = new File(basedir, 'dependencies.txt').readLines().findAll { it.contains('io.memstore:') }
assert !deps.isEmpty()
deps.each { assert it =~ /io\.memstore:[^:]+:jar:[^:]+:test\b/ : it }
println "own-index: ${delegating} ${d['index.liveHeap']} B live heap (${d['index.bytesPerKey']} B/key); " +
        "${copying} ${c['index.liveHeap']} B (${c['index.bytesPerKey']} B/key); copies ${extraPerKey} B/key"
true
