"""Settings for the Küt rules site.

Everything that differs between a laptop and a server comes from the environment, so the
same file serves `make serve`, the test suite and production. Development is the default;
`DJANGO_ENV=production` switches on everything `manage.py check --deploy` asks for and
refuses to start without a real SECRET_KEY.
"""

import os
import tempfile
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


# --- Environment ------------------------------------------------------------------------

PRODUCTION = os.environ.get("DJANGO_ENV", "development") == "production"

DEBUG = False if PRODUCTION else env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfigured("Set SECRET_KEY in the environment when DJANGO_ENV=production.")
    # Only ever used on a developer's machine or in the test suite; `check --deploy`
    # flags the prefix, so it cannot slip into production unnoticed.
    SECRET_KEY = "django-insecure-development-only-key-never-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# --- Applications -----------------------------------------------------------------------

INSTALLED_APPS = [
    # modeltranslation must come before the admin so that translated fields show there.
    "modeltranslation",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    # Django's widget templates, found by the project's engine (FORM_RENDERER below).
    "django.forms",
    # htmx itself, served from the site ({% htmx_script %}); which requests are htmx's is
    # read by kutsite.htmx.wants_fragment, so its middleware is not installed.
    "django_htmx",
    "kutsite",
    "rules",
    "referee",
    "scoring",
    "games",
]

MIDDLEWARE = [
    # Outermost: drops a HEAD answer's body after everything below has used it.
    "kutsite.middleware.head_without_body",
    "django.middleware.security.SecurityMiddleware",
    # Right after SecurityMiddleware, as whitenoise asks: static files skip everything below.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Django's page cache keeps what views declare public (kutsite.http.public_page), as it
    # leaves the stack: compressed and with every header below, so a hit costs no gzip.
    "django.middleware.cache.UpdateCacheMiddleware",
    # Django's GZip pads responses against BREACH; static files come precompressed instead.
    "django.middleware.gzip.GZipMiddleware",
    # ETag on every page and 304 for a phone that already has it, kept or not.
    "django.middleware.http.ConditionalGetMiddleware",
    # A kept page goes out here, skipping everything below: it was stored with the headers
    # they add, and public pages use no session, user or CSRF token. The key is built from the
    # Vary headers learned when the page was stored and the page's language, read from the
    # request as LocaleMiddleware reads it, so this place does not change which page a request
    # gets, only what a hit costs. Django's own, except that a live htmx fragment (never kept)
    # does not look itself up.
    "kutsite.middleware.FetchFromCacheMiddleware",
    # Security headers on every answer that is drawn, errors and redirects included.
    "kutsite.middleware.PermissionsPolicyMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # The page's language comes from its URL prefix (no session involved).
    "django.middleware.locale.LocaleMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Innermost: gives the empty 405 of `require_http_methods` a page (kutsite/errors.py).
    "kutsite.errors.MethodNotAllowedPage",
]

ROOT_URLCONF = "kutsite.urls"
WSGI_APPLICATION = "kutsite.wsgi.application"

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
                "kutsite.context_processors.site",
            ],
        },
    },
]

# Widgets render through the project's template engine so that templates/django/forms/ can
# replace Django's per-attribute attrs.html with one filter (kutsite/templatetags/html_attrs.py):
# the widgets were most of the cost of a checker or calculator page with new values.
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

# Only the admin shows messages, and its editors have a session anyway. Django's default store
# (a cookie, then the session) sets up both stores on every request, for messages that no
# public page shows.
MESSAGE_STORAGE = "django.contrib.messages.storage.session.SessionStorage"

# --- Database ---------------------------------------------------------------------------

# SQLite needs no set-up for development; production points DATABASE_URL at PostgreSQL,
# which any number of app servers can share (nothing here keeps state in a process).
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
# No query may hold a worker for more than a few seconds: a stalled database costs a visitor
# a short wait and the branded 503, never a worker killed by gunicorn's timeout.
DB_TIMEOUT = int(os.environ.get("DB_TIMEOUT", "3"))
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # connect_timeout 2 s is libpq's floor; a refused connection fails at once.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        connect_timeout=min(DB_TIMEOUT, 2),
        options=f"-c statement_timeout={DB_TIMEOUT * 1000} -c lock_timeout={DB_TIMEOUT * 1000}",
    )
