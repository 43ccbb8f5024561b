from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe


@require_safe
def new(request):
    return render(request, "coming_soon.html", {"section": _("Game sheets")})
