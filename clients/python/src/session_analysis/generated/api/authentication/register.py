from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.register_request import RegisterRequest
from ...models.register_response_201 import RegisterResponse201
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: RegisterRequest,
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
        "url": "/auth/register",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | RegisterResponse201 | None:
    if response.status_code == 201:
        response_201 = RegisterResponse201.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())

        return response_403

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
) -> Response[ErrorEnvelope | RegisterResponse201]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RegisterRequest,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | RegisterResponse201]:
    """Create an account

     Creates a user, mails a verification token (POST /auth/email/verify) and signs them in. No credits
    come with registration: verifying the email grants the free credits, once per address. The account
    starts on the free plan (`user.tier` is `basic`); a paid `tier` chosen here starts its trial when
    the email is verified, once per address. Never makes an administrator. An address in a domain whose
    organization enforces sign-on is refused with 403 `SSO_REQUIRED` naming the way in. At most 10
    accounts an hour per client address.

    Args:
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (RegisterRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | RegisterResponse201]
    """

    kwargs = _get_kwargs(
        body=body,
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
    body: RegisterRequest,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | RegisterResponse201 | None:
    """Create an account

     Creates a user, mails a verification token (POST /auth/email/verify) and signs them in. No credits
    come with registration: verifying the email grants the free credits, once per address. The account
    starts on the free plan (`user.tier` is `basic`); a paid `tier` chosen here starts its trial when
    the email is verified, once per address. Never makes an administrator. An address in a domain whose
    organization enforces sign-on is refused with 403 `SSO_REQUIRED` naming the way in. At most 10
    accounts an hour per client address.

    Args:
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (RegisterRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | RegisterResponse201
    """

    return sync_detailed(
        client=client,
        body=body,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RegisterRequest,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | RegisterResponse201]:
    """Create an account

     Creates a user, mails a verification token (POST /auth/email/verify) and signs them in. No credits
    come with registration: verifying the email grants the free credits, once per address. The account
    starts on the free plan (`user.tier` is `basic`); a paid `tier` chosen here starts its trial when
    the email is verified, once per address. Never makes an administrator. An address in a domain whose
    organization enforces sign-on is refused with 403 `SSO_REQUIRED` naming the way in. At most 10
    accounts an hour per client address.

    Args:
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (RegisterRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | RegisterResponse201]
    """

    kwargs = _get_kwargs(
        body=body,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: RegisterRequest,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | RegisterResponse201 | None:
    """Create an account

     Creates a user, mails a verification token (POST /auth/email/verify) and signs them in. No credits
    come with registration: verifying the email grants the free credits, once per address. The account
    starts on the free plan (`user.tier` is `basic`); a paid `tier` chosen here starts its trial when
    the email is verified, once per address. Never makes an administrator. An address in a domain whose
    organization enforces sign-on is refused with 403 `SSO_REQUIRED` naming the way in. At most 10
    accounts an hour per client address.

    Args:
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (RegisterRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | RegisterResponse201
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_client_version=x_client_version,
            x_d1_bookmark=x_d1_bookmark,
        )
    ).parsed
