"""The reason-code catalogue, and a check that every behavioural rule of docs/rules.md is tested."""

import io
import re
import tokenize
from pathlib import Path

import pytest

from rules.engine import REASONS, ReasonCode

from ..docs import rule_ids

# Every rule ID of the digest (docs/rules.md). D2 (how a physical table shuffles and deals)
# describes no behaviour the engine could check; all the others do.
RULE_IDS = set(rule_ids())
NOT_BEHAVIOUR = {"D2"}


def test_the_digest_lists_every_rule_id_once_in_order():
    expected = [
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
    ]
    assert rule_ids() == expected


def test_every_code_is_catalogued_once_with_a_known_rule():
    assert set(REASONS) == set(ReasonCode)
    for code, info in REASONS.items():
        assert code.value == code.name
        assert info.rule is None or info.rule in RULE_IDS, code
        assert info.meaning, code
        assert all(name.isidentifier() for name in info.facts), code


RULE_ID = r"[TDMCPBXES][1-9]"


def _cited(source: str) -> set[str]:
    """The rule IDs a test module tests: in a test's name (`test_M2_…`) or as a row's rule in a
    case table (`"M2"`). A comment or a docstring that names one does not count."""
    cited = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.NAME and token.string.startswith("test_"):
            cited |= set(re.findall(rf"(?<=_)({RULE_ID})(?=_|$)", token.string))
        elif token.type == tokenize.STRING and re.fullmatch(rf"[\"']{RULE_ID}[\"']", token.string):
            cited.add(token.string[1:-1])
    return cited


def test_every_behavioural_rule_has_tests():
    cited = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        if path.name != Path(__file__).name:
            cited |= _cited(path.read_text())
    assert cited >= RULE_IDS - NOT_BEHAVIOUR, sorted(RULE_IDS - NOT_BEHAVIOUR - cited)


def test_a_rule_named_only_in_a_comment_or_docstring_is_not_tested():
    source = 'def test_M2_runs():\n    """X3"""\n    check("C4")  # P7\n'
    assert _cited(source) == {"M2", "C4"}


def _check(code, fact_names, extra=()):
    assert set(fact_names) <= {*REASONS[code].facts, *extra}, (code, sorted(fact_names))


def test_the_facts_a_verdict_carries_are_the_catalogued_ones():
    from rules.engine import (
        FACES,
        OKEY,
        Contract,
        InputError,
        NotationError,
        PlayerInput,
        can_add,
        can_swap_okey,
        check_opening,
        classify_meld,
        judge_discard,
        may_play,
        parse_melds,
        resolve_buy,
        score_round,
    )

    from . import (
        test_contracts,
        test_discards,
        test_melds,
        test_notation,
        test_play,
        test_scoring,
    )
    from .helpers import B8, M, T, t

    seen = set()

    def check(verdict):
        seen.add(verdict.reason)
        _check(verdict.reason, verdict.facts)

    for _, tiles, *_ in test_melds.CASES:
        check(classify_meld(T(tiles), B8))
    for tiles in (FACES[i : i + 4] for i in range(0, 48, 3)):
        check(classify_meld((*tiles, OKEY), B8))
    for _, meld, tile, *_ in test_play.ADD_CASES:
        check(can_add(t(tile), T(meld), B8))
    for _, meld, tile, *_ in test_play.SWAP_CASES:
        check(can_swap_okey(t(tile), T(meld), B8))
    for _, action, melded, this_turn, left, final, _ in test_play.PLAY_CASES:
        check(
            may_play(
                action,
                has_melded=melded,
                melded_this_turn=this_turn,
                tiles_left=left,
                final_round=final,
            )
        )
    for _, contract, melds, *_ in test_contracts.CASES:
        check(check_opening(M(melds), contract, B8))
    for _, tile, table, rack, pile, ends, *_ in test_discards.CASES:
        rack = None if rack is None else T(rack)
        check(judge_discard(t(tile), M(table), B8, rack=rack, pile=pile, ends_round=ends))
    for discarder, wanting, used in [
        (1, {2}, {}),
        (1, {3, 4}, {}),
        (1, {4}, {}),
        (1, {3}, {3: 5}),
        (1, set(), {}),
    ]:
        check(resolve_buy(discarder, wanting, buys_used=used))
    for _, players, options, _ in test_scoring.ERROR_CASES:
        result = score_round(players, B8, **options)
        for error in result.errors:
            seen.add(error.code)
            _check(error.code, error.facts)
    players = [PlayerInput(state="finished"), PlayerInput(state="melded", rack=T("k3 b11 ok fj"))]
    players += [PlayerInput(state="not-melded")] * 2
    for options in (
        {},
        {"okey_finish": True},
        {"final_round": True, "okey_finish": True, "team": True},
    ):
        result = score_round(players, B8, **options)
        for step in (*result.notes, *(s for p in result.players for s in p.breakdown)):
            seen.add(step.code)
            _check(step.code, step.facts)
    for text, *_ in test_notation.test_errors_name_the_bad_token_and_why.pytestmark[0].args[1]:
        with pytest.raises(NotationError) as error:
            parse_melds(text)
        seen.add(error.value.code)
        _check(error.value.code, error.value.facts, extra=("meld",))
    for bad in (lambda: Contract(groups=1, group_size=7), lambda: Contract(runs=1, run_size=1)):
        with pytest.raises(InputError) as error:
            bad()
        seen.add(error.value.code)
        _check(error.value.code, error.value.facts)
    assert len(seen) > 80  # most of the catalogue was exercised
