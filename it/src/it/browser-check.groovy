// Shared by the report-browser ITs: opens a generated report page in headless Chromium at a reader's window
// width, lets a script measure the laid-out page (the page itself has none), and returns what it found.
// Usage in a verify.groovy: def check = evaluate(new File(basedir, '../../../src/it/browser-check.groovy'))
//                            def found = check(basedir, new File(basedir, 'target/site/memstore.html'), 1024)
import groovy.json.JsonSlurper

return { File basedir, File page, int width ->
    assert page.isFile() : "no report page ${page}"
    def probe = new File(page.parentFile, '.layout-' + page.name)
    // the measuring script: horizontal overflow of the page (and the tables or charts that cause it), every chart text inside its SVG's viewBox,
    // legend entries not overlapping, the SVGs' titles (the tooltips that name the drawn rows), every table cell shown
    // whole (clipped), every number in one line (wrapped), and each table's width and right edge against the part
    // of the page that shows it
    def script = '''
<script>
window.addEventListener('load', function () {
  var out = {width: window.innerWidth, scrollWidth: document.documentElement.scrollWidth,
      height: document.documentElement.scrollHeight, charts: [], wide: []};
  // what reaches past the window: tables and charts by their first words, so a failure names the culprit
  document.querySelectorAll('table, svg.memstore-chart, pre').forEach(function (e) {
    var r = e.getBoundingClientRect().right;
    if (r > window.innerWidth + 0.5) {
      out.wide.push(e.tagName.toLowerCase() + ' ending at ' + Math.round(r) + ' px: '
          + e.textContent.replace(/\s+/g, ' ').trim().substring(0, 80));
    }
  });
  document.querySelectorAll('svg.memstore-chart').forEach(function (svg) {
    var vb = svg.viewBox.baseVal, chart = {title: svg.querySelector('title').textContent, outside: [],
        overlaps: [], titles: [], right: svg.getBoundingClientRect().right};
    var legend = [];
    // on-screen boxes (transforms such as the rotated axis title applied), against the SVG's own box
    var box = svg.getBoundingClientRect();
    svg.querySelectorAll('text').forEach(function (t) {
      var b = t.getBoundingClientRect();
      if (b.left < box.left - 0.5 || b.top < box.top - 0.5 || b.right > box.right + 0.5
          || b.bottom > box.bottom + 0.5) {
        chart.outside.push(t.textContent + ' [' + Math.round(b.left - box.left) + '..'
            + Math.round(b.right - box.left) + ' of ' + Math.round(box.width) + ']');
      }
    });
    // a legend entry is a group of its swatch and its text
    svg.querySelectorAll('g.memstore-legend-entry').forEach(function (g) {
      var b = g.getBoundingClientRect();
      legend.push({text: g.textContent, left: b.left, right: b.right, top: b.top, bottom: b.bottom});
    });
    for (var i = 0; i < legend.length; i++) {
      for (var j = i + 1; j < legend.length; j++) {
        var a = legend[i], c = legend[j];
        if (a.left < c.right && c.left < a.right && a.top < c.bottom && c.top < a.bottom) {
          chart.overlaps.push(a.text + ' / ' + c.text);
        }
      }
    }
    svg.querySelectorAll('title').forEach(function (t) { chart.titles.push(t.textContent); });
    out.charts.push(chart);
  });
  // every table cell within the part of the page that shows it: not cut by its own box (scrollWidth), nor by an
  // ancestor that hides what overflows it (a skin's content column), nor by the window; and a number in one line
  var visible = function (e) {
    var left = 0, right = window.innerWidth;
    for (var a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      var o = getComputedStyle(a).overflowX;
      if (o !== 'visible') {
        var r = a.getBoundingClientRect();
        left = Math.max(left, r.left);
        right = Math.min(right, r.right);
      }
    }
    return {left: left, right: right};
  };
  var lines = function (node) {
    var range = document.createRange();
    range.selectNodeContents(node);
    var tops = {};
    Array.prototype.forEach.call(range.getClientRects(), function (r) {
      if (r.width > 0) { tops[Math.round(r.top)] = true; }
    });
    return Object.keys(tops).length;
  };
  var number = /^[-+]?[0-9][0-9,.]*( ?[A-Za-z%/]+)?( [(][-+0-9,.]+[)])?$/;
  out.cells = 0; out.numbers = 0; out.clipped = []; out.wrapped = []; out.tables = [];
  document.querySelectorAll('td, th').forEach(function (cell) {
    var text = cell.textContent.replace(/\s+/g, ' ').trim();
    var box = cell.getBoundingClientRect(), v = visible(cell);
    out.cells++;
    if (cell.scrollWidth > cell.clientWidth + 0.5 || box.right > v.right + 0.5 || box.left < v.left - 0.5) {
      out.clipped.push(text + ' [' + Math.round(box.left) + '..' + Math.round(box.right) + ' px, shown '
          + Math.round(v.left) + '..' + Math.round(v.right) + ', scrollWidth ' + cell.scrollWidth + ' of '
          + cell.clientWidth + ']');
    }
    if (cell.tagName === 'TD' && number.test(text)) {
      out.numbers++;
      if (lines(cell) > 1) {
        out.wrapped.push(text + ' (' + lines(cell) + ' lines, cell ' + Math.round(box.width) + ' px)');
      }
    }
  });
  // a piece of text marked unbreakable (a JVM flag, a number) stays on one line wherever it is
  document.querySelectorAll('.memstore-nowrap, .memstore-word').forEach(function (e) {
    if (lines(e) > 1) {
      out.wrapped.push(e.textContent + ' (' + lines(e) + ' lines)');
    }
  });
  document.querySelectorAll('table').forEach(function (t) {
    var r = t.getBoundingClientRect(), v = visible(t);
    out.tables.push({width: Math.round(r.width), right: Math.round(r.right), shownRight: Math.round(v.right),
        columns: t.rows.length ? t.rows[0].cells.length : 0});
  });
  var pre = document.createElement('pre');
  pre.id = 'memstore-layout';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>'''
    probe.setText(page.getText('UTF-8').replace('</body>', script + '</body>'), 'UTF-8')
    def profile = new File(basedir, 'target/chromium-profile')
    profile.mkdirs()
    def err = new File(basedir, 'target/chromium.err')
    def command = ['/usr/bin/chromium', '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
                   '--no-first-run', '--disable-background-networking', '--disable-component-update',
                   '--disable-sync', '--hide-scrollbars', "--user-data-dir=${profile.absolutePath}",
                   "--window-size=${width},2000", '--virtual-time-budget=10000', '--dump-dom',
                   probe.toURI().toString()].collect { it.toString() }
    def dom = new File(basedir, "target/${page.name}-${width}px-dom.html")
    def p = new ProcessBuilder(command).redirectOutput(dom).redirectError(err).start()
    assert p.waitFor(90, java.util.concurrent.TimeUnit.SECONDS) : "chromium did not finish: ${command}"
    assert p.exitValue() == 0 : "chromium failed (${p.exitValue()}): " + err.text
    probe.delete()
    def m = dom.getText('UTF-8') =~ /(?s)<pre id="memstore-layout">(.*?)<\/pre>/
    assert m.find() : 'the layout script did not run in Chromium'
    def json = m.group(1).replace('&quot;', '"').replace('&lt;', '<').replace('&gt;', '>').replace('&amp;', '&')
    return new JsonSlurper().parseText(json)
}
