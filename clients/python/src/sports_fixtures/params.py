"""The parameters of each endpoint as the clients take them (lists for comma-separated values,
typed where/order); names and meanings are those of /openapi.json."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, TypedDict, Union

from .query import OrderBy, Where

IdList = Union[str, int, Sequence[int]]
Names = Union[str, Sequence[str]]
Window = Literal["live", "3", "6", "12", "24", "48", "168"]


class Common(TypedDict, total=False):
    language: str
    lang: str


class FixturesParams(Common, total=False):
    sport_id: int
    league_id: IdList
    fixture_id: IdList
    season_id: int
    date: str
    start_date: str
    end_date: str
    status: Names
    include: Names
    order: Literal["asc", "desc"]
    page: int
    per_page: int


class StreamSearchParams(Common, total=False):
    window: Window
    league_id: IdList
    status: Names
    include: Names
    where: Where
    order: Union[OrderBy, Mapping[str, str]]
    filter: Mapping[str, str]


class FixturesSearchParams(StreamSearchParams, total=False):
    page: int
    per_page: int


class BacktestParams(TypedDict, total=False):
    """The rule (where, league_id, start_date/end_date as YYYY-MM-DD) and the price backed; the
    market and label are the methods' own arguments, line is needed for Over/Under (market 2)."""

    league_id: IdList
    start_date: str
    end_date: str
    line: Literal["1.5", "2.5", "3.5"]
    bookmaker_id: int
    where: Where


class InPlayBacktestParams(TypedDict, total=False):
    """An in-play rule: where (trends, NAME_LAST_5/10/15, pre-match metrics), league_id,
    start_date/end_date as YYYY-MM-DD and the minutes tried (minute_from, minute_to: 1-90)."""

    league_id: IdList
    start_date: str
    end_date: str
    minute_from: int
    minute_to: int
    where: Where


class HeadToHeadParams(Common, total=False):
    """What to list of two teams' meetings; the two teams are the methods' own argument."""

    limit: int
    include: Names
    filter: Mapping[str, str]


class LivescoresParams(Common, total=False):
    sport_id: int
    league_id: IdList
    include: Names


class SearchParams(Common, total=False):
    limit: int


class TypesParams(Common, total=False):
    developer_type: Names


class BetBuildersParams(Common, total=False):
    model_id: str
    fixture_id: int
    league_id: IdList
    is_live: bool
