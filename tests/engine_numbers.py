"""For tests that change an engine rule: what the site worked out from the rule once per
language and process is forgotten, so that pages draw it anew (and draw it back afterwards)."""

from django.core.cache import caches

from kutsite.templatetags import components
from rules.reasons import numbers_in


def forget() -> None:
    numbers_in.cache_clear()
    components._rule_badge.cache_clear()  # a badge is named by its rule ("Fewer than two …")
    components._headline.cache_clear()  # … and so does a verdict's headline, through its badges
    caches["pages"].clear()
    caches["template_fragments"].clear()
