"""Whole-response caching of content pages: see docs/performance.md, "Caching".

`content_page` is the one decorator views use; `kutsite.middleware.PageCacheMiddleware` does
the rest. A response marked by the decorator is stored whole — body, a gzipped body and its
headers — under a key made of everything the page can depend on:

    build · content version · scheme · host · path + query · language · page/fragment

and served again, with conditional GET (ETag → 304), before the request reaches the session,
locale, CSRF, auth or URL resolving machinery.

The **content version** is a random token kept in the `shared` cache (host-wide files by
default, Redis or Memcached when several hosts serve the site). Any save or delete of a model in
`CONTENT_APPS` (discovered at signal time from the model's app, so models added later are
covered), any many-to-many change and every `migrate` replace it. Each process re-reads the
token at most every `CONTENT_VERSION_POLL` seconds, which bounds how long another process may
serve a page from before an edit; the process that saved sees its edit at once. A token that
the shared cache loses is simply replaced by a new one: losing it can only invalidate pages,
never bring an old page back.

A response is stored only when it is safe to hand to anyone who asks for the same key: a GET
answered 200, not streamed, setting no cookie, no `Cache-Control: private/no-store`, no CSP
nonce, varying on nothing outside the key (`HX-Request`, `Accept-Encoding`), rendered in the
language of its URL prefix, and rendered outside any open transaction (a page built from
uncommitted rows must not outlive a rollback). Every stored page is also kept as the *last
good copy* (without build and version in its key) that `kutsite.db_fallback` serves when the
database is unreachable.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import os
import secrets
import threading
import time
from dataclasses import dataclass
from functools import wraps

from django.conf import settings
from django.core.cache import caches
from django.core.signals import setting_changed
from django.db import connections, transaction
from django.db.models.signals import m2m_changed, post_delete, post_migrate, post_save
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.http.response import ResponseHeaders
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language_from_path

CACHE_ATTRIBUTE = "kut_content_page"

VERSION_KEY = "kut:content-version"
#: Headers a cached page may vary on: the key already holds them.
KEYED_VARY = frozenset({"hx-request", "accept-encoding"})
#: Set on every response the cache answers, so a benchmark or a curious reader can tell.
HIT_HEADER = "X-Cache"
MAX_BODY = 1_000_000
GZIP_TYPES = ("text/", "application/json", "application/xml", "image/svg+xml")

#: Views of other apps whose answer is a pure function of URL, language and HX-Request, cached
#: as if decorated with `content_page` (the decorator in the view is preferred; this list lets
#: the cache cover a view without editing another app). Safety checks apply all the same.
CACHED_VIEWS = frozenset(
    {
        "scoring:calculator",  # the engine scores the query string; no cookie, no session
        "referee:card",  # the share card PNG: drawn from the ruling (content) and the language
    }
)

#: Views that validate their own copies with a strong ETag (`@condition`) but change with rows
#: outside the content (game sheets). Their 200 is kept per URL; the next request is passed to
#: the view with our ETag in If-None-Match, and only when the view answers 304 — its own word
#: that the copy is current — does the stored copy go out. The view still runs (and checks its
#: secret) on every request; only the rendering is saved.
REVALIDATED_VIEWS = frozenset({"games:view", "games:sheet"})

# The build is part of the key, so a shared page cache never hands out a page rendered by other
# templates. Without BUILD_ID (set it per deploy) each process is its own build: correct, it only
# stops processes from sharing pages, which the default per-process cache does not do anyway.
BUILD = os.environ.get("BUILD_ID") or f"{os.getpid()}-{time.time_ns()}"


def content_page(view):
    """Mark a view whose answer depends only on its URL, language, HX-Request and the content.

    Content pages (guide, rounds, rulings, glossary, home) and pure functions of their query
    string (the checkers, the calculator, share cards) qualify. A page that reads a cookie, the
    user, the session or any row outside `CONTENT_APPS` does not.
    """

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        patch_vary_headers(response, ("HX-Request",))
        setattr(response, CACHE_ATTRIBUTE, True)
        return response

    return wrapped


# --- the content version ----------------------------------------------------------------------


class _Version:
    token: str | None = None
    checked: float = float("-inf")


def shared_cache():
    return caches[getattr(settings, "CONTENT_SHARED_CACHE", "shared")]


def page_cache():
    return caches[getattr(settings, "CONTENT_PAGE_CACHE", "default")]


def content_version() -> str:
    """The current content token; read from the shared cache at most every few seconds."""
    now = time.monotonic()
    if _Version.token is not None and now - _Version.checked < settings.CONTENT_VERSION_POLL:
        return _Version.token
    try:
        store = shared_cache()
        token = store.get(VERSION_KEY)
        if token is None:
            store.add(VERSION_KEY, secrets.token_hex(8), None)
            token = store.get(VERSION_KEY)
    except Exception:  # the shared cache is down: keep what we had rather than fail the page
        token = None
    if token is None:
        token = _Version.token or secrets.token_hex(8)
    _Version.token, _Version.checked = token, now
    return token


def bump_content_version() -> str:
    """Invalidate every cached page, in this process at once and elsewhere within the poll."""
    token = secrets.token_hex(8)
    with contextlib.suppress(Exception):  # a broken shared cache must not break a save
        shared_cache().set(VERSION_KEY, token, None)
    _Version.token, _Version.checked = token, time.monotonic()
    return token


def is_content_model(model) -> bool:
    return model is not None and model._meta.app_label in settings.CONTENT_APPS


def _content_changed(using) -> None:
    # Bump now (pages cached from here on miss) and again after commit: a page rendered by
    # another process between the save and the commit still shows the old rows.
    bump_content_version()
    if connections[using].in_atomic_block:
        transaction.on_commit(bump_content_version, using=using)


@receiver(post_save, dispatch_uid="kut-content-save")
@receiver(post_delete, dispatch_uid="kut-content-delete")
def _on_content_save(sender, using="default", **kwargs):
    if is_content_model(sender):
        _content_changed(using)


@receiver(m2m_changed, dispatch_uid="kut-content-m2m")
def _on_content_m2m(sender, instance, action, using="default", **kwargs):
    changed = is_content_model(sender) or is_content_model(type(instance))
    if changed and action.startswith("post_"):
        _content_changed(using)


@receiver(post_migrate, dispatch_uid="kut-content-migrate")
def _on_migrate(**kwargs):
    bump_content_version()


@receiver(setting_changed, dispatch_uid="kut-content-settings")
def _on_setting_changed(**kwargs):
    # Tests override settings; a page rendered under other settings must not be served again.
    _Version.token, _Version.checked = None, float("-inf")
    _Local.clear()
    global BUILD
    BUILD = f"{os.getpid()}-{time.time_ns()}"


# --- keys and entries -------------------------------------------------------------------------


@dataclass(frozen=True)
class PageKey:
    """What a content page can depend on; `None` from `page_key` means "don't cache"."""

    language: str
    identity: str  # scheme, host, path + query, language, variant

    def current(self) -> str:
        digest = _digest(f"{BUILD}\n{content_version()}\n{self.identity}")
        return f"kut:page:{digest}"

    def revalidation(self) -> str:
        return f"kut:reval:{_digest(f'{BUILD}{chr(10)}{self.identity}')}"

    def last_good(self) -> str:
        return f"kut:last:{_digest(self.identity)}"


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogateescape"), digest_size=16).hexdigest()


def page_key(request: HttpRequest) -> PageKey | None:
    if request.method not in ("GET", "HEAD"):
        return None
    language = get_language_from_path(request.path_info)
    if language is None:
        return None
    try:
        host = request.get_host()
    except Exception:  # DisallowedHost: let Django answer it
        return None
    meta = request.META
    fragment = (
        meta.get("HTTP_HX_REQUEST") == "true"
        and meta.get("HTTP_HX_HISTORY_RESTORE_REQUEST") != "true"
    )
    scheme = "https" if request.is_secure() else "http"
    identity = "\n".join(
        (scheme, host, request.get_full_path(), language, "fragment" if fragment else "page")
    )
    return PageKey(language, identity)


@dataclass
class Entry:
    status: int
    headers: list[tuple[str, str]]
    body: bytes
    gzipped: bytes | None
    etag: str

    def __getstate__(self):
        # The prepared header stores below are a per-process speed-up, never stored.
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_")}

    def prepared(self, compressed: bool) -> dict:
        """The response headers, checked once, in `ResponseHeaders`' internal form."""
        name = "_gz" if compressed else "_plain"
        store = self.__dict__.get(name)
        if store is None:
            headers = ResponseHeaders({})
            for header, value in self.headers:
                headers[header] = value
            body = self.gzipped if compressed else self.body
            headers["Content-Length"] = str(len(body))
            headers["ETag"] = self.etag[:-1] + '-gz"' if compressed else self.etag
            if compressed:
                headers["Content-Encoding"] = "gzip"
            store = self.__dict__[name] = dict(headers._store)
        return store


