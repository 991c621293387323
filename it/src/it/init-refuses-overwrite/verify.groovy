evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def spec = new File(basedir, 'src/memstore/workload.yaml')
assert spec.text.startsWith("# the project's own spec: memstore:init must not touch it")
assert spec.text.contains('name: mine')
def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
// named as the user opens it from where Maven ran, this project's directory
assert log.contains('memstore: src/memstore/workload.yaml exists; memstore:init never overwrites a spec')
assert log.contains('BUILD FAILURE')
assert !log.contains('Exception in thread')
// nothing else was written beside it
assert new File(basedir, 'src/memstore').list().toList() == ['workload.yaml']
true
