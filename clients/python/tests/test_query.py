"""The bracket syntax the client writes from typed where/order/filter values."""

import pytest

from sports_fixtures import OrderBy, Range, query_params


def test_writes_a_range_with_its_scope_and_open_ends_as_the_widest_bounds():
    assert query_params({"where": {"CORNERS": Range(min=5, scope="HOME")}}) == [("where[CORNERS]", "5:999999999999999:HOME")]
    assert query_params({"where": {"GOALS": {"max": 2}}}) == [("where[GOALS]", "-999999999999999:2:LEAGUE")]


def test_repeats_a_name_given_several_ranges_and_writes_the_order():
    params = {"where": {"CORNERS": [Range(1, 9), Range(3, 12, "AWAY")]}, "order": OrderBy("CORNERS", "asc", "AWAY")}
    assert query_params(params) == [
        ("where[CORNERS]", "1:9:LEAGUE"),
        ("where[CORNERS]", "3:12:AWAY"),
        ("order[CORNERS]", "asc:AWAY"),
    ]


def test_joins_lists_writes_mappings_as_brackets_and_leaves_out_none():
    params = {"window": "live", "include": ["odds", "statistics"], "filter": {"odds": "bookmakers:1,2"}, "page": None, "is_live": True}
    assert query_params(params) == [("window", "live"), ("include", "odds,statistics"), ("filter[odds]", "bookmakers:1,2"), ("is_live", "1")]


def test_refuses_bounds_the_api_cannot_take():
    with pytest.raises(ValueError, match="integers of at most 15 digits"):
        query_params({"where": {"CORNERS": Range(min=10**16)}})
