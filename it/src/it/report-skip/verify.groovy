evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def log = new File(basedir, 'build.log').text
assert log.contains('memstore: report skipped: no results in ')
assert log.contains('runWhenMissing is false; run mvn memstore:check first')
assert !new File(basedir, 'target/site/memstore.html').exists()
assert !new File(basedir, 'target/memstore').exists()
assert log.contains('BUILD SUCCESS')
true
