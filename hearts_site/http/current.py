"""The request being answered, for the code that decides what a reader may see without being
handed the request (a player's name: scoring/selectors/names.py). Set by
``CurrentRequestMiddleware`` for the request's whole answer, a streamed body's iteration too;
outside a request (a task, a command, a webhook) there is none, and the reader is nobody."""

from __future__ import annotations

from collections.abc import Iterator
from contextvars import ContextVar

from django.http import HttpRequest, StreamingHttpResponse

_request: ContextVar[HttpRequest | None] = ContextVar("hearts_request", default=None)


def current_request() -> HttpRequest | None:
    return _request.get()


def _streamed(request: HttpRequest, content: Iterator[bytes]) -> Iterator[bytes]:
    token = _request.set(request)
    try:
        yield from content
    finally:
        _request.reset(token)


class CurrentRequestMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest):
        token = _request.set(request)
        try:
            response = self.get_response(request)
        finally:
            _request.reset(token)
        if isinstance(response, StreamingHttpResponse) and not response.is_async:
            response.streaming_content = _streamed(request, iter(response.streaming_content))
        return response
