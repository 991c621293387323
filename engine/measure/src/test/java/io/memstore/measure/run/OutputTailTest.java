package io.memstore.measure.run;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OutputTailTest {
    @Test
    void keepsEverythingWhileItFits() {
        OutputTail t = new OutputTail(100);
        t.appendLine("one");
        t.appendLine("two");
        assertThat(t).hasToString("one\ntwo");
    }

    @Test
    void keepsOnlyTheLastCharacters() {
        OutputTail t = new OutputTail(10);
        for (int i = 0; i < 100; i++) {
            t.appendLine("line " + i);
        }
        assertThat(t.toString()).isEqualTo("...\nline 99");
    }

    @Test
    void aSingleLongLineKeepsItsEnd() {
        OutputTail t = new OutputTail(8);
        t.appendLine("abcdefghijklmnop");
        assertThat(t).hasToString("...\njklmnop");
    }
}
