from kutsite.sitemaps import StaticViewSitemap


class RefereePagesSitemap(StaticViewSitemap):
    names = ("referee:index",)


SITEMAPS = {"referee": RefereePagesSitemap}
