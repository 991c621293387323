package io.memstore.measure.probe;

/**
 * The code of a project's own class (a {@code system:} target or an {@code index:} class) threw: in its constructor,
 * or in a call the probe made. The message names the class, the call and the class's own exception and message, and
 * the probe reports it alone, without the probe's frames, exiting with {@link ProbeMain#EXIT_CLASS_FAILED}.
 */
public class TargetClassException extends RuntimeException {
    /**
     * @param className the class as the spec names it
     * @param call      what threw: "its constructor", "put", ...
     * @param cause     what it threw
     */
    public TargetClassException(String className, String call, Throwable cause) {
        super("class '" + className + "' threw in " + call + ": " + describe(cause), cause);
    }

    /** The exception's class and message, and its own frame: the line of the project's code that threw. */
    private static String describe(Throwable e) {
        StackTraceElement[] trace = e.getStackTrace();
        return e + (trace.length > 0 ? " (at " + trace[0] + ")" : "");
    }
}
