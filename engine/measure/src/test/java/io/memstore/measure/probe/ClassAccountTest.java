package io.memstore.measure.probe;

import io.memstore.measure.json.JsonValue;
import io.memstore.measure.json.JsonWriter;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** HotSpot's histogram read, two of them made an account, and the account written and read back. */
class ClassAccountTest {
    private static final String HEADER = " num     #instances         #bytes  class name (module)\n"
            + "-------------------------------------------------------\n";

    @Test
    void readsAHistogramNamingClassesAsJavaWritesThem() throws Exception {
        ClassHistogram h = ClassHistogram.parse(HEADER
                + "   1:          4847         234144  [B (java.base@17.0.15)\n"
                + "   2:          1601          93336  [Ljava.lang.Object; (java.base@17.0.15)\n"
                + "   3:             2             64  [[I (java.base@17.0.15)\n"
                + "   4:            10            160  com.example.Store$$Lambda$14/0x0000000800c0b000\n"
                + "   5:            11            176  com.example.Store$$Lambda$14/0x0000000800c0c440\n"
                + "   6:           644          56672  java.util.HashMap$Node (java.base@17.0.15)\n"
                + "Total         28648        1276336\n");
        assertThat(h.classes()).containsExactly(
                Map.entry("byte[]", new ClassHistogram.Entry(4847, 234144)),
                Map.entry("java.lang.Object[]", new ClassHistogram.Entry(1601, 93336)),
                Map.entry("int[][]", new ClassHistogram.Entry(2, 64)),
                // hidden classes lose their address, so two runs (and two loaders) name them alike
                Map.entry("com.example.Store$$Lambda$14", new ClassHistogram.Entry(21, 336)),
                Map.entry("java.util.HashMap$Node", new ClassHistogram.Entry(644, 56672)));
        assertThat(ClassHistogram.javaName("[Z")).isEqualTo("boolean[]");
        assertThat(ClassHistogram.javaName("[[Ljava.lang.String;")).isEqualTo("java.lang.String[][]");
    }

    @Test
    void aJvmThatAnswersWithoutClassesHasNoAccount() {
        assertThatThrownBy(() -> ClassHistogram.parse("GC.class_histogram is not available\n"))
                .isInstanceOf(AccountUnavailableException.class)
                .hasMessageContaining("without a class line: GC.class_histogram is not available");
        assertThatThrownBy(() -> NativeMemoryTracking.committed("Native memory tracking is not enabled\n"))
                .isInstanceOf(AccountUnavailableException.class)
                .hasMessageStartingWith("Native Memory Tracking gave no category: Native memory tracking is not"
                        + " enabled");
    }

    @Test
    void readsNativeMemoryTrackingsCommittedBytesPerCategory() throws Exception {
        String summary = "\nNative Memory Tracking:\n\nTotal: reserved=8029074474, committed=489505834\n"
                + "-                 Java Heap (reserved=6320816128, committed=406847488)\n"
                + "                            (mmap: reserved=6320816128, committed=406847488) \n"
                + "-                     Class (reserved=1073888511, committed=539903)\n"
                + "-                     Other (reserved=10KB, committed=10KB)\n";
        assertThat(NativeMemoryTracking.committed(summary)).containsExactly(Map.entry("Java Heap", 406847488L),
                Map.entry("Class", 539903L), Map.entry("Other", 10L));
    }

    private static ClassHistogram histogram(String... lines) throws Exception {
        StringBuilder sb = new StringBuilder(HEADER);
        for (int i = 0; i < lines.length; i++) {
            sb.append("   ").append(i + 1).append(":  ").append(lines[i]).append('\n');
        }
        return ClassHistogram.parse(sb.toString());
    }

    @Test
    void theLargestClassesMakeUp95PercentOfTheLiveHeapAndTheRestIsOneLine() throws Exception {
        ClassHistogram before = histogram("100 1600 java.lang.String", "10 4000 [B", "5 200 com.example.Gone");
        ClassHistogram after = histogram("1100 17600 java.lang.String", "1010 804000 [B", "1000 32000 java.util.HashMap$Node",
                "1 4112 [Ljava.util.HashMap$Node;", "3 48 com.example.Small");
        ClassAccount a = ClassAccount.of(before, after, 1000, 857_560);
        // 800000 + 32000 cover 97 % of the live heap: two lines; the rest in "other"
        assertThat(a.lines()).containsExactly(new ClassAccount.Line("byte[]", 800_000, 1000),
                new ClassAccount.Line("java.util.HashMap$Node", 32_000, 1000));
        assertThat(a.other()).isEqualTo(new ClassAccount.Line(ClassAccount.OTHER, 16_000 + 4112 + 48 - 200,
                1000 + 1 + 3 - 5));
        assertThat(a.otherClasses()).isEqualTo(4); // String, the table, Small, and Gone, which shrank
        assertThat(a.totalBytes()).isEqualTo(851_960).isEqualTo(a.lines().stream()
                .mapToLong(ClassAccount.Line::bytes).sum() + a.other().bytes());
        assertThat(a.perKey(a.bytesOf("byte[]"))).isEqualTo(800.0);
        assertThat(a.line("java.util.HashMap$Node").orElseThrow().simpleName()).isEqualTo("HashMap$Node");
    }

    @Test
    void aHistogramOfManyClassesIsCapped() throws Exception {
        String[] lines = new String[100];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = "1 " + (1000 + i * 8) + " com.example.C" + i; // no class more than 2 % of the total
        }
        ClassAccount a = ClassAccount.of(histogram("1 16 java.lang.Object"), histogram(lines), 10, 139_600);
        assertThat(a.lines()).hasSize(ClassAccount.MAX_LINES);
        assertThat(a.lines().get(0).className()).isEqualTo("com.example.C99");
        assertThat(a.otherClasses()).isEqualTo(81);
        assertThat(a.totalBytes()).isEqualTo(139_600 - 16);
    }

    @Test
    void theAccountIsWrittenAndReadBackAsTheRowsAccountMember() throws Exception {
        ClassAccount classes = ClassAccount.of(histogram("1 16 java.lang.Object"),
                histogram("2000 160000 [B", "1000 32000 java.util.HashMap$Node", "1 16 java.lang.Object",
                        "1 40000 com.example.<script>\"quoted\""), 1000, 232_000);
        NativeAccount natives = new NativeAccount(List.of(new NativeAccount.Category("Java Heap", 1 << 20, 3 << 20),
                new NativeAccount.Category("Other", 0, 1_000_000)), 10_000_000L);
        RowAccount account = new RowAccount(classes, natives, List.of("a note"));
        String json = JsonWriter.write(Map.of(RowAccount.FIELD, account.tree()));
        assertThat(json).contains("\"bytesPerKey\": 160").contains("\"untracked\": 6902848")
                .contains("com.example.<script>\\\"quoted\\\"");
        RowAccount read = RowAccount.read(JsonValue.parse(json, "t.json").field(RowAccount.FIELD));
        assertThat(read).isEqualTo(account);
        assertThat(read.nativeMemory().untracked()).isEqualTo(10_000_000L - (2 << 20) - 1_000_000);

        RowAccount none = new RowAccount(null, null, List.of(RowAccount.CLASSES_UNAVAILABLE + "why"));
        assertThat(RowAccount.read(JsonValue.parse(JsonWriter.write(none.tree()), "n.json"))).isEqualTo(none);
        assertThatThrownBy(() -> RowAccount.read(JsonValue.parse("{\"classes\": null, \"native\": null,"
                + " \"notes\": [], \"extra\": 1}", "bad.json"))).hasMessageContaining("extra");
    }
}
