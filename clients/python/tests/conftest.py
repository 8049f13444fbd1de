"""The service the tests talk to: the client harness (test/support/client-harness.ts), started by
test/clients/python-client.test.ts, which runs this suite and passes the harness's control URL
in SFD_HARNESS. The harness plays matches at speed 60 the whole time."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

import httpx
import pytest
from pydantic import BaseModel


class Harness:
    def __init__(self, control: str):
        self.control = httpx.Client(base_url=control, timeout=120)
        self.info = self.control.get("/info").json()
        self.url: str = self.info["url"]
        self.key: str = self.info["key"]

    def restart(self) -> None:
        self.control.post("/restart").raise_for_status()

    def rebuild(self) -> None:
        self.control.post("/rebuild").raise_for_status()

    def polled(self, path: str, params: list[tuple[str, str]]) -> list[dict]:
        """The polled endpoint's answer after a refresh: it shows every write made so far."""
        self.control.post("/refresh").raise_for_status()
        response = httpx.get(self.url + path, params=params, headers={"X-API-Key": self.key})
        response.raise_for_status()
        return response.json()["fixtures"]

    def wait_converged(self, held: Callable[[], dict[int, BaseModel]], model: type[BaseModel], path: str, params: list[tuple[str, str]], within: float = 15) -> list[dict]:
        """Waits until the held set equals the polled answer (as models, by id) and asserts it;
        returns the polled answer, in its order."""
        deadline = time.monotonic() + within
        while True:
            polled = self.polled(path, params)
            truth = sorted((model.model_validate(item) for item in polled), key=lambda fixture: fixture.id)
            mine = [fixture for _, fixture in sorted(held().items())]
            if mine == truth or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert [f.id for f in mine] == [f.id for f in truth]
        assert mine == truth
        return polled


def wait_until(what: str, condition: Callable[[], bool], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


@pytest.fixture(scope="session")
def harness() -> Harness:
    control = os.environ.get("SFD_HARNESS")
    if not control:
        raise RuntimeError("SFD_HARNESS is not set: run these tests through npm test (test/clients/python-client.test.ts)")
    return Harness(control)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
