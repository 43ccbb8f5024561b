import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_engine_imports_without_django():
    code = "import rules.engine, sys; assert 'django' not in sys.modules, 'django was imported'"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


def test_engine_sources_never_import_django():
    sources = list((ROOT / "rules" / "engine").glob("*.py"))
    assert len(sources) > 5
    for path in sources:
        for line in path.read_text().splitlines():
            words = line.split()
            assert words[:2] not in (["import", "django"], ["from", "django"]), path
            assert not (words[:1] in (["import"], ["from"]) and "django" in line), path
