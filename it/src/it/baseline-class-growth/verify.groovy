import groovy.json.JsonSlurper

def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
assert log.contains('BUILD FAILURE')
def row = 'own' // one system: the workload's name is the row's
// the baseline holds the class account of the first build: its entries are 24 B (header, reference, long)
def baseline = new JsonSlurper().parse(new File(basedir, 'src/memstore/baseline.json'))
def entry = baseline.rows[0].account.classes.lines.find { it['class'] == 'com.example.store.Entry' }
assert entry != null && entry.instances == 20000 && entry.bytesPerKey == 24.0
// the second build fails its regression budget, and the failure names the entry class and its growth per key
assert log.contains("regression: ${row}, index.liveHeap: ")
def m = log =~ /grew by class: Entry \+8\.0 B\/key \(24\.0 B\/key -> 32\.0 B\/key\)/
assert m.find() : 'the failure names the entry class and its growth per key'
def json = new JsonSlurper().parse(new File(basedir, 'target/memstore/memstore.json'))
def r = json.baseline.regressions[0]
assert r.status == 'regressed'
assert r.classGrowth.note == null
assert r.classGrowth.changes[0] == ['class': 'com.example.store.Entry', baseline: 24.0, actual: 32.0, delta: 8.0]
// memstore.md and the console agree
def md = new File(basedir, 'target/memstore/memstore.md').text
assert md.contains('change by class against the baseline')
assert md =~ /\| com\.example\.store\.Entry\s*\|\s*24\.0\s*\|\s*32\.0\s*\|\s*\+8\.0\s*\|/
println "baseline-class-growth: index.liveHeap ${r.baseline} -> ${r.actual} B; Entry 24.0 -> 32.0 B/key"
true
