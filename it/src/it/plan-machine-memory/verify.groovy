evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
assert log.contains('BUILD FAILURE')
assert log =~ /memstore: 1 scenario\(s\) exceed machineMemory:\s+raspberry: predicted process\.rss [0-9.]+ GiB \([0-9.]+ GiB\.\.[0-9.]+ GiB\), index\.liveHeap [0-9.]+ GiB, machineMemory 1\.0 GiB, recommended container limit [0-9.]+ GiB/
assert log =~ /raspberry +10M +3 +64B +reference +none +- .* +-Xmx[0-9]+m/
// the limit, machine and verdict go on in a block of their own: the table is never broken by the console's wrapping
def raw = new File(basedir, 'build.log').text
assert raw =~ /(?m)^\[INFO\] memstore: raspberry +[0-9]+Mi +1024\.0 +EXCEEDS machineMemory$/
assert !(raw =~ /(?m)^\[INFO\] memstore: {3}(verdict|-+|EXCEEDS machineMemory)$/)
// plan.json is written before the verdict
def plan = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/memstore/plan.json'))
assert plan.scenarios[0].fits == false
assert plan.scenarios[0].machineMemory == 1073741824
true
