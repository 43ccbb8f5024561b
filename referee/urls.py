from django.urls import include, path, register_converter
from django.utils.translation import gettext_lazy as _

from referee import views
from referee.slugs import RulingSlug

register_converter(RulingSlug, "ruling")

app_name = "referee"


def checker(prefix, name, view, card):
    """A checker at `prefix`, and the share card of its answer at the same path + "card.png"."""
    return path(
        prefix,
        include([path("", view, name=name), path("card.png", card, name=f"{name}_card")]),
    )


# The checkers come before `<slug>/`, so their path words are never read as a ruling's slug.
urlpatterns = [
    path("", views.index, name="index"),
    checker(_("check/"), "check", views.check, views.check_card),
    checker(_("discard/"), "discard", views.discard, views.discard_card),
    checker(_("rack/"), "rack", views.rack, views.rack_card),
    path("<ruling:slug>/", views.ruling, name="ruling"),
    # Typed or pasted without its slash, a permalink moves to its address in one step (the
    # view's 301), not two (CommonMiddleware's slash, then the view's slug in this language).
    path("<ruling:slug>", views.ruling),
    path("<ruling:slug>/card.png", views.card, name="card"),
]
