"""Form fields as a link may write them: the checkers and the calculator read their input from
the query string, which people also type or edit by hand.

- A tick box: a browser sends a ticked box as its value ("1") and leaves an unticked one out;
  a link written by hand or by another program may say "0", "off", "no" or "false". Django's
  `CheckboxInput` reads every value but "false" as ticked, so `?final=0` would tick the box:
  here only "1", "on", "true" and "yes" (any case) do.
- A choice (the round): " 4" is round 4, chosen in the list too, not "no round  4".
- A form (`QueryForm`) is bound only when the query holds one of its fields: any other
  query (`?fbclid=…` from a shared link) opens it empty, not full of "required" errors.

Every field here is `Shared`: one instance serves every form, since the checkers and the
calculator set nothing on a field per request.
"""

from collections.abc import Collection
from contextlib import suppress
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.core.exceptions import ValidationError
from django.utils.datastructures import MultiValueDict

from kutsite import live
from kutsite.text import clean_text, shown

TRUE_VALUES = frozenset({"1", "on", "true", "yes"})


def is_on(value: Any) -> bool:
    return isinstance(value, str) and value.strip().lower() in TRUE_VALUES


class FlagInput(forms.CheckboxInput):
    """A tick box that is ticked only for a value `is_on` accepts."""

    def value_from_datadict(self, data: Any, files: Any, name: str) -> bool:
        return is_on(data.get(name))


class Shared:
    """A field that no form changes: every form uses the one instance. Django deep-copies each
    field, its widget and its messages for every form so that one form may change its copy;
    nothing here does (a form's own starting values go into `form.initial`), so that copy, a
    good part of what a live answer's form costs, bought nothing. Tests hold the fields to it.
    """

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self


class CharField(Shared, forms.CharField):
    pass


class IntegerField(Shared, forms.IntegerField):
    pass


class BooleanField(Shared, forms.BooleanField):
    pass


def _stripped(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


class TrimmedChoiceField(Shared, forms.TypedChoiceField):
    """A typed choice read without the spaces around it, for validation and for the choice
    drawn as selected. (Not a widget of its own: a field component keeps a select by its
    `widget_type`.)"""

    def to_python(self, value: Any) -> Any:
        return super().to_python(_stripped(value))

    def bound_data(self, data: Any, initial: Any) -> Any:
        return super().bound_data(_stripped(data), initial)

    def validate(self, value: Any) -> None:
        """The "no round …" error quotes what was sent as `text.shown` does."""
        try:
            super().validate(value)
        except ValidationError as error:
            if error.code != "invalid_choice":
                raise
            message = self.error_messages["invalid_choice"]
            params = {"value": shown(str(value))}
            raise ValidationError(message, code="invalid_choice", params=params) from None


def printable(data: Any) -> Any:
    """The data without control characters (`clean_text`): a form shows its input again, and a
    NUL or an escape code typed into a link must not come back into the page."""
    if data is None:
        return None
    if isinstance(data, MultiValueDict):
        if all(v.isprintable() for _key, values in data.lists() for v in values):
            return data
        cleaned = data.copy()
        for key, values in data.lists():
            cleaned.setlist(key, [clean_text(v) for v in values])
        return cleaned
    return {key: clean_text(value) for key, value in data.items()}


class QueryForm(forms.Form):
    """A form read from the query string: bound only when the query holds one of its fields,
    and not when it holds only fields in `presets` (a round page's `?round=7`): those only
    choose, so the form opens with them chosen and no errors yet.

    It also answers while someone types (`kutsite.live`): `typing` names the fields that end in
    a tile typed halfway, `pending` says what such an answer waits for, and `quiet` which
    fields' errors it leaves unmarked.
    """

    typing: Collection[str] = frozenset()
    presets: Collection[str] = frozenset()

    def __init__(self, data: Any = None, *args: Any, **kwargs: Any) -> None:
        prefix = kwargs.get("prefix") or self.prefix
        keys = {name: f"{prefix}-{name}" if prefix else name for name in self.base_fields}
        given = [name for name, key in keys.items() if data is not None and key in data]
        if not set(given) - set(self.presets):
            chosen = {}
            for name in given:
                with suppress(ValidationError):  # none of its choices: the field's own initial
                    chosen[name] = self.base_fields[name].clean(data[keys[name]])
            kwargs["initial"] = {**chosen, **(kwargs.get("initial") or {})}
            data = None
        super().__init__(printable(data), *args, **kwargs)

    def link_query(self) -> str:
        """The query of this form's answer as a link to share: the form's own parameters that
        are set, in the form's order, a space as "+". Not the visited address's: it may carry
        other parameters (`?fbclid=…`) or write a space as "%20", which a copied link shown as
        it reads (site.js) would be cut at."""
        pairs = (
            (self.add_prefix(name), self.data.get(self.add_prefix(name))) for name in self.fields
        )
        return urlencode([(key, value.strip()) for key, value in pairs if value and value.strip()])

    @property
    def pending(self) -> str:
        return live.pending(self, self.typing)

    @property
    def quiet(self) -> frozenset[str]:
        return live.quiet(self, self.typing)
