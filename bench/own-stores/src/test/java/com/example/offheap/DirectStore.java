package com.example.offheap;

import io.memstore.target.KeyValueTarget;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A key-value store that keeps its keys and values off the heap, in direct {@link ByteBuffer} slabs of
 * {@value #SLAB_BYTES} B, each record {@code [key length][value length][key][value]} appended; the heap holds only an
 * open-addressing table of record addresses (slab and offset in one long). A put of a key already there appends
 * the new record and points the table at it. Its memory is the JVM's direct memory, which the JVM caps at -Xmx
 * unless -XX:MaxDirectMemorySize says otherwise.
 */
public class DirectStore implements KeyValueTarget {
    /** One slab of direct memory. */
    static final int SLAB_BYTES = 64 << 20;
    private static final long EMPTY = -1;

    private final List<ByteBuffer> slabs = new ArrayList<>();
    private long[] table = new long[1 << 16];
    private int size;

    public DirectStore() {
        Arrays.fill(table, EMPTY);
        slabs.add(ByteBuffer.allocateDirect(SLAB_BYTES));
    }

    @Override
    public void put(byte[] key, byte[] value) {
        int need = 8 + key.length + value.length;
        if (need > SLAB_BYTES) {
            throw new IllegalArgumentException("a record of " + need + " B does not fit a slab of " + SLAB_BYTES + " B");
        }
        ByteBuffer slab = slabs.get(slabs.size() - 1);
        if (slab.remaining() < need) {
            slab = ByteBuffer.allocateDirect(SLAB_BYTES);
            slabs.add(slab);
        }
        long address = ((long) (slabs.size() - 1) << 32) | slab.position();
        slab.putInt(key.length).putInt(value.length).put(key).put(value);
        int i = find(key);
        if (table[i] == EMPTY) {
            size++;
        }
        table[i] = address;
        if (size * 2L > table.length) {
            grow();
        }
    }

    @Override
    public boolean get(byte[] key) {
        return table[find(key)] != EMPTY;
    }

    @Override
    public void delete(byte[] key) {
        throw new UnsupportedOperationException("DirectStore does not delete");
    }

    /** The slot of the key, or the empty slot where it would go (linear probing). */
    private int find(byte[] key) {
        int mask = table.length - 1;
        for (int i = Arrays.hashCode(key) * 0x9E3779B9 & mask; ; i = i + 1 & mask) {
            if (table[i] == EMPTY || sameKey(table[i], key)) {
                return i;
            }
        }
    }

    private boolean sameKey(long address, byte[] key) {
        ByteBuffer slab = slabs.get((int) (address >>> 32));
        int at = (int) address;
        if (slab.getInt(at) != key.length) {
            return false;
        }
        for (int b = 0; b < key.length; b++) {
            if (slab.get(at + 8 + b) != key[b]) {
                return false;
            }
        }
        return true;
    }

    private void grow() {
        long[] old = table;
        table = new long[old.length * 2];
        Arrays.fill(table, EMPTY);
        for (long address : old) {
            if (address != EMPTY) {
                ByteBuffer slab = slabs.get((int) (address >>> 32));
                int at = (int) address;
                byte[] key = new byte[slab.getInt(at)];
                slab.get(at + 8, key);
                table[find(key)] = address;
            }
        }
    }

    @Override
    public void close() {
        slabs.clear();
    }
}
