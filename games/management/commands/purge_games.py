"""`manage.py purge_games`: delete game sheets nobody has changed for a year (retention)."""

from django.core.management.base import BaseCommand, CommandError

from games.retention import RETENTION_DAYS, cutoff, purge


class Command(BaseCommand):
    help = (
        "Delete game sheets whose last change is older than --days days "
        f"(default {RETENTION_DAYS}), with all their rounds."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--days",
            type=int,
            default=RETENTION_DAYS,
            help=f"keep games changed within this many days (default {RETENTION_DAYS})",
        )
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="only count the games that would be deleted",
        )

    def handle(self, *args, days: int, dry_run: bool, **options):
        if days < 1:
            raise CommandError("--days must be at least 1.")
        try:
            cutoff(days)
        except OverflowError:
            raise CommandError(
                f"--days {days} reaches back before the year 1: give a smaller number of days."
            ) from None
        count = purge(days, dry_run=dry_run)
        if dry_run:
            self.stdout.write(f"{count} game(s) older than {days} days would be deleted.")
        else:
            self.stdout.write(f"Deleted {count} game(s) older than {days} days.")
