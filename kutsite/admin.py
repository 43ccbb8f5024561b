from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TranslationAdmin

from kutsite import content

# The editors' admin is the Küt site's, not "Django administration", in both languages.
admin.site.site_header = _("Küt content")
admin.site.site_title = _("Küt content")
admin.site.index_title = _("Rounds, glossary and referee rulings")


class ContentAdmin(TranslationAdmin):
    """The admin of a content model, edited in both languages."""

    def view_on_site(self, obj):
        # Right after a save the editor's browser may still keep the page as it was.
        return content.fresh(obj.get_absolute_url())
