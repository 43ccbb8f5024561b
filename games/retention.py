"""How long a game sheet is kept: twelve months after its last change, then it is deleted."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from games.models import Game

RETENTION_DAYS = 365


def cutoff(days: int = RETENTION_DAYS) -> datetime:
    return timezone.now() - timedelta(days=days)


def expired_games(days: int = RETENTION_DAYS):
    """Games whose last change is older than `days` days."""
    return Game.objects.filter(updated_at__lt=cutoff(days))


def purge(days: int = RETENTION_DAYS, *, dry_run: bool = False) -> int:
    """Delete the expired games with their rounds; returns how many games (would) go."""
    games = expired_games(days)
    if dry_run:
        return games.count()
    _total, by_model = games.delete()  # one transaction, with the rounds
    return by_model.get(Game._meta.label, 0)
