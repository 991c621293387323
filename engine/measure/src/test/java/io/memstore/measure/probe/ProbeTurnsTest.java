package io.memstore.measure.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@link ProbeTurns}: the lines the probe says, what it waits for, and the end of its input. */
class ProbeTurnsTest {
    private final ByteArrayOutputStream said = new ByteArrayOutputStream();

    private ProbeTurns turns(String input) {
        return new ProbeTurns(new PrintStream(said, true, StandardCharsets.UTF_8),
                new BufferedReader(new StringReader(input)));
    }

    private String said() {
        return said.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theProbeSaysEachStepAndWaitsForItsAnswer() {
        ProbeTurns t = turns("something else\ngo\nreads\n");
        t.quiet();
        t.ready(); // reads up to "go", passing over a line it does not know
        t.settling();
        t.beforeTimedReads();
        assertThat(said().lines()).containsExactly("@memstore-turn quiet", "@memstore-turn ready",
                "@memstore-turn settling", "@memstore-turn reads");
    }

    @Test
    void anInputThatEndsBeforeTheAnswerIsAnError() {
        ProbeTurns t = turns("reads\n");
        assertThatThrownBy(t::ready).isInstanceOf(IllegalStateException.class)
                .hasMessage("the probe's input ended while it waited for 'go' from its parent");
    }

    @Test
    void withoutTheExchangeEveryStepReturnsAtOnceAndSaysNothing() {
        ProbeTurns t = ProbeTurns.none();
        t.quiet();
        t.ready();
        t.settling();
        t.beforeTimedReads();
        assertThat(System.getProperty(ProbeTurns.PROPERTY)).isNull();
        assertThat(ProbeTurns.fromProperties(new PrintStream(said, true, StandardCharsets.UTF_8))).isSameAs(t);
        assertThat(said()).isEmpty();
    }
}
