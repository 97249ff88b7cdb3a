from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.receive_stripe_event_response_200 import ReceiveStripeEventResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_client_version, Unset):
        headers["X-Client-Version"] = x_client_version

    if not isinstance(x_d1_bookmark, Unset):
        headers["X-D1-Bookmark"] = x_d1_bookmark

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/billing/stripe/webhook",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | ReceiveStripeEventResponse200 | None:
    if response.status_code == 200:
        response_200 = ReceiveStripeEventResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if response.status_code == 422:
        response_422 = ErrorEnvelope.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = ErrorEnvelope.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = ErrorEnvelope.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorEnvelope | ReceiveStripeEventResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | ReceiveStripeEventResponse200]:
    """Stripe's webhook (called by Stripe, not by clients)

     Where Stripe delivers events about charges (PAYMENT_GATEWAY=stripe). No credential: the raw JSON
    body must carry a valid `Stripe-Signature` header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body"
    with the endpoint's signing secret>`, several v1 while a secret rolls), at most 300 s old, else 400
    WEBHOOK_SIGNATURE_INVALID; 503 PAYMENT_PROVIDER_UNAVAILABLE while no signing secret is configured.
    Each event id is applied once: a redelivery answers 200 `duplicate`; a type we do not act on answers
    200 `ignored`. Acted on: `charge.refunded`, `charge.dispute.created`,
    `payment_intent.payment_failed` — credits taken back (never below a zero balance) and
    `billing.payment_reversed`, or, for a subscription fee, past_due and dunning (docs/decisions.md,
    "Billing cycle").

    Args:
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ReceiveStripeEventResponse200]
    """

    kwargs = _get_kwargs(
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | ReceiveStripeEventResponse200 | None:
    """Stripe's webhook (called by Stripe, not by clients)

     Where Stripe delivers events about charges (PAYMENT_GATEWAY=stripe). No credential: the raw JSON
    body must carry a valid `Stripe-Signature` header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body"
    with the endpoint's signing secret>`, several v1 while a secret rolls), at most 300 s old, else 400
    WEBHOOK_SIGNATURE_INVALID; 503 PAYMENT_PROVIDER_UNAVAILABLE while no signing secret is configured.
    Each event id is applied once: a redelivery answers 200 `duplicate`; a type we do not act on answers
    200 `ignored`. Acted on: `charge.refunded`, `charge.dispute.created`,
    `payment_intent.payment_failed` — credits taken back (never below a zero balance) and
    `billing.payment_reversed`, or, for a subscription fee, past_due and dunning (docs/decisions.md,
    "Billing cycle").

    Args:
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ReceiveStripeEventResponse200
    """

    return sync_detailed(
        client=client,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | ReceiveStripeEventResponse200]:
    """Stripe's webhook (called by Stripe, not by clients)

     Where Stripe delivers events about charges (PAYMENT_GATEWAY=stripe). No credential: the raw JSON
    body must carry a valid `Stripe-Signature` header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body"
    with the endpoint's signing secret>`, several v1 while a secret rolls), at most 300 s old, else 400
    WEBHOOK_SIGNATURE_INVALID; 503 PAYMENT_PROVIDER_UNAVAILABLE while no signing secret is configured.
    Each event id is applied once: a redelivery answers 200 `duplicate`; a type we do not act on answers
    200 `ignored`. Acted on: `charge.refunded`, `charge.dispute.created`,
    `payment_intent.payment_failed` — credits taken back (never below a zero balance) and
    `billing.payment_reversed`, or, for a subscription fee, past_due and dunning (docs/decisions.md,
    "Billing cycle").

    Args:
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ReceiveStripeEventResponse200]
    """

    kwargs = _get_kwargs(
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | ReceiveStripeEventResponse200 | None:
    """Stripe's webhook (called by Stripe, not by clients)

     Where Stripe delivers events about charges (PAYMENT_GATEWAY=stripe). No credential: the raw JSON
    body must carry a valid `Stripe-Signature` header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body"
    with the endpoint's signing secret>`, several v1 while a secret rolls), at most 300 s old, else 400
    WEBHOOK_SIGNATURE_INVALID; 503 PAYMENT_PROVIDER_UNAVAILABLE while no signing secret is configured.
    Each event id is applied once: a redelivery answers 200 `duplicate`; a type we do not act on answers
    200 `ignored`. Acted on: `charge.refunded`, `charge.dispute.created`,
    `payment_intent.payment_failed` — credits taken back (never below a zero balance) and
    `billing.payment_reversed`, or, for a subscription fee, past_due and dunning (docs/decisions.md,
    "Billing cycle").

    Args:
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ReceiveStripeEventResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            x_client_version=x_client_version,
            x_d1_bookmark=x_d1_bookmark,
        )
    ).parsed
