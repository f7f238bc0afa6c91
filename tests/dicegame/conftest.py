from tests.api.conftest import make_client  # noqa: F401  (the API's fixture, reused here)
