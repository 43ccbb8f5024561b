from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path
from django.utils.translation import gettext_lazy as _

from games.sitemaps import SITEMAPS as GAMES_SITEMAPS
from kutsite import errors, offline, views
from kutsite.http import public_page
from kutsite.ratelimit import rate_limited
from kutsite.sitemaps import HomeSitemap
from referee.sitemaps import SITEMAPS as REFEREE_SITEMAPS
from rules.sitemaps import SITEMAPS as RULES_SITEMAPS
from scoring.sitemaps import SITEMAPS as SCORING_SITEMAPS

SITEMAPS = {
    "home": HomeSitemap,
    **RULES_SITEMAPS,
    **REFEREE_SITEMAPS,
    **SCORING_SITEMAPS,
    **GAMES_SITEMAPS,
}

# Resolving tries each pattern in turn, and every translated one costs a gettext. The pages come
# first (a path without a language prefix is ruled out by one comparison), and among them the
# sections with a prefix of their own, where one comparison rules each out (the checkers and
# the game sheets are the views asked most often with answers nobody has asked before).
urlpatterns = i18n_patterns(
    path(_("referee/"), include("referee.urls")),
    path(_("games/"), include("games.urls")),
    path("", views.home, name="home"),
    path("", include("scoring.urls")),
    path("", include("rules.urls")),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("offline/", offline.offline, name="offline"),
    path("offline/store.json", offline.store, name="offline_store"),
)

# The addresses without a language: tried after the pages, which are asked far more often.
urlpatterns += [
    path("", views.root, name="root"),
    path("robots.txt", views.robots_txt, name="robots_txt"),
    path("healthz", views.health, name="health"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("sitemap.xml", public_page(sitemap), {"sitemaps": SITEMAPS}, name="sitemap"),
    path("language/<str:language>/", views.switch_language, name="switch_language"),
    # Before the admin's own URLs: the same login view, with a limit on failed attempts (a
    # failed one shows the form again; one that worked redirects), so that editors who share
    # an office's address do not lock each other out by logging in.
    path(
        "admin/login/",
        rate_limited("admin-login", counts=lambda response: response.status_code == 200)(
            admin.site.login
        ),
    ),
    path("admin/", admin.site.urls),
]

handler400 = errors.bad_request
handler403 = errors.permission_denied
handler404 = errors.page_not_found
handler500 = errors.server_error
