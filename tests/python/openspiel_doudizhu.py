#!/usr/bin/env python3
"""Random games of OpenSpiel's `dou_dizhu` (PyPI open_spiel 2.0.2), printed for Parlor's
cross-check (tests/tests/doudizhu_round.rs).

Usage: openspiel_doudizhu.py GAMES SEED

Exit status 3 (with a one-line message on stderr) when pyspiel is not installed.

Each game prints:
    game <i>
    deal <hand0> <hand1> <hand2> <kitty> first <seat>
    then one line per decision:  <seat>|<legal actions, ';'-separated>|<chosen action>|<their
    OpenSpiel ids, ';'-separated, in the same order>
    returns <r0> <r1> <r2>
Actions are written in Parlor's words, mapped from OpenSpiel's action ids:
    pass | bid <n> | play <cards> <reading>
with <cards> in Parlor's notation (low to high, T for ten, B/R for the black/red joker) and
<reading> as Parlor prints a reading: <kind>@<key> or, for chains, <kind>/<length>@<key>
(kind names in kebab-case, e.g. triplet-pair).
"""
import random
import sys

try:
    import pyspiel
except ImportError:
    sys.stderr.write("pyspiel (pip install --no-deps open-spiel==2.0.2 numpy) is not installed\n")
    sys.exit(3)

RANKS = "3456789TJQKA2BR"

# OpenSpiel's action-id ranges (open_spiel/games/dou_dizhu/dou_dizhu_utils.h).
PLAY = 4
SOLO_CHAIN = PLAY + 15
PAIR = SOLO_CHAIN + 36
PAIR_CHAIN = PAIR + 13
TRIO = PAIR_CHAIN + 52
TRIO_SOLO = TRIO + 13
TRIO_PAIR = TRIO_SOLO + 182
AIRPLANE = TRIO_PAIR + 156
AIRPLANE_SOLO = AIRPLANE + 45
AIRPLANE_PAIR = AIRPLANE_SOLO + 22588
BOMB = AIRPLANE_PAIR + 2939
ROCKET = BOMB + 13

CHAIN_KINDS = {"sequence", "pair_sequence", "airplane", "airplane_singles", "airplane_pairs"}


def counts_of(text):
    text = text.replace("(BWJ)", "B").replace("(CJ)", "R")
    counts = [0] * 15
    for ch in text:
        counts[RANKS.index(ch)] += 1
    return counts


def cards_of(counts):
    return "".join(RANKS[r] * n for r, n in enumerate(counts)) or "-"


def kind_of(action):
    for base, end, kind in [
        (PLAY, SOLO_CHAIN, "single"),
        (SOLO_CHAIN, PAIR, "sequence"),
        (PAIR, PAIR_CHAIN, "pair"),
        (PAIR_CHAIN, TRIO, "pair_sequence"),
        (TRIO, TRIO_SOLO, "triplet"),
        (TRIO_SOLO, TRIO_PAIR, "triplet_single"),
        (TRIO_PAIR, AIRPLANE, "triplet_pair"),
        (AIRPLANE, AIRPLANE_SOLO, "airplane"),
        (AIRPLANE_SOLO, AIRPLANE_PAIR, "airplane_singles"),
        (AIRPLANE_PAIR, BOMB, "airplane_pairs"),
        (BOMB, ROCKET, "bomb"),
        (ROCKET, ROCKET + 1, "rocket"),
    ]:
        if base <= action < end:
            return kind
    raise ValueError(action)


_cache = {}


def parlor_action(state, player, action):
    if action in _cache:
        return _cache[action]
    text = state.action_to_string(player, action)
    if action == 0:
        out = "pass"
    elif action < PLAY:
        out = "bid %d" % action
    else:
        kind = kind_of(action)
        if kind in ("airplane_singles", "airplane_pairs"):
            chain_part, kickers = text.split("-")
            chain = counts_of(chain_part)
            counts = [a + b for a, b in zip(chain, counts_of(kickers))]
            head = next(r for r in range(15) if chain[r])
            length = sum(1 for n in chain if n)
        else:
            counts = counts_of(text)
            if kind in ("triplet_single", "triplet_pair"):
                head = counts.index(3)
            elif kind == "rocket":
                head = 13
            else:
                head = next(r for r in range(15) if counts[r])
            length = sum(1 for n in counts if n)
        if kind in CHAIN_KINDS:
            reading = "%s/%d@%s" % (kind.replace("_", "-"), length, RANKS[head])
        else:
            reading = "%s@%s" % (kind.replace("_", "-"), RANKS[head])
        out = "play %s %s" % (cards_of(counts), reading)
    _cache[action] = out
    return out


def card_rank(card):
    return card - 52 + 13 if card >= 52 else card % 13


def main():
    games = int(sys.argv[1])
    rng = random.Random(int(sys.argv[2]))
    game = pyspiel.load_game("dou_dizhu")
    out = sys.stdout
    for g in range(games):
        state = game.new_initial_state()
        hands = [[0] * 15 for _ in range(3)]
        dealt = 0
        while state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            a = rng.choice(outcomes)
            if len(outcomes) == 51 and dealt == 0 and state.move_number() == 0:
                pass  # the face-up position
            else:
                hands[dealt % 3][card_rank(a - 51)] += 1
                dealt += 1
            state.apply_action(a)
        kitty = [4 if r < 13 else 1 for r in range(15)]
        for h in hands:
            kitty = [k - n for k, n in zip(kitty, h)]
        out.write("game %d\n" % g)
        out.write("deal %s %s %s %s first %d\n" % (
            cards_of(hands[0]), cards_of(hands[1]), cards_of(hands[2]), cards_of(kitty),
            state.current_player()))
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            a = rng.choice(legal)
            out.write("%d|%s|%s|%s\n" % (
                player, ";".join(parlor_action(state, player, x) for x in legal),
                parlor_action(state, player, a), ";".join(str(x) for x in legal)))
            state.apply_action(a)
        out.write("returns %s\n" % " ".join("%d" % r for r in state.returns()))


if __name__ == "__main__":
    main()
