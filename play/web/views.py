"""Battlefield pages (htmx): the lobby, invite and spectator links, the table and its controls.

Every write goes through play/table/services.py, the same functions the API calls. htmx requests get
a named partial of the page template, other requests the full page (or a redirect after a POST).
Domain errors become a clear 4xx: a stale version (409) sends the current board instead of acting,
rules errors (400/403/422) show beside the control that caused them, with their rule number.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.middleware import HtmxDetails

from catalog import services as catalog_services
from play.models import Seat, Table
from play.table import selectors, services
from play.table.idempotency import Idempotency, Repeat, parse_key
from play.table.selectors import TableAccess
from play.web import board, guests, palette, presentation
from play.web.forms import (
    ActionForm,
    JoinForm,
    TableCreateForm,
    table_controls,
)
from tokensite.api import Conflict, DomainError, Forbidden

LINK = re.compile(r"/play/(join|watch)/([\w-]{1,64})/?")
SLOT = re.compile(r"^[a-z0-9_-]{1,40}$")
MAX_SELECTED = 64  # stacks one multi-select action may name


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def _access(request: HttpRequest, table_id: Any) -> tuple[Table, TableAccess]:
    return selectors.table_get_for_user(
        table_id=table_id, user=request.user, spectate_token=request.GET.get("spectate")
    )


def _error(request: HtmxHttpRequest, exc: DomainError) -> HttpResponse:
    """The error beside the control that posted (its `slot`), or the whole page without htmx."""
    kwargs = request.resolver_match.kwargs if request.resolver_match else {}
    context = {"error": exc, "table_id": kwargs.get("table_id")}
    slot = request.POST.get("slot", "")
    if request.htmx and SLOT.match(slot):
        response = render(request, "play/table.html#error", context, status=exc.status)
        response["HX-Retarget"] = f"#{slot}"
        response["HX-Reswap"] = "innerHTML"
        return response
    return render(request, "play/error.html", context, status=exc.status)


def _board(
    request: HtmxHttpRequest,
    table_id: Any,
    *,
    status: int = 200,
    state: dict[str, Any] | None = None,
    **extra: Any,
) -> HttpResponse:
    """After a write: the board partial for htmx, a redirect to the page otherwise."""
    if not request.htmx:
        return redirect("play-table", table_id=table_id)
    table, access = _access(request, table_id)
    context = presentation.board_context(request, table, access, state, **extra)
    return render(request, "play/table.html#board", context, status=status)


def _answer(
    request: HtmxHttpRequest,
    table_id: Any,
    result: services.ActionResult,
    expected_version: int,
    **extra: Any,
) -> HttpResponse:
    """After one's own action: the delta, when the page asked for one (battlefield.js sends
    ``X-Board-Delta``) and shows the version just before it; the page patches its tiles as it
    does for anyone's action. Otherwise (a gap: the action was rebased past other commits) the
    whole board."""
    wants_delta = request.htmx and request.headers.get("X-Board-Delta") == "1"
    if not wants_delta or result.rebased_from is not None or result.version != expected_version + 1:
        return _board(request, table_id, state=result.state, result_events=result.events, **extra)
    table, access = _access(request, table_id)
    frame = selectors.table_frame(table=table, access=access)
    # A new action adds one line at the top of the log; an undo also marks an older one.
    undo = any(event.get("type") == "undone" for event in result.events)
    context = presentation.board_context(
        request,
        table,
        access,
        frame,
        log_entries=presentation.LOG_ENTRIES if undo else 1,
        result_events=result.events,
        **extra,
    )
    context["log_tail"] = not undo and table.version > 1
    context["frame_changed"] = bool(result.delta["seats"] or result.delta["table"])
    context["own_delta"] = {
        "version": result.version,
        "delta": result.delta,
        "said": context["said"],
        "urgent": presentation.urgent_text(context),
    }
    response = render(request, "play/table.html#own-delta", context)
    response["HX-Reswap"] = "none"  # the tiles are patched; the frame comes out of band
    response["X-Board-Delta"] = str(result.version)
    return response


def _stale(request: HtmxHttpRequest, table_id: Any, exc: Conflict) -> HttpResponse:
    """409: nothing was done; show the current state so the player acts on what is true now."""
    return _board(request, table_id, status=409, notice=exc.detail)


def _idempotency(request: HttpRequest) -> Idempotency | None:
    """The page's `Idempotency-Key` (battlefield.js sends one per submission): a double submit
    or a retry gets the first answer, replayed, instead of a conflict."""
    key = parse_key(request.headers.get("Idempotency-Key"))
    return None if key is None else Idempotency(key, _kept_answer)


def _kept_answer(result: Any) -> dict[str, Any]:
    """What a repeat needs to answer as the first request did: the events it logged."""
    results = result if isinstance(result, list) else [result]
    return {"events": [event for each in results for event in each.events]}


def _replayed(request: HtmxHttpRequest, table_id: Any, repeat: Repeat) -> HttpResponse:
    response = _board(request, table_id, result_events=repeat.answer.get("events") or [])
    response["Idempotent-Replayed"] = "true"
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def lobby(request: HtmxHttpRequest) -> HttpResponse:
    """My tables and a form to create one; creating needs an account. `?link=` opens a pasted
    invite or spectator link."""
    link = LINK.search(request.GET.get("link", ""))
    if link:
        view = "play-join" if link.group(1) == "join" else "play-spectate"
        return redirect(view, link.group(2))
    form = TableCreateForm(request.POST or None)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={reverse('play-lobby')}")
        if form.is_valid():
            try:
                table = services.table_create(
                    owner=request.user,
                    game=form.cleaned_data["game"],
                    name=form.cleaned_data["name"],
                    players=form.cleaned_data["players"],
                    options=form.options(),
                    mode=form.cleaned_data["mode"],
                )
            except DomainError as exc:
                form.add_error(None, exc.detail)
            else:
                return redirect("play-table", table_id=table.id)
    tables = presentation.lobby_tables(request.user)
    status = 400 if form.errors else 200
    return render(request, "play/lobby.html", {"form": form, "tables": tables}, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def new_table(request: HtmxHttpRequest) -> HttpResponse:
    """Start a table with or without an account: an anonymous visitor becomes a guest kept in
    this session (play/web/guests.py); signing up later keeps the guest's tables."""
    form = TableCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            table = guests.guest_table_create(
                request=request,
                game=form.cleaned_data["game"],
                name=form.cleaned_data["name"],
                players=form.cleaned_data["players"],
                options=form.options(),
                mode=form.cleaned_data["mode"],
            )
        except DomainError as exc:
            form.add_error(None, exc.detail)
            return render(request, "play/new.html", {"form": form}, status=exc.status)
        return redirect("play-table", table_id=table.id)
    status = 400 if form.errors else 200
    return render(request, "play/new.html", {"form": form}, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def join(request: HtmxHttpRequest, invite: str) -> HttpResponse:
    """An invite link: pick a free seat; from then on only you act for it. Without an account,
    play as a guest, or pick the seat, sign up (or log in) and land in it."""
    try:
        preview = selectors.invite_preview(invite=invite)
    except DomainError as exc:
        return render(request, "play/error.html", {"error": exc}, status=exc.status)
    user = request.user
    if request.method != "POST" and user.is_authenticated:
        if Seat.objects.filter(table_id=preview["id"], user_id=user.pk).exists():
            return redirect("play-table", table_id=preview["id"])
    form = JoinForm(request.POST or None)
    error = None
    if request.method == "POST" and form.is_valid():
        seat = form.cleaned_data["seat"]
        if not user.is_authenticated and not request.GET.get("as_guest"):
            # Kept through sign-up and login (play/web/guests.py), which then seat the new user.
            request.session[guests.PENDING_SEAT] = {"invite": invite, "seat": seat}
            here = reverse("play-join", args=[invite])
            return redirect(f"{reverse('signup')}?{urlencode({'next': here})}")
        try:
            if not user.is_authenticated:
                user = guests.guest_start(request)
            services.table_join(user=user, invite=invite, seat=seat)
        except DomainError as exc:
            error = exc
        else:
            return redirect("play-table", table_id=preview["id"])
    status = error.status if error else (400 if form.errors else 200)
    preview = {**preview, "game_title": board.presentation(preview["game"]).title}
    here = reverse("play-join", args=[invite])
    context = {
        "preview": preview,
        "form": form,
        "error": error,
        "invite": invite,
        "next": urlencode({"next": here}),
    }
    return render(request, "play/join.html", context, status=status)


@require_safe
def spectate(request: HttpRequest, token: str) -> HttpResponse:
    """A spectator link: signed-in users follow the table; anyone else reads it by the token."""
    if request.user.is_authenticated:
        try:
            table = services.table_spectate(user=request.user, token=token)
        except DomainError as exc:
            return render(request, "play/error.html", {"error": exc}, status=exc.status)
        return redirect("play-table", table_id=table.id)
    found = Table.objects.filter(spectate_token=token).values_list("id", flat=True).first()
    if not token or found is None:
        error = DomainError(gettext("This link is not valid."), code="not_found")
        return render(request, "play/error.html", {"error": error}, status=404)
    return redirect(f"{reverse('play-table', args=[found])}?{urlencode({'spectate': token})}")


def _board_ended(request: HtmxHttpRequest, table_id: Any, exc: DomainError) -> HttpResponse:
    """The board's place when access ended under an open page (logout in another tab, a removed
    seat): says so, with a way back (log in, keeping this table as `next`); the page keeps
    asking, so the board comes back once access does."""
    anonymous = not request.user.is_authenticated and not request.GET.get("spectate")
    context = {
        "error": exc,
        "session_ended": anonymous,
        "login_url": f"{reverse('login')}?{urlencode({'next': _table_url(request, table_id)})}",
    }
    response = render(request, "play/table.html#ended", context, status=exc.status)
    # Swapped in place of the board (the page's script handles it, not django-htmx's debug page).
    response["HX-Retarget"] = "#board"
    return response


def _table_url(request: HttpRequest, table_id: Any) -> str:
    try:
        return reverse("play-table", args=[table_id])
    except NoReverseMatch:
        return reverse("play-lobby")


@require_safe
def table_page(request: HtmxHttpRequest, table_id: Any) -> HttpResponse:
    try:
        table, access = _access(request, table_id)
    except DomainError as exc:
        # Someone logged out (or never in) gets a way to log in and come back here.
        context = {"error": exc, "login_next": request.get_full_path()}
        return render(request, "play/error.html", context, status=exc.status)
    context = presentation.table_page_context(request, table, access)
    template = "play/table.html#board" if request.htmx else "play/table.html"
    return render(request, template, context)


@require_safe
def board_partial(request: HtmxHttpRequest, table_id: Any) -> HttpResponse:
    """The live board; `?known=<version>` answers 204 while nothing changed (polling; with
    `&grants=`, the page's ``grants_signature``, also while the viewer's seats didn't), and
    `?part=frame` gives the board without its stacks."""
    try:
        table, access = _access(request, table_id)
    except DomainError as exc:
        return _board_ended(request, table_id, exc)
    known = request.GET.get("known", "")
    grants = request.GET.get("grants")
    unchanged = grants in (None, presentation.grants_signature(access))
    if known == str(table.version) and unchanged and "part" not in request.GET:
        return HttpResponse(status=204)
    if request.GET.get("part") in ("piles", "pile"):
        # The next page of stacks, as it scrolls into view (a big table opens with the first).
        page = presentation.pile_page_context(request, table, access, request.GET)
        if page is None:
            return HttpResponse(status=400)
        name = "piles-page" if request.GET["part"] == "piles" else "pile-page"
        return render(request, f"play/table.html#{name}", page)
    if request.GET.get("part") == "frame":
        # The head, choice, seat heads and log alone (battlefield.js swaps them in by id).
        frame = selectors.table_frame(table=table, access=access)
        context = presentation.board_context(request, table, access, frame)
        return render(request, "play/table.html#frame", context)
    since = int(known) if known.isdigit() and len(known) < 12 else None
    context = presentation.board_context(request, table, access, said_since=since)
    return render(request, "play/table.html#board", context)


@require_POST
def act(request: HtmxHttpRequest, table_id: Any) -> HttpResponse:
    """One action from any control; the board comes back (htmx) or the page reloads."""
    if not request.user.is_authenticated:
        return _error(
            request, Forbidden(gettext("Log in to act at a table."), code="not_authenticated")
        )
    form = ActionForm(request.POST)
    try:
        if not form.is_valid():
            raise DomainError(_form_errors(form), code="invalid")
        action = form.action()
        result = services.table_apply_action(
            table_id=table_id,
            user=request.user,
            expected_version=form.cleaned_data["expected_version"],
            action=action,
            idempotency=_idempotency(request),
        )
    except Conflict as exc:
        return _stale(request, table_id, exc)
    except DomainError as exc:
        return _error(request, exc)
    if isinstance(result, Repeat):
        return _replayed(request, table_id, result)
    remembered = _remember_creation(request, table_id, action)
    summary = board.replacement_summary(result.events)
    response = _answer(
        request, table_id, result, form.cleaned_data["expected_version"], summary=summary
    )
    if remembered is not None and request.htmx and response.status_code == 200:
        response.write(_palette_memory(request, remembered, oob=True))
    return response


def _remember_creation(request: HttpRequest, table_id: Any, action: dict[str, Any]) -> Table | None:
    """A catalogue token created from the palette becomes the player's recent one and "again"
    (the table, when it did)."""
    if not isinstance(action.get("token"), str):
        return None  # not a catalogue token: nothing to look up
    table, _unused = _access(request, table_id)
    create = table_controls(table.game)["create"]
    if create is None or action["type"] != create.type or not isinstance(action.get("token"), str):
        return None
    count = action.get("count", 1)
    palette.palette_token_used(
        user=request.user, game=table.game, token=action["token"], count=int(count)
    )
    return table


def _palette_memory(request: HttpRequest, table: Table, *, oob: bool = False) -> str:
    """The palette's favourites and recent tokens; with ``oob`` (htmx out-of-band, after a
    creation) also the "again" form."""
    context = presentation.palette_memory_context(table, request.user, oob=oob)
    return "".join(
        render_to_string(f"play/table.html#{name}", context, request=request)
        for name in ("palette-memory", "again-form")[: 2 if oob else 1]
    )


@require_POST
def act_on_stacks(request: HtmxHttpRequest, table_id: Any) -> HttpResponse:
    """The multi-select bar: one action (tap, untap, sacrifice...) on every selected stack, one
    logged action per stack (services.table_apply_to_stacks)."""
    if not request.user.is_authenticated:
        return _error(request, Forbidden("Log in to act at a table.", code="not_authenticated"))
    objects = [o for o in request.POST.getlist("objects") if SLOT.match(o)][:MAX_SELECTED]
    try:
        version = int(request.POST.get("expected_version", ""))
        if not objects:
            raise DomainError("Select one or more stacks first.", code="invalid")
        results = services.table_apply_to_stacks(
            table_id=table_id,
            user=request.user,
            expected_version=version,
            kind=request.POST.get("type", ""),
            objects=objects,
            idempotency=_idempotency(request),
        )
    except ValueError:
        return _error(request, DomainError("expected_version must be a number.", code="invalid"))
    except Conflict as exc:
        return _stale(request, table_id, exc)
    except DomainError as exc:
        return _error(request, exc)
    if isinstance(results, Repeat):
        return _replayed(request, table_id, results)
    if not results:
        return _board(request, table_id, result_events=[])
    events = [e for result in results for e in result.events]
    return _board(request, table_id, state=results[-1].state, result_events=events)


@require_POST
def favourite(request: HtmxHttpRequest, table_id: Any) -> HttpResponse:
    """Star or unstar a token for this player's palettes; the palette's memory comes back."""
    wanted, _, token = request.POST.get("favourite", "").partition(":")
    try:
        table, _unused = _access(request, table_id)
        palette.palette_favourite_set(
            user=request.user, game=table.game, token=token[:100], favourite=wanted == "1"
        )
    except DomainError as exc:
        return _error(request, exc)
    if not request.htmx:
        return redirect("play-table", table_id=table.id)
    return HttpResponse(_palette_memory(request, table))


def _form_errors(form: ActionForm) -> str:
    return " ".join(
        f"{field}: {' '.join(map(str, errors))}" for field, errors in form.errors.items()
    )


@require_POST
def undo(request: HtmxHttpRequest, table_id: Any) -> HttpResponse:
    """Take back the last action that still counts (services.table_undo)."""
    if not request.user.is_authenticated:
        return _error(
            request, Forbidden(gettext("Log in to act at a table."), code="not_authenticated")
        )
    try:
        version = int(request.POST.get("expected_version", ""))
        result = services.table_undo(
            table_id=table_id,
            user=request.user,
            expected_version=version,
            idempotency=_idempotency(request),
        )
    except ValueError:
        return _error(
            request, DomainError(gettext("expected_version must be a number."), code="invalid")
        )
    except Conflict as exc:
        return _stale(request, table_id, exc)
    except DomainError as exc:
        return _error(request, exc)
    if isinstance(result, Repeat):
        return _replayed(request, table_id, result)
    return _answer(request, table_id, result, version)


@require_POST
def untap_all(request: HtmxHttpRequest, table_id: Any) -> HttpResponse:
    """Untap (MTG) or ready (Riftbound) everything one seat controls: one kernel action (the
    registry's "untap everything" control), so one log entry and one undo."""
    if not request.user.is_authenticated:
        return _error(
            request, Forbidden(gettext("Log in to act at a table."), code="not_authenticated")
        )
    try:
        table, _ = _access(request, table_id)
        spec = table_controls(table.game)["untap_everything"]
        assert spec is not None and spec.flip is not None  # every game has one
        form = ActionForm({**request.POST.dict(), "type": spec.type})
        if not form.is_valid() or form.cleaned_data.get("seat") is None:
            raise DomainError(gettext("Choose a seat and post expected_version."), code="invalid")
        result = services.table_untap_all(
            table_id=table_id,
            user=request.user,
            expected_version=form.cleaned_data["expected_version"],
            seat=form.cleaned_data["seat"],
            idempotency=_idempotency(request),
        )
    except Conflict as exc:
        return _stale(request, table_id, exc)
    except DomainError as exc:
        return _error(request, exc)
    if result is None:
        return _board(request, table_id, result_events=[])
    if isinstance(result, Repeat):
        return _replayed(request, table_id, result)
    return _answer(request, table_id, result, form.cleaned_data["expected_version"])


@require_safe
def object_panel(request: HtmxHttpRequest, table_id: Any, object_id: str) -> HttpResponse:
    """Every action on one stack, with a count: a dialog (htmx) or a page of its own."""
    try:
        table, access = _access(request, table_id)
    except DomainError as exc:
        return render(request, "play/error.html", {"error": exc}, status=exc.status)
    context = presentation.object_panel_context(request, table, access, object_id)
    if context is None:
        error = DomainError(gettext("That stack is gone (it left the battlefield or merged)."))
        return render(request, "play/error.html", {"error": error}, status=404)
    template = "play/object.html#panel" if request.htmx else "play/object.html"
    return render(request, template, context)


@require_safe
def print_tokens(request: HttpRequest, table_id: Any) -> HttpResponse:
    """Put every token on a table the caller can see into the print basket, then show it."""
    try:
        found = selectors.table_tokens(table_id=table_id, user=request.user)
        unknown = catalog_services.print_basket_add(request.session, additions=found.items)
    except DomainError as exc:
        messages.error(request, exc.detail)
        return redirect("print-page")
    added = sum(count for slug, count in found.items if slug not in unknown)
    messages.success(
        request,
        ngettext(
            "Added %(n)d token card from the table “%(table)s”.",
            "Added %(n)d token cards from the table “%(table)s”.",
            added,
        )
        % {"n": added, "table": found.name},
    )
    skipped = [*found.unprintable, *unknown]
    if skipped:
        messages.error(
            request,
            gettext("Not printable from the catalogue: %(names)s.") % {"names": ", ".join(skipped)},
        )
    return redirect("print-page")


@require_safe
def palette_search(request: HtmxHttpRequest, table_id: Any) -> HttpResponse:
    """Tokens and cards of the table's game matching `q`, as buttons of the token palette."""
    try:
        table, access = _access(request, table_id)
    except DomainError as exc:
        return render(request, "play/table.html#error", {"error": exc}, status=exc.status)
    q = request.GET.get("q", "").strip()[:100]
    context = presentation.palette_search_context(table, access, q)
    return render(request, "play/table.html#palette-results", context)
