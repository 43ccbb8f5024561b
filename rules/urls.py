from django.urls import path, register_converter
from django.utils.translation import gettext_lazy as _

import kutsite.converters  # noqa: F401  (the `round` converter)
from rules import views
from rules.guide import StepSlug

register_converter(StepSlug, "step")

app_name = "rules"

urlpatterns = [
    path(_("guide/"), views.guide, name="guide"),
    path(_("guide/<step:step>/"), views.guide_step, name="step"),
    path(_("rounds/"), views.rounds, name="rounds"),
    path(_("rounds/<round:number>/"), views.round_detail, name="round"),
    path(_("glossary/"), views.glossary, name="glossary"),
]
