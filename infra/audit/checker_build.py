"""The standalone checker as one file: ``bundle_check.pyz``, a zip application (PEP 441) of the
package ``infra/audit/checker`` that a bare ``python3`` runs with the standard library and
``cryptography`` only (docs/audit.md). Its sources are readable: ``unzip -l bundle_check.pyz``."""

from __future__ import annotations

import zipfile
from pathlib import Path

CHECKER = Path(__file__).with_name("checker")
FILE_NAME = "bundle_check.pyz"
_MAIN = ('"""The offline bundle checker (docs/audit.md): python3 bundle_check.pyz BUNDLE.json."""\n'
         "import sys\n\nfrom checker.main import main\n\nsys.exit(main())\n")


def write_checker(path: str | Path) -> Path:
    """Write the zip application to ``path`` (a file name, or a directory to hold
    ``bundle_check.pyz``); the same bytes for the same sources (fixed times)."""
    target = Path(path)
    if target.is_dir():
        target = target / FILE_NAME
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(_entry("__main__.py"), _MAIN)
        for source in sorted(CHECKER.glob("*.py")):
            if source.name != "__main__.py":
                archive.writestr(_entry(f"checker/{source.name}"), source.read_text())
    return target


def _entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    info.external_attr = 0o644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    return info
