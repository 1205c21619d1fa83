#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the test suite and the bench, in a folder of its own:
#   .ci/postgres.sh start DIR   prints the URL (postgres://postgres@127.0.0.1:PORT/postgres)
#   .ci/postgres.sh stop DIR    stops it (the folder can then be removed)
# Installs Debian's postgresql when no server binaries are found. PG_FSYNC=on keeps fsync (the
# bench); the tests run without it, as nothing must survive a power cut there.
set -euo pipefail
action="${1:?start or stop}"
dir="${2:?a folder for the cluster}"

find_bin() {
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [ -x "$d/pg_ctl" ] && [ -x "$d/initdb" ] && { echo "$d"; return 0; }
  done
  return 1
}

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

bin="$(find_bin || true)"
if [ -z "$bin" ]; then
  echo "== apt-get install postgresql" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  bin="$(find_bin)"
fi

case "$action" in
  start)
    mkdir -p "$dir"
    if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir"; fi
    port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=400 -c fsync=${PG_FSYNC:-off} -c synchronous_commit=${PG_FSYNC:-off}" start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  *)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
