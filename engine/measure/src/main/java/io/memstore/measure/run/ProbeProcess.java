package io.memstore.measure.run;

import io.memstore.measure.probe.ProbeTurns;
import io.memstore.measure.spec.Row;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One probe JVM of one run of a row, from its start to the reading of its result, and its side of the turns it takes
 * with the probe of the next run ({@link ProbeTurns}): which of its turn lines it said, what the parent told it.
 * Its stdin stays open only while it takes turns.
 */
final class ProbeProcess {
    /** How long a run's timed reads wait for the next run's probe to finish starting, at most. */
    static final long QUIET_WAIT_MILLIS = 30_000;

    final Row row;
    final int run;
    final String label;
    final Path dir;
    final Process process;
    final OutputTail tail;
    final long startNanos;
    final boolean takesTurns;
    /** The run after this one, whose probe may start while this one settles; set when this run gets its turn. */
    volatile RowRunner.UpcomingRun following;
    /** How the probe's last call ended the JVM ({@code ProbeExit}), if it said so. */
    final AtomicReference<String> exitCall = new AtomicReference<>();
    /** The threads reading the probe's stdout and stderr. */
    Thread out;
    Thread err;
    /** When a progress line was last told to everyone. */
    volatile long lastTold;

    /** When the run was given its turn (its probe told to go on past its baseline), or its start. */
    private volatile long turnNanos;
    private final CountDownLatch quiet = new CountDownLatch(1);
    private boolean ready;
    private boolean released;

    ProbeProcess(Row row, int run, String label, Path dir, Process process, OutputTail tail, long startNanos,
                 boolean takesTurns) {
        this.row = row;
        this.run = run;
        this.label = label;
        this.dir = dir;
        this.process = process;
        this.tail = tail;
        this.startNanos = startNanos;
        this.takesTurns = takesTurns;
        this.turnNanos = startNanos;
        if (!takesTurns) {
            quiet.countDown();
            closeInput();
        }
    }

    /** A turn line of the probe's ({@link ProbeTurns#PREFIX} taken off). */
    void said(String what) {
        switch (what) {
            case ProbeTurns.QUIET -> quiet.countDown();
            case ProbeTurns.READY -> {
                synchronized (this) {
                    ready = true;
                    if (released) {
                        send(ProbeTurns.GO);
                    }
                }
            }
            default -> {
                // READS is answered by the runner, which knows the next run
            }
        }
    }

    /** Gives the run its turn: its probe goes on past its baseline as soon as it is taken (at once if it is). */
    synchronized void release() {
        released = true;
        turnNanos = System.nanoTime();
        if (ready) {
            send(ProbeTurns.GO);
        }
    }

    /** True once the run got its turn ({@link #release}). */
    synchronized boolean released() {
        return released;
    }

    /** When the run got its turn ({@link #release}), in {@link System#nanoTime()}. */
    long turnNanos() {
        return turnNanos;
    }

    /** Waits until the probe's start is over (it said {@link ProbeTurns#QUIET} or ended), at most {@code millis}. */
    void awaitQuiet(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (!quiet.await(50, TimeUnit.MILLISECONDS) && process.isAlive() && System.nanoTime() < deadline) {
            // polls: a probe that ended without saying so must not hold the other run up
        }
    }

    /** Tells the probe {@code word} on its stdin; a probe that ended has nothing to be told. */
    synchronized void send(String word) {
        if (!takesTurns) {
            return;
        }
        try {
            OutputStream in = process.getOutputStream();
            in.write((word + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        } catch (IOException e) {
            // the probe is gone; its exit code will say why
        }
    }

    /** Closes the probe's stdin: a read then sees end-of-file, it does not block. */
    void closeInput() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // the probe is gone already; the exit code will say why
        }
    }
}
