from tests.api.conftest import client, make_client  # noqa: F401  (the API's fixtures, reused here)
