"""Helpers for rules probes through the public API (create a table, act, read)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from rest_framework.test import APIClient


class ApiTable:
    def __init__(self, game: str = "mtg", players: tuple[str, ...] = ("Ann", "Ben"), **extra: Any):
        user, _ = User.objects.get_or_create(username="judge")
        self.client = APIClient()
        self.client.force_authenticate(user)
        response = self.client.post(
            "/api/v1/tables/",
            {"game": game, "name": "probe", "players": list(players), **extra},
            format="json",
        )
        assert response.status_code == 201, response.json()
        self.id = response.json()["id"]
        self.version = 0
        self.state: dict[str, Any] = self.get()
        self.events: list[dict[str, Any]] = []

    def get(self) -> dict[str, Any]:
        body: dict[str, Any] = self.client.get(f"/api/v1/tables/{self.id}/").json()
        self.version = body["version"]
        return body

    def act(self, action: dict[str, Any], status: int = 200) -> dict[str, Any]:
        response = self.client.post(
            f"/api/v1/tables/{self.id}/actions/",
            {"expected_version": self.version, "action": action},
            format="json",
        )
        body: dict[str, Any] = response.json()
        assert response.status_code == status, (action, body)
        if status == 200:
            self.version = body["version"]
            self.state = body["state"]
            self.events = body["events"]
        return body

    def undo(self) -> dict[str, Any]:
        response = self.client.post(
            f"/api/v1/tables/{self.id}/undo/", {"expected_version": self.version}, format="json"
        )
        body: dict[str, Any] = response.json()
        assert response.status_code == 200, body
        self.version = body["version"]
        self.state = body["state"]
        return body

    def log(self) -> list[dict[str, Any]]:
        body: Any = self.client.get(f"/api/v1/tables/{self.id}/log/").json()
        return list(body["results"] if isinstance(body, dict) and "results" in body else body)

    def objects(self, name: str | None = None, zone: str = "battlefield") -> list[dict[str, Any]]:
        return [
            o
            for o in self.state["objects"]
            if o["zone"] == zone and (name is None or o["name"] == name)
        ]

    def one(self, name: str, zone: str = "battlefield") -> dict[str, Any]:
        found = self.objects(name, zone)
        assert len(found) == 1, [(o["id"], o["name"], o["count"]) for o in self.state["objects"]]
        return found[0]

    def brief(self) -> list[tuple[Any, ...]]:
        return [
            (
                o["id"],
                o["name"],
                o["count"],
                o["zone"],
                o["controller"],
                f"{o['power']}/{o['toughness']}",
                o["counters"],
                o["tapped"],
                o["damage"],
            )
            for o in self.state["objects"]
        ]
