"""Sitemap building blocks; each app lists its own pages in its `sitemaps.py`."""

from django.contrib.sitemaps import Sitemap
from django.urls import reverse


class I18nSitemap(Sitemap):
    """Every page exists in English and German: list both, with hreflang alternates."""

    i18n = True
    alternates = True
    x_default = True


class StaticViewSitemap(I18nSitemap):
    """Pages identified by a URL name alone."""

    names: tuple[str, ...] = ()
    priority = 0.8

    def items(self):
        return list(self.names)

    def location(self, item):
        return reverse(item)


class HomeSitemap(StaticViewSitemap):
    names = ("home",)
    priority = 1.0
