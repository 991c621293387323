package io.memstore.report;

/** What every chart shares: the root element, with its accessible title and a visible title. */
final class Charts {
    /** Okabe and Ito's palette, told apart also with colour-vision deficiencies; yellow left out (on white). */
    static final String[] PALETTE = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#8C564B",
            "#000000"};

    private Charts() {
    }

    /** Markers that, with the palette's colours, tell {@code PALETTE.length * MARKERS.length} series apart. */
    static final Series.Marker[] MARKERS = {Series.Marker.CIRCLE, Series.Marker.TRIANGLE, Series.Marker.DIAMOND};

    static String color(int i) {
        return PALETTE[Math.floorMod(i, PALETTE.length)];
    }

    /** The marker of the {@code i}-th series: the next shape once every colour has been used. */
    static Series.Marker marker(int i) {
        return MARKERS[Math.floorMod(i / PALETTE.length, MARKERS.length)];
    }

    /** Opens the {@code <svg>} element (to be closed by the caller) and draws the title at the top left. */
    static SvgWriter open(String title, int width, int height) {
        SvgWriter w = new SvgWriter();
        w.start("svg", "xmlns", "http://www.w3.org/2000/svg", "viewBox", "0 0 " + width + " " + height, "width",
                Integer.toString(width), "height", Integer.toString(height), "role", "img", "font-family",
                "Helvetica, Arial, sans-serif", "class", "memstore-chart", "style", "max-width:100%;height:auto");
        w.textElement("title", title);
        w.empty("rect", "x", "0", "y", "0", "width", Integer.toString(width), "height", Integer.toString(height),
                "fill", "#ffffff");
        w.textElement("text", title, "x", "10", "y", "22", "font-size", "15", "font-weight", "bold", "fill",
                "#111111");
        return w;
    }
}
