from __future__ import annotations

from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from tokensite import views
from tokensite.metrics import metrics

# A lost database answers 503 (API envelope or plain page), anything else a plain 500.
handler500 = "tokensite.views.server_error"

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("language/", views.set_language, name="set-language"),
    # Sign-up and login keep a guest's tables and an invite's seat (play/web/accounts.py).
    path("accounts/", include("play.web.accounts")),
    path("metrics", metrics, name="metrics"),
    # The reset form that reports a failed send (the rest of the reset is Django's).
    path("accounts/", include("tokensite.password_reset")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("", include("catalog.urls")),
    path("", include("catalog.printing.urls")),
    path("", include("play.urls")),
    path("", include("collection.urls")),
    path("", include("jobs.urls")),
    # Uploaded token art (validated JPEG/PNG/WebP), shown in print previews. Served by Django so
    # `make run` works as is; a deployment behind a web server can map /media/ there instead.
    re_path(r"^media/(?P<path>.+)$", views.media, name="media"),
]
