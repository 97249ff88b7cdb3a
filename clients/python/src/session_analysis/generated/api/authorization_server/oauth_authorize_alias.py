from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.oauth_authorize_alias_code_challenge_method import (
    OauthAuthorizeAliasCodeChallengeMethod,
)
from ...models.oauth_authorize_alias_response_type import (
    OauthAuthorizeAliasResponseType,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    response_type: OauthAuthorizeAliasResponseType,
    client_id: str,
    redirect_uri: str,
    scope: str | Unset = UNSET,
    state: str | Unset = UNSET,
    code_challenge: str | Unset = UNSET,
    code_challenge_method: OauthAuthorizeAliasCodeChallengeMethod | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_response_type = response_type.value
    params["response_type"] = json_response_type

    params["client_id"] = client_id

    params["redirect_uri"] = redirect_uri

    params["scope"] = scope

    params["state"] = state

    params["code_challenge"] = code_challenge

    json_code_challenge_method: str | Unset = UNSET
    if not isinstance(code_challenge_method, Unset):
        json_code_challenge_method = code_challenge_method.value

    params["code_challenge_method"] = json_code_challenge_method

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/oauth/authorize",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | str | None:
    if response.status_code == 302:
        response_302 = cast(Any, None)
        return response_302

    if response.status_code == 400:
        response_400 = response.text
        return response_400

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    response_type: OauthAuthorizeAliasResponseType,
    client_id: str,
    redirect_uri: str,
    scope: str | Unset = UNSET,
    state: str | Unset = UNSET,
    code_challenge: str | Unset = UNSET,
    code_challenge_method: OauthAuthorizeAliasCodeChallengeMethod | Unset = UNSET,
) -> Response[Any | str]:
    """Alias of /oauth2/authorize (the spec's second reference)

     Validates the request as /oauth2/authorize does, then redirects a valid one with the same query
    string to that canonical endpoint. An unknown client or redirect URI is answered with an error page
    and never redirected; any other error goes back to the client's redirect URI with `error` and
    `state` (RFC 6749 §4.1.2.1).

    Args:
        response_type (OauthAuthorizeAliasResponseType):
        client_id (str):
        redirect_uri (str):
        scope (str | Unset):
        state (str | Unset):
        code_challenge (str | Unset):
        code_challenge_method (OauthAuthorizeAliasCodeChallengeMethod | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | str]
    """

    kwargs = _get_kwargs(
        response_type=response_type,
        client_id=client_id,
        redirect_uri=redirect_uri,
        scope=scope,
        state=state,
        code_challenge=code_challenge,
        code_challenge_method=code_challenge_method,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    response_type: OauthAuthorizeAliasResponseType,
    client_id: str,
    redirect_uri: str,
    scope: str | Unset = UNSET,
    state: str | Unset = UNSET,
    code_challenge: str | Unset = UNSET,
    code_challenge_method: OauthAuthorizeAliasCodeChallengeMethod | Unset = UNSET,
) -> Any | str | None:
    """Alias of /oauth2/authorize (the spec's second reference)

     Validates the request as /oauth2/authorize does, then redirects a valid one with the same query
    string to that canonical endpoint. An unknown client or redirect URI is answered with an error page
    and never redirected; any other error goes back to the client's redirect URI with `error` and
    `state` (RFC 6749 §4.1.2.1).

    Args:
        response_type (OauthAuthorizeAliasResponseType):
        client_id (str):
        redirect_uri (str):
        scope (str | Unset):
        state (str | Unset):
        code_challenge (str | Unset):
        code_challenge_method (OauthAuthorizeAliasCodeChallengeMethod | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | str
    """

    return sync_detailed(
        client=client,
        response_type=response_type,
        client_id=client_id,
        redirect_uri=redirect_uri,
        scope=scope,
        state=state,
        code_challenge=code_challenge,
        code_challenge_method=code_challenge_method,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    response_type: OauthAuthorizeAliasResponseType,
    client_id: str,
    redirect_uri: str,
    scope: str | Unset = UNSET,
    state: str | Unset = UNSET,
    code_challenge: str | Unset = UNSET,
    code_challenge_method: OauthAuthorizeAliasCodeChallengeMethod | Unset = UNSET,
) -> Response[Any | str]:
    """Alias of /oauth2/authorize (the spec's second reference)

     Validates the request as /oauth2/authorize does, then redirects a valid one with the same query
    string to that canonical endpoint. An unknown client or redirect URI is answered with an error page
    and never redirected; any other error goes back to the client's redirect URI with `error` and
    `state` (RFC 6749 §4.1.2.1).

    Args:
        response_type (OauthAuthorizeAliasResponseType):
        client_id (str):
        redirect_uri (str):
        scope (str | Unset):
        state (str | Unset):
        code_challenge (str | Unset):
        code_challenge_method (OauthAuthorizeAliasCodeChallengeMethod | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | str]
    """

    kwargs = _get_kwargs(
        response_type=response_type,
        client_id=client_id,
        redirect_uri=redirect_uri,
        scope=scope,
        state=state,
        code_challenge=code_challenge,
        code_challenge_method=code_challenge_method,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    response_type: OauthAuthorizeAliasResponseType,
    client_id: str,
    redirect_uri: str,
    scope: str | Unset = UNSET,
    state: str | Unset = UNSET,
    code_challenge: str | Unset = UNSET,
    code_challenge_method: OauthAuthorizeAliasCodeChallengeMethod | Unset = UNSET,
) -> Any | str | None:
    """Alias of /oauth2/authorize (the spec's second reference)

     Validates the request as /oauth2/authorize does, then redirects a valid one with the same query
    string to that canonical endpoint. An unknown client or redirect URI is answered with an error page
    and never redirected; any other error goes back to the client's redirect URI with `error` and
    `state` (RFC 6749 §4.1.2.1).

    Args:
        response_type (OauthAuthorizeAliasResponseType):
        client_id (str):
        redirect_uri (str):
        scope (str | Unset):
        state (str | Unset):
        code_challenge (str | Unset):
        code_challenge_method (OauthAuthorizeAliasCodeChallengeMethod | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | str
    """

    return (
        await asyncio_detailed(
            client=client,
            response_type=response_type,
            client_id=client_id,
            redirect_uri=redirect_uri,
            scope=scope,
            state=state,
            code_challenge=code_challenge,
            code_challenge_method=code_challenge_method,
        )
    ).parsed
