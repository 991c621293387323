def log = new File(basedir, 'build.log').text
assert (log =~ /BUILD SUCCESS/).count == 2
// -Dmaven.test.skip=true: one line naming the class and memstore.skip, nothing measured
def skipped = log.readLines().findAll { it.contains('memstore: skipped') }
assert skipped == ['[INFO] memstore: skipped: maven.test.skip=true left test class com.example.store.MapStore uncompiled;'
        + ' memstore.skip=true skips memstore always']
assert !log.contains('is not compiled yet')
// -DskipTests: the tests are not run, the class is compiled, and the check measures it
assert log.contains('Tests are skipped.')
assert log =~ /memstore: row 1\/1 own[^\n]*: index /
def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/memstore/memstore.json'))
assert json.rows.size() == 1 && json.passed
true
