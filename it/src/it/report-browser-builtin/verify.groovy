import groovy.json.JsonSlurper
evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters

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
// every cell shown whole, every number on one line, every table within what the page shows of it
assert layout.clipped.isEmpty() : "cells cut off at ${layout.width} px: ${layout.clipped}"
assert layout.wrapped.isEmpty() : "numbers broken over lines at ${layout.width} px: ${layout.wrapped}"
assert layout.numbers >= 40 : "only ${layout.numbers} number cells found among ${layout.cells}"
layout.tables.each { assert it.right <= it.shownRight : "a table of ${it.columns} columns ends at ${it.right} px, shown to ${it.shownRight}" }
println "memstore browser check (${basedir.name}): ${layout.cells} cells, ${layout.numbers} numbers; tables " +
        layout.tables.collect { "${it.columns} columns ${it.width} px to ${it.right} of ${it.shownRight}" }.join(', ')
assert layout.charts.size() == 3 // the shipped results were measured before rows carried a class account
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
// the whole page as a reader sees it in a 1024 px window, for a person to look at (target/memstore.png)
def png = new File(basedir, 'target/memstore.png')
def shot = new ProcessBuilder(['/usr/bin/chromium', '--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars',
        "--user-data-dir=${new File(basedir, 'target/chromium-profile').absolutePath}",
        "--window-size=1024,${Math.min(layout.height as int, 16000)}", "--screenshot=${png.absolutePath}",
        page.toURI().toString()]*.toString()).redirectErrorStream(true)
        .redirectOutput(new File(basedir, 'target/chromium-screenshot.out')).start()
assert shot.waitFor(90, java.util.concurrent.TimeUnit.SECONDS) && shot.exitValue() == 0
def image = javax.imageio.ImageIO.read(png)
assert image.width == 1024 && image.height >= 2000
println "memstore browser check (built-in spec): screenshot ${png} ${image.width} x ${image.height} px"
true
