/**
 * JSON, read and written once for every file of the measure side: {@link io.memstore.measure.json.JsonWriter}
 * writes trees of maps, lists and scalars; {@link io.memstore.measure.json.JsonValue} reads a document into a
 * checked, typed cursor whose errors name the file, line, column and field
 * ({@link io.memstore.measure.json.JsonFormatException}). The probe's result file, memstore.json, plan.json and
 * the baseline all go through them.
 *
 * <p>Below the flow spec -> run -> probe -> result -> budget -> report: it uses no other memstore package, and
 * any of them may use it.
 */
package io.memstore.measure.json;
