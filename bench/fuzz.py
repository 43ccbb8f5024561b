"""The long fuzzing run: the suite's fuzz tests with many more examples per view.

    .venv/bin/python bench/fuzz.py                 # 400 examples per view (≈ 10-20 minutes)
    .venv/bin/python bench/fuzz.py --examples 2000

Same tests as `tests/perf/test_fuzz.py` (every URL pattern, garbage query strings, headers,
path segments, non-UTF-8 bytes, POST bodies; never a 5xx, never a traceback), run with the
hypothesis profile "long". Failing examples are saved in `.hypothesis/` and replayed first by
the next run, the short suite run included.
"""

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=400, help="examples per view")
    parser.add_argument("pytest_args", nargs="*", help="extra pytest arguments (e.g. -k calc)")
    args = parser.parse_args()
    env = {**os.environ, "KUT_FUZZ_PROFILE": "long", "KUT_FUZZ_EXAMPLES": str(args.examples)}
    command = [
        sys.executable,
        "-m",
        "pytest",
        "tests/perf/test_fuzz.py",
        "-q",
        "-p",
        "no:cacheprovider",
        "--hypothesis-show-statistics",
        *args.pytest_args,
    ]
    return subprocess.call(command, cwd=ROOT, env=env)


if __name__ == "__main__":
    sys.exit(main())
