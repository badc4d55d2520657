"""Settings for the Hearts service: one module, configured from the environment.

Every knob is an environment variable with a safe local default; see README.md for the table.
"""

from __future__ import annotations

import ipaddress
import os
from datetime import timedelta
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy

from hearts_site.database.config import database_config
from hearts_site.environment import env_bool, env_list, local_secret_key
from hearts_site.schema.settings import openapi_settings
from hearts_site.tasks.queue import task_settings

BASE_DIR = Path(__file__).resolve().parent.parent

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "[::1]", "testserver"})


# --- Core -----------------------------------------------------------------------------------

DEBUG = env_bool("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

if os.environ.get("DJANGO_SECRET_KEY"):
    SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]
elif DEBUG or all(host in LOCAL_HOSTS for host in ALLOWED_HOSTS):
    # Local use only: a per-checkout key in a git-ignored file.
    SECRET_KEY = local_secret_key(BASE_DIR / ".secret_key")
else:
    raise ImproperlyConfigured(
        "DJANGO_SECRET_KEY must be set when DJANGO_ALLOWED_HOSTS names a non-local host "
        f"({', '.join(ALLOWED_HOSTS)}) and DJANGO_DEBUG is off."
    )

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "drf_standardized_errors",
    "axes",
    "corsheaders",
    "csp",
    "django_tasks",
    "scoring",
    "adjudication",
]

MIDDLEWARE = [
    # First: every answer, whatever made it, names its request (X-Request-ID).
    "hearts_site.http.request_id.RequestIdMiddleware",
    # Before anything that answers (WhiteNoise, CommonMiddleware): CORS for the API.
    "hearts_site.http.cors.CorsMiddleware",
    # RateLimit-Policy and RateLimit on the answer to each request a throttle counted.
    "hearts_site.api.throttling.RateLimitHeadersMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "hearts_site.http.security_headers.CSPMiddleware",  # django-csp's, the policy built once
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "hearts_site.http.middleware.LengthRequiredMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the picker's cookie, else the browser's (or caller's) Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The request being answered, for who may read a name (hearts_site/http/current.py).
    "hearts_site.http.current.CurrentRequestMiddleware",
    "hearts_site.http.account_header.AccountHeaderMiddleware",  # which account a page is for
    "hearts_site.http.middleware.PageMessagesMiddleware",  # Django's, outside the API only
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "hearts_site.http.middleware.DatabaseUnavailableMiddleware",
    # Last: answers the admin's sign-in with 429 while its pair is locked out.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "hearts_site.urls"
WSGI_APPLICATION = "hearts_site.wsgi.application"
ASGI_APPLICATION = "hearts_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # ``|isolated`` and ``|own_name`` on every page without a load.
            "builtins": ["scoring.templatetags.people"],
        },
    },
]

# --- Database -------------------------------------------------------------------------------

DATABASES = {
    "default": database_config(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
    ),
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache ----------------------------------------------------------------------------------

# Two shared caches: "default" for what little else is cached, "kept" for rendered tables and
# scoreboards (hearts_site/http/rendering.py), apart so that bodies, which come and go with every
# hand, never crowd the rest out. Sign-in failures are counted in a table of their own (axes).
CACHE_URL = os.environ.get("CACHE_URL", "").strip()
# The database cache's tables, made by a migration (scoring/migrations/0008_cache_tables.py)
# whatever CACHE_URL says.
DATABASE_CACHE_TABLES = {"default": "hearts_cache", "kept": "hearts_kept"}
if not CACHE_URL:
    # Tables in the database: shared by every worker and server, with no other service.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": DATABASE_CACHE_TABLES["default"],
        },
        "kept": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": DATABASE_CACHE_TABLES["kept"],
            "OPTIONS": {"MAX_ENTRIES": 5000},
        },
    }
elif CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
        },
        "kept": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": "kept",
        },
    }
else:
    raise ImproperlyConfigured(
        f"CACHE_URL={CACHE_URL!r}: use redis://host:6379/0 (or rediss://), or leave it unset "
        "for the shared database cache."
    )
# Each worker's own copies of rendered bodies (hearts_site/http/rendering.py). Safe unshared: their
# keys name a version of everything the body shows, read from the database on each request.
CACHES["rendered"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "hearts-rendered",
    "TIMEOUT": 3600,
    "OPTIONS": {"MAX_ENTRIES": 200},
}

