from django.apps import AppConfig


class KutsiteConfig(AppConfig):
    name = "kutsite"
    verbose_name = "Küt site"

    def ready(self):
        # Connects the signals that give the content a new version on every edit, and
        # registers the system checks.
        from kutsite import (
            checks,  # noqa: F401
            content,  # noqa: F401
        )
