"""The MDN HTTP Observatory's scoring rules for one response, in a form tests can read.

Baseline 100; each test adds its modifier; bonuses (positive modifiers) only count when the
score without them is at least 90. Only what the headers (and the HTML's script tags) decide is
scored; the HSTS preload bonus (+5) depends on the domain being on the browsers' preload list,
which no test of ours can show, so it is not counted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PRIVATE_REFERRERS = {
    "no-referrer",
    "same-origin",
    "strict-origin",
    "strict-origin-when-cross-origin",
}
SIX_MONTHS = 15768000


@dataclass(frozen=True)
class Result:
    test: str
    result: str
    modifier: int


def csp(headers) -> Result:
    policy = headers.get("Content-Security-Policy", "")
    if not policy:
        return Result("content-security-policy", "csp-not-implemented", -25)
    directives = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            directives[words[0].lower()] = [w.lower() for w in words[1:]]
    scripts = directives.get("script-src", directives.get("default-src", []))
    styles = directives.get("style-src", directives.get("default-src", []))
    if "'unsafe-inline'" in scripts:
        return Result("content-security-policy", "csp-implemented-with-unsafe-inline", -20)
    if any("http:" in s for values in directives.values() for s in values):
        return Result("content-security-policy", "csp-implemented-with-insecure-scheme", -20)
    if "'unsafe-eval'" in scripts:
        return Result("content-security-policy", "csp-implemented-with-unsafe-eval", -10)
    if "'unsafe-inline'" in styles:
        return Result(
            "content-security-policy", "csp-implemented-with-unsafe-inline-in-style-src-only", 0
        )
    if directives.get("default-src") == ["'none'"]:
        return Result(
            "content-security-policy", "csp-implemented-with-no-unsafe-default-src-none", 10
        )
    return Result("content-security-policy", "csp-implemented-with-no-unsafe", 5)


def cookies(response) -> Result:
    morsels = list(response.cookies.values())
    if not morsels:
        return Result("cookies", "cookies-not-found", 0)
    for morsel in morsels:
        session = "session" in morsel.key.lower()
        if not morsel["secure"]:
            return Result("cookies", "cookies-without-secure-flag", -40 if session else -20)
        if session and not morsel["httponly"]:
            return Result("cookies", "cookies-session-without-httponly-flag", -30)
        if morsel["samesite"].lower() not in {"lax", "strict"}:
            return Result("cookies", "cookies-secure-with-httponly-sessions", 0)
    return Result("cookies", "cookies-secure-with-httponly-sessions-and-samesite", 5)


def cors(headers) -> Result:
    if headers.get("Access-Control-Allow-Origin", "") == "*":
        return Result("cross-origin-resource-sharing", "cors-implemented-with-public-access", 0)
    if headers.get("Access-Control-Allow-Origin"):
        return Result("cross-origin-resource-sharing", "cors-implemented-with-restricted-access", 0)
    return Result(
        "cross-origin-resource-sharing", "cross-origin-resource-sharing-not-implemented", 0
    )


def corp(headers) -> Result:
    value = headers.get("Cross-Origin-Resource-Policy", "").strip().lower()
    if not value:
        return Result("cross-origin-resource-policy", "corp-not-implemented", 0)
    if value in {"same-origin", "same-site", "cross-origin"}:
        return Result("cross-origin-resource-policy", f"corp-implemented-with-{value}", 0)
    return Result("cross-origin-resource-policy", "corp-header-invalid", -5)


def referrer(headers) -> Result:
    values = [v.strip().lower() for v in headers.get("Referrer-Policy", "").split(",") if v.strip()]
    if not values:
        return Result("referrer-policy", "referrer-policy-not-implemented", 0)
    if values[-1] in PRIVATE_REFERRERS:
        return Result("referrer-policy", "referrer-policy-private", 5)
    if values[-1] == "no-referrer-when-downgrade":
        return Result("referrer-policy", "referrer-policy-no-referrer-when-downgrade", 0)
    return Result("referrer-policy", "referrer-policy-unsafe", -5)


def hsts(headers) -> Result:
    value = headers.get("Strict-Transport-Security", "")
    if not value:
        return Result("strict-transport-security", "hsts-not-implemented", -20)
    match = re.search(r"max-age=(\d+)", value)
    if not match:
        return Result("strict-transport-security", "hsts-header-invalid", -20)
    if int(match[1]) < SIX_MONTHS:
        return Result(
            "strict-transport-security", "hsts-implemented-max-age-less-than-six-months", -10
        )
    return Result("strict-transport-security", "hsts-implemented-max-age-at-least-six-months", 0)


def sri(html: str) -> Result:
    sources = re.findall(r"<script\b[^>]*\bsrc=\"([^\"]+)\"", html)
    if not sources:
        return Result("subresource-integrity", "sri-not-implemented-but-no-scripts-loaded", 0)
    if all(src.startswith("/") and not src.startswith("//") for src in sources):
        return Result(
            "subresource-integrity",
            "sri-not-implemented-but-all-scripts-loaded-from-secure-origin",
            0,
        )
    return Result(
        "subresource-integrity", "sri-not-implemented-but-external-scripts-loaded-securely", -5
    )


def nosniff(headers) -> Result:
    if headers.get("X-Content-Type-Options", "").strip().lower() == "nosniff":
        return Result("x-content-type-options", "x-content-type-options-nosniff", 0)
    return Result("x-content-type-options", "x-content-type-options-not-implemented", -5)


def frame_options(headers) -> Result:
    if "frame-ancestors 'none'" in headers.get("Content-Security-Policy", ""):
        return Result("x-frame-options", "x-frame-options-implemented-via-csp", 5)
    if headers.get("X-Frame-Options", "").upper() in {"DENY", "SAMEORIGIN"}:
        return Result("x-frame-options", "x-frame-options-sameorigin-or-deny", 0)
    return Result("x-frame-options", "x-frame-options-not-implemented", -20)


def score(response, html: str) -> tuple[int, list[Result]]:
    headers = response.headers
    results = [
        csp(headers),
        cookies(response),
        cors(headers),
        corp(headers),
        referrer(headers),
        hsts(headers),
        sri(html),
        nosniff(headers),
        frame_options(headers),
    ]
    base = 100 + sum(r.modifier for r in results if r.modifier < 0)
    bonus = sum(r.modifier for r in results if r.modifier > 0)
    return (base + bonus if base >= 90 else base), results
