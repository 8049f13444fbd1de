"""The bracket syntax of the API from typed values, in one place.

``where={"CORNERS": Range(min=5, scope="HOME")}`` -> ``where[CORNERS]=5:999999999999999:HOME``,
``order=OrderBy("CORNERS", "desc")`` -> ``order[CORNERS]=desc:LEAGUE``,
``filter={"odds": "bookmakers:1,2"}`` -> ``filter[odds]=bookmakers:1,2``, lists joined with commas.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Union

Scope = Literal["HOME", "AWAY", "LEAGUE"]

# The API takes integers of at most 15 digits: an open end is the widest such bound.
WIDEST = 999_999_999_999_999


@dataclass(frozen=True)
class Range:
    """A range on a statistic or metric (a developer_name from /types), both ends inclusive."""

    min: int | None = None
    max: int | None = None
    scope: Scope = "LEAGUE"

    def text(self) -> str:
        for bound in (self.min, self.max):
            if bound is not None and (not isinstance(bound, int) or abs(bound) > WIDEST):
                raise ValueError(f"where bounds must be integers of at most 15 digits, got {bound!r}")
        low = -WIDEST if self.min is None else self.min
        high = WIDEST if self.max is None else self.max
        return f"{low}:{high}:{self.scope}"


@dataclass(frozen=True)
class OrderBy:
    """The order of a fixture search (only one counts: the API reads the first)."""

    by: str
    direction: Literal["asc", "desc"] = "desc"
    scope: Scope = "LEAGUE"


RangeLike = Union[Range, Mapping[str, Any]]
Where = Mapping[str, Union[RangeLike, Sequence[RangeLike]]]


def _range(value: RangeLike) -> Range:
    return value if isinstance(value, Range) else Range(**value)


def where_params(where: Where) -> list[tuple[str, str]]:
    """``where[NAME]`` parameters; a name given several ranges repeats (conditions are ANDed)."""
    params: list[tuple[str, str]] = []
    for name, ranges in where.items():
        listed = ranges if isinstance(ranges, Sequence) and not isinstance(ranges, (str, Mapping)) else [ranges]
        params.extend((f"where[{name}]", _range(item).text()) for item in listed)
    return params


def order_params(order: OrderBy | Mapping[str, Any]) -> list[tuple[str, str]]:
    order = order if isinstance(order, OrderBy) else OrderBy(**order)
    return [(f"order[{order.by}]", f"{order.direction}:{order.scope}")]


def query_params(params: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The query of a request: where/order in their typed forms, other mappings as
    ``name[key]``, lists joined with commas, None left out."""
    query: list[tuple[str, str]] = []
    for name, value in params.items():
        if value is None:
            continue
        if name == "where":
            query.extend(where_params(value))
        elif name == "order" and not isinstance(value, str):
            query.extend(order_params(value))
        elif isinstance(value, Mapping):
            query.extend((f"{name}[{key}]", str(item)) for key, item in value.items() if item is not None)
        elif isinstance(value, (list, tuple)):
            query.append((name, ",".join(str(item) for item in value)))
        elif isinstance(value, bool):
            query.append((name, "1" if value else "0"))
        else:
            query.append((name, str(value)))
    return query
