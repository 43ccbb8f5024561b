from kutsite.sitemaps import StaticViewSitemap


class RulesPagesSitemap(StaticViewSitemap):
    names = ("rules:guide", "rules:rounds")


SITEMAPS = {"rules": RulesPagesSitemap}
