// What memstore printed to the console in a build.log, as lines: its own log lines ([INFO]/[WARNING]/[ERROR]
// memstore: ... and their wrapped continuations), and a failure's message as Maven shows it: from "memstore:"
// on the "Failed to execute goal" line (the prefix before it is Maven's), then the message's further lines.
// Maven's stack traces under -e (the ITs run with showErrors) are Maven's, not memstore's, and are left out.
// Returns a closure: lines(File buildLog) -> List<String>, each line as long as the console shows it.
return { File buildLog ->
    def out = []
    def lines = buildLog.readLines()
    boolean inMessage = false
    for (String line : lines) {
        if (inMessage) {
            if (line.startsWith('[') || line.startsWith('org.') || line.startsWith('Caused by') || line.startsWith('\tat ')
                    || line.trim().isEmpty()) {
                inMessage = false
            } else {
                out << line
                continue
            }
        }
        if (line.startsWith('[ERROR] Failed to execute goal') && line.contains('memstore:')) {
            out << line // as the console shows it, Maven's prefix included
            inMessage = true
        } else if (line =~ /^\[(INFO|WARNING|ERROR|DEBUG)\] memstore[: ]/) {
            out << line
        }
    }
    return out
}
