#!/usr/bin/env bash
# Issue 5's side-by-side benchmark, one command from the repository root:
#   bench/src/side-by-side/side-by-side.sh [maven args, e.g. -o -Dmaven.repo.local=/path]
# 1. memory: memstore:check on bench/src/side-by-side/side-by-side.yaml at full scale (btree and reference rows, a forked
#    probe JVM per row, issue 5's targets as budgets on the btree rows) into site/target/memstore-side-by-side;
#    budget failures are reported, not fatal here. Then SideBySide prints every btree row beside its reference twin
#    with the ratios btree/reference.
# 2. speed: the JMH benchmarks of the bench module (index get/put, btree and reference; ingest into SQLite, MvccStore
#    against a raw batched insert, MvccStore.get against a raw point select), then Ratios prints btree/reference and
#    store/raw against the targets and the store's get over the point select.
# Builds what it runs (engine, plugin, bench). JMH_ARGS overrides JMH's options (default "-f 1 -wi 2 -i 3";
# add "-p keys=100000" for a quick run).
set -euo pipefail
cd "$(dirname "$0")/../../.."
out=site/target/memstore-side-by-side
mvn -B -q "$@" install -DskipTests -pl plugin,bench -am
uptime
mvn -B "$@" -f site/pom.xml memstore:check -Dmemstore.scale=1 -Dmemstore.spec="$PWD/bench/src/side-by-side/side-by-side.yaml" \
    -Dmemstore.outputDirectory="$PWD/$out" -Dmemstore.failOnViolation=false
java -cp bench/target/benchmarks.jar io.memstore.bench.SideBySide "$out/memstore.json"
uptime
# shellcheck disable=SC2086
java -jar bench/target/benchmarks.jar ${JMH_ARGS:--f 1 -wi 2 -i 3} -rf json -rff "$PWD/$out/jmh-result.json"
java -cp bench/target/benchmarks.jar io.memstore.bench.Ratios "$out/jmh-result.json"
uptime
