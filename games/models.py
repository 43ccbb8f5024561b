"""A game sheet: four players, the rounds recorded so far, and two secrets to reach it.

Nobody logs in. Whoever holds the edit secret may write, whoever holds the view secret may
read; both are random (`secrets.token_urlsafe`, 192 bits each), separate, and looked up by
unique, indexed columns.

Writes never silently overwrite each other: `Game.version` goes up by one with every change,
every form carries the version it was rendered from, and a write succeeds only while the
version is still the same (optimistic concurrency: `games.services`).
"""

from __future__ import annotations

import secrets

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import connection, models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.sheet import ROUND_COUNT, Kind, Line
from kutsite.text import NAME_LENGTH

SECRET_BYTES = 24  # 192 bits → 32 URL-safe characters
# The two ways to a game: its edit secret (write) and its view secret (read only).
EDIT = "edit"
VIEW = "view"


def new_secret() -> str:
    return secrets.token_urlsafe(SECRET_BYTES)


class GameManager(models.Manager):
    """Every sheet request and every phone's poll (each few seconds, per phone) asks for the game
    behind a secret. Written as SQL, because the ORM spent ten times longer building these
    SELECTs than the database took to answer them. Both columns are unique: no ORDER BY needed.
    """

    def _select(self, columns: str, mode: str) -> str:
        column = {EDIT: "edit_secret", VIEW: "view_secret"}[mode]
        return f"SELECT {columns} FROM {self.model._meta.db_table} WHERE {column} = %s LIMIT 1"

    def by_secret(self, mode: str, secret: str) -> Game | None:
        """The game behind its edit or view secret (`mode`), if any."""
        return next(iter(self.raw(self._select("*", mode), [secret])), None)

    def version_by_secret(self, mode: str, secret: str) -> int | None:
        """The version alone of the game behind a secret (None: no such game)."""
        with connection.cursor() as cursor:
            cursor.execute(self._select("version", mode), [secret])
            row = cursor.fetchone()
        return row[0] if row else None


class Game(models.Model):
    edit_secret = models.CharField(
        _("edit secret"), max_length=64, unique=True, default=new_secret, editable=False
    )
    view_secret = models.CharField(
        _("view secret"), max_length=64, unique=True, default=new_secret, editable=False
    )
    player1 = models.CharField(_("player 1"), max_length=NAME_LENGTH)
    player2 = models.CharField(_("player 2"), max_length=NAME_LENGTH)
    player3 = models.CharField(_("player 3"), max_length=NAME_LENGTH)
    player4 = models.CharField(_("player 4"), max_length=NAME_LENGTH)
    team = models.BooleanField(_("team table"), default=False)
    version = models.PositiveIntegerField(_("version"), default=1)
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    # The last change; retention (purge_games) counts from here.
    updated_at = models.DateTimeField(_("last change"), default=timezone.now, db_index=True)

    objects = GameManager()

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.CheckConstraint(
                condition=~Q(edit_secret=F("view_secret")), name="games_secrets_differ"
            ),
        ]

    def __str__(self) -> str:
        return " · ".join(self.players)

    @property
    def players(self) -> tuple[str, str, str, str]:
        return (self.player1, self.player2, self.player3, self.player4)

    def secret(self, mode: str) -> str:
        return self.edit_secret if mode == EDIT else self.view_secret


class Entry(models.Model):
    """One recorded event of the game: a scored round or a redeal (E2), in recording order."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="entries")
    seq = models.PositiveIntegerField(_("order"))
    round = models.PositiveSmallIntegerField(
        _("round"), validators=[MinValueValidator(1), MaxValueValidator(ROUND_COUNT)]
    )
    kind = models.CharField(
        _("kind"),
        max_length=8,
        choices=[(Kind.SCORED.value, _("scored")), (Kind.REDEAL.value, _("redeal"))],
    )
    score1 = models.IntegerField(null=True, blank=True)
    score2 = models.IntegerField(null=True, blank=True)
    score3 = models.IntegerField(null=True, blank=True)
    score4 = models.IntegerField(null=True, blank=True)
    # The calculator input the scores were computed from (its canonical query string), so the
    # round can be opened again in the calculator and edited.
    query = models.TextField(_("calculator input"), blank=True)
    created_at = models.DateTimeField(_("recorded"), default=timezone.now)

    class Meta:
        ordering = ["seq"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="games_entry_seq_unique"),
            # A round is scored once; editing changes that entry, never adds a second one.
            models.UniqueConstraint(
                fields=["game", "round"],
                condition=Q(kind="scored"),
                name="games_entry_round_scored_once",
            ),
            models.CheckConstraint(
                condition=(
                    Q(
                        kind="scored",
                        score1__isnull=False,
                        score2__isnull=False,
                        score3__isnull=False,
                        score4__isnull=False,
                    )
                    | Q(
                        kind="redeal",
                        score1__isnull=True,
                        score2__isnull=True,
                        score3__isnull=True,
                        score4__isnull=True,
                    )
                ),
                name="games_entry_scores_match_kind",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seq} round {self.round} {self.kind}"

    @property
    def scores(self) -> tuple[int, int, int, int] | None:
        if self.kind != Kind.SCORED:
            return None
        return (self.score1, self.score2, self.score3, self.score4)  # type: ignore[return-value]

    @property
    def line(self) -> Line:
        return Line(seq=self.seq, round=self.round, kind=Kind(self.kind), scores=self.scores)


class Submission(models.Model):
    """A write form that was sent and saved, by the id it was rendered with.

    A form is sent twice when a phone retries a slow request or a finger taps twice: the second
    copy finds its id here and is answered "already saved" instead of being written again or
    refused as a conflict. Written in the same transaction as the change itself."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="submissions")
    token = models.CharField(_("form id"), max_length=64)
    action = models.CharField(_("action"), max_length=16)
    round = models.PositiveSmallIntegerField(_("round"))
    kind = models.CharField(_("kind"), max_length=8)
    created_at = models.DateTimeField(_("saved"), default=timezone.now)

    class Meta:
        verbose_name = _("saved form")
        verbose_name_plural = _("saved forms")
        constraints = [
            models.UniqueConstraint(fields=["game", "token"], name="games_submission_once"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id} {self.action} {self.round}"
