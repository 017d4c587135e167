#!/bin/sh
# Install the OS packages the tests and `make services` need, where this machine lets us:
# PostgreSQL (server binaries), Redis, curl (the README walkthrough's test), and Chromium with a
# font (the web UI's browser tests; UMPIRE_TEST_CHROMIUM names another), from Debian/Ubuntu
# packages when running as root.
set -eu
need=""
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 || need="$need postgresql"
command -v redis-server >/dev/null 2>&1 || need="$need redis-server"
command -v curl >/dev/null 2>&1 || need="$need curl"
[ -x "${UMPIRE_TEST_CHROMIUM:-/usr/bin/chromium}" ] || need="$need chromium fonts-dejavu-core"
[ -z "$need" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing:$need" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $need >/dev/null
else
  echo "please install:$need (or set UMPIRE_TEST_DATABASE_URL / UMPIRE_TEST_REDIS_URL / UMPIRE_TEST_CHROMIUM)" >&2
  exit 1
fi
