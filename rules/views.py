"""The guide, the rounds, one round, and the glossary: thin views over the engine and content.

The content is read once per content version and kept (`Round.objects.cached()`,
`kutsite.content`): the rounds pages and the glossary need one query when it changed, none
otherwise, and none while the database is away.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, pgettext

from kutsite import content as kept
from kutsite.http import public_page
from kutsite.tiles import face_of, meld_faces
from kutsite.verdicts import Verdict
from rules import guide as content
from rules.engine import (
    BUY_LIMIT,
    DEFAULT_ROUNDS,
    PENALTY_TILES,
    Contract,
    InputError,
    check_opening,
    okey_of,
    resolve_buy,
)
from rules.engine.contracts import OpeningVerdict
from rules.models import GlossaryTerm, Round
from rules.reasons import error_message, rule_numbers
from rules.wording import contract_text, tile_count_text

# Django's json_script escapes: the JSON can never close the <script> element early.
JSON_SCRIPT_ESCAPES = {ord(">"): "\\u003E", ord("<"): "\\u003C", ord("&"): "\\u0026"}


def json_ld(data: dict) -> str:
    """JSON for a `<script type="application/ld+json">` block, escaped like `json_script`."""
    return mark_safe(json.dumps(data, ensure_ascii=False).translate(JSON_SCRIPT_ESCAPES))


def faq_json_ld(request, questions: list[content.Question]) -> str:
    """schema.org FAQPage for the guide's FAQ, in the page's language."""
    entities = [
        {
            "@type": "Question",
            "name": q.question,
            "acceptedAnswer": {
                "@type": "Answer",
                "text": q.answer,
                "url": request.build_absolute_uri(q.more_url),
            },
        }
        for q in questions
    ]
    return json_ld({"@context": "https://schema.org", "@type": "FAQPage", "mainEntity": entities})


@public_page
def guide(request):
    """The guide's first page: the game at a glance, the steps, every rule by its ID."""
    sections = {s.anchor: s for s in content.sections()}
    context = {
        "glance": sections["at-a-glance"],
        "steps": content.steps(),
        "rule_ids": sections["rule-ids"],
        "rule_topics": content.rule_topics(list(sections.values())),
        "numbers": rule_numbers(),
        "gl": reverse("rules:glossary"),
    }
    return render(request, "rules/guide.html", context)


@public_page
def guide_step(request, step: str):
    """One step of the guide, with its examples judged by the engine, between its neighbours."""
    steps = content.steps()
    index = [s.anchor for s in steps].index(step)  # the URL converter admits steps only
    context = {
        "section": steps[index],
        "number": index + 1,
        "total": len(steps),
        "previous": steps[index - 1] if index else None,
        "next": steps[index + 1] if index + 1 < len(steps) else None,
        "examples": content.examples(),
        "okey_faces": content.indicator_faces(),
        "opening_contract": contract_text(Contract(groups=1)),
        "scoring": content.scoring_example(),
        "buy": resolve_buy(1, {3, 4}),
        "buy_limit": BUY_LIMIT,
        "penalty_tiles": PENALTY_TILES,
        "numbers": rule_numbers(),  # the rule quantities the prose quotes, from the engine
        "gl": reverse("rules:glossary"),
        "rounds_url": reverse("rules:rounds"),
        "last_round_url": reverse("rules:round", args=[DEFAULT_ROUNDS[-1].number]),
        "okey_finish_url": content.section_url("okey-finish"),
    }
    if step == "contracts":
        context["first_contracts"] = [r.contract for r in round_views().values()][:4]
    if step == "faq":
        context["faq"] = content.faq()
        context["faq_json"] = faq_json_ld(request, context["faq"])
    return render(request, "rules/guide_step.html", context)


@dataclass(frozen=True)
class RoundView:
    """A round as a page shows it: the generated contract wording and the engine's verdict on
    the round's example."""

    number: int
    title: str
    notes: str
    contract: str
    tiles: str
    is_final: bool
    example: Verdict


def round_view(r: Round) -> RoundView:
    try:
        engine_round = r.to_engine()
    except InputError as error:
        # Only reachable when the database was edited around the admin's checks.
        failed = Verdict(
            ok=False,
            label=pgettext("verdict", "Invalid"),
            reason=str(error.code),
            rules=(error.rule,) if error.rule else (),
            sentences=(error_message(error),),
        )
        return RoundView(r.number, r.title, r.notes, "", "", r.is_final, failed)
    indicator = engine_round.indicator
    v: OpeningVerdict = check_opening(engine_round.example, engine_round.contract, indicator)
    melds = tuple(tuple(meld_faces(m, indicator)) for m in v.melds)
    situation = ()
    if any(f.kind != "number" for meld in melds for f in meld):
        situation = (
            gettext("The indicator is %(indicator)s, so %(okey)s is the Okey.")
            % {"indicator": face_of(indicator).label, "okey": face_of(okey_of(indicator)).label},
        )
    example = content.judged(v, melds, situation=situation)
    return RoundView(
        number=r.number,
        title=r.title,
        notes=r.notes,
        contract=contract_text(engine_round.contract),
        tiles=tile_count_text(engine_round.contract),
        is_final=engine_round.contract.is_final,
        example=example,
    )


def round_views() -> dict[int, RoundView]:
    """Every round as pages show it, in the active language: once per content version."""
    return kept.remember(
        f"rules.round-views:{get_language()}",
        lambda: {r.number: round_view(r) for r in Round.objects.cached()},
    )


@public_page
def rounds(request):
    context = {
        "rounds": round_views().values(),
        "contracts_url": content.section_url("contracts"),
        "numbers": rule_numbers(),
    }
    return render(request, "rules/rounds.html", context)


@public_page
def round_detail(request, number: int):
    views = round_views()
    if number not in views:
        raise Http404
    context = {
        "round": views[number],
        "previous": views.get(number - 1),
        "next": views.get(number + 1),
    }
    return render(request, "rules/round.html", context)


def sort_key(text: str) -> str:
    """Alphabetical order that files Ü under U and ignores case (both languages)."""
    plain = unicodedata.normalize("NFKD", text)
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold()


@public_page
def glossary(request):
    terms = kept.remember(
        f"rules.glossary:{get_language()}",
        lambda: sorted(GlossaryTerm.objects.cached(), key=lambda t: sort_key(t.term)),
    )
    return render(
        request, "rules/glossary.html", {"terms": terms, "guide_url": reverse("rules:guide")}
    )
