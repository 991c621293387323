package io.memstore.store;

/** An operation on a store after {@link MvccStore#close()}. */
public class StoreClosedException extends StoreException {
    public StoreClosedException(String message) {
        super(message);
    }
}
