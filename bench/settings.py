"""The site's settings plus the benchmark's yardstick endpoints."""
from tablekeeper.settings import *  # noqa: F401,F403

ROOT_URLCONF = "bench.urls"
ALLOWED_HOSTS = ["*"]
DEBUG = False
# The benchmark is one client address sending thousands of writes a minute: no rate limits.
API_RATES = {scope: None for scope in API_RATES}  # noqa: F405
