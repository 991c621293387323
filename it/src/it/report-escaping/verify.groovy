evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters
// Spec strings are text on the page, in HTML and in the SVG charts, never markup.
def html = new File(basedir, 'target/site/memstore.html').getText('UTF-8')
assert html.contains('&lt;script&gt;alert(&quot;memstore&quot;)&lt;/script&gt;') ||
        html.contains('&lt;script&gt;alert("memstore")&lt;/script&gt;')
assert !html.contains('<script>alert(')
assert html.contains('&lt;img src=x onerror=alert(1)&gt; &amp; ')
assert !html.contains('<img src=x')
assert html.contains('&lt;i&gt;workload&lt;/i&gt;.yaml') && !html.contains('<i>workload</i>')
// read, not measured
assert html.contains('results/memstore.json, written by memstore:check')
assert !new File(basedir, 'results/work').exists()
assert (html =~ /<svg /).count == 3
assert html.contains('End of the memstore report:')
true
