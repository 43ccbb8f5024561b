import hashlib

from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TranslationAdmin

from kutsite import content

# The editors' admin is the Küt site's, not "Django administration", in both languages.
admin.site.site_header = _("Küt content")
admin.site.site_title = _("Küt content")
admin.site.index_title = _("Rounds, glossary and referee rulings")

# Django's "Enter a valid slug" leaves an editor wondering why "prüfen" is none.
SLUG_LETTERS = _(
    "Use only the letters a–z, digits, hyphens and underscores: write ä, ö, ü as ae, oe, ue "
    "and ß as ss."
)
CHANGED_MEANWHILE = _(
    "Someone else saved this item after you opened it, so nothing of yours was saved. Open it "
    "again to see their change, then make yours."
)


# One line of the list under Django's "…doesn't have permission to delete the following":
# an item the guide, a checker or a shared link points to.
KEPT_ITEM = _("%(kind)s “%(item)s”, which the site links to and so keeps")


def _columns(queryset) -> list[tuple]:
    """Every row's columns as stored. A translated model's queryset (modeltranslation) would
    read only the active language's columns, and in no fixed order: told not to rewrite, it is
    Django's own `values_list`."""
    if hasattr(queryset, "rewrite"):
        queryset = queryset.rewrite(False)
    return list(queryset.values_list())


class ContentAdmin(TranslationAdmin):
    """The admin of a content model, edited in both languages.

    Two editors with the same item open: the second save would silently undo the first. Each
    form carries a digest of the item as it was drawn (`_seen`, with its inline rows), and a
    save is refused when the item stored is no longer that.
    """

    change_form_template = "admin/content_change_form.html"
    formfield_overrides = {models.SlugField: {"error_messages": {"invalid": SLUG_LETTERS}}}

    def get_deleted_objects(self, objs, request):
        """Django names only the kind of item an editor may not delete ("ruling"): say which
        of the chosen ones the site links, and so keeps."""
        deleted, counts, refused, protected = super().get_deleted_objects(objs, request)
        kept = [obj for obj in objs if not self.has_delete_permission(request, obj)]
        if kept:
            refused = (refused - {self.opts.verbose_name}) | {
                KEPT_ITEM % {"kind": self.opts.verbose_name, "item": obj} for obj in kept
            }
        return deleted, counts, refused, protected

    def view_on_site(self, obj):
        # Right after a save the editor's browser may still keep the page as it was.
        return content.fresh(obj.get_absolute_url())

    def stored_state(self, obj) -> str:
        """A digest of the item as stored, its inline rows included: every column, in both
        languages, whatever the admin's language."""
        model = type(obj)
        rows = [_columns(model._default_manager.filter(pk=obj.pk))]
        for inline in self.inlines:
            links = [
                f.name
                for f in inline.model._meta.fields
                if f.is_relation and f.related_model is model
            ]
            rows += [
                _columns(inline.model._default_manager.filter(**{link: obj}).order_by("pk"))
                for link in links
            ]
        return hashlib.sha256(repr(rows).encode()).hexdigest()[:32]

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None:
            # Drawn again after a refused save: still what the editor opened.
            context["seen"] = request.POST.get("_seen") or self.stored_state(obj)
        return super().render_change_form(request, context, add, change, form_url, obj)

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        if obj is None or request.method != "POST":
            return form
        stored = self.stored_state(obj)

        class UnchangedSinceOpened(form):
            def clean(self):
                data = super().clean()
                seen = self.data.get("_seen")
                if seen is not None and seen != stored:
                    raise ValidationError(CHANGED_MEANWHILE, code="changed_meanwhile")
                return data

        return UnchangedSinceOpened
