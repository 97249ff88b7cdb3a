from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.saml_assertion_consumer_body import SamlAssertionConsumerBody
from ...models.saml_assertion_consumer_response_200 import (
    SamlAssertionConsumerResponse200,
)
from ...types import Response


def _get_kwargs(
    connection: str,
    *,
    body: SamlAssertionConsumerBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/saml/acs/{connection}".format(
            connection=quote(str(connection), safe=""),
        ),
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | SamlAssertionConsumerResponse200 | None:
    if response.status_code == 200:
        response_200 = SamlAssertionConsumerResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorEnvelope.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = ErrorEnvelope.from_dict(response.json())

        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorEnvelope | SamlAssertionConsumerResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    connection: str,
    *,
    client: AuthenticatedClient | Client,
    body: SamlAssertionConsumerBody,
) -> Response[ErrorEnvelope | SamlAssertionConsumerResponse200]:
    """SAML assertion consumer service (HTTP-POST binding)

     Verifies the IdP's signed Response (configured certificates only, exclusive c14n, RSA-SHA256,
    audience, recipient, validity window, InResponseTo, one-time assertion ids), provisions the user
    into the organization with the mapped role, and answers like POST /v1/auth/login.

    Args:
        connection (str):
        body (SamlAssertionConsumerBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SamlAssertionConsumerResponse200]
    """

    kwargs = _get_kwargs(
        connection=connection,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    connection: str,
    *,
    client: AuthenticatedClient | Client,
    body: SamlAssertionConsumerBody,
) -> ErrorEnvelope | SamlAssertionConsumerResponse200 | None:
    """SAML assertion consumer service (HTTP-POST binding)

     Verifies the IdP's signed Response (configured certificates only, exclusive c14n, RSA-SHA256,
    audience, recipient, validity window, InResponseTo, one-time assertion ids), provisions the user
    into the organization with the mapped role, and answers like POST /v1/auth/login.

    Args:
        connection (str):
        body (SamlAssertionConsumerBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SamlAssertionConsumerResponse200
    """

    return sync_detailed(
        connection=connection,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    connection: str,
    *,
    client: AuthenticatedClient | Client,
    body: SamlAssertionConsumerBody,
) -> Response[ErrorEnvelope | SamlAssertionConsumerResponse200]:
    """SAML assertion consumer service (HTTP-POST binding)

     Verifies the IdP's signed Response (configured certificates only, exclusive c14n, RSA-SHA256,
    audience, recipient, validity window, InResponseTo, one-time assertion ids), provisions the user
    into the organization with the mapped role, and answers like POST /v1/auth/login.

    Args:
        connection (str):
        body (SamlAssertionConsumerBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SamlAssertionConsumerResponse200]
    """

    kwargs = _get_kwargs(
        connection=connection,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    connection: str,
    *,
    client: AuthenticatedClient | Client,
    body: SamlAssertionConsumerBody,
) -> ErrorEnvelope | SamlAssertionConsumerResponse200 | None:
    """SAML assertion consumer service (HTTP-POST binding)

     Verifies the IdP's signed Response (configured certificates only, exclusive c14n, RSA-SHA256,
    audience, recipient, validity window, InResponseTo, one-time assertion ids), provisions the user
    into the organization with the mapped role, and answers like POST /v1/auth/login.

    Args:
        connection (str):
        body (SamlAssertionConsumerBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SamlAssertionConsumerResponse200
    """

    return (
        await asyncio_detailed(
            connection=connection,
            client=client,
            body=body,
        )
    ).parsed
