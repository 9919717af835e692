#!/usr/bin/env python3
"""Cross-check helper for tests/tests/mahjong.rs: shanten from the PyPI package `mahjong` (2.1.0).

Reads one hand per line on standard input as 34 comma-separated counts (1m..9m 1p..9p 1s..9s
1z..7z) and prints, per line, "<regular> <minimum>": the regular-form shanten and the minimum
over regular, seven pairs and thirteen orphans (the latter two only for 13+ tiles, as the
package does). Exits with status 3 when the package is not installed.
"""
import sys

try:
    from mahjong.shanten import Shanten
except ImportError:
    sys.stderr.write("python package 'mahjong' is not installed (pip install mahjong==2.1.0)\n")
    sys.exit(3)


def main():
    out = []
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        counts = [int(x) for x in line.split(",")]
        regular = Shanten.calculate_shanten_for_regular_hand(counts)
        minimum = Shanten.calculate_shanten(counts)
        out.append(f"{regular} {minimum}")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
