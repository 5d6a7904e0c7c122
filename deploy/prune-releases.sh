#!/bin/sh
# Removes old releases from BASE/releases (release.sh runs it after each switch;
# it may also be run by hand):
#
#   cd /srv/mindful-path && sudo -u mindful app/deploy/prune-releases.sh
#
# Kept, whatever their age:
# - the release BASE/app points to, and the one before it (for a rollback);
# - the newest KEEP_RELEASES releases (default 3), by their UTC stamp;
# - any release a running process still uses (its working folder or a file it
#   runs from is inside it): an instance not yet restarted onto the new
#   release goes on loading its own files.
# A release folder not named by a stamp (such as `first`, an install made
# before release.sh) counts as older than every stamped one.
# Each release holds its own node_modules (about 650 MB).
set -eu

BASE="${BASE:-/srv/mindful-path}"
KEEP_RELEASES="${KEEP_RELEASES:-3}"
case "$KEEP_RELEASES" in
  '' | *[!0-9]*) echo "prune-releases: KEEP_RELEASES must be a whole number (got '$KEEP_RELEASES')" >&2; exit 1 ;;
esac
if [ "$KEEP_RELEASES" -lt 2 ]; then
  echo "prune-releases: KEEP_RELEASES must be at least 2 (the release in use and the one before it)" >&2
  exit 1
fi
releases="$BASE/releases"
[ -d "$releases" ] || exit 0

in_use=""
if [ -L "$BASE/app" ]; then
  in_use="$(cd -P "$BASE/app" && pwd)"
fi

# Newest first: stamped names in reverse order, then the others.
ordered="$( (ls -1 "$releases" | grep -E '^[0-9]{8}T[0-9]{6}Z$' | sort -r; ls -1 "$releases" | grep -vE '^[0-9]{8}T[0-9]{6}Z$' | sort) || true)"

# The release before the one in use: the next older stamp after it.
previous=""
seen=""
for name in $ordered; do
  if [ -n "$seen" ]; then
    previous="$releases/$name"
    break
  fi
  [ "$releases/$name" = "$in_use" ] && seen=1
done

# What running processes use, read once: each one's working folder and the
# words of its command line, one a line, every folder with a trailing slash.
used="$( (ls -l /proc/[0-9]*/cwd 2>/dev/null | sed -n 's/.* -> \(.*\)$/\1\//p'; cat /proc/[0-9]*/cmdline 2>/dev/null | tr '\0' '\n') || true)"
used_by_a_process() {
  printf '%s\n' "$used" | grep -qF "$1/"
}

count=0
for name in $ordered; do
  dir="$releases/$name"
  [ -d "$dir" ] || continue
  count=$((count + 1))
  if [ "$count" -le "$KEEP_RELEASES" ] || [ "$dir" = "$in_use" ] || [ "$dir" = "$previous" ]; then
    continue
  fi
  if used_by_a_process "$dir"; then
    echo "prune-releases: kept releases/$name (a running process uses it)"
    continue
  fi
  rm -rf "$dir"
  echo "prune-releases: removed releases/$name"
done
