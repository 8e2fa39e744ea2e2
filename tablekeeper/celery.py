import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tablekeeper.settings")

app = Celery("tablekeeper")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
