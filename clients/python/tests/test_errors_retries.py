"""Errors and retries against the real service: a 400 raises with the API's own text; a 429 (a
key's rate limit) and a 503 (admission control with one slot and no queue, on the harness's
strict instance) are sent again after their Retry-After, and nothing else is."""

import time

import anyio
import pytest

from sports_fixtures import ApiError, AsyncSportsFixtures, Range, Snapshot, SportsFixtures


def strict_client(harness, key, retries, cls=SportsFixtures):
    return cls(harness.info["strict_url"], key, max_retries=6, on_retry=lambda status, wait, attempt: retries.append((status, wait, attempt)))


def test_a_400_raises_with_the_apis_message_and_is_not_retried(harness):
    retries = []
    with strict_client(harness, harness.key, retries) as client:
        with pytest.raises(ApiError) as raised:
            client.fixtures_search(where={"CORNERS": Range(min=5, max=2)})
    assert (raised.value.status, raised.value.message, raised.value.retry_after) == (400, "where[CORNERS] min must not be greater than max", None)
    assert retries == []


def test_a_429_is_sent_again_after_its_retry_after(harness):
    retries = []
    started = time.monotonic()
    with strict_client(harness, harness.info["limited_key"], retries) as client:
        # The key may send one request a second with bursts of two: the third finds the bucket empty.
        for _ in range(3):
            assert len(client.types().types) > 0
    assert retries and retries[0][0] == 429 and retries[0][2] == 1
    assert time.monotonic() - started >= retries[0][1]


@pytest.mark.anyio
async def test_503s_are_sent_again_after_their_retry_after(harness):
    retries = []
    answers = []
    async with strict_client(harness, harness.key, retries, AsyncSportsFixtures) as client:

        async def ask():
            answers.append(await client.fixtures_search(window="168", include=["odds", "statistics", "metrics"]))

        # One slot, no queue: of requests sent at once, all but one are refused with 503 + Retry-After: 1.
        async with anyio.create_task_group() as group:
            for _ in range(4):
                group.start_soon(ask)
    assert len(answers) == 4 and all(len(answer.fixtures) > 0 for answer in answers)
    assert (503, 1) in [(status, wait) for status, wait, _ in retries]


def test_a_live_set_opens_after_the_retry_after_of_a_429(harness):
    with strict_client(harness, harness.info["limited_key"], []) as client:
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
