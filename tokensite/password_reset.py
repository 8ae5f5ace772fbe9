"""Password reset by mail: Django's views and tokens, with a send that fails shown as a failure.

Django's form logs a failed send and the page says "sent" all the same, so a club whose mail is
misconfigured never learns it and a player waits for a mail that never comes. Here the mail
server is reached before anything is sent, for every address asked about (known or not, so the
answer says nothing about which addresses have accounts), and a refusal is an error on the page.
"""

from __future__ import annotations

import logging
import smtplib
from typing import Any

from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm
from django.core.mail import EmailMultiAlternatives, get_connection
from django.core.mail.backends.base import BaseEmailBackend
from django.http import HttpResponse
from django.template import loader
from django.urls import path
from django.utils.translation import gettext

log = logging.getLogger(__name__)


class MailNotSent(Exception):
    """The mail server could not be reached or refused the mail."""


class DeliveredPasswordResetForm(PasswordResetForm):
    """Sends through one connection opened up front, and raises MailNotSent when it fails."""

    connection: BaseEmailBackend | None = None

    def save(self, *args: Any, **kwargs: Any) -> None:
        try:
            with get_connection(fail_silently=False) as connection:
                self.connection = connection
                super().save(*args, **kwargs)
        except (smtplib.SMTPException, OSError) as exc:
            log.warning("password reset mail not sent (%s: %s)", type(exc).__name__, exc)
            raise MailNotSent from exc
        finally:
            self.connection = None

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        # Django's own catches every error and only logs it; this one lets it reach save().
        subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
        body = loader.render_to_string(email_template_name, context)
        message = EmailMultiAlternatives(
            subject, body, from_email, [to_email], connection=self.connection
        )
        message.send()


class PasswordResetView(auth_views.PasswordResetView):
    form_class = DeliveredPasswordResetForm

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        try:
            return super().form_valid(form)
        except MailNotSent:
            form.add_error(
                None,
                gettext(
                    "The reset mail could not be sent: the site's mail server did not accept "
                    "it. Nothing was sent; please try again later or ask the site's organisers."
                ),
            )
            response = self.form_invalid(form)
            response.status_code = 503
            return response


urlpatterns = [
    path("password_reset/", PasswordResetView.as_view(), name="password_reset"),
]
