package io.memstore.measure.model;

/**
 * How far the fitted model is from one fitted row.
 *
 * @param row           the row's name
 * @param measured      the row's measured index.liveHeap, bytes
 * @param predicted     what the fitted model predicts for the row, bytes
 * @param relativeError (predicted - measured) / measured: positive when the model over-predicts
 */
public record Residual(String row, double measured, double predicted, double relativeError) {
}
