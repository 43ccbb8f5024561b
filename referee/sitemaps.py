from django.urls import reverse

from kutsite.sitemaps import I18nSitemap, StaticViewSitemap
from referee.models import Ruling


class RefereePagesSitemap(StaticViewSitemap):
    names = ("referee:index", "referee:check", "referee:discard", "referee:rack")


class RulingSitemap(I18nSitemap):
    """One permalink per ruling, in both languages."""

    priority = 0.7

    def items(self):
        return list(Ruling.objects.order_by("order", "key").values_list("key", flat=True))

    def location(self, item):
        return reverse("referee:ruling", args=[item])


SITEMAPS = {"referee": RefereePagesSitemap, "referee-rulings": RulingSitemap}
