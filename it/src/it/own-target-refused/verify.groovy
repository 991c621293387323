def log = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
assert log =~ /memstore: the workload spec is broken: .*workload\.yaml:7:24: workloads\[0\]\.system\[1\]: target class 'com\.example\.store\.MapStroe' is not on the project's test classpath .* \(did you mean 'com\.example\.store\.MapStore'\?\)/
// refused before the first row: no probe started, nothing written
assert !log.contains('started (pid')
assert !new File(basedir, 'target/memstore/memstore.json').exists()
assert !new File(basedir, 'target/memstore/TEST-memstore.xml').exists()
assert log.contains('BUILD FAILURE')
true
