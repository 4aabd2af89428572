#!/usr/bin/env bash
# Proves the deploy/ layout on this machine without containers (README, "Producción"):
# two instances started with the systemd unit's command line and the env file's variables on a
# scratch PostgreSQL database, behind Debian's nginx running deploy/nginx/tienda.conf with a
# self-signed certificate. Prints one line per check; exits non-zero when any fails.
#
#   bash scripts/deploy/try-layout.sh          # as root; about a minute
#
# Needs: PostgreSQL on 127.0.0.1:5432 (user postgres, trust auth), openssl, curl, ports
# 3001, 3002, 8080 and 8443 free. Installs Debian's nginx with apt when it is missing.
# Everything it starts or creates is stopped and removed on exit.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
export PATH="$ROOT/node_modules/.bin:$PATH"
PORTS=(3001 3002)
HTTP_PORT=8080
HTTPS_PORT=8443
DB="tienda_layout_$$"
PG=(-h 127.0.0.1 -U postgres)
TMP=$(mktemp -d /tmp/tienda-layout.XXXXXX)
declare -A INSTANCE_PID=()
NGINX_CONF="$TMP/nginx/nginx.conf"
NGINX_PID_FILE="$TMP/nginx/nginx.pid"
DB_CREATED=0
FAILED=0

pass() { printf 'PASS     %s\n' "$1"; }
fail() { printf 'FAIL     %s\n' "$1"; FAILED=1; }
pending() { printf 'PENDING  %s\n' "$1"; }
die() { fail "$1"; exit 1; }

