from modeltranslation.admin import TranslationAdmin

from kutsite import content


class ContentAdmin(TranslationAdmin):
    """The admin of a content model, edited in both languages."""

    def view_on_site(self, obj):
        # Right after a save the editor's browser may still keep the page as it was.
        return content.fresh(obj.get_absolute_url())
