"""A non-2xx answer of the API as an exception, and the one rule for when to send a request again."""

from __future__ import annotations

import email.utils
import time

import httpx


def retry_after_seconds(headers: httpx.Headers) -> int | None:
    """``Retry-After`` in seconds (a number or an HTTP date); None when absent or unreadable."""
    value = headers.get("retry-after", "").strip()
    if not value:
        return None
    if value.isdigit():
        return int(value)
    try:
        at = email.utils.parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0, int(at - time.time() + 0.999))


class ApiError(Exception):
    """The status, the API's own ``{"error"}`` text (a 400 names the parameter and the rule), and,
    on a 429 or 503, the seconds the API asked the caller to wait."""

    def __init__(self, status: int, message: str, retry_after: int | None = None, request_id: str | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after
        self.request_id = request_id

    @classmethod
    def from_response(cls, response: httpx.Response) -> ApiError:
        message = response.text or response.reason_phrase or f"HTTP {response.status_code}"
        try:
            body = response.json()
            if isinstance(body, dict) and isinstance(body.get("error"), str):
                message = body["error"]
        except ValueError:
            pass  # not JSON (a proxy's page): its text is the best message there is
        return cls(response.status_code, message, retry_after_seconds(response.headers), response.headers.get("x-request-id"))


def wait_before_retry(response: httpx.Response, max_wait: float) -> int | None:
    """Seconds to wait before sending a request again, or None when it must not be.

    Only where the API says so: a 429 (rate limit) or 503 (overload, shutting down) with
    ``Retry-After``. Retrying what the API did not ask for would add load where it is short."""
    if response.status_code not in (429, 503):
        return None
    wait = retry_after_seconds(response.headers)
    return wait if wait is not None and wait <= max_wait else None
