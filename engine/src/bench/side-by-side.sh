#!/usr/bin/env bash
# Issue 5's side-by-side benchmark, one command from the repository root:
#   engine/src/bench/side-by-side.sh [maven args, e.g. -o -Dmaven.repo.local=/path]
# 1. memstore:check on engine/src/bench/side-by-side.yaml at full scale (btree and reference rows, forked probe
#    JVMs); its results land in site/target/memstore/memstore.json. Budget failures are reported, not fatal here.
# 2. SideBySide (engine test classes) in one JVM: the ratios btree/reference from that file, ingest of MvccStore
#    against a raw batched SQLite insert, and put/get of BTreeIndex against ReferenceIndex on the same keys.
# Needs "mvn install -DskipTests" (engine and plugin) first. SIDE_BY_SIDE_ARGS overrides SideBySide's sizes
# ("ingestRows speedKeys speedVersions speedRounds", default "1000000 1000000 1 3").
set -euo pipefail
cd "$(dirname "$0")/../../.."
uptime
mvn -B "$@" -f site/pom.xml memstore:check -Dmemstore.scale=1 \
    -Dmemstore.spec="$PWD/engine/src/bench/side-by-side.yaml" || echo "memstore:check reported failures (above)"
mvn -B -q "$@" -pl engine test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.classpath \
    -Dmdep.includeScope=test
uptime
java -XX:+UseSerialGC -Xms2g -Xmx2g \
    -cp "engine/target/test-classes:engine/target/classes:$(cat engine/target/bench.classpath)" \
    io.memstore.engine.bench.SideBySide site/target/memstore/memstore.json ${SIDE_BY_SIDE_ARGS:-}
uptime
