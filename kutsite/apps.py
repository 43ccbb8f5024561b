from django.apps import AppConfig


class KutsiteConfig(AppConfig):
    name = "kutsite"
    verbose_name = "Küt site"
