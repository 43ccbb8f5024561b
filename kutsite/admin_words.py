"""Words of Django's own admin that its German catalogue (Django 6.1) does not translate yet.

Marked here so that `makemessages` keeps them in the project's catalogue, which Django reads
before its own (LOCALE_PATHS): a German editor sees "Ausführen", not "Run". Once Django's
catalogue has them, this module and the entries can go.
"""

from django.utils.translation import gettext_noop

MISSING_IN_DJANGO = (
    gettext_noop("- Select an option -"),
    gettext_noop("Run"),
    gettext_noop("Search %(name)s"),
)
