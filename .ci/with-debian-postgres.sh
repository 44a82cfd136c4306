#!/usr/bin/env bash
# Starts a throw-away Debian PostgreSQL cluster on a free loopback port, runs the given command
# with DATABASE_URL pointing at it (as a superuser, the way an operator would hand it over), and
# removes the cluster afterwards. Runs as root or as a normal user.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
dir=$(mktemp -d /tmp/rentdue-pg.XXXXXX)
port=${PGTEST_PORT:-55432}
run_as=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir"
  run_as=(runuser -u postgres --)
fi
"${run_as[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
"${run_as[@]}" "$bin/pg_ctl" -D "$dir/data" -o "-p $port -k $dir -c listen_addresses=127.0.0.1" -l "$dir/log" -w start >/dev/null
cleanup() { "${run_as[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT
echo "ci: Debian PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" "$@"
