// What memstore printed to the console in a build.log, as lines:
// - its own log lines at any level ([INFO]/[WARNING]/[ERROR]/[DEBUG] memstore: ... and their wrapped continuations);
// - every other line inside the block of a memstore goal (from Maven's "--- memstore-maven-plugin:...:goal" header
//   to the next header or the build's end), such as a warned list's items, except Maven's own debug lines (-X) and
//   transfer lines;
// - a failure's message as Maven shows it: from "memstore:" on the "Failed to execute goal" line (the prefix before
//   it is Maven's), then the message's further lines.
// Maven's stack traces under -e (the ITs run with showErrors) are Maven's, not memstore's, and are left out.
// Returns a closure: lines(File buildLog) -> List<String>, each line as long as the console shows it.
return { File buildLog ->
    def out = []
    def lines = buildLog.readLines()
    boolean inMessage = false
    boolean inGoal = false
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
        if (line =~ /^\[INFO\] --- / || line =~ /^\[INFO\] (BUILD|Reactor Summary|-{20})/) {
            inGoal = line.contains('--- memstore-maven-plugin:')
            continue
        }
        if (line.startsWith('[ERROR] Failed to execute goal') && line.contains('memstore:')) {
            out << line // as the console shows it, Maven's prefix included
            inMessage = true
        } else if (line =~ /^\[(INFO|WARNING|ERROR|DEBUG)\] memstore[: ]/) {
            out << line
        } else if (inGoal && !line.startsWith('[DEBUG]') && !(line =~ /^\[INFO\] (Download|Upload)/)
                && !line.trim().isEmpty()) {
            out << line
        }
    }
    return out
}
