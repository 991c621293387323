def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE')
assert log =~ /workload\.yaml:6:5: workloads\[0\]\.keySise/
assert log.contains("did you mean 'keySize'")
assert log.contains('MojoExecutionException')
assert !new File(basedir, 'target/memstore/memstore.json').exists()
true
