// Runs Maven on a sample project from its verify script, as the invoker ran it (offline, the invoker's settings and
// local repository, the sample builds' properties), in a process group of its own, and optionally stops it mid-row:
// once a probe JVM of this project runs, the whole group gets the signal (INT as Ctrl-C sends it, KILL as a CI
// runner's hard stop does).
// Usage: def run = evaluate(new File(basedir, '../../../src/it/maven-run.groovy'))
//        def r = run(basedir, localRepositoryPath, 'name', ['verify', '-Dmemstore.spec=...'], 'INT')  // or null
//        r.exit, r.log (the build's output, also in <name>.log)
import java.util.concurrent.TimeUnit

def probes = { File basedir ->
    String dir = basedir.canonicalPath
    new File('/proc').listFiles().findAll { it.name ==~ /\d+/ }.findAll {
        def cmd = new File(it, 'cmdline')
        try {
            String c = cmd.text
            c.contains('io.memstore.measure.probe.ProbeMain') && c.contains(dir)
        } catch (IOException gone) {
            false
        }
    }.collect { it.name as long }
}

return { File basedir, localRepositoryPath, String name, List<String> args, String signal ->
    def repo = new File(localRepositoryPath.toString())
    def settings = new File(basedir, "${name}-settings.xml")
    settings.text = new File(basedir, '../../../src/it/settings.xml').text
            .replace('@localRepositoryUrl@', repo.toURI().toString())
    def log = new File(basedir, "${name}.log")
    def mvn = new File(System.getProperty('maven.home'), 'bin/mvn').path
    // Ctrl-C's SIGINT reaches Maven only where it is not ignored: a build started in the background of a shell
    // inherits it ignored, and the JVM then keeps it so
    def command = ['setsid', 'env', '--default-signal=INT', mvn, '-B', '-o', '-s', settings.path, "-Dmaven.repo.local=${repo.path}",
                   '-Dmemstore.settleMillis=0', '-Dmemstore.gets=1000'] + args
    def pb = new ProcessBuilder(command*.toString()).directory(basedir).redirectErrorStream(true)
            .redirectOutput(log)
    pb.environment().put('MAVEN_OPTS', '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC')
    def maven = pb.start()
    maven.outputStream.close()
    if (signal != null) {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5)
        List<Long> running = []
        while (running.isEmpty() && maven.isAlive() && System.nanoTime() < deadline) {
            sleep 200
            running = probes(basedir)
        }
        assert !running.isEmpty() : "no probe of this project started; the build's output:\n${log.text}"
        sleep 2000 // into the row
        assert !probes(basedir).isEmpty() : "the row ended before it could be stopped:\n${log.text}"
        // setsid made Maven the leader of its own process group: the group's id is its pid
        def stat = new File("/proc/${maven.pid()}/stat").text
        long group = stat.substring(stat.lastIndexOf(')') + 2).split(' ')[2] as long
        assert group == maven.pid() : "Maven ${maven.pid()} is not its group's leader (${group})"
        // "--": procps' kill takes "-INT -123" for two options and signals nothing
        assert ['kill', '-s', signal, '--', "-${group}"].execute().waitFor() == 0
    }
    assert maven.waitFor(10, TimeUnit.MINUTES) : "the build did not end:\n${log.text}"
    if (signal != null) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30)
        while (!probes(basedir).isEmpty() && System.nanoTime() < deadline) {
            sleep 200
        }
        assert probes(basedir).isEmpty() : "probes left running: ${probes(basedir)}"
    }
    return [exit: maven.exitValue(), log: log.text]
}
