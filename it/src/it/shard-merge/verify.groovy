import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
assert (log =~ /BUILD SUCCESS/).count == 5
def read = { new JsonSlurper().parse(new File(basedir, "target/${it}/memstore.json")) }
def whole = read('whole')
def merged = read('merged')
def one = read('shards/one')
def two = read('shards/two')

// each shard holds its part of the rows, says so, and judges nothing
assert one.shard.index == 1 && two.shard.index == 2 && one.shard.count == 2 && two.shard.selected == 4
assert (one.rows*.name + two.rows*.name).sort() == whole.rows*.name.sort()
assert one.budgets.isEmpty() && one.model == null && one.baseline == null
assert log =~ /\[INFO\] memstore: shard 1\/2: [0-9] of the 4 rows; memstore:merge of the 2 shards' results judges the budgets/
assert log =~ /\[INFO\] memstore: MEASURED: shard 2\/2, [0-9] of its [0-9] row\(s\) measured; memstore:merge judges the 4 rows of the 2 shards/

// the merge writes what the whole run wrote: rows in the spec's order, verdict, every budget and regression outcome
assert merged.shard == null && !new File(basedir, 'target/merged/memstore.json').text.contains('"shard"')
assert merged.rows*.name == whole.rows*.name
assert merged.rows*.params == whole.rows*.params
assert merged.passed == whole.passed
def outcomes = { r -> r.budgets.collect { [it.metric, it.row, it.judged, it.passed, it.level] } }
assert outcomes(merged) == outcomes(whole)
assert merged.budgets.count { it.level == 'warn' && !it.passed } == 4 // the warnings both agree on
def regressions = { r -> r.baseline.regressions.collect { [it.metric, it.row, it.passed, it.level] } }
assert whole.baseline.found && merged.baseline.found && regressions(merged) == regressions(whole)
assert merged.baseline.regressions.size() == 4
def verdict = { dir -> new File(basedir, "target/${dir}/memstore.md").readLines().find { it.startsWith('**') } }
assert verdict('merged') == verdict('whole')
assert Math.abs(merged.model.c1 - whole.model.c1) <= 0.01 * Math.abs(whole.model.c1)
assert Math.abs(merged.model.c2 - whole.model.c2) <= 0.01 * Math.abs(whole.model.c2)
assert merged.environment.jvmArgs == whole.environment.jvmArgs
['memstore.csv', 'memstore.md', 'TEST-memstore.xml'].each { assert new File(basedir, "target/merged/${it}").isFile() }
assert log =~ /\[INFO\] memstore: merged 1 shard result location\(s\) into 4 row\(s\) of spec four-rows/

// the refusals: the parameter named, the missing shard named, nothing written (Maven's error lines, unwrapped)
def errors = log.replaceAll(/\r?\n\[ERROR\] memstore: {3}/, ' ')
assert errors.contains("shard (memstore.shard) must be K/N, the K-th of N parts with 1 <= K <= N, such as 1/3; was '3/2'")
assert errors =~ /cannot merge the shards: shard 2\/2 is missing: the directories given hold 1\/2 \([^)]*one\)/
assert !new File(basedir, 'target/refused/memstore.json').exists()

def lines = evaluate(new File(basedir, '../../../src/it/console-lines.groovy'))(new File(basedir, 'build.log'))
lines.each { assert it.length() <= 160 : "a line of ${it.length()} characters: ${it}" }
true