# --- Background tasks (django-tasks, hearts_site/tasks/queue.py) ----------------------------------
# Queues "webhooks" and "ratings" (manage.py tasks_worker), a table in this database unless
# TASKS_URL names a Redis (redis://host:6379/1: RQ's queues there, django-tasks-rq).
TASKS, RQ_QUEUES, _TASK_APPS = task_settings(os.environ)
INSTALLED_APPS += _TASK_APPS
# Seconds: a worker not seen this long makes /healthz a 503 (0: never); how often it beats.
HEARTS_WORKER_STALE_AFTER = float(os.environ.get("HEARTS_WORKER_STALE_AFTER", "120"))
HEARTS_WORKER_HEARTBEAT = float(os.environ.get("HEARTS_WORKER_HEARTBEAT", "10"))
# Seconds: a task still RUNNING whose worker was not seen this long is taken up again.
HEARTS_WORKER_LOST_AFTER = float(os.environ.get("HEARTS_WORKER_LOST_AFTER", "60"))
# A hand a phone kept offline is sent with the time it was recorded at the table (README,
# "A hand sent late"): refused when later than the server's clock by more than this (seconds).
HEARTS_CLOCK_SKEW_SECONDS = float(os.environ.get("HEARTS_CLOCK_SKEW_SECONDS", "120"))

# --- Cross-origin calls to the API (hearts_site/http/cors.py, django-cors-headers) --------------
# A public read (GET or HEAD without a token) from any origin, answered "*"; anything else
# (a token, a write) only from the origins listed here, e.g. "https://club.example.org".
# Never credentials: the cookie session is for this site's own pages.
CORS_URLS_REGEX = r"^/api/v1/"
CORS_ALLOWED_ORIGINS = env_list("HEARTS_CORS_ORIGINS")
CORS_ALLOW_CREDENTIALS = False
CORS_ALLOW_HEADERS = (
    "accept",
    "authorization",
    "content-type",
    "idempotency-key",
    "if-match",
    "if-none-match",
    "x-request-id",
)
# What a script on another origin may read of an answer: the headers the API documents.
CORS_EXPOSE_HEADERS = (
    "ETag",
    "Idempotent-Replayed",
    "RateLimit",
    "RateLimit-Policy",
    "Retry-After",
    "X-Request-ID",
)

# --- Webhooks (scoring/services/delivery.py, docs/webhooks.md) ----------------------------
# Receivers at private, loopback, link-local or reserved addresses are refused unless this is
# on (a test, or a receiver on the same private network, on purpose).
HEARTS_WEBHOOKS_ALLOW_PRIVATE = env_bool("HEARTS_WEBHOOKS_ALLOW_PRIVATE")
# Seconds to connect, and between bytes of the answer.
HEARTS_WEBHOOK_TIMEOUT = float(os.environ.get("HEARTS_WEBHOOK_TIMEOUT", "5"))
# Seconds for a whole delivery (connect, send, answer), however it trickles: GitHub's figure.
HEARTS_WEBHOOK_DEADLINE = float(os.environ.get("HEARTS_WEBHOOK_DEADLINE", "10"))
# A club's deliveries under way at once (other threads stay other clubs'); its endpoints.
HEARTS_WEBHOOK_CLUB_CONCURRENCY = int(os.environ.get("HEARTS_WEBHOOK_CLUB_CONCURRENCY", "2"))
HEARTS_WEBHOOK_MAX_ENDPOINTS = int(os.environ.get("HEARTS_WEBHOOK_MAX_ENDPOINTS", "10"))
# Pings and deliveries sent again that an owner may ask of one endpoint in a calendar minute.
HEARTS_WEBHOOK_SENDS_PER_MINUTE = int(os.environ.get("HEARTS_WEBHOOK_SENDS_PER_MINUTE", "20"))
# The first retry's wait in seconds, doubled each failure up to HEARTS_WEBHOOK_BACKOFF_MAX.
HEARTS_WEBHOOK_BACKOFF = float(os.environ.get("HEARTS_WEBHOOK_BACKOFF", "30"))
HEARTS_WEBHOOK_BACKOFF_MAX = float(os.environ.get("HEARTS_WEBHOOK_BACKOFF_MAX", "3600"))
# Failed attempts in a row before an endpoint is disabled (its owner told on the pages).
HEARTS_WEBHOOK_MAX_FAILURES = int(os.environ.get("HEARTS_WEBHOOK_MAX_FAILURES", "10"))
# A delivery still "sending" after this many seconds was left by a killed worker: sent again.
HEARTS_WEBHOOK_SENDING_TIMEOUT = float(os.environ.get("HEARTS_WEBHOOK_SENDING_TIMEOUT", "120"))
# How long a rotated secret still signs deliveries, next to the new one.
HEARTS_WEBHOOK_SECRET_OVERLAP = timedelta(
    hours=float(os.environ.get("HEARTS_WEBHOOK_SECRET_OVERLAP_HOURS", "24"))
)
HEARTS_MAX_CLUBS_PER_USER = int(os.environ.get("HEARTS_MAX_CLUBS_PER_USER", "5"))  # staff: any
# A club's current players, and the players checked in at one night at once: what a draw, a
# published round and the night's pages are sized for (docs/deploy.md, "Limits").
HEARTS_MAX_CLUB_PLAYERS = int(os.environ.get("HEARTS_MAX_CLUB_PLAYERS", "2000"))
HEARTS_MAX_NIGHT_PLAYERS = int(os.environ.get("HEARTS_MAX_NIGHT_PLAYERS", "400"))

