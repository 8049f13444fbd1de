"""The sync and async clients: one method per endpoint, answers parsed into the generated
models, errors raised as ApiError, 429/503 answers with Retry-After sent again, and every
answer's cost told to ``on_response``."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import anyio
import httpx
from pydantic import BaseModel
from typing_extensions import Unpack

from . import models as m
from .cost import OnResponse, response_info
from .errors import ApiError, wait_before_retry
from .live import AsyncLiveResultSet, Backoff, LiveResultSet
from .params import (
    BacktestParams,
    InPlayBacktestParams,
    BetBuildersParams,
    Common,
    HeadToHeadParams,
    FixturesParams,
    FixturesSearchParams,
    LivescoresParams,
    SearchParams,
    StreamSearchParams,
    TypesParams,
)
from .query import query_params

Model = TypeVar("Model", bound=BaseModel)
OnRetry = Callable[[int, int, int], None]  # status, seconds to wait, retry number (1 = first)


class _Base:
    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        max_retries: int = 3,
        max_wait: float = 60,
        on_retry: OnRetry | None = None,
        on_response: OnResponse | None = None,
    ):
        """``on_response``: told what every answer cost and what is left of the key's budget
        (a ResponseInfo), each try of a retried request and the opening of a live set included."""
        self.base_url = base_url.rstrip("/")
        self.headers = {"X-API-Key": api_key}
        self.max_retries = max_retries
        self.max_wait = max_wait
        self.on_retry = on_retry
        self.on_response = on_response
        self._base_path = httpx.URL(self.base_url).path.rstrip("/")

    def _report(self, response: httpx.Response) -> None:
        if self.on_response:
            self.on_response(response_info(response, self._base_path))

    def _retry_wait(self, response: httpx.Response, attempt: int) -> int | None:
        if attempt > self.max_retries:
            return None
        wait = wait_before_retry(response, self.max_wait)
        if wait is not None and self.on_retry:
            self.on_retry(response.status_code, wait, attempt)
        return wait

    @staticmethod
    def _parse(response: httpx.Response, model: type[Model]) -> Model:
        if not response.is_success:
            raise ApiError.from_response(response)
        return model.model_validate_json(response.content)


class SportsFixtures(_Base):
    """The synchronous client (httpx.Client). Use it as a context manager, or call close()."""

    def __init__(self, base_url: str, api_key: str, **options: Any):
        super().__init__(base_url, api_key, **options)
        # An event hook sees every answer: each try, and the live sets' connections.
        hooks = {"response": [self._report]} if self.on_response else {}
        self.http = httpx.Client(base_url=self.base_url, headers=self.headers, timeout=httpx.Timeout(30, read=60), event_hooks=hooks)

    def __enter__(self) -> SportsFixtures:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.http.close()

    def get(self, path: str, params: Mapping[str, Any], model: type[Model]) -> Model:
        for attempt in range(1, self.max_retries + 2):
            response = self.http.get(path, params=query_params(params))
            wait = self._retry_wait(response, attempt)
            if wait is None:
                break
            time.sleep(wait)
        return self._parse(response, model)

    def fixtures(self, **params: Unpack[FixturesParams]) -> m.FixturesResponse:
        return self.get("/fixtures", params, m.FixturesResponse)

    def fixtures_by_date(self, date: str, **params: Unpack[FixturesParams]) -> m.FixturesResponse:
        return self.get("/fixtures", {**params, "date": date}, m.FixturesResponse)

    def fixtures_search(self, **params: Unpack[FixturesSearchParams]) -> m.FixturesSearchResponse:
        return self.get("/fixtures/search", params, m.FixturesSearchResponse)

    def fixtures_backtest(self, market_id: int, label_id: int, **params: Unpack[BacktestParams]) -> m.FixturesBacktestResponse:
        """How a rule did in the past: one 1-unit bet per matched finished fixture at the starting price."""
        return self.get("/fixtures/backtest", {"market_id": market_id, "label_id": label_id, **params}, m.FixturesBacktestResponse)

    def fixtures_backtest_in_play(self, **params: Unpack[InPlayBacktestParams]) -> m.InPlayBacktestResponse:
        """When an in-play rule fired in past matches, and what followed: strike rates, fire minutes, leagues."""
        return self.get("/fixtures/backtest/in-play", params, m.InPlayBacktestResponse)

    def fixtures_head_to_head(self, team_ids: tuple[int, int], **params: Unpack[HeadToHeadParams]) -> m.FixturesHeadToHeadResponse:
        """Two teams' last meetings, newest first, and the summary of all of them."""
        return self.get("/fixtures/head-to-head", {"team_ids": team_ids, **params}, m.FixturesHeadToHeadResponse)

    def livescores(self, **params: Unpack[LivescoresParams]) -> m.LivescoresResponse:
        return self.get("/livescores", params, m.LivescoresResponse)

    def search(self, q: str, types: list[str] | str, **params: Unpack[SearchParams]) -> m.EntitySearchResponse:
        return self.get("/search", {"q": q, "types": types, **params}, m.EntitySearchResponse)

    def standings(self, season_id: int, **params: Unpack[Common]) -> m.StandingsResponse:
        return self.get("/standings", {"season_id": season_id, **params}, m.StandingsResponse)

    def types(self, **params: Unpack[TypesParams]) -> m.TypesResponse:
        return self.get("/types", params, m.TypesResponse)

    def bet_builders(self, **params: Unpack[BetBuildersParams]) -> m.BetBuildersResponse:
        return self.get("/bet-builders", params, m.BetBuildersResponse)

    def bet_builder(self, id: int, **params: Unpack[Common]) -> m.BetBuilder:
        return self.get(f"/bet-builders/{id}", params, m.BetBuilder)

    def health(self) -> m.Health:
        return self.get("/health", {}, m.Health)

    def ready(self) -> m.Ready:
        return self.get("/ready", {}, m.Ready)

    def live_fixtures_search(self, backoff: Backoff | None = None, **params: Unpack[StreamSearchParams]) -> LiveResultSet[m.SearchFixture]:
        """The result set of /fixtures/search/stream, kept true; iterate it for its events."""
        return LiveResultSet(self.http, "/fixtures/search/stream", params, m.SearchFixture, backoff)

    def live_livescores(self, backoff: Backoff | None = None, **params: Unpack[LivescoresParams]) -> LiveResultSet[m.LivescoreFixture]:
        return LiveResultSet(self.http, "/livescores/stream", params, m.LivescoreFixture, backoff)


