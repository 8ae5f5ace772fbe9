"""Tokensite settings, all from the environment (one module for every deployment).

Embedded default: SQLite file + in-memory channel layer + local cache + jobs run inline, so
`make run` needs nothing else. At scale: DATABASE_URL (PostgreSQL) + REDIS_URL (channel layer,
cache, job queue) + several ASGI processes + a job worker + S3_BUCKET for uploads (README,
"Deploying").
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from tokensite.emailurl import email_settings

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production-tokensite"

# How many reverse proxies in front of the app append to X-Forwarded-For (0: clients connect
# directly). The client address used by the login lockout and the API throttles is the one the
# outermost trusted proxy saw; a client can't forge it by sending the header itself.
TRUSTED_PROXIES = int(os.environ.get("TRUSTED_PROXIES", "0"))

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "template_partials",
    "channels",
    "axes",
    "huey.contrib.djhuey",
    "simple_history",
    "tokensite",
    "jobs",
    "catalog",
    "play",
    "collection",
]

MIDDLEWARE = [
    "tokensite.requestid.RequestIdMiddleware",
    "tokensite.middleware.ApiErrorsAsJsonMiddleware",
    # Outermost but these two: compresses what every later middleware has written (headers
    # included in Vary); board answers only, BREACH (tokensite/compression.py).
    "tokensite.compression.BoardCompressionMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Before anything reads the database: 503 at once while it is unreachable.
    "tokensite.middleware.DatabaseCircuitMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The request (its user and path) for the catalogue's history records (catalog/history).
    "simple_history.middleware.HistoryRequestMiddleware",
    # After the session and the user: a signed-in player's saved language comes first.
    "tokensite.locale.PlayerLocaleMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "tokensite.middleware.SecurityHeadersMiddleware",
    "tokensite.middleware.RefuseNulBytesMiddleware",
    # request.htmx, with history restores as full pages and Vary on the htmx headers.
    "tokensite.htmx.HtmxMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "tokensite.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

WSGI_APPLICATION = "tokensite.wsgi.application"
ASGI_APPLICATION = "tokensite.asgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
        # A kept connection is checked before a request reuses it (not one that died idle).
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A database host that accepts and then says nothing (hung, half-open network) fails a
    # connection in seconds instead of holding the request (and /healthz) for minutes.
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = int(
        os.environ.get("DATABASE_CONNECT_TIMEOUT", "5")
    )
DATABASE_POOL_SIZE = int(os.environ.get("DATABASE_POOL_SIZE", "8"))
if (
    DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
    and DATABASE_POOL_SIZE > 0
    and not DATABASES["default"]["CONN_MAX_AGE"]
):
    # Under ASGI each request runs in a thread of its own, so CONN_MAX_AGE would leave one open
    # connection behind per finished thread; a pool per process keeps connections across
    # requests instead (no connect per request) and, with the health checks above, checks each
    # one before lending it.
    from tokensite.pgcircuit import CircuitConnection

    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": DATABASE_POOL_SIZE,
        "timeout": 10,
        # A failed connect of the pool opens the database circuit (tokensite/circuit.py).
        "connection_class": CircuitConnection,
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers queue behind a lock instead of failing at once; IMMEDIATE takes the write lock at
    # BEGIN so two table writers can't both read the same version and then both write (lost update).
    # Our backend: Django's, with this process's writers queued in order (tokensite/sqlite).
    DATABASES["default"]["ENGINE"] = "tokensite.sqlite"
    # Tests on an in-memory database, as Django does for its own SQLite backend (said outright:
    # pytest-xdist's per-worker names are only skipped for the backend's own ENGINE string).
    DATABASES["default"].setdefault("TEST", {"NAME": ":memory:"})
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # Tables only broadcast to groups, which Redis pub/sub does without per-channel
            # queues: under load (bench/load.py) delivery p95 went from 4 s, with updates
            # dropped at the queue layer's capacity, to 0.2 s with none dropped.
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            # redis-py 8 reads with a 5 s socket timeout by default; an idle listener's read
            # must not time out and crash its consumer (1011). Connecting still times out.
            "CONFIG": {
                "hosts": [
                    {"address": REDIS_URL, "socket_timeout": None, "socket_connect_timeout": 5}
                ],
            },
        }
    }
    # One cache for every process: sessions, table state cache, API throttle counters.
    CACHES = {
        "default": {
            # A Redis outage is a cache miss, not a 500 (tokensite/cache.py); short timeouts so a
            # hung Redis holds a request for a quarter of a second at most.
            "BACKEND": "tokensite.cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "tokensite"),
            "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.25},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
# Every open table socket gets the table's version this often (play/live/hub.py, docs/live.md).
LIVE_HEARTBEAT_SECONDS = float(os.environ.get("LIVE_HEARTBEAT_SECONDS", "3"))

# In the database (they survive a restart and are seen by every process), read through the cache.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

# Login lockout (django-axes): 10 failures lock that username *from that address* for 15
# minutes. Keyed on the pair, so an attacker can lock neither another user at the same
# address (one club behind one NAT) nor the same user elsewhere. Attempts are rows in the
# database, so a lockout reached on one process holds on all of them.
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "tokensite.clientip.client_ip"
AXES_LOCKOUT_TEMPLATE = "registration/too_many_attempts.html"
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False

# Background jobs (jobs/): huey. With REDIS_URL the queue is in Redis and `manage.py run_huey`
# workers run the jobs; without it (the embedded default) a job runs inline where it starts.
HUEY = {
    "huey_class": "huey.RedisHuey" if REDIS_URL else "huey.MemoryHuey",
    "name": os.environ.get("JOB_QUEUE_NAME", "tokensite"),
    "immediate": not REDIS_URL,
    "connection": {"url": REDIS_URL} if REDIS_URL else {},
    "consumer": {"workers": int(os.environ.get("JOB_WORKERS", "2")), "worker_type": "thread"},
}
# The embedded default's worker: a thread of the web process runs the jobs, so a request that
# starts one answers at once (jobs/background.py). `make run` turns it on; without it (tests,
# management commands) jobs run inline where they start.
JOB_THREAD = os.environ.get("JOB_THREAD", "") == "1" and not REDIS_URL
# Job kind -> runner (jobs/runner.py): each app lists its kinds here, so jobs imports none.
JOB_KINDS = {
    "catalog_import": "catalog.jobs.run_import",
    "catalog_fetch": "catalog.jobs.run_fetch",
    "catalog_fetch_makers": "catalog.jobs.run_fetch_makers",
    "print_pdf": "catalog.printing.background.run_print",
    "catalog_revert": "catalog.history.revert.run_revert",
}
# Where the admin's "Fetch from Scryfall" and the first start's token fetch (`fetch_tokens`)
# download from (a curator cannot choose another host; tests point it at a local server).
CATALOG_FETCH_API = os.environ.get("CATALOG_FETCH_API", "https://api.scryfall.com")
# Catalogue search paths (catalog/search): each on by default; bench/search.py and the tests turn
# one off to compare the same searches without it (results are identical either way).
SEARCH_USE_FTS = True  # narrow by the full-text / trigram indexes
SEARCH_USE_RANKS = True  # read the ranked indexes in the results' order
SEARCH_USE_WALK = True  # a broad search's first pages from a bounded walk of the name index
# Prints with more sheets or more distinct uploaded art than this are made in the background.
PRINT_INLINE_MAX_SHEETS = int(os.environ.get("PRINT_INLINE_MAX_SHEETS", "12"))
PRINT_INLINE_MAX_ART = int(os.environ.get("PRINT_INLINE_MAX_ART", "9"))
JOB_RETENTION_DAYS = int(os.environ.get("JOB_RETENTION_DAYS", "30"))
CHECKPOINT_RETENTION_DAYS = int(os.environ.get("CHECKPOINT_RETENTION_DAYS", "90"))
# Guests (tables without an account, play/web/guests.py) idle this long are deleted with their
# tables.
GUEST_RETENTION_DAYS = int(os.environ.get("GUEST_RETENTION_DAYS", "14"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The languages a player can choose (tokensite/locale.py): each is complete, checked by
# tests/test_translations.py. Add one: an entry here, `manage.py update_translations`,
# then translate locale/<code>/LC_MESSAGES/django.po.
LANGUAGES = [("en", "English"), ("ru", "Русский")]
# Compiled from the .po sources by `manage.py compile_translations` (`make run`, `make test`).
LOCALE_PATHS = [BASE_DIR / "locale"]
# Functions listing the words pages show from data ({% translate value %}), for the catalogues.
TRANSLATED_DATA = [
    "play.table.i18n.kernel_messages",
    "play.table.i18n.shown_words",
    "collection.i18n.shown_words",
    "catalog.printing.words.shown_words",
]
LANGUAGE_COOKIE_NAME = "tokensite_language"
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS: list[Any] = [BASE_DIR / "static"]
# The symbol font (npm mana-font, fetched by `make symbols`): proxy sheets embed its TTF and the
# print preview shows the same glyphs; absent, both print symbols as text.
SYMBOL_FONT_DIR = Path(os.environ.get("SYMBOL_FONT_DIR", BASE_DIR / "node_modules" / "mana-font"))
if (SYMBOL_FONT_DIR / "fonts").is_dir():
    STATICFILES_DIRS.append(("vendor/mana-font", SYMBOL_FONT_DIR / "fonts"))
# Set symbols in pages (npm keyrune, the same build step); absent, pages show set codes alone.
SET_SYMBOL_DIR = Path(os.environ.get("SET_SYMBOL_DIR", BASE_DIR / "node_modules" / "keyrune"))
if (SET_SYMBOL_DIR / "fonts").is_dir():
    STATICFILES_DIRS.append(("vendor/keyrune", SET_SYMBOL_DIR / "fonts"))
# Uploads (token art, job inputs) go through Django's storage API only: local files by default,
# an S3-compatible bucket when S3_BUCKET is set (credentials: AWS_ACCESS_KEY_ID and
# AWS_SECRET_ACCESS_KEY in the environment, read by boto3 itself).
S3_BUCKET = os.environ.get("S3_BUCKET", "")
DEFAULT_STORAGE: dict[str, object] = {"BACKEND": "django.core.files.storage.FileSystemStorage"}
if S3_BUCKET:
    DEFAULT_STORAGE = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": S3_BUCKET,
            "endpoint_url": os.environ.get("S3_ENDPOINT_URL") or None,
            "region_name": os.environ.get("S3_REGION") or None,
            "custom_domain": os.environ.get("S3_CUSTOM_DOMAIN") or None,
            "default_acl": None,
            "file_overwrite": False,
            "querystring_auth": True,
        },
    }
STORAGES = {
    "default": DEFAULT_STORAGE,
    "staticfiles": {
        "BACKEND": "tokensite.staticfiles.ForgivingManifestStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Mail (password resets): EMAIL_URL, or EMAIL_HOST/PORT/USER/PASSWORD/USE_TLS
# (tokensite/emailurl.py).
# A send that fails is shown to the person who asked, never reported as sent.
MAIL = email_settings(os.environ, DEBUG)
EMAIL_BACKEND = MAIL["EMAIL_BACKEND"]
EMAIL_HOST = MAIL.get("EMAIL_HOST", "localhost")
EMAIL_PORT = MAIL.get("EMAIL_PORT", 25)
EMAIL_HOST_USER = MAIL.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = MAIL.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = MAIL.get("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = MAIL.get("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "10"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Tokensite <noreply@localhost>")
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", DEFAULT_FROM_EMAIL)
# How long a reset link works.
PASSWORD_RESET_TIMEOUT = int(os.environ.get("PASSWORD_RESET_TIMEOUT", str(60 * 60 * 24)))

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "tokensite.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "tokensite.api.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "tokensite.schema.TokensiteAutoSchema",
    "EXCEPTION_HANDLER": "tokensite.api.exception_handler",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]
    + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
    # Counted in the shared cache (Redis in a deployment), per user or per client address.
    "DEFAULT_THROTTLE_CLASSES": [
        "tokensite.throttling.AnonRateThrottle",
        "tokensite.throttling.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("API_RATE_ANON", "300/minute"),
        "user": os.environ.get("API_RATE_USER", "1200/minute"),
    },
    "NUM_PROXIES": TRUSTED_PROXIES,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Tokensite API",
    "DESCRIPTION": "Catalogue of cards and tokens, token battlefield tables, and proxy printing.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Public operations marked public, every error status documented (tokensite/schema.py).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "tokensite.schema.document_errors",
    ],
    "ENUM_NAME_OVERRIDES": {
        "JobStatusEnum": "jobs.models.Job.Status",
        "TableStatusEnum": "play.models.Table.Status",
        "TableModeEnum": "play.models.Table.Mode",
        # Two actions take `until` with different choices: each set gets its own name.
        "UntilEnum": "rules.mtg.actions.UNTIL",
        "GrantUntilEnum": "rules.grants.UNTILS",
    },
}

# Production hardening: on whenever DEBUG is off, so `check --deploy` is clean.
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    # Health checks come from inside (the container, the proxy) over plain HTTP.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# One line per record on stderr, with the request id (X-Request-ID) of the request it belongs
# to; LOG_FORMAT=json for a log collector.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "tokensite.requestid.RequestIdFilter"}},
    "formatters": {
        "text": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(request_id)s %(message)s",
        },
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["request_id"],
            "formatter": os.environ.get("LOG_FORMAT", "text"),
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
