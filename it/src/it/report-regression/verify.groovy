evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
// A check that fails on a regression budget alone (failOnViolation=false lets the build go on to the report):
// every output says FAILED with the same counts, and the standalone report lists the regression.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
// the results directory's former user property still sets it (this build gives it), with a warning naming the new one
assert log.contains('[WARNING] memstore: memstore.outputDirectory is the former name of memstore.resultDirectory; use that one')
def line = (log =~ /memstore: (FAILED: 2 budget outcome\(s\) \(1 against the baseline\): 1 passed, 0 warned, 1 failed); results in/)
assert line.find()
def verdict = line.group(1)
def after = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/memstore-after/memstore.json'))
assert after.passed == false
assert after.budgets.every { it.passed } // the bounds pass: only the regression fails
assert new File(basedir, 'target/memstore-after/memstore.md').text.contains('**' + verdict + '**')
def xml = new File(basedir, 'target/memstore-after/TEST-memstore.xml').text
assert xml.contains('tests="2" failures="1"')
assert xml.contains('<property name="passed" value="false"/>')
assert xml.contains('<property name="verdict" value="' + verdict + '"/>')
def html = new File(basedir, 'target/reports/memstore.html').getText('UTF-8')
assert html.contains(verdict)
assert !html.contains('PASSED')
assert html.contains('Against the baseline')
assert html =~ /FAIL<\/td>\s*<td[^>]*>error<\/td>/
true
