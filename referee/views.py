"""The table referee: nine rulings with permalinks and share cards, two checkers (an answer
has its share card too) and the rack helper.

Views are thin: read the content or parse the query, ask the engine (through
`referee.examples` / `referee.checks`), render. Every page makes at most three queries, the
same number whatever it shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.conf import settings
from django.http import Http404, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language, gettext

from kutsite import content
from kutsite.cards import (
    CardExample,
    CardSpec,
    CardTile,
    answer_card_response,
    answer_links,
    card_png,
)
from kutsite.htmx import render_page, wants_fragment
from kutsite.http import public_page, read_only
from kutsite.verdicts import Verdict
from referee.checks import MeldResult, discard_result, meld_result
from referee.examples import readable
from referee.forms import DiscardCheckForm, MeldCheckForm, RackForm, contract_rounds
from referee.models import Ruling
from referee.rack import RackResult, rack_result
from rules.engine.discards import PENALTY_TILES
from rules.engine.scoring import FINISHER_POINTS
from rules.engine.verdicts import InputError
from rules.reasons import rule_numbers
from rules.wording import number_word

#: Cards are addressed with `?v=<digest>` from the pages; such a URL never changes content.
CARD_MAX_AGE = 60 * 60
CARD_MAX_AGE_VERSIONED = 60 * 60 * 24 * 365


def answer_card(question: str, answer: str, examples: Sequence[Verdict | CardExample]) -> CardSpec:
    """A share card: the question and answer in the page's language above each example's
    tiles with the engine's verdict (a ruling's, or a checker's answer)."""
    return CardSpec(
        language=get_language(),
        brand=gettext("Küt · Table referee"),
        question=question,
        answer=answer,
        examples=tuple(ex if isinstance(ex, CardExample) else _drawn(ex) for ex in examples),
    )


def _drawn(example: Verdict) -> CardExample:
    return CardExample(
        melds=tuple(tuple(CardTile.of(f) for f in m) for m in example.melds),
        tile=CardTile.of(example.tile) if example.tile else None,
        verdict=example.label,
        ok=example.ok,
        played=gettext("Discarded") if example.shape in ("discard", "buy") else "",
        situation=" ".join(example.situation),
    )


def _card_view(answer: Callable, spec: Callable[..., CardSpec]):
    """The view of a checker answer's card, drawn for its query. Not kept in the rulings' card
    store: every answer has a query of its own (the page cache and a proxy keep it a while)."""

    @public_page
    def card(request):
        _form, result = answer(request)
        if result is None:
            raise Http404("no verdict")
        return answer_card_response(spec(result))

    return card


def _with_card(request, context: dict) -> dict:
    """A full page with a verdict names its own link and its card (`og:url`, `og:image`), for
    the same query: the card at the checker's path + "card.png" (referee/urls.py)."""
    if context["result"] is not None and not context["fragment"]:
        context.update(answer_links(request, context["permalink"].partition("?")[2]))
    return context


@dataclass(frozen=True)
class RulingView:
    ruling: Ruling
    examples: list[Verdict]  # the examples this page shows
    featured: list[Verdict]  # the examples featured on the list page and the share card

    @property
    def key(self) -> str:
        return self.ruling.key

    @property
    def url(self) -> str:
        return reverse("referee:ruling", args=[self.ruling.key])

    def card_spec(self) -> CardSpec:
        shown = self.featured or self.examples[:1]
        return answer_card(self.ruling.question, self.ruling.short_answer, shown[:2])

    @property
    def share_text(self) -> str:
        """What a share sends: the question with its answer, as chat apps drop a share's title."""
        return f"{self.ruling.question} {self.ruling.short_answer}"

    @property
    def card_url(self) -> str:
        url = reverse("referee:card", args=[self.ruling.key])
        return f"{url}?v={self.card_spec().digest[:16]}"


