from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.step_up_mfa_response_200 import StepUpMfaResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: Any,
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
        "method": "post",
        "url": "/auth/mfa/step-up",
    }

    _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | StepUpMfaResponse200 | None:
    if response.status_code == 200:
        response_200 = StepUpMfaResponse200.from_dict(response.json())

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
) -> Response[ErrorEnvelope | StepUpMfaResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: Any,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | StepUpMfaResponse200]:
    """Prove a second factor again for sensitive operations

     Records a second-factor check for the presented access token's sign-in session. For 10 minutes after
    it, the account-security operations (`x-account-security`: factors, recovery codes, password, email,
    sign-ins, API keys, OAuth clients, deletion, an organization's SCIM and SSO connections) and
    changing the payment method or the plan are allowed; without it they answer 403 `MFA_REQUIRED`.
    Needs an access token (an API key has no sign-in session). A passkey answers the challenge of `POST
    /v1/auth/mfa/step-up/options`.

    Args:
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | StepUpMfaResponse200]
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
    body: Any,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | StepUpMfaResponse200 | None:
    """Prove a second factor again for sensitive operations

     Records a second-factor check for the presented access token's sign-in session. For 10 minutes after
    it, the account-security operations (`x-account-security`: factors, recovery codes, password, email,
    sign-ins, API keys, OAuth clients, deletion, an organization's SCIM and SSO connections) and
    changing the payment method or the plan are allowed; without it they answer 403 `MFA_REQUIRED`.
    Needs an access token (an API key has no sign-in session). A passkey answers the challenge of `POST
    /v1/auth/mfa/step-up/options`.

    Args:
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | StepUpMfaResponse200
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
    body: Any,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | StepUpMfaResponse200]:
    """Prove a second factor again for sensitive operations

     Records a second-factor check for the presented access token's sign-in session. For 10 minutes after
    it, the account-security operations (`x-account-security`: factors, recovery codes, password, email,
    sign-ins, API keys, OAuth clients, deletion, an organization's SCIM and SSO connections) and
    changing the payment method or the plan are allowed; without it they answer 403 `MFA_REQUIRED`.
    Needs an access token (an API key has no sign-in session). A passkey answers the challenge of `POST
    /v1/auth/mfa/step-up/options`.

    Args:
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | StepUpMfaResponse200]
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
    body: Any,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | StepUpMfaResponse200 | None:
    """Prove a second factor again for sensitive operations

     Records a second-factor check for the presented access token's sign-in session. For 10 minutes after
    it, the account-security operations (`x-account-security`: factors, recovery codes, password, email,
    sign-ins, API keys, OAuth clients, deletion, an organization's SCIM and SSO connections) and
    changing the payment method or the plan are allowed; without it they answer 403 `MFA_REQUIRED`.
    Needs an access token (an API key has no sign-in session). A passkey answers the challenge of `POST
    /v1/auth/mfa/step-up/options`.

    Args:
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | StepUpMfaResponse200
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
