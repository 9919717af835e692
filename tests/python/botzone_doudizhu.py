#!/usr/bin/env python3
"""Botzone's own Dou Dizhu judge (its FightTheLandlord2 game: `botzone/online/game/
FightTheLandlord2.py36` in github.com/ailab-pku/botzone-local, never committed here) asked about
card sets, printed for Parlor's cross-check (tests/tests/doudizhu.rs, `--preset botzone`).

Usage: botzone_doudizhu.py JUDGE_PATH MAX_CARDS RANDOM SEED

Exit status 3 (with a one-line message on stderr) when the judge file or numpy (which the judge
imports) is missing.

Prints, one per line:
    c <cards> <kind>          for every card set of at most MAX_CARDS cards and RANDOM random
                              sets of up to 20 cards: the judge's checkPokerType as a Parlor kind
                              name (`invalid` for 错误)
    b <prev> <play> <yes|no>  for pairs of sets the judge accepts: whether <play> may follow
                              <prev> by the judge's comparison in its main()
<cards> are in Parlor's notation (low to high, T for ten, B/R for the black/red joker).
"""
import importlib.util
import random
import sys

RANKS = "3456789TJQKA2BR"
DECK = [4] * 13 + [1, 1]
# The judge's type names (checkPokerType) as Parlor's kinds; the chain-of-quads types are
# Parlor's quad-chain, and quad + singles / pairs with a chain of 2+.
KIND = {
    "单张": "single", "一对": "pair", "火箭": "rocket", "炸弹": "bomb", "单顺": "sequence",
    "双顺": "pair-sequence", "三带零": "triplet", "三带一": "triplet-single", "三带二": "triplet-pair",
    "四带两只": "quad-singles", "四带两对": "quad-pairs", "飞机不带翼": "airplane",
    "飞机带小翼": "airplane-singles", "飞机带大翼": "airplane-pairs", "航天飞机不带翼": "quad-chain",
    "航天飞机带小翼": "quad-singles", "航天飞机带大翼": "quad-pairs", "错误": "invalid",
}


def load(path):
    try:
        import numpy  # noqa: F401  (the judge imports it)
    except ImportError:
        sys.stderr.write("numpy (pip install numpy) is not installed\n")
        sys.exit(3)
    try:
        spec = importlib.util.spec_from_file_location("botzone_judge", path)
        judge = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(judge)
    except (OSError, AttributeError):
        sys.stderr.write("no Botzone judge at %s\n" % path)
        sys.exit(3)
    return judge


def card_ids(counts):
    """The judge's card numbers: 4 × rank + suit for 3 … 2, 52 and 53 for the jokers."""
    out = []
    for rank, count in enumerate(counts):
        if rank == 13:
            out += [52] * count
        elif rank == 14:
            out += [53] * count
        else:
            out += [4 * rank + suit for suit in range(count)]
    return out


def text(counts):
    return "".join(RANKS[rank] * count for rank, count in enumerate(counts))


def main():
    if len(sys.argv) != 5:
        sys.stderr.write(__doc__)
        sys.exit(2)
    judge = load(sys.argv[1])
    most, randoms, seed = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    sets = []

    def walk(rank, left, cur):
        if rank == 15:
            if sum(cur):
                sets.append(list(cur))
            return
        for take in range(min(DECK[rank], left) + 1):
            cur[rank] = take
            walk(rank + 1, left - take, cur)
        cur[rank] = 0

    walk(0, most, [0] * 15)
    for _ in range(randoms):
        counts = [0] * 15
        if rng.randrange(2):
            cards = [r for r in range(15) for _ in range(DECK[r])]
            rng.shuffle(cards)
            for r in cards[: rng.randint(1, 20)]:
                counts[r] += 1
        else:  # a run of 3s or 4s with a few other cards: airplanes and chains of quads
            copies, length, start = rng.choice([3, 4]), rng.randint(1, 5), rng.randrange(13)
            for r in range(start, min(start + length, 15)):
                counts[r] = min(copies, DECK[r])
            for _ in range(rng.randint(0, 10)):
                r = rng.randrange(15)
                if counts[r] < DECK[r]:
                    counts[r] += 1
        sets.append(counts)
    by_type = {}
    for counts in sets:
        kind = judge.checkPokerType(card_ids(counts))[0]
        print("c %s %s" % (text(counts), KIND[kind]))
        if kind != "错误":
            by_type.setdefault(kind, []).append(counts)
    valid = [c for group in by_type.values() for c in group]
    pairs = [(rng.choice(valid), rng.choice(valid)) for _ in range(randoms)]
    for group in by_type.values():
        pairs += [(rng.choice(group), rng.choice(group)) for _ in range(min(500, 5 * len(group)))]
    for prev, play in pairs:
        print("b %s %s %s" % (text(prev), text(play), "yes" if beats(judge, prev, play) else "no"))


def beats(judge, prev, play):
    """The judge's main(): priority (rocket 3, bomb 2, the rest 1), then the same type, the same
    main and kicker lengths, and every main card higher."""
    last_type, last_main, last_rest = judge.checkPokerType(card_ids(prev))
    type_, main, rest = judge.checkPokerType(card_ids(play))
    last_p = judge.priorityPokerType.get(last_type, 1)
    p = judge.priorityPokerType.get(type_, 1)
    if last_p != p:
        return last_p < p
    if last_type != type_ or len(last_main) != len(main) or len(last_rest) != len(rest):
        return False
    point = judge.convertToPoint
    return all(point(a) > point(b) for a, b in zip(sorted(main), sorted(last_main)))


if __name__ == "__main__":
    main()