class _Local:
    """A per-process front for the page cache: entries ready to send, no unpickling.

    Keys carry the build and the content version, so an entry here is exactly as fresh as
    one in the page cache; old ones simply stop being asked for and are pushed out, oldest
    first, past `LOCAL_BYTES`.
    """

    entries: dict[str, Entry] = {}  # process-wide by design
    size = 0
    lock = threading.Lock()

    @classmethod
    def get(cls, key: str) -> Entry | None:
        return cls.entries.get(key)

    @classmethod
    def put(cls, key: str, entry: Entry) -> None:
        weight = len(entry.body) + len(entry.gzipped or b"") + 1024
        with cls.lock:
            if key in cls.entries:
                return
            cls.entries[key] = entry
            cls.size += weight
            while cls.size > LOCAL_BYTES and cls.entries:
                old = cls.entries.pop(next(iter(cls.entries)))
                cls.size -= len(old.body) + len(old.gzipped or b"") + 1024

    @classmethod
    def clear(cls) -> None:
        with cls.lock:
            cls.entries = {}
            cls.size = 0


LOCAL_BYTES = 32 * 1024 * 1024


def clear() -> None:
    """Forget every cached page of this process (the page cache and its local front)."""
    _Local.clear()
    page_cache().clear()


def in_transaction() -> bool:
    return any(c.in_atomic_block for c in connections.all(initialized_only=True))


