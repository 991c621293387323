package io.memstore.measure.check;

/**
 * Whether a system other than memstore's own can run on this machine, asked before a run's first row: an etcd
 * row without an etcd program would otherwise fail only when its turn comes, after the rows before it ran. The
 * systems live in a module of their own that the measuring code does not depend on, so the goal that runs the
 * check supplies the answer.
 */
@FunctionalInterface
public interface SystemAvailability {
    /** Every system is taken to run; a row that cannot fails when it starts. */
    SystemAvailability UNCHECKED = system -> null;

    /**
     * @param system a system's spec name, like {@code etcd}
     * @return null when it can run here, else why not and how to make it (one line)
     */
    String problem(String system);
}