cleanup() {
  local code=$?
  trap - EXIT INT TERM
  if [ -f "$NGINX_PID_FILE" ]; then
    local npid
    npid=$(cat "$NGINX_PID_FILE")
    kill -QUIT "$npid" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$npid" 2>/dev/null || break; sleep 0.1; done
  fi
  for port in "${!INSTANCE_PID[@]}"; do
    kill -TERM "${INSTANCE_PID[$port]}" 2>/dev/null
  done
  for port in "${!INSTANCE_PID[@]}"; do
    wait "${INSTANCE_PID[$port]}" 2>/dev/null
  done
  if [ "$FAILED" = 1 ]; then
    for log in "$TMP"/instance-*.log "$TMP/nginx/error.log"; do
      [ -s "$log" ] && { echo "--- last lines of $(basename "$log")"; tail -n 15 "$log"; }
    done
  fi
  [ "$DB_CREATED" = 1 ] && dropdb "${PG[@]}" --if-exists "$DB" >/dev/null 2>&1
  rm -rf "$TMP"
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

status_of() { curl -sk -o /dev/null -w '%{http_code}' --max-time 10 "$@"; }
headers_of() { curl -sk -o /dev/null -D - --max-time 10 "$@" | tr -d '\r'; }

# --- Requirements -----------------------------------------------------------------------------
[ "$(id -u)" = 0 ] || die "run as root (nginx is started as root, as on the server)"
for port in "${PORTS[@]}" "$HTTP_PORT" "$HTTPS_PORT"; do
  if ss -ltnH "sport = :$port" | grep -q .; then die "port $port is already in use"; fi
done
if ! command -v nginx >/dev/null; then
  apt-get install -y nginx >"$TMP/apt.log" 2>&1 || die "apt-get install -y nginx (see apt's output)"
fi
psql "${PG[@]}" -d postgres -Atc 'select 1' >/dev/null 2>&1 || die "no PostgreSQL on 127.0.0.1:5432 with user postgres"
createdb "${PG[@]}" "$DB" || die "createdb $DB"
DB_CREATED=1
pass "scratch database $DB created ($(psql "${PG[@]}" -d "$DB" -Atc 'show server_version'))"

if [ ! -f "$ROOT/build/server/index.js" ]; then
  (cd "$ROOT" && npx react-router build >"$TMP/build.log" 2>&1) || die "npx react-router build (see $TMP/build.log)"
  pass "built the app (npx react-router build)"
fi

# --- The unit's command line ------------------------------------------------------------------
UNIT="$ROOT/deploy/systemd/tienda@.service"
FLAGS=$(node -p 'require(process.argv[1]).config.serverNodeFlags' "$ROOT/package.json")
EXEC=$(sed -n 's/^ExecStart=//p' "$UNIT")
if [ "$EXEC" = "/opt/tienda/node_modules/.bin/node $FLAGS build/server/index.js" ]; then
  pass "tienda@.service runs node with package.json's serverNodeFlags ($FLAGS)"
else
  fail "tienda@.service ExecStart ($EXEC) differs from package.json's serverNodeFlags ($FLAGS)"
fi
if command -v systemd-analyze >/dev/null; then
  # verify checks that the command exists: point /opt/tienda at this checkout for a moment.
  mkdir -p "$TMP/root/etc/systemd/system"
  sed "s#/opt/tienda#$ROOT#g" "$UNIT" >"$TMP/root/etc/systemd/system/tienda@3001.service"
  if (cd "$TMP" && systemd-analyze verify "$TMP/root/etc/systemd/system/tienda@3001.service" >"$TMP/verify.log" 2>&1); then
    pass "systemd-analyze verify tienda@3001.service"
  else
    fail "systemd-analyze verify: $(head -n 3 "$TMP/verify.log" | tr '\n' ' ')"
  fi
fi

# The files the container image keeps (deploy/Dockerfile): package.json, build, drizzle, node_modules.
# A copy of build/ also keeps the instances whole if someone rebuilds the checkout meanwhile.
APP="$TMP/app"
mkdir -p "$APP" "$TMP/data"
cp -r "$ROOT/package.json" "$ROOT/build" "$ROOT/drizzle" "$APP/"
ln -s "$ROOT/node_modules" "$APP/node_modules"
read -ra COMMAND <<<"${EXEC//\/opt\/tienda/$APP}"

# /etc/tienda/tienda.env from the example: its variables, with this trial's values.
SECRET=$(openssl rand -hex 32)
METRICS_TOKEN=$(openssl rand -hex 24)
sed -e "s#^DATABASE_URL=.*#DATABASE_URL=postgres://postgres@127.0.0.1:5432/$DB#" \
    -e "s#^BETTER_AUTH_SECRET=.*#BETTER_AUTH_SECRET=$SECRET#" \
    -e "s#^PUBLIC_BASE_URL=.*#PUBLIC_BASE_URL=https://localhost:$HTTPS_PORT#" \
    -e "s#^DATA_DIR=.*#DATA_DIR=$TMP/data#" \
    -e "s#^METRICS_TOKEN=.*#METRICS_TOKEN=$METRICS_TOKEN#" \
    -e "s#^SMTP_URL=.*#\# SMTP_URL unset: e-mails are written under DATA_DIR/mail#" \
    "$ROOT/deploy/tienda.env.example" >"$TMP/tienda.env"
chmod 0600 "$TMP/tienda.env"
ENV_VARS=()
while IFS= read -r line; do
  case "$line" in '' | '#'*) continue ;; esac
  ENV_VARS+=("$line")
done <"$TMP/tienda.env"
for name in DATABASE_URL BETTER_AUTH_SECRET PUBLIC_BASE_URL TRUST_PROXY HOST DATA_DIR METRICS_TOKEN; do
  printf '%s\n' "${ENV_VARS[@]}" | grep -q "^$name=" || fail "tienda.env.example does not set $name"
done

# --- Two instances, as systemd starts them (clean environment, UMask=0077) ----------------------
for port in "${PORTS[@]}"; do
  (
    cd "$APP" && umask 0077 &&
      exec env -i PATH=/usr/bin:/bin HOME="$TMP/data" "${ENV_VARS[@]}" NODE_ENV=production PORT="$port" "${COMMAND[@]}"
  ) >"$TMP/instance-$port.log" 2>&1 &
  INSTANCE_PID[$port]=$!
