"""Calls tools of a remote MCP server through the official Python SDK (`mcp`), as an agent built on it does.

Reads one JSON object on stdin, {"url", "headers", "calls": [{"name", "arguments"}]}, connects over Streamable
HTTP with those headers (the bearer token), lists the tools, makes each call and prints one JSON object:
{"tools": [names], "results": [{"is_error", "structured_content", "text"} or {"protocol_error"}]}. A call the SDK
raises on (a JSON-RPC error, or a result it refuses to hand over) is reported, not fatal: the test says which.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

import httpx2
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client


async def main(request: dict[str, Any]) -> dict[str, Any]:
    async with (
        httpx2.AsyncClient(headers=request["headers"], timeout=httpx2.Timeout(30, read=120)) as http,
        streamable_http_client(request["url"], http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        tools = [t.name for t in (await session.list_tools()).tools]
        results: list[dict[str, Any]] = []
        for call in request["calls"]:
            try:
                result = await session.call_tool(call["name"], call["arguments"])
            except Exception as err:  # what the agent would meet instead of the tool's answer
                results.append({"protocol_error": f"{type(err).__name__}: {err}"})
                continue
            text = "".join(c.text for c in result.content if c.type == "text")
            results.append(
                {"is_error": result.is_error, "structured_content": result.structured_content, "text": text}
            )
        return {"tools": tools, "results": results}


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(json.load(sys.stdin)))))
