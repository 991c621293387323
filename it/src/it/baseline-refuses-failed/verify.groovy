import groovy.json.JsonSlurper

def flat = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
// 1: the check failed its budget and let the build go on; the baseline refused it
assert flat =~ /memstore: FAILED: 1 budget outcome\(s\): 0 passed, 0 warned, 1 failed/
assert flat =~ /memstore: the last check failed its budgets \(FAILED: 1 budget outcome\(s\): 0 passed, 0 warned, 1 failed\): a baseline of it would accept what failed it; nothing was saved\. Fix the failures, or save it anyway with -Dmemstore\.force=true/
assert flat.contains('BUILD FAILURE')
// 2: forced, with a warning, and saved
assert flat =~ /\[WARNING\] memstore: saving the baseline from a check that failed its budgets \(FAILED: 1 budget outcome\(s\).*\), as memstore\.force=true asks/
assert flat =~ /memstore: baseline .*src.memstore.baseline\.json saved from .*memstore\.json \(spec failing, 1 rows\)/
assert flat.contains('BUILD SUCCESS')
def saved = new JsonSlurper().parse(new File(basedir, 'src/memstore/baseline.json'))
assert saved.passed == false && saved.incomplete == null && saved.rows*.name == ['index']
true
