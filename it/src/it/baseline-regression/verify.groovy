evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
assert log.contains('BUILD FAILURE')
// the first check had no baseline: a warning, not a failure
assert log =~ /regression budget \(warn\): index, index\.liveHeap: no baseline -> [0-9.]+ KiB, limit \+5\.0 % and \+16\.0 KiB: no baseline given/
assert log =~ /memstore: baseline .*src.memstore.baseline\.json saved from .*memstore\.json \(spec regression, 1 rows\)/
// the second fails, printed as old -> new (delta, %)
def m = log =~ /memstore: 1 budget outcome\(s\) failed:\s+regression: index, index\.liveHeap: ([0-9.]+) KiB -> ([0-9.]+) KiB \(\+([0-9.]+) KiB, \+([0-9.]+) %\), limit \+5\.0 % and \+16\.0 KiB: the index grew against the baseline/
assert m.find()
def oldKiB = m.group(1) as double, newKiB = m.group(2) as double, pct = m.group(4) as double
assert newKiB > oldKiB * 1.05 && pct > 5
def after = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/memstore-after/memstore.json'))
assert after.passed == false
assert after.baseline.found == true
def r = after.baseline.regressions[0]
assert r.status == 'regressed' && r.delta == r.actual - r.baseline && r.delta > 16 * 1024
def xml = new File(basedir, 'target/memstore-after/TEST-memstore.xml').text
assert xml.contains('tests="2" failures="1"')
// each case carries the time its row took (the row's probe run, a few seconds), not 0
def caseTime = (xml =~ /<testcase classname="memstore.regression" name="index.liveHeap vs baseline \[index\]" time="([0-9.]+)">/)
assert caseTime.find()
assert (caseTime.group(1) as double) > 0.1
assert xml.contains('<failure type="memstore.budget" message="index, index.liveHeap: ')
true
