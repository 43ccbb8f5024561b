from kutsite.sitemaps import StaticViewSitemap


class GamesPagesSitemap(StaticViewSitemap):
    names = ("games:new",)
    priority = 0.5


SITEMAPS = {"games": GamesPagesSitemap}
