import groovy.json.JsonSlurper
import java.time.Duration
import java.time.Instant
evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters

def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS') && log.contains('BUILD FAILURE')
def out = new File(basedir, 'target/memstore')

// memstore.json: the second run's, incomplete, failing, with the two rows measured before the failure
def json = new JsonSlurper().parse(new File(out, 'memstore.json'))
assert json.passed == false
assert json.incomplete.row == 'own'
assert json.incomplete.selected == 3
assert json.incomplete.reason =~ /^the project's class failed, exit code \d+$/ : json.incomplete.reason
assert json.rows*.name == ['index/versions=1', 'index/versions=3']
json.rows.each { assert it.metrics['index.liveHeap'] > 0 && it.metrics['index.bytesPerKey'] > 32 }
assert json.budgets.size() == 2 && json.budgets.every { it.passed && it.row != 'own' }
def started = Instant.parse(json.started)
assert Duration.between(started, Instant.now()).toMinutes() < 30
// the first run's PASSED is gone from every output
def verdict = "FAILED: incomplete, 2 of 3 rows measured, row 'own' failed:"
def md = new File(out, 'memstore.md').text
assert md.contains(verdict) && !md.contains('PASSED') && md.contains("Run started ${json.started}.")
def csv = new File(out, 'memstore.csv').readLines()
assert csv[0].endsWith(',status,runStarted')
assert csv.size() == 4
assert csv[1].startsWith('index/versions=1,') && csv[1].endsWith(",measured,${json.started}")
assert csv[3].startsWith('own,') && csv[3].contains("failed: the project's class failed")
def junit = new File(out, 'TEST-memstore.xml').text
assert junit =~ /<testsuite name="memstore\.row-fails" tests="3" failures="1" errors="0" skipped="0" time="(?!0\.000")[0-9]+\.[0-9]{3}" timestamp="${json.started.replace('Z', '')}">/
assert junit.contains('<property name="passed" value="false"/>')
assert junit =~ /(?s)<testcase classname="memstore\.row-fails" name="run \[own\]" time="0\.000">\s*<failure type="memstore\.run" message="${java.util.regex.Pattern.quote(verdict.replace("'", '&apos;'))}/

// the console: the verdict line in both runs, the failed row with its reason, nothing over 160 characters
assert log =~ /memstore: PASSED: 3 budget outcome\(s\): 3 passed, 0 warned, 0 failed; results in target.memstore/
assert log.contains('memstore: ' + verdict)
def flat = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
assert flat =~ /(?s)Failed to execute goal .*memstore: row 'own': the project's class failed, exit code \d+.*this index fails its 100th put/
def lines = evaluate(new File(basedir, '../../../src/it/console-lines.groovy'))(new File(basedir, 'build.log'))
println "check-row-fails: ${lines.size()} memstore lines, the widest ${lines*.length().max()} characters"
lines.each { assert it.length() <= 160 : "a line of ${it.length()} characters: ${it}" }
// no probe directory is left behind
def work = new File(out, 'work')
assert !work.exists() || work.list().length == 0
true