class AsyncSportsFixtures(_Base):
    """The asynchronous client (httpx.AsyncClient): the same methods, awaited."""

    def __init__(self, base_url: str, api_key: str, **options: Any):
        super().__init__(base_url, api_key, **options)
        hooks = {"response": [self._areport]} if self.on_response else {}
        self.http = httpx.AsyncClient(base_url=self.base_url, headers=self.headers, timeout=httpx.Timeout(30, read=60), event_hooks=hooks)

    async def _areport(self, response: httpx.Response) -> None:
        self._report(response)

    async def __aenter__(self) -> AsyncSportsFixtures:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self.http.aclose()

    async def get(self, path: str, params: Mapping[str, Any], model: type[Model]) -> Model:
        for attempt in range(1, self.max_retries + 2):
            response = await self.http.get(path, params=query_params(params))
            wait = self._retry_wait(response, attempt)
            if wait is None:
                break
            await anyio.sleep(wait)
        return self._parse(response, model)

    async def fixtures(self, **params: Unpack[FixturesParams]) -> m.FixturesResponse:
        return await self.get("/fixtures", params, m.FixturesResponse)

    async def fixtures_by_date(self, date: str, **params: Unpack[FixturesParams]) -> m.FixturesResponse:
        return await self.get("/fixtures", {**params, "date": date}, m.FixturesResponse)

    async def fixtures_search(self, **params: Unpack[FixturesSearchParams]) -> m.FixturesSearchResponse:
        return await self.get("/fixtures/search", params, m.FixturesSearchResponse)

    async def fixtures_backtest(self, market_id: int, label_id: int, **params: Unpack[BacktestParams]) -> m.FixturesBacktestResponse:
        return await self.get("/fixtures/backtest", {"market_id": market_id, "label_id": label_id, **params}, m.FixturesBacktestResponse)

    async def fixtures_backtest_in_play(self, **params: Unpack[InPlayBacktestParams]) -> m.InPlayBacktestResponse:
        return await self.get("/fixtures/backtest/in-play", params, m.InPlayBacktestResponse)

    async def fixtures_head_to_head(self, team_ids: tuple[int, int], **params: Unpack[HeadToHeadParams]) -> m.FixturesHeadToHeadResponse:
        return await self.get("/fixtures/head-to-head", {"team_ids": team_ids, **params}, m.FixturesHeadToHeadResponse)

    async def livescores(self, **params: Unpack[LivescoresParams]) -> m.LivescoresResponse:
        return await self.get("/livescores", params, m.LivescoresResponse)

    async def search(self, q: str, types: list[str] | str, **params: Unpack[SearchParams]) -> m.EntitySearchResponse:
        return await self.get("/search", {"q": q, "types": types, **params}, m.EntitySearchResponse)

    async def standings(self, season_id: int, **params: Unpack[Common]) -> m.StandingsResponse:
        return await self.get("/standings", {"season_id": season_id, **params}, m.StandingsResponse)

    async def types(self, **params: Unpack[TypesParams]) -> m.TypesResponse:
        return await self.get("/types", params, m.TypesResponse)

    async def bet_builders(self, **params: Unpack[BetBuildersParams]) -> m.BetBuildersResponse:
        return await self.get("/bet-builders", params, m.BetBuildersResponse)

    async def bet_builder(self, id: int, **params: Unpack[Common]) -> m.BetBuilder:
        return await self.get(f"/bet-builders/{id}", params, m.BetBuilder)

    async def health(self) -> m.Health:
        return await self.get("/health", {}, m.Health)

    async def ready(self) -> m.Ready:
        return await self.get("/ready", {}, m.Ready)

    def live_fixtures_search(self, backoff: Backoff | None = None, **params: Unpack[StreamSearchParams]) -> AsyncLiveResultSet[m.SearchFixture]:
        """The result set of /fixtures/search/stream, kept true; iterate it (async for) for its events."""
        return AsyncLiveResultSet(self.http, "/fixtures/search/stream", params, m.SearchFixture, backoff)

    def live_livescores(self, backoff: Backoff | None = None, **params: Unpack[LivescoresParams]) -> AsyncLiveResultSet[m.LivescoreFixture]:
        return AsyncLiveResultSet(self.http, "/livescores/stream", params, m.LivescoreFixture, backoff)
