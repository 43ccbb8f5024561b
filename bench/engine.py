"""Engine speed: `.venv/bin/python bench/engine.py [--racks N] [--seed S] [--json PATH]`.

Deals N seeded random 15-tile racks (default 10,000; a third each with 0, 1 and 2 Okeys, a
random indicator each) and times, per call, with `time.perf_counter_ns` — each call `--repeat`
times back to back (default 3), keeping the fastest, so that a time slice another process takes
on this shared machine is not billed to the engine:

- meld classification of 3–5 neighbouring tiles of the rack, sorted as a player sorts it
  (colour, then number) — mostly invalid, sometimes a meld;
- meld classification of every meld the solvers return — all valid;
- the solver for each of the 19 contracts of the default rounds (C2);
- the solver for the all-at-once round (C4).

Then the rack helper (`advise`, what /referee/rack/ asks the engine for, outs included) on
`--helper-racks` random racks (default 10,000) of 15 and of 26 tiles (up to two Okeys and two
false jokers), for every round, once as "not melded yet" and once as "melded" — each call run
fastest of `--helper-repeat` (3) like the rest.

Prints median, p99 and max per call (µs) and how often the answer was yes (the first row is
the timer's own cost, included in every figure), then checks the targets: classification
≤ 10 µs median; solving ≤ 1 ms median and ≤ 10 ms p99; the rack helper ≤ 50 ms p99.
Exit code 1 if a target is missed. Documented in docs/performance.md ("## Engine"); never run
by tests.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.engine import (
    DEFAULT_ROUNDS,
    FACES,
    OKEY,
    Tile,
    advise,
    classify_meld,
    full_set,
    okey_of,
    solve_all_at_once,
    solve_contract,
)

CLASSIFY_MEDIAN_US = 10
SOLVE_MEDIAN_US = 1_000
SOLVE_P99_US = 10_000
HELPER_P99_US = 50_000
HELPER_SIZES = (15, 26)


def deal(rng: random.Random, okeys: int) -> tuple[Tile, list[Tile]]:
    indicator = rng.choice(FACES)
    okey = okey_of(indicator)
    pool = [t for t in full_set() if t != okey]
    pool.remove(indicator)
    rack = rng.sample(pool, 15 - okeys) + [rng.choice((okey, OKEY)) for _ in range(okeys)]
    rng.shuffle(rack)
    return indicator, rack


def deal_rack(rng: random.Random, size: int) -> tuple[Tile, list[Tile]]:
    """A rack of `size` tiles as play could give it: any tiles of the set but the indicator."""
    indicator = rng.choice(FACES)
    pool = list(full_set())
    pool.remove(indicator)
    rack = rng.sample(pool, size)
    return indicator, [OKEY if t == okey_of(indicator) and rng.random() < 0.5 else t for t in rack]


def run_helper(racks: int, seed: int, repeat: int) -> list[dict[str, object]]:
    """The rack helper's engine time per (rack size, round), melded or not, worst case kept."""
    rng = random.Random(seed)
    rows = []
    for size in HELPER_SIZES:
        dealt = [deal_rack(rng, size) for _ in range(racks)]
        for r in DEFAULT_ROUNDS:
            times: list[int] = []
            yes = 0
            for indicator, rack in dealt:
                for opened in (False, True) if not r.contract.is_final else (False,):
                    ns, advice = timed(repeat, _advise, rack, r.contract, indicator, opened)
                    times.append(ns)
                    yes += advice.ok
            rows.append(summary(f"rack helper {size} tiles round {r.number:>2}", times, yes))
    return rows


def _advise(rack: list[Tile], contract: object, indicator: Tile, opened: bool) -> object:
    return advise(rack, contract, indicator, opened=opened)  # type: ignore[arg-type]


def summary(name: str, times_ns: list[int], yes: int | None = None) -> dict[str, object]:
    ordered = sorted(times_ns)
    row: dict[str, object] = {
        "name": name,
        "calls": len(ordered),
        "median_us": statistics.median(ordered) / 1000,
        "p99_us": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] / 1000,
        "max_us": ordered[-1] / 1000,
    }
    if yes is not None:
        row["yes"] = yes
    return row


def timed[T](repeat: int, function: Callable[..., T], *args: object) -> tuple[int, T]:
    """The fastest of `repeat` back-to-back runs of a pure call, in ns, and its result."""
    clock = time.perf_counter_ns
    best = None
    for _ in range(repeat):
        t0 = clock()
        result = function(*args)
        elapsed = clock() - t0
        best = elapsed if best is None else min(best, elapsed)
    assert best is not None
    return best, result


def _nothing(*args: object) -> None:
    return None


