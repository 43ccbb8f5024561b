from django.apps import AppConfig


class KutsiteConfig(AppConfig):
    name = "kutsite"
    verbose_name = "Küt site"

    def ready(self):
        # Connects the signals that invalidate cached content pages on every edit.
        from kutsite import (
            caching,  # noqa: F401
            checks,  # noqa: F401  (registers the system checks)
        )
