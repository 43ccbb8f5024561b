"""Lighthouse on every kind of page, in both languages, against the site as production runs it.

    .venv/bin/python bench/lighthouse.py          # every page type in English and German
    .venv/bin/python bench/lighthouse.py --quick  # the set tests/perf/test_lighthouse.py checks

Starts gunicorn with the production settings (bench/server.py), creates one game, and runs
Lighthouse (npm package in bench/npm/, installed there with `npm ci` on first use; Debian's
Chromium) for best-practices, SEO and accessibility. Private pages (game sheets, the offline page)
are `noindex` on purpose, so they are scored without SEO. Then it measures the offline store of
each language (what the service worker precaches) as the phone fetches it: gzip-compressed.
Exits non-zero when a score is below 100. Lighthouse 12 has no PWA category any more: the
installability check is tests/browser/test_offline.py (Chromium's own).
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server import ProductionSite

HERE = Path(__file__).resolve().parent / "npm"
CATEGORIES = ("best-practices", "seo", "accessibility")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

# name -> (URL name, args, public); the paths come from the site itself, in each language.
PAGES = {
    "home": ("home", [], True),
    "guide": ("rules:guide", [], True),
    "guide step": ("rules:step", ["melds"], True),
    "rounds": ("rules:rounds", [], True),
    "round": ("rules:round", [7], True),
    "glossary": ("rules:glossary", [], True),
    "referee": ("referee:index", [], True),
    "ruling": ("referee:ruling", ["run-12-13-1"], True),
    "calculator": ("scoring:calculator", [], True),
    "new game": ("games:new", [], True),
    "sheet": ("games:sheet", ["EDIT"], False),
    "record": ("games:record", ["EDIT"], False),
    "read-only sheet": ("games:view", ["VIEW"], False),
    "offline": ("offline", [], False),
}
# A smaller set for the test: every page type once, alternating languages, homes in both.
QUICK = [
    ("home", "en"),
    ("home", "de"),
    ("guide", "en"),
    ("guide step", "de"),
    ("round", "de"),
    ("ruling", "en"),
    ("glossary", "de"),
    ("calculator", "en"),
    ("new game", "de"),
    ("record", "en"),
    ("read-only sheet", "de"),
    ("offline", "en"),
]

PATHS_SCRIPT = """
import json
from django.urls import reverse
from django.utils import translation
from games import services
game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
secrets = {"EDIT": game.edit_secret, "VIEW": game.view_secret}
pages = json.loads(%r)
paths = {}
for language in ("en", "de"):
    with translation.override(language):
        for name, (url_name, args, _public) in pages.items():
            paths[f"{name}|{language}"] = reverse(url_name, args=[secrets.get(a, a) for a in args])
print(json.dumps(paths))
"""


@dataclass
class Score:
    page: str
    language: str
    path: str
    scores: dict[str, int]
    failed: list[str]

    @property
    def perfect(self) -> bool:
        return not self.failed and all(value == 100 for value in self.scores.values())


def install() -> None:
    """Lighthouse inside bench/npm/ (package-lock.json pins the versions; `make test` does it)."""
    if (HERE / "node_modules" / "lighthouse").exists():
        return
    for command in ("ci", "install"):  # install: a dependency's "latest" moved on since the lock
        npm = ["npm", command, "--no-audit", "--no-fund", "--loglevel=error"]
        if subprocess.run(npm, cwd=HERE, timeout=600).returncode == 0:
            return
    raise RuntimeError("npm could not install Lighthouse in bench/npm/")


def page_paths(site: ProductionSite) -> dict[tuple[str, str], str]:
    plain = {name: [url, args, public] for name, (url, args, public) in PAGES.items()}
    output = site.python(PATHS_SCRIPT % json.dumps(plain))
    found = json.loads(output.strip().splitlines()[-1])
    return {tuple(key.split("|")): path for key, path in found.items()}


def lighthouse(site: ProductionSite, pages: list[tuple[str, str]]) -> list[Score]:
    """One Chromium, one Lighthouse run per page (about 10 s each on these machines)."""
    install()
    paths = page_paths(site)
    # "!" tells run.mjs to leave SEO out: the page is noindex on purpose.
    arguments = [("" if PAGES[name][2] else "!") + paths[name, lang] for name, lang in pages]
    result = subprocess.run(
        ["node", "run.mjs", site.base_url, ",".join(CATEGORIES), *arguments],
        cwd=HERE,
        env={**os.environ, "CHROME_PATH": CHROMIUM},
        capture_output=True,
        text=True,
        timeout=60 * len(pages) + 60,
    )
    if result.returncode != 0:
        raise RuntimeError(f"Lighthouse failed:\n{result.stdout}\n{result.stderr}")
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    scores = []
    for (name, language), line in zip(pages, lines, strict=True):
        if line["errors"]:
            raise RuntimeError(f"Lighthouse could not score {line['path']}: {line['errors']}")
        scores.append(Score(name, language, line["path"], line["scores"], line["failed"]))
    return scores


def precache_size(site: ProductionSite, language: str) -> dict[str, tuple[int, int, int]]:
    """What the worker stores for one language, pages and static files apart:
    {kind: (files, bytes, bytes as sent: gzip where the server compresses)}."""
    store = json.loads(site.get(f"/{language}/offline/store.json").body)
    sizes = {"pages": [0, 0, 0], "static files": [0, 0, 0]}
    for url in store["urls"]:
        reply = site.get(url, {"Accept-Encoding": "gzip"})
        assert reply.status == 200, (url, reply.status)
        body = reply.body
        raw = gzip.decompress(body) if reply.header("content-encoding") == "gzip" else body
        row = sizes["static files" if url.startswith("/static/") else "pages"]
        row[0] += 1
        row[1] += len(raw)
        row[2] += len(body)
    return {kind: (files, raw, sent) for kind, (files, raw, sent) in sizes.items()}


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    pages = QUICK if quick else [(name, lang) for lang in ("en", "de") for name in PAGES]
    with ProductionSite(workers=2) as site:
        site.prepare()
        site.start()
        scores = lighthouse(site, pages)
        print(f"{'page':<16} {'lang':<4} " + " ".join(f"{c:>14}" for c in CATEGORIES) + "  path")
        for score in scores:
            cells = " ".join(f"{score.scores.get(c, '–'):>14}" for c in CATEGORIES)
            print(f"{score.page:<16} {score.language:<4} {cells}  {score.path}")
            for audit in score.failed:
                print(f"    not passed: {audit}")
        print()
        for language in ("en", "de"):
            sizes = precache_size(site, language)
            total = [sum(row[i] for row in sizes.values()) for i in range(3)]
            for kind, (files, raw, sent) in [*sizes.items(), ("total", total)]:
                print(
                    f"offline store /{language}/ {kind:<12}: {files:>3} files, "
                    f"{raw / 1024:>4.0f} KiB, {sent / 1024:>4.0f} KiB as sent (gzip)"
                )
    return 0 if all(score.perfect for score in scores) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
