"""A tick box read from a link.

A browser sends a ticked box as its value ("1") and leaves an unticked one out; a link written
by hand or by another program may say "0", "off", "no" or "false". Django's `CheckboxInput`
reads every value but "false" as ticked, so `?final=0` would tick the box: here only "1", "on",
"true" and "yes" (any case) do.
"""

from typing import Any

from django import forms

TRUE_VALUES = frozenset({"1", "on", "true", "yes"})


def is_on(value: Any) -> bool:
    return isinstance(value, str) and value.strip().lower() in TRUE_VALUES


class FlagInput(forms.CheckboxInput):
    """A tick box that is ticked only for a value `is_on` accepts."""

    def value_from_datadict(self, data: Any, files: Any, name: str) -> bool:
        return is_on(data.get(name))