def _view(ruling: Ruling, *, featured_only: bool = False) -> RulingView:
    """A ruling with its examples judged by the engine (examples are prefetched)."""
    examples = [e for e in ruling.examples.all() if e.featured or not featured_only]
    judged = readable(examples)
    return RulingView(
        ruling,
        examples=[view for _, view in judged],
        featured=[view for example, view in judged if example.featured],
    )


def _rulings(*, featured_only: bool = False) -> list[RulingView]:
    """Every ruling judged by the engine (or only the examples featured on the list), in the
    active language: once per content version."""
    return content.remember(
        f"referee.ruling-views:{get_language()}:{featured_only}",
        lambda: [_view(r, featured_only=featured_only) for r in Ruling.objects.cached()],
    )


def _questions() -> dict[str, str]:
    """{key: question} in the active language, for links from verdicts."""
    return content.remember(
        f"referee.questions:{get_language()}",
        lambda: {r.key: r.question for r in Ruling.objects.cached()},
    )


@public_page
def index(request):
    rulings = _rulings(featured_only=True)
    # "nine questions": as many as the content holds
    context = {"rulings": rulings, "count_word": number_word(len(rulings))}
    return render(request, "referee/index.html", context)


def _other_language_slug(request, url: str) -> HttpResponsePermanentRedirect | None:
    """The permalink in the other language's slug (/de/schiedsrichter/discard-okey/) moves
    for good to this language's (/de/schiedsrichter/okey-abwerfen/)."""
    if request.path == url:
        return None
    query = request.META.get("QUERY_STRING", "")
    return HttpResponsePermanentRedirect(f"{url}?{query}" if query else url)


@public_page
def ruling(request, slug):
    rulings = _rulings()
    current = next((r for r in rulings if r.key == slug), None)
    if current is None:
        raise Http404(slug)
    moved = _other_language_slug(request, current.url)
    if moved is not None:
        return moved
    context = {
        "item": current,
        "rulings": rulings,
        "card_url": request.build_absolute_uri(current.card_url),
    }
    return render(request, "referee/ruling.html", context)


@read_only
def card(request, slug):
    """The share card as a PNG: drawn once per content and language, then from the cache."""
    found = next((r for r in _rulings() if r.key == slug), None)
    if found is None:
        raise Http404(slug)
    moved = _other_language_slug(request, reverse("referee:card", args=[slug]))
    if moved is not None:
        return moved
    spec = found.card_spec()
    versioned = request.GET.get("v") == spec.digest[:16]
    # ConditionalGetMiddleware answers 304 from the ETag; the page cache keeps the drawing. A
    # proxy may keep it and serve it stale as it may a page (PUBLIC_CACHE_CONTROL).
    public = settings.PUBLIC_CACHE_CONTROL
    response = HttpResponse(card_png(spec), content_type="image/png")
    response["ETag"] = spec.etag
    if versioned:
        age = CARD_MAX_AGE_VERSIONED
        patch_cache_control(response, **{**public, "max_age": age, "s_maxage": age}, immutable=True)
    else:
        patch_cache_control(response, **{**public, "max_age": CARD_MAX_AGE})
    return response


def _checker_context(request, form, result) -> dict:
    fragment = wants_fragment(request)
    live = fragment and result is None
    # An answer while someone types waits for fields not filled in yet (CheckerForm.pending)
    pending = form.pending if live else ""
    quiet = form.quiet if live else ()
    return {
        "form": form,
        "result": result,
        "fragment": fragment,
        "pending": pending,
        "quiet": quiet,
        # the page's title starts "Error:" when the answer marks an error
        "faulty": not pending and any(name not in quiet for name in form.errors),
        "permalink": f"{request.path}?{form.link_query()}" if result is not None else "",
        "noindex": form.is_bound,  # an answer is one visitor's: base.html
    }


def _meld_check(request) -> tuple[MeldCheckForm, MeldResult | None]:
    form = MeldCheckForm(request.GET)
    questions = _questions()  # read whatever the answer: the same queries on every page
    if not (form.is_bound and form.is_valid()):
        return form, None
    data = form.cleaned_data
    # None: no round asked (or, read after a content edit, one that has just gone)
    chosen = contract_rounds().by_number.get(data["round"])
    return form, meld_result(
        data["tiles"],
        data["indicator"],
        questions,
        round_number=chosen.number if chosen else None,
        contract=chosen.contract if chosen else None,
    )


