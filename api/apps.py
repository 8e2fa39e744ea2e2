from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "api"
    verbose_name = "HTTP API"

    def ready(self):
        # before any URLconf is read: tokens and entry keys in paths are matched by their shape
        from tablekeeper.converters import register

        register()
