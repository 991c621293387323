package io.memstore.measure.run;

import io.memstore.measure.probe.ParentWatch;
import io.memstore.measure.probe.ProbeMain;

import java.nio.file.Path;
import java.util.List;

/**
 * A test-only probe main that never finishes: it starts a grandchild JVM (the same class with "grandchild"),
 * reports both pids as a progress line, and sleeps; the grandchild sleeps too. Used to check that a timeout
 * kills the whole tree. Both watch their parent as a probe does ({@link ParentWatch}).
 */
public final class SleepingChild {
    private SleepingChild() {
    }

    public static void main(String[] args) throws Exception {
        ParentWatch.startFromProperties(); // as ProbeMain does
        if (args.length == 1 && args[0].equals("grandchild")) {
            Thread.sleep(600_000);
            return;
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process grandchild = new ProcessBuilder(List.of(java.toString(), "-Xmx16m", "-XX:TieredStopAtLevel=1",
                "-D" + ParentWatch.PARENT_PID + "=" + ProcessHandle.current().pid(), "-cp", System.getProperty("java.class.path"), SleepingChild.class.getName(), "grandchild"))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        System.out.println(ProbeMain.PHASE_PREFIX + "pids " + ProcessHandle.current().pid() + " " + grandchild.pid());
        System.out.flush();
        Thread.sleep(600_000);
    }
}
