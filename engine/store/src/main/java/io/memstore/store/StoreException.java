package io.memstore.store;

/** Base of every error the store reports; messages say what was wrong and, where there is one, which file. */
public class StoreException extends RuntimeException {
    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
