// Shared by the pinned-store ITs' prebuild steps: puts a memstore-store of another version than the plugin's into a
// file repository of the project. The jar is this build's store with its descriptor saying the given version and
// probe API, as a release would.
// Usage: def pin = evaluate(new File(basedir, '../../../src/it/pinned-store.groovy'))
//        pin(basedir, localRepositoryPath, itVersion, sqliteVersion, '0.9.0-pinned', 1)
import java.util.zip.ZipEntry
import java.util.zip.ZipFile
import java.util.zip.ZipOutputStream

return { File basedir, localRepositoryPath, String itVersion, String sqliteVersion, String version, int probeApi ->
    def source = new File(localRepositoryPath.toString(), "io/memstore/memstore-store/${itVersion}/memstore-store-${itVersion}.jar")
    assert source.isFile() : "no store jar at ${source}"
    def dir = new File(basedir, "repo/io/memstore/memstore-store/${version}")
    dir.mkdirs()
    new ZipFile(source).withCloseable { zip ->
        new ZipOutputStream(new FileOutputStream(new File(dir, "memstore-store-${version}.jar"))).withCloseable { out ->
            zip.entries().each { e ->
                out.putNextEntry(new ZipEntry(e.name))
                if (e.name == 'META-INF/memstore/store.properties') {
                    out.write("version=${version}\nprobeApi=${probeApi}\n".getBytes('ISO-8859-1'))
                } else {
                    out.write(zip.getInputStream(e).bytes)
                }
                out.closeEntry()
            }
        }
    }
    new File(dir, "memstore-store-${version}.pom").text = """<?xml version="1.0" encoding="UTF-8"?>
    <project xmlns="http://maven.apache.org/POM/4.0.0">
      <modelVersion>4.0.0</modelVersion>
      <groupId>io.memstore</groupId>
      <artifactId>memstore-store</artifactId>
      <version>${version}</version>
      <dependencies>
        <dependency>
          <groupId>org.xerial</groupId>
          <artifactId>sqlite-jdbc</artifactId>
          <version>${sqliteVersion}</version>
        </dependency>
      </dependencies>
    </project>
    """
}
