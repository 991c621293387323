import groovy.json.JsonSlurper

def run = evaluate(new File(basedir, '../../../src/it/maven-run.groovy'))
def out = new File(basedir, 'target/memstore')
def first = new File(basedir, 'build.log').text
assert first.contains('BUILD SUCCESS') && first =~ /memstore: PASSED: 2 budget outcome\(s\)/

// every output of the previous run is gone: none says PASSED, each says the run did not complete
def noPass = { String when ->
    def json = new JsonSlurper().parse(new File(out, 'memstore.json'))
    assert json.passed == false : when
    assert json.incomplete != null : when
    def md = new File(out, 'memstore.md').text
    assert !md.contains('PASSED') && md.contains('**FAILED: incomplete, ') : when
    def csv = new File(out, 'memstore.csv').readLines()
    assert csv.size() >= 2 && csv.drop(1).every { !it.contains(',measured,') } : when
    assert csv.last() =~ /,"?(incomplete|failed): / : when
    def junit = new File(out, 'TEST-memstore.xml').text
    assert junit.contains('<property name="passed" value="false"/>') : when
    assert junit =~ /errors="1"|failures="[1-9]/ : when
    assert !new File(out, 'memstore.json').text.contains('"passed": true') : when
    println "check-stopped, ${when}: ${json.incomplete.row == null ? 'in-progress record' : 'row ' + json.incomplete.row + ' failed'}: ${json.incomplete.reason}"
    return json
}

// Ctrl-C (SIGINT to the process group) in the middle of the slow row
def interrupted = run(basedir, localRepositoryPath, 'stopped-int', ['verify', '-Dmemstore.spec=src/memstore/slow.yaml'], 'INT')
assert interrupted.exit != 0
assert !interrupted.log.contains('BUILD SUCCESS')
noPass('after SIGINT')
// Maven's shutdown hook removed the probe's directory
def work = new File(out, 'work')
assert !work.exists() || work.list().findAll { it.startsWith('memstore-probe-') }.isEmpty()

// a passing run again, then SIGKILL of the process group in the middle of the slow row: no hook runs anywhere
def again = run(basedir, localRepositoryPath, 'passing-again', ['verify'], null)
assert again.exit == 0 && again.log =~ /memstore: PASSED: 2 budget outcome\(s\)/ : again.log
assert new JsonSlurper().parse(new File(out, 'memstore.json')).passed == true
def killed = run(basedir, localRepositoryPath, 'stopped-kill', ['verify', '-Dmemstore.spec=src/memstore/slow.yaml'], 'KILL')
assert killed.exit == 137
def record = noPass('after SIGKILL')
assert record.incomplete.row == null && record.rows.isEmpty()
assert record.incomplete.reason =~ /^the run started \S+ \(pid \d+\) has not written its results/

// the stopped run is no baseline
def baseline = run(basedir, localRepositoryPath, 'baseline-refused', ['memstore:baseline'], null)
assert baseline.exit != 0
def flat = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'baseline-refused.log'))
assert flat =~ /memstore: the last check did not complete \(the run started .* has not written its results.*\): a baseline of it would lack rows; nothing was saved/
assert !new File(basedir, 'src/memstore/baseline.json').exists()

// the next run removes what the killed one left, and passes
def last = run(basedir, localRepositoryPath, 'after-kill', ['verify'], null)
assert last.exit == 0 && last.log =~ /memstore: PASSED: 2 budget outcome\(s\)/ : last.log
assert last.log.contains('memstore: removed 1 probe directory left in work by a build that no longer runs')
assert new JsonSlurper().parse(new File(out, 'memstore.json')).passed == true
true