def run(racks: int, seed: int, repeat: int) -> list[dict[str, object]]:
    rng = random.Random(seed)
    contracts = [(r.number, r.contract) for r in DEFAULT_ROUNDS if not r.contract.is_final]
    slices: list[int] = []
    slices_valid = 0
    solved_melds: list[int] = []
    per_contract: dict[int, list[int]] = {n: [] for n, _ in contracts}
    yes: dict[int, int] = {n: 0 for n, _ in contracts}
    final: list[int] = []
    final_yes = 0
    found_melds: list[tuple[tuple[Tile, ...], Tile]] = []
    for i in range(racks):
        indicator, rack = deal(rng, i % 3)
        ordered = sorted(rack)
        size = rng.randint(3, 5)
        start = rng.randrange(0, len(ordered) - size + 1)
        tiles = ordered[start : start + size]
        ns, verdict = timed(repeat, classify_meld, tiles, indicator)
        slices.append(ns)
        slices_valid += verdict.ok
        for number, contract in contracts:
            ns, melds = timed(repeat, solve_contract, rack, contract, indicator)
            per_contract[number].append(ns)
            if melds is not None:
                yes[number] += 1
                found_melds.extend((m, indicator) for m in melds)
        ns, melds = timed(repeat, solve_all_at_once, rack, indicator)
        final.append(ns)
        if melds is not None:
            final_yes += 1
            found_melds.extend((m, indicator) for m in melds)
    for meld, indicator in found_melds:
        solved_melds.append(timed(repeat, classify_meld, meld, indicator)[0])
    overhead = [timed(repeat, _nothing, meld, indicator)[0] for meld, indicator in found_melds]
    rows = [summary("timer overhead (empty call)", overhead or [0])]
    rows.append(summary("classify: 3–5 rack neighbours", slices, slices_valid))
    if solved_melds:
        rows.append(summary("classify: solver melds (valid)", solved_melds, len(solved_melds)))
    for number, contract in contracts:
        rows.append(
            summary(
                f"contract round {number:>2} ({contract.tile_count:>2} tiles)",
                per_contract[number],
                yes[number],
            )
        )
    rows.append(summary("all at once (round 20)", final, final_yes))
    return rows


def check(rows: list[dict[str, object]]) -> list[str]:
    missed = []
    for row in rows:
        name, median, p99 = str(row["name"]), float(row["median_us"]), float(row["p99_us"])  # type: ignore[arg-type]
        if name.startswith("timer"):
            continue
        if name.startswith("rack helper"):
            if p99 > HELPER_P99_US:
                missed.append(f"{name}: p99 {p99 / 1000:.1f} ms > {HELPER_P99_US // 1000} ms")
        elif name.startswith("classify"):
            if median > CLASSIFY_MEDIAN_US:
                missed.append(f"{name}: median {median:.1f} µs > {CLASSIFY_MEDIAN_US} µs")
        else:
            if median > SOLVE_MEDIAN_US:
                missed.append(f"{name}: median {median:.0f} µs > {SOLVE_MEDIAN_US} µs")
            if p99 > SOLVE_P99_US:
                missed.append(f"{name}: p99 {p99:.0f} µs > {SOLVE_P99_US} µs")
    return missed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--racks", type=int, default=10_000, help="racks to deal (10,000)")
    parser.add_argument("--seed", type=int, default=2026, help="random seed (2026)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per call, fastest kept (3)")
    parser.add_argument(
        "--helper-racks", type=int, default=10_000, help="racks per size for the rack helper"
    )
    parser.add_argument("--helper-repeat", type=int, default=3, help="runs per helper call (3)")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON here")
    args = parser.parse_args()
    started = time.perf_counter()
    rows = run(args.racks, args.seed, max(1, args.repeat))
    if args.helper_racks:
        rows += run_helper(args.helper_racks, args.seed, max(1, args.helper_repeat))
    elapsed = time.perf_counter() - started
    print(
        f"{args.racks} racks, seed {args.seed}, fastest of {args.repeat} per call, "
        f"Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, {elapsed:.0f} s"
    )
    print(f"{'call':38} {'calls':>7} {'median µs':>10} {'p99 µs':>9} {'max µs':>9} {'yes':>6}")
    for row in rows:
        print(
            f"{row['name']:38} {row['calls']:>7} {row['median_us']:>10.1f} "
            f"{row['p99_us']:>9.1f} {row['max_us']:>9.0f} {row.get('yes', ''):>6}"
        )
    missed = check(rows)
    print("targets met" if not missed else "targets missed:\n  " + "\n  ".join(missed))
    if args.json:
        figures = {"racks": args.racks, "seed": args.seed, "repeat": args.repeat, "rows": rows}
        args.json.write_text(json.dumps(figures, indent=1))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