def marked(request: HttpRequest, response: HttpResponse) -> bool:
    if getattr(response, CACHE_ATTRIBUTE, False):
        return True
    match = getattr(request, "resolver_match", None)
    return match is not None and match.view_name in CACHED_VIEWS


def _safe_to_keep(request: HttpRequest, response: HttpResponse, key: PageKey) -> bool:
    """What any kept response must be: a plain GET 200 that anyone asking for `key` may get."""
    if request.method != "GET" or response.status_code != 200 or response.streaming:
        return False
    if response.cookies or len(response.content) > MAX_BODY:
        return False
    if "no-store" in response.get("Cache-Control", "").lower():
        return False
    if "nonce-" in response.get("Content-Security-Policy", ""):
        return False
    vary = {v.strip().lower() for v in response.get("Vary", "").split(",") if v.strip()}
    if not vary <= KEYED_VARY:
        return False
    if response.get("Content-Language", key.language) != key.language:
        return False
    return not in_transaction()


def cacheable(request: HttpRequest, response: HttpResponse, key: PageKey) -> bool:
    """A content page that may be served again without asking the view."""
    if not marked(request, response):
        return False
    cache_control = response.get("Cache-Control", "").lower()
    if "private" in cache_control or "no-cache" in cache_control:
        return False
    return _safe_to_keep(request, response, key)


def _strong_etag(response: HttpResponse) -> bool:
    etag = response.get("ETag", "")
    return etag.startswith('"') and etag.endswith('"') and len(etag) > 2


