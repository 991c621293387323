// A build.log with memstore's wrapped lines joined again, for assertions on whole messages: a line that goes on
// under "memstore:   " (a wrapped log line or message line) or under its item's indent plus two spaces (a wrapped
// list item of a failure's message) is appended to the line before it, with one space. Maven's level prefix
// ([ERROR] and so on) of the joined line is dropped. Returns a closure: unwrap(File buildLog) -> String.
return { File buildLog ->
    def out = new StringBuilder()
    int itemIndent = -1
    for (String line : buildLog.readLines()) {
        def m = line =~ /^(\[[A-Z]+\] )?(.*)$/
        m.find()
        String content = m.group(2)
        int indent = content.length() - content.replaceAll(/^ +/, '').length()
        boolean continues = content.startsWith('memstore:   ') || (itemIndent >= 2 && indent == itemIndent + 2)
        if (continues && out.length() > 0) {
            out.setLength(out.length() - 1) // the newline
            out.append(' ').append(content.replaceFirst(/^memstore: +/, '').trim()).append('\n')
        } else {
            itemIndent = indent
            out.append(line).append('\n')
        }
    }
    return out.toString()
}
