"""Runs scim2-tester (pinned in scripts/scim2-tester.sh) against one SCIM connection of a live server.

Usage: scim2_tester_run.py <base_url> <token> <verified_domain>

Every check scim2-tester has runs (no tag is excluded); the run fails unless each result is one of
the passing statuses (SUCCESS, COMPLIANT, ACCEPTABLE). The one adjustment: the tester draws email
addresses at random domains (`<uuid>@<uuid>.com`) and userNames as random strings, which this
service refuses by design (a directory provisions only its organization's verified domains,
docs/sso.md "SCIM"), so the values it generates for `userName` and `emails.value` are addresses in
the connection's verified domain; everything else it generates and checks is its own.
"""

import sys
import uuid

from httpx2 import Client
from scim2_client.engines.httpx2 import SyncSCIMClient

import scim2_tester.checkers.patch_add as patch_add
import scim2_tester.checkers.patch_replace as patch_replace
import scim2_tester.filling as filling
from scim2_tester import Status, check_server

base_url, token, domain = sys.argv[1], sys.argv[2], sys.argv[3]

generate = filling.generate_random_value


def is_address(path):
    """userName, or an email's value (the tester's own test for an email, filling.py)."""
    binding = path.resolve()
    model = binding.target_model if binding else path.model
    field = binding.target_field_name if binding else None
    name = str(path)
    email = name.endswith("emails.value") or (field == "value" and model and "email" in model.__name__.lower())
    return email or name.endswith("userName") or field == "user_name"


def in_domain(context, path, mutability=None, required=None):
    value = generate(context, path=path, mutability=mutability, required=required)
    if value is not None and is_address(path):
        address = f"{uuid.uuid4().hex[:12]}@{domain}"
        return [address] if isinstance(value, list) else address
    return value


# The checkers import the function by name: each module's reference is replaced.
for module in (filling, patch_add, patch_replace):
    module.generate_random_value = in_domain

PASSING = {Status.SUCCESS, Status.COMPLIANT, Status.ACCEPTABLE}

with Client(base_url=base_url, headers={"Authorization": f"Bearer {token}"}, timeout=30) as http:
    client = SyncSCIMClient(http)
    results = check_server(client)

failed = [r for r in results if r.status not in PASSING]
for r in results:
    mark = "ok  " if r.status in PASSING else "FAIL"
    print(f"{mark} {r.status.name:<10} {r.resource_type or '-':<6} {r.title}: {r.reason or ''}"[:400])
counts = {}
for r in results:
    counts[r.status.name] = counts.get(r.status.name, 0) + 1
print(f"scim2-tester: {len(results)} checks, " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))
print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
sys.exit(1 if failed or not results else 0)
