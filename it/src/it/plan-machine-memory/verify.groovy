def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
assert log.contains('BUILD FAILURE')
assert log =~ /memstore: 1 scenario\(s\) exceed machineMemory:\s+raspberry: predicted process\.rss [0-9.]+ GiB \([0-9.]+ GiB\.\.[0-9.]+ GiB\), index\.liveHeap [0-9.]+ GiB, machineMemory 1\.0 GiB, recommended container limit [0-9.]+ GiB/
assert log =~ /raspberry +10M +3 +64B +reference +none .* +1024\.0 +EXCEEDS machineMemory/
// plan.json is written before the verdict
def plan = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/memstore/plan.json'))
assert plan.scenarios[0].fits == false
assert plan.scenarios[0].machineMemory == 1073741824
true
