"""The reason-code catalogue, and a check that every behavioural rule of RULES.md is tested."""

import re
from pathlib import Path

from rules.engine import REASONS, ReasonCode

# Every rule ID of spec/RULES.md. D2 (how a physical table shuffles and deals) describes no
# behaviour the engine could check; all the others do.
RULE_IDS = {
    *(f"T{i}" for i in range(1, 6)),
    "D1",
    "D2",
    *(f"M{i}" for i in range(1, 6)),
    *(f"C{i}" for i in range(1, 5)),
    *(f"P{i}" for i in range(1, 9)),
    *(f"B{i}" for i in range(1, 4)),
    *(f"X{i}" for i in range(1, 7)),
    "E1",
    "E2",
    *(f"S{i}" for i in range(1, 8)),
}
NOT_BEHAVIOUR = {"D2"}


def test_every_code_is_catalogued_once_with_a_known_rule():
    assert set(REASONS) == set(ReasonCode)
    for code, info in REASONS.items():
        assert code.value == code.name
        assert info.rule is None or info.rule in RULE_IDS, code
        assert info.meaning, code
        assert all(name.isidentifier() for name in info.facts), code


def test_every_behavioural_rule_has_tests():
    sources = "\n".join(
        p.read_text()
        for p in Path(__file__).parent.glob("test_*.py")
        if p.name != Path(__file__).name
    )
    cited = set(re.findall(r"(?<![A-Za-z0-9])([TDMCPBXES][1-9])(?![0-9])", sources))
    assert cited >= RULE_IDS - NOT_BEHAVIOUR, sorted(RULE_IDS - NOT_BEHAVIOUR - cited)
