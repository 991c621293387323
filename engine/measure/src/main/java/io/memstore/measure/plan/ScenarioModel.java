package io.memstore.measure.plan;

/**
 * The models one scenario's prediction came from, and how far they are trusted.
 *
 * @param source          where the fitted rows came from: a results file, or {@code calibration run}
 * @param heap            the index heap model
 * @param rss             the RSS model (for an etcd scenario only the idle member's RSS counts of it)
 * @param heapUncertainty relative half-width of the live heap's low..high band
 * @param rssUncertainty  the larger distance from the predicted RSS to an end of its band, relative to it
 * @param etcdRss         for an etcd scenario the model its RSS came from; null otherwise
 * @param etcdRestart     for an etcd scenario whose rows measured a restart, the model of the member's RSS right
 *                        after one (reopen.rss); null otherwise
 * @param heapSpread      the fitted rows' pooled relative spread of index.liveHeap between their runs
 */
public record ScenarioModel(String source, HeapModel heap, RssModel rss, double heapUncertainty,
                            double rssUncertainty, EtcdRssModel etcdRss, EtcdRssModel etcdRestart,
                            double heapSpread) {
}
