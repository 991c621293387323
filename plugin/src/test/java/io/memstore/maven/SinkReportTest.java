package io.memstore.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.report.Report;
import io.memstore.report.ReportContent;
import io.memstore.measure.result.ResultJson;
import io.memstore.measure.result.RunResult;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.maven.doxia.sink.Sink;
import org.apache.maven.reporting.MavenReportException;
import org.junit.jupiter.api.Test;

class SinkReportTest {
    /** One sink call: the method and its arguments. */
    private record Call(Method method, Object[] args) {
        String signature() {
            return method.getName() + "(" + Arrays.stream(method.getParameterTypes()).map(Class::getTypeName)
                    .collect(Collectors.joining(", ")) + ")";
        }
    }

    private static Sink recording(List<Call> calls, String failOn) {
        return (Sink) Proxy.newProxyInstance(Sink.class.getClassLoader(), new Class<?>[] {Sink.class},
                (proxy, method, args) -> {
                    calls.add(new Call(method, args == null ? new Object[0] : args));
                    if (method.getName().equals(failOn)) {
                        throw new NoSuchMethodError("org.apache.maven.doxia.sink.Sink." + failOn);
                    }
                    return null;
                });
    }

    /** A real run's memstore.json (reference index, 10K and 50K keys) whose spec name has quotes and markup. */
    private static RunResult sample() throws IOException {
        try (InputStream in = SinkReportTest.class.getResourceAsStream("/sample-memstore.json")) {
            return ResultJson.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "sample-memstore.json");
        }
    }

    private static Set<String> doxia1Methods() throws IOException {
        try (InputStream in = SinkReportTest.class.getResourceAsStream("/doxia1-sink-methods.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.startsWith("#"))
                    .map(l -> l.replaceFirst("^public abstract \\S+ ", "").replaceFirst(";$", ""))
                    .collect(Collectors.toSet());
        }
    }

    @Test
    void callsOnlySinkMethodsThatDoxia1HasToo() throws Exception {
        List<Call> calls = new ArrayList<>();
        SinkReport.render(ReportContent.of(sample(), "memstore.json"), recording(calls, null));
        Set<String> doxia1 = doxia1Methods();
        assertThat(doxia1).contains("tableRows(int[], boolean)").doesNotContain("tableRows()");
        assertThat(calls).isNotEmpty();
        for (Call call : calls) {
            assertThat(doxia1).as("Doxia 1 has Sink.%s", call.signature()).contains(call.signature());
        }
    }

    @Test
    void writesEveryTableChartAndTheClosingLine() throws Exception {
        List<Call> calls = new ArrayList<>();
        Report report = ReportContent.of(sample(), "memstore.json");
        SinkReport.render(report, recording(calls, null));
        assertThat(calls.stream().filter(c -> c.method().getName().equals("table")).count())
                .isEqualTo(report.tableCount());
        List<String> raw = calls.stream().filter(c -> c.method().getName().equals("rawText"))
                .map(c -> (String) c.args()[0]).toList();
        // raw HTML is only the charts' SVG and where text may break: <wbr>, and spans that keep a number whole
        assertThat(raw.stream().filter(r -> r.contains("<svg "))).hasSize((int) report.chartCount());
        assertThat(raw).allSatisfy(r -> assertThat(r.contains("<svg ") || r.equals("<wbr>")
                || r.equals(SinkReport.NOWRAP) || r.equals("</span>")).isTrue());
        List<String> texts = calls.stream().filter(c -> c.method().getName().equals("text"))
                .map(c -> (String) c.args()[0]).toList();
        assertThat(texts.get(texts.size() - 1)).isEqualTo(report.closingLine());
        // spec strings go through text(), which the sink escapes, never through rawText()
        assertThat(texts).contains("memstore: sample \"spec\" <b>");
        assertThat(raw).noneMatch(r -> r.contains("<b>"));
        assertThat(calls.get(calls.size() - 1).method().getName()).isEqualTo("flush");
    }

    @Test
    void aPageCutShortFailsTheReport() throws IOException {
        List<Call> calls = new ArrayList<>();
        Report report = ReportContent.of(sample(), "memstore.json");
        assertThatThrownBy(() -> SinkReport.render(report, recording(calls, "tableRows")))
                .isInstanceOf(MavenReportException.class)
                .hasMessageContaining("cut short")
                .hasMessageContaining("NoSuchMethodError")
                .hasCauseInstanceOf(NoSuchMethodError.class);
        assertThat(calls.stream().map(c -> c.method().getName())).doesNotContain("body_");
    }

    @Test
    void numbersAndJvmFlagsAreKeptWholeRowNamesMayBreakAfterSlashAndComma() throws Exception {
        List<Call> calls = new ArrayList<>();
        SinkReport.render(ReportContent.of(sample(), "memstore.json"), recording(calls, null));
        // the text between a NOWRAP span's start and its end, and the text a <wbr> follows
        List<String> whole = new ArrayList<>();
        List<String> broken = new ArrayList<>();
        for (int i = 0; i + 1 < calls.size(); i++) {
            Call c = calls.get(i);
            if (c.method().getName().equals("rawText") && SinkReport.NOWRAP.equals(c.args()[0])) {
                whole.add((String) calls.get(i + 1).args()[0]);
            }
            if (c.method().getName().equals("rawText") && "<wbr>".equals(c.args()[0])) {
                broken.add((String) calls.get(i - 1).args()[0]);
            }
        }
        // a grouped number is one piece: never a <wbr> after its comma
        assertThat(whole).anyMatch(t -> t.matches("[0-9]{1,3}(,[0-9]{3})+")).anyMatch(t -> t.endsWith(" MiB"))
                .anyMatch(t -> t.startsWith("-XX:"));
        assertThat(broken).noneMatch(t -> t.matches(".*[0-9],"));
        assertThat(broken).anyMatch(t -> t.endsWith("/")).anyMatch(t -> t.endsWith(","));
    }
}
