#!/usr/bin/env bash
# scim2-tester (a third-party SCIM 2.0 conformance checker, PyPI, pinned) against one SCIM connection of
# a fresh `wrangler dev` (issue 48, docs/sso.md "SCIM"): discovery, then create, read, query, replace,
# patch and delete of Users and Groups, every check it has. Creates its pinned venv under .venv/ itself.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=.venv/scim2-tester
VERSION=0.5.2
CLIENT=0.13.2
if ! "$VENV/bin/pip" show scim2-tester 2>/dev/null | grep -q "^Version: $VERSION$"; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check "scim2-tester==$VERSION" "scim2-client[httpx2]==$CLIENT"
fi
# wrangler dev serves the console's build as static assets (CI builds it in an earlier step).
[ -d console/dist ] || npm run console:build
exec node_modules/.bin/tsx scripts/scim2-tester.ts
