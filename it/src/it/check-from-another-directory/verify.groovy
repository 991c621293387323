evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
// Maven started in this directory on module/pom.xml: the results are in module/target/memstore, and the console
// names them so, the path a user opens from where they typed the command (not target/memstore, which is not here)
def log = new File(basedir, 'build.log').text
assert new File(basedir, 'module/target/memstore/memstore.json').isFile()
assert !new File(basedir, 'target/memstore').exists()
assert log.contains('memstore: PASSED: 1 budget outcome(s): 1 passed, 0 warned, 0 failed; results in module/target/memstore\n')
        || log.contains('memstore: PASSED: 1 budget outcome(s): 1 passed, 0 warned, 0 failed; results in module/target/memstore\r\n')
def lines = evaluate(new File(basedir, '../../../src/it/console-lines.groovy'))(new File(basedir, 'build.log'))
lines.each { assert it.length() <= 160 : "a line of ${it.length()} characters: ${it}" }
true
