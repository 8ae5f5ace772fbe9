"""Password reset by mail, against a real SMTP server on this machine: the mail arrives, its link
sets a new password, pages are in the visitor's language, and a mail server that refuses is an
error on the page, never "sent"."""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client

from tests.factories import UserFactory
from tests.tokensite.smtp_receiver import smtp_receiver
from tokensite.emailurl import email_settings, parse_email_url

pytestmark = pytest.mark.django_db
SMTP_BACKEND = "django.core.mail.backends.smtp.EmailBackend"


def _use_smtp(settings: Any, port: int) -> None:
    settings.EMAIL_BACKEND = SMTP_BACKEND
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_TIMEOUT = 5


@pytest.fixture
def smtp(settings: Any) -> Iterator[Any]:
    with smtp_receiver() as server:
        _use_smtp(settings, server.server_address[1])
        yield server


@pytest.fixture
def closed_port() -> int:
    """A port nothing listens on: a connection there is refused."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_login_page_offers_a_password_reset() -> None:
    page = Client().get("/accounts/login/").content.decode()
    assert 'href="/accounts/password_reset/"' in page and "Forgot password?" in page
    russian = Client(HTTP_ACCEPT_LANGUAGE="ru").get("/accounts/login/").content.decode()
    assert "Забыли пароль?" in russian


def test_a_reset_mail_arrives_and_its_link_sets_a_new_password(smtp: Any) -> None:
    user = UserFactory.create(password="an-old-secret-17", email="ann@example.org")
    client = Client()
    asked = client.post("/accounts/password_reset/", {"email": "ann@example.org"})
    assert asked.status_code == 302 and asked["Location"] == "/accounts/password_reset/done/"
    assert "Check your mail" in client.get(asked["Location"]).content.decode()

    [(_sender, recipients, mail)] = smtp.received
    assert recipients == ["<ann@example.org>"]
    assert mail["Subject"] == "Your Tokensite password"
    body = mail.get_content()
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", body)
    assert link, body
    form = client.get(link.group(1), follow=True)
    assert 'name="new_password1"' in form.content.decode()
    set_url = form.redirect_chain[-1][0]
    new = "a-brand-new-secret-42"
    done = client.post(set_url, {"new_password1": new, "new_password2": new})
    assert done.status_code == 302 and done["Location"] == "/accounts/reset/done/"
    user.refresh_from_db()
    assert user.check_password(new)
    # The link works once.
    again = client.get(link.group(1), follow=True).content.decode()
    assert "does not work any more" in again


def test_the_reset_pages_and_mail_are_in_the_visitor_s_language(smtp: Any) -> None:
    UserFactory.create(password="an-old-secret-17", email="boris@example.org")
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    assert "Сброс пароля" in client.get("/accounts/password_reset/").content.decode()  # noqa: RUF001
    client.post("/accounts/password_reset/", {"email": "boris@example.org"})
    [(_sender, _recipients, mail)] = smtp.received
    assert mail["Subject"] == "Ваш пароль на Tokensite"
    assert "Чтобы выбрать новый пароль" in mail.get_content()


@pytest.mark.parametrize("email", ["ann@example.org", "nobody@example.org"])
def test_a_mail_server_that_cannot_be_reached_is_an_error_not_sent(
    settings: Any, closed_port: int, email: str
) -> None:
    """For a known address and an unknown one alike: the answer tells nothing about accounts."""
    UserFactory.create(password="an-old-secret-17", email="ann@example.org")
    _use_smtp(settings, closed_port)
    answer = Client().post("/accounts/password_reset/", {"email": email})
    assert answer.status_code == 503
    page = answer.content.decode()
    assert "could not be sent" in page and 'role="alert"' in page
    assert "Check your mail" not in page


def test_the_mail_settings_come_from_a_url_or_the_usual_variables() -> None:
    assert parse_email_url("smtp+tls://ann%40club.org:p%3Ass@mail.club.org") == {
        "EMAIL_BACKEND": SMTP_BACKEND,
        "EMAIL_HOST": "mail.club.org",
        "EMAIL_PORT": 587,
        "EMAIL_HOST_USER": "ann@club.org",
        "EMAIL_HOST_PASSWORD": "p:ss",
        "EMAIL_USE_TLS": True,
        "EMAIL_USE_SSL": False,
    }
    assert parse_email_url("smtps://mail.club.org")["EMAIL_PORT"] == 465
    assert parse_email_url("smtp://relay:2525")["EMAIL_PORT"] == 2525
    with pytest.raises(ValueError, match="unknown scheme"):
        parse_email_url("imap://mail.club.org")
    variables = {"EMAIL_HOST": "mail.club.org", "EMAIL_USE_TLS": "1", "EMAIL_HOST_USER": "ann"}
    assert email_settings(variables, debug=False) == {
        "EMAIL_BACKEND": SMTP_BACKEND,
        "EMAIL_HOST": "mail.club.org",
        "EMAIL_PORT": 587,
        "EMAIL_HOST_USER": "ann",
        "EMAIL_HOST_PASSWORD": "",
        "EMAIL_USE_TLS": True,
        "EMAIL_USE_SSL": False,
    }
    assert email_settings({}, debug=True)["EMAIL_BACKEND"].endswith("console.EmailBackend")
    assert email_settings({}, debug=False)["EMAIL_HOST"] == "localhost"


def test_sign_up_takes_an_email_address_for_resets() -> None:
    client = Client()
    new = "a-fine-secret-99"
    client.post(
        "/accounts/signup/",
        {"username": "carla", "email": "carla@example.org", "password1": new, "password2": new},
    )
    from django.contrib.auth import get_user_model

    assert get_user_model().objects.get(username="carla").email == "carla@example.org"
