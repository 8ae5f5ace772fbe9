"""Sign-up and login that keep what a guest had (issue 16 item 3, play/web/guests.py): the guest's
tables and a seat picked on an invite page come along, and `next` (an invite link) is kept
through both forms. Routed under accounts/ by tokensite/urls.py, before Django's auth views."""

from __future__ import annotations

from django import forms
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm, UsernameField
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from play.web import guests


class SignupForm(UserCreationForm):  # type: ignore[type-arg]
    """Django's sign-up with an email address, optional, which is where a reset link goes."""

    email = forms.EmailField(
        label=gettext_lazy("Email"),
        required=False,
        help_text=gettext_lazy("Optional: where a link to reset a forgotten password is sent."),
    )

    class Meta:
        # UserCreationForm's own Meta, with the address added.
        model = User
        fields = ("username", "email")
        field_classes = {"username": UsernameField}


def _next_url(request: HttpRequest) -> str:
    """Where to go after signing in: `next` when it stays on this site, else ""."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return wanted if safe else ""


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """A new account, signed in at once; a guest's tables and a seat picked on an invite page
    come along (play/web/guests.py), and `next` (an invite link) is where it lands."""
    form = SignupForm(request.POST or None)
    next_url = _next_url(request)
    if request.method == "POST" and form.is_valid():
        carried = guests.carry_over(request)
        user = form.save()
        # Named: django-axes adds a second backend, which only checks lockouts.
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        guests.settle_after_login(request, user, carried)
        return redirect(next_url or "home")
    return render(request, "registration/signup.html", {"form": form, "next": next_url})


class LoginView(auth_views.LoginView):
    """Django's login, keeping what a guest had (tables, a seat picked on an invite page)."""

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        carried = guests.carry_over(self.request)
        response = super().form_valid(form)
        guests.settle_after_login(self.request, form.get_user(), carried)
        return response


urlpatterns = [
    path("signup/", signup, name="signup"),
    path("login/", LoginView.as_view(), name="login"),
]
