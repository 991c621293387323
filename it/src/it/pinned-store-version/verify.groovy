import groovy.json.JsonSlurper
evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters

def json = new JsonSlurper().parse(new File(basedir, 'target/memstore/memstore.json'))
assert json.environment.store.version == '0.9.0-pinned'
assert json.environment.store.source == 'project'
assert json.environment.store.artifact == 'io.memstore:memstore-store:0.9.0-pinned'
assert json.rows.size() == 1 && json.rows[0].params.keys == 5000 && json.rows[0].metrics['store.fileSize'] > 5000 * 64
def log = new File(basedir, 'build.log').text
assert log.contains('store measured: memstore-store 0.9.0-pinned from the project\'s test classpath'
        + ' (io.memstore:memstore-store:0.9.0-pinned)')
assert new File(basedir, 'target/memstore/memstore.md').text.contains('Store measured: memstore-store 0.9.0-pinned')
assert log.contains('BUILD SUCCESS')
true
