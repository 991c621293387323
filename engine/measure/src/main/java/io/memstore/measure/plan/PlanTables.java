package io.memstore.measure.plan;

import io.memstore.measure.result.TextTable;
import io.memstore.measure.spec.Units;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.SystemKind;
import io.memstore.measure.check.RowFootprint;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.StoreKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The plan for the console and Markdown: the predictions table, then the model of each scenario in one line. */
public final class PlanTables {
    private PlanTables() {
    }

    static TextTable predictions(PlanResult result) {
        TextTable t = new TextTable("capacity plan (MiB = 1024^2 B; band low..high)");
        t.column("scenario", false).column("keys", true).column("versions", true).column("keySize", true)
                .column("index", false).column("store", false).column("valueSize", true)
                .column("index live heap", true)
                .column("process RSS", true).column("-Xmx", true).column("container limit", true)
                .column("machine", true).column("verdict", false);
        for (Prediction p : result.predictions()) {
            RowParams s = p.scenario().params();
            Long machine = p.scenario().machineMemory();
            String verdict = machine == null ? "-" : p.exceedsMachine() ? "EXCEEDS machineMemory"
                    : p.limitExceedsMachine() ? "fits, limit above machineMemory" : "fits";
            t.row(List.of(p.scenario().name(), Units.count(s.keys()), Integer.toString(s.versions()),
                    Units.compactBytes(s.keySize()),
                    s.system() == SystemKind.MEMSTORE ? s.index().specName() : s.system().specName(),
                    s.system() == SystemKind.MEMSTORE ? s.store().specName() : "-", valueSize(s),
                    band(p.liveHeap(), p.liveHeapLow(), p.liveHeapHigh()), band(p.rss(), p.rssLow(), p.rssHigh()),
                    p.xmx() == 0 ? "-" : xmxFlag(p.xmx()), mebibytes(p.containerLimit()) + "Mi",
                    machine == null ? "-" : Units.mib(machine),
                    verdict));
        }
        return t;
    }

    /** The values a scenario stores, as the spec writes them: {@code 256B}, {@code 256B..4KiB}, or - for none. */
    static String valueSize(RowParams s) {
        if (!s.storesValues()) {
            return "-";
        }
        return s.valueSizeRange() ? Units.compactBytes(s.valueSize()) + ".." + Units.compactBytes(s.valueSizeMax())
                : Units.compactBytes(s.valueSize());
    }

    /** Console lines: the table, one model line per scenario, the rules line. */
    public static List<String> render(PlanResult result) {
        return render(result, Integer.MAX_VALUE);
    }

    /** As {@link #render(PlanResult)}, the table in lines of at most {@code width} characters ({@link TextTable#aligned(int)}). */
    public static List<String> render(PlanResult result, int width) {
        List<String> lines = new ArrayList<>();
        lines.add(TextTable.printable("memstore plan " + result.specName() + " (" + result.specFile() + "): "
                + result.predictions().size() + " scenario(s)"));
        lines.add("");
        lines.addAll(predictions(result).aligned(width));
        lines.add("");
        for (Prediction p : result.predictions()) {
            lines.add(TextTable.printable(p.scenario().name() + ": " + settings(p)));
        }
        for (Prediction p : result.predictions()) {
            lines.add(TextTable.printable(p.scenario().name() + ": " + describe(p)));
            if (p.model().etcdRestart() != null) {
                lines.add(TextTable.printable(restart(p)));
            }
            for (String u : undetermined(p.model())) {
                lines.add(TextTable.printable(p.scenario().name() + ": undetermined " + u));
            }
        }
        boolean etcd = result.predictions().stream().anyMatch(p -> p.scenario().params().system().isEtcd());
        boolean jvm = result.predictions().stream().anyMatch(p -> !p.scenario().params().system().isEtcd());
        lines.add("rules: " + PlanRules.BAND_RULE);
        if (etcd) {
            lines.add("etcd scenarios: heap = the member's Go heap in use, RSS = idle member + c0 + N*(c1 + keySize)"
                    + " + H*c2 + R*cr + D*cd + W*cw + L*cl + V*cval fitted on the member's settled RSS (collected, freed"
                    + " pages returned), H = revisions kept, D = revisions the compactions read (up to the last, at"
                    + " most N + 4 compaction periods), R = raft entries in memory"
                    + " (all writes below snapshotCount; after a snapshot the entries since it + 5,000; after a restart"
                    + " those since it), W watchers, L leases, V value bytes kept; no -Xmx; container limit = 1.1 x the"
                    + " higher peak of load and restart: the high end at the longest raft log + the Go heap once more"
                    + " (Go collects when its heap has doubled)");
            lines.add(etcdRuns(result));
        }
        if (jvm) {
            lines.add("JVM scenarios: RSS = baseline + growth + old + young, old = " + RssModel.kRange()
                    + " x (heap + " + RssModel.JVM_LIVE_HEAP_MIB + " MiB): the live data, up to the probe's "
                    + RssModel.freeRange() + " free heap where the load touched it, young = min("
                    + RssModel.youngCapText() + ", old / 2), growth outside the"
                    + " heap the rows' median or, where it grows with them (data off the heap), fitted to them;"
                    + " -Xmx = 1.5 x high heap + 64 MiB; -XX:MaxDirectMemorySize = 1.5 x high growth outside the heap"
                    + " when it grows with the data; container limit = 1.1 x max(high RSS, high peak RSS, -Xmx +"
                    + " direct memory + baseline RSS), the peak RSS (VmHWM) of other systems than memstore taken from"
                    + " the rows as the growth is;"
                    + " never below what the calibration rows took");
        }
        lines.add("a scenario fails when its predicted RSS exceeds machineMemory");
        return lines;
    }

