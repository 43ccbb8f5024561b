"""Checker helpers: the error line under an input."""

from collections.abc import Collection
from functools import lru_cache

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

OOB = mark_safe(' data-hx-swap-oob="true"')


@register.simple_tag
def field_error(field, oob: bool = False, quiet: Collection[str] = ()) -> SafeString:
    """The error line of a checker's input: always there, empty while the input is fine, so a
    live answer can fill or clear it (`oob`: htmx swaps it in beside the verdict). `quiet`:
    the fields whose error a live answer leaves unmarked (`QueryForm.quiet`)."""
    errors = () if field.name in quiet else field.errors
    if not errors:
        return _empty_line(field.auto_id, oob)
    return format_html(
        '<p class="field__error" id="{}_error" data-error-for="{}" data-error="{}"{}>{}</p>',
        field.auto_id,
        field.auto_id,
        field.name,
        OOB if oob else "",
        " ".join(str(error) for error in errors),
    )


# Most lines of a live answer are empty, and an empty line depends on its input's id alone.
@lru_cache(maxsize=256)
def _empty_line(auto_id: str, oob: bool) -> SafeString:
    return format_html(
        '<p class="field__error" id="{}_error" data-error-for="{}"{}></p>',
        auto_id,
        auto_id,
        OOB if oob else "",
    )


@register.simple_tag
def error_links(form) -> SafeString:
    """Under a page's "no verdict yet": each field to correct, named and linked to its input
    (some lie below the verdict, and without scripts the page opens at the verdict)."""
    items = format_html_join(
        "",
        '<li><a href="#{}">{}: {}</a></li>',
        (
            (field.auto_id, field.label, " ".join(str(error) for error in field.errors))
            for field in form
            if field.errors
        ),
    )
    return format_html('<ul class="errorlist">{}</ul>', items) if items else items


@register.simple_tag
def first_problem(form, quiet: Collection[str] = ()) -> str:
    """The first field to correct, named, for a live answer's status line ("Pile: …"): a
    status that only said "correct what is marked" stayed the same when the error changed,
    and a screen reader heard nothing new."""
    for field in form:
        if field.errors and field.name not in quiet:
            return f"{field.label}: {' '.join(str(error) for error in field.errors)}"
    return ""


@register.simple_tag
def field_errors(form, quiet: Collection[str] = ()) -> SafeString:
    """Every field's error line for a live answer, for htmx to swap in beside the verdict
    (out of band): one tag rather than a loop of `field_error`, which a live answer pays per
    field."""
    return SafeString("".join(field_error(field, oob=True, quiet=quiet) for field in form))
