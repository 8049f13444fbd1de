"""Live result sets: a stream's result set held by the client and kept true by its events.

Iterate one (``for event in live`` / ``async for event in live``) to receive typed events;
``live.fixtures`` holds the set by fixture id, ``live.ordered()`` in the polled endpoint's
order. It reconnects by itself with ``Last-Event-ID`` (the service replays what was missed,
or sends a snapshot that replaces everything), waits as long as a 429 or 503 says in
``Retry-After``, and backs off on drops and faults. A refusal that no wait can mend (400,
403, a 429 without Retry-After) raises ApiError from the iteration and closes the set.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import AsyncIterator, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar, Union

import anyio
import httpx
from httpx_sse import ServerSentEvent, aconnect_sse, connect_sse
from pydantic import BaseModel

from .errors import ApiError, retry_after_seconds
from .query import OrderBy, query_params

F = TypeVar("F", bound=BaseModel)
State = Literal["connecting", "open", "retrying", "closed"]


@dataclass(frozen=True)
class Snapshot(Generic[F]):
    """The whole result set, read anew: it replaced what was held."""

    fixtures: list[F]
    at: str


@dataclass(frozen=True)
class Enter(Generic[F]):
    fixture: F


@dataclass(frozen=True)
class Update(Generic[F]):
    fixture: F
    previous: F | None


@dataclass(frozen=True)
class Leave(Generic[F]):
    fixture_id: int
    fixture: F | None


LiveEvent = Union[Snapshot[F], Enter[F], Update[F], Leave[F]]


class Backoff:
    """Waits between reconnects: the server's ``retry:`` hint first (2 s from this service),
    then doubling up to a ceiling, with jitter so clients dropped together come back apart."""

    def __init__(self, initial: float = 1.0, maximum: float = 30.0):
        self.base = initial
        self.maximum = maximum
        self.failures = 0

    def hint(self, seconds: float) -> None:
        self.base = seconds

    def next(self) -> float:
        delay = min(self.maximum, self.base * 2**self.failures)
        self.failures += 1
        return delay * (0.8 + random.random() * 0.4)

    def reset(self) -> None:
        self.failures = 0


def value_of(fixture: BaseModel, name: str, scope: str = "LEAGUE") -> float | None:
    """The value where[] and order[] read: the in-play statistic, else the pre-match metric;
    LEAGUE is the match (team_id 0), HOME and AWAY the side's team."""
    team_id: int | None = 0
    if scope != "LEAGUE":
        side = next((p for p in getattr(fixture, "participants", []) if p.location.value == scope.lower()), None)
        team_id = side.id if side else None
    for entries in (getattr(fixture, "statistics", None), getattr(fixture, "metrics", None)):
        for entry in entries or []:
            if entry.developer_name == name and entry.team_id == team_id:
                return entry.value
    return None


def polled_order_key(order: OrderBy | None):
    """A sort key for the polled endpoint's order: the order value (fixtures without it last),
    then date_time, then id (docs/api-behaviour.md, "Order of fixture lists")."""

    def key(fixture: Any) -> tuple:
        date_id = (fixture.date_time, fixture.id)
        if order is None:
            return date_id
        value = value_of(fixture, order.by, order.scope)
        if value is None:
            return (1, 0, *date_id)
        return (0, value if order.direction == "asc" else -value, *date_id)

    return key


