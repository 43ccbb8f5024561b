from kutsite.sitemaps import StaticViewSitemap


class ScoringPagesSitemap(StaticViewSitemap):
    names = ("scoring:calculator",)


SITEMAPS = {"scoring": ScoringPagesSitemap}
