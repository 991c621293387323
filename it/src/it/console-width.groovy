// Every line memstore printed in this build (see console-lines.groovy) is at most 160 characters, as the console
// shows it. Usage, in a verify.groovy: evaluate(new File(basedir, '../../../src/it/console-width.groovy'))(basedir)
// Returns the number of lines checked.
return { File basedir ->
    def log = new File(basedir, 'build.log')
    assert log.isFile() : "no build.log in ${basedir}"
    def lines = evaluate(new File(basedir, '../../../src/it/console-lines.groovy'))(log)
    def tooLong = lines.findAll { it.length() > 160 }
    assert tooLong.isEmpty() : "memstore printed ${tooLong.size()} line(s) over 160 characters:\n" +
            tooLong.collect { "${it.length()}: ${it}" }.join('\n')
    return lines.size()
}
