"""Benchmarks: the engine's allowed-card throughput and deals scored per second, `check` on a
10,000-example file, and the full site build next to the floor of importing its libraries.

Run: .venv/bin/python bench/run.py   (prints medians of several runs; single process, one core)
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from budget import BUDGET, page_weights  # bench/budget.py, beside this script

from generator.rules import (
    DECK,
    RULESETS,
    CardSet,
    Deal,
    Game,
    Seat,
    Suit,
    allowed,
    rules_for,
    score_deal,
    trick_result,
)
from generator.rules.scoring import CONTRACTS

ROOT = Path(__file__).resolve().parent.parent
REPEATS = 5


def random_positions(count: int, rng: random.Random) -> list[tuple]:
    """Random positions: a deal's first 0-3 cards as the trick, the next 1-8 as the hand."""
    positions = []
    for _ in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        played, size = rng.randrange(4), rng.randrange(1, 9)
        trump = rng.choice([None, *Suit])
        game = Game.NO_TRUMP if trump is None else rng.choice([Game.TRUMP, Game.COINCHE])
        rules = rules_for(game, rng.choice(list(RULESETS)))
        positions.append((CardSet(deck[played : played + size]), deck[:played], trump, rules))
    return positions


def bench_allowed(rng: random.Random) -> float:
    """Median allowed-card positions per second over REPEATS runs of 200,000 positions."""
    positions = random_positions(200_000, rng)
    rates = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        for hand, trick, trump, rules in positions:
            allowed(hand, trick, trump, rules)
        rates.append(len(positions) / (time.perf_counter() - start))
    return statistics.median(rates)


def random_deals(count: int, rng: random.Random) -> list[Deal]:
    """Random legal deals of every game and rule set: 32 cards dealt, then random allowed cards played."""
    deals = []
    for _ in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        game = rng.choice(list(Game))
        rules = rules_for(game, rng.choice(list(RULESETS)))
        trump = rng.choice(list(Suit)) if game.has_trump else None
        hands = {seat: CardSet(deck[8 * seat : 8 * seat + 8]) for seat in Seat}
        leader = first = rng.choice(list(Seat))
        tricks = []
        for _ in range(8):
            trick: list = []
            for step in range(4):
                seat = leader.next(step)
                card = rng.choice(list(allowed(hands[seat], [c for _, c in trick], trump, rules)))
                hands[seat] -= CardSet([card])
                trick.append((seat, card))
            tricks.append(tuple(trick))
            leader = trick_result(trick[0][0], [c for _, c in trick], trump).winner
        coinche = game is Game.COINCHE
        contract = rng.choice(sorted(CONTRACTS)) if coinche else None
        multiplier = rng.choice([1, 2, 4]) if coinche else 1
        deals.append(Deal(rules, trump, first, rng.choice(list(Seat)), tuple(tricks), contract, multiplier))
    return deals


def bench_deals(rng: random.Random) -> tuple[float, float, float]:
    """Deals verified and scored per second over REPEATS runs of 20,000 random legal deals: the
    median and best rate on CPU time (what other processes on the shared cores do not inflate),
    and the median on wall time."""
    deals = random_deals(20_000, rng)
    cpu, wall = [], []
    for _ in range(REPEATS):
        start, start_cpu = time.perf_counter(), time.process_time()
        for deal in deals:
            score_deal(deal)
        cpu.append(len(deals) / (time.process_time() - start_cpu))
        wall.append(len(deals) / (time.perf_counter() - start))
    return statistics.median(cpu), max(cpu), statistics.median(wall)


