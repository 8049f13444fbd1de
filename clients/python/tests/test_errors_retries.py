"""Errors, retries and costs against the real service: a 400 raises with the API's own text; a 429
(a key's budget spent) and a 503 (admission control with one slot and no queue, on the harness's
strict instance) are sent again after their Retry-After, and nothing else is; every try's cost and
the key's budget reach ``on_response``."""

import time

import anyio
import pytest

from sports_fixtures import ApiError, AsyncSportsFixtures, Range, ResponseInfo, Snapshot, SportsFixtures


def strict_client(harness, key, retries, cls=SportsFixtures, seen=None):
    return cls(
        harness.info["strict_url"],
        key,
        max_retries=6,
        on_retry=lambda status, wait, attempt: retries.append((status, wait, attempt)),
        on_response=(seen if seen is not None else []).append,
    )


def assert_charged(info: ResponseInfo) -> None:
    """An answer the service worked on: a whole number of units, at least one."""
    assert isinstance(info.cost, int) and info.cost >= 1, f"a cost of one unit or more: {info}"


def test_on_response_is_told_each_answers_cost_and_the_keys_budget(harness):
    seen = []
    with strict_client(harness, harness.key, [], seen=seen) as client:
        client.types()
        client.fixtures_backtest(1, 1)
    assert [(info.status, info.path) for info in seen] == [(200, "/types"), (200, "/fixtures/backtest")]
    for info in seen:
        assert_charged(info)
        assert info.rate_limit is not None and 0 <= info.rate_limit.remaining <= info.rate_limit.limit and info.rate_limit.reset >= 0


def test_a_key_without_a_budget_reports_none(harness):
    seen = []
    with SportsFixtures(harness.url, harness.key, on_response=seen.append) as client:
        client.livescores()
    assert len(seen) == 1
    assert_charged(seen[0])
    assert seen[0].rate_limit is None


def test_a_400_raises_with_the_apis_message_and_is_not_retried(harness):
    retries = []
    with strict_client(harness, harness.key, retries) as client:
        with pytest.raises(ApiError) as raised:
            client.fixtures_search(where={"CORNERS": Range(min=5, max=2)})
    assert (raised.value.status, raised.value.message, raised.value.retry_after) == (400, "where[CORNERS] min must not be greater than max", None)
    assert retries == []


def test_a_429_is_sent_again_after_its_retry_after_and_costs_nothing(harness):
    retries = []
    seen = []
    started = time.monotonic()
    with strict_client(harness, harness.info["limited_key"], retries, seen=seen) as client:
        # The key has a budget of one unit a second, two in the bucket: the third request finds it empty.
        for _ in range(3):
            assert len(client.types().types) > 0
    assert retries and retries[0][0] == 429 and retries[0][2] == 1
    assert time.monotonic() - started >= retries[0][1]
    # Every try is reported: each refusal (free, the bucket empty) before the try that follows it.
    assert [info.status for info in seen] == [200, 200, *(429 for _ in retries), 200]
    for info in seen:
        if info.status == 429:
            assert (info.path, info.cost, info.rate_limit and info.rate_limit.limit) == ("/types", 0, 2)
        else:
            assert_charged(info)


@pytest.mark.anyio
async def test_503s_are_sent_again_after_their_retry_after(harness):
    retries = []
    answers = []
    seen = []
    async with strict_client(harness, harness.key, retries, AsyncSportsFixtures, seen) as client:

        async def ask():
            answers.append(await client.fixtures_search(window="168", include=["odds", "statistics", "metrics"]))

        # One slot, no queue: of requests sent at once, all but one are refused with 503 + Retry-After: 1.
        async with anyio.create_task_group() as group:
            for _ in range(4):
                group.start_soon(ask)
    assert len(answers) == 4 and all(len(answer.fixtures) > 0 for answer in answers)
    assert (503, 1) in [(status, wait) for status, wait, _ in retries]
    assert [info.cost for info in seen if info.status == 503] == [0 for status, _, _ in retries if status == 503]
    for info in seen:
        if info.status == 200:
            assert_charged(info)


def test_a_live_set_opens_after_the_retry_after_of_a_429(harness):
    seen = []
    with strict_client(harness, harness.info["limited_key"], [], seen=seen) as client:
        client.types()
        client.types()  # the bucket is empty now: opening the stream is refused with a 429 first
        live = client.live_livescores()
        started = time.monotonic()
        snapshot = next(event for event in live if isinstance(event, Snapshot))
        live.close()
    assert live.last_refusal is not None
    assert (live.last_refusal.status, live.last_refusal.message) == (429, "Too many requests")
    assert time.monotonic() - started >= live.last_refusal.retry_after >= 1
    assert len(snapshot.fixtures) > 0
    # The stream's opening is reported as any answer: the refusal free, then the stream.
    assert [(info.path, info.status) for info in seen[2:]] == [("/livescores/stream", 429), ("/livescores/stream", 200)]
    assert seen[2].cost == 0
    assert_charged(seen[3])
