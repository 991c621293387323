package com.example.store;

import io.memstore.target.KeyValueTarget;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A store that starts a non-daemon thread and a {@code sleep 901} process and never ends either. The process carries
 * the data directory in its environment (IT_DATA), so the test finds it wherever it was re-parented to.
 */
public class LeavingStore implements KeyValueTarget {
    private final Map<ByteBuffer, byte[]> map = new HashMap<>();

    public LeavingStore(Path dir) {
        Thread flusher = new Thread(() -> {
            while (true) {
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException e) {
                    // runs for ever
                }
            }
        }, "leaving-store-flusher");
        flusher.start();
        ProcessBuilder pb = new ProcessBuilder("sleep", "901");
        pb.environment().put("IT_DATA", dir.toAbsolutePath().toString());
        try {
            pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void put(byte[] key, byte[] value) {
        map.put(ByteBuffer.wrap(key.clone()), value.clone());
    }

    @Override
    public boolean get(byte[] key) {
        return map.containsKey(ByteBuffer.wrap(key));
    }

    @Override
    public void delete(byte[] key) {
        map.remove(ByteBuffer.wrap(key));
    }

    @Override
    public void close() {
        map.clear();
    }
}
