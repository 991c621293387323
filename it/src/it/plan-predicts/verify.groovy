evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
// the spec's scenarios: calibrated, predicted, printed with the recommendations
assert log.contains('memstore: calibration row 1/')
assert log =~ /capacity plan \(MiB = 1024\^2 B; band low\.\.high\)/
assert log =~ /production +1M +3 +64B +reference +none +- +[0-9.]+ \([0-9.]+\.\.[0-9.]+\) +[0-9.]+ \([0-9.]+\.\.[0-9.]+\) +-Xmx[0-9]+m +[0-9]+Mi/
// a table wider than the console goes on in a block of its own, never broken by the console's wrapping
assert log =~ /(?m)^\[INFO\] memstore: scenario +machine +verdict$/
assert log =~ /(?m)^\[INFO\] memstore: production +8192\.0 +fits$/
assert !(log =~ /(?m)^\[INFO\] memstore: {3}(verdict|-+|fits)$/)
// what to paste, and what the plan assumed
assert log =~ /production: -Xmx[0-9]+m; container limit [0-9]+Mi \(docker run --memory=[0-9]+m\); store none: the index alone/
// what the plan read or measured, said before it did
assert log =~ /memstore: plan: 2 scenario\(s\) need a calibration run, 6 row\(s\) at [0-9K]+, [0-9K]+, [0-9K]+ keys/
assert !log.contains('3 to 6 minutes')
def lines = evaluate(new File(basedir, '../../../src/it/console-lines.groovy'))(new File(basedir, 'build.log'))
println "plan-predicts: ${lines.size()} memstore lines, the widest ${lines*.length().max()} characters"
lines.each { assert it.length() <= 160 : "a line of ${it.length()} characters: ${it}" }
assert log =~ /bigger-keys +500K +3 +256B/
assert log.contains('production: c0 + N*(c1 + align8(16 + keySize)) + N*capacity(versions)*c2')
def plan = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/memstore/plan.json'))
assert plan.schemaVersion == 1
assert plan.scenarios*.name == ['production', 'bigger-keys']
def prod = plan.scenarios[0]
assert prod.params.keys == 1000000 && prod.params.versions == 3
// 1M reference keys x 3 versions: 288 B per key measured here; the calibration at 2K..8K must land near it
assert prod.predicted.'index.liveHeap' > 250e6 && prod.predicted.'index.liveHeap' < 330e6
assert prod.low.'index.liveHeap' < prod.predicted.'index.liveHeap'
assert prod.high.'process.rss' > prod.predicted.'process.rss'
assert prod.recommended.xmx > prod.high.'index.liveHeap'
assert prod.recommended.containerLimit > prod.recommended.xmx
assert prod.fits == true
assert plan.model.fits[prod.model].source == 'calibration run'
assert plan.calibration.size() == 6 // two configurations x three key counts: c0 with a row to spare
// every fit has a row to spare: a leave-one-out error, nothing undetermined
assert plan.model.fits[prod.model].looError != null
assert plan.model.fits[prod.model].undetermined == []
// the ad-hoc build
def adhoc = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/adhoc/plan.json'))
assert adhoc.scenarios*.name == ['command-line']
assert adhoc.scenarios[0].params.keys == 200000 && adhoc.scenarios[0].params.versions == 5
assert adhoc.scenarios[0].params.index == 'reference' // from the spec's defaults
true
