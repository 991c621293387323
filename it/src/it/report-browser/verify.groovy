import javax.imageio.ImageIO
evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters

// Opens the generated site page in headless Chromium, as a reader would, and checks what it built and painted:
// the DOM after parsing (three SVG charts with real line data, the tables' rows, the closing line) and a
// screenshot (the charts' colours are on screen in quantity).
def page = new File(basedir, 'target/site/memstore.html')
assert page.isFile()
def profile = new File(basedir, 'target/chromium-profile')
profile.mkdirs()
def flags = ['/usr/bin/chromium', '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
             '--disable-background-networking', '--disable-component-update', '--disable-sync',
             '--hide-scrollbars', "--user-data-dir=${profile.absolutePath}"]

def run = { List<String> command, File out ->
    def pb = new ProcessBuilder(command.collect { it.toString() })
    pb.redirectErrorStream(false)
    pb.redirectOutput(out)
    pb.redirectError(new File(basedir, 'target/chromium.err'))
    def p = pb.start()
    assert p.waitFor(90, java.util.concurrent.TimeUnit.SECONDS) : "chromium did not finish: ${command}"
    assert p.exitValue() == 0 : "chromium failed (${p.exitValue()}): " + new File(basedir, 'target/chromium.err').text
}

// one Chromium run for both: the layout check opens the page at 1024 px and keeps the DOM after parsing
def check = evaluate(new File(basedir, '../../../src/it/browser-check.groovy'))
def layout = check(basedir, page, 1024)
def html = new File(basedir, "target/${page.name}-1024px-dom.html").getText('UTF-8')
assert (html =~ /<svg /).count == 3 : 'Chromium did not build the three SVG charts'
def lines = (html =~ /<path d="(M[0-9.]+ [0-9.]+(?: L[0-9.]+ [0-9.]+)+)"/).collect { it[1] }
assert lines.size() >= 4 : "expected at least 4 drawn lines with two or more points, got ${lines.size()}"
assert (html =~ /class="memstore-bar"/).count >= 8 : 'the bytes-per-key bars are missing'
assert (html =~ /<tr[ >]/).count >= 15 : 'the tables lack rows'
assert html.contains('Workload index') && html.contains('c1, B per key') && html.contains('headroom')
// five tables, the two workloads' split in two to fit the page
assert html.contains('End of the memstore report: 7 tables, 3 charts.')

// laid out at 1024 px: nothing overflows, every chart text inside its chart, legends apart, every row drawn
assert layout.scrollWidth <= layout.width : "the page is ${layout.scrollWidth} px wide in a ${layout.width} px window: ${layout.wide}"
// every cell shown whole, every number on one line, every table within what the page shows of it
assert layout.clipped.isEmpty() : "cells cut off at ${layout.width} px: ${layout.clipped}"
assert layout.wrapped.isEmpty() : "numbers broken over lines at ${layout.width} px: ${layout.wrapped}"
assert layout.numbers >= 40 : "only ${layout.numbers} number cells found among ${layout.cells}"
layout.tables.each { assert it.right <= it.shownRight : "a table of ${it.columns} columns ends at ${it.right} px, shown to ${it.shownRight}" }
println "memstore browser check (${basedir.name}): ${layout.cells} cells, ${layout.numbers} numbers; tables " +
        layout.tables.collect { "${it.columns} columns ${it.width} px to ${it.right} of ${it.shownRight}" }.join(', ')
assert layout.charts.size() == 3
layout.charts.each { c ->
    assert c.outside.isEmpty() : "${c.title}: text outside the chart: ${c.outside}"
    assert c.overlaps.isEmpty() : "${c.title}: legend entries overlap: ${c.overlaps}"
    assert c.right <= layout.width : "${c.title} ends at ${c.right} px"
}
def titles = layout.charts.collectMany { it.titles }
new groovy.json.JsonSlurper().parse(new File(basedir, 'results/memstore.json')).rows*.name.each { row ->
    assert titles.any { it.contains("row ${row}:") } : "row ${row} is drawn in no chart"
}

// the whole page in a 1024 px window, for the colour counts below and for a reader to look at
def png = new File(basedir, 'target/memstore.png')
run(flags + ["--window-size=1024,${Math.min(layout.height as int, 16000)}", "--screenshot=${png.absolutePath}",
             page.toURI().toString()], new File(basedir, 'target/chromium.out'))
def image = ImageIO.read(png)
assert image != null && image.width == 1024
def near = { int rgb, int r, int g, int b ->
    Math.abs(((rgb >> 16) & 0xff) - r) < 24 && Math.abs(((rgb >> 8) & 0xff) - g) < 24 && Math.abs((rgb & 0xff) - b) < 24
}
int blue = 0, orange = 0, green = 0
for (int y = 0; y < Math.min(image.height, 2600); y += 1) { // the charts are in the page's first 2600 px
    for (int x = 0; x < image.width; x += 1) {
        int rgb = image.getRGB(x, y)
        if (near(rgb, 0x00, 0x72, 0xB2)) blue++          // first series' lines and markers
        if (near(rgb, 0xE6, 0x9F, 0x00)) orange++        // overhead-per-key bars
        if (near(rgb, 0x00, 0x9E, 0x73)) green++         // per-version bars
    }
}
println "memstore browser check: ${lines.size()} lines, pixels blue ${blue}, orange ${orange}, green ${green}"
assert blue > 500 : "the charts' lines are not on screen (${blue} blue pixels)"
assert orange > 2000 : "the bytes-per-key bars are not on screen (${orange} orange pixels)"
assert green > 100 : "the per-version segments are not on screen (${green} green pixels)"
true