    /**
     * What to paste, and what the prediction assumed: {@code -Xmx1870m; container limit 2057Mi (docker run
     * --memory=2057m); store sqlite: values in a SQLite file, an estimated 1.2 GiB of disk}.
     */
    static String settings(Prediction p) {
        RowParams s = p.scenario().params();
        long limit = mebibytes(p.containerLimit());
        String store;
        if (s.system() != SystemKind.MEMSTORE) {
            store = "system " + s.system().specName();
        } else if (s.store() == StoreKind.SQLITE) {
            store = "store sqlite: values in a SQLite file, an estimated "
                    + Units.iec(RowFootprint.of(new Row(p.scenario().name(), s)).storeFileBytes()) + " of disk";
        } else {
            store = "store none: the index alone, no values and no disk";
        }
        return (p.xmx() == 0 ? "no -Xmx (not a JVM)" : xmxFlag(p.xmx())) + (p.maxDirectMemory() == 0 ? ""
                : " -XX:MaxDirectMemorySize=" + mebibytes(p.maxDirectMemory()) + "m (the data grow outside the"
                + " heap)") + "; container limit " + limit + "Mi (docker run --memory=" + limit + "m); " + store
                + (Double.isNaN(p.peakHigh()) ? "" : "; the limit holds a peak RSS of up to " + Units.iec(p.peakHigh()));
    }

    /** An -Xmx flag to paste: whole MiB, rounded up, {@code -Xmx1870m}. */
    static String xmxFlag(long bytes) {
        return "-Xmx" + mebibytes(bytes) + "m";
    }

    /** Whole MiB, rounded up, so a pasted limit is never below the figure. */
    static long mebibytes(long bytes) {
        return (bytes + (1L << 20) - 1) >> 20;
    }

    /** {@code layout formula with c0=.. c1=.. c2=.., its error, band; rss ...}. */
    static String describe(Prediction p) {
        ScenarioModel m = p.model();
        if (m.etcdRss() != null) {
            return describeEtcd(p);
        }
        HeapModel h = m.heap();
        RssModel r = m.rss();
        RowParams s = p.scenario().params();
        String values = Double.isNaN(h.cval()) ? "" : String.format(Locale.ROOT, ", cval = %.2f B per value byte",
                h.cval());
        String growth = r.offHeapData() ? "growth outside the heap " + r.describeGrowth() + " (the data live"
                + " off the heap) = " + Units.mib(r.growth(s)) + " MiB" : String.format(Locale.ROOT,
                "growth %.1f MiB", r.growth(s) / (1 << 20));
        return String.format(Locale.ROOT, "%s, c0 = %.0f B, c1 = %.1f B, c2 (pointer included) = %s%s; %s, from %d"
                        + " row(s) of %s; RSS = baseline %.1f MiB + %s + %s, from %d row(s); band +-%s heap, up to"
                        + " +-%s RSS", h.layout().formula(), h.c0(), h.c1(), h.hasC2() ? String.format(Locale.ROOT,
                        "%.2f B", h.c2()) : "not fitted (one slot count: " + (long) h.fitSlots() + ")", values,
                errorParts(h.looError(), m.heapSpread(), h.extrapolation(s, 0)), h.rows().size(), m.source(),
                r.baselineRss() / (1 << 20), growth, r.youngCap() == 0 ? "heap" : "old and young generation",
                r.anchors().size(), PlanRules.percent(m.heapUncertainty()), PlanRules.percent(m.rssUncertainty()));
    }

