evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
def page = new File(basedir, 'target/site/memstore-aggregate.html')
assert page.isFile() : 'no memstore-aggregate.html in the parent site'
// <wbr> marks where a long table cell may wrap; the text a reader sees and copies has none
def html = page.getText('UTF-8').replace('<wbr>', '')
assert html.contains('memstore: report-aggregate, all modules')
assert html.contains('2 of 3 modules have memstore results')
// the overview: a line per module, with its spec, rows and verdict; gamma has no check
assert html =~ /(?s)<td[^>]*>alpha<\/td>\s*<td[^>]*>alpha-spec<\/td>\s*<td[^>]*>(?:<span[^>]*>)?2(?:<\/span>)?<\/td>\s*<td[^>]*>PASSED/
assert html =~ /(?s)<td[^>]*>beta<\/td>\s*<td[^>]*>beta-spec<\/td>\s*<td[^>]*>(?:<span[^>]*>)?2(?:<\/span>)?<\/td>\s*<td[^>]*>PASSED: 2 budget outcome\(s\): 0 passed, 2 warned/
assert html =~ /(?s)<td[^>]*>gamma<\/td>\s*<td[^>]*>-<\/td>\s*<td[^>]*>(?:<span[^>]*>)?0(?:<\/span>)?<\/td>\s*<td[^>]*>no results<\/td>\s*<td[^>]*>gamma\/target\/memstore\/memstore.json/
// each module's own report, its anchors prefixed
assert html.contains('alpha: Charts') && html.contains('beta: Budgets')
assert html.contains('id="alpha-charts"') || html.contains('name="alpha-charts"')
// each module's four charts: index memory, bytes per key by component, RSS, and bytes per key by class
assert (html =~ /<svg /).count == 8 : 'expected the four charts of each module with results'
assert html.contains('beta warns')
assert html.contains('End of the memstore report:')
// relative paths: the spec files and results are named inside the build, no path of this machine
assert html.contains('alpha/target/memstore/memstore.json') && html.contains('src/memstore/workload.yaml')
assert !html.contains(basedir.absolutePath)
['alpha', 'beta'].each { m ->
    assert !new File(basedir, "${m}/target/memstore/memstore.json").text.contains(basedir.absolutePath)
}
// the modules' own sites have no aggregate page
assert !new File(basedir, 'alpha/target/site/memstore-aggregate.html').exists()
def log = new File(basedir, 'build.log').text
assert log.contains('memstore: aggregate report page memstore-aggregate.html: 3 modules, 2 with results')
// once in mvn site, once from the command line (mvn memstore:report-aggregate)
assert (log =~ /memstore: aggregate report page memstore-aggregate\.html: 3 modules, 2 with results/).count == 2
assert !log.contains('reactorProjects cannot be null')
true
