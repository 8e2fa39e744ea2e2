"""The site's settings plus the benchmark's yardstick endpoints."""
from tablekeeper.settings import *  # noqa: F401,F403

ROOT_URLCONF = "bench.urls"
ALLOWED_HOSTS = ["*"]
DEBUG = False
# The benchmark is one client address sending thousands of writes a minute: no rate limits.
API_RATES = {scope: None for scope in API_RATES}  # noqa: F405
# The test client serves every request on this one thread, so a kept connection is reused like a
# warm pooled one: the tables measure the request, and the connections table what holding costs.
DATABASES["default"]["CONN_MAX_AGE"] = 600  # noqa: F405