class _ResultSet(Generic[F]):
    """What both iterations share: the held set, its state, and applying one event."""

    def __init__(self, http: Any, path: str, params: Mapping[str, Any], model: type[F], backoff: Backoff | None):
        self._http = http
        self._path = path
        self._query = query_params(params)
        order = params.get("order")
        self._order = OrderBy(**order) if isinstance(order, Mapping) else order
        self._model = model
        self._backoff = backoff or Backoff()
        self.fixtures: dict[int, F] = {}
        self.state: State = "connecting"
        self.last_event_id: str | None = None
        # The last refusal waited out (a 429 or 503 with Retry-After, a 5xx): why it is retrying.
        self.last_refusal: ApiError | None = None
        self.closed = False

    def ordered(self) -> list[F]:
        return sorted(self.fixtures.values(), key=polled_order_key(self._order))

    def close(self) -> None:
        self.closed = True
        self.state = "closed"

    def _headers(self) -> dict[str, str]:
        headers = {"Accept": "text/event-stream"}
        if self.last_event_id:
            headers["Last-Event-ID"] = self.last_event_id
        return headers

    def _refused(self, response: httpx.Response) -> float:
        """Seconds to wait after a refused connection, or raises the ApiError that ends the set."""
        refusal = ApiError.from_response(response)
        retry_after = retry_after_seconds(response.headers)
        if response.status_code in (429, 503) and retry_after is not None:
            self.last_refusal = refusal
            return float(retry_after)
        if response.status_code >= 500:
            self.last_refusal = refusal
            return self._backoff.next()
        self.close()
        raise refusal

    def _opened(self) -> None:
        self.state = "open"
        self._backoff.reset()

    def _apply(self, sse: ServerSentEvent) -> LiveEvent[F] | None:
        if sse.retry:
            self._backoff.hint(sse.retry / 1000)
        if sse.id:
            self.last_event_id = sse.id
        if sse.event not in ("snapshot", "enter", "update", "leave"):
            return None  # a comment, or an event a newer service added: not fatal
        data = json.loads(sse.data)
        if sse.event == "snapshot":
            fixtures = [self._model.model_validate(item) for item in data["fixtures"]]
            self.fixtures = {fixture.id: fixture for fixture in fixtures}
            return Snapshot(fixtures, data["at"])
        if sse.event == "leave":
            return Leave(data["fixture_id"], self.fixtures.pop(data["fixture_id"], None))
        fixture = self._model.model_validate(data["fixture"])
        previous = self.fixtures.get(fixture.id)
        self.fixtures[fixture.id] = fixture
        return Enter(fixture) if sse.event == "enter" else Update(fixture, previous)


class LiveResultSet(_ResultSet[F]):
    """The synchronous live result set (httpx.Client)."""

    _response: httpx.Response | None = None

    def close(self) -> None:
        super().close()
        if self._response is not None:
            self._response.close()  # ends a read blocked in the iteration

    def __iter__(self) -> Iterator[LiveEvent[F]]:
        while not self.closed:
            try:
                with connect_sse(self._http, "GET", self._path, params=self._query, headers=self._headers()) as source:
                    self._response = source.response
                    if source.response.status_code != 200:
                        source.response.read()
                        wait = self._refused(source.response)
                    else:
                        self._opened()
                        for sse in source.iter_sse():
                            event = self._apply(sse)
                            if event is not None:
                                yield event
                        wait = self._backoff.next()  # the server ended the stream: come back
            except (httpx.TransportError, httpx.StreamError):
                wait = self._backoff.next()  # the network or the stream broke (or close() cut it)
            if self.closed:
                return
            self.state = "retrying"
            time.sleep(wait)


class AsyncLiveResultSet(_ResultSet[F]):
    """The asynchronous live result set (httpx.AsyncClient)."""

    async def __aiter__(self) -> AsyncIterator[LiveEvent[F]]:
        while not self.closed:
            try:
                async with aconnect_sse(self._http, "GET", self._path, params=self._query, headers=self._headers()) as source:
                    if source.response.status_code != 200:
                        await source.response.aread()
                        wait = self._refused(source.response)
                    else:
                        self._opened()
                        async for sse in source.aiter_sse():
                            if self.closed:
                                return
                            event = self._apply(sse)
                            if event is not None:
                                yield event
                        wait = self._backoff.next()
            except (httpx.TransportError, httpx.StreamError):
                wait = self._backoff.next()  # the network or the stream broke (or close() cut it)
            if self.closed:
                return
            self.state = "retrying"
            await anyio.sleep(wait)
