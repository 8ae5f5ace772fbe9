"""The table's command line (htmx): a typed phrase runs through play/table/commands.py, the same
services as every control. An action answers with the board, as any control does (its sentence
is the board's ``data-said``); a question, the readings to choose from or a refusal answer with
the command line's output, which static/js/command-line.js reads out in the live region."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from play.table.commands import MAX_TEXT, command_run
from play.web.views import HtmxHttpRequest, _board, _stale
from tokensite.api import Conflict, DomainError, Forbidden

OUT = "#command-out"


def _number(value: str, low: int, high: int) -> int | None:
    return int(value) if value.isdigit() and low <= int(value) <= high else None


def _out(request: HtmxHttpRequest, said: str, *, status: int = 200, **extra: Any) -> HttpResponse:
    """The line's output in place (htmx); without JavaScript, the table page with the answer
    as a message."""
    kwargs = request.resolver_match.kwargs if request.resolver_match else {}
    if not request.htmx and status >= 400:
        # Refused without JavaScript: the reason and the status, not a redirect that would
        # answer an outsider like a player.
        return HttpResponse(said, status=status, content_type="text/plain; charset=utf-8")
    if not request.htmx and "table_id" in kwargs:
        (messages.error if extra.get("refused") else messages.info)(request, said)
        return redirect("play-table", table_id=kwargs["table_id"])
    response = render(request, "play/command_line.html#out", {"said": said, **extra}, status=status)
    response["HX-Retarget"] = OUT
    response["HX-Reswap"] = "outerHTML"
    return response


@require_POST
def command(request: HtmxHttpRequest, table_id: Any) -> HttpResponse:
    """Run the posted phrase (``text``; ``reading``: a reading's number; ``focus``: the stack
    the "stack" question is about)."""
    if not request.user.is_authenticated:
        error = Forbidden(gettext("Log in to act at a table."), code="not_authenticated")
        return _out(request, error.detail, status=error.status, refused=True)
    text = request.POST.get("text", "")[: MAX_TEXT + 1]
    try:
        outcome = command_run(
            table_id=table_id,
            user=request.user,
            text=text,
            expected_version=_number(request.POST.get("expected_version", ""), 0, 2**31),
            choice=_number(request.POST.get("reading", ""), 1, 9),
            focus=request.POST.get("focus", "")[:32] or None,
        )
    except Conflict as exc:
        return _stale(request, table_id, exc)
    except DomainError as exc:
        return _out(request, exc.detail, status=exc.status, refused=True)
    if outcome.result is not None:
        return _board(
            request, table_id, state=outcome.result.state, result_events=outcome.result.events
        )
    return _out(request, outcome.said, options=outcome.options, text=text)
