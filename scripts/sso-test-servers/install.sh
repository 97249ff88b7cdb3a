#!/bin/sh
# Installs the real servers the SSO tests start on loopback: OpenLDAP's slapd (seeded per test
# run from an LDIF, never the system instance) and SimpleSAMLphp under PHP's built-in server.
# xmlsec1 signs test assertions. Called by .ci/run; safe to run twice.
set -eu
export DEBIAN_FRONTEND=noninteractive
# slapd's postinst would create and start a system directory; the tests bring their own.
echo "slapd slapd/no_configuration boolean true" | debconf-set-selections
for attempt in 1 2 3 4 5 6; do
  if apt-get install -y --no-install-recommends slapd ldap-utils simplesamlphp php-cli php-xml php-mbstring xmlsec1 openssl; then
    break
  fi
  echo "apt-get busy (attempt $attempt); retrying in 10 s" >&2
  sleep 10
done
# The system services are never used by the tests.
(service slapd stop || true) >/dev/null 2>&1
(service apache2 stop || true) >/dev/null 2>&1
command -v slapd >/dev/null || test -x /usr/sbin/slapd
command -v xmlsec1 >/dev/null
test -d /usr/share/simplesamlphp
