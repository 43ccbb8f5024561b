"""The referee's content: the nine rulings on disputed questions, and their examples.

Rulings are content, not code: seeded once by a frozen data migration, then edited in the
admin in both languages (django-modeltranslation, see `referee/translation.py`). An example
stores only tiles and the situation; its verdict is computed by the rules engine whenever the
page is drawn (`referee.examples`), so the content can never claim a verdict the engine does
not give.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import NoReverseMatch, Resolver404, resolve, reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from kutsite import content
from referee.examples import build
from rules.engine.verdicts import InputError
from rules.models import rule_ids_error
from rules.reasons import error_message

LANGUAGES = ("en", "de")
#: The anchors of the referee page and a ruling's page that are not a ruling's: its key and,
#: on its question, the key and `QUESTION_SUFFIX`. A ruling keyed so would take their place.
PAGE_ANCHORS = frozenset({"main", "in-short", "sources", "others"})
QUESTION_SUFFIX = "-q"


def opens_another_page(slug: str, language: str) -> bool:
    """Whether a ruling's address with this slug is taken by another page (a checker's)."""
    with translation.override(language):
        try:
            return resolve(reverse("referee:ruling", args=[slug])).view_name != "referee:ruling"
        except (NoReverseMatch, Resolver404):  # no address at all: the field's own check says why
            return False


class RulingManager(content.ContentManager):
    def cached(self) -> list[Ruling]:
        """Every ruling with its examples, read once per content version (`kutsite.content`)."""
        return content.remember("referee.rulings", lambda: list(self.prefetch_related("examples")))


class Ruling(models.Model):
    """One disputed question: the KÜT app's ruling beside the written table rule."""

    key = models.SlugField(
        _("key"),
        max_length=40,
        unique=True,
        help_text=_(
            "Stable key in both languages (the anchor on the referee page) and the last part "
            "of the English permalink, /en/referee/key/. It cannot be changed once saved."
        ),
    )
    slug_de = models.SlugField(
        _("German slug"),
        max_length=60,
        unique=True,
        help_text=_(
            "The last part of the German permalink, /de/schiedsrichter/slug/ (the English one "
            "is the key); the other language’s address redirects to it. It cannot be changed "
            "once saved."
        ),
    )
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    question = models.CharField(_("question"), max_length=160)
    short_answer = models.CharField(
        _("short answer"), max_length=160, help_text=_("One line: shown first and shared.")
    )
    app_ruling = models.TextField(_("ruling in the KÜT app"))
    sources_silent = models.BooleanField(
        _("sources are silent"),
        default=False,
        help_text=_(
            "Tick when the written sources do not cover the question: the page then says so "
            "and that the table’s own agreement stands."
        ),
    )
    table_rule = models.TextField(
        _("written table rule"),
        blank=True,
        help_text=_("What the written sources say; leave empty when they are silent."),
    )
    rules = models.CharField(
        _("rule IDs"),
        max_length=40,
        help_text=_("The rules of the rules digest this ruling rests on, e.g. “X2 X3 X4”."),
    )

    objects = RulingManager()

    class Meta:
        ordering = ["order", "key"]
        verbose_name = _("ruling")
        verbose_name_plural = _("rulings")

    def __str__(self) -> str:
        return self.question

    def get_absolute_url(self) -> str:
        return reverse("referee:ruling", args=[self.key])

    @property
    def rule_ids(self) -> list[str]:
        return self.rules.split()

    def _address_errors(self) -> dict[str, str]:
        """A new ruling's key and German slug (they cannot change once saved, see the admin)."""
        errors = {}
        others = Ruling.objects.exclude(pk=self.pk)
        if self.slug_de and others.filter(key=self.slug_de).exists():
            errors["slug_de"] = _("Another ruling already uses this as its English key.")
        if self.key and others.filter(slug_de=self.key).exists():
            errors["key"] = _("Another ruling already uses this as its German slug.")
        for field in ("key", "slug_de"):
            slug = getattr(self, field)
            if not slug or field in errors:
                continue
            if slug != slug.lower():
                # The site's addresses are lowercase: /en/referee/Run/ would be one no one types.
                errors[field] = _("Use lowercase letters only: the address is written that way.")
            elif any(opens_another_page(slug, language) for language in LANGUAGES):
                # in its own language's path, or in the other's, which redirects to the ruling
                errors[field] = _("This address belongs to another page of the site.")
        anchor_taken = self.key in PAGE_ANCHORS or self.key.endswith(QUESTION_SUFFIX)
        if anchor_taken and "key" not in errors:
            # /referee/#sources, linked from every ruling's page, would open this ruling.
            errors["key"] = _("The referee page uses this anchor for something else.")
        return errors

    def clean(self) -> None:
        errors = self._address_errors() if self._state.adding else {}
        if not self.rules.split():
            errors["rules"] = _("Give rule IDs such as “M2” or “X2 X3”, separated by spaces.")
        elif problem := rule_ids_error(self.rules):
            errors["rules"] = problem
        for code in LANGUAGES:
            text = getattr(self, f"table_rule_{code}", "") or ""
            if self.sources_silent and text.strip():
                errors[f"table_rule_{code}"] = _(
                    "Leave the table rule empty when the sources are silent."
                )
            if not self.sources_silent and not text.strip():
                errors[f"table_rule_{code}"] = _(
                    "Write the table rule, or tick “sources are silent”."
                )
        if errors:
            raise ValidationError(errors)


