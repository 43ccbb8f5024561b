from django.conf import settings
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse, translate_url
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.vary import vary_on_headers

from kutsite.http import public_page, read_only
from rules.reasons import rule_numbers

LANGUAGE_CODES = {code for code, _name in settings.LANGUAGES}


@read_only
@cache_control(private=True, max_age=0)
@vary_on_headers("Cookie", "Accept-Language")
def root(request):
    """Send `/` to the visitor's language: their cookie first, else Accept-Language, else
    LANGUAGE_CODE (Django's own order, and only languages the site has)."""
    with translation.override(translation.get_language_from_request(request)):
        return HttpResponseRedirect(reverse("home"))


@read_only
@never_cache
def switch_language(request, language):
    """Remember the visitor's choice and land on the same page in the other language."""
    language = language.lower()  # a hand-typed /language/DE/ means German too
    if language not in LANGUAGE_CODES:
        language = settings.LANGUAGE_CODE
    target = request.GET.get("next", "")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ) or not target.startswith("/"):
        target = "/"
    # Resolve the path in its own language (its prefix), not the cookie's or the browser's:
    # otherwise a German page opened on an English phone cannot be matched and lands on home.
    source = translation.get_language_from_path(target) or language
    with translation.override(source):
        target = translate_url(target, language)
    if target == "/" or not target.startswith(f"/{language}/"):
        with translation.override(language):
            target = reverse("home")
    response = HttpResponseRedirect(target)
    # Every LANGUAGE_COOKIE_* setting, as Django's own `set_language` sets the cookie.
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response


@public_page
def home(request):
    return render(request, "home.html", {"numbers": rule_numbers()})


@read_only
def favicon(request):
    """`/favicon.ico`, asked for by clients that ignore the page's icon links."""
    return HttpResponseRedirect(static("icons/favicon.ico"))


@read_only
@never_cache
def health(request):
    """For a load balancer or process supervisor: this server answers requests.

    It reads no database on purpose. Content pages, checkers and the calculator keep answering
    while the database is away (docs/performance.md), so a database outage is no reason to take
    the server out of rotation. The benchmark also uses it as Django's floor: the least any
    request through the full middleware stack costs.
    """
    return HttpResponse("ok", content_type="text/plain; charset=utf-8")


@public_page
def robots_txt(request):
    lines = [
        "User-agent: *",
        "Disallow: /admin/",
        "Disallow: /language/",
        f"Sitemap: {request.build_absolute_uri(reverse('sitemap'))}",
        "",
    ]
    return HttpResponse("\n".join(lines), content_type="text/plain; charset=utf-8")
