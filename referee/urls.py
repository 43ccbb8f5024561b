from django.urls import path
from django.utils.translation import gettext_lazy as _

from referee import views

app_name = "referee"

# The checkers come before `<slug>/`, so their path words are never read as a ruling's slug.
urlpatterns = [
    path("", views.index, name="index"),
    path(_("check/"), views.check, name="check"),
    path(_("discard/"), views.discard, name="discard"),
    path(_("rack/"), views.rack, name="rack"),
    path("<slug:slug>/", views.ruling, name="ruling"),
    path("<slug:slug>/card.png", views.card, name="card"),
]
