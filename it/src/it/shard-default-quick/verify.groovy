import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
assert (log =~ /BUILD SUCCESS/).count == 4
def shards = (1..3).collect { new JsonSlurper().parse(new File(basedir, "target/shards/memstore-${it}/memstore.json")) }
assert shards*.shard*.index == [1, 2, 3] && shards.every { it.shard.count == 3 && it.shard.selected == 12 }
assert shards.every { !it.rows.isEmpty() } // the 12 rows are spread, none of the shards is idle
def merged = new JsonSlurper().parse(new File(basedir, 'target/memstore/memstore.json'))
assert merged.shard == null
assert merged.spec.name == 'etcd-storage-memory'
// the built-in spec's rows at 1/100 of their keys, in the spec's order, every one from one shard
assert merged.rows*.name == [
        'index/keys=1K,versions=1,keySize=64B', 'index/keys=1K,versions=1,keySize=256B',
        'index/keys=1K,versions=5,keySize=64B', 'index/keys=1K,versions=5,keySize=256B',
        'index/keys=10K,versions=1,keySize=64B', 'index/keys=10K,versions=1,keySize=256B',
        'index/keys=10K,versions=5,keySize=64B', 'index/keys=10K,versions=5,keySize=256B',
        'overall/keys=1K,versions=1', 'overall/keys=1K,versions=5', 'overall/keys=10K,versions=1',
        'overall/keys=10K,versions=5']
assert shards.collectMany { it.rows*.name }.sort() == merged.rows*.name.sort()
assert merged.budgets.size() == 12 && merged.budgets.every { !it.judged }
assert merged.passed
assert log.contains('memstore: PASSED: 12 budget outcome(s): 0 passed, 0 warned, 0 failed, 12 not judged; results in target/memstore')
def lines = evaluate(new File(basedir, '../../../src/it/console-lines.groovy'))(new File(basedir, 'build.log'))
lines.each { assert it.length() <= 160 : "a line of ${it.length()} characters: ${it}" }
true
