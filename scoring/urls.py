from django.urls import include, path
from django.utils.translation import gettext_lazy as _

from scoring import views

app_name = "scoring"

urlpatterns = [
    path(
        _("calculator/"),
        include(
            [
                path("", views.calculator, name="calculator"),
                # the share card of the answer at the same query (og:image)
                path("card.png", views.calculator_card, name="calculator_card"),
            ]
        ),
    ),
]