def example_file(count: int, rng: random.Random) -> str:
    """A YAML file of ``count`` valid examples, half plays and half auctions, with their expect."""
    lines = []
    for index in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        if index % 2:
            lead = rng.choice(list(Seat))
            trick = deck[: rng.randrange(4)]
            seat = lead.next(len(trick))
            hand = CardSet(deck[4:12])
            rules = rules_for(Game.COINCHE, rng.choice(list(RULESETS)))
            result = allowed(hand, trick, Suit.HEARTS, rules)
            played = ", ".join(f"{{{lead.next(i)}: {card}}}" for i, card in enumerate(trick))
            lines += [
                f"- id: play-{index}",
                "  game: coinche",
                f"  rules: {rules.name}",
                "  trump: H",
                f"  trick: [{played}]",
                f"  hand: {{{seat}: [{', '.join(c.code() for c in hand)}]}}",
                f"  expect: {{allowed: [{', '.join(c.code() for c in result)}]}}",
            ]
        else:
            lines += [
                f"- id: auction-{index}",
                "  game: coinche",
                "  dealer: S",
                "  calls: [{W: 80 H}, {N: 90 S}, {E: coinche}, {S: pass}, {W: pass}, {N: pass}]",
                "  expect: {result: {taker: N, trump: S, contract: 90, multiplier: 2}}",
            ]
    return "\n".join(lines) + "\n"


def bench_check(rng: random.Random) -> tuple[float, int]:
    """Median wall time of `python -m generator check` on a 10,000-example file, and its exit code."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "examples.yaml"
        path.write_text(example_file(10_000, rng), encoding="utf-8")
        return median_seconds([sys.executable, "-m", "generator", "check", str(path)])


# Commands run as on an ordinary installation, where Python caches the bytecode of modules it
# imports (this sandbox sets PYTHONDONTWRITEBYTECODE, which would recompile the package at every run).
ENVIRONMENT = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def median_seconds(command: list[str], repeats: int = REPEATS) -> tuple[float, int]:
    """Median wall time of a command run from the repository root (after one warm-up run), and its
    last exit code."""
    subprocess.run(command, cwd=ROOT, capture_output=True, env=ENVIRONMENT)
    times, code = [], 0
    for _ in range(repeats):
        start = time.perf_counter()
        code = subprocess.run(command, cwd=ROOT, capture_output=True, env=ENVIRONMENT).returncode
        times.append(time.perf_counter() - start)
    return statistics.median(times), code


def bench_build() -> tuple[float, float, int]:
    """Median wall time of the full strict build (into a temporary folder) and of the floor:
    a Python that only imports jinja2, babel, yaml and markdown_it. Runs alternate, so that
    machine noise hits both alike."""
    floor_command = [sys.executable, "-c", "import jinja2, babel, yaml, markdown_it"]
    with tempfile.TemporaryDirectory() as folder:
        build_command = [sys.executable, "-m", "generator", "build", "--strict", "--out", f"{folder}/site"]
        builds, floors, code = [], [], 0
        for _ in range(REPEATS):
            floor, _ = median_seconds(floor_command, 1)
            build, code = median_seconds(build_command, 1)
            floors.append(floor)
            builds.append(build)
    return statistics.median(builds), statistics.median(floors), code


def main() -> None:
    rng = random.Random(2026)
    rate = bench_allowed(rng)
    print(f"allowed cards: {rate:,.0f} positions/s (median of {REPEATS}; aim >= 250,000)")
    cpu, best, wall = bench_deals(rng)
    print(
        f"deals scored per second (legality check included): {cpu:,.0f} on CPU time, best {best:,.0f}, "
        f"{wall:,.0f} on wall time (medians of {REPEATS}; aim >= 50,000)"
    )
    seconds, code = bench_check(rng)
    print(f"check, 10,000 examples: {seconds:.2f} s (median of {REPEATS}, whole command; exit {code}; aim < 2 s)")
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(
            [sys.executable, "-m", "generator", "build", "--strict", "--out", f"{folder}/site"],
            cwd=ROOT,
            capture_output=True,
            env=ENVIRONMENT,
        )
        weights = page_weights(Path(folder) / "site")
    largest = max(weights, key=weights.__getitem__)
    print(
        f"page weight: largest {largest} {weights[largest] / 1024:.1f} KB gzip with its CSS and script "
        f"(aim <= {BUDGET // 1024} KB; bench/budget.py lists every page)"
    )
    build, floor, code = bench_build()
    print(
        f"site build: {build:.2f} s; floor (import jinja2, babel, yaml, markdown_it): {floor:.2f} s; "
        f"ratio {build / floor:.2f} (medians of {REPEATS}; exit {code}; aim <= 1.5)"
    )


if __name__ == "__main__":
    main()
