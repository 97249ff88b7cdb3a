from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    session_id: str,
    *,
    access_token: str | Unset = UNSET,
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

    params: dict[str, Any] = {}

    params["access_token"] = access_token

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/ws/{session_id}".format(
            session_id=quote(str(session_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ErrorEnvelope | None:
    if response.status_code == 101:
        response_101 = cast(Any, None)
        return response_101

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

    if response.status_code == 422:
        response_422 = ErrorEnvelope.from_dict(response.json())

        return response_422

    if response.status_code == 426:
        response_426 = ErrorEnvelope.from_dict(response.json())

        return response_426

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
) -> Response[Any | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    session_id: str,
    *,
    client: AuthenticatedClient,
    access_token: str | Unset = UNSET,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[Any | ErrorEnvelope]:
    """Live progress over WebSocket

     Opens the session's live-progress WebSocket (the `websocket_url` of a session). Authentication as
    for any call, or — since browsers
    cannot set headers — `Sec-WebSocket-Protocol: bearer, <access token>` (the server selects `bearer`)
    or `?access_token=<token>`.
    The socket is refused before the upgrade (401, 403, 404 envelope) unless it is the caller's session
    and the credential carries the
    family's `:read` scope.

    Server → client: one JSON text frame per message: first a `snapshot`, then a `transition` per status
    change and a `stage` per finished
    stage, each with `seq` increasing by one. After the terminal transition the server closes with code
    1000. When the access the
    socket was opened with ends, the server closes it with code 1008 (policy violation) and a reason:
    `organization membership ended`
    (the caller left or was removed from the session's organization), `API key revoked`, `access token
    revoked` (logout, OAuth
    revocation) or `credential expired` (checked whenever the room wakes). The client may send the
    text `ping` (answered `pong`) or `snapshot` (answered with a fresh snapshot). Message schema (JSON
    Schema of the zod `LiveMessage`):

    ```json
    {
     "$schema": "https://json-schema.org/draft/2020-12/schema",
     "oneOf": [
      {
       "type": "object",
       "properties": {
        "type": {
         "type": "string",
         "const": "snapshot"
        },
        "seq": {
         "type": "integer",
         "minimum": -9007199254740991,
         "maximum": 9007199254740991
        },
        "session_id": {
         "type": "string"
        },
        "status": {
         "type": "string",
         "enum": [
          "pending",
          "processing",
          "completed",
          "failed",
          "cancelled"
         ]
        },
        "stage": {
         "anyOf": [
          {
           "type": "string",
           "enum": [
            "initial_processing",
            "deep_analysis",
            "final_validation"
           ]
          },
          {
           "type": "null"
          }
         ]
        },
        "estimated_completion": {
         "type": "string"
        },
        "started_at": {
         "type": [
          "string",
          "null"
         ]
        },
        "history": {
         "type": "array",
         "items": {
          "type": "object",
          "properties": {
           "timestamp": {
            "type": "string"
           },
           "stage": {
            "type": "string"
           },
           "confidence": {
            "type": "number"
           },
           "notes": {
            "type": "string"
           }
          },
          "required": [
           "timestamp",
           "stage",
           "confidence",
           "notes"
          ],
          "additionalProperties": false
         }
        },
        "sent_at": {
         "type": "string"
        }
       },
       "required": [
        "type",
        "seq",
        "session_id",
        "status",
        "stage",
        "estimated_completion",
        "started_at",
        "history",
        "sent_at"
       ],
       "additionalProperties": false
      },
      {
       "type": "object",
       "properties": {
        "type": {
         "type": "string",
         "const": "transition"
        },
        "seq": {
         "type": "integer",
         "minimum": -9007199254740991,
         "maximum": 9007199254740991
        },
        "session_id": {
         "type": "string"
        },
        "from": {
         "type": "string",
         "enum": [
          "pending",
          "processing",
          "completed",
          "failed",
          "cancelled"
         ]
        },
        "to": {
         "type": "string",
         "enum": [
          "pending",
          "processing",
          "completed",
          "failed",
          "cancelled"
         ]
        },
        "stage": {
         "anyOf": [
          {
           "type": "string",
           "enum": [
            "initial_processing",
            "deep_analysis",
            "final_validation"
           ]
          },
          {
           "type": "null"
          }
         ]
        },
        "at": {
         "type": "string"
        },
        "confidence_score": {
         "type": [
          "number",
          "null"
         ]
        },
        "reason": {
         "type": "string"
        },
        "credits_refunded": {
         "type": "integer",
         "minimum": -9007199254740991,
         "maximum": 9007199254740991
        },
        "sent_at": {
         "type": "string"
        }
       },
       "required": [
        "type",
        "seq",
        "session_id",
        "from",
        "to",
        "stage",
        "at",
        "sent_at"
       ],
       "additionalProperties": false
      },
      {
       "type": "object",
       "properties": {
        "type": {
         "type": "string",
         "const": "stage"
        },
        "seq": {
         "type": "integer",
         "minimum": -9007199254740991,
         "maximum": 9007199254740991
        },
        "session_id": {
         "type": "string"
        },
        "stage": {
         "type": "string",
         "enum": [
          "initial_processing",
          "deep_analysis",
          "final_validation"
         ]
        },
        "entry": {
         "type": "object",
         "properties": {
          "timestamp": {
           "type": "string"
          },
          "stage": {
           "type": "string"
          },
          "confidence": {
           "type": "number"
          },
          "notes": {
           "type": "string"
          }
         },
         "required": [
          "timestamp",
          "stage",
          "confidence",
          "notes"
         ],
         "additionalProperties": false
        },
        "next_stage": {
         "anyOf": [
          {
           "type": "string",
           "enum": [
            "initial_processing",
            "deep_analysis",
            "final_validation"
           ]
          },
          {
           "type": "null"
          }
         ]
        },
        "at": {
         "type": "string"
        },
        "sent_at": {
         "type": "string"
        }
       },
       "required": [
        "type",
        "seq",
        "session_id",
        "stage",
        "entry",
        "next_stage",
        "at",
        "sent_at"
       ],
       "additionalProperties": false
      }
     ]
    }
    ```

    Args:
        session_id (str):  Example: session_1763776000000123456.
        access_token (str | Unset): Access token, for clients that cannot set headers.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        access_token=access_token,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    session_id: str,
    *,
    client: AuthenticatedClient,
    access_token: str | Unset = UNSET,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Any | ErrorEnvelope | None:
    """Live progress over WebSocket

     Opens the session's live-progress WebSocket (the `websocket_url` of a session). Authentication as
    for any call, or — since browsers
    cannot set headers — `Sec-WebSocket-Protocol: bearer, <access token>` (the server selects `bearer`)
    or `?access_token=<token>`.
    The socket is refused before the upgrade (401, 403, 404 envelope) unless it is the caller's session
    and the credential carries the
    family's `:read` scope.

    Server → client: one JSON text frame per message: first a `snapshot`, then a `transition` per status
    change and a `stage` per finished
    stage, each with `seq` increasing by one. After the terminal transition the server closes with code
    1000. When the access the
    socket was opened with ends, the server closes it with code 1008 (policy violation) and a reason:
    `organization membership ended`
    (the caller left or was removed from the session's organization), `API key revoked`, `access token
    revoked` (logout, OAuth
    revocation) or `credential expired` (checked whenever the room wakes). The client may send the
    text `ping` (answered `pong`) or `snapshot` (answered with a fresh snapshot). Message schema (JSON
    Schema of the zod `LiveMessage`):

    ```json
    {
     "$schema": "https://json-schema.org/draft/2020-12/schema",
     "oneOf": [
      {
       "type": "object",
       "properties": {
        "type": {
         "type": "string",
         "const": "snapshot"
        },
        "seq": {
         "type": "integer",
         "minimum": -9007199254740991,
         "maximum": 9007199254740991
        },
        "session_id": {
         "type": "string"
        },
        "status": {
         "type": "string",
         "enum": [
          "pending",
          "processing",
          "completed",
          "failed",
          "cancelled"
         ]
        },
        "stage": {
         "anyOf": [
          {
           "type": "string",
           "enum": [
            "initial_processing",
            "deep_analysis",
            "final_validation"
           ]
          },
          {
           "type": "null"
          }
         ]
        },
        "estimated_completion": {
         "type": "string"
        },
        "started_at": {
         "type": [
          "string",
          "null"
         ]
        },
        "history": {
         "type": "array",
         "items": {
          "type": "object",
          "properties": {
           "timestamp": {
            "type": "string"
           },
           "stage": {
            "type": "string"
           },
           "confidence": {
            "type": "number"
           },
           "notes": {
            "type": "string"
           }
          },
          "required": [
           "timestamp",
           "stage",
           "confidence",
           "notes"
          ],
          "additionalProperties": false
         }
        },
        "sent_at": {
         "type": "string"
        }
       },
       "required": [
        "type",
        "seq",
        "session_id",
        "status",
        "stage",
        "estimated_completion",
        "started_at",
        "history",
        "sent_at"
       ],
       "additionalProperties": false
      },
      {
       "type": "object",
       "properties": {
        "type": {
         "type": "string",
         "const": "transition"
        },
        "seq": {
         "type": "integer",
         "minimum": -9007199254740991,
         "maximum": 9007199254740991
        },
        "session_id": {
         "type": "string"
        },
        "from": {
         "type": "string",
         "enum": [
          "pending",
          "processing",
          "completed",
          "failed",
          "cancelled"
         ]
        },
        "to": {
         "type": "string",
         "enum": [
          "pending",
          "processing",
          "completed",
          "failed",
          "cancelled"
         ]
        },
        "stage": {
         "anyOf": [
          {
           "type": "string",
           "enum": [
            "initial_processing",
            "deep_analysis",
            "final_validation"
           ]
          },
          {
           "type": "null"
          }
         ]
        },
        "at": {
         "type": "string"
        },
        "confidence_score": {
         "type": [
          "number",
          "null"
         ]
        },
        "reason": {
         "type": "string"
        },
        "credits_refunded": {
         "type": "integer",
         "minimum": -9007199254740991,
         "maximum": 9007199254740991
        },
        "sent_at": {
         "type": "string"
        }
       },
       "required": [
        "type",
        "seq",
        "session_id",
        "from",
        "to",
        "stage",
        "at",
        "sent_at"
       ],
       "additionalProperties": false
      },
      {
       "type": "object",
       "properties": {
        "type": {
         "type": "string",
         "const": "stage"
        },
        "seq": {
         "type": "integer",
         "minimum": -9007199254740991,
         "maximum": 9007199254740991
        },
        "session_id": {
         "type": "string"
        },
        "stage": {
         "type": "string",
         "enum": [
          "initial_processing",
          "deep_analysis",
          "final_validation"
         ]
        },
        "entry": {
         "type": "object",
         "properties": {
          "timestamp": {
           "type": "string"
          },
          "stage": {
           "type": "string"
          },
          "confidence": {
           "type": "number"
          },
          "notes": {
           "type": "string"
          }
         },
         "required": [
          "timestamp",
          "stage",
          "confidence",
          "notes"
         ],
         "additionalProperties": false
        },
        "next_stage": {
         "anyOf": [
          {
           "type": "string",
           "enum": [
            "initial_processing",
            "deep_analysis",
            "final_validation"
           ]
          },
          {
           "type": "null"
          }
         ]
        },
        "at": {
         "type": "string"
        },
        "sent_at": {
         "type": "string"
        }
       },
       "required": [
        "type",
        "seq",
        "session_id",
        "stage",
        "entry",
        "next_stage",
        "at",
        "sent_at"
       ],
       "additionalProperties": false
      }
     ]
    }
    ```

    Args:
        session_id (str):  Example: session_1763776000000123456.
        access_token (str | Unset): Access token, for clients that cannot set headers.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope
    """

    return sync_detailed(
        session_id=session_id,
        client=client,
        access_token=access_token,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    ).parsed


async def asyncio_detailed(
    session_id: str,
    *,
    client: AuthenticatedClient,
    access_token: str | Unset = UNSET,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[Any | ErrorEnvelope]:
    """Live progress over WebSocket

     Opens the session's live-progress WebSocket (the `websocket_url` of a session). Authentication as
    for any call, or — since browsers
    cannot set headers — `Sec-WebSocket-Protocol: bearer, <access token>` (the server selects `bearer`)
    or `?access_token=<token>`.
    The socket is refused before the upgrade (401, 403, 404 envelope) unless it is the caller's session
    and the credential carries the
    family's `:read` scope.

    Server → client: one JSON text frame per message: first a `snapshot`, then a `transition` per status
    change and a `stage` per finished
    stage, each with `seq` increasing by one. After the terminal transition the server closes with code
    1000. When the access the
    socket was opened with ends, the server closes it with code 1008 (policy violation) and a reason:
    `organization membership ended`
    (the caller left or was removed from the session's organization), `API key revoked`, `access token
    revoked` (logout, OAuth
    revocation) or `credential expired` (checked whenever the room wakes). The client may send the
    text `ping` (answered `pong`) or `snapshot` (answered with a fresh snapshot). Message schema (JSON
    Schema of the zod `LiveMessage`):

    ```json
    {
     "$schema": "https://json-schema.org/draft/2020-12/schema",
     "oneOf": [
      {
       "type": "object",
       "properties": {
        "type": {
         "type": "string",
         "const": "snapshot"
        },
        "seq": {
         "type": "integer",
         "minimum": -9007199254740991,
         "maximum": 9007199254740991
        },
        "session_id": {
         "type": "string"
        },
        "status": {
         "type": "string",
         "enum": [
          "pending",
          "processing",
          "completed",
          "failed",
          "cancelled"
         ]
        },
        "stage": {
         "anyOf": [
          {
           "type": "string",
           "enum": [
            "initial_processing",
            "deep_analysis",
            "final_validation"
           ]
          },
          {
           "type": "null"
          }
         ]
        },
        "estimated_completion": {
         "type": "string"
        },
        "started_at": {
         "type": [
          "string",
          "null"
         ]
        },
        "history": {
         "type": "array",
         "items": {
          "type": "object",
          "properties": {
           "timestamp": {
            "type": "string"
           },
           "stage": {
            "type": "string"
           },
           "confidence": {
            "type": "number"
           },
           "notes": {
            "type": "string"
           }
          },
          "required": [
           "timestamp",
           "stage",
           "confidence",
           "notes"
          ],
          "additionalProperties": false
         }
        },
        "sent_at": {
         "type": "string"
        }
       },
       "required": [
        "type",
        "seq",
        "session_id",
        "status",
        "stage",
        "estimated_completion",
        "started_at",
        "history",
        "sent_at"
       ],
       "additionalProperties": false
      },
      {
       "type": "object",
       "properties": {
        "type": {
         "type": "string",
         "const": "transition"
        },
        "seq": {
         "type": "integer",
         "minimum": -9007199254740991,
         "maximum": 9007199254740991
        },
        "session_id": {
         "type": "string"
        },
        "from": {
         "type": "string",
         "enum": [
          "pending",
          "processing",
          "completed",
          "failed",
          "cancelled"
         ]
        },
        "to": {
         "type": "string",
         "enum": [
          "pending",
          "processing",
          "completed",
          "failed",
          "cancelled"
         ]
        },
        "stage": {
         "anyOf": [
          {
           "type": "string",
           "enum": [
            "initial_processing",
            "deep_analysis",
            "final_validation"
           ]
          },
          {
           "type": "null"
          }
         ]
        },
        "at": {
         "type": "string"
        },
        "confidence_score": {
         "type": [
          "number",
          "null"
         ]
        },
        "reason": {
         "type": "string"
        },
        "credits_refunded": {
         "type": "integer",
         "minimum": -9007199254740991,
         "maximum": 9007199254740991
        },
        "sent_at": {
         "type": "string"
        }
       },
       "required": [
        "type",
        "seq",
        "session_id",
        "from",
        "to",
        "stage",
        "at",
        "sent_at"
       ],
       "additionalProperties": false
      },
      {
       "type": "object",
       "properties": {
        "type": {
         "type": "string",
         "const": "stage"
        },
        "seq": {
         "type": "integer",
         "minimum": -9007199254740991,
         "maximum": 9007199254740991
        },
        "session_id": {
         "type": "string"
        },
        "stage": {
         "type": "string",
         "enum": [
          "initial_processing",
          "deep_analysis",
          "final_validation"
         ]
        },
        "entry": {
         "type": "object",
         "properties": {
          "timestamp": {
           "type": "string"
          },
          "stage": {
           "type": "string"
          },
          "confidence": {
           "type": "number"
          },
          "notes": {
           "type": "string"
          }
         },
         "required": [
          "timestamp",
          "stage",
          "confidence",
          "notes"
         ],
         "additionalProperties": false
        },
        "next_stage": {
         "anyOf": [
          {
           "type": "string",
           "enum": [
            "initial_processing",
            "deep_analysis",
            "final_validation"
           ]
          },
          {
           "type": "null"
          }
         ]
        },
        "at": {
         "type": "string"
        },
        "sent_at": {
         "type": "string"
        }
       },
       "required": [
        "type",
        "seq",
        "session_id",
        "stage",
        "entry",
        "next_stage",
        "at",
        "sent_at"
       ],
       "additionalProperties": false
      }
     ]
    }
    ```

    Args:
        session_id (str):  Example: session_1763776000000123456.
        access_token (str | Unset): Access token, for clients that cannot set headers.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        access_token=access_token,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    session_id: str,
    *,
    client: AuthenticatedClient,
    access_token: str | Unset = UNSET,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Any | ErrorEnvelope | None:
    """Live progress over WebSocket

     Opens the session's live-progress WebSocket (the `websocket_url` of a session). Authentication as
    for any call, or — since browsers
    cannot set headers — `Sec-WebSocket-Protocol: bearer, <access token>` (the server selects `bearer`)
    or `?access_token=<token>`.
    The socket is refused before the upgrade (401, 403, 404 envelope) unless it is the caller's session
    and the credential carries the
    family's `:read` scope.

    Server → client: one JSON text frame per message: first a `snapshot`, then a `transition` per status
    change and a `stage` per finished
    stage, each with `seq` increasing by one. After the terminal transition the server closes with code
    1000. When the access the
    socket was opened with ends, the server closes it with code 1008 (policy violation) and a reason:
    `organization membership ended`
    (the caller left or was removed from the session's organization), `API key revoked`, `access token
    revoked` (logout, OAuth
    revocation) or `credential expired` (checked whenever the room wakes). The client may send the
    text `ping` (answered `pong`) or `snapshot` (answered with a fresh snapshot). Message schema (JSON
    Schema of the zod `LiveMessage`):

    ```json
    {
     "$schema": "https://json-schema.org/draft/2020-12/schema",
     "oneOf": [
      {
       "type": "object",
       "properties": {
        "type": {
         "type": "string",
         "const": "snapshot"
        },
        "seq": {
         "type": "integer",
         "minimum": -9007199254740991,
         "maximum": 9007199254740991
        },
        "session_id": {
         "type": "string"
        },
        "status": {
         "type": "string",
         "enum": [
          "pending",
          "processing",
          "completed",
          "failed",
          "cancelled"
         ]
        },
        "stage": {
         "anyOf": [
          {
           "type": "string",
           "enum": [
            "initial_processing",
            "deep_analysis",
            "final_validation"
           ]
          },
          {
           "type": "null"
          }
         ]
        },
        "estimated_completion": {
         "type": "string"
        },
        "started_at": {
         "type": [
          "string",
          "null"
         ]
        },
        "history": {
         "type": "array",
         "items": {
          "type": "object",
          "properties": {
           "timestamp": {
            "type": "string"
           },
           "stage": {
            "type": "string"
           },
           "confidence": {
            "type": "number"
           },
           "notes": {
            "type": "string"
           }
          },
          "required": [
           "timestamp",
           "stage",
           "confidence",
           "notes"
          ],
          "additionalProperties": false
         }
        },
        "sent_at": {
         "type": "string"
        }
       },
       "required": [
        "type",
        "seq",
        "session_id",
        "status",
        "stage",
        "estimated_completion",
        "started_at",
        "history",
        "sent_at"
       ],
       "additionalProperties": false
      },
      {
       "type": "object",
       "properties": {
        "type": {
         "type": "string",
         "const": "transition"
        },
        "seq": {
         "type": "integer",
         "minimum": -9007199254740991,
         "maximum": 9007199254740991
        },
        "session_id": {
         "type": "string"
        },
        "from": {
         "type": "string",
         "enum": [
          "pending",
          "processing",
          "completed",
          "failed",
          "cancelled"
         ]
        },
        "to": {
         "type": "string",
         "enum": [
          "pending",
          "processing",
          "completed",
          "failed",
          "cancelled"
         ]
        },
        "stage": {
         "anyOf": [
          {
           "type": "string",
           "enum": [
            "initial_processing",
            "deep_analysis",
            "final_validation"
           ]
          },
          {
           "type": "null"
          }
         ]
        },
        "at": {
         "type": "string"
        },
        "confidence_score": {
         "type": [
          "number",
          "null"
         ]
        },
        "reason": {
         "type": "string"
        },
        "credits_refunded": {
         "type": "integer",
         "minimum": -9007199254740991,
         "maximum": 9007199254740991
        },
        "sent_at": {
         "type": "string"
        }
       },
       "required": [
        "type",
        "seq",
        "session_id",
        "from",
        "to",
        "stage",
        "at",
        "sent_at"
       ],
       "additionalProperties": false
      },
      {
       "type": "object",
       "properties": {
        "type": {
         "type": "string",
         "const": "stage"
        },
        "seq": {
         "type": "integer",
         "minimum": -9007199254740991,
         "maximum": 9007199254740991
        },
        "session_id": {
         "type": "string"
        },
        "stage": {
         "type": "string",
         "enum": [
          "initial_processing",
          "deep_analysis",
          "final_validation"
         ]
        },
        "entry": {
         "type": "object",
         "properties": {
          "timestamp": {
           "type": "string"
          },
          "stage": {
           "type": "string"
          },
          "confidence": {
           "type": "number"
          },
          "notes": {
           "type": "string"
          }
         },
         "required": [
          "timestamp",
          "stage",
          "confidence",
          "notes"
         ],
         "additionalProperties": false
        },
        "next_stage": {
         "anyOf": [
          {
           "type": "string",
           "enum": [
            "initial_processing",
            "deep_analysis",
            "final_validation"
           ]
          },
          {
           "type": "null"
          }
         ]
        },
        "at": {
         "type": "string"
        },
        "sent_at": {
         "type": "string"
        }
       },
       "required": [
        "type",
        "seq",
        "session_id",
        "stage",
        "entry",
        "next_stage",
        "at",
        "sent_at"
       ],
       "additionalProperties": false
      }
     ]
    }
    ```

    Args:
        session_id (str):  Example: session_1763776000000123456.
        access_token (str | Unset): Access token, for clients that cannot set headers.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            session_id=session_id,
            client=client,
            access_token=access_token,
            x_organization_id=x_organization_id,
            x_client_version=x_client_version,
            x_d1_bookmark=x_d1_bookmark,
        )
    ).parsed
