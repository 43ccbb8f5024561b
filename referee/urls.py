from django.urls import path

from referee import views

app_name = "referee"

urlpatterns = [
    path("", views.index, name="index"),
]
