package io.memstore.store;

/** An index operation on a key that is not live (etcd's ErrRevisionNotFound for tombstone). */
public class KeyNotFoundException extends StoreException {
    public KeyNotFoundException(String message) {
        super(message);
    }
}
