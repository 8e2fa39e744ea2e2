"""The site's settings plus the benchmark's yardstick endpoints."""
from tablekeeper.settings import *  # noqa: F401,F403

ROOT_URLCONF = "bench.urls"
ALLOWED_HOSTS = ["*"]
DEBUG = False
