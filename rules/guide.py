"""What the guide shows besides its prose: sections, engine-computed examples, the worked
scoring example and the FAQ.

Nothing here decides a rule: every "valid/invalid", penalty and score comes from
`rules.engine`; this module only picks the tiles to show and turns the verdicts into view
models (tiles to draw, a label, a sentence, the rule ID).

Where the long-form text lives, by kind:
- Guide sections: templates with `{% blocktranslate %}` (`templates/rules/guide/<anchor>.html`).
  Their prose is woven with engine-computed examples, `{% url %}` links, glossary anchors and
  rule badges — structure a text field could only hold with a template language of its own —
  and it changes together with the code. The catalogue test fails on any untranslated or fuzzy
  entry, and a page test fails when an English sentence shows on a German page.
- Round titles and notes, glossary entries: database rows with translated fields
  (modeltranslation). They are uniform records next to data (contract numbers, rule IDs,
  anchors) that an editor changes in the admin without a deploy; the admin requires both
  languages and `rules.completeness.missing_translations()` fails the tests on any gap.
- The FAQ: gettext strings here, because the same words feed the page and its FAQPage JSON-LD.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import (
    gettext,
    gettext_lazy,
    ngettext_lazy,
    pgettext,
    pgettext_lazy,
)

from kutsite.tiles import Face, face_of, meld_faces, typed_tiles
from kutsite.verdicts import Verdict, from_engine
from rules.engine import (
    BUY_LIMIT,
    PENALTY_TILES,
    Contract,
    PlayerInput,
    PlayerState,
    ScoreResult,
    can_add,
    can_swap_okey,
    check_opening,
    classify_meld,
    judge_discard,
    multiplier,
    okey_of,
    parse_indicator,
    parse_melds,
    parse_tile,
    parse_tiles,
    resolve_buy,
    score_round,
)
from rules.reasons import (
    RULE_TITLES,
    RULE_TOPICS,
    format_points,
    penalty_label,
    rule_numbers,
    rule_title,
)

# The guide reads every example with one indicator, the one its "tiles" section introduces.
INDICATOR = parse_indicator("b8")


# The guide's first page holds "at a glance" and the rules by ID; every other section is a step
# with a page of its own. Each step's address in each language, e.g. /en/guide/melds/ and
# /de/anleitung/gruppen-reihen-paare/.
STEP_SLUGS = {
    "okey": pgettext_lazy("guide step in a URL", "okey"),
    "false-joker": pgettext_lazy("guide step in a URL", "false-joker"),
    "deal": pgettext_lazy("guide step in a URL", "deal"),
    "melds": pgettext_lazy("guide step in a URL", "melds"),
    "contracts": pgettext_lazy("guide step in a URL", "contracts"),
    "turn": pgettext_lazy("guide step in a URL", "turn"),
    "melding": pgettext_lazy("guide step in a URL", "melding"),
    "adding": pgettext_lazy("guide step in a URL", "adding"),
    "buying": pgettext_lazy("guide step in a URL", "buying"),
    "penalties": pgettext_lazy("guide step in a URL", "penalties"),
    "ending": pgettext_lazy("guide step in a URL", "ending"),
    "scoring": pgettext_lazy("guide step in a URL", "scoring"),
    "team": pgettext_lazy("guide step in a URL", "team"),
    "faq": pgettext_lazy("guide step in a URL", "faq"),
}

# The glossary entries the guide's templates link (`{{ gl }}#slug`), each where its term first
# appears: the admin keeps them (tests/rules/test_pages.py holds this list to the templates).
# The two that name the site's own pages, the referee and the score calculator, are not among
# them: where the guide names those, it links the page.
GLOSSARY_LINKS = frozenset(
    {
        "all-at-once-round",
        "buying",
        "colours",
        "contract",
        "discard",
        "draw-pile",
        "false-joker",
        "going-out",
        "indicator",
        "kut",
        "kut-app-ruling",
        "kut-group",
        "meld",
        "not-covered",
        "okey",
        "okey-finish",
        "pair",
        "penalty-tile",
        "round",
        "run",
        "team-table",
        "tile",
        "tile-rack",
        "to-add",
        "to-meld",
        "written-table-rule",
    }
)


class StepSlug:
    """`<step:…>` in a URL: the step's slug in the page's language, a section anchor in Python
    (so `translate_url` turns /en/guide/melds/ into the German step's address)."""

    regex = "[-a-z]+"

    def to_python(self, value: str) -> str:
        for anchor, slug in STEP_SLUGS.items():
            if str(slug) == value:
                return anchor
        raise ValueError(value)  # no such step in this language: 404

    def to_url(self, value: str) -> str:
        if value not in STEP_SLUGS:
            raise ValueError(value)  # reverse() finds no such step
        return str(STEP_SLUGS[value])


# Headings inside a step that pages link to: the step that holds each.
WITHIN_STEPS = {
    "groups": "melds",
    "runs": "melds",
    "pairs": "melds",
    "taking-the-okey": "adding",
    "okey-finish": "ending",
    "all-at-once": "ending",
    "empty-pile": "ending",
    "worked-example": "scoring",
}


def section_url(anchor: str) -> str:
    """Where a guide section (or a heading within one) is read: its step's page, or its place
    on the guide's first page."""
    if anchor in STEP_SLUGS:
        return reverse("rules:step", args=[anchor])
    if anchor in WITHIN_STEPS:
        return f"{reverse('rules:step', args=[WITHIN_STEPS[anchor]])}#{anchor}"
    return f"{reverse('rules:guide')}#{anchor}"


@dataclass(frozen=True)
class Section:
    anchor: str
    title: str
    rules: tuple[str, ...] = ()

    @property
    def template(self) -> str:
        return f"rules/guide/{self.anchor}.html"

    @property
    def url(self) -> str:
        return section_url(self.anchor)


def sections() -> list[Section]:
    """The guide's sections, in reading order (titles in the active language)."""
    return [
        Section("at-a-glance", gettext("At a glance")),
        Section("okey", gettext("Tiles, indicator and Okey"), ("T1", "T2", "T3", "T5")),
        Section("false-joker", gettext("The false joker"), ("T4", "M5")),
        Section("deal", gettext("The deal"), ("D1", "D2")),
        Section("melds", gettext("Küt groups, runs and pairs"), ("M1", "M2", "M3", "M4")),
        Section("contracts", gettext("Contracts"), ("C1", "C2", "C3")),
        Section("turn", gettext("A turn, step by step"), ("P1",)),
        Section("melding", gettext("Melding"), ("P2", "P3")),
        Section(
            "adding", gettext("Adding tiles and taking the Okey"), ("P4", "P5", "P6", "P7", "P8")
        ),
        Section("buying", gettext("Buying the discard"), ("B1", "B2", "B3")),
        Section("penalties", gettext("Penalty discards"), ("X1", "X2", "X3", "X4", "X5", "X6")),
        Section("ending", gettext("Ending the round"), ("E1", "E2", "C4", "S4")),
        Section("scoring", gettext("Scoring"), ("S1", "S2", "S3", "S4", "S6", "S7")),
        Section("team", gettext("Team play"), ("S5",)),
        Section("faq", gettext("Questions players ask")),
        Section("rule-ids", gettext("The rules by ID")),
    ]


def anchor_choices() -> list[tuple[str, str]]:
    """Every place in the guide a link can name, as an editor picks one: each section by its
    title in the active language, the headings within a step after it ("Scoring › worked-example"),
    in reading order."""
    within: dict[str, list[str]] = {}
    for anchor, step in WITHIN_STEPS.items():
        within.setdefault(step, []).append(anchor)
    return [
        choice
        for section in sections()
        for choice in [
            (section.anchor, section.title),
            *((anchor, f"{section.title} › {anchor}") for anchor in within.get(section.anchor, ())),
        ]
    ]


def anchors() -> set[str]:
    """Every place in the guide that a link can name (`section_url`)."""
    return {s.anchor for s in sections()} | set(WITHIN_STEPS)


def steps() -> list[Section]:
    """The sections that are steps, each on a page of its own, in reading order."""
    return [s for s in sections() if s.anchor in STEP_SLUGS]


@dataclass(frozen=True)
class RuleEntry:
    id: str
    title: str
    section: Section


@dataclass(frozen=True)
class RuleTopic:
    letter: str
    name: str
    rules: list[RuleEntry]


def rule_topics(all_sections: list[Section]) -> list[RuleTopic]:
    """Every rule of the digest by topic letter, each with the guide section that states it."""
    home = {rule: s for s in all_sections for rule in s.rules}
    topics: dict[str, RuleTopic] = {}
    for rule in RULE_TITLES:
        letter = rule[0]
        if letter not in topics:
            topics[letter] = RuleTopic(letter, str(RULE_TOPICS[letter]), [])
        topics[letter].rules.append(RuleEntry(rule, rule_title(rule), home[rule]))
    return list(topics.values())


def allowed(ok: bool) -> str:
    return pgettext("verdict", "Allowed") if ok else pgettext("verdict", "Not allowed")


def judged(verdict, melds: list[list[Face]], **more) -> Verdict:
    """An example from any engine verdict: its reason, rule and sentence, and the faces;
    headed "Valid" or "Invalid" unless `more` gives its own label."""
    ok = more.pop("ok") if "ok" in more else verdict.ok  # a discard's verdict has no `ok`
    more.setdefault("label", pgettext("verdict", "Valid") if ok else pgettext("verdict", "Invalid"))
    return from_engine(verdict, ok=ok, melds=tuple(tuple(m) for m in melds), **more)


def meld_example(notation: str, *, allow_pairs: bool = True) -> Verdict:
    v = classify_meld(parse_tiles(notation), INDICATOR, allow_pairs=allow_pairs)
    return judged(v, [meld_faces(v, INDICATOR)], kind=str(v.kind or ""))


def opening_example(notation: str, contract: Contract) -> Verdict:
    melds = parse_melds(notation)
    v = check_opening(melds, contract, INDICATOR)
    return judged(v, [[face_of(t, INDICATOR) for t in m] for m in melds])


def table_example(tile: str, meld: str, *, swap: bool = False) -> Verdict:
    """Adding a tile to a meld on the table (P6) or, with `swap`, taking its Okey (P7)."""
    played = parse_tile(tile)
    tiles = parse_tiles(meld)
    v = (can_swap_okey if swap else can_add)(played, tiles, INDICATOR)
    return judged(
        v,
        [meld_faces(classify_meld(tiles, INDICATOR), INDICATOR)],
        shape="swap" if swap else "add",
        tile=face_of(played, INDICATOR),
        label=allowed(v.ok),
    )


def discard_example(tile: str, table: str, *, ends_round: bool = False) -> Verdict:
    thrown = parse_tile(tile)
    melds = parse_melds(table)
    v = judge_discard(thrown, melds, INDICATOR, ends_round=ends_round)
    return judged(
        v,
        [[face_of(t, INDICATOR) for t in m] for m in melds],
        ok=v.penalty == 0,
        shape="discard",
        tile=face_of(thrown, INDICATOR),
        label=penalty_label(v.penalty),
        penalty=v.penalty,
    )


def examples() -> dict[str, Verdict]:
    """Every example of the guide, judged by the engine with the indicator blue 8."""
    return {
        # M4, T3: an Okey fills a gap
        "okey_gap": meld_example("k3 ok k5"),
        # T4: a false joker is the Okey's face only
        "joker_valid": meld_example("b7 b8 fj"),
        "joker_invalid": meld_example("r5 k5 fj"),
        # M1
        "group_three": meld_example("r7 k7 b7"),
        "group_four": meld_example("r7 k7 b7 y7"),
        "group_colour_twice": meld_example("r7 r7 b7"),
        "group_five": meld_example("r7 k7 b7 y7 ok"),
        # M2
        "run_three": meld_example("b4 b5 b6"),
        "run_over_13": meld_example("y12 y13 y1"),
        "run_mixed": meld_example("b5 b6 r7"),
        "run_wraps": meld_example("k13 k1 k2"),
        # M3
        "pair": meld_example("y9 y9"),
        "pair_okey": meld_example("r5 ok"),
        "pair_mixed": meld_example("y9 r3"),
        # C2: a group of three round
        "opening_exact": opening_example("r7 k7 b7", Contract(groups=1)),
        "opening_too_long": opening_example("r7 k7 b7 y7", Contract(groups=1)),
        # P6
        "add_run": table_example("r13", "r10 r11 r12"),
        "add_pair": table_example("r9", "y9 y9"),  # a pair does not grow into a group
        "add_fifth": table_example("ok", "r7 k7 b7 y7"),  # not even an Okey fits a fifth
        # P7
        "swap_run": table_example("k4", "k3 ok k5", swap=True),
        "swap_small_group": table_example("y7", "r7 k7 ok", swap=True),
        # X1, X2, X4
        "discard_playable": discard_example("b7", "b4 b5 b6"),
        "discard_final": discard_example("b7", "b4 b5 b6", ends_round=True),
    }


def indicator_faces() -> dict[str, Face]:
    """The indicator and the Okey it points to (T2), both drawn as the numbered tiles."""
    return {"indicator": face_of(INDICATOR), "okey": face_of(okey_of(INDICATOR))}


# --- The worked scoring example -------------------------------------------------------------

SCORING_INDICATOR = "r4"  # the Okey is red 5: racks count ×5 (S3)
SCORING_ROUND = 5
SCORING_PLAYERS = (
    ("Ana", PlayerState.FINISHED, ""),
    ("Ben", PlayerState.MELDED, "k3 b11 ok"),
    ("Cem", PlayerState.NOT_MELDED, ""),  # 14 tiles or more, never counted (S2)
    ("Dila", PlayerState.MELDED, "y2 y6 fj"),
)


@dataclass(frozen=True)
class ScoreLine:
    seat: int
    name: str
    state: str
    rack: list[Face]
    working: str
    score: int
    doubled: int
    team: int | None = None
    flat: bool = False  # not melded: a flat score, the rack is not counted (S2)

    # With the page's thousands separator, as the text around the table writes them
    @property
    def score_text(self) -> str:
        return format_points(self.score)

    @property
    def doubled_text(self) -> str:
        return format_points(self.doubled)


def _working(result: ScoreResult, seat: int) -> str:
    """How the engine got the score, as arithmetic: "(3 + 11 + 25) × 5"."""
    player = result.players[seat - 1]
    terms: list[str] = []
    factor = None
    for step in player.breakdown:
        code = str(step.code)
        if code == "FACE_VALUES":
            terms.extend(str(t.number) for t in step.facts["tiles"])
        elif code in ("OKEY_25", "FALSE_JOKER_25"):
            terms.extend([str(step.facts["each"])] * step.facts["count"])
        elif code == "MULTIPLIER":
            factor = step.facts["factor"]
    if not terms or factor is None:
        return ""
    # "× 5" kept on one line (a no-break space): a narrow column left the 5 on a line alone
    times = f"×\u00a0{factor}"
    return f"({' + '.join(terms)}) {times}" if len(terms) > 1 else f"{terms[0]} {times}"


def _inputs() -> list[PlayerInput]:
    return [
        PlayerInput(state=state, rack=parse_tiles(rack, allow_empty=True) or None)
        if state is not PlayerState.FINISHED
        else PlayerInput(state=state)
        for _name, state, rack in SCORING_PLAYERS
    ]


STATE_LABELS = {
    PlayerState.FINISHED: pgettext_lazy("player state", "ended the round"),
    PlayerState.MELDED: pgettext_lazy("player state", "melded"),
    PlayerState.NOT_MELDED: pgettext_lazy("player state", "not melded"),
}


def scoring_example() -> dict:
    """The worked example: plain, finished with Okey, and at a team table — all by the engine."""
    indicator = parse_indicator(SCORING_INDICATOR)
    inputs = _inputs()
    plain = score_round(inputs, indicator)
    doubled = score_round(inputs, indicator, okey_finish=True)
    team = score_round(inputs, indicator, team=True)
    assert plain.ok and doubled.ok and team.ok, (plain.errors, doubled.errors, team.errors)
    totals = team.team_totals or (0, 0)
    lines = []
    for seat, (name, state, rack) in enumerate(SCORING_PLAYERS, 1):
        lines.append(
            ScoreLine(
                seat=seat,
                name=name,
                state=str(STATE_LABELS[state]),
                rack=[face_of(t, indicator) for t in parse_tiles(rack, allow_empty=True)],
                working=_working(plain, seat),
                score=plain.score(seat),
                doubled=doubled.score(seat),
                team=team.score(seat),
                flat=state is PlayerState.NOT_MELDED,
            )
        )
    return {
        "indicator": face_of(indicator),
        "okey": face_of(okey_of(indicator)),
        "factor": multiplier(indicator),
        "round": SCORING_ROUND,
        "lines": lines,
        "teams": [
            {"names": f"{SCORING_PLAYERS[0][0]} + {SCORING_PLAYERS[2][0]}", "total": totals[0]},
            {"names": f"{SCORING_PLAYERS[1][0]} + {SCORING_PLAYERS[3][0]}", "total": totals[1]},
        ],
        "calculator_url": calculator_url(),
        "calculator_team_url": calculator_url(team=True),
    }


def calculator_url(*, team: bool = False) -> str:
    """The calculator pre-filled with the worked example.

    Built from the calculator's public query parameters — the ones every shared calculator link
    carries — so the rules app links to the calculator without importing it.
    """
    pairs = [("indicator", typed_tiles(SCORING_INDICATOR)), ("round", str(SCORING_ROUND))]
    if team:
        pairs.append(("team", "1"))
    for seat, (name, state, rack) in enumerate(SCORING_PLAYERS, 1):
        pairs += [(f"name{seat}", name), (f"state{seat}", str(state))]
        if rack:
            pairs.append((f"rack{seat}", typed_tiles(rack)))
    return f"{reverse('scoring:calculator')}?{urlencode(pairs)}"


# --- FAQ ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Question:
    anchor: str
    question: str
    answer: str
    ruling: str = ""  # a referee ruling's stable key
    section: str = ""  # or a guide section

    @property
    def more_url(self) -> str:
        """Where the answer is explained at length: its ruling, or its guide section."""
        if self.ruling:
            return reverse("referee:ruling", args=[self.ruling])
        return section_url(self.section)


FAQ = (
    (
        "faq-12-13-1",
        gettext_lazy("Is 12-13-1 a run?"),
        gettext_lazy(
            "Yes. The 1 may follow the 13, so 12-13-1 and 11-12-13-1 are runs. A run never "
            "goes on past that 1, though: 13-1-2 is not a run."
        ),
        "run-12-13-1",
    ),
    (
        "faq-take-okey",
        gettext_lazy("Can I take an Okey from a meld on the table?"),
        gettext_lazy(
            "Yes, once you have melded and not on the turn you meld: put the real tile the "
            "Okey stands for in its place and take the Okey. A Küt group must have four tiles "
            "first."
        ),
        "take-the-okey",
    ),
    (
        "faq-add-melding-turn",
        gettext_lazy("Can I add tiles on the turn I meld?"),
        gettext_lazy("No. Your first chance to add tiles is your next turn."),
        "add-on-melding-turn",
    ),
    (
        "faq-add-before",
        gettext_lazy("Can I add tiles before I have melded?"),
        gettext_lazy(
            "No. First meld your contract; from your next turn on you may add to any meld, "
            "yours or an opponent’s."
        ),
        "add-before-melding",
    ),
    (
        "faq-more-melds",
        gettext_lazy("Can I lay down more melds than the contract asks for?"),
        gettext_lazy(
            "Not when you meld: you lay down exactly the contract. Other finished melds stay "
            "on your rack until your next turn."
        ),
        "",
        "melding",
    ),
    (
        "faq-playable",
        gettext_lazy("What if I discard a tile that could be added to the table?"),
        ngettext_lazy(
            "You draw %(penalty)d penalty tile, even if you have not melded yet – but not when "
            "you have no penalty-free tile to discard or fewer than %(least)s tiles are left in "
            "the draw pile, and never for the tile that ends the round.",
            "You draw %(penalty)d penalty tiles, even if you have not melded yet – but not when "
            "you have no penalty-free tile to discard or fewer than %(least)s tiles are left in "
            "the draw pile, and never for the tile that ends the round.",
            "penalty",
        ),
        "discard-playable-tile",
    ),
    (
        "faq-discard-okey",
        gettext_lazy("Can I discard an Okey?"),
        ngettext_lazy(
            "You can, but it costs %(penalty)d penalty tile. As the tile that ends the round it "
            "is free, and everyone else’s score for the round is doubled (except in the final "
            "round).",
            "You can, but it costs %(penalty)d penalty tiles. As the tile that ends the round it "
            "is free, and everyone else’s score for the round is doubled (except in the final "
            "round).",
            "penalty",
        ),
        "discard-okey",
    ),
    (
        "faq-buy",
        gettext_lazy("What does it cost to buy a discard out of turn?"),
        ngettext_lazy(
            "Besides the discard you draw %(buy_penalty)d tile from the pile as a penalty, and "
            "nobody’s turn moves. "
            "The KÜT app lets each player buy up to %(limit)d times a round.",
            "Besides the discard you draw %(buy_penalty)d tiles from the pile as a penalty, and "
            "nobody’s turn moves. "
            "The KÜT app lets each player buy up to %(limit)d times a round.",
            "buy_penalty",
        ),
        "buy-discard",
    ),
    (
        "faq-group-size",
        gettext_lazy("How many tiles can a Küt group have?"),
        gettext_lazy(
            "Three or four, no colour twice. An Okey cannot be a fifth tile, as there are "
            "only four colours."
        ),
        "group-size",
    ),
    (
        "faq-pile",
        gettext_lazy("What if the draw pile runs out?"),
        gettext_lazy(
            "The KÜT app deals the round again with no score, at most %(redeals)s in a row; "
            "the next time it is scored as usual."
        ),
        "pile-runs-out",
    ),
)


def faq() -> list[Question]:
    """The FAQ in the active language, its numbers taken from the engine."""
    numbers = {
        **rule_numbers(),
        "penalty": PENALTY_TILES,
        "buy_penalty": resolve_buy(1, {3}).penalty_tiles,
        "limit": BUY_LIMIT,
    }
    return [
        Question(anchor, str(q), str(a % numbers), *rest)  # type: ignore[arg-type]
        for anchor, q, a, *rest in FAQ
    ]
