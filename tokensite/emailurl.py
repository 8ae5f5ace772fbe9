"""Mail settings from the environment: one EMAIL_URL, or the usual EMAIL_* variables.

    smtp://user:password@host:25        plain SMTP (a relay on the same network)
    smtp+tls://user:password@host:587   SMTP with STARTTLS (submission)
    smtps://user:password@host:465      SMTP over TLS
    console:                            mail printed in the log (the default with DEBUG on)

The user name and password are URL-encoded (an "@" in a user name is %40).
Standard library only: the settings module reads it before Django is set up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote, urlsplit

SMTP_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
CONSOLE_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_PORTS = {"smtp": 25, "smtp+tls": 587, "smtps": 465}


def _bool(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


def parse_email_url(url: str) -> dict[str, Any]:
    """The EMAIL_* settings an EMAIL_URL stands for; ValueError for a scheme it does not know."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme == "console":
        return {"EMAIL_BACKEND": CONSOLE_BACKEND}
    if scheme not in DEFAULT_PORTS:
        raise ValueError(
            f"EMAIL_URL: unknown scheme {scheme!r}; use smtp, smtp+tls, smtps or console."
        )
    if not parts.hostname:
        raise ValueError("EMAIL_URL: no host name.")
    return {
        "EMAIL_BACKEND": SMTP_BACKEND,
        "EMAIL_HOST": parts.hostname,
        "EMAIL_PORT": parts.port or DEFAULT_PORTS[scheme],
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_TLS": scheme == "smtp+tls",
        "EMAIL_USE_SSL": scheme == "smtps",
    }


def email_settings(environ: Mapping[str, str], debug: bool) -> dict[str, Any]:
    """EMAIL_URL wins; else EMAIL_HOST and its companions; else the console with DEBUG on (so
    `make run` shows reset mails in its log) and SMTP on localhost:25 without it."""
    if environ.get("EMAIL_URL"):
        return parse_email_url(environ["EMAIL_URL"])
    if not environ.get("EMAIL_HOST"):
        if debug:
            return {"EMAIL_BACKEND": CONSOLE_BACKEND}
        return {"EMAIL_BACKEND": SMTP_BACKEND, "EMAIL_HOST": "localhost", "EMAIL_PORT": 25}
    use_ssl = _bool(environ.get("EMAIL_USE_SSL"))
    use_tls = _bool(environ.get("EMAIL_USE_TLS"))
    if use_ssl and use_tls:
        raise ValueError("EMAIL_USE_TLS and EMAIL_USE_SSL: set one of them, not both.")
    default_port = 465 if use_ssl else 587 if use_tls else 25
    return {
        "EMAIL_BACKEND": SMTP_BACKEND,
        "EMAIL_HOST": environ["EMAIL_HOST"],
        "EMAIL_PORT": int(environ.get("EMAIL_PORT") or default_port),
        "EMAIL_HOST_USER": environ.get("EMAIL_HOST_USER", ""),
        "EMAIL_HOST_PASSWORD": environ.get("EMAIL_HOST_PASSWORD", ""),
        "EMAIL_USE_TLS": use_tls,
        "EMAIL_USE_SSL": use_ssl,
    }
