#!/usr/bin/env bash
# Builds deploy/Dockerfile with podman and starts the image (README, "Producción", containers),
# on a machine without Docker Hub or PostgreSQL's apt repository: the base images are made here
# from Debian's packages (debootstrap), and the PostgreSQL client is Debian's. Prints one line
# per check; exits non-zero when any fails.
#
#   bash scripts/deploy/try-image.sh      # as root; about 4 minutes the first time
#
# Installs podman, runc and debootstrap with apt when missing. The podman flags are this kind of
# machine's: crun refuses its cgroups (v1 with v2 beside), so runc with cgroupfs; root cannot
# raise the file and process limits, so each container gets lower ones. Where the network
# inspects TLS with a certificate of its own, the host's CA bundle is mounted for npm.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
PORT=3900
NAME="tienda-prueba-$$"
P=(podman --runtime runc --cgroup-manager=cgroupfs)
LIMITS=(--ulimit nofile=1024:1024 --ulimit nproc=1024:1024)
CA=/etc/ssl/certs/ca-certificates.crt
FAILED=0
pass() { printf 'PASS     %s\n' "$1"; }
fail() { printf 'FAIL     %s\n' "$1"; FAILED=1; }
cleanup() { "${P[@]}" rm -f "$NAME" >/dev/null 2>&1; [ -n "${ROOTFS:-}" ] && rm -rf "$ROOTFS"; }
trap cleanup EXIT

for tool in podman runc debootstrap; do
  command -v "$tool" >/dev/null || apt-get install -y "$tool" >/dev/null || { fail "apt-get install $tool"; exit 1; }
done

# 1. debian:bookworm-slim's stand-in, from Debian's packages.
if ! "${P[@]}" image exists localhost/debian:bookworm-slim; then
  ROOTFS=$(mktemp -d /tmp/tienda-rootfs.XXXXXX)
  debootstrap --variant=minbase bookworm "$ROOTFS" http://deb.debian.org/debian >/dev/null || { fail "debootstrap bookworm"; exit 1; }
  tar -C "$ROOTFS" -c . | "${P[@]}" import - localhost/debian:bookworm-slim >/dev/null || { fail "podman import"; exit 1; }
fi
pass "imagen base localhost/debian:bookworm-slim (debootstrap --variant=minbase bookworm)"

# 2. node:24-bookworm-slim's stand-in: that base with Node 24 and npm 11 from the npm registry.
"${P[@]}" build -q -v "$CA:/run/host-ca.crt:ro" "${LIMITS[@]}" -t localhost/node-build:bookworm \
  -f "$ROOT/deploy/build-image.Containerfile" "$ROOT/deploy" >/dev/null \
  && pass "imagen de construcción localhost/node-build:bookworm (Node 24, npm 11)" || { fail "imagen de construcción"; exit 1; }

# 3. The shop's image, from deploy/Dockerfile as it is.
start=$SECONDS
if "${P[@]}" build -q -f "$ROOT/deploy/Dockerfile" -v "$CA:/run/host-ca.crt:ro" "${LIMITS[@]}" \
  --build-arg BUILD_IMAGE=localhost/node-build:bookworm --build-arg RUNTIME_IMAGE=localhost/debian:bookworm-slim \
  --build-arg PG_CLIENT=debian --build-arg NODE_EXTRA_CA_CERTS=/run/host-ca.crt -t localhost/tienda:prueba "$ROOT" >/dev/null; then
  pass "deploy/Dockerfile construida en $((SECONDS - start)) s: $("${P[@]}" image inspect -f '{{.Size}}' localhost/tienda:prueba | awk '{printf "%d MB", $1/1e6}')"
else
  fail "deploy/Dockerfile no se construyó"; exit 1
fi

# 4. Started as compose.yaml starts it (embedded database here), checked from outside.
"${P[@]}" run -d --name "$NAME" "${LIMITS[@]}" -p "127.0.0.1:$PORT:3000" \
  -e BETTER_AUTH_SECRET="$(openssl rand -hex 32)" -e PUBLIC_BASE_URL="http://127.0.0.1:$PORT" localhost/tienda:prueba >/dev/null
ready=""
for second in $(seq 90); do curl -sf -o /dev/null "http://127.0.0.1:$PORT/readyz" && { ready=$second; break; }; sleep 1; done
[ -n "$ready" ] && pass "/readyz 200 a los $ready s del arranque" || fail "/readyz no respondió en 90 s"
title=$(curl -s "http://127.0.0.1:$PORT/" | grep -o '<title>[^<]*</title>')
[[ "$title" == *Termoclima* ]] && pass "portada: $title" || fail "portada sin título de la tienda: $title"
who=$("${P[@]}" exec "$NAME" id -un)
[ "$who" = tienda ] && pass "el proceso corre como el usuario tienda, no root" || fail "usuario del proceso: $who"
modes=$("${P[@]}" exec "$NAME" stat -c '%a' /var/lib/tienda /var/lib/tienda/pglite.lock | tr '\n' ' ')
[ "$modes" = "700 600 " ] && pass "carpeta de datos 0700, ficheros 0600" || fail "permisos de la carpeta de datos: $modes"
versions=$("${P[@]}" exec "$NAME" sh -c 'node_modules/.bin/node -v; pg_dump --version' | tr '\n' ' ')
[[ "$versions" == v24.*pg_dump* ]] && pass "dentro: $versions" || fail "Node 24 y pg_dump dentro de la imagen: $versions"
"${P[@]}" stop -t 15 "$NAME" >/dev/null
grep -q "cerrado limpiamente" <("${P[@]}" logs "$NAME" 2>&1) && pass "SIGTERM: cerrado limpiamente" || fail "SIGTERM sin cierre limpio"
exit $FAILED
