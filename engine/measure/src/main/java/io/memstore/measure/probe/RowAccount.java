package io.memstore.measure.probe;

import io.memstore.measure.json.JsonFormatException;
import io.memstore.measure.json.JsonValue;
import io.memstore.measure.json.NumberText;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A row's account of what grew: by class on the heap ({@link ClassAccount}) and by category outside it
 * ({@link NativeAccount}), each null when the probe could not take it, with a note per missing part that says why
 * ({@code class account not available: ...}). Its JSON form, written and read here only, is the {@code account}
 * member of a row in the probe's result file and in {@code memstore.json}:
 * <pre>
 * "account": {
 *   "classes": {"keys", "totalBytes", "totalInstances",
 *               "lines": [{"class", "bytes", "instances", "bytesPerKey", "instancesPerKey"}],
 *               "other": {"classes", "bytes", "instances", "bytesPerKey", "instancesPerKey"}} or null,
 *   "native": {"categories": [{"category", "before", "after", "growth"}], "trackedGrowth", "rssGrowth",
 *              "liveHeap", "heapGrowth" (the larger of Java Heap's growth and liveHeap),
 *              "untracked" (rssGrowth - heapGrowth - the other categories' growth)} or null,
 *   "notes": ["class account not available: ..."],
 *   "seconds": the probe's time spent on the account's readings (s)}
 * </pre>
 * Bytes are integers (B), the figures per key decimals rounded to 0.01; {@code class} is the Java name of the class
 * ({@code byte[]}, {@code java.util.HashMap$Node}). A reader takes the counts and recomputes the rest.
 */
public record RowAccount(ClassAccount classes, NativeAccount nativeMemory, List<String> notes, Double seconds) {
    /** The member of a row that holds the account. */
    public static final String FIELD = "account";
    /** How a note about a class account that could not be taken starts. */
    public static final String CLASSES_UNAVAILABLE = "class account not available: ";
    /** How a note about native memory that could not be read starts. */
    public static final String NATIVE_UNAVAILABLE = "native memory account not available: ";

    public RowAccount {
        notes = List.copyOf(notes);
    }

    /** An account whose cost in time was not recorded. */
    public RowAccount(ClassAccount classes, NativeAccount nativeMemory, List<String> notes) {
        this(classes, nativeMemory, notes, null);
    }

    /** The account as a JSON tree of maps, lists and scalars. */
    public Map<String, Object> tree() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("classes", classes == null ? null : classesTree(classes));
        m.put("native", nativeMemory == null ? null : nativeTree(nativeMemory));
        m.put("notes", notes);
        m.put("seconds", seconds == null ? null : NumberText.of(Math.round(seconds * 1000) / 1000.0, false));
        return m;
    }

    private static Map<String, Object> classesTree(ClassAccount a) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("keys", a.keys());
        m.put("totalBytes", a.totalBytes());
        m.put("totalInstances", a.totalInstances());
        m.put("lines", a.lines().stream().map(l -> {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("class", l.className());
            counts(a, l, line);
            return line;
        }).toList());
        Map<String, Object> other = new LinkedHashMap<>();
        other.put("classes", a.otherClasses());
        counts(a, a.other(), other);
        m.put("other", other);
        return m;
    }

    private static void counts(ClassAccount a, ClassAccount.Line l, Map<String, Object> m) {
        m.put("bytes", l.bytes());
        m.put("instances", l.instances());
        m.put("bytesPerKey", rounded(a.perKey(l.bytes())));
        m.put("instancesPerKey", rounded(a.perKey(l.instances())));
    }

    private static Map<String, Object> nativeTree(NativeAccount n) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("categories", n.categories().stream().map(c -> {
            Map<String, Object> category = new LinkedHashMap<>();
            category.put("category", c.name());
            category.put("before", c.before());
            category.put("after", c.after());
            category.put("growth", c.growth());
            return category;
        }).toList());
        m.put("trackedGrowth", n.trackedGrowth());
        m.put("rssGrowth", n.rssGrowth());
        m.put("liveHeap", n.liveHeap());
        m.put("heapGrowth", n.heapGrowth());
        m.put("untracked", n.untracked());
        return m;
    }

    private static Number rounded(double v) {
        return NumberText.of(Math.round(v * 100) / 100.0, false);
    }

    /** Reads the JSON form; every error names its position. */
    public static RowAccount read(JsonValue v) throws JsonFormatException {
        v.onlyFields("classes", "native", "notes", "seconds");
        JsonValue s = v.members().get("seconds");
        JsonValue c = v.field("classes");
        JsonValue n = v.field("native");
        List<String> notes = new ArrayList<>();
        for (JsonValue note : v.field("notes").elements()) {
            notes.add(note.string());
        }
        return new RowAccount(c.isNull() ? null : readClasses(c), n.isNull() ? null : readNative(n), notes,
                s == null ? null : s.nullableNumber());
    }

    private static ClassAccount readClasses(JsonValue c) throws JsonFormatException {
        c.onlyFields("keys", "totalBytes", "totalInstances", "lines", "other");
        List<ClassAccount.Line> lines = new ArrayList<>();
        for (JsonValue line : c.field("lines").elements()) {
            line.onlyFields("class", "bytes", "instances", "bytesPerKey", "instancesPerKey");
            lines.add(new ClassAccount.Line(line.field("class").string(), line.field("bytes").longValue(),
                    line.field("instances").longValue()));
        }
        JsonValue o = c.field("other");
        o.onlyFields("classes", "bytes", "instances", "bytesPerKey", "instancesPerKey");
        ClassAccount.Line other = new ClassAccount.Line(ClassAccount.OTHER, o.field("bytes").longValue(),
                o.field("instances").longValue());
        try {
            return new ClassAccount(c.field("keys").longValue(), lines, other, o.field("classes").intValue(),
                    c.field("totalBytes").longValue(), c.field("totalInstances").longValue());
        } catch (IllegalArgumentException e) {
            throw c.error(e.getMessage());
        }
    }

    private static NativeAccount readNative(JsonValue n) throws JsonFormatException {
        n.onlyFields("categories", "trackedGrowth", "rssGrowth", "liveHeap", "heapGrowth", "untracked");
        List<NativeAccount.Category> categories = new ArrayList<>();
        for (JsonValue category : n.field("categories").elements()) {
            category.onlyFields("category", "before", "after", "growth");
            categories.add(new NativeAccount.Category(category.field("category").string(),
                    category.field("before").longValue(), category.field("after").longValue()));
        }
        JsonValue rss = n.field("rssGrowth");
        JsonValue live = n.field("liveHeap");
        return new NativeAccount(categories, rss.isNull() ? null : rss.longValue(),
                live.isNull() ? null : live.longValue());
    }
}
