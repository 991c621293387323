package io.memstore.measure.run;

/**
 * The last characters a child printed, for error messages: a ring of {@code capacity} chars, so a child
 * that prints megabytes costs the parent a few KiB. Thread-safe: the stdout and stderr readers share it.
 */
final class OutputTail {
    private final char[] ring;
    private long written;

    OutputTail(int capacity) {
        ring = new char[capacity];
    }

    synchronized void appendLine(String line) {
        for (int i = 0; i < line.length(); i++) {
            put(line.charAt(i));
        }
        put('\n');
    }

    private void put(char c) {
        ring[(int) (written++ % ring.length)] = c;
    }

    /**
     * The kept text, oldest first. When older output was dropped, the text starts with a line "..." and the
     * first, partly dropped line is left out.
     */
    @Override
    public synchronized String toString() {
        int n = (int) Math.min(written, ring.length);
        StringBuilder sb = new StringBuilder(n);
        for (long i = written - n; i < written; i++) {
            sb.append(ring[(int) (i % ring.length)]);
        }
        String text = sb.toString().stripTrailing();
        if (written > ring.length) {
            int newline = text.indexOf('\n');
            text = "...\n" + (newline >= 0 ? text.substring(newline + 1) : text);
        }
        return text;
    }
}
