#!/usr/bin/env python3
"""Cross-check helper for tests/tests/mahjong_score.rs: hand values from the PyPI package
`mahjong` (2.1.0), HandCalculator.estimate_hand_value.

`--check` only tests that the package imports (exit 0) and exits 3 when it does not, before
reading anything. Otherwise reads one JSON object per line (written by
parlor_conformance::check::mahjong_score::pypi_json: 136-form tile ids, melds, indicators, flags,
options) and prints one line per case: `error <name>` or `ok <han> <fu> <main> <main_bonus> <additional>
<additional_bonus> <total> <yaku_id:han,...> <level>` (level with `_` for spaces, `-` if empty).
"""
import json
import sys

try:
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.meld import Meld
except ImportError:
    sys.stderr.write("python package 'mahjong' is not installed (pip install mahjong==2.1.0)\n")
    sys.exit(3)

KINDS = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN, "shouminkan": Meld.SHOUMINKAN}


def value(case):
    options = OptionalRules(
        has_open_tanyao=case["open_tanyao"],
        has_aka_dora=case["aka"],
        has_double_yakuman=case["double_yakuman"],
        kazoe_limit=HandConstants.KAZOE_SANBAIMAN if case["kazoe_sanbaiman"] else HandConstants.KAZOE_LIMITED,
        kiriage=case["kiriage"],
        is_three_player=case.get("three_player", False),
    )
    config = HandConfig(
        is_tsumo=case["tsumo"],
        is_riichi=case["riichi"],
        is_daburu_riichi=case["daburu"],
        is_ippatsu=case["ippatsu"],
        is_rinshan=case["rinshan"],
        is_chankan=case["chankan"],
        is_haitei=case["haitei"],
        is_houtei=case["houtei"],
        is_tenhou=case["tenhou"],
        is_chiihou=case["chiihou"],
        player_wind=case["seat"],
        round_wind=case["round"],
        tsumi_number=case["honba"],
        kyoutaku_number=case["sticks"],
        num_nuki_dora=case.get("nuki", 0),
        options=options,
    )
    melds = [Meld(meld_type=KINDS[m["type"]], tiles=m["tiles"], opened=m["opened"]) for m in case["melds"]]
    result = HandCalculator.estimate_hand_value(
        case["tiles"],
        case["win"],
        melds=melds,
        dora_indicators=case["dora"],
        ura_dora_indicators=case["ura"],
        config=config,
    )
    if result.error:
        return "error " + result.error
    open_hand = any(m.opened for m in melds)
    yaku = [[y.yaku_id, y.han_open if open_hand and y.han_open else y.han_closed] for y in result.yaku]
    cost = result.cost
    fields = [result.han, result.fu, cost["main"], cost["main_bonus"], cost["additional"], cost["additional_bonus"], cost["total"]]
    return " ".join(
        ["ok"] + [str(x) for x in fields] + [",".join(f"{i}:{h}" for i, h in yaku) or "-", cost["yaku_level"].replace(" ", "_") or "-"]
    )


def main():
    if "--check" in sys.argv:
        return
    out = []
    for line in sys.stdin:
        line = line.strip()
        if line:
            out.append(value(json.loads(line)))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
