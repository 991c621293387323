evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def log = new File(basedir, 'build.log').text
assert log.contains('memstore: skipped (memstore.skip=true)')
assert log.contains('BUILD SUCCESS')
assert !new File(basedir, 'target/memstore').exists()
true
