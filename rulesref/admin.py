from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import path

from tracker.games import all_games

from . import corpus, services
from .models import Entry, RuleCitation
from .tasks import rebuild_search_index


class RulebookUploadForm(forms.Form):
    game = forms.ChoiceField(choices=[])
    file = forms.FileField(help_text="Plain text or Markdown, split by its headings; at most 5 MB.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # every game in the catalog, then every game with a reference corpus but no engine yet
        engines = {g.slug: g.title for g in all_games()}
        corpora = [slug for slug in corpus.games() if slug not in engines]
        self.fields["game"].choices = [*engines.items(), *((slug, slug) for slug in corpora)]


class CitationInline(admin.TabularInline):
    model = RuleCitation
    extra = 0


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ("key", "game", "kind", "title", "section")
    list_filter = ("game", "kind")
    search_fields = ("key", "title", "body")
    inlines = [CitationInline]
    change_list_template = "admin/rulesref/entry/change_list.html"

    # An edited entry changes the words typo correction knows and what each search process keeps of
    # the index (PostgreSQL's remembered phrase counts): recount and tell them, as a load does.
    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        transaction.on_commit(rebuild_search_index.delay)

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        transaction.on_commit(rebuild_search_index.delay)

    def get_urls(self):
        return [path("import/", self.admin_site.admin_view(self.import_view), name="rulesref_entry_import")] + super().get_urls()

    def import_view(self, request):
        form = RulebookUploadForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            upload = form.cleaned_data["file"]
            if upload.size > settings.RULEBOOK_MAX_BYTES:
                form.add_error("file", f"The file is larger than {settings.RULEBOOK_MAX_BYTES / 1024 / 1024:g} MB.")
            else:
                try:
                    count = services.rulebook_import(game=form.cleaned_data["game"], data=upload.read()).count
                except services.ImportFailed as exc:
                    form.add_error("file", str(exc))
                else:
                    messages.success(request, f"Imported {count} sections; the earlier import of this game was replaced.")
                    return redirect("admin:rulesref_entry_changelist")
        context = {**self.admin_site.each_context(request), "form": form, "title": "Import a rulebook",
                   "opts": self.model._meta}
        return render(request, "admin/rulesref/entry/import.html", context)