done
for port in "${PORTS[@]}"; do
  started=0
  for _ in $(seq 240); do
    kill -0 "${INSTANCE_PID[$port]}" 2>/dev/null || break
    if [ "$(status_of "http://127.0.0.1:$port/healthz")" = 200 ]; then started=1; break; fi
    sleep 0.5
  done
  [ "$started" = 1 ] && pass "instance $port answers /healthz on 127.0.0.1 (both started together: migrations under the advisory lock)" \
    || die "instance $port did not start (see its log below)"
done

# --- nginx with deploy/nginx/tienda.conf --------------------------------------------------------
mkdir -p "$TMP/tls" "$TMP/nginx"/{cache,body,proxy,fastcgi,uwsgi,scgi}
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost" -keyout "$TMP/tls/privkey.pem" -out "$TMP/tls/fullchain.pem" >/dev/null 2>&1 \
  || die "openssl: self-signed certificate"
sed -e "s#/etc/letsencrypt/live/www\.example\.es/#$TMP/tls/#" \
    -e "s#/var/cache/nginx/tienda#$TMP/nginx/cache#" \
    -e "s#server_name www\.example\.es;#server_name localhost;#" \
    -e "s#listen 80;#listen $HTTP_PORT;#" -e "/listen \[::\]:80;/d" \
    -e "s#listen 443 ssl http2;#listen $HTTPS_PORT ssl http2;#" -e "/listen \[::\]:443 ssl http2;/d" \
    -e "s#return 301 https://\$host\$request_uri;#return 301 https://\$host:$HTTPS_PORT\$request_uri;#" \
    "$ROOT/deploy/nginx/tienda.conf" >"$TMP/nginx/tienda.conf"
cat >"$NGINX_CONF" <<CONF
user www-data;
worker_processes 1;
pid $NGINX_PID_FILE;
error_log $TMP/nginx/error.log warn;
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    access_log $TMP/nginx/access.log;
    client_body_temp_path $TMP/nginx/body;
    proxy_temp_path $TMP/nginx/proxy;
    fastcgi_temp_path $TMP/nginx/fastcgi;
    uwsgi_temp_path $TMP/nginx/uwsgi;
    scgi_temp_path $TMP/nginx/scgi;
    include $TMP/nginx/tienda.conf;
}
CONF
chmod 0711 "$TMP"
chown -R www-data "$TMP/nginx"/{cache,body,proxy,fastcgi,uwsgi,scgi}
if nginx -t -q -p "$TMP/nginx/" -e "$TMP/nginx/error.log" -c "$NGINX_CONF" 2>"$TMP/nginx-t.log"; then
  pass "nginx -t: deploy/nginx/tienda.conf (ports $HTTP_PORT/$HTTPS_PORT, self-signed certificate)"
else
  die "nginx -t: $(tr '\n' ' ' <"$TMP/nginx-t.log")"
fi
nginx -p "$TMP/nginx/" -e "$TMP/nginx/error.log" -c "$NGINX_CONF" || die "nginx did not start"
for _ in $(seq 50); do [ -s "$NGINX_PID_FILE" ] && break; sleep 0.1; done
for _ in $(seq 50); do [ "$(status_of "https://localhost:$HTTPS_PORT/healthz")" = 000 ] || break; sleep 0.1; done

# --- Checks through nginx, as a visitor ---------------------------------------------------------
BASE="https://localhost:$HTTPS_PORT"
code=$(status_of "$BASE/healthz")
[ "$code" = 200 ] && pass "GET $BASE/healthz: 200" || fail "GET $BASE/healthz: $code, expected 200"

code=$(status_of "$BASE/readyz")
case "$code" in
  200) pass "GET $BASE/readyz: 200 (database and migrations ready)" ;;
  404) pending "GET $BASE/readyz: 404, the app has no /readyz yet" ;;
  *) fail "GET $BASE/readyz: $code, expected 200" ;;
esac

home=$(headers_of "$BASE/")
code=$(sed -n '1s/^HTTP\/[0-9.]* \([0-9]*\).*/\1/p' <<<"$home")
cache=$(grep -i '^x-page-cache:' <<<"$home" | tr -d '\r' | head -n 1)
if [ "$code" = 200 ] && [ -n "$cache" ]; then pass "GET $BASE/: 200 with $cache"
else fail "GET $BASE/: ${code:-no answer}, X-Page-Cache ${cache:-missing}"; fi
hsts=$(grep -ci '^strict-transport-security:' <<<"$home")
[ "$hsts" = 1 ] && pass "one Strict-Transport-Security header over https" || fail "$hsts Strict-Transport-Security headers, expected 1"

