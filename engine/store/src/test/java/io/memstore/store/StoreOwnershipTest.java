package io.memstore.store;

import static io.memstore.store.StoreTestSupport.b;
import static io.memstore.store.StoreTestSupport.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One owner per store file: a second open, in this JVM or in another process, under any name of the file, is
 * refused at once, names the file (and the holder's pid), and costs the holder nothing; a killed holder leaves
 * no lock behind. The other process is a real child JVM ({@link StoreHolderChild}).
 */
class StoreOwnershipTest {
    private static final StoreOptions FULL = StoreOptions.defaults();

    @TempDir
    Path dir;

    @Test
    void aSecondOpenInThisJvmIsRefusedUnderEveryName() throws IOException {
        Path file = dir.resolve("store.db");
        Files.createDirectory(dir.resolve("sub"));
        Path symlink = Files.createSymbolicLink(dir.resolve("symlink.db"), file.getFileName());
        try (MvccStore store = MvccStore.open(file, FULL)) {
            store.put(b("a"), b("1"));
            Path hardLink = Files.createLink(dir.resolve("hardlink.db"), file);
            for (Path name : new Path[] {file, symlink, dir.resolve("sub/../store.db"), hardLink}) {
                assertThatThrownBy(() -> MvccStore.open(name, FULL)).as(name.toString())
                        .isInstanceOf(StoreException.class).hasMessageContaining("already open in this JVM")
                        .hasMessageContaining(file.toRealPath().getFileName().toString());
            }
            assertThatThrownBy(() -> MvccStore.open(hardLink, FULL)).hasMessageContaining("(as " + file.toRealPath() + ")");
            assertThatThrownBy(() -> MvccStore.verify(file)).hasMessageContaining("already open in this JVM");
            // the holder lost nothing and goes on
            assertThat(store.put(b("b"), b("2"))).isEqualTo(2);
            assertThat(s(store.get(b("a")).value())).isEqualTo("1");
            Files.delete(hardLink);
        }
        try (MvccStore again = MvccStore.open(symlink, FULL)) {
            assertThat(again.currentRevision()).isEqualTo(2);
            assertThat(again.file()).isEqualTo(file.toRealPath());
        }
    }

    @Test
    void anotherProcessIsRefusedAndTheHolderLosesNoCommit() throws Exception {
        Path file = dir.resolve("shared.db");
        try (MvccStore store = MvccStore.open(file, FULL)) {
            store.put(b("before"), b("x")); // the child opens an existing file: its open reads it first
        }
        Path symlink = Files.createSymbolicLink(dir.resolve("alias.db"), file);
        Path hardLink = Files.createLink(dir.resolve("second-name.db"), file);
        int puts = 3000;
        Process holder = child("hold", file, "DEFERRED", puts);
        try (BufferedReader out = reader(holder); Writer in = new OutputStreamWriter(holder.getOutputStream(),
                StandardCharsets.UTF_8)) {
            String ready = out.readLine();
            assertThat(ready).as("child output (stderr in %s)", dir).isEqualTo("ready " + holder.pid() + " " + (puts + 1));
            // the holder lets go only when told to close, below: a refusal that waited for it would not return
            for (Path name : new Path[] {file, symlink, hardLink}) {
                assertThatThrownBy(() -> MvccStore.open(name, FULL)).as(name.toString())
                        .isInstanceOf(StoreException.class)
                        .hasMessageContaining("is open in another process (pid " + holder.pid() + ")");
            }
            assertThatThrownBy(() -> MvccStore.verify(file)).hasMessageContaining("pid " + holder.pid());
            // a third process is refused too: the refusals here did not release the holder's lock
            Process other = child("try", hardLink, "FULL", 0);
            try (BufferedReader o = reader(other)) {
                assertThat(o.readLine()).startsWith("refused ").contains("pid " + holder.pid());
            }
            assertThat(other.waitFor(60, TimeUnit.SECONDS)).isTrue();
            in.write("close\n");
            in.flush();
            assertThat(out.readLine()).isEqualTo("closed " + (puts + 1));
        }
        assertThat(holder.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(holder.exitValue()).isZero();
        try (MvccStore store = MvccStore.open(file, FULL)) {
            assertThat(store.currentRevision()).isEqualTo(puts + 1);
            int lost = 0;
            for (int i = 0; i < puts; i++) {
                KeyValue kv = store.get(b(String.format("h%05d", i)));
                if (kv == null || !s(kv.value()).equals("v" + i)) {
                    lost++;
                }
            }
            System.out.println("two processes: " + puts + " commits of the holder, " + lost + " lost");
            assertThat(lost).isZero();
        }
    }

    @Test
    void aKilledHolderLeavesNoStaleLock() throws Exception {
        Path file = dir.resolve("killed.db");
        Process holder = child("hold", file, "FULL", 200);
        try (BufferedReader out = reader(holder)) {
            assertThat(out.readLine()).isEqualTo("ready " + holder.pid() + " 200");
            assertThatThrownBy(() -> MvccStore.open(file, FULL)).hasMessageContaining("pid " + holder.pid());
            holder.toHandle().destroyForcibly(); // SIGKILL: no shutdown hook, no close
            assertThat(holder.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
        try (MvccStore store = MvccStore.open(file, FULL)) {
            assertThat(store.currentRevision()).isEqualTo(200);
            assertThat(s(store.get(b("h00199")).value())).isEqualTo("v199");
        }
    }

    private Process child(String mode, Path file, String durability, int puts) throws IOException {
        return new ProcessBuilder(StoreTestSupport.java(), "-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), StoreHolderChild.class.getName(), mode, file.toString(),
                durability, Integer.toString(puts))
                .redirectError(dir.resolve("child-" + mode + "-" + System.nanoTime() + ".err").toFile()).start();
    }

    private static BufferedReader reader(Process p) {
        return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    }
}
