#!/bin/sh
# Runs the real etcd and kills it (SIGKILL) 3 s after it started, in the middle of the row's load.
etcd=$(command -v etcd)
setpriv --pdeathsig KILL "$etcd" "$@" &
member=$!
sleep 3
kill -9 "$member"
wait "$member"
exit 137
