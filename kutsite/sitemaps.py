"""Sitemap building blocks; each app lists its own pages in its `sitemaps.py`."""

from django.conf import settings
from django.contrib.sitemaps import Sitemap
from django.urls import reverse


class I18nSitemap(Sitemap):
    """Every page exists in English and German: list both, with hreflang alternates."""

    i18n = True
    alternates = True
    x_default = True

    def get_urls(self, page=1, site=None, protocol=None):
        """Django writes x-default as the default language's address without its prefix,
        as if that language had none. Here every language has one (`/guide/` is no page for a
        German browser), so x-default is the English page, as in each page's head."""
        urls = super().get_urls(page, site, protocol)
        for url in urls:
            by_language = {a["lang_code"]: a for a in url["alternates"]}
            by_language["x-default"]["location"] = by_language[settings.LANGUAGE_CODE]["location"]
        return urls


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
