"""How much one client address may create and record per minute: DRF's own throttling, its rates
read from settings.API_RATES on each request (so the environment, and a test, can change them)."""
from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle


class _AddressRateThrottle(SimpleRateThrottle):
    def get_rate(self):
        return settings.API_RATES.get(self.scope)

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class SessionCreateThrottle(_AddressRateThrottle):
    scope = "sessions"


class WriteThrottle(_AddressRateThrottle):
    """Actions, undo, redo and records: every write to a session."""

    scope = "actions"
