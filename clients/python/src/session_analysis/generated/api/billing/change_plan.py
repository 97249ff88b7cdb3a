from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.change_plan_response_200 import ChangePlanResponse200
from ...models.error_envelope import ErrorEnvelope
from ...models.plan_change_request import PlanChangeRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PlanChangeRequest,
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
        "method": "put",
        "url": "/billing/plan",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChangePlanResponse200 | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = ChangePlanResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

    if response.status_code == 402:
        response_402 = ErrorEnvelope.from_dict(response.json())

        return response_402

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

    if response.status_code == 502:
        response_502 = ErrorEnvelope.from_dict(response.json())

        return response_502

    if response.status_code == 503:
        response_503 = ErrorEnvelope.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ChangePlanResponse200 | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PlanChangeRequest,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ChangePlanResponse200 | ErrorEnvelope]:
    """Change plan

     An upgrade takes effect now: the fee difference for the rest of the period is charged and the
    prorated difference of included credits granted (while trialing: no charge, the trial continues on
    the new plan). A downgrade (basic included) takes effect at `current_period_end` (`pending_tier`
    until then); sending the current tier cancels a pending downgrade. Sessions over the lower plan's
    concurrency cap are left to finish. A paid tier needs the caller's verified email (403
    `EMAIL_NOT_VERIFIED`).

    Args:
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (PlanChangeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChangePlanResponse200 | ErrorEnvelope]
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
    body: PlanChangeRequest,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ChangePlanResponse200 | ErrorEnvelope | None:
    """Change plan

     An upgrade takes effect now: the fee difference for the rest of the period is charged and the
    prorated difference of included credits granted (while trialing: no charge, the trial continues on
    the new plan). A downgrade (basic included) takes effect at `current_period_end` (`pending_tier`
    until then); sending the current tier cancels a pending downgrade. Sessions over the lower plan's
    concurrency cap are left to finish. A paid tier needs the caller's verified email (403
    `EMAIL_NOT_VERIFIED`).

    Args:
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (PlanChangeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChangePlanResponse200 | ErrorEnvelope
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
    body: PlanChangeRequest,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ChangePlanResponse200 | ErrorEnvelope]:
    """Change plan

     An upgrade takes effect now: the fee difference for the rest of the period is charged and the
    prorated difference of included credits granted (while trialing: no charge, the trial continues on
    the new plan). A downgrade (basic included) takes effect at `current_period_end` (`pending_tier`
    until then); sending the current tier cancels a pending downgrade. Sessions over the lower plan's
    concurrency cap are left to finish. A paid tier needs the caller's verified email (403
    `EMAIL_NOT_VERIFIED`).

    Args:
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (PlanChangeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChangePlanResponse200 | ErrorEnvelope]
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
    body: PlanChangeRequest,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ChangePlanResponse200 | ErrorEnvelope | None:
    """Change plan

     An upgrade takes effect now: the fee difference for the rest of the period is charged and the
    prorated difference of included credits granted (while trialing: no charge, the trial continues on
    the new plan). A downgrade (basic included) takes effect at `current_period_end` (`pending_tier`
    until then); sending the current tier cancels a pending downgrade. Sessions over the lower plan's
    concurrency cap are left to finish. A paid tier needs the caller's verified email (403
    `EMAIL_NOT_VERIFIED`).

    Args:
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (PlanChangeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChangePlanResponse200 | ErrorEnvelope
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
