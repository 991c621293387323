evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def page = new File(basedir, 'target/reports/memstore.html')
assert page.isFile() : 'no target/reports/memstore.html'
def html = page.getText('UTF-8')
assert html.contains('memstore: standalone')
assert html.contains('target/memstore/memstore.json, written by memstore:check')
assert html.contains('Workload index') && html.contains('c2, B per version')
assert (html =~ /<svg /).count == 4
assert html.contains('End of the memstore report: 13 tables, 4 charts.') // the workload's in two to fit a page
def log = new File(basedir, 'build.log').text
assert log.contains('memstore: report from ')
// one measurement only: the report did not measure again
assert !log.contains('measuring the spec for the report')
true
