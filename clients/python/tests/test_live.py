"""Live result sets against the real service while the simulator plays at speed 60: the held set
must equal the polled endpoint (and ordered() its order), and stay so across a service restart
(it reconnects with Last-Event-ID by itself) and a rebuild (the new snapshot replaces it)."""

import threading

import anyio
import pytest

from sports_fixtures import ApiError, AsyncSportsFixtures, Backoff, Enter, OrderBy, Snapshot, SportsFixtures, Update, models as m

from .conftest import wait_until

QUERY = {"window": "3", "include": ["statistics", "metrics"], "order": OrderBy("PREDICTION_HOME_WIN_PROBABILITY", "desc")}
POLLED = ("/fixtures/search", [("window", "3"), ("include", "statistics,metrics"), ("order[PREDICTION_HOME_WIN_PROBABILITY]", "desc:LEAGUE"), ("per_page", "50")])


class Follower:
    """Iterates a sync live set in a thread, as a program would, and keeps what it received."""

    def __init__(self, live):
        self.live = live
        self.events = []
        self.error = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        try:
            for event in self.live:
                self.events.append(event)
        except Exception as error:  # noqa: BLE001 - handed to the test
            self.error = error

    def count(self, kind):
        return sum(isinstance(event, kind) for event in self.events)

    def stop(self):
        self.live.close()
        self.thread.join(10)
        assert self.error is None


def follow(harness):
    client = SportsFixtures(harness.url, harness.key)
    return Follower(client.live_fixtures_search(backoff=Backoff(0.2, 2), **QUERY))


def test_holds_the_polled_answer_in_its_order_while_matches_are_played(harness):
    follower = follow(harness)
    wait_until("changes while matches are played", lambda: follower.count(Update) + follower.count(Enter) >= 5)
    assert follower.live.state == "open"
    polled = harness.wait_converged(lambda: follower.live.fixtures, m.SearchFixture, *POLLED)
    assert [fixture.id for fixture in follower.live.ordered()] == [fixture["id"] for fixture in polled]
    follower.stop()
    assert follower.live.state == "closed"


def test_reconnects_across_a_service_restart(harness):
    follower = follow(harness)
    wait_until("the snapshot", lambda: follower.count(Snapshot) == 1)
    held = len(follower.events)
    harness.restart()
    # The new instance has no history to replay, but the Last-Event-ID says where the set stands:
    # it sends what changed since instead of a snapshot (docs/streams.md, "Reconnecting").
    wait_until("changes after the restart", lambda: len(follower.events) > held + 3)
    assert follower.count(Snapshot) == 1
    assert follower.live.state == "open"
    harness.wait_converged(lambda: follower.live.fixtures, m.SearchFixture, *POLLED)
    follower.stop()


def test_replaces_what_it_held_with_a_rebuilds_snapshot(harness):
    follower = follow(harness)
    wait_until("the snapshot", lambda: follower.count(Snapshot) == 1)
    harness.rebuild()
    wait_until("the rebuild's snapshot", lambda: follower.count(Snapshot) == 2)
    harness.wait_converged(lambda: follower.live.fixtures, m.SearchFixture, *POLLED)
    follower.stop()


@pytest.mark.anyio
async def test_the_async_set_holds_the_fixtures_in_play(harness):
    async with AsyncSportsFixtures(harness.url, harness.key) as client:
        live = client.live_livescores(include=["statistics"])
        snapshots = 0

        async def consume():
            nonlocal snapshots
            async for event in live:
                snapshots += isinstance(event, Snapshot)

        async with anyio.create_task_group() as group:
            group.start_soon(consume)
            with anyio.fail_after(30):
                while snapshots == 0:
                    await anyio.sleep(0.05)
            await anyio.to_thread.run_sync(lambda: harness.wait_converged(lambda: live.fixtures, m.LivescoreFixture, "/livescores", [("include", "statistics")]))
            live.close()
            group.cancel_scope.cancel()
    assert live.state == "closed"


def test_a_refused_stream_raises_the_apis_error(harness):
    with SportsFixtures(harness.url, "not-a-key") as client:
        live = client.live_livescores()
        with pytest.raises(ApiError) as raised:
            next(iter(live))
    assert (raised.value.status, raised.value.message) == (403, "Unauthorized")
    assert live.state == "closed"
