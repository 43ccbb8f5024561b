from django.urls import reverse

from kutsite.sitemaps import I18nSitemap, StaticViewSitemap
from rules.guide import STEP_SLUGS
from rules.models import Round


class RulesPagesSitemap(StaticViewSitemap):
    names = ("rules:guide", "rules:rounds", "rules:glossary")


class RoundSitemap(I18nSitemap):
    """One permalink page per round, in both languages."""

    priority = 0.6

    def items(self):
        return list(Round.objects.values_list("number", flat=True))

    def location(self, item):
        return reverse("rules:round", args=[item])


class GuideStepSitemap(I18nSitemap):
    """One page per step of the guide, in both languages."""

    priority = 0.7

    def items(self):
        return list(STEP_SLUGS)

    def location(self, item):
        return reverse("rules:step", args=[item])


SITEMAPS = {"rules": RulesPagesSitemap, "guide": GuideStepSitemap, "rounds": RoundSitemap}
