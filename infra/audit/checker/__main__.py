"""``python -m infra.audit.checker BUNDLE.json``: the checker run from the source tree."""

import sys

from .main import main

sys.exit(main())
