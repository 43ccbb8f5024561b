from django.apps import AppConfig


class KutsiteConfig(AppConfig):
    name = "kutsite"
    verbose_name = "Küt site"

    def ready(self):
        # Connects the signals that give the content a new version on every edit.
        from kutsite import content  # noqa: F401
