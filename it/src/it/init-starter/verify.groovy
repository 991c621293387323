import groovy.json.JsonSlurper
import java.nio.file.Files
import java.nio.file.attribute.PosixFilePermission
evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters

def spec = new File(basedir, 'src/memstore/workload.yaml')
assert spec.isFile()
assert spec.text.startsWith('# memstore workload spec, written by "mvn memstore:init"')
def log = new File(basedir, 'build.log').text
assert log.contains('memstore: wrote the starter spec src/memstore/workload.yaml')
// check found the file init wrote, not the built-in spec
def json = new JsonSlurper().parse(new File(basedir, 'target/memstore/memstore.json'))
assert json.spec.name == 'my-workload'
assert json.rows*.name == ['index/versions=1', 'index/versions=5', 'overall']
assert log.contains('BUILD SUCCESS')
// the spec and the results have the mode of any other file the build made (the umask's), e.g. build.log
def mode = { File f -> Files.getPosixFilePermissions(f.toPath()) }
def reference = mode(new File(basedir, 'build.log'))
assert mode(spec) == reference
['memstore.json', 'memstore.csv', 'memstore.md', 'TEST-memstore.xml'].each {
    assert mode(new File(basedir, "target/memstore/$it")) == reference : it
}
true
