"""Settings come from the environment (see README, "Configuration").

Unset, everything falls back to the embedded default: SQLite under var/, tasks run eagerly,
an in-process cache. That is what `make run` and `make test` use.
"""
import warnings
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"
VAR_DIR.mkdir(exist_ok=True)

env = environ.Env()

# Every game package brings its own templates/ and static/ (tracker/games/<game>/); found by a glob,
# so a new game needs no line here. Packages starting with "_" (the template a new game copies) are
# not games.
GAME_DIRS = sorted(p for p in (BASE_DIR / "tracker" / "games").glob("[!_]*") if p.is_dir())

DEBUG = env.bool("DEBUG", default=False)
# No shared default: SECRET_KEY from the environment, else this install's own key under var/, which
# `make run` and `make test` create. Without either the server does not start, whatever DEBUG says.
SECRET_KEY_FILE = Path(env.str("SECRET_KEY_FILE", default=str(VAR_DIR / "secret_key")))
SECRET_KEY = env.str("SECRET_KEY", default="") or (
    SECRET_KEY_FILE.read_text(encoding="utf-8").strip() if SECRET_KEY_FILE.is_file() else "")
if len(SECRET_KEY) < 32:
    raise ImproperlyConfigured(
        f"SECRET_KEY is not set (or shorter than 32 characters). Set the SECRET_KEY environment variable to a long "
        f"random string, or run `make run` / `make test` once to create this install's own key in {SECRET_KEY_FILE}.")
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "tracker",
    "rulesref",
    "api",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "api.middleware.ApiBodyLimitMiddleware",
    "api.middleware.SessionPollMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "tablekeeper.urls"
WSGI_APPLICATION = "tablekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates", *(d / "templates" for d in GAME_DIRS if (d / "templates").is_dir())],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------------
DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'tablekeeper.sqlite3'}")}
_db = DATABASES["default"]
if _db["ENGINE"] == "django.db.backends.sqlite3":
    # Several phones write to one session at once: BEGIN IMMEDIATE serialises writers up front
    # (select_for_update does nothing on SQLite), WAL lets readers carry on meanwhile.
    _db["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": (
            "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000; "
            "PRAGMA foreign_keys=ON; PRAGMA temp_store=MEMORY;"
        ),
    }
    # Tests need a file, not shared-cache memory, so that threads really contend like phones do.
    _db["TEST"] = {"NAME": str(VAR_DIR / env.str("TEST_DB_NAME", default="test.sqlite3"))}
else:
    _db["CONN_HEALTH_CHECKS"] = env.bool("CONN_HEALTH_CHECKS", default=True)
    # Only the few statements every tap runs bind on the server (tracker/store.py), so only they are
    # prepared; 0 prepares none (a pooler in transaction mode older than PgBouncer 1.21 needs that).
    _db.setdefault("OPTIONS", {})["prepare_threshold"] = env.int("DB_PREPARE_THRESHOLD", default=5) or None
# Served over ASGI, every request runs in a thread of its own, so a connection kept for the next
# request is never reused and stays open until collected: close it at the end of each request
# (0) and, on PostgreSQL, reuse connections through a pool instead (DB_POOL=true, psycopg-pool).
_db["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=0)
if env.bool("DB_POOL", default=False):
    if _db["ENGINE"] != "django.db.backends.postgresql":
        raise ImproperlyConfigured("DB_POOL=true needs a PostgreSQL DATABASE_URL.")
    if _db["CONN_MAX_AGE"]:
        raise ImproperlyConfigured("DB_POOL=true holds connections itself: leave CONN_MAX_AGE unset (or 0).")
    _db.setdefault("OPTIONS", {})["pool"] = {
        "min_size": env.int("DB_POOL_MIN", default=2),
        "max_size": env.int("DB_POOL_MAX", default=10),
        "timeout": env.float("DB_POOL_TIMEOUT", default=10.0),
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache and background work --------------------------------------------------------------
REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CELERY_BROKER_URL = "memory://"
    CELERY_RESULT_BACKEND = "cache+memory://"
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# How long a retried write (same Idempotency-Key) still gets its first answer back.
IDEMPOTENCY_KEY_DAYS = env.int("IDEMPOTENCY_KEY_DAYS", default=7)
# How often the keys older than that are dropped: by `celery -A tablekeeper beat` with a broker,
# by a thread of the server itself without one (tracker/housekeeping.py).
IDEMPOTENCY_EXPIRY_EVERY_SECONDS = env.float("IDEMPOTENCY_EXPIRY_EVERY_SECONDS", default=3600.0)
CELERY_BEAT_SCHEDULE = {
    "expire-idempotency-keys": {
        "task": "tracker.tasks.expire_idempotency_keys",
        "schedule": IDEMPOTENCY_EXPIRY_EVERY_SECONDS,
    },
}

# --- Static files ---------------------------------------------------------------------------
STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)  # WhiteNoise warns on every request when it is missing
STATICFILES_DIRS = [BASE_DIR / "static", *(d / "static" for d in GAME_DIRS if (d / "static").is_dir())]
# WhiteNoise answers with a file iterator that is not asynchronous; under ASGI Django reads such a
# (small, cached) static file in a worker thread and warns on every one, which says nothing to act on.
warnings.filterwarnings("ignore", message="StreamingHttpResponse must consume synchronous iterators",
                        module="django.core.handlers.asgi")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# --- Security (production sets these; see README) -------------------------------------------
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=False)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=False)
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=False)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=False)

