"""The fixtures every test folder shares, the core's (tests/) and each game's (tracker/games/<game>/tests/)."""
pytest_plugins = ["tests.support.api", "tests.support.browser"]
