def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
assert log =~ /memstore: the workload spec is broken: .*workload\.yaml:7:24: workloads\[0\]\.system\[1\]: class 'com\.example\.store\.QuotaStore' threw in put: java\.lang\.IllegalStateException: quota of 8 keys exceeded \(at com\.example\.store\.QuotaStore\.put\(QuotaStore\.java:10\)\)/
// refused before the first row: no probe started, nothing written
assert !log.contains('started (pid')
assert !new File(basedir, 'target/memstore/memstore.json').exists()
assert !new File(basedir, 'target/memstore/TEST-memstore.xml').exists()
assert log.contains('BUILD FAILURE')
true
