#!/usr/bin/env bash
# bash scripts/deployment-walk/walk.sh - walks docs/deployment.md on this Debian 12 host, as root:
# every ```bash block of the guide runs as written, in order, in one shell session as an operator's
# would; then what the guide says to check is checked, and its upgrade (section 10) runs under
# visitors' traffic, which must meet no error. The upgrade's release is this checkout plus a commit
# the walk makes: a changed script (so the two releases' file names differ) and a migration that adds
# a table (so the upgrade migrates while the previous release serves).
#
# It changes the host as the guide does (a `community` user, /srv/community, /etc/community, nginx's
# conf.d, a database in Debian's PostgreSQL cluster 15/main, /etc/hosts for community.example) and
# undoes that at the end. Run it where that is fine (a VM, a container, a CI machine); it refuses a
# host that already has any of it. About 25 minutes on two cores (two npm ci, two builds).
#
# What this host cannot do is stood in for by the commands in scripts/deployment-walk/bin, first in
# PATH, each of which says so when it acts: NodeSource (no internet: Node.js 20+ must be installed),
# git.example (this checkout), systemd (units run as their files say) and apt-get's service start.
set -euo pipefail
[[ $(id -u) == 0 ]] || { echo "Run the walk as root, as the guide is." >&2; exit 1; }
REPO=$(cd "$(dirname "$0")/../.." && pwd)
GUIDE=$REPO/docs/deployment.md
for path in /srv/community /etc/community /etc/nginx/conf.d/community.conf /etc/systemd/system/community@.service; do
  [[ ! -e $path ]] || { echo "$path exists: this host is not bare; the walk leaves it alone." >&2; exit 1; }
done
! id community >/dev/null 2>&1 || { echo "The user community exists: this host is not bare." >&2; exit 1; }

WORK=$(mktemp -d /tmp/community-walk.XXXXXX)
chmod 755 "$WORK"
export WALK_STATE=$WORK/state WALK_SOURCE=$WORK/source.git
mkdir -p "$WALK_STATE"
export PATH=$REPO/scripts/deployment-walk/bin:$PATH
NGINX_WAS_RUNNING=$([[ -s /run/nginx.pid ]] && kill -0 "$(cat /run/nginx.pid)" 2>/dev/null && echo yes || echo no)
CLUSTER_WAS_DOWN=$(pg_lsclusters -h 2>/dev/null | grep -q "^15 *main .* down " && echo yes || echo no)
say() { printf '\n(walk) %s\n' "$*"; }
fail() { printf '\n(walk) FAILED: %s\n' "$*" >&2; exit 1; }

cleanup() {
  set +e
  say "undoing what the guide did to this host"
  [[ -n ${TRAFFIC_PID:-} ]] && kill "$TRAFFIC_PID" 2>/dev/null
  [[ -n ${STRIPE_PID:-} ]] && kill "$STRIPE_PID" 2>/dev/null
  [[ -e /etc/systemd/system/community@.service ]] && systemctl stop community@3001 community@3002
  rm -f /etc/nginx/conf.d/community.conf /etc/nginx/snippets/proxy-to-app.conf
  if [[ $NGINX_WAS_RUNNING == yes ]]; then nginx -s reload; else systemctl stop nginx; fi
  su postgres -c "psql -q -c 'drop database if exists community' -c 'drop role if exists community'" >/dev/null 2>&1
  [[ $CLUSTER_WAS_DOWN == yes ]] && pg_ctlcluster 15 main stop
  rm -rf /srv/community /etc/community /var/lib/community /var/cache/nginx/community /etc/ssl/community /etc/systemd/system/community@.service /backups/community-*
  userdel community 2>/dev/null
  sed -i '/# community-walk$/d' /etc/hosts
  echo "(walk) logs and summaries are in $WORK"
}
trap cleanup EXIT
trap "exit 130" INT TERM  # so that a stopped walk undoes its changes too

# The repository the guide clones (git.example): this checkout's committed HEAD.
git init --quiet --bare "$WALK_SOURCE"
git -C "$REPO" push --quiet "$WALK_SOURCE" HEAD:refs/heads/main
git -C "$WALK_SOURCE" symbolic-ref HEAD refs/heads/main
# community.example is this host, as its DNS record would make it.
echo "127.0.0.1 community.example # community-walk" >> /etc/hosts

# The guide's bash blocks, in order.
awk -v dir="$WORK" '/^```bash$/ { n++; file = sprintf("%s/block-%02d.sh", dir, n); inside = 1; next } /^```$/ { inside = 0; next } inside { print > file }' "$GUIDE"
mapfile -t BLOCKS < <(ls "$WORK"/block-*.sh)
say "the guide has ${#BLOCKS[@]} bash blocks"

before_block() {
  local block=$1
  if grep -q "admin:create" "$block"; then
    say "no terminal here: the password in ADMIN_PASSWORD, as the guide says for scripts"
    export ADMIN_PASSWORD=walk-admin-password-1
  fi
  if grep -q "stripe:sync" "$block"; then
    say "Stripe is out of reach: its stand-in (tests/fakes/stripe.ts), and its keys in /etc/community/env as step 8 says"
    node "$REPO/node_modules/tsx/dist/cli.mjs" "$REPO/scripts/deployment-walk/fake-stripe.ts" > "$WORK/stripe.env" &
    STRIPE_PID=$!
    for _ in $(seq 100); do grep -q STRIPE_SECRET_KEY "$WORK/stripe.env" && break; sleep 0.2; done
    cat "$WORK/stripe.env" >> /etc/community/env
  fi
  if grep -q "current.next" "$block"; then prepare_next_release; start_traffic; fi
}

