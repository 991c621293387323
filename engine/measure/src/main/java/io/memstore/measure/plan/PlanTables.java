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
                .column("index", false).column("store", false).column("index live heap", true)
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
                    s.system() == SystemKind.MEMSTORE ? s.store().specName() : "-",
                    band(p.liveHeap(), p.liveHeapLow(), p.liveHeapHigh()), band(p.rss(), p.rssLow(), p.rssHigh()),
                    p.xmx() == 0 ? "-" : xmxFlag(p.xmx()), mebibytes(p.containerLimit()) + "Mi",
                    machine == null ? "-" : Units.mib(machine),
                    verdict));
        }
        return t;
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
            lines.add(TextTable.printable(p.scenario().name() + ": " + describe(p.model())));
            if (p.model().etcdRestart() != null) {
                lines.add(TextTable.printable(restart(p)));
            }
        }
        if (result.predictions().stream().anyMatch(p -> p.scenario().params().system().isEtcd())) {
            lines.add("etcd scenarios: heap = the member's Go heap in use, RSS = idle member + c0 + N*(c1 + keySize)"
                    + " + H*c2 + R*cr + D*cd + W*cw + L*cl fitted on the member's RSS, H = revisions kept, D = revisions"
                    + " compacted away, R = raft entries"
                    + " in memory (all writes below snapshotCount; after a snapshot the entries since it + 5,000;"
                    + " after a restart those since it), W watchers, L leases; uncertainty u = max(3 %, 3 x fit RMS +"
                    + " run spread x max(1, leverage)); band from R now less u to the most R held plus u, no -Xmx;"
                    + " container limit = 1.1 x the higher of the load's and the restart's high RSS; the index"
                    + " column names the system");
        }
        lines.add("rules: band = max(3 %, 3 x fit RMS + run spread) for the heap; RSS = baseline + growth + old +"
                + " young, old = " + RssModel.kRange() + " x (heap + " + RssModel.JVM_LIVE_HEAP_MIB + " MiB) as the"
                + " probe's " + RssModel.freeRange() + " free heap allows, young = min(" + RssModel.youngCapText()
                + ", old / 2), band from both ends of that ratio and of the calibration rows; -Xmx ="
                + " 1.5 x high heap + 64 MiB; container limit = 1.1 x max(high RSS, -Xmx + JVM"
                + " baseline RSS); a scenario fails when its predicted RSS exceeds machineMemory");
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
        return (p.xmx() == 0 ? "no -Xmx (not a JVM)" : xmxFlag(p.xmx())) + "; container limit " + limit
                + "Mi (docker run --memory=" + limit + "m); " + store;
    }

    /** An -Xmx flag to paste: whole MiB, rounded up, {@code -Xmx1870m}. */
    static String xmxFlag(long bytes) {
        return "-Xmx" + mebibytes(bytes) + "m";
    }

    /** Whole MiB, rounded up, so a pasted limit is never below the figure. */
    static long mebibytes(long bytes) {
        return (bytes + (1L << 20) - 1) >> 20;
    }

    /** {@code layout formula with c0=.. c1=.. c2=.. from N rows (source); rss ...}. */
    static String describe(ScenarioModel m) {
        if (m.etcdRss() != null) {
            return describeEtcd(m);
        }
        HeapModel h = m.heap();
        RssModel r = m.rss();
        return String.format(Locale.ROOT, "%s, c0 = %s B, c1 = %.1f B, c2 (pointer included) = %s, fit RMS %.2f %% over %d row(s) from"
                        + " %s; RSS = baseline %.1f MiB, growth %.1f MiB, + "
                        + (r.youngCap() == 0 ? "heap" : "old and young generation") + ", from %d row(s);"
                        + " band +-%.1f %% heap, up to +-%.1f %% RSS",
                h.layout().formula(), Units.whole(h.c0()), h.c1(), h.hasC2() ? String.format(Locale.ROOT, "%.2f B", h.c2())
                        : "not fitted (one slot count: " + (long) h.fitSlots() + ")", h.relativeRmsError() * 100,
                h.rows().size(), m.source(), r.baselineRss() / (1 << 20), r.growth() / (1 << 20), r.anchors().size(),
                m.heapUncertainty() * 100, m.rssUncertainty() * 100);
    }

    private static String describeEtcd(ScenarioModel m) {
        HeapModel h = m.heap();
        HeapModel r = m.etcdRss().fit();
        String extras = (Double.isNaN(r.cd()) ? "" : ", cd = " + coefficient(r.cd()))
                + (Double.isNaN(r.cw()) ? "" : ", cw = " + coefficient(r.cw()))
                + (Double.isNaN(r.cl()) ? "" : ", cl = " + coefficient(r.cl()));
        return String.format(Locale.ROOT, "Go heap c0 = %s B, c1 = %.1f B, c2 = %s, cr = %s, fit RMS %.2f %%; RSS ="
                        + " idle %.1f MiB + c0 = %s B, c1 = %.1f B, c2 = %s, cr = %s%s, fit RMS %.2f %%, run spread"
                        + " %.1f %%; over %d row(s) from %s; band +-%.1f %% heap, up to +-%.1f %% RSS", Units.whole(h.c0()),
                h.c1(),
                coefficient(h.c2()), coefficient(h.cr()), h.relativeRmsError() * 100,
                m.etcdRss().baselineRss() / (1 << 20), Units.whole(r.c0()), r.c1(), coefficient(r.c2()), coefficient(r.cr()),
                extras, r.relativeRmsError() * 100, m.etcdRss().spread() * 100, r.rows().size(), m.source(),
                m.heapUncertainty() * 100, m.rssUncertainty() * 100);
    }

    /** {@code <scenario>: after a restart RSS .. (..); size the member for its restart: limit ..}. */
    static String restart(Prediction p) {
        HeapModel r = p.model().etcdRestart().fit();
        return String.format(Locale.ROOT, "%s: after a restart RSS %s MiB (c1 = %.1f B, c2 = %s, cr = %s%s, fit RMS"
                        + " %.2f %%, run spread %.1f %%); size the member for its %s: limit %s MiB", p.scenario().name(),
                band(p.restartRss(), p.restartRssLow(), p.restartRssHigh()), r.c1(), coefficient(r.c2()),
                coefficient(r.cr()), (Double.isNaN(r.cd()) ? "" : ", cd = " + coefficient(r.cd()))
                        + (Double.isNaN(r.cw()) ? "" : ", cw = " + coefficient(r.cw()))
                        + (Double.isNaN(r.cl()) ? "" : ", cl = " + coefficient(r.cl())),
                r.relativeRmsError() * 100, p.model().etcdRestart().spread() * 100,
                p.sizedForRestart() ? "restart" : "load", Units.mib(p.containerLimit()));
    }

    private static String coefficient(double v) {
        return Double.isNaN(v) ? "not fitted" : String.format(Locale.ROOT, "%.1f B", v);
    }

    private static String band(double v, double low, double high) {
        return Units.mib(v) + " (" + Units.mib(low) + ".." + Units.mib(high) + ")";
    }
}
