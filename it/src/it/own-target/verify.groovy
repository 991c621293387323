import groovy.json.JsonSlurper
import java.util.zip.ZipFile
evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters

def map = 'com.example.store.MapStore'
def copying = 'com.example.store.KeyCopyingMapStore'
def json = new JsonSlurper().parse(new File(basedir, 'target/memstore/memstore.json'))
// both measured, each row named by its class as the spec wrote it
assert json.rows*.name == ["own/system=${map}", "own/system=${copying}"]*.toString()
assert json.rows*.params*.system == [map, copying]
def m = json.rows[0].metrics, c = json.rows[1].metrics
assert json.rows*.params*.keys == [20000, 20000]
// measured as an embedded system: the live heap with the target reachable, RSS, rates
assert m['index.liveHeap'] > 0 && m['process.rss'] > 0 && m['process.peakRss'] >= m['process.rss']
assert m['load.putsPerSecond'] > 0 && m['get.opsPerSecond'] > 0
// each key holds its byte[64] (80 B) and a copy of its byte[32] value (48 B), the wrapper and the map's entry
assert m['index.bytesPerKey'] > 128 && m['index.bytesPerKey'] < 260
// the copies: a byte[64] is 80 B, plus its reference in the list (with up to 1.5x slack)
def extraPerKey = (c['index.liveHeap'] - m['index.liveHeap']) / 20000
assert extraPerKey > 80 && extraPerKey < 96
// the model is fitted to the first class's rows, and named by it
assert json.model.index == map
assert json.model.residuals*.row == ["own/system=${map}"]*.toString()
def outcomes = json.budgets.findAll { it.metric == 'index.bytesPerKey' }
assert outcomes.find { it.row.endsWith(map) }.passed == true
assert outcomes.find { it.row.endsWith(copying) }.passed == false

def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
assert (log =~ /own\/system=${java.util.regex.Pattern.quote(copying)}, index\.bytesPerKey/).find()
assert log.contains('a key costs more than 260 B: does the store keep a copy of it?')
// the failure names the row's largest classes: the key copies are byte[], 80 B per key more than the map's own
def mapArrays = json.rows[0].account.classes.lines.find { it['class'] == 'byte[]' }.bytesPerKey
def copyArrays = json.rows[1].account.classes.lines.find { it['class'] == 'byte[]' }.bytesPerKey
def named = log =~ /largest classes: byte\[\] ([0-9.]+) B\/key, ([A-Za-z$\[\]]+) ([0-9.]+) B\/key, ([A-Za-z$\[\]]+) ([0-9.]+) B\/key/
assert named.find() : 'the failure names the three largest classes'
// the console rounds to one decimal from the unrounded figure: within half a step of the JSON's value
assert Math.abs((named.group(1) as double) - copyArrays) <= 0.05 + 1e-9
assert copyArrays - mapArrays > 79 && copyArrays - mapArrays < 82
// each of the two accounts adds up to its row's live heap within 2 %
json.rows.each { r ->
    def a = r.account.classes
    assert Math.abs(a.totalBytes - r.metrics['index.liveHeap']) <= 0.02 * r.metrics['index.liveHeap']
}
assert !log.contains("own/system=${map}, index.bytesPerKey")
assert log.contains('BUILD FAILURE')
// what was measured: the project's classes, not a store that no row ran
assert log.contains("memstore: systems measured: the project's classes ${map}, ${copying}")
assert !log.contains('store measured')

// the library's jar holds its own code only: no memstore class, no target class
def jar = new File(basedir, 'target/own-target-1.0.jar')
assert jar.isFile()
def entries = new ZipFile(jar).withCloseable { z -> z.entries().collect { it.name } }
assert entries.contains('com/example/lib/Greeting.class')
assert !entries.any { it.startsWith('io/memstore/') }
assert !entries.any { it.startsWith('com/example/store/') }
// memstore's artifacts are test-scoped dependencies of the project, and only that
def deps = new File(basedir, 'dependencies.txt').readLines().findAll { it.contains('io.memstore:') }
assert !deps.isEmpty()
deps.each { assert it =~ /io\.memstore:[^:]+:jar:[^:]+:test\b/ : it }

println "own-target: ${map} ${m['index.bytesPerKey']} B/key, ${copying} ${c['index.bytesPerKey']} B/key; " +
        "copies ${extraPerKey} B/key; byte[] ${mapArrays} -> ${copyArrays} B/key; failure: ${named.group(0)}"
json.rows.each { r -> println "own-target account ${r.name}: " +
        r.account.classes.lines.collect { "${it['class']} ${it.bytesPerKey} B/key" }.join(', ') +
        ", other ${r.account.classes.other.bytesPerKey} B/key" }
true
