evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
def pom = new File(basedir, 'pom.xml').canonicalFile
assert log.contains('BUILD FAILURE')
assert log.contains("memstore: cannot write to the output directory ${pom}/memstore: ${pom} is a file, not a directory;" +
        " remove it, or point memstore.resultDirectory elsewhere. Nothing was run")
assert !log.contains('started (pid')
// the first error line carries the whole reason (the stack trace below it is the invoker's -e)
assert log =~ /\[ERROR\] Failed to execute goal io\.memstore:memstore-maven-plugin:[^:]+:check \(default\) on project [a-z-]+: memstore: cannot write/
true