elif DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        # Writers take the lock when their transaction starts, so two phones saving at once
        # queue up (for at most DB_TIMEOUT) instead of failing halfway through.
        transaction_mode="IMMEDIATE",
        timeout=DB_TIMEOUT,
        # Write-ahead logging: readers never wait for a writer, nor a writer for readers.
        init_command="PRAGMA journal_mode=WAL;",
    )
    # A file, not memory, so that the concurrency tests' threads share one test database; one
    # per process, so that test runs side by side don't share it.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"kut-test-{os.getpid()}.sqlite3")
    }

# --- Internationalisation ---------------------------------------------------------------

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# British English dates for "en" (kutsite/formats/en/); German keeps Django's.
FORMAT_MODULE_PATH = ["kutsite.formats"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "Europe/Berlin"

# django-modeltranslation: English is the source; a German page never falls back to English
# silently (a test checks that every German field is filled instead).
MODELTRANSLATION_DEFAULT_LANGUAGE = "en"
MODELTRANSLATION_LANGUAGES = ("en", "de")
MODELTRANSLATION_FALLBACK_LANGUAGES = {"default": ()}

# --- Static files -----------------------------------------------------------------------

STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
# Outside production whitenoise serves straight from the app folders, no collectstatic needed.
WHITENOISE_USE_FINDERS = not PRODUCTION


def _static_headers(headers, path, url):
    # Static files leave before the site's own header middleware (kutsite.middleware).
    headers["Cross-Origin-Resource-Policy"] = CROSS_ORIGIN_RESOURCE_POLICY


WHITENOISE_ADD_HEADERS_FUNCTION = _static_headers
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # Minified, hashed (so whitenoise can send year-long cache headers) and compressed by
        # collectstatic, which tests and `make serve` (DEBUG) don't run: they serve the sources.
        "BACKEND": (
            "kutsite.storage.MinifiedStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        ),
    },
}

# --- Security ---------------------------------------------------------------------------

# All script lives in static files and htmx is configured by a <meta> tag, so the policy
# needs no 'unsafe-inline', no 'unsafe-eval' and no nonce (a nonce in a cached page would be
# replayed to every visitor). Nothing is allowed by default; each kind of source the pages
# use is listed: scripts, styles, images (share cards) and htmx requests, all from the site,
# and the offline service worker and web app manifest (kutsite/offline.py).
SECURE_CSP = {
    "default-src": [CSP.NONE],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "worker-src": [CSP.SELF],
    "manifest-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
# Django's defaults, written out: docs/security.md's header table names them, and a change of
# default in a Django release must not change the site's headers unnoticed. Referrer-Policy is
# not `no-referrer`: with it browsers send `Origin: null` on a form POST, which CSRF refuses.
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
# Not a Django setting: kutsite.middleware.PermissionsPolicyMiddleware and the static files.
CROSS_ORIGIN_RESOURCE_POLICY = "same-origin"
# Error pages in the site's design (kutsite/errors.py); a CSRF failure on a game-sheet form
# offers to send what was typed again.
CSRF_FAILURE_VIEW = "kutsite.errors.csrf_failure"
# Features the site never uses are switched off. Web Share and the clipboard (the share
# button) are left out: both default to the site itself, and a browser without Web Share logs
# an error on every page for a policy that names it.
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"

LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365

# A health check from the host itself (a load balancer, `curl 127.0.0.1:8001/healthz`) speaks
# plain HTTP: it gets its answer, not a redirect to HTTPS.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

if PRODUCTION:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    # A TLS-terminating proxy in front of gunicorn tells us the scheme.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# --- Caching ----------------------------------------------------------------------------

CACHES = {
    # Rate limits and other small per-process state.
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "kutsite-default",
    },
    # Django's page cache, per process: nothing to share, nothing written to disk. Its keys
    # carry the build and the content version (kutsite.content.page_key), so an edit retires
    # every page in every process without a shared cache. Bounded: a flood of unique queries
    # only pushes out other pages, which render again from the content kept in memory.
    "pages": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "kutsite-pages",
        "KEY_FUNCTION": "kutsite.content.page_key",
        "OPTIONS": {"MAX_ENTRIES": 2000},
    },
    # Django's {% cache %} tag: parts of a page that hardly depend on the request (the head and
    # footer, a checker's or the calculator's heading, form tag and buttons, a checker's fields,
    # the calculator's list of 20 contracts, a game sheet's table at one version), rendered once
    # per language and content version.
    "template_fragments": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "kutsite-fragments",
        "KEY_FUNCTION": "kutsite.content.page_key",
        "OPTIONS": {"MAX_ENTRIES": 1000},
    },
}
# With several processes or servers, Redis makes the `default` cache shared: rate limits then
# count exactly across every worker and server, and each share card is drawn once for all of
# them. Nothing depends on it for correctness; while Redis is away the site keeps answering
# without it (kutsite/cache_backends.py).
if REDIS_URL := os.environ.get("REDIS_URL"):
    CACHES["default"] = {
        "BACKEND": "kutsite.cache_backends.DegradingRedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": os.environ.get("REDIS_KEY_PREFIX", "kut"),
        # A Redis that hangs costs a request at most this long (seconds), not a worker.
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }
CACHE_MIDDLEWARE_ALIAS = "pages"
# Only what a view declares public with a max-age is kept (kutsite.http.public_page).
CACHE_MIDDLEWARE_SECONDS = 0

