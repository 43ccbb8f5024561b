"""Content of the rules pages: the rounds of a game and the glossary.

Both are content, not code: seeded once by a frozen data migration, edited in the admin, their text
translated with django-modeltranslation (see `rules/translation.py`). A round's contract is
*data* that maps one to one onto the engine's `Contract`; its wording is generated from that
data (`rules.wording`), so the words can never disagree with the rule.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from kutsite import content
from rules.engine.contracts import Contract
from rules.engine.contracts import Round as EngineRound
from rules.engine.notation import parse_indicator, parse_melds
from rules.guide import anchors, section_url
from rules.reasons import RULE_TITLES

DEFAULT_INDICATOR = "b8"
# A glossary term's `section` names a place in the guide, or this: the referee page, where the
# words of its rulings (the KÜT app's ruling, the written table rule, …) are explained.
REFEREE_PAGE = "referee"
#: The ids of the glossary page that are not an entry's anchor (base.html's `main`, which the
#: skip link opens): an entry anchored so would take its place.
GLOSSARY_PAGE_ANCHORS = frozenset({"main"})


def rule_ids_error(text: str) -> str | None:
    """What is wrong with a list of rule IDs as an editor typed it, if anything: every ID must
    be a rule of the digest, or its badge would link to nothing."""
    unknown = [rule for rule in text.split() if rule not in RULE_TITLES]
    if not unknown:
        return None
    return _("No rule has the ID %(ids)s. Give IDs of the rules digest, such as “M2 X3”.") % {
        "ids": ", ".join(unknown)
    }


class RoundManager(content.ContentManager):
    def cached(self) -> list[Round]:
        """Every round in order, read once per content version (`kutsite.content`)."""
        return content.remember("rules.rounds", lambda: list(self.order_by("number")))


class Round(models.Model):
    """One round of the game: its contract (C1–C4) and an example opening meld."""

    number = models.PositiveSmallIntegerField(
        _("number"), unique=True, validators=[MinValueValidator(1), MaxValueValidator(99)]
    )
    groups = models.PositiveSmallIntegerField(
        _("Küt groups"), default=0, help_text=_("How many Küt groups the contract asks for.")
    )
    group_size = models.PositiveSmallIntegerField(
        _("group size"), default=3, help_text=_("Tiles in each group when melding: 3 or 4.")
    )
    runs = models.PositiveSmallIntegerField(
        _("runs"), default=0, help_text=_("How many runs the contract asks for.")
    )
    run_size = models.PositiveSmallIntegerField(
        _("run size"), default=3, help_text=_("Tiles in each run when melding: 3 or more.")
    )
    pairs = models.PositiveSmallIntegerField(
        _("pairs"), default=0, help_text=_("How many pairs the contract asks for.")
    )
    is_final = models.BooleanField(
        _("all-at-once round"),
        default=False,
        help_text=_("The last round: no contract, the whole rack goes down at once (C4)."),
    )
    example = models.CharField(
        _("example"),
        max_length=200,
        help_text=_(
            "An opening meld that meets the contract, in tile notation; melds separated by "
            "“|”, e.g. “r7 k7 b7|b4 b5 b6”. For the last round: a whole rack laid down."
        ),
    )
    indicator = models.CharField(
        _("indicator of the example"),
        max_length=8,
        default=DEFAULT_INDICATOR,
        help_text=_("The indicator the example is read with (b8: the Okey is b9)."),
    )
    title = models.CharField(_("title"), max_length=80)
    notes = models.TextField(_("notes"), blank=True)

    objects = RoundManager()

    class Meta:
        ordering = ["number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self) -> str:
        return f"{self.number}. {self.title}"

    def get_absolute_url(self) -> str:
        return reverse("rules:round", args=[self.number])

    @property
    def contract(self) -> Contract:
        """The engine's contract (raises the engine's `InputError` for impossible data)."""
        if self.is_final:
            return Contract(is_final=True)
        return Contract(
            groups=self.groups,
            group_size=self.group_size,
            runs=self.runs,
            run_size=self.run_size,
            pairs=self.pairs,
        )

    def to_engine(self) -> EngineRound:
        """The engine's view of this round (raises `InputError` for bad data or notation)."""
        return EngineRound(
            number=self.number,
            contract=self.contract,
            example=parse_melds(self.example),
            indicator=parse_indicator(self.indicator),
        )


class GlossaryTermManager(content.ContentManager):
    def cached(self) -> list[GlossaryTerm]:
        """Every term, read once per content version (`kutsite.content`)."""
        return content.remember("rules.glossary", lambda: list(self.all()))


class GlossaryTerm(models.Model):
    """One entry of the glossary: a term of docs/terms.md, defined in both languages."""

    slug = models.SlugField(
        _("anchor"),
        unique=True,
        help_text=_("Stable anchor of the entry (/glossary/#slug); the guide links to it."),
    )
    term = models.CharField(_("term"), max_length=80)
    also = models.CharField(
        _("also called"), max_length=120, blank=True, help_text=_("Other names, if any.")
    )
    definition = models.TextField(_("definition"))
    rules = models.CharField(
        _("rule IDs"), max_length=40, blank=True, help_text=_("Space-separated, e.g. “T3 M4”.")
    )
    section = models.CharField(
        _("guide section"),
        max_length=40,
        blank=True,
        help_text=_(
            "Anchor of the guide section that explains the term, e.g. “okey”; or “referee” for "
            "the referee page."
        ),
    )

    objects = GlossaryTermManager()

    class Meta:
        ordering = ["slug"]
        verbose_name = _("glossary term")
        verbose_name_plural = _("glossary terms")

    def __str__(self) -> str:
        return self.term

    def get_absolute_url(self) -> str:
        return f"{reverse('rules:glossary')}#{self.slug}"

    def _anchor_error(self) -> str | None:
        """A new entry's anchor (it cannot change once saved, see the admin)."""
        if self.slug.lower() in GLOSSARY_PAGE_ANCHORS:
            return _("The glossary page uses this anchor for something else.")
        other = GlossaryTerm.objects.exclude(pk=self.pk).filter(slug__iexact=self.slug).first()
        if other is not None:
            # /glossary/#Okey beside #okey: two entries a reader and an editor cannot tell apart.
            return _("The entry “%(term)s” already has this anchor (as “%(anchor)s”).") % {
                "term": other.term,
                "anchor": other.slug,
            }
        return None

    def clean(self) -> None:
        errors = {}
        if self._state.adding and self.slug and (problem := self._anchor_error()):
            errors["slug"] = problem
        if problem := rule_ids_error(self.rules):
            errors["rules"] = problem
        if self.section and self.section not in anchors() | {REFEREE_PAGE}:
            errors["section"] = _(
                "The guide has no section “%(anchor)s”. Give one of: %(anchors)s."
            ) % {"anchor": self.section, "anchors": ", ".join([*sorted(anchors()), REFEREE_PAGE])}
        if errors:
            raise ValidationError(errors)

    @property
    def rule_ids(self) -> list[str]:
        return self.rules.split()

    @property
    def links_referee(self) -> bool:
        """The term is explained on the referee page rather than in the guide."""
        return self.section == REFEREE_PAGE

    @property
    def guide_url(self) -> str:
        """The page (and place) of the guide section that explains the term, or the referee
        page for the words of its rulings."""
        if self.links_referee:
            return reverse("referee:index")
        return section_url(self.section) if self.section else ""
