from django.contrib import admin

from .models import Event, Session


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
