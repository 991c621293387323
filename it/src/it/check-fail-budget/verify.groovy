evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
assert log.contains('BUILD FAILURE')
assert log =~ /memstore: 1 budget outcome\(s\) failed:\s+index, index\.liveHeap, actual [0-9.]+ (KiB|MiB), max 10\.0 KiB, headroom -[0-9.]+ (KiB|MiB): the index grew past 10 KiB/
// the results are written before the verdict
assert new File(basedir, 'target/memstore/memstore.json').text.contains('"passed": false')
true
