"""Form fields as a link may write them: the checkers and the calculator read their input from
the query string, which people also type or edit by hand.

- A tick box: a browser sends a ticked box as its value ("1") and leaves an unticked one out;
  a link written by hand or by another program may say "0", "off", "no" or "false". Django's
  `CheckboxInput` reads every value but "false" as ticked, so `?final=0` would tick the box:
  here only "1", "on", "true" and "yes" (any case) do.
- A choice (the round): " 4" is round 4, chosen in the list too, not "no round  4".
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


def _stripped(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


class TrimmedChoiceField(forms.TypedChoiceField):
    """A typed choice read without the spaces around it, for validation and for the choice
    drawn as selected. (Not a widget of its own: a field component keeps a select by its
    `widget_type`.)"""

    def to_python(self, value: Any) -> Any:
        return super().to_python(_stripped(value))

    def bound_data(self, data: Any, initial: Any) -> Any:
        return super().bound_data(_stripped(data), initial)
