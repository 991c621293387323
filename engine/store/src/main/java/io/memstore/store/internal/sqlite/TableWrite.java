package io.memstore.store.internal.sqlite;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * A write to a table whose contents the layer above keeps ({@code index_image}), made on the writer's connection in
 * a transaction of its own ({@link SqliteBackend#inTransaction}).
 */
public interface TableWrite<T> {
    T write(Connection w) throws SQLException;
}