# --- API ------------------------------------------------------------------------------------
API_MAX_BODY_BYTES = 64 * 1024
# What any JSON body may hold (api/parsers.py); each field's own bound is tighter (a name 60 characters).
API_INPUT_LIMITS = {
    "depth": env.int("API_MAX_DEPTH", default=16),
    "string": env.int("API_MAX_STRING", default=2000),
    "key": 60,
    "items": env.int("API_MAX_ITEMS", default=200),
}
# Per client address, per minute: generous for a table (a tap a second from every phone behind one
# address), a 429 with Retry-After beyond. "off" turns a limit off (the benchmark's load).
API_RATES = {
    "sessions": env.str("API_RATE_SESSIONS", default="30/min"),
    "actions": env.str("API_RATE_ACTIONS", default="600/min"),
}
API_RATES = {scope: None if rate.lower() in ("off", "none", "") else rate for scope, rate in API_RATES.items()}
MAX_EVENTS_PER_SESSION = env.int("MAX_EVENTS_PER_SESSION", default=20_000)
API_EVENTS_PAGE = 500  # events per page of GET /api/sessions/{id}/events/ unless ?limit= asks (1..1000)
# Behind a reverse proxy, how many X-Forwarded-For hops to trust for the client's address.
NUM_PROXIES = env.int("NUM_PROXIES", default=0)
RULEBOOK_MAX_BYTES = env.int("RULEBOOK_MAX_BYTES", default=5 * 1024 * 1024)
RULEBOOK_MAX_SECTIONS = env.int("RULEBOOK_MAX_SECTIONS", default=3000)
DATA_UPLOAD_MAX_MEMORY_SIZE = RULEBOOK_MAX_BYTES  # rulebook uploads go through the admin

REST_FRAMEWORK = {
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["api.parsers.StrictJSONParser"],
    # The session token in the URL is the capability; there are no API user accounts.
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "UNAUTHENTICATED_USER": None,
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "NUM_PROXIES": NUM_PROXIES,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Tablekeeper API",
    "DESCRIPTION": (
        "Track a tabletop card game table, check every action against the rules.\n\n"
        "Errors: every 4xx body is `{detail, errors?: {field: [messages]}}` (a refusal by the rules, 422, "
        "carries `violations` instead). A field is named by its dotted path from the top of the request: "
        "`players.0.name`, `options.hourglass`, `params.units.2`, `Idempotency-Key`. Setup options are "
        "checked against the game's options schema (`GET /api/games/{slug}/`), like action params."
    ),
    "VERSION": "1",
    # 3.1 speaks JSON Schema 2020-12, the dialect the engine's action params are written in.
    "OAS_VERSION": "3.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Served from our own static files: the table may be offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "api.schema.add_action_schemas",
        "api.schema.strict_requests",
    ],
}

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
}

# --- The live table (tracker/live, docs/LIVE.md) --------------------------------------------
# Streams hear of changes through Redis when there is one (any number of processes and hosts),
# else in memory (the one process of `make run`).
LIVE_REDIS_URL = env.str("LIVE_REDIS_URL", default=REDIS_URL)
LIVE_HEARTBEAT_SECONDS = env.float("LIVE_HEARTBEAT_SECONDS", default=20.0)
# A stream ends after this long and the phone opens a new one at once: long-lived connections
# spread again over the workers, and a seat a lost phone kept is never held for long.
LIVE_MAX_SECONDS = env.float("LIVE_MAX_SECONDS", default=15 * 60.0)
# Open streams per session (a table of eight phones, each maybe with a second tab) and per client
# address (a convention hall behind one address); beyond them, a 429 and the phone polls.
LIVE_MAX_PER_SESSION = env.int("LIVE_MAX_PER_SESSION", default=24)
LIVE_MAX_PER_ADDRESS = env.int("LIVE_MAX_PER_ADDRESS", default=200)
# How long a rendered state fragment is kept for the phones that ask for the same version.
LIVE_FRAGMENT_SECONDS = env.int("LIVE_FRAGMENT_SECONDS", default=600)
