evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
assert log =~ /memstore: the project's io\.memstore:memstore-store:9\.0\.0 is memstore-store 9\.0\.0 with probe API 99, which memstore-measure \S+, whose probe drives store probe API 1, cannot drive; use a memstore plugin of version 9\.0\.0, or depend on memstore-store \S+/
assert !log.contains('started (pid')
assert log.contains('BUILD FAILURE')
true
