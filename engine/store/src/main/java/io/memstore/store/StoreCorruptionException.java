package io.memstore.store;

import java.nio.file.Path;

/**
 * A record of the file is damaged: its stored checksum ({@code RecordChecksum}) does not match its contents. Raised
 * by every read that would return the record's value and by the open's scan of the key records; the message names the
 * file, the key (as far as it can be read) and the revision. Nothing of the damaged record is returned.
 * {@link MvccStore#verify(Path)} lists every damaged record of a file.
 */
public class StoreCorruptionException extends StoreFormatException {
    private final transient Path file;
    private final long revision;

    public StoreCorruptionException(Path file, long revision, String message) {
        super(message);
        this.file = file;
        this.revision = revision;
    }

    public Path file() {
        return file;
    }

    /** The packed revision of the damaged record (as the file holds it; {@link Revision#toString(long)}). */
    public long revision() {
        return revision;
    }
}
