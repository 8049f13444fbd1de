"""Typed client of the Sports Fixtures Data Service: sync and async requests, typed where/order,
retries where the API says so, and live result sets over its event streams."""

from . import models
from .client import AsyncSportsFixtures, SportsFixtures
from .cost import OnResponse, RateLimit, ResponseInfo
from .errors import ApiError
from .live import AsyncLiveResultSet, Backoff, Enter, Leave, LiveEvent, LiveResultSet, Snapshot, Update
from .query import OrderBy, Range, query_params

__all__ = [
    "ApiError",
    "AsyncLiveResultSet",
    "AsyncSportsFixtures",
    "Backoff",
    "Enter",
    "Leave",
    "LiveEvent",
    "LiveResultSet",
    "OnResponse",
    "OrderBy",
    "Range",
    "RateLimit",
    "ResponseInfo",
    "Snapshot",
    "SportsFixtures",
    "Update",
    "models",
    "query_params",
]