# Public pages: a browser keeps them a minute, a shared proxy or CDN ten, and either may serve
# a stale copy while it asks again or while the site answers with an error (a day).
PUBLIC_CACHE_CONTROL = {
    "public": True,
    "max_age": 60,
    "s_maxage": 600,
    "stale_while_revalidate": 60,
    "stale_if_error": 60 * 60 * 24,
}

# The content (kutsite/content.py): which apps hold it, and how often each process asks the
# database whether it changed — the longest an edit takes to reach another process.
CONTENT_APPS = ["rules", "referee"]
CONTENT_VERSION_POLL = float(os.environ.get("CONTENT_VERSION_POLL", "2"))
# What the branded 503 tells a visitor (and a proxy) to wait before asking again.
DB_RETRY_AFTER = int(os.environ.get("DB_RETRY_AFTER", "5"))
# How often an open game sheet asks for new rounds: each poll is a 304 while nothing changed
# (games/views/kept.py). The browser tests shorten it.
GAME_POLL_SECONDS = 10

# --- Limits -----------------------------------------------------------------------------

# (requests, seconds) per client address, counted in the `default` cache (kutsite/ratelimit.py).
RATE_LIMITS = {
    "new-game": (
        int(os.environ.get("RATE_LIMIT_NEW_GAMES", "30")),
        int(os.environ.get("RATE_LIMIT_NEW_GAMES_SECONDS", str(60 * 60))),
    ),
    "admin-login": (
        int(os.environ.get("RATE_LIMIT_ADMIN_LOGINS", "10")),
        int(os.environ.get("RATE_LIMIT_ADMIN_LOGINS_SECONDS", str(15 * 60))),
    ),
}
# How many trusted proxies in front of the app append to X-Forwarded-For (0: none, the
# client is REMOTE_ADDR). Behind one TLS proxy: 1.
FORWARDED_HOPS = int(os.environ.get("FORWARDED_HOPS", "0"))

# --- Logging ----------------------------------------------------------------------------

# Django logs the path of a failed request ("Not Found: /en/games/<edit secret>/…",
# "Forbidden (CSRF …)"): every record passes through a filter that blanks game secrets out
# (kutsite/redaction.py). Django's own handlers on the "django" logger are replaced, so its
# records reach the filtered console handler only.
LOG_LEVEL = os.environ.get("LOG_LEVEL", "WARNING")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "redact_secrets": {"()": "kutsite.redaction.RedactSecrets"},
        "without_traceback": {"()": "kutsite.log_filters.WithoutTraceback"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["redact_secrets"]},
    },
    "loggers": {
        "django": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
        # A request for a host the site does not serve: one line, not Django's traceback.
        "django.security.DisallowedHost": {"filters": ["without_traceback"], "propagate": True},
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
}
