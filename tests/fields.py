"""What a shared form field holds (kutsite.fields.Shared), to compare before and after pages
use it."""


def field_state(field):
    """A field's attributes, its widget's and its messages': a change to any of them in one
    form would reach every other form."""
    return (
        dict(vars(field)),
        dict(vars(field.widget)),
        dict(field.widget.attrs),
        dict(field.error_messages),
        list(field.validators),
    )
