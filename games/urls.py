from django.urls import path
from django.utils.translation import gettext_lazy as _

from games import views

app_name = "games"

urlpatterns = [
    path(_("new/"), views.new, name="new"),
]
