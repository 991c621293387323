import groovy.json.JsonSlurper

def flat = evaluate(new File(basedir, '../../../src/it/unwrapped-log.groovy'))(new File(basedir, 'build.log'))
def leaving = 'com.example.store.LeavingStore'
def exiting = 'com.example.store.ExitingStore'

// 1: the class that leaves a thread and a process passes its trial and is measured, each time with warnings
assert flat.contains('BUILD SUCCESS')
assert flat =~ /memstore: PASSED: 1 budget outcome\(s\)/
def threadWarnings = flat.readLines().findAll { it.startsWith('[WARNING]') && it.contains("'leaving-store-flusher'") }
def processWarnings = flat.readLines().findAll { it.startsWith('[WARNING]') && it =~ /pid \d+ \(sleep 901\)/ }
assert threadWarnings.size() == 2 : threadWarnings // the trial's, the row's
assert threadWarnings[0].contains("class '${leaving}', in its trial")
// the row's two: the measured store's, and the empty one's that the class account opens beside it
assert threadWarnings[1] =~ /row '[^']*leaves[^']*': the measured code left 2 non-daemon thread\(s\) running/
assert processWarnings.size() == 2 : processWarnings
// no sleep process of this project is left, wherever it was re-parented to
String mark = 'IT_DATA=' + basedir.canonicalPath
def left = new File('/proc').listFiles().findAll { it.name ==~ /\d+/ }.findAll {
    try {
        new File(it, 'environ').text.split('\0').any { it.startsWith(mark) }
    } catch (IOException gone) {
        false
    }
}
assert left.isEmpty() : "processes left: ${left*.name}"

// 2: after that passing run, a class whose constructor calls System.exit(3) in its trial: said so, naming the class
assert flat.contains('BUILD FAILURE')
assert flat =~ /memstore: the workload spec is broken: .*exits\.yaml:\d+:\d+: .*class '${java.util.regex.Pattern.quote(exiting)}' ended the JVM of its trial \(created, 16 puts, closed\) by calling System\.exit\(3\) at com\.example\.store\.ExitingStore\.<init>\(ExitingStore\.java:6\)/
assert !flat.contains('ran out of memory')
// and no output says the first run's PASSED any more: each says this run did not complete
def out = new File(basedir, 'target/memstore')
def json = new JsonSlurper().parse(new File(out, 'memstore.json'))
assert json.passed == false && json.incomplete.row == null && json.rows.isEmpty()
assert json.spec.file == 'src/memstore/exits.yaml'
def md = new File(out, 'memstore.md').text
assert !md.contains('PASSED') && md.contains('**FAILED: incomplete, the run started ')
def junit = new File(out, 'TEST-memstore.xml').text
assert junit.contains('errors="1"') && junit.contains('<error type="memstore.incomplete"')
assert junit.contains('<property name="passed" value="false"/>')
def csv = new File(out, 'memstore.csv').readLines()
assert csv.size() == 2 && csv[1].contains('incomplete: the run started ')
true
