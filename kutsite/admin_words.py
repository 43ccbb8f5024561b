"""Words of Django's own admin that its German catalogue (Django 6.1) does not translate yet.

Marked here so that `makemessages` keeps them in the project's catalogue, which Django reads
before its own (LOCALE_PATHS): a German editor sees "Ausführen", not "Run". Once Django's
catalogue has them, this module and the entries can go. (Django's German has some of them with
straight quotes; its templates now write curly ones, so those no longer match.)
"""

from django.utils.translation import gettext_noop, ngettext_lazy

MISSING_IN_DJANGO = (
    gettext_noop("- Select an option -"),
    gettext_noop("Run"),
    gettext_noop("Search %(name)s"),
    # deleting an item (delete_confirmation.html, ModelAdmin's list of what goes with it)
    gettext_noop(
        "Are you sure you want to delete the %(object_name)s “%(escaped_object)s”? All of the "
        "following related items will be deleted:"
    ),
    gettext_noop(
        "Deleting the %(object_name)s “%(escaped_object)s” would result in deleting related "
        "objects, but your account doesn't have permission to delete the following types of "
        "objects:"
    ),
    gettext_noop(
        "Deleting the %(object_name)s “%(escaped_object)s” would require deleting the following "
        "protected related objects:"
    ),
    ngettext_lazy("…and %(count)d more object.", "…and %(count)d more objects.", "count"),
    # headings only a screen reader reads (pagination.html, object_history.html)
    gettext_noop("Pagination %(name)s"),
    gettext_noop("Pagination %(name)s entries"),
    gettext_noop("Logout"),
    # the editors' accounts (django.contrib.auth's admin)
    gettext_noop("After you’ve created a user, you’ll be able to edit more user options."),
    gettext_noop(
        "This action will <strong>enable</strong> password-based authentication for this user."
    ),
    gettext_noop("Disable password-based authentication"),
    gettext_noop("Enable password-based authentication"),
)
