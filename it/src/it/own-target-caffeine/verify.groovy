import groovy.json.JsonSlurper

def json = new JsonSlurper().parse(new File(basedir, 'target/memstore/memstore.json'))
assert json.passed == true
def rows = json.rows.collectEntries { [(it.params.system - 'com.example.cache.'): it] }
assert rows.keySet() == ['UnboundedCache', 'MaximumSizeCache'] as Set
rows.each { name, row ->
    def a = row.account.classes
    assert a != null && row.account.notes.isEmpty()
    // every entry: the map's node, the key's ByteBuffer and byte[16] (32 B), the value's byte[16] copy (32 B)
    def node = a.lines.find { it['class'] == 'java.util.concurrent.ConcurrentHashMap$Node' }
    // one node per key within 1 %: the JDK's own maps hold nodes of the same class, and the few the JVM made between
    // the account's two readings (the loaded and the empty cache, then the empty one alone) count against the
    // cache's; exact counts, not the per-key figures rounded to 0.01
    long keys = row.params.keys
    assert Math.abs(node.instances - keys) < keys * 0.01 : node
    assert node.bytes >= 31.5 * keys && node.bytes < 32.5 * keys : node
    // the key's and the value's byte[16], 32 B each, give or take the JVM's own arrays made between the readings
    assert Math.abs(a.lines.find { it['class'] == 'byte[]' }.bytesPerKey - 64.0) < 0.5
    println "caffeine ${name}: index ${row.metrics['index.bytesPerKey']} B/key, overhead ${row.metrics['index.overheadPerKey']} B/key; " +
            a.lines.collect { "${it['class']} ${it.bytesPerKey} B/key (${it.instancesPerKey}/key)" }.join(', ')
}
// the bounded cache keeps a node of its own per entry beside the map's
def bounded = rows.MaximumSizeCache.account.classes.lines.findAll {
    it['class'].startsWith('com.github.benmanes.caffeine.cache.') && it.instancesPerKey >= 0.99 && it.instancesPerKey < 1.01
}
assert bounded.size() == 1
assert !rows.UnboundedCache.account.classes.lines.any { it['class'].startsWith('com.github.benmanes.caffeine.cache.') && it.instancesPerKey >= 0.99 }
def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
assert log.contains('BUILD SUCCESS')
true
