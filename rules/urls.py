from django.urls import path
from django.utils.translation import gettext_lazy as _

from rules import views

app_name = "rules"

urlpatterns = [
    path(_("guide/"), views.guide, name="guide"),
    path(_("rounds/"), views.rounds, name="rounds"),
    path(_("rounds/<int:number>/"), views.round_detail, name="round"),
    path(_("glossary/"), views.glossary, name="glossary"),
]
