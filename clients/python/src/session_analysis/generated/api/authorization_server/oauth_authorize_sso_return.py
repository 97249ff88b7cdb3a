from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...types import UNSET, Response


def _get_kwargs(
    *,
    handle: str,
    user: str,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["handle"] = handle

    params["user"] = user

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/oauth2/authorize/sso",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | str | None:
    if response.status_code == 303:
        response_303 = cast(Any, None)
        return response_303

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
    handle: str,
    user: str,
) -> Response[Any | str]:
    """Back from the identity provider to the authorize page

     Where the ACS sends the browser after the page's "Sign in with SSO" (RelayState `oauth:<handle>`).
    Signs in only the browser whose cookie holds the same one-time handle (no login CSRF), then
    continues at the consent page with the original request.

    Args:
        handle (str):
        user (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | str]
    """

    kwargs = _get_kwargs(
        handle=handle,
        user=user,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    handle: str,
    user: str,
) -> Any | str | None:
    """Back from the identity provider to the authorize page

     Where the ACS sends the browser after the page's "Sign in with SSO" (RelayState `oauth:<handle>`).
    Signs in only the browser whose cookie holds the same one-time handle (no login CSRF), then
    continues at the consent page with the original request.

    Args:
        handle (str):
        user (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | str
    """

    return sync_detailed(
        client=client,
        handle=handle,
        user=user,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    handle: str,
    user: str,
) -> Response[Any | str]:
    """Back from the identity provider to the authorize page

     Where the ACS sends the browser after the page's "Sign in with SSO" (RelayState `oauth:<handle>`).
    Signs in only the browser whose cookie holds the same one-time handle (no login CSRF), then
    continues at the consent page with the original request.

    Args:
        handle (str):
        user (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | str]
    """

    kwargs = _get_kwargs(
        handle=handle,
        user=user,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    handle: str,
    user: str,
) -> Any | str | None:
    """Back from the identity provider to the authorize page

     Where the ACS sends the browser after the page's "Sign in with SSO" (RelayState `oauth:<handle>`).
    Signs in only the browser whose cookie holds the same one-time handle (no login CSRF), then
    continues at the consent page with the original request.

    Args:
        handle (str):
        user (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | str
    """

    return (
        await asyncio_detailed(
            client=client,
            handle=handle,
            user=user,
        )
    ).parsed
