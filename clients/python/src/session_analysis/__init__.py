"""Python client for the Session Analysis API.

The operations, models and their types are generated from the served OpenAPI document
(``session_analysis.generated``, by openapi-python-client); this package adds what a generator
cannot: credentials, retries with idempotency keys, the envelope unwrapped, one error type,
pagination, Standard Webhooks verification and live progress.
"""

from ._client import AsyncSessionAnalysis, SessionAnalysis
from ._errors import ApiError, ProgressError, SessionAnalysisError, WebhookVerificationError
from ._transport import AsyncRetryTransport, RetryPolicy, RetryTransport
from ._webhooks import sign_webhook, verify_webhook
from .generated.api_version import API_VERSION

__all__ = [
    "API_VERSION",
    "ApiError",
    "AsyncRetryTransport",
    "AsyncSessionAnalysis",
    "ProgressError",
    "RetryPolicy",
    "RetryTransport",
    "SessionAnalysis",
    "SessionAnalysisError",
    "WebhookVerificationError",
    "sign_webhook",
    "verify_webhook",
]
