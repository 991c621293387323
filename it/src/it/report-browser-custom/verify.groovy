import groovy.json.JsonSlurper
evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters

def rows = new JsonSlurper().parse(new File(basedir, 'target/memstore/memstore.json')).rows
assert rows.size() == 14
assert rows.any { it.params.compact } && rows.any { it.params.deletes > 0 } && rows.any { it.params.keyPattern == 'hierarchical' }
def page = new File(basedir, 'target/site/memstore.html')
def check = evaluate(new File(basedir, '../../../src/it/browser-check.groovy'))
def layout = check(basedir, page, 1024)
println "memstore browser check (custom spec): page ${layout.scrollWidth} px in ${layout.width}, ${layout.charts.size()} charts"
assert layout.scrollWidth <= layout.width : "the page is ${layout.scrollWidth} px wide in a ${layout.width} px window: ${layout.wide}"
// every cell shown whole, every number on one line, every table within what the page shows of it
assert layout.clipped.isEmpty() : "cells cut off at ${layout.width} px: ${layout.clipped}"
assert layout.wrapped.isEmpty() : "numbers broken over lines at ${layout.width} px: ${layout.wrapped}"
assert layout.numbers >= 40 : "only ${layout.numbers} number cells found among ${layout.cells}"
layout.tables.each { assert it.right <= it.shownRight : "a table of ${it.columns} columns ends at ${it.right} px, shown to ${it.shownRight}" }
println "memstore browser check (${basedir.name}): ${layout.cells} cells, ${layout.numbers} numbers; tables " +
        layout.tables.collect { "${it.columns} columns ${it.width} px to ${it.right} of ${it.shownRight}" }.join(', ')
assert layout.charts.size() == 4 // the three of the figures, and the class account's
layout.charts.each { c ->
    assert c.outside.isEmpty() : "${c.title}: text outside the chart: ${c.outside}"
    assert c.overlaps.isEmpty() : "${c.title}: legend entries overlap: ${c.overlaps}"
    assert c.right <= layout.width : "${c.title} ends at ${c.right} px"
}
def titles = layout.charts.collectMany { it.titles }
rows*.name.each { row -> assert titles.any { it.contains("row ${row}:") } : "row ${row} is drawn in no chart" }
// etcd's index line only beside the rows of its shape: the plain rows' versions 1 and 5
def index = layout.charts.find { it.title == 'Index memory against N' }
assert index.titles.findAll { it.startsWith('etcd benchmark') && !it.contains(': ') }.toSet() ==
        ['etcd benchmark, versions 1, key 64 B', 'etcd benchmark, versions 5, key 64 B'] as Set
true
