"""Every documented endpoint through the Python client against the real service: each answer
parses into the generated model of its documented 200 response."""

from datetime import datetime, timezone

import httpx
import pytest

from sports_fixtures import OrderBy, Range, Snapshot, SportsFixtures, models as m

INCLUDES = ["odds", "statistics", "metrics"]
PAST_SEASON = 701  # test/support/mini-catalog.ts, MINI_SEASONS.past


def first_snapshot(live):
    for event in live:
        if isinstance(event, Snapshot):
            live.close()
            return event
    raise AssertionError("the stream ended before its snapshot")


# Per documented path: calls through a client (its key, the call given the client and the harness's
# info), the model of the answer and the list in it that must not be empty.
CASES = {
    "/health": [("key", lambda c, i: c.health(), m.Health, None)],
    "/ready": [("key", lambda c, i: c.ready(), m.Ready, None)],
    "/types": [("key", lambda c, i: c.types(developer_type=["statistics", "predictions"]), m.TypesResponse, "types")],
    "/fixtures": [
        ("key", lambda c, i: c.fixtures(per_page=100, include=INCLUDES), m.FixturesResponse, "fixtures"),
        ("key", lambda c, i: c.fixtures(fixture_id=[1, 2], include="last_fixtures", language="de"), m.FixturesResponse, "fixtures"),
        ("key", lambda c, i: c.fixtures_by_date(datetime.now(timezone.utc).date().isoformat()), m.FixturesResponse, "fixtures"),
    ],
    "/fixtures/search": [
        ("key", lambda c, i: c.fixtures_search(window="48", include=INCLUDES, order=OrderBy("PREDICTION_HOME_WIN_PROBABILITY")), m.FixturesSearchResponse, "fixtures"),
        ("key", lambda c, i: c.fixtures_search(window="48", where={"PREDICTION_HOME_WIN_PROBABILITY": Range(0, 100)}), m.FixturesSearchResponse, "fixtures"),
    ],
    "/fixtures/backtest": [
        ("key", lambda c, i: c.fixtures_backtest(1, 1), m.FixturesBacktestResponse, "by_month"),
        ("key", lambda c, i: c.fixtures_backtest(2, 4, line="2.5", bookmaker_id=2, where={"PREDICTION_HOME_WIN_PROBABILITY": Range(0, 100)}), m.FixturesBacktestResponse, "by_league"),
    ],
    "/fixtures/backtest/in-play": [
        ("key", lambda c, i: c.fixtures_backtest_in_play(where={"GOALS": Range(max=0)}, minute_to=30), m.InPlayBacktestResponse, "by_minute"),
        (
            "key",
            lambda c, i: c.fixtures_backtest_in_play(where={"DANGEROUS_ATTACKS_LAST_10": Range(1, scope="HOME"), "PREDICTION_HOME_WIN_PROBABILITY": Range(0, 100)}),
            m.InPlayBacktestResponse,
            "outcomes",
        ),
    ],
    "/fixtures/head-to-head": [
        ("key", lambda c, i: c.fixtures_head_to_head((11, 12), include=INCLUDES, limit=5), m.FixturesHeadToHeadResponse, "fixtures"),
        ("key", lambda c, i: c.fixtures_head_to_head((12, 11), language="de"), m.FixturesHeadToHeadResponse, "fixtures"),
    ],
    "/livescores": [("key", lambda c, i: c.livescores(include=INCLUDES), m.LivescoresResponse, "fixtures")],
    "/livescores/stream": [("key", lambda c, i: first_snapshot(c.live_livescores(include=INCLUDES)), Snapshot, "fixtures")],
    "/fixtures/search/stream": [("key", lambda c, i: first_snapshot(c.live_fixtures_search(window="48", include=INCLUDES)), Snapshot, "fixtures")],
    "/search": [
        ("key", lambda c, i: c.search("arsenal", types=["team"]), m.EntitySearchResponse, "teams"),
        ("key", lambda c, i: c.search("arsenal chelsea", types=["team", "fixture"], limit=3), m.EntitySearchResponse, "fixtures"),
    ],
    "/standings": [("standings_key", lambda c, i: c.standings(PAST_SEASON), m.StandingsResponse, "standings")],
    "/bet-builders": [("bet_builder_key", lambda c, i: c.bet_builders(), m.BetBuildersResponse, "fixtures")],
    "/bet-builders/{id}": [("bet_builder_key", lambda c, i: c.bet_builder(i["bet_builder_id"]), m.BetBuilder, "selections")],
}


def test_covers_every_documented_path(harness):
    document = httpx.get(f"{harness.url}/openapi.json").json()
    assert sorted(CASES) == sorted(document["paths"])


@pytest.mark.parametrize("path", sorted(CASES))
def test_answers_through_the_client_as_the_generated_model(harness, path):
    for key_name, call, model, listed in CASES[path]:
        with SportsFixtures(harness.url, harness.info[key_name]) as client:
            answer = call(client, harness.info)
        assert isinstance(answer, model), path
        if listed:
            assert len(getattr(answer, listed)) > 0, f"{path}: {listed}"
    if path.endswith("/stream"):
        fixture_model = m.LivescoreFixture if path.startswith("/livescores") else m.SearchFixture
        assert all(isinstance(fixture, fixture_model) for fixture in answer.fixtures)
