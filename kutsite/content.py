"""The content version, and what each process keeps of the content between edits.

The content (rounds, glossary, rulings and their examples) is small and changes only when an
editor saves it in the admin. So each process reads it once, keeps it in memory for as long as
the content version stays the same, and keeps serving it while the database is away:

- `version()` is the current token of `kutsite.models.ContentVersion`, read again from the
  database at most every `CONTENT_VERSION_POLL` seconds. When the database does not answer,
  the token the process already has stays current, and the next attempt waits for the next
  poll: a visitor never pays for an outage more than once per poll and process.
- `remember(name, load)` is `load()` computed once per content version (and language, if the
  name says so). When the database fails, the last value is served instead of an error.
- Any save or delete of a content model (`CONTENT_APPS`) and every `migrate` write a new token
  in the same transaction as the edit, so other processes see it when it commits. Bulk writes
  send no signals: content managers (`ContentManager`) write the token for them.
- This process takes the new token when the edit commits, too: before that, another of its
  threads would read the old rows and keep them under the new token for good. Until then only
  the editing thread sees it (inside its transaction, where the new rows are).

The page cache (`CACHES["pages"]`) puts the version into every key (`page_key`), so an edit
retires every cached page at once, and pages rendered from the kept content stay consistent.
"""

from __future__ import annotations

import logging
import os
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

from django.apps import apps as live_apps
from django.conf import settings
from django.db import Error as DatabaseError
from django.db import models, transaction
from django.db.models.signals import m2m_changed, post_delete, post_migrate, post_save
from django.dispatch import receiver

from kutsite.models import ContentVersion

logger = logging.getLogger("kutsite.content")

# Part of every page-cache key and game-sheet ETag: set BUILD_ID per deploy (e.g. the commit),
# so no browser or cache takes a page rendered by the old templates for a current one.
BUILD = os.environ.get("BUILD_ID", "")


class _State:
    token: str | None = None
    checked = float("-inf")
    memo: dict[str, tuple[str, Any]] = {}


def _read_token() -> str:
    row = ContentVersion.objects.order_by("pk").values_list("token", flat=True).first()
    return row or ""


#: The token of an edit this thread has not committed yet (`bump`).
_uncommitted = threading.local()


def version() -> str:
    """The current content token (from memory; from the database at most once per poll)."""
    if (pending := getattr(_uncommitted, "token", None)) is not None:
        if transaction.get_connection().in_atomic_block:
            return pending
        _uncommitted.token = None  # rolled back (a commit would have published it)
    now = time.monotonic()
    if _State.token is not None and now - _State.checked < settings.CONTENT_VERSION_POLL:
        return _State.token
    _State.checked = now  # whatever happens, the next attempt waits for the next poll
    try:
        token = _read_token()
    except DatabaseError as error:
        if _State.token is None:
            _State.token = "offline"
        logger.warning("Content version unreadable, keeping %s: %s", _State.token, error)
        return _State.token
    _State.token = token
    return token


def remember[T](name: str, load: Callable[[], T]) -> T:
    """`load()`, computed once per content version; its last value while the database is away.

    Put the language into `name` when the value depends on it.
    """
    current = version()
    kept = _State.memo.get(name)
    if kept is not None and kept[0] == current:
        return kept[1]
    try:
        value = load()
    except DatabaseError:
        if kept is None:
            raise
        logger.warning("Serving kept content for %s: the database is not answering", name)
        return kept[1]
    _State.memo[name] = (current, value)
    return value


def bump() -> str:
    """Give the content a new version: in every process and thread when the edit commits, in
    the editing thread at once."""
    token = secrets.token_hex(8)
    updated = ContentVersion.objects.update(token=token)
    if not updated:
        ContentVersion.objects.create(token=token)
    _uncommitted.token = token
    transaction.on_commit(lambda: _publish(token))  # outside a transaction: at once
    return token


def _publish(token: str) -> None:
    _State.token, _State.checked = token, time.monotonic()
    _uncommitted.token = None


class ContentQuerySet(models.QuerySet):
    """A bulk write (`update`, `bulk_update`, `bulk_create`) sends no model signals: it gives the
    content its new version here, so no page keeps showing the rows as they were."""

    def update(self, **kwargs: Any) -> int:
        rows = super().update(**kwargs)  # bulk_update() calls this too
        if rows:
            bump()
        return rows

    def bulk_create(self, objs, *args: Any, **kwargs: Any):
        created = super().bulk_create(objs, *args, **kwargs)
        if created:
            bump()
        return created


#: The default manager of every content model.
ContentManager = models.Manager.from_queryset(ContentQuerySet)


def warm() -> None:
    """Read every content model that keeps itself (`Model.objects.cached()`), if the database
    answers; a server calls it at start."""
    for model in live_apps.get_models():
        cached = getattr(model._default_manager, "cached", None)
        if _is_content(model) and cached is not None:
            try:
                cached()
            except DatabaseError as error:
                logger.warning("Content not read at start (%s): %s", model.__name__, error)
                return


def reset() -> None:
    """Forget everything kept (tests: a rolled-back edit must not live on in memory)."""
    _State.token, _State.checked = secrets.token_hex(8), time.monotonic()
    _State.memo = {}
    _uncommitted.token = None


def fresh(url: str) -> str:
    """`url` with the content version in its query, for the admin's "View on site": a browser
    keeps a public page for its `max-age`, but has no copy of an address it never asked."""
    address, hash_, anchor = url.partition("#")
    joiner = "&" if "?" in address else "?"
    return f"{address}{joiner}v={version()}{hash_}{anchor}"


def page_key(key: str, key_prefix: str, version_: int) -> str:
    """`KEY_FUNCTION` of the page cache: the build and content version go into every key."""
    return f"{BUILD}:{version()}:{key_prefix}:{version_}:{key}"


def _is_content(model) -> bool:
    # Historical models (inside migrations) have their own registry; `post_migrate` covers them.
    return (
        model is not None
        and model._meta.app_label in settings.CONTENT_APPS
        and model._meta.apps is live_apps
    )


@receiver(post_save, dispatch_uid="kut-content-save")
@receiver(post_delete, dispatch_uid="kut-content-delete")
def _on_content_save(sender, **kwargs):
    if _is_content(sender):
        bump()


@receiver(m2m_changed, dispatch_uid="kut-content-m2m")
def _on_content_m2m(sender, instance, action, **kwargs):
    if action.startswith("post_") and (_is_content(sender) or _is_content(type(instance))):
        bump()


@receiver(post_migrate, dispatch_uid="kut-content-migrate")
def _on_migrate(sender, using="default", **kwargs):
    if sender.name == "kutsite":
        bump()
