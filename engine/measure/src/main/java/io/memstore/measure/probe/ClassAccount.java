package io.memstore.measure.probe;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What a row's target retains on the heap, by class: HotSpot's class histogram of the live objects after the load
 * (after full collections) minus the same histogram taken at the row's baseline ({@link ClassHistogram}). The
 * largest classes, in decreasing bytes, until they make up {@value #SHARE_PERCENT} % of the row's
 * {@code index.liveHeap}, at most {@value #MAX_LINES} of them, each as a line; every other class that changed
 * (classes that shrank included) is added into one {@link #other} line, so the lines and {@code other} together are
 * the whole difference, {@link #totalBytes}.
 *
 * <p>The total differs from {@code index.liveHeap} by what the probe itself held or let go between the heap
 * readings and the histograms (a few kilobytes of its own readings): the histograms are taken after the readings,
 * never between them, so that no figure of the row moves.
 *
 * @param keys           the row's keys, for the figures per key
 * @param lines          the largest classes, largest first
 * @param other          the rest, named {@value #OTHER}, its instances and bytes summed (either may be negative)
 * @param otherClasses   how many classes the {@code other} line sums
 * @param totalBytes     the bytes of every class after minus before
 * @param totalInstances the instances of every class after minus before
 */
public record ClassAccount(long keys, List<Line> lines, Line other, int otherClasses, long totalBytes,
                           long totalInstances) {
    /** The share of index.liveHeap the lines cover before the rest goes to {@code other} (%). */
    public static final int SHARE_PERCENT = 95;
    /** Lines at most, whatever share they cover. */
    public static final int MAX_LINES = 20;
    /** The name of the line of every other class. */
    public static final String OTHER = "other";

    /**
     * One class's part of the account.
     *
     * @param className the class as Java writes it ({@code byte[]}, {@code java.util.HashMap$Node})
     * @param bytes     its objects' bytes after the load minus before
     * @param instances its objects after the load minus before
     */
    public record Line(String className, long bytes, long instances) {
        public Line {
            Objects.requireNonNull(className, "className");
        }

        /** The class's name without its package ({@code HashMap$Node}, {@code byte[]}). */
        public String simpleName() {
            int dot = className.lastIndexOf('.');
            return dot < 0 ? className : className.substring(dot + 1);
        }
    }

    public ClassAccount {
        if (keys < 1) {
            throw new IllegalArgumentException("a class account needs at least one key, got " + keys);
        }
        lines = List.copyOf(lines);
        Objects.requireNonNull(other, "other");
        Set<String> names = new HashSet<>();
        for (Line line : lines) {
            if (!names.add(line.className())) {
                throw new IllegalArgumentException("class " + line.className() + " is listed twice");
            }
        }
        if (lines.size() > MAX_LINES) {
            throw new IllegalArgumentException(lines.size() + " classes listed, at most " + MAX_LINES);
        }
    }

    /**
     * The account of the difference between two histograms.
     *
     * @param liveHeap the row's index.liveHeap, of which the lines cover {@value #SHARE_PERCENT} %
     */
    public static ClassAccount of(ClassHistogram before, ClassHistogram after, long keys, long liveHeap) {
        List<Line> changed = new ArrayList<>();
        long totalBytes = 0;
        long totalInstances = 0;
        Set<String> names = new HashSet<>(after.classes().keySet());
        names.addAll(before.classes().keySet());
        for (String name : names) {
            ClassHistogram.Entry a = after.classes().getOrDefault(name, new ClassHistogram.Entry(0, 0));
            ClassHistogram.Entry b = before.classes().getOrDefault(name, new ClassHistogram.Entry(0, 0));
            long bytes = a.bytes() - b.bytes();
            long instances = a.instances() - b.instances();
            if (bytes != 0 || instances != 0) {
                changed.add(new Line(name, bytes, instances));
                totalBytes += bytes;
                totalInstances += instances;
            }
        }
        changed.sort(Comparator.comparingLong(Line::bytes).reversed().thenComparing(Line::className));
        long growth = changed.stream().mapToLong(Line::bytes).filter(b -> b > 0).sum();
        double cover = SHARE_PERCENT / 100.0 * (liveHeap > 0 ? liveHeap : growth);
        List<Line> lines = new ArrayList<>();
        long covered = 0;
        for (Line line : changed) {
            if (lines.size() == MAX_LINES || line.bytes() <= 0 || covered >= cover) {
                break;
            }
            lines.add(line);
            covered += line.bytes();
        }
        long listedInstances = lines.stream().mapToLong(Line::instances).sum();
        Line other = new Line(OTHER, totalBytes - covered, totalInstances - listedInstances);
        return new ClassAccount(keys, lines, other, changed.size() - lines.size(), totalBytes, totalInstances);
    }

    /** Bytes per key of a count of bytes of this account. */
    public double perKey(long bytes) {
        return bytes / (double) keys;
    }

    /** The bytes of a listed class, 0 when it is not among the lines. */
    public long bytesOf(String className) {
        return lines.stream().filter(l -> l.className().equals(className)).mapToLong(Line::bytes).sum();
    }

    /** The line of a listed class, if it is among the lines. */
    public java.util.Optional<Line> line(String className) {
        return lines.stream().filter(l -> l.className().equals(className)).findFirst();
    }

    /** The lines by class name. */
    public Map<String, Line> byClass() {
        Map<String, Line> m = new java.util.LinkedHashMap<>();
        lines.forEach(l -> m.put(l.className(), l));
        return m;
    }
}
