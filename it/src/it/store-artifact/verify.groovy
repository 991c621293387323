import java.util.zip.ZipFile
evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir) // every memstore line <= 160 characters

// dependency:list at runtime: the store and sqlite-jdbc alone
def listed = new File(basedir, 'target/runtime-dependencies.txt').readLines()*.trim()
        .findAll { it =~ /^[\w.-]+:[\w.-]+:jar:/ }.collect { it.split(':')[0..1].join(':') }
assert listed.sort() == ['io.memstore:memstore-store', 'org.xerial:sqlite-jdbc'] : listed

// the jar: classes of io.memstore.store, the descriptor and Maven's own metadata, nothing else
def jar = new File(localRepositoryPath, "io/memstore/memstore-store/${itVersion}/memstore-store-${itVersion}.jar")
def names = new ZipFile(jar).withCloseable { z -> z.entries().collect { it.name } }
def strays = names.findAll { n ->
    !(n.startsWith('io/memstore/store/') || n == 'io/' || n == 'io/memstore/' || n.startsWith('META-INF/'))
}
assert strays.isEmpty() : strays
def metaInf = names.findAll { it.startsWith('META-INF/') && !it.endsWith('/') }
assert metaInf.every { it == 'META-INF/MANIFEST.MF' || it == 'META-INF/memstore/store.properties'
        || it.startsWith('META-INF/maven/io.memstore/memstore-store/') } : metaInf
assert names.contains('io/memstore/store/MvccStore.class')
assert !names.any { it.contains('/measure/') || it.contains('/report/') || it.contains('yaml') }
println "store-artifact: runtime dependencies ${listed}; ${names.count { it.endsWith('.class') }} classes in ${jar.name}"
true
