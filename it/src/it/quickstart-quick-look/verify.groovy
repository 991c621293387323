import groovy.json.JsonSlurper
evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters

def log = new File(basedir, 'build.log').text
assert !log.contains('BUILD FAILURE')
assert (log =~ /BUILD SUCCESS/).count == 2
// the quick look: every bound that the scale changes is listed, not judged, and the console says why
def quick = new JsonSlurper().parse(new File(basedir, 'target/memstore/memstore.json'))
assert quick.rows*.name == ['index/keys=1K,versions=1', 'index/keys=1K,versions=5', 'index/keys=10K,versions=1',
                            'index/keys=10K,versions=5']
assert quick.passed == true
assert quick.budgets.every { !it.judged && it.message.startsWith('not judged at this scale: memstore.scale=0.01') }
assert log =~ /\[INFO\] memstore: 2 budget outcome\(s\) not judged at this scale: memstore\.scale=0\.01 resized the rows/
assert log.contains('memstore: PASSED: 2 budget outcome(s): 0 passed, 0 warned, 0 failed, 2 not judged')
// what the probes left out (the sample builds set memstore.settleMillis=0 and memstore.gets=1000), in every row's
// notes; set by the user, it is not the quick look's own doing, and the console does not say it skipped them
assert quick.rows.every { it.notes == [
        'settle skipped (memstore.settleMillis=0): RSS read without waiting for the JIT to go quiet and for HotSpot to empty its compilers\' pools',
        'gets/s over 1K gets (memstore.gets), not 200K'] }
assert new File(basedir, 'target/memstore/memstore.md').text.contains('- every row: settle skipped (memstore.settleMillis=0)')
assert !log.contains('memstore: quick look at scale')
// what the run asks, counted from the spec: no duration
assert log.contains('[INFO] memstore: spec my-service (src/memstore/workload.yaml), 4 rows up to 10K keys, 66K writes, scale 0.01')
// the full-size rows judge both budgets and pass them
def full = new JsonSlurper().parse(new File(basedir, 'target/full/memstore.json'))
assert full.passed == true
assert full.budgets.size() == 2 && full.budgets.every { it.judged && it.passed }
assert full.rows.every { it.notes.size() == 2 }
assert log =~ /memstore: closest budget: (index\.liveHeap on index\/keys=1M,versions=1, [0-9.]+ MiB of 128\.0 MiB|model\.c1 of the model, [0-9.]+ B of 160 B) \([0-9]+ %\)/
def lines = evaluate(new File(basedir, '../../../src/it/console-lines.groovy'))(new File(basedir, 'build.log'))
lines.each { assert it.length() <= 160 : "a line of ${it.length()} characters: ${it}" }
true
