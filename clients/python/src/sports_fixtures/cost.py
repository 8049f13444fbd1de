"""What every answer says about its price: ``Request-Cost``, the units the request measured to cost
(1 unit is about 5 ms of the node's and the service's work; an ordinary request costs 1, an all-history backtest
tens to hundreds; a refusal, 429 or 503, costs 0), and the key's budget in the same units
(``RateLimit-Limit``, ``RateLimit-Remaining``, ``RateLimit-Reset``)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import httpx


@dataclass(frozen=True)
class RateLimit:
    limit: float
    """The bucket's size in units."""
    remaining: float
    """Whole units left now."""
    reset: float
    """Seconds until the bucket is full again."""


@dataclass(frozen=True)
class ResponseInfo:
    path: str
    """The endpoint's path, e.g. ``/fixtures/backtest`` (the base URL's own path and the query left out)."""
    status: int
    cost: float | None
    """``Request-Cost`` in units; None when the answer had none (a proxy's page, an older service)."""
    rate_limit: RateLimit | None
    """The key's budget after this request; None when the key is not limited."""


OnResponse = Callable[[ResponseInfo], None]


def _number(headers: httpx.Headers, name: str) -> float | None:
    value = headers.get(name, "").strip()
    try:
        return int(value)
    except ValueError:
        pass
    try:
        number = float(value)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def response_info(response: httpx.Response, base_path: str = "") -> ResponseInfo:
    """The cost and the budget an answer carries; ``base_path``, the base URL's own path, is cut off the path."""
    path = response.request.url.path
    if base_path and path.startswith(base_path):
        path = path[len(base_path) :]
    limit, remaining, reset = (_number(response.headers, f"ratelimit-{part}") for part in ("limit", "remaining", "reset"))
    budget = None if limit is None or remaining is None or reset is None else RateLimit(limit, remaining, reset)
    return ResponseInfo(path, response.status_code, _number(response.headers, "request-cost"), budget)
