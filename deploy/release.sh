#!/bin/sh
# Installs a release beside the running one and points the app at it:
#
#   cd /srv/mindful-path && sudo -u mindful app/deploy/release.sh [git ref]
#
# 1. A fresh checkout of the ref (default: the repository's default branch) in
#    BASE/releases/<UTC stamp>, with its own `npm ci && npm run build`. The
#    running instances' files are not touched: a build empties and rewrites
#    build/, and a running instance still sends pages naming its own hashed
#    assets and imports its own server chunks when first needed.
# 2. The two releases' hashed client assets copied into each other, nothing
#    overwritten (a hash names one content): while old and new instances both
#    run behind the proxy, a page from one may ask the other for its files.
# 3. BASE/app, a symlink, switched to the new release in one rename. Running
#    instances keep their own release (Node runs the real path of server.ts);
#    each one restarted afterwards starts from the new one.
#
# 4. Old releases removed (deploy/prune-releases.sh): all but the newest
#    KEEP_RELEASES (default 3), never the one in use, the one before it, or one
#    a running instance still runs from.
#
# BASE (default /srv/mindful-path) and REPO (default: the current release's
# origin) may be set in the environment. Nothing is switched when a step fails.
# Rollback: point BASE/app back at the previous release the same way and
# restart each instance (the previous release's folder is kept).
set -eu

BASE="${BASE:-/srv/mindful-path}"
ref="${1:-}"

if [ ! -L "$BASE/app" ]; then
  echo "release: $BASE/app is not a symlink to a release; see docs/deploy.md, 'A new release'" >&2
  exit 1
fi
current="$(cd -P "$BASE/app" && pwd)"
REPO="${REPO:-$(git -C "$current" remote get-url origin)}"

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
new="$BASE/releases/$stamp"
if [ -e "$new" ]; then
  echo "release: $new already exists" >&2
  exit 1
fi

echo "release: $REPO${ref:+ ($ref)} into $new"
git clone --quiet "$REPO" "$new"
if [ -n "$ref" ]; then
  # A branch is read as the repository's branch (origin/…), else as a tag or commit.
  commit="$(git -C "$new" rev-parse --verify --quiet "origin/$ref^{commit}" || git -C "$new" rev-parse --verify "$ref^{commit}")"
  git -C "$new" checkout --quiet --detach "$commit"
fi
echo "release: $(git -C "$new" log -1 --format='%h %s')"

(cd "$new" && npm ci --no-audit --no-fund && npm run build)

# Each release's hashed assets into the other's folder, never replacing a file.
# (A loop rather than `cp -n`, whose exit status differs between coreutils versions.)
share_assets() {
  for file in "$1"/build/client/assets/*; do
    [ -e "$file" ] || continue
    target="$2/build/client/assets/${file##*/}"
    [ -e "$target" ] || cp -p "$file" "$target"
  done
}
share_assets "$current" "$new"
share_assets "$new" "$current"

# The switch is one rename of a new symlink over the old: there is no moment without BASE/app.
ln -sfn "releases/$stamp" "$BASE/app.next"
mv -T "$BASE/app.next" "$BASE/app"

echo "release: $BASE/app -> releases/$stamp (was ${current##*/})"

# Units this release changed (a new ExecStart flag, say) reach systemd only when installed again.
UNIT_DIR="${UNIT_DIR:-/etc/systemd/system}"
for unit in "$new"/deploy/systemd/*; do
  installed="$UNIT_DIR/${unit##*/}"
  if [ -e "$installed" ] && ! cmp -s "$unit" "$installed"; then
    echo "release: ${unit##*/} differs from $installed: install it again and run 'systemctl daemon-reload' before the restarts (docs/deploy.md, 'A new release')"
  fi
done
BASE="$BASE" sh "$new/deploy/prune-releases.sh"
echo "Next, one instance at a time, each answering before the next:"
echo "  sudo systemctl restart mindful-path@PORT && until curl -fsS http://127.0.0.1:PORT/healthz; do sleep 1; done"
echo "Rollback: ln -sfn releases/${current##*/} $BASE/app.next && mv -T $BASE/app.next $BASE/app, then restart each instance the same way."
