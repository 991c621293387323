package io.memstore.measure.probe;

import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.KeyPattern;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreSettings;
import io.memstore.store.Durability;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProbeArgsTest {
    static final Row ROW = new Row("index/keys=1M, versions=5", RowParams.builder("index").keys(1_000_000)
            .versions(5).keyPattern(KeyPattern.HIERARCHICAL).index(IndexKind.REFERENCE).seed(-7).runs(3).deletes(0.25)
            .compact(true).build());

    @Test
    void roundTripsThroughTheCommandLine() {
        ProbeArgs args = new ProbeArgs(ROW, Path.of("/tmp/x/result.json"), Path.of("/tmp/x/data"), 1234);
        ProbeArgs back = ProbeArgs.parse(args.toArgs().toArray(String[]::new));
        assertThat(back).isEqualTo(args);
    }

    @Test
    void anIndexClassAndStoreOptionsRoundTrip() {
        Row row = new Row("own/index=com.example.CopyingIndex", RowParams.builder("own").keys(1000)
                .index(IndexKind.of("com.example.CopyingIndex"))
                .settings(new StoreSettings(16, Durability.FULL, 4096, 3, 77, 5000, 1500)).build());
        ProbeArgs args = new ProbeArgs(row, Path.of("r.json"), Path.of("d"), 5);
        assertThat(args.toArgs()).contains("--index=com.example.CopyingIndex", "--durability=full");
        assertThat(ProbeArgs.parse(args.toArgs().toArray(String[]::new))).isEqualTo(args);
    }

    @Test
    void getsDefaultsWhenNotGiven() {
        List<String> argv = new ArrayList<>(new ProbeArgs(ROW, Path.of("r.json"), Path.of("d"), 5).toArgs());
        argv.removeIf(a -> a.startsWith("--gets="));
        assertThat(ProbeArgs.parse(argv.toArray(String[]::new)).gets()).isEqualTo(ProbeArgs.DEFAULT_GETS);
    }

    @Test
    void badArgumentsAreNamed() {
        List<String> good = new ProbeArgs(ROW, Path.of("r.json"), Path.of("d"), 5).toArgs();
        assertThatThrownBy(() -> ProbeArgs.parse(replace(good, "--keys=", "--keys=many")))
                .hasMessage("--keys=many: expected an integer");
        assertThatThrownBy(() -> ProbeArgs.parse(replace(good, "--keyPattern=", "--keyPattern=zipf")))
                .hasMessage("--keyPattern=zipf: expected one of [random, sequential, hierarchical]");
        assertThatThrownBy(() -> ProbeArgs.parse(replace(good, "--compact=", "--compact=yes")))
                .hasMessage("--compact=yes: expected true or false");
        assertThatThrownBy(() -> ProbeArgs.parse(new String[]{"--colour=red"}))
                .hasMessageContaining("argument 1 '--colour=red': unknown name 'colour'");
        assertThatThrownBy(() -> ProbeArgs.parse(new String[]{"keys"}))
                .hasMessage("argument 1 'keys': expected --name=value");
        List<String> missing = new ArrayList<>(good);
        missing.removeIf(a -> a.startsWith("--seed="));
        assertThatThrownBy(() -> ProbeArgs.parse(missing.toArray(String[]::new)))
                .hasMessage("missing argument --seed=...");
    }

    private static String[] replace(List<String> args, String prefix, String with) {
        return args.stream().map(a -> a.startsWith(prefix) ? with : a).toArray(String[]::new);
    }
}
