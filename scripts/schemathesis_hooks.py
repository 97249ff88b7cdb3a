"""Schemathesis hooks for scripts/schemathesis.sh (loaded through SCHEMATHESIS_HOOKS).

An Idempotency-Key means "this request, once" (draft-ietf-httpapi-idempotency-key-header §2):
the same key with another body is refused with 422 (§2.7). A generator that reuses one value
(the documented example, or a shrunk "0") across different bodies is making that mistake, not
sending new valid requests, so every valid key is made unique to its request. Invalid keys (too
long, not printable ASCII) are left as generated, so the negative cases still test the refusal.
"""

import re
import uuid

import schemathesis

VALID_KEY = re.compile(r"^[\x21-\x7e]{1,255}$")


# before_call, not map_headers: the coverage phase builds its cases without the map_* hooks, and
# before_call runs before every request of every phase (examples, coverage, fuzzing, stateful).
@schemathesis.hook
def before_call(context, case, kwargs):
    headers = case.headers
    if not headers:
        return
    for name in list(headers):
        value = headers[name]
        if name.lower() == "idempotency-key" and isinstance(value, str) and VALID_KEY.match(value):
            headers[name] = f"{value[:222]}-{uuid.uuid4().hex}"
