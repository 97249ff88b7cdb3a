from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delete_account_request import DeleteAccountRequest
from ...models.error_envelope import ErrorEnvelope
from ...models.message_envelope import MessageEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: DeleteAccountRequest,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_organization_id, Unset):
        headers["x-organization-id"] = x_organization_id

    if not isinstance(x_client_version, Unset):
        headers["X-Client-Version"] = x_client_version

    if not isinstance(x_d1_bookmark, Unset):
        headers["X-D1-Bookmark"] = x_d1_bookmark

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/users/me",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | MessageEnvelope | None:
    if response.status_code == 200:
        response_200 = MessageEnvelope.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorEnvelope.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = ErrorEnvelope.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = ErrorEnvelope.from_dict(response.json())

        return response_413

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
) -> Response[ErrorEnvelope | MessageEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: DeleteAccountRequest,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | MessageEnvelope]:
    """Delete the caller's account

     Re-authenticates with `password`. Refused with 409 `LAST_OWNER` while the caller is the only owner
    of an organization (`details.organizations` names each). Otherwise every sign-in, refresh token,
    OAuth grant and client, API key and second factor is revoked, memberships end, live WebSockets
    close, and the email, username and addresses are erased; the ledger and audit entries stay under a
    pseudonym (docs/storage.md "Account deletion"). Pending and processing personal sessions are
    cancelled (refunded by the usual rule) and the content of ended ones erased; a notice is mailed to
    the old address; the payment processor's customer is deleted after the deletion, retried while the
    processor is down. The last-owner rule is re-checked inside the erasure's own batch. Account
    security: only the account's holder, signed in (a password, passkey or SSO sign-in's access token,
    or the console's session), may do this: an API key or an OAuth client's token (MCP and client-
    credentials ones included) gets 403 `INSUFFICIENT_PERMISSIONS` (`details.reason: sign_in_required`);
    with a second factor on the account it also needs a step-up check in the last 10 minutes (`POST
    /v1/auth/mfa/step-up`; 403 `MFA_REQUIRED` otherwise).

    Args:
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (DeleteAccountRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | MessageEnvelope]
    """

    kwargs = _get_kwargs(
        body=body,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: DeleteAccountRequest,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | MessageEnvelope | None:
    """Delete the caller's account

     Re-authenticates with `password`. Refused with 409 `LAST_OWNER` while the caller is the only owner
    of an organization (`details.organizations` names each). Otherwise every sign-in, refresh token,
    OAuth grant and client, API key and second factor is revoked, memberships end, live WebSockets
    close, and the email, username and addresses are erased; the ledger and audit entries stay under a
    pseudonym (docs/storage.md "Account deletion"). Pending and processing personal sessions are
    cancelled (refunded by the usual rule) and the content of ended ones erased; a notice is mailed to
    the old address; the payment processor's customer is deleted after the deletion, retried while the
    processor is down. The last-owner rule is re-checked inside the erasure's own batch. Account
    security: only the account's holder, signed in (a password, passkey or SSO sign-in's access token,
    or the console's session), may do this: an API key or an OAuth client's token (MCP and client-
    credentials ones included) gets 403 `INSUFFICIENT_PERMISSIONS` (`details.reason: sign_in_required`);
    with a second factor on the account it also needs a step-up check in the last 10 minutes (`POST
    /v1/auth/mfa/step-up`; 403 `MFA_REQUIRED` otherwise).

    Args:
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (DeleteAccountRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | MessageEnvelope
    """

    return sync_detailed(
        client=client,
        body=body,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: DeleteAccountRequest,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | MessageEnvelope]:
    """Delete the caller's account

     Re-authenticates with `password`. Refused with 409 `LAST_OWNER` while the caller is the only owner
    of an organization (`details.organizations` names each). Otherwise every sign-in, refresh token,
    OAuth grant and client, API key and second factor is revoked, memberships end, live WebSockets
    close, and the email, username and addresses are erased; the ledger and audit entries stay under a
    pseudonym (docs/storage.md "Account deletion"). Pending and processing personal sessions are
    cancelled (refunded by the usual rule) and the content of ended ones erased; a notice is mailed to
    the old address; the payment processor's customer is deleted after the deletion, retried while the
    processor is down. The last-owner rule is re-checked inside the erasure's own batch. Account
    security: only the account's holder, signed in (a password, passkey or SSO sign-in's access token,
    or the console's session), may do this: an API key or an OAuth client's token (MCP and client-
    credentials ones included) gets 403 `INSUFFICIENT_PERMISSIONS` (`details.reason: sign_in_required`);
    with a second factor on the account it also needs a step-up check in the last 10 minutes (`POST
    /v1/auth/mfa/step-up`; 403 `MFA_REQUIRED` otherwise).

    Args:
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (DeleteAccountRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | MessageEnvelope]
    """

    kwargs = _get_kwargs(
        body=body,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: DeleteAccountRequest,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | MessageEnvelope | None:
    """Delete the caller's account

     Re-authenticates with `password`. Refused with 409 `LAST_OWNER` while the caller is the only owner
    of an organization (`details.organizations` names each). Otherwise every sign-in, refresh token,
    OAuth grant and client, API key and second factor is revoked, memberships end, live WebSockets
    close, and the email, username and addresses are erased; the ledger and audit entries stay under a
    pseudonym (docs/storage.md "Account deletion"). Pending and processing personal sessions are
    cancelled (refunded by the usual rule) and the content of ended ones erased; a notice is mailed to
    the old address; the payment processor's customer is deleted after the deletion, retried while the
    processor is down. The last-owner rule is re-checked inside the erasure's own batch. Account
    security: only the account's holder, signed in (a password, passkey or SSO sign-in's access token,
    or the console's session), may do this: an API key or an OAuth client's token (MCP and client-
    credentials ones included) gets 403 `INSUFFICIENT_PERMISSIONS` (`details.reason: sign_in_required`);
    with a second factor on the account it also needs a step-up check in the last 10 minutes (`POST
    /v1/auth/mfa/step-up`; 403 `MFA_REQUIRED` otherwise).

    Args:
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (DeleteAccountRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | MessageEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_organization_id=x_organization_id,
            x_client_version=x_client_version,
            x_d1_bookmark=x_d1_bookmark,
        )
    ).parsed