    /** {@code e 2.1 %, s 0.4 %, leverage x1.3}: a band's parts, as {@link PlanRules#band} combines them. */
    static String errorParts(double looError, double spread, double extrapolation) {
        return "e " + (Double.isNaN(looError) ? "n/a" : PlanRules.percent(looError))
                + (Double.isNaN(spread) ? "" : ", s " + PlanRules.percent(spread))
                + String.format(Locale.ROOT, ", leverage x%.2f", extrapolation);
    }

    private static String describeEtcd(Prediction p) {
        ScenarioModel m = p.model();
        HeapModel h = m.heap();
        EtcdRssModel e = m.etcdRss();
        HeapModel r = e.fit();
        return String.format(Locale.ROOT, "Go heap c0 = %s, c1 = %.1f B, c2 = %s, cr = %s (%s); RSS = idle %.1f"
                        + " MiB + c0 = %s, c1 = %.1f B, c2 = %s, cr = %s%s (%s), over %d row(s) from %s; band +-%s"
                        + " heap, +-%s RSS", Units.iec(h.c0()), h.c1(), coefficient(h.c2()), coefficient(h.cr()),
                errorParts(h.looError(), m.heapSpread(), h.extrapolation(p.scenario().params(),
                        EtcdRaftLog.entriesInMemory(p.scenario().params()))), e.baselineRss() / (1 << 20), Units.iec(r.c0()),
                r.c1(), coefficient(r.c2()), coefficient(r.cr()), extras(r),
                errorParts(r.looError(), e.spread(), e.extrapolation()), r.rows().size(), m.source(),
                PlanRules.percent(m.heapUncertainty()), PlanRules.percent(e.uncertainty()));
    }

    /** The fitted etcd terms besides c1, c2 and cr; a term not fitted is named by the undetermined lines. */
    private static String extras(HeapModel r) {
        return (r.fitted("cd") ? ", cd = " + coefficient(r.cd()) : "")
                + (r.fitted("cw") ? ", cw = " + coefficient(r.cw()) : "")
                + (r.fitted("cl") ? ", cl = " + coefficient(r.cl()) : "")
                + (r.fitted("cval") ? String.format(Locale.ROOT, ", cval = %.2f B", r.cval()) : "");
    }

    /** Each fit's terms the rows could not tell apart, with the row to add, once per term. */
    static List<String> undetermined(ScenarioModel m) {
        java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>();
        m.heap().undetermined().forEach(u -> out.add("(heap) " + u));
        if (m.etcdRss() != null) {
            m.etcdRss().fit().undetermined().forEach(u -> out.add("(RSS) " + u));
        }
        if (m.etcdRestart() != null) {
            m.etcdRestart().fit().undetermined().forEach(u -> out.add("(restart RSS) " + u));
        }
        return List.copyOf(out);
    }

    /** Whether the etcd rows ran twice (their spread in the band) or once (the measured etcd spread instead). */
    static String etcdRuns(PlanResult result) {
        boolean once = result.predictions().stream().map(Prediction::model).filter(m -> m.etcdRss() != null)
                .anyMatch(m -> m.etcdRss().onceRun() || m.etcdRestart() != null && m.etcdRestart().onceRun());
        return once ? "etcd rows: some ran once, so their band is at least " + PlanRules.percent(
                PlanRules.ETCD_RUN_SPREAD) + ", the spread memstore measured between two runs of an etcd row"
                + " (runs: 2, the default of etcd rows, measures your own)"
                : "etcd rows: each ran at least twice (runs: 2 is the default of etcd rows); s is their spread";
    }

    /** {@code <scenario>: after a restart RSS .. (..); size the member for its restart: limit ..}. */
    static String restart(Prediction p) {
        EtcdRssModel e = p.model().etcdRestart();
        HeapModel r = e.fit();
        return String.format(Locale.ROOT, "%s: after a restart RSS %s MiB (c1 = %.1f B, c2 = %s, cr = %s%s; %s; band"
                        + " +-%s); limit %s MiB holds the %s's peak", p.scenario().name(),
                band(p.restartRss(), p.restartRssLow(), p.restartRssHigh()), r.c1(), coefficient(r.c2()),
                coefficient(r.cr()), extras(r), errorParts(r.looError(), e.spread(), e.extrapolation()),
                PlanRules.percent(e.uncertainty()), Units.mib(p.containerLimit()),
                p.sizedForRestart() ? "restart" : "load");
    }

    private static String coefficient(double v) {
        return Double.isNaN(v) ? "not fitted" : String.format(Locale.ROOT, "%.1f B", v);
    }

    private static String band(double v, double low, double high) {
        return Units.mib(v) + " (" + Units.mib(low) + ".." + Units.mib(high) + ")";
    }
}
