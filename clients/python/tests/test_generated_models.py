"""The committed models must be what the served /openapi.json generates today (the generator's
options are in pyproject.toml, read from the client's folder, as npm run clients:generate does)."""

import subprocess
import sys
from pathlib import Path

import httpx

CLIENT_DIR = Path(__file__).resolve().parent.parent
MODELS = CLIENT_DIR / "src" / "sports_fixtures" / "models.py"


def test_models_are_what_the_served_document_generates(harness, tmp_path):
    document = tmp_path / "openapi.json"
    document.write_bytes(httpx.get(f"{harness.url}/openapi.json").content)
    generated = tmp_path / "models.py"
    subprocess.run(
        [sys.executable, "-m", "datamodel_code_generator", "--input", str(document), "--output", str(generated)],
        cwd=CLIENT_DIR,
        check=True,
        capture_output=True,
    )
    assert generated.read_text() == MODELS.read_text(), "models.py is stale: run npm run clients:generate"
