"""Fuzzing every view: malformed query strings, headers, path segments, bytes and bodies.

Every URL pattern is found by walking the resolver (new views are covered without an edit
here), its path parameters filled with real examples and with garbage; hypothesis then throws
query strings (also non-UTF-8 percent-escapes), `Accept-Language`, `HX-Request`, `Cookie` and
other headers, methods and POST bodies at it. The rule: never a 5xx, never a traceback.

The suite runs a short, derandomised profile (the same examples every run); `bench/fuzz.py`
runs the same tests with many more random examples (`KUT_FUZZ_PROFILE=long`).
"""

from __future__ import annotations

import os
import string
from urllib.parse import quote, urlencode

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.urls.converters import IntConverter, SlugConverter, StringConverter
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kutsite.converters import RoundNumber
from referee.coverage import RULING_KEYS
from rules.guide import STEP_SLUGS, StepSlug

settings.register_profile(
    "short",  # the suite: the same examples every run, so CI never flickers
    max_examples=8,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
settings.register_profile(
    "long",
    max_examples=int(os.environ.get("KUT_FUZZ_EXAMPLES", "400")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
PROFILE = os.environ.get("KUT_FUZZ_PROFILE", "short")
fuzz_settings = settings(settings.get_profile(PROFILE))

RULINGS = list(RULING_KEYS)
ADMIN_PATHS = [
    "/admin/",
    "/admin/login/",
    "/admin/logout/",
    "/admin/password_change/",
    "/admin/jsi18n/",
    "/admin/rules/",
    "/admin/rules/round/",
    "/admin/rules/round/1/change/",
    "/admin/auth/user/add/",
    "/admin/r/1/1/",
]
# Parameter names the site's forms read, so the fuzzer reaches past "unknown field".
KNOWN_KEYS = [
    "tiles",
    "indicator",
    "round",
    "table",
    "tile",
    "rack",
    "pile",
    "final",
    "team",
    "okey_finish",
    "exhausted",
    "next",
    "v",
    "version",
    "done",
    "scores",
    "number",
    "q",
    *[
        f"{field}{i}"
        for field in ("name", "state", "rack", "points", "player", "score")
        for i in (1, 2, 3, 4)
    ],
]
TILE_WORDS = ["r12", "r13", "r1", "k7", "b7", "y7", "fj", "ok", "s3", "g9", "x14", "r0", "b99"]


# --- the URL patterns -------------------------------------------------------------------------


def walk(patterns, prefix="", namespace=None):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace == "admin":
                continue  # the admin: sampled from ADMIN_PATHS instead
            ns = pattern.namespace or namespace
            if namespace and pattern.namespace:
                ns = f"{namespace}:{pattern.namespace}"
            yield from walk(pattern.url_patterns, prefix + str(pattern.pattern), ns)
        elif isinstance(pattern, URLPattern) and pattern.name:
            name = f"{namespace}:{pattern.name}" if namespace else pattern.name
            converters = getattr(pattern.pattern, "converters", {})
            yield name, converters


VIEWS = sorted(dict(walk(get_resolver().url_patterns)).items())


def examples_for(converter) -> list:
    if isinstance(converter, IntConverter):
        return [1, 7, 20, 0, 21, 4096]
    if isinstance(converter, RoundNumber):
        return [1, 7, 20, 21, 99]
    if isinstance(converter, SlugConverter):
        return [*RULINGS, "no-such-ruling", "a" * 120]
    if isinstance(converter, StringConverter):
        return ["de", "en", "fr", "x" * 120]
    if isinstance(converter, StepSlug):
        return list(STEP_SLUGS)
    regex = getattr(converter, "regex", "")
    if "22," in regex:  # a game secret
        return ["A" * 32, "b" * 22]
    return ["1", "x"]


def garbage_for(converter) -> st.SearchStrategy[str]:
    """Values that still match the converter's pattern but make no sense to the view."""
    if isinstance(converter, IntConverter | RoundNumber):  # leading zeros, huge numbers
        return st.from_regex(r"\A[0-9]{1,40}\Z")
    return st.one_of(
        st.from_regex(rf"\A(?:{converter.regex})\Z"),
        st.text(min_size=1, max_size=40).map(lambda t: quote(t, safe="")),
    )


@st.composite
def paths(draw, name: str, converters: dict) -> str:
    language = draw(st.sampled_from(["en", "de"]))
    kwargs = {}
    for param, converter in converters.items():
        kwargs[param] = draw(st.sampled_from(examples_for(converter)))
    with translation.override(language):
        path = reverse(name, kwargs=kwargs)
    mode = draw(st.sampled_from(["valid", "valid", "garbage-param", "garbage-segment"]))
    if mode == "garbage-param" and converters:
        param = draw(st.sampled_from(sorted(converters)))
        value = draw(garbage_for(converters[param]))
        path = path.replace(f"/{kwargs[param]}", f"/{value}", 1)
    elif mode == "garbage-segment":
        segments = path.split("/")
        index = draw(st.integers(min_value=1, max_value=max(1, len(segments) - 1)))
        raw = draw(st.binary(min_size=1, max_size=24))
        segments[index] = quote(raw, safe="")  # percent-escaped bytes, often not UTF-8
        path = "/".join(segments)
    return path


# --- requests ---------------------------------------------------------------------------------

LATIN1 = st.characters(min_codepoint=0x20, max_codepoint=0xFF, exclude_characters="\x7f")
header_text = st.text(alphabet=LATIN1, max_size=120)


def values() -> st.SearchStrategy[str]:
    return st.one_of(
        st.text(max_size=60),
        st.lists(st.sampled_from(TILE_WORDS), max_size=16).map(" ".join),
        st.integers(min_value=-(10**30), max_value=10**30).map(str),
        st.sampled_from(["", "1", "0", "true", "finished", "melded", "not-melded", "|", "||"]),
        # digits that are not ASCII: "²" passes str.isdigit() but not int()
        st.sampled_from(["²", "٣", "１２", "Ⅻ", "½", "७", "-0", "+4", " 4 ", "4.0", "1e3"]),
        # more digits than Python turns into an int (4,300): int() raises ValueError
        st.integers(min_value=4301, max_value=6000).map(lambda n: "9" * n),
        st.text(alphabet=string.printable, min_size=200, max_size=3000),
    )


@st.composite
def query_strings(draw) -> str:
    kind = draw(st.sampled_from(["pairs", "pairs", "bytes", "raw"]))
    if kind == "pairs":
        keys = st.one_of(st.sampled_from(KNOWN_KEYS), st.text(max_size=12))
        pairs = draw(st.lists(st.tuples(keys, values()), max_size=12))
        return urlencode(pairs)
    if kind == "bytes":  # percent-escaped bytes that are not UTF-8
        raw = draw(st.binary(max_size=64))
        key = draw(st.sampled_from(KNOWN_KEYS))
        return f"{key}={quote(raw, safe='')}&{quote(raw, safe='')}=1"
    return draw(st.text(alphabet=string.printable.replace("#", ""), max_size=200))


@st.composite
def header_sets(draw) -> dict[str, str]:
    candidates = {
        "Accept-Language": st.one_of(
            header_text, st.sampled_from(["de", "de-DE,de;q=0.9", "*", "en;q=x", "zz-ZZ"])
        ),
        "HX-Request": st.one_of(st.sampled_from(["true", "false", "", "TRUE"]), header_text),
        "HX-History-Restore-Request": st.sampled_from(["true", "false", "x"]),
        "HX-Current-URL": header_text,
        "HX-Target": header_text,
        "HX-Trigger": header_text,
        "Cookie": st.one_of(
            header_text,
            st.sampled_from(
                [
                    "django_language=de",
                    "django_language=xx",
                    "csrftoken=short",
                    "sessionid=garbage; csrftoken=" + "a" * 64,
                    '=; ;;; a="b',
                ]
            ),
        ),
        "If-None-Match": st.one_of(header_text, st.just("*"), st.just('W/"x", "y"')),
        "If-Modified-Since": header_text,
        "Accept-Encoding": st.one_of(header_text, st.just("gzip;q=0")),
        "Referer": header_text,
        "Range": header_text,
    }
    chosen = draw(st.lists(st.sampled_from(sorted(candidates)), unique=True, max_size=6))
    return {name: draw(candidates[name]) for name in chosen}


@st.composite
def bodies(draw) -> tuple[str, bytes]:
    content_type = draw(
        st.sampled_from(
            [
                "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=xyz",
                "multipart/form-data",
                "application/json",
                "text/plain; charset=utf-8",
                "application/x-www-form-urlencoded; charset=latin-1",
                "nonsense",
            ]
        )
    )
    if draw(st.booleans()):
        keys = st.one_of(st.sampled_from(KNOWN_KEYS), st.text(max_size=12))
        body = urlencode(draw(st.lists(st.tuples(keys, values()), max_size=12))).encode()
    else:
        body = draw(st.binary(max_size=512))
    return content_type, body


@st.composite
def requests(draw, path_strategy):
    method = draw(st.sampled_from(["GET", "GET", "GET", "HEAD", "POST", "POST", "PUT", "OPTIONS"]))
    path = draw(path_strategy)
    query = draw(st.one_of(st.just(""), query_strings()))
    headers = draw(header_sets())
    content_type, body = draw(bodies()) if method in {"POST", "PUT"} else ("", b"")
    csrf = draw(st.booleans())
    return method, path, query, headers, content_type, body, csrf


def send(request) -> None:
    method, path, query, headers, content_type, body, csrf = request
    client = Client(raise_request_exception=False, enforce_csrf_checks=csrf)
    response = client.generic(
        method,
        path,
        data=body,
        content_type=content_type or "application/octet-stream",
        headers=headers,
        QUERY_STRING=query,
    )
    described = f"{method} {path}?{query} {headers} {content_type} {body[:80]!r}"
    assert response.status_code < 500, f"{response.status_code} for {described}"
    content = b"".join(response.streaming_content) if response.streaming else response.content
    assert b"Traceback" not in content, described


# --- the tests --------------------------------------------------------------------------------


def test_every_view_is_fuzzed():
    names = {name for name, _converters in VIEWS}
    assert {"home", "rules:guide", "referee:check", "scoring:calculator"} <= names
    assert {
        "referee:card",
        "referee:check_card",
        "referee:discard_card",
        "referee:rack_card",
    } <= names  # PNGs too
    assert len(VIEWS) >= 10


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "converters"), VIEWS, ids=[name for name, _ in VIEWS])
def test_view_survives_garbage(name, converters):
    @fuzz_settings
    @given(requests(paths(name, converters)))
    def run(request):
        send(request)

    run()


@pytest.mark.django_db
def test_admin_survives_garbage():
    @fuzz_settings
    @given(requests(st.sampled_from(ADMIN_PATHS)))
    def run(request):
        send(request)

    run()


@pytest.mark.django_db
def test_unknown_paths_survive_garbage():
    prefix = st.sampled_from(["/", "/en/", "/de/", "/static/", "/en/referee/", "/de/spiele/"])
    tail = st.binary(max_size=40).map(lambda raw: quote(raw, safe="/"))

    @fuzz_settings
    @given(requests(st.builds(lambda p, t: p + t, prefix, tail)))
    def run(request):
        send(request)

    run()


def test_the_cache_path_survives_garbage_headers():
    """Django's page cache, gzip and 304 handling under garbage headers: a miss, then a hit."""

    @fuzz_settings
    @given(header_sets(), st.sampled_from(["/en/", "/de/", "/en/?x=1"]), query_strings())
    def run(headers, path, query):
        client = Client(raise_request_exception=False)
        for _ in range(2):  # a miss, then a hit
            response = client.get(path, headers=headers, QUERY_STRING=query)
            assert response.status_code in {200, 304}, (headers, path, query)

    run()