# --- Auth, i18n -----------------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# The phone pages sign in with a session; the API also takes device tokens.
# A password reset link (made by a director or owner for a member) works once, for this long.
PASSWORD_RESET_LINK_TTL = timedelta(hours=float(os.environ.get("PASSWORD_RESET_LINK_HOURS", "24")))
# A device token stops working after this many days without use (each use renews it).
DEVICE_TOKEN_IDLE = timedelta(days=float(os.environ.get("DEVICE_TOKEN_IDLE_DAYS", "90")))
# Sign-in records (with their IP addresses), expired or revoked invitations and spent reset
# links are deleted this long after (scoring/services/retention.py, queued by manage.py sweep).
HEARTS_RETENTION = timedelta(days=float(os.environ.get("HEARTS_RETENTION_DAYS", "90")))
if timedelta(0) >= HEARTS_RETENTION:
    raise ImproperlyConfigured("HEARTS_RETENTION_DAYS: a number of days above 0, such as 90")
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- Client addresses and sign-in guessing --------------------------------------------------

# The reverse proxies whose X-Forwarded-For is believed, as addresses or CIDRs
# ("10.0.0.5,10.1.0.0/16"). Empty (the default): the connection's peer is the client and
# X-Forwarded-For is ignored. Read by hearts_site/http/client_address.py, for the sign-in lockout
# and the anonymous throttles alike.
HEARTS_TRUSTED_PROXIES = env_list("HEARTS_TRUSTED_PROXIES")
for _cidr in HEARTS_TRUSTED_PROXIES:
    try:
        ipaddress.ip_network(_cidr, strict=False)
    except ValueError as _bad:
        raise ImproperlyConfigured(f"HEARTS_TRUSTED_PROXIES: {_bad}") from None

# django-axes, its handler in scoring/services/signin_guard.py (attempts counted in a table before
# the password is checked): every authenticate() counts, the admin's too (its backend is first).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "scoring.services.signin_guard.LockoutHandler"
# The admin's refusal: a 429 page with the real wait as Retry-After.
AXES_LOCKOUT_CALLABLE = "scoring.services.signin_guard.lockout_page"
AXES_CLIENT_IP_CALLABLE = "hearts_site.http.client_address.client_address"
# A username from one address is locked out after this many failures, for the cool-off.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_FAILURE_LIMIT = int(os.environ.get("SIGN_IN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("SIGN_IN_COOLOFF_MINUTES", "15")))
# A username from everywhere: past this many failures it backs off from unknown addresses.
SIGN_IN_ACCOUNT_FAILURE_LIMIT = int(os.environ.get("SIGN_IN_ACCOUNT_FAILURE_LIMIT", "20"))
# ... its count kept until this long passes without a failure (not just one cool-off).
_memory_hours = float(os.environ.get("SIGN_IN_ACCOUNT_MEMORY_HOURS", "24"))
SIGN_IN_ACCOUNT_MEMORY = timedelta(hours=_memory_hours)
AXES_RESET_ON_SUCCESS = True
# A refused attempt neither counts nor restarts the cool-off.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_HTTP_RESPONSE_CODE = 429
AXES_COOLOFF_MESSAGE = gettext_lazy("Too many failed sign-ins. Wait a while, then try again.")
AXES_VERBOSE = False

