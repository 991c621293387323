evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
assert log.contains('memstore: PASSED: 2 budget outcome(s) (1 against the baseline): 2 passed, 0 warned, 0 failed; results in')
def after = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/memstore-after/memstore.json'))
assert after.passed == true
def r = after.baseline.regressions[0]
assert r.status == 'within' && r.passed == true
// the same code measures the same index: well inside 5 % and 16 KiB
assert Math.abs(r.delta) <= 16 * 1024
// JUnit XML: one test case per budget, none failing
def xml = new File(basedir, 'target/memstore-after/TEST-memstore.xml').text
assert xml.contains('tests="2" failures="0"')
assert xml.contains('name="index.liveHeap [index]"') && xml.contains('name="index.liveHeap vs baseline [index]"')
assert new File(basedir, 'target/memstore/TEST-memstore.xml').text.contains('<skipped message="no baseline given')
// the step summary: appended by both checks
def summary = new File(basedir, 'target/step-summary.md').text
assert summary.readLines().count { it.startsWith('### ') } == 2
assert summary =~ /\| pass \| error \| index \| index\.liveHeap \| [0-9.]+ KiB -> [0-9.]+ KiB \([+-][0-9.]+ (B|KiB), [+-][0-9.]+ %\) \|/
assert log.contains('memstore: summary appended to target/step-summary.md')
true