#: What each optional field of an example holds when it is not given.
UNUSED_WHEN_EMPTY = {
    "tiles": "",
    "tile": "",
    "stage": "",
    "rack": "",
    "pile": None,
    "final": False,
    "discarder": None,
    "wanting": "",
}


class RulingExample(models.Model):
    """A situation drawn as tiles; the engine gives the verdict whenever it is shown."""

    class Kind(models.TextChoices):
        MELD = "meld", _("meld: is it a valid group, run or pair?")
        ADD = "add", _("add: may the tile be added to the meld?")
        SWAP = "swap", _("take the Okey: may the tile replace the meld’s Okey?")
        DISCARD = "discard", _("discard: does it cost penalty tiles?")
        BUY = "buy", _("buy: who gets the discarded tile?")

    class Stage(models.TextChoices):
        ANY = "", _("not relevant")
        NOT_MELDED = "not-melded", _("the player has not melded yet")
        MELDING_TURN = "melding-turn", _("the player melds on this turn")
        MELDED = "melded", _("the player melded on an earlier turn")

    ruling = models.ForeignKey(
        Ruling, on_delete=models.CASCADE, related_name="examples", verbose_name=_("ruling")
    )
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    featured = models.BooleanField(
        _("on the referee page"),
        default=False,
        help_text=_(
            "Also show this example on the referee page; the ruling’s own page shows them all."
        ),
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.MELD)
    indicator = models.CharField(
        _("indicator"),
        max_length=8,
        default="b8",
        help_text=_("The round’s indicator tile (b8: the Okey is b9)."),
    )
    tiles = models.CharField(
        _("tiles"),
        max_length=200,
        blank=True,
        help_text=_(
            "Tile notation. Meld: the meld. Add, take the Okey: the meld on the table. "
            "Discard: the melds on the table, separated by “|”. Buy: leave empty."
        ),
    )
    tile = models.CharField(
        _("tile"),
        max_length=8,
        blank=True,
        help_text=_("Add, take the Okey: the player’s tile. Discard, buy: the discarded tile."),
    )
    stage = models.CharField(
        _("stage"),
        max_length=16,
        choices=Stage.choices,
        blank=True,
        default=Stage.ANY,
        help_text=_("Add, take the Okey: where the player is in the round."),
    )
    rack = models.CharField(
        _("rack"),
        max_length=120,
        blank=True,
        help_text=_("Discard (optional): every tile on the rack, the discarded one included."),
    )
    pile = models.PositiveSmallIntegerField(
        _("tiles left in the draw pile"),
        null=True,
        blank=True,
        help_text=_("Discard (optional)."),
    )
    final = models.BooleanField(
        _("ends the round"), default=False, help_text=_("Discard: this is the final tile.")
    )
    discarder = models.PositiveSmallIntegerField(
        _("discarding player"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(4)],
        help_text=_("Buy: the seat (1–4) of the player who discarded."),
    )
    wanting = models.CharField(
        _("players who want it"),
        max_length=20,
        blank=True,
        help_text=_("Buy: the seats that want the tile, e.g. “3 4”."),
    )

    objects = content.ContentManager()

    class Meta:
        ordering = ["ruling", "order", "pk"]
        verbose_name = _("example")
        verbose_name_plural = _("examples")

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.tiles} {self.tile}".strip()

    def clean(self) -> None:
        # A field this kind does not read would be saved and silently ignored.
        problems = {
            name: _("This kind of example does not use this field: leave it empty.")
            for name, empty in UNUSED_WHEN_EMPTY.items()
            if name not in self.fields_for(self.kind) and getattr(self, name) != empty
        }
        if self.kind == self.Kind.BUY:
            # Its caption names who discards and who wants the tile, seat by seat.
            seats = self.wanting.replace(",", " ").split()
            if self.discarder is None:
                problems["discarder"] = _("Give the seat of the player who discards.")
            if not seats:
                problems["wanting"] = _("Give the seats that want the tile, e.g. “3 4”.")
            elif len(set(seats)) < len(seats):
                problems["wanting"] = _("Give each seat once.")
        if problems:
            raise ValidationError(problems)
        if self.kind == self.Kind.BUY and not 1 <= self.discarder <= 4:
            return  # its own validators say why (the engine's message would land on `wanting`)
        try:
            build(self)
        except InputError as error:
            field = {"table": "tiles", "seat": "wanting"}.get(error.field, error.field)
            field = field if field in self.fields_for(self.kind) else None
            message = error_message(error)
            raise ValidationError({field: message} if field else message) from None
        except ValueError as error:  # a buy example's seats are not numbers
            field = "wanting" if "wanting" in self.fields_for(self.kind) else None
            raise ValidationError({field: str(error)} if field else str(error)) from None

    @staticmethod
    def fields_for(kind: str) -> set[str]:
        return {
            "meld": {"indicator", "tiles"},
            "add": {"indicator", "tiles", "tile", "stage"},
            "swap": {"indicator", "tiles", "tile", "stage"},
            "discard": {"indicator", "tiles", "tile", "rack", "pile", "final"},
            "buy": {"tile", "discarder", "wanting"},
        }.get(kind, set())
