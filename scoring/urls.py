from django.urls import path
from django.utils.translation import gettext_lazy as _

from scoring import views

app_name = "scoring"

urlpatterns = [
    path(_("calculator/"), views.calculator, name="calculator"),
]
