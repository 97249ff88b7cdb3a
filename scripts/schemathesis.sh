#!/usr/bin/env bash
# Schemathesis (a third-party, property-based API fuzzer) against `wrangler dev` over the served
# /v1/openapi.json (issue 34). Creates its pinned venv under .venv/ itself; the run is bounded
# (examples per operation, wall time) and prints its seed so a failure can be replayed:
#   SCHEMATHESIS_SEED=<seed> scripts/schemathesis.sh
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=.venv/schemathesis
VERSION=4.32.5
if ! "$VENV/bin/schemathesis" --version 2>/dev/null | grep -q "$VERSION"; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q "schemathesis==$VERSION"
fi
# wrangler dev serves the console's build as static assets (CI builds it in an earlier step).
[ -d console/dist ] || npm run console:build
exec node_modules/.bin/tsx scripts/schemathesis.ts
