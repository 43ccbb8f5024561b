"""The project's own reference documents (`docs/rules.md`, `docs/terms.md`), read by tests.

Everything a test compares against lives inside the repository, so a fresh clone with nothing
beside it passes the suite.
"""

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"
RULES = DOCS / "rules.md"
TERMS = DOCS / "terms.md"

RULE_LINE = re.compile(r"^- \*\*([TDMCPBXES][1-9])\b")


def table(path: Path, first_heading: str) -> list[list[str]]:
    """The body rows of the Markdown table whose header starts with `first_heading`."""
    rows: list[list[str]] = []
    inside = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            if inside:
                break
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not inside:
            inside = cells[0] == first_heading
        elif not set(line) <= set("|- "):
            rows.append(cells)
    if not rows:
        raise LookupError(f"no table starting with “{first_heading}” in {path.name}")
    return rows


def rule_ids() -> list[str]:
    """The rule IDs of the digest, in its order: every `- **T1** …` line."""
    return [
        m[1]
        for line in RULES.read_text(encoding="utf-8").splitlines()
        if (m := RULE_LINE.match(line))
    ]
