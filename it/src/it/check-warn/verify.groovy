evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
assert log =~ /\[WARNING\] memstore: budget exceeded \(warn\): index, process\.rss, actual [0-9.]+ MiB, max 1\.0 MiB, headroom -[0-9.]+ MiB: RSS above 1 MiB/
assert log.contains('memstore: PASSED: 2 budget outcome(s): 1 passed, 1 warned, 0 failed; results in')
true
