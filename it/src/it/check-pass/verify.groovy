import groovy.json.JsonSlurper
evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters

def out = new File(basedir, 'target/memstore')
def json = new JsonSlurper().parse(new File(out, 'memstore.json'))
assert json.schemaVersion == 1
assert json.spec.name == 'passing'
assert json.rows.size() == 3
assert json.rows*.name == ['index/versions=1', 'index/versions=3', 'store']
json.rows.each { row ->
    assert row.metrics['index.liveHeap'] > 0
    assert row.metrics['index.bytesPerKey'] > 64
}
assert json.rows.find { it.name == 'store' }.metrics['store.fileSize'] > 2000 * 100
assert json.passed == true
assert json.budgets.size() == 4 // one per row for the heap budget, one for the model
assert json.budgets.findAll { it.row != '(model)' }.every { it.passed && it.judged }
// the store row has the parameters of index/versions=1: two distinct rows for c1 and c2, an exact fit that
// proves nothing, so the model budget is listed as not judged and the RMS error is null, not 0 %
def model = json.budgets.find { it.row == '(model)' }
assert model.judged == false && model.passed == false
assert model.message.startsWith('not judged: the model is undetermined: undetermined: 2 distinct row(s)')
assert json.model.relativeRmsError == null
def csv = new File(out, 'memstore.csv').readLines()
assert csv.size() == 4 && csv[0].contains('index.liveHeap')
assert new File(out, 'memstore.md').text.contains('| N |') || new File(out, 'memstore.md').text.contains('N |')
def log = new File(basedir, 'build.log').text
assert log.contains('memstore: PASSED: 4 budget outcome(s): 3 passed, 0 warned, 0 failed, 1 not judged; results in')
assert log.contains('[WARNING] memstore: memory model undetermined: undetermined: 2 distinct row(s)')
assert log.contains('BUILD SUCCESS')
// a passing check names the budget it came closest to breaking, with its figures
assert log =~ /\[INFO\] memstore: closest budget: index\.liveHeap on (index\/versions=[13]|store), [0-9.]+ (KiB|MiB) of 64\.0 MiB \([0-9]+ %\)/
// the console: what the check goal printed, from its header to the end of the build, is short and narrow
def lines = log.readLines()
int from = lines.findIndexOf { it.contains('--- memstore-maven-plugin:') && it.contains(':check') }
int to = lines.findIndexOf(from + 1) { it.startsWith('[INFO] ---') || it.startsWith('[INFO] BUILD') }
def plugin = lines.subList(from + 1, to)
println "check-pass console: ${plugin.size()} lines, the widest ${plugin*.length().max()} characters"
// a row still running after 10 s says so every 10 s: lines of the machine's load, not of the output, so not counted
def progress = plugin.findAll { it =~ /memstore: row \d\/3 [^:]+: run \d+\/\d+, [^,]+, \d+ s$/ }
assert plugin.size() - progress.size() <= 30 : "the check printed ${plugin.size()} lines:\n" + plugin.join('\n')
plugin.each { assert it.length() <= 160 : "a line of ${it.length()} characters: ${it}" }
def memstoreLines = evaluate(new File(basedir, '../../../src/it/console-lines.groovy'))(new File(basedir, 'build.log'))
assert memstoreLines.size() >= 5
memstoreLines.each { assert it.length() <= 160 : "a line of ${it.length()} characters: ${it}" }
assert plugin.count { it =~ /memstore: row \d\/3 [^:]+: index / } == 3 // one line per row
assert plugin.findAll { it.contains('PASSED') }.size() == 1 // the verdict once
// one number format in every output: each row's puts/s as the console prints it is the cell of memstore.md
def md = new File(out, 'memstore.md').text
plugin.findAll { it =~ /memstore: row \d\/3 [^:]+: index / }.each { line ->
    def puts = (line =~ /, ([0-9,]+) puts\/s/)
    assert puts.find() : line
    assert md.contains("| ${puts.group(1)} |") : "memstore.md lacks the console's ${puts.group(1)} puts/s:\n${md}"
}
true
