"""The working context of one action: the state being changed, the events told, the answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from rules.errors import IllegalAction, InvalidAction, NeedChoice
from rules.state import GameState, ObjectT, SeatT
from rules.text import message_data, msg

Event = dict[str, Any]
T = TypeVar("T")


def times(count: int, name: str) -> str:
    """ "Soldier Token" for one object, "Soldier Token (x3)" for a stack of three: a sentence
    piece told as data, so a reader's page can name the token in its language."""
    return name if count == 1 else msg("{name} (x{count})", name=name, count=count)


def rules_warning(detail: str, rule: str | None, *, applied: bool) -> Event:
    """The event a track-only table logs for what the rules forbid (API.md, second wave):
    ``applied`` says whether the action went on (``Context.refuse``) or changed nothing (the
    kernel stopped where going on made no sense)."""
    text = (
        msg("Against the rules: {detail} (done anyway, track-only table)", detail=detail)
        if applied
        else msg("Against the rules: {detail} (nothing changed, track-only table)", detail=detail)
    )
    return {
        "type": "rules_warning",
        "text": str(text),
        "rule": rule,
        "detail": str(detail),
        "applied": applied,
        "message": text.data(),
    }


class Context(Generic[ObjectT, SeatT]):
    """Carries the state through one action; ``decide`` consumes the answers given by ``choose``
    in order, so replaying the same actions never asks again."""

    def __init__(
        self,
        state: GameState[ObjectT, SeatT],
        answers: list[Any],
        manual: bool = False,
        track: bool = False,
    ) -> None:
        self.state = state
        self.events: list[Event] = []
        self.manual = manual
        self.track = track
        """A track-only table: what the rules forbid is done anyway, with a warning."""
        self.dies: list[tuple[ObjectT, int]] = []
        self.deathtouched: set[str] = set()
        """Stacks dealt damage by a source with deathtouch in this action, which state-based
        actions check at its end (CR 704.5h)."""
        self.triggers: list[object] = []
        """Triggered abilities the kernel resolves itself, waiting for the state-based actions to
        settle (CR 603.3); their shape belongs to the game system."""
        self._answers = list(answers)

    def event(self, event_type: str, text: str, rule: str | None = None, **extra: Any) -> None:
        """Tell what happened, in a sentence, with the rule it follows."""
        event: Event = {"type": event_type, "text": str(text), "rule": rule, **extra}
        message = message_data(text)
        if message is not None:
            # The sentence as data, so a page tells it in the reader's language
            # (play/table/i18n.py).
            event["message"] = message
        if self.manual:
            event["manual"] = True
        self.events.append(event)

    def refuse(self, detail: str, rule: str) -> None:
        """The rules forbid what this action does now (IllegalAction). At a track-only table the
        action goes on as asked and the log keeps a ``rules_warning`` citing the rule; callers
        use this where going on leaves a consistent state, and raise IllegalAction elsewhere."""
        if not self.track:
            raise IllegalAction(detail, rule)
        self.events.append(rules_warning(detail, rule, applied=True))

    def decide(
        self,
        kind: str,
        seat: int,
        prompt: str,
        options: list[Any],
        rule: str | None = None,
        refers: list[str | None] | None = None,
    ) -> Any:
        """A player's decision among ``options`` that lead to different results; ``refers``
        names the object each option stands for, when the option itself is no object id.

        Callers pass only options with distinct outcomes; with one left, nobody is asked
        (API.md: "Where every option leads to the same result, do not ask").
        """
        if not options:
            raise ValueError("a decision needs options")
        if len(options) == 1:
            return options[0]
        if self._answers:
            answer = self._answers.pop(0)
            if answer not in options:
                raise InvalidAction(
                    msg(
                        "{answer} is not one of the options: {options}",
                        answer=repr(answer),
                        options=repr(options),
                    )
                )
            return answer
        raise NeedChoice(kind, seat, prompt, options, rule, refers=refers)

    def decide_amounts(
        self,
        kind: str,
        seat: int,
        prompt: str,
        amounts: dict[str, Any],
        suggestions: list[Any],
        *,
        ask: bool,
        accept: Callable[[Any], T],
        default: T,
        rule: str | None = None,
    ) -> T:
        """A decision answered by amounts, described by the data ``amounts`` (which names its
        ``source``); ``accept`` validates an answer (raising InvalidAction/IllegalAction) and
        returns it normalized. Asked only when ``ask`` (different answers do different things);
        otherwise ``default`` is used unless the next answer given in advance is one for this
        very source (``{"source": id, ...}``): the player's right to decide is kept without a
        question nobody needs. Only the active player's decisions are answered in advance this
        way (the sender of a turn-based step acts for them; anyone else's are asked)."""
        upcoming = self._answers[0] if self._answers else None
        mine = (
            isinstance(upcoming, dict)
            and upcoming.get("source") == amounts["source"]
            and seat == self.state.active_seat
        )
        if mine or (ask and self._answers):
            return accept(self._answers.pop(0))
        if not ask:
            return default
        raise NeedChoice(kind, seat, prompt, suggestions, rule, amounts)

    def get(self, object_id: object) -> ObjectT:
        """The stack named by an action, or InvalidAction."""
        if not isinstance(object_id, str) or object_id not in self.state.objects:
            raise InvalidAction(msg("there is no object {object_id}", object_id=repr(object_id)))
        return self.state.objects[object_id]
