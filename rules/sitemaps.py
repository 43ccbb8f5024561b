from django.urls import reverse

from kutsite.sitemaps import I18nSitemap, StaticViewSitemap
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


SITEMAPS = {"rules": RulesPagesSitemap, "rounds": RoundSitemap}
