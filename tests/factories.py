"""factory-boy factories for the core models: tests say what matters about a row, the factory
fills in the rest (unique names included). Call `XFactory.create(...)`: it is typed."""

from __future__ import annotations

from typing import Any

import factory.django
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from factory.declarations import LazyFunction, Sequence, SubFactory

from catalog.models import CardDefinition, Game, TokenDefinition
from jobs.models import Job
from play.models import Table
from play.table import services


class UserFactory(factory.django.DjangoModelFactory[User]):
    """`UserFactory(password="...")` for a user who signs in through the form; no password by
    default (tests sign in with `force_login`)."""

    class Meta:
        model = get_user_model()

    username = Sequence(lambda n: f"user{n}")

    @classmethod
    def _create(cls, model_class: type[User], *args: Any, **kwargs: Any) -> User:
        return model_class.objects.create_user(*args, **kwargs)


class CuratorFactory(UserFactory):
    """Staff with every permission: the catalogue's curators and the admin's users."""

    username = Sequence(lambda n: f"curator{n}")
    is_staff = True
    is_superuser = True


class GameFactory(factory.django.DjangoModelFactory[Game]):
    class Meta:
        model = Game
        django_get_or_create = ("slug",)

    slug = "mtg"
    name = "Magic: The Gathering"


class TokenFactory(factory.django.DjangoModelFactory[TokenDefinition]):
    class Meta:
        model = TokenDefinition

    game = SubFactory(GameFactory)
    slug = Sequence(lambda n: f"mtg-test-token-{n}")
    name = Sequence(lambda n: f"Test Token {n}")
    types = ["Creature"]
    subtypes = ["Soldier"]
    colors = ["W"]
    power = "1"
    toughness = "1"


class CardFactory(factory.django.DjangoModelFactory[CardDefinition]):
    class Meta:
        model = CardDefinition

    game = SubFactory(GameFactory)
    slug = Sequence(lambda n: f"mtg-test-card-{n}")
    name = Sequence(lambda n: f"Test Card {n}")
    types = ["Sorcery"]


class TableFactory(factory.django.DjangoModelFactory[Table]):
    """A table made the way players make one (the service writes its first state and log)."""

    class Meta:
        model = Table

    owner = SubFactory(UserFactory)
    game = "mtg"
    name = Sequence(lambda n: f"Table {n}")
    players = ("Ann", "Ben")

    @classmethod
    def _create(cls, model_class: type[Table], *args: Any, **kwargs: Any) -> Table:
        return services.table_create(
            owner=kwargs["owner"],
            game=kwargs["game"],
            name=kwargs["name"],
            players=list(kwargs["players"]),
        )


class JobFactory(factory.django.DjangoModelFactory[Job]):
    class Meta:
        model = Job

    kind = "catalog_import"
    params = LazyFunction(lambda: {"format": "mtgjson", "dry_run": True, "name": "x"})
    created_by = SubFactory(CuratorFactory)
