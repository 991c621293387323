package io.memstore.measure.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

/** memstore.shard=K/N: read as written, refused with the parameter's name otherwise. */
class ShardTest {
    @Test
    void readsKOfN() {
        assertThat(Shard.parse("2/3")).isEqualTo(new Shard(2, 3));
        assertThat(Shard.parse(" 1 / 1 ")).isEqualTo(new Shard(1, 1));
        assertThat(Shard.parse("4/4").toString()).isEqualTo("4/4");
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"0/2", "3/2", "1/0", "x/y", "2", "1/2/3", "-1/2", "1/-2", "1.5/2", "99999999999/1"})
    void refusesEverythingElseNamingTheParameterAndTheValue(String text) {
        assertThatThrownBy(() -> Shard.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("shard (memstore.shard) must be K/N, the K-th of N parts with 1 <= K <= N, such as 1/3;"
                        + " was '" + text + "'");
    }

    @Test
    void aShardOutOfRangeCannotBeMade() {
        assertThatThrownBy(() -> new Shard(0, 2)).hasMessageContaining("memstore.shard");
        assertThatThrownBy(() -> new Shard(3, 2)).hasMessageContaining("was '3/2'");
    }
}
