"""What an answer given while someone types waits for, rather than mark as wrong.

The checkers and the calculator answer on every pause in typing (htmx). Two errors there only
mean "not yet": a field not filled in so far, and a field that ends in a tile typed halfway
(`r12 r`, see `rules.engine.notation.still_typing`). A melded player whose rack and points are
both still empty is the first kind: the calculator pre-selects "melded" for everyone, so while
the table fills in one player the others are not wrong, only not done. Such an answer marks
neither and says what is missing; the same input sent as a form (a whole page) gets the errors.
For the same reason "nobody ended the round" waits while other fields are still empty: until
the table gets to choosing who ended it, every player is "melded". Once nothing else is
missing, it is an error like any other.

Beside a real error (a tile that does not exist, points that are not a number), such an answer
marks that error alone: the fields the table has not reached yet stay unmarked (`quiet`), so a
screen reader hears one thing to fix, not every empty field as invalid.
"""

from __future__ import annotations

from collections.abc import Collection

from django import forms

from rules.engine.verdicts import ReasonCode

#: The codes of an error that only says a field is empty: Django's and the engine's (a tile
#: field left empty; a melded player's rack, with its points, left empty).
EMPTY_CODES = frozenset({"required", str(ReasonCode.EMPTY), str(ReasonCode.MISSING_RACK)})


#: The codes of an error that waits while some field is still empty (the module says why).
WHILE_EMPTY_CODES = frozenset({str(ReasonCode.NO_FINISHER)})


def quiet(form: forms.Form, typing: Collection[str]) -> frozenset[str]:
    """The fields whose error an answer given while someone types leaves unmarked: each one
    left empty or in `typing` (ending in a tile typed halfway) and, while there is such a
    field, each that waits for one (`WHILE_EMPTY_CODES`). The other fields' errors are real:
    such an answer marks those alone, not every field the table has not reached yet."""
    if not form.is_bound or not form.errors:
        return frozenset()
    unfilled, waiting = set(), set()
    for name, errors in form.errors.as_data().items():
        if len(errors) > 1:
            continue
        if name in typing or errors[0].code in EMPTY_CODES:
            unfilled.add(name)
        elif errors[0].code in WHILE_EMPTY_CODES:
            waiting.add(name)
    return frozenset(unfilled | waiting) if unfilled else frozenset()


def pending(form: forms.Form, typing: Collection[str]) -> str:
    """What `form`'s errors wait for: "typing" when each is `quiet` and one is in `typing`;
    "empty" when each is `quiet`; "" when the form has a real error, or none."""
    waiting = quiet(form, typing)
    if not waiting or len(waiting) < len(form.errors):
        return ""
    return "typing" if any(name in form.errors for name in typing) else "empty"
