from django.urls import path, register_converter
from django.utils.translation import gettext_lazy as _

from referee import views
from referee.slugs import RulingSlug

register_converter(RulingSlug, "ruling")

app_name = "referee"

# The checkers come before `<slug>/`, so their path words are never read as a ruling's slug.
urlpatterns = [
    path("", views.index, name="index"),
    path(_("check/"), views.check, name="check"),
    path(_("check/card.png"), views.check_card, name="check_card"),
    path(_("discard/"), views.discard, name="discard"),
    path(_("discard/card.png"), views.discard_card, name="discard_card"),
    path(_("rack/"), views.rack, name="rack"),
    path("<ruling:slug>/", views.ruling, name="ruling"),
    path("<ruling:slug>/card.png", views.card, name="card"),
]