after_block() {
  local block=$1
  if grep -q "conf.d/" "$block"; then set_up_tls; fi
  if grep -q "current.next" "$block"; then check_upgrade; fi
}

set_up_tls() {
  say "section 7, certificates of our own: a self-signed one for community.example, and the guide's TLS example"
  install -d -m 755 /etc/ssl/community
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=community.example -addext subjectAltName=DNS:community.example \
    -keyout /etc/ssl/community/privkey.pem -out /etc/ssl/community/fullchain.pem 2>/dev/null
  node "$REPO/scripts/deployment-walk/apply-tls.mjs" "$GUIDE" /etc/nginx/conf.d/community.conf
  nginx -t && systemctl reload nginx
  export NODE_EXTRA_CA_CERTS=/etc/ssl/community/fullchain.pem
  say "the guide's check: curl -sI https://community.example/ twice shows X-Cache-Status: HIT the second time"
  curl -sI --cacert /etc/ssl/community/fullchain.pem https://community.example/ >/dev/null
  curl -sI --cacert /etc/ssl/community/fullchain.pem https://community.example/ | tee "$WORK/check-cache.txt" | grep -qi "^x-cache-status: HIT" || fail "no cache HIT: $(cat "$WORK/check-cache.txt")"
  [[ $(curl -s -o /dev/null -w '%{http_code}' http://community.example/) == 301 ]] || fail "http:// does not redirect to https://"
  [[ $(curl -s --cacert /etc/ssl/community/fullchain.pem https://community.example/api/health) == *'"ready":true'* ]] || fail "/api/health through nginx is not ready"
}

prepare_next_release() {
  say "the next release: this checkout plus a changed script and a migration that adds a table"
  local next=$WORK/next-release
  git clone --quiet "file://$WALK_SOURCE" "$next"
  sed -i 's/aria-label="Main"/aria-label="Main" data-release="walk-2"/' "$next/src/components/layout/navbar.tsx"
  echo 'CREATE TABLE IF NOT EXISTS "walk_upgrade_marker" ("id" serial PRIMARY KEY);' > "$next/src/db/migrations/9999_walk_upgrade.sql"
  node -e '
    const fs = require("fs"); const file = process.argv[1]; const journal = JSON.parse(fs.readFileSync(file, "utf8"));
    journal.entries.push({ idx: journal.entries.length, version: "7", when: Date.now(), tag: "9999_walk_upgrade", breakpoints: true });
    fs.writeFileSync(file, JSON.stringify(journal, null, 2));' "$next/src/db/migrations/meta/_journal.json"
  git -C "$next" add -A
  git -C "$next" -c user.name=walk -c user.email=walk@community.example commit --quiet -m "The walk's next release"
  git -C "$next" push --quiet origin HEAD:main
}

start_traffic() {
  say "visitors' traffic through nginx for the whole upgrade"
  node "$REPO/scripts/deployment-walk/traffic.mjs" https://community.example "$WORK/traffic.json" &
  TRAFFIC_PID=$!
  sleep 5
}

check_upgrade() {
  sleep 5
  kill "$TRAFFIC_PID"; wait "$TRAFFIC_PID" || true; TRAFFIC_PID=
  node -e '
    const { total, errors } = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    console.log(`(walk) traffic during the upgrade: ${total} answers, ${errors.length} errors`);
    if (errors.length) { console.log(JSON.stringify(errors.slice(0, 20), null, 2)); process.exit(1); }
    if (total < 100) { console.log("(walk) too little traffic to tell"); process.exit(1); }' "$WORK/traffic.json" || fail "errors during the upgrade"
  for port in 3001 3002; do
    # For the site's host: a page asked for under another is redirected to APP_URL.
    curl -fsS -H "Host: community.example" "http://127.0.0.1:$port/" | grep -q 'data-release="walk-2"' || fail "instance $port does not serve the new release"
  done
  [[ $(su postgres -c "psql -tA community -c \"select to_regclass('public.walk_upgrade_marker') is not null\"") == t ]] || fail "the new release's migration was not applied"
  say "upgrade: both instances on the new release, its migration applied, no error"
}

check_backup() {
  say "Backups: the guide's command, and who may read what it wrote"
  local line
  line=$(grep -o '`npm run db:backup -- [^`]*`' "$GUIDE" | head -1 | tr -d '`')
  (cd /srv/community/current && set -a && . /etc/community/env && set +a && eval "$line")
  local dir
  dir=$(ls -d /backups/community-* | head -1)
  [[ $(stat -c %a "$dir") == 700 && $(stat -c %a "$dir/database.dump") == 600 ]] || fail "the backup is readable by others"
}

for block in "${BLOCKS[@]}"; do
  say "$(basename "$block"):"
  sed 's/^/    /' "$block"
  before_block "$block"
  # shellcheck disable=SC1090
  source "$block"
  after_block "$block"
done
check_backup
say "the guide walked from a bare host: every block ran, every check passed"
