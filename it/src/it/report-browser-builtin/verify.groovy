import groovy.json.JsonSlurper

// The built-in spec's report as the documentation site shows it: the shipped results are the full-scale main job
// (etcd's row shapes at 100K and 1M keys), and at 1024 px every row is drawn, nothing overflows, no chart text
// leaves its chart, legends do not overlap, and etcd's lines sit beside memstore's rows of the same shape.
def results = new File(basedir, '../../../../site/src/memstore/results/memstore.json')
assert results.isFile() : "the site's shipped results are missing: ${results}"
def json = new JsonSlurper().parse(results)
def rows = json.rows
assert rows.size() == 12 : "the built-in spec has 12 rows, the shipped results ${rows.size()}"
assert rows*.params*.keys.collect { it as long }.toSet() == [100000L, 1000000L] as Set :
        "the shipped results are not at full scale: keys ${rows*.params*.keys.toSet()}"

def page = new File(basedir, 'target/site/memstore.html')
assert page.isFile()
def html = page.getText('UTF-8')
assert !html.contains('/work/') && !html.contains('/home/') && !html.contains('/tmp/') : 'the page names a local path'

def check = evaluate(new File(basedir, '../../../src/it/browser-check.groovy'))
def layout = check(basedir, page, 1024)
println "memstore browser check (built-in spec, shipped results): page ${layout.scrollWidth} px in ${layout.width}, " +
        "${layout.charts.size()} charts"
assert layout.scrollWidth <= layout.width : "the page is ${layout.scrollWidth} px wide in a ${layout.width} px window: ${layout.wide}"
assert layout.charts.size() == 4 // the three of the figures, and the class account's
layout.charts.each { c ->
    assert c.outside.isEmpty() : "${c.title}: text outside the chart: ${c.outside}"
    assert c.overlaps.isEmpty() : "${c.title}: legend entries overlap: ${c.overlaps}"
    assert c.right <= layout.width : "${c.title} ends at ${c.right} px"
}
def titles = layout.charts.collectMany { it.titles }
rows*.name.each { row -> assert titles.any { it.contains("row ${row}:") } : "row ${row} is drawn in no chart" }
// at full scale memstore's rows and etcd's published points share the key counts, so etcd's lines are drawn
def index = layout.charts.find { it.title == 'Index memory against N' }
assert index != null : "no index chart among ${layout.charts*.title}"
assert index.titles.any { it.startsWith('etcd benchmark') } : "etcd's lines are missing from the index chart: ${index.titles}"
true
