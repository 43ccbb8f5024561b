from django.urls import include, path, register_converter
from django.utils.translation import gettext_lazy as _

from referee import views
from referee.slugs import RulingSlug

register_converter(RulingSlug, "ruling")

app_name = "referee"

# The checkers come before `<slug>/`, so their path words are never read as a ruling's slug.
urlpatterns = [
    path("", views.index, name="index"),
    # A checker's answer has its share card at the checker's own path + "card.png".
    path(
        _("check/"),
        include(
            [
                path("", views.check, name="check"),
                path("card.png", views.check_card, name="check_card"),
            ]
        ),
    ),
    path(
        _("discard/"),
        include(
            [
                path("", views.discard, name="discard"),
                path("card.png", views.discard_card, name="discard_card"),
            ]
        ),
    ),
    path(
        _("rack/"),
        include(
            [
                path("", views.rack, name="rack"),
                path("card.png", views.rack_card, name="rack_card"),
            ]
        ),
    ),
    path("<ruling:slug>/", views.ruling, name="ruling"),
    path("<ruling:slug>/card.png", views.card, name="card"),
]
