package io.memstore.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MarkupTest {
    @Test
    void escapesEveryMarkupCharacter() {
        assertThat(Markup.escape("<script>alert('x' & \"y\")</script>"))
                .isEqualTo("&lt;script&gt;alert(&#39;x&#39; &amp; &quot;y&quot;)&lt;/script&gt;");
    }

    @Test
    void replacesWhatXmlCannotCarryAndKeepsPairs() {
        assertThat(Markup.escape("a\u0001b\u0000c\tline\n\uFFFEx\uD800y")).isEqualTo("a\uFFFDb\uFFFDc\tline\n\uFFFDx\uFFFDy");
        assertThat(Markup.escape("key \uD83D\uDD11")).isEqualTo("key \uD83D\uDD11");
        assertThat(Markup.escape(null)).isEmpty();
    }
}
