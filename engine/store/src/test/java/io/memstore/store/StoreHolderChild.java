package io.memstore.store;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The other process of {@link StoreOwnershipTest}. Arguments: mode, file, durability, puts.
 * <ul>
 *   <li>{@code hold}: opens the store, puts keys {@code h00000..} (one revision each), prints
 *       {@code ready <pid> <current revision>}, then waits for a line on stdin; {@code close} closes the store
 *       and prints {@code closed <current revision>}.</li>
 *   <li>{@code try}: tries to open the store and prints {@code opened} (and closes it) or
 *       {@code refused <message>}.</li>
 * </ul>
 * DEFERRED uses a 2 s flush interval, so that most of the puts are still buffered while the parent tries.
 */
public final class StoreHolderChild {
    private StoreHolderChild() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        Path file = Path.of(args[1]);
        StoreOptions options = StoreOptions.defaults().durability(Durability.valueOf(args[2]))
                .batchInterval(Duration.ofSeconds(2));
        if (mode.equals("try")) {
            try (MvccStore store = MvccStore.open(file, options)) {
                System.out.println("opened " + store.currentRevision());
            } catch (StoreException e) {
                System.out.println("refused " + e.getMessage());
            }
            return;
        }
        int puts = Integer.parseInt(args[3]);
        MvccStore store = MvccStore.open(file, options);
        for (int i = 0; i < puts; i++) {
            store.put(String.format("h%05d", i).getBytes(StandardCharsets.US_ASCII), ("v" + i).getBytes(StandardCharsets.US_ASCII));
        }
        System.out.println("ready " + ProcessHandle.current().pid() + " " + store.currentRevision());
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.equals("close")) {
                long rev = store.currentRevision();
                store.close();
                System.out.println("closed " + rev);
                System.out.flush();
                return;
            }
        }
    }
}
