/**
 * The public contract of a key-value store that memstore measures, {@link io.memstore.target.KeyValueTarget}: the
 * one artifact a project needs, in test scope, to have its own store measured by {@code system: <class name>} rows.
 * It has no dependencies, so it adds nothing else to the project's test classpath.
 */
package io.memstore.target;
