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
    // one node per key, and under 1 % more: the JDK's own maps hold nodes of the same class (a class loader keeps
    // one per class it loaded while the row ran); exact counts, not the per-key figures rounded to 0.01
    long keys = row.params.keys
    assert node.instances >= keys && node.instances < keys * 1.01 : node
    assert node.bytes >= 32 * keys && node.bytes < 32.5 * keys : node
    assert a.lines.find { it['class'] == 'byte[]' }.bytesPerKey >= 64.0
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