redirect=$(headers_of "http://localhost:$HTTP_PORT/")
code=$(sed -n '1s/^HTTP\/[0-9.]* \([0-9]*\).*/\1/p' <<<"$redirect")
location=$(sed -n 's/^[Ll]ocation: //p' <<<"$redirect")
if [ "$code" = 301 ] && [ "$location" = "$BASE/" ]; then pass "GET http://localhost:$HTTP_PORT/: 301 to $location"
else fail "GET http://localhost:$HTTP_PORT/: ${code:-no answer} to ${location:-nowhere}, expected 301 to $BASE/"; fi

code=$(status_of -H "Authorization: Bearer $METRICS_TOKEN" "$BASE/metrics")
[ "$code" = 403 ] && pass "GET $BASE/metrics from outside, even with the token: 403" || fail "GET $BASE/metrics from outside: $code, expected 403"

code=$(status_of -H "Authorization: Bearer $METRICS_TOKEN" "http://127.0.0.1:${PORTS[0]}/metrics")
case "$code" in
  200) pass "GET http://127.0.0.1:${PORTS[0]}/metrics with the bearer METRICS_TOKEN (as Prometheus on the server): 200" ;;
  404) pending "GET http://127.0.0.1:${PORTS[0]}/metrics: 404, the app has no /metrics yet" ;;
  *) fail "GET http://127.0.0.1:${PORTS[0]}/metrics with the token: $code, expected 200" ;;
esac

code=$(status_of "http://127.0.0.1:${PORTS[0]}/metrics")
case "$code" in
  401) pass "GET http://127.0.0.1:${PORTS[0]}/metrics without the token: 401" ;;
  404) pending "GET http://127.0.0.1:${PORTS[0]}/metrics without the token: 404, the app has no /metrics yet" ;;
  *) fail "GET http://127.0.0.1:${PORTS[0]}/metrics without the token: $code, expected 401" ;;
esac

# --- One instance stops: the other takes over ---------------------------------------------------
stopped=${PORTS[0]}
started_at=$(date +%s%N)
kill -TERM "${INSTANCE_PID[$stopped]}"
exited=0
for _ in $(seq 150); do kill -0 "${INSTANCE_PID[$stopped]}" 2>/dev/null || { exited=1; break; }; sleep 0.1; done
if [ "$exited" = 1 ]; then
  wait "${INSTANCE_PID[$stopped]}"; rc=$?
  unset "INSTANCE_PID[$stopped]"
  took_ms=$((($(date +%s%N) - started_at) / 1000000))
  took="$((took_ms / 1000)).$((took_ms % 1000 / 100))"
  [ "$rc" = 0 ] && pass "instance $stopped stopped on SIGTERM in $took s, exit code 0 (TimeoutStopSec=15)" \
    || fail "instance $stopped exited with code $rc on SIGTERM"
else
  fail "instance $stopped still running 15 s after SIGTERM"
fi
# Addresses nginx has not cached, so that each request reaches an instance.
answered=0
for i in 1 2 3 4 5 6; do
  [ "$(status_of "$BASE/?probe=$$-$i")" = 200 ] && answered=$((answered + 1))
done
[ "$answered" = 6 ] && pass "with instance $stopped stopped, 6 of 6 uncached home pages: 200 (instance ${PORTS[1]} took over)" \
  || fail "with instance $stopped stopped, $answered of 6 uncached home pages answered 200"
code=$(status_of "$BASE/healthz")
[ "$code" = 200 ] && pass "GET $BASE/healthz with one instance: 200" || fail "GET $BASE/healthz with one instance: $code"

[ "$FAILED" = 0 ] && echo "PASS     overall" || echo "FAIL     overall"
exit "$FAILED"
