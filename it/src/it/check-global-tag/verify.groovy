evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE')
assert log =~ /workload\.yaml:2:\d+/
assert log.toLowerCase().contains('tag')
assert !new File(basedir, 'pwned.txt').exists()
assert !new File(basedir, 'target/memstore/memstore.json').exists()
true
