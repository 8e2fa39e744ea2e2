from django.contrib import admin

from .models import CardFact, Event, Session


class EventInline(admin.TabularInline):
    model = Event
    extra = 0
    can_delete = False
    fields = ("seq", "type", "params", "overridden", "override_reason", "undone", "created")
    readonly_fields = fields


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "mode", "version", "created", "updated")
    list_filter = ("game", "mode")
    readonly_fields = ("id", "view_id", "version", "state", "initial_state", "outcome", "created", "updated")
    inlines = [EventInline]


@admin.register(CardFact)
class CardFactAdmin(admin.ModelAdmin):
    """Cards tables typed: a misspelt name a table no longer wants offered can be deleted here."""

    list_display = ("name", "kind", "game", "scope", "updated")
    list_filter = ("game", "kind")
    search_fields = ("name",)
    readonly_fields = ("scope", "game", "kind", "key", "updated")
