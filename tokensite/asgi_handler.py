"""Django's ASGI handler with the middleware chain built as under WSGI: run in one thread.

Under ASGI Django builds the chain for the event loop and adapts each middleware that can only
run synchronously (most of ours). With django-axes, which can run either way, last in the chain,
each request crossed from the loop into a worker thread for the outer middleware, back to the
loop for axes and the handler's core, and into the thread again for the view: on a tap, those
hand-offs (futures, locks, context copies) were a fifth of the server's CPU (issue 36). Built
synchronously, the whole chain and the view run in one call in the request's thread; the
views are all synchronous, so nothing is lost by it, and an async view would still run
(Django adapts it).
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpRequest, HttpResponseBase


class OneThreadASGIHandler(ASGIHandler):
    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        get_response: Any = sync_to_async(self.get_response, thread_sensitive=True)
        response: HttpResponseBase = await get_response(request)
        return response