def revalidatable(request: HttpRequest, response: HttpResponse, key: PageKey) -> bool:
    """A 200 from a self-validating view that may be kept and revalidated with the view."""
    match = getattr(request, "resolver_match", None)
    if match is None or match.view_name not in REVALIDATED_VIEWS:
        return False
    return _strong_etag(response) and _safe_to_keep(request, response, key)


def make_entry(response: HttpResponse) -> Entry:
    body = response.content
    etag = response.get("ETag", "")
    if not _strong_etag(response):  # keep the view's own strong validator
        etag = f'"{hashlib.blake2b(body, digest_size=12).hexdigest()}"'
    gzipped = None
    content_type = response.get("Content-Type", "")
    if len(body) > 200 and content_type.startswith(GZIP_TYPES):
        squeezed = gzip.compress(body, compresslevel=9, mtime=0)
        if len(squeezed) < len(body):
            gzipped = squeezed
    patch_vary_headers(response, ("Accept-Encoding",) if gzipped else ())
    response.headers.setdefault("Cache-Control", settings.CONTENT_CACHE_CONTROL)
    response.headers["ETag"] = etag
    headers = [
        (k, v) for k, v in response.items() if k.lower() not in ("content-length", "set-cookie")
    ]
    return Entry(response.status_code, headers, body, gzipped, etag)


def store(key: PageKey, entry: Entry) -> None:
    name = key.current()
    page_cache().set(name, entry, settings.CONTENT_CACHE_SECONDS)
    _Local.put(name, entry)
    remember_last_good(key, entry)


def remember_last_good(key: PageKey, entry: Entry) -> None:
    for store_ in (page_cache(), shared_cache()):
        with contextlib.suppress(Exception):  # a full disk must not break a page
            store_.set(key.last_good(), entry, settings.CONTENT_LAST_GOOD_SECONDS)


def fetch(key: PageKey) -> Entry | None:
    name = key.current()
    entry = _Local.get(name)
    if entry is not None:
        return entry
    try:
        entry = page_cache().get(name)
    except Exception:  # pragma: no cover - an unreachable shared page cache is a miss
        return None
    if entry is not None:
        _Local.put(name, entry)
    return entry


def store_revalidation(key: PageKey, entry: Entry) -> None:
    with contextlib.suppress(Exception):
        page_cache().set(key.revalidation(), entry, settings.CONTENT_CACHE_SECONDS)


def drop_revalidation(key: PageKey) -> None:
    with contextlib.suppress(Exception):
        page_cache().delete(key.revalidation())


def fetch_revalidation(key: PageKey) -> Entry | None:
    try:
        return page_cache().get(key.revalidation())
    except Exception:  # pragma: no cover
        return None


def fetch_last_good(key: PageKey) -> Entry | None:
    for store_ in (page_cache(), shared_cache()):
        try:
            entry = store_.get(key.last_good())
        except Exception:  # pragma: no cover
            entry = None
        if entry is not None:
            return entry
    return None


def accepts_gzip(request: HttpRequest) -> bool:
    accept = request.META.get("HTTP_ACCEPT_ENCODING", "")
    if "gzip" not in accept:
        return False
    for part in accept.split(","):
        coding, _, params = part.strip().partition(";")
        if coding.strip().lower() in ("gzip", "*"):
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def respond(request: HttpRequest, entry: Entry, label: str) -> HttpResponse:
    """Build a response from an entry: 304 when the client has it, gzip when it takes it."""
    compressed = entry.gzipped is not None and accepts_gzip(request)
    etag = entry.etag[:-1] + '-gz"' if compressed else entry.etag
    if_none_match = request.META.get("HTTP_IF_NONE_MATCH")
    if if_none_match and (if_none_match.strip() == "*" or etag in if_none_match):
        response = HttpResponse(status=304)
        for name, value in entry.headers:
            if name.lower() in ("cache-control", "vary", "content-language", "expires"):
                response.headers[name] = value
        response.headers["ETag"] = etag
        del response.headers["Content-Type"]
    else:
        response = HttpResponse(entry.gzipped if compressed else entry.body, status=entry.status)
        response.headers._store.update(entry.prepared(compressed))
    response.headers[HIT_HEADER] = label
    return response
