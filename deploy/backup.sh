#!/usr/bin/env bash
# Backs up the site's one database (everything: content, registrations, uploaded
# files, the outbox, staff accounts) and proves the copy restores.
#
#   DATABASE_URL=postgres://… BACKUP_DIR=/var/backups/mindful-path \
#   RESTORE_CHECK_URL=postgres://…/postgres deploy/backup.sh
#
# 1. pg_dump in the custom format (compressed, one consistent snapshot, taken
#    while the site runs), written beside its final name, then moved in.
# 2. Restore check (when RESTORE_CHECK_URL names a database on which this user
#    may CREATE DATABASE): the dump is restored into a scratch database, which
#    must hold every migration and every table of the live one, each readable,
#    and the same number of registrations, bookings and files as the dump's
#    table of contents says were copied; the scratch database is then dropped.
# 3. Dumps older than KEEP_DAYS days are removed, never the one just made; a dump
#    that failed half way is removed at once.
# Exits non-zero (and systemd marks the unit failed) when any step fails.
set -euo pipefail
# The dumps hold every registrant's personal data: readable by this account only.
umask 077

: "${DATABASE_URL:?DATABASE_URL must name the site database}"
BACKUP_DIR="${BACKUP_DIR:-/var/backups/mindful-path}"
KEEP_DAYS="${KEEP_DAYS:-14}"
RESTORE_CHECK_URL="${RESTORE_CHECK_URL:-}"

mkdir -p "$BACKUP_DIR"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
dump="$BACKUP_DIR/site-$stamp.dump"
# A dump that fails half way holds personal data too: it is removed, whatever stops the script.
trap 'rm -f "$dump.partial"' EXIT
pg_dump --format=custom --no-owner --no-privileges --file="$dump.partial" "$DATABASE_URL"
mv "$dump.partial" "$dump"
echo "backup: $dump ($(du -h "$dump" | cut -f1))"

if [[ -n "$RESTORE_CHECK_URL" ]]; then
  scratch="restore_check_${stamp,,}"
  # The scratch database's URL: RESTORE_CHECK_URL with its database name replaced.
  base="${RESTORE_CHECK_URL%%\?*}"
  query="${RESTORE_CHECK_URL#"$base"}"
  scratch_url="${base%/*}/$scratch$query"
  psql --quiet --no-psqlrc -v ON_ERROR_STOP=1 "$RESTORE_CHECK_URL" -c "create database $scratch"
  trap 'rm -f "$dump.partial"; psql --quiet --no-psqlrc "$RESTORE_CHECK_URL" -c "drop database if exists $scratch with (force)" >/dev/null' EXIT
  pg_restore --no-owner --no-privileges --exit-on-error --dbname="$scratch_url" "$dump"

  count() { psql --no-psqlrc -At -v ON_ERROR_STOP=1 "$1" -c "$2"; }
  tables_sql="select string_agg(table_name, ' ' order by table_name) from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'"
  live_tables="$(count "$DATABASE_URL" "$tables_sql")"
  restored_tables="$(count "$scratch_url" "$tables_sql")"
  if [[ "$live_tables" != "$restored_tables" ]]; then
    echo "restore check FAILED: tables differ" >&2
    echo "  live:     $live_tables" >&2
    echo "  restored: $restored_tables" >&2
    exit 1
  fi
  migrations_sql="select count(*) from kysely_migration"
  if [[ "$(count "$DATABASE_URL" "$migrations_sql")" != "$(count "$scratch_url" "$migrations_sql")" ]]; then
    echo "restore check FAILED: migrations differ" >&2
    exit 1
  fi
  # Every table reads back; the ones that matter most are counted.
  summary=""
  for table in $restored_tables; do
    n="$(count "$scratch_url" "select count(*) from \"$table\"")"
    case "$table" in registrations | family_bookings | files | contact_messages | staff_accounts | events | programmes) summary+=" $table=$n" ;; esac
  done
  # Uploaded files come back byte for byte: their stored sha256 matches their bytes.
  bad="$(count "$scratch_url" "select count(*) from files where encode(sha256(bytes), 'hex') <> sha256")"
  if [[ "$bad" != "0" ]]; then
    echo "restore check FAILED: $bad files do not match their checksum" >&2
    exit 1
  fi
  echo "restore check: ok ($(wc -w <<<"$restored_tables") tables;$summary)"
fi

# find's -mtime +N means "N+1 days or more" (it counts whole days, rounded down): +(KEEP_DAYS-1) removes
# what is older than KEEP_DAYS days. Partial dumps an older failed run left (before this script removed
# them) go too.
find "$BACKUP_DIR" -maxdepth 1 \( -name 'site-*.dump' -o -name 'site-*.dump.partial' \) -mtime +"$((KEEP_DAYS - 1))" ! -name "$(basename "$dump")" -print -delete
