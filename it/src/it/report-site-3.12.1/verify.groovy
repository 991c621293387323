evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
// The site page of memstore:report, complete: tables, model, budgets, charts, and the closing line that only
// a page rendered to its end carries.
def page = new File(basedir, 'target/site/memstore.html')
assert page.isFile() : 'no memstore.html in target/site'
def html = page.getText('UTF-8')
assert html.contains('memstore: report-sample')
assert html.contains('Workload index') && html.contains('Workload overall')
assert html.contains('index live heap, MiB (B/key)') && html.contains('puts/s')
assert html.contains('c1, B per key') && html.contains('etcd benchmark')
assert html.contains('Model residuals')
assert html.contains('>pass<') && html.contains('>warn<')
assert html.contains('RSS above 1 MiB, as it will be')
def charts = (html =~ /<svg /).count
assert charts == 3 : "expected 3 SVG charts, found ${charts}"
assert html.contains('Index memory against N') && html.contains('Bytes per key by component')
assert html.contains('RSS against N')
assert (html =~ /<path d="M[0-9]/).count >= 4
// five tables, the two workloads' each in two that fit a page
assert html.contains('End of the memstore report: 7 tables, 3 charts.')
assert html.contains('Workload index (index reference, store none, key pattern random) (continued)')
// numbers kept whole by a span that survives this maven-site-plugin's Doxia
assert html =~ /<td[^>]*><span class="memstore-nowrap" style="white-space:nowrap">[0-9]/
// rendered from the kept results of a check, measuring nothing
assert html.contains('results/memstore.json, written by memstore:check')
def log = new File(basedir, 'build.log').text
assert log.contains('memstore: report from ') && !log.contains('memstore: row ')
assert !log.contains('LinkageError') && !log.contains('NoSuchMethodError')
assert log.contains('memstore: report page memstore.html: 7 tables, 3 charts')
assert log.contains('maven-site-plugin:3.12.1:site')
assert log.contains('BUILD SUCCESS')
true
