package io.memstore.store;

import io.memstore.store.internal.image.IndexImage;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Random;

/**
 * The child process of {@link IndexImageCrashTest}: opens a store and, until it is killed, writes rounds of
 * transactions (puts, deletes, now and then a compaction), each followed by a checkpoint, which writes the index's
 * image ({@link IndexImage}). It says on stdout, one flushed line each, what returned: the kill lands anywhere, in
 * the image's write among other places, and the parent knows which commits returned.
 *
 * <pre>
 *   O current            opened (from an image when the second field is 1)
 *   C rev                a round of commits returned, the last at rev
 *   W                    a checkpoint, and so an image's write, begins
 *   I rev                the checkpoint returned
 * </pre>
 * Arguments: file, seed.
 */
public final class ImageCrashChild {
    private ImageCrashChild() {
    }

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        Random rnd = new Random(Long.parseLong(args[1]));
        PrintStream out = System.out;
        try (MvccStore store = MvccStore.open(file, StoreTestSupport.FAST)) {
            line(out, "O " + store.currentRevision() + " " + (store.imageAtOpen() != null ? 1 : 0));
            while (true) {
                for (int i = 0; i < 40; i++) {
                    byte[] key = String.format("key/%05d", rnd.nextInt(6000)).getBytes();
                    if (rnd.nextInt(12) == 0) {
                        store.deleteRange(key, null);
                    } else {
                        byte[] value = new byte[rnd.nextInt(30)];
                        rnd.nextBytes(value);
                        store.put(key, value);
                    }
                }
                if (rnd.nextInt(15) == 0 && store.currentRevision() > store.compactedRevision() + 60) {
                    store.compact(store.currentRevision() - 50);
                }
                line(out, "C " + store.currentRevision());
                line(out, "W");
                store.checkpoint();
                line(out, "I " + store.currentRevision());
            }
        }
    }

    private static void line(PrintStream out, String text) {
        out.print(text + " .\n");
        out.flush();
    }
}