@public_page
def check(request):
    """Meld checker: `?tiles=…&indicator=…&round=…` → each meld's verdict (and the opening's)."""
    form, result = _meld_check(request)
    context = _with_card(request, _checker_context(request, form, result))
    return render_page(request, "referee/check.html", "result", context)


def meld_card_spec(result: MeldResult) -> CardSpec:
    """The question the table asked (the opening, with a round) and its reason, above the
    melds; for several melds without a round, each one's verdict (the card draws two)."""
    if result.opening or len(result.melds) == 1:
        headline = result.opening or result.melds[0]
        return answer_card(headline.label, headline.sentences[0], result.melds[:2])
    return answer_card(gettext("Meld checker"), result.summary, result.melds[:2])


def _discard_check(request) -> tuple[DiscardCheckForm, Verdict | None]:
    form = DiscardCheckForm(request.GET)
    questions = _questions()
    if not (form.is_bound and form.is_valid()):
        return form, None
    data = form.cleaned_data
    try:
        return form, discard_result(
            data["table"],
            data["tile"],
            data["indicator"],
            questions,
            rack=data["rack"],
            pile=data["pile"],
            final=data["final"],
        )
    except InputError as error:
        form.add_engine_error(error, default="table")
        return form, None


@public_page
def discard(request):
    """Discard checker: `?table=…&tile=…&indicator=…&rack=…&pile=…&final=1` → 0 or 2 tiles."""
    form, result = _discard_check(request)
    context = _with_card(request, _checker_context(request, form, result))
    context["penalty_tiles"] = PENALTY_TILES  # what the page's lead says a penalty costs (X1, X2)
    return render_page(request, "referee/discard.html", "result", context)


def discard_card_spec(result: Verdict) -> CardSpec:
    """The penalty and its reason above the table's melds and the tile thrown away."""
    return answer_card(result.label, result.sentences[0], [result])


def _rack_answer(request) -> tuple[RackForm, RackResult | None]:
    rounds = contract_rounds().by_number
    form = RackForm(request.GET)
    questions = _questions()
    if not (form.is_bound and form.is_valid()):
        return form, None
    data = form.cleaned_data
    number = data["round"]
    if number not in rounds:  # no rounds in the content at all: the default has none
        message = form.fields["round"].error_messages["invalid_choice"]
        form.add_error("round", message % {"value": number})
        return form, None
    try:
        return form, rack_result(
            data["rack"],
            data["indicator"],
            questions,
            round_number=number,
            contract=rounds[number].contract,
            opened=data["opened"],
        )
    except InputError as error:
        form.add_engine_error(error, default="rack")
        return form, None


@public_page
def rack(request):
    """Rack helper: `?indicator=…&round=…&rack=…&opened=1` → the opening, the outs, the penalty."""
    form, result = _rack_answer(request)
    context = _with_card(request, _checker_context(request, form, result))
    # "you score 0" when it all goes down at once (S1): in words, and as the page's marker
    context["numbers"], context["finisher_points"] = rule_numbers(), FINISHER_POINTS
    return render_page(request, "referee/rack.html", "result", context)


def rack_card_spec(result: RackResult) -> CardSpec:
    """The answer's headline and sentence above the melds it found: the opening, or what the
    rack already holds towards one, under the round's contract."""
    melds = result.melds or result.part
    drawn = CardExample(
        melds=tuple(tuple(CardTile.of(f) for f in m.faces) for m in melds),
        verdict=gettext("From your next turn") if result.opened else result.round_line,
        ok=result.ok,
    )
    return answer_card(result.label, result.sentence, [drawn] if melds else [])


check_card = _card_view(_meld_check, meld_card_spec)
discard_card = _card_view(_discard_check, discard_card_spec)
rack_card = _card_view(_rack_answer, rack_card_spec)