# The pages and the API's words in five languages (locale/<language>/LC_MESSAGES/*.po, compiled by
# make); English is the source and the default. The picker keeps a choice in a cookie for a year.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("zh-hans", "简体中文"),
    ("de", "Deutsch"),
    ("fr", "Français"),
    ("es", "Español"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["hearts_site.text.formats"]  # English dates as the pages write them
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Static files (served by WhiteNoise) ----------------------------------------------------

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed names need `collectstatic` (make run does it); tests swap in the plain
    # compressed storage (tests/conftest.py) so they run without it.
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# --- Request limits -------------------------------------------------------------------------

# Bodies above 256 KiB are refused (the API answers 413, see errors.py); none needs more.
DATA_UPLOAD_MAX_MEMORY_SIZE = 256 * 1024
# A file uploaded to an import (a hand record, a score sheet: docs/hand-record.md) is streamed
# to disk and may be larger, up to this; a request announcing more is refused before it is read.
IMPORT_UPLOAD_MAX_BYTES = int(os.environ.get("IMPORT_UPLOAD_MAX_BYTES", str(20 * 1024 * 1024)))

# --- HTTPS (DJANGO_SECURE=1 behind a TLS-terminating proxy) ---------------------------------

SECURE = env_bool("DJANGO_SECURE", default=False)
if SECURE:
    SECURE_SSL_REDIRECT = True
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # plain-HTTP health probes from the proxy
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 31536000
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

# --- Content-Security-Policy and Permissions-Policy, on every response ----------------------

# Scripts and styles from this origin only: no inline script, no inline style, no other host
# (the documentation pages' Swagger UI and Redoc are served from here by the sidecar). Pages
# keep behaviour in static/js and looks in static/css: no <script> body, no on* handler, no
# style attribute. Redoc writes its styles at run time: its page alone adds a nonce for them.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        # Swagger UI and Redoc draw their icons from data: URLs.
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        # The offline app: its service worker (/sw.js) and manifest, both from this site.
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
    },
}
# None of the pages needs a device feature: every one is refused, for embedded pages too.
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "encrypted-media",
        "fullscreen",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "publickey-credentials-get",
        "screen-wake-lock",
        "usb",
        "xr-spatial-tracking",
    )
}

# --- REST framework -------------------------------------------------------------------------

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "hearts_site.schema.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "hearts_site.errors.exception_handler",
    "DEFAULT_PARSER_CLASSES": ["hearts_site.api.json.FastJSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["hearts_site.api.json.FastJSONRenderer"],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first: an anonymous API call then gets 401 with WWW-Authenticate, not 403.
        "scoring.api.authentication.DeviceTokenAuthentication",
        "scoring.api.authentication.CookieSessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "hearts_site.api.pagination.StrictLimitOffsetPagination",
    "DEFAULT_THROTTLE_CLASSES": ["scoring.api.throttling.WriteRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "writes": os.environ.get("API_WRITE_RATE", "300/min"),
        "computations": os.environ.get("API_COMPUTE_RATE", "300/min"),
        # A league's hands.csv, asked for anonymously: per address.
        "exports": os.environ.get("API_ANONYMOUS_EXPORT_RATE", "30/hour"),
        # Sign-ups (the pages' and the API's), every attempt, per client address.
        "signups": os.environ.get("SIGN_UP_RATE", "30/hour"),
    },
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": [
        "django_filters.rest_framework.DjangoFilterBackend",
        # DRF's, refusing an ordering the list does not take (hearts_site/api/query.py).
        "hearts_site.api.query.StrictOrderingFilter",
    ],
}

# The OpenAPI document's settings (drf-spectacular): hearts_site/schema/settings.py.
SPECTACULAR_SETTINGS = openapi_settings()

# --- Logging: everything to stderr (gunicorn / the container collects it) -------------------

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "INFO"},
}
