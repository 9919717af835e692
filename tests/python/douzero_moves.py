#!/usr/bin/env python3
"""DouZero's own move generator (github.com/kwai/DouZero, `douzero/env/move_generator.py`, never
committed here) asked for every lead of random 20-card hands, printed for Parlor's cross-check
(tests/tests/doudizhu.rs, `--preset douzero`).

Usage: douzero_moves.py DOUZERO_CHECKOUT HANDS SEED

Exit status 3 (with a one-line message on stderr) when the checkout has no move generator.

Prints one line per hand: `<hand> <play> <play> …`, the distinct plays of
`MovesGener(hand).gen_moves()`, all in Parlor's notation (low to high, T for ten, B/R for the
black/red joker). Half of the hands are built around two to four consecutive triplets or quads.
"""
import random
import sys

DZ = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30]  # DouZero's card numbers, 3 … R
RANKS = "3456789TJQKA2BR"


def main():
    if len(sys.argv) != 4:
        sys.stderr.write(__doc__)
        sys.exit(2)
    sys.path.insert(0, sys.argv[1])
    try:
        from douzero.env.move_generator import MovesGener
    except ImportError:
        sys.stderr.write("no DouZero move generator under %s\n" % sys.argv[1])
        sys.exit(3)
    hands, seed = int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    most = [4] * 13 + [1, 1]
    deck = [r for r in range(15) for _ in range(most[r])]
    index = {v: i for i, v in enumerate(DZ)}
    for i in range(hands):
        rng.shuffle(deck)
        if i % 2:
            hand = []
            base = rng.randrange(10)
            for r in range(base, base + rng.randint(2, 4)):
                hand += [r] * rng.choice([3, 4])
            for r in deck:
                if len(hand) >= 20:
                    break
                if hand.count(r) < most[r]:
                    hand.append(r)
        else:
            hand = deck[:20]
        text = lambda cards: "".join(RANKS[c] for c in sorted(cards))  # noqa: E731
        plays = sorted({text([index[x] for x in m]) for m in MovesGener([DZ[c] for c in hand]).gen_moves()})
        print(text(hand), " ".join(plays))


if __name__ == "__main__":
    main()
