#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::*;

fn win(closed: &str, winning: &str) -> Win {
    Win::from_text(closed, winning).unwrap()
}

fn with_melds(closed: &str, melds: &[&str], winning: &str) -> Win {
    let mut w = win(closed, winning);
    for m in melds {
        w.melds.push(m.parse().unwrap()).unwrap();
    }
    w
}

fn value(w: &Win) -> HandValue {
    score(w, &Config::default()).unwrap()
}

fn yaku_of(v: &HandValue) -> std::vec::Vec<(Yaku, u8)> {
    v.yaku().iter().map(|y| (y.yaku, y.han)).collect()
}

extern crate std;
use std::string::ToString;

#[test]
fn pinfu_tsumo_is_20_fu_and_pinfu_ron_30() {
    let mut w = win("234m 567p 23455s 678s", "8s");
    w.riichi = Riichi::Riichi;
    let ron = value(&w);
    assert_eq!(
        (ron.han(), ron.fu(), ron.payment().ron, ron.payment().total),
        (3, 30, 3900, 3900)
    );
    assert_eq!(yaku_of(&ron), [(Yaku::Riichi, 1), (Yaku::Pinfu, 1), (Yaku::Tanyao, 1)]);
    w.tsumo = true;
    let tsumo = value(&w);
    assert_eq!((tsumo.han(), tsumo.fu(), tsumo.raw_fu()), (4, 20, 20));
    assert_eq!(
        (
            tsumo.payment().dealer,
            tsumo.payment().non_dealer,
            tsumo.payment().total
        ),
        (2600, 1300, 5200)
    );
    w.seat = Wind::East;
    let dealer = value(&w);
    assert_eq!((dealer.payment().non_dealer, dealer.payment().total), (2600, 7800));
    w.tsumo = false;
    assert_eq!(value(&w).payment().ron, 5800);
}

#[test]
fn seven_pairs_is_25_fu() {
    let v = value(&win("1133m 55p 2288s 3377z", "7z"));
    assert_eq!((v.han(), v.fu(), v.payment().ron), (2, 25, 1600));
    assert_eq!(
        v.fu_items(),
        [FuItem {
            kind: FuKind::Chiitoitsu,
            fu: 25
        }]
    );
    let mut w = win("1133m 55p 2288s 3377z", "7z");
    w.tsumo = true;
    w.riichi = Riichi::Riichi;
    // riichi, tsumo, chiitoitsu: 4 han 25 fu = 1600 / 3200.
    let v = value(&w);
    assert_eq!(
        (v.han(), v.fu(), v.payment().dealer, v.payment().non_dealer),
        (4, 25, 3200, 1600)
    );
}

#[test]
fn open_pinfu_shape_ron_is_30_fu_and_needs_open_tanyao() {
    let w = with_melds("567p 234s 55s 67s 8s", &["chii:234m"], "8s");
    let v = value(&w);
    assert_eq!((v.han(), v.fu(), v.raw_fu(), v.payment().ron), (1, 30, 30, 1000));
    assert_eq!(
        v.fu_items().last(),
        Some(&FuItem {
            kind: FuKind::OpenPinfu,
            fu: 10
        })
    );
    assert_eq!(score(&w, &Config::PYPI), Err(Error::NoYaku));
}

#[test]
fn ryanmen_reading_beats_kanchan() {
    // 122334m: 123 + 234. On 2m the hand is pinfu (234 two-sided) or kanchan (123).
    let mut w = win("122334m 567p 234s 88s", "2m");
    w.riichi = Riichi::Riichi;
    let v = value(&w);
    assert_eq!(
        (v.han(), v.fu(), v.wait(), v.payment().ron),
        (2, 30, Wait::Ryanmen, 2000)
    );
    // On 3m the only readings are edge or closed: no pinfu, 40 fu.
    let mut w = win("122334m 567p 234s 88s", "3m");
    w.riichi = Riichi::Riichi;
    let v = value(&w);
    assert_eq!((v.han(), v.fu(), v.payment().ron), (1, 40, 1300));
    assert!(matches!(v.wait(), Wait::Kanchan | Wait::Penchan));
}

#[test]
fn triplets_or_runs_takes_the_higher_reading() {
    // 111222333m: three triplets (ron on 3m opens one) or three runs (iipeikou, chanta).
    let mut w = win("111222333m 789p 55z", "3m");
    w.riichi = Riichi::Riichi;
    let v = value(&w);
    assert_eq!(yaku_of(&v), [(Yaku::Riichi, 1), (Yaku::Iipeikou, 1), (Yaku::Chanta, 2)]);
    assert_eq!(
        (v.han(), v.fu(), v.limit(), v.payment().ron),
        (4, 40, Limit::Mangan, 8000)
    );
    // Tsumo: the triplets stay concealed: sanankou.
    w.tsumo = true;
    let v = value(&w);
    assert!(v.has(Yaku::Sanankou) || v.has(Yaku::Iipeikou));
}

#[test]
fn shanpon_ron_opens_the_triplet() {
    // 444m 55z shanpon, ron on 4m: 444m is an open triplet (2 fu), haku pair 2 fu.
    let mut w = win("444m 678m 234p 567s 55z", "4m");
    w.riichi = Riichi::Riichi;
    let v = value(&w);
    assert_eq!(v.wait(), Wait::Shanpon);
    // 20 + 10 closed ron + 2 open simple triplet + 2 haku pair = 34 -> 40.
    assert_eq!((v.han(), v.raw_fu(), v.fu()), (1, 34, 40));
}

#[test]
fn kan_fu() {
    // Closed kan of terminals: 32 fu. 20 + 10 + 32 = 62 -> 70.
    let mut w = with_melds("234p 567p 78s 9s 55m", &["ankan:1111m"], "9s");
    w.riichi = Riichi::Riichi;
    let v = value(&w);
    assert_eq!((v.han(), v.raw_fu(), v.fu(), v.payment().ron), (1, 62, 70, 2300));
    // Open kan of simples: 8 fu, open hand: 20 + 8 = 28 -> 30, tanyao.
    let w = with_melds("234p 567p 678s 55m", &["minkan:6666m"], "8s");
    let v = value(&w);
    assert_eq!((v.han(), v.raw_fu(), v.fu()), (1, 28, 30));
    // Added kan of honors (open): 16 fu; hatsu.
    let w = with_melds("234p 567p 678s 55m", &["shouminkan:6666z"], "8s");
    let v = value(&w);
    assert_eq!((v.raw_fu(), v.fu()), (36, 40));
    assert!(v.has(Yaku::Hatsu));
}

#[test]
fn yakuman_and_double_shapes_per_config() {
    let mut w = win("111m 222p 333s 444z 55z", "5z");
    w.tsumo = true;
    let single = value(&w);
    assert_eq!(yaku_of(&single), [(Yaku::SuuankouTanki, 13)]);
    assert_eq!(
        (single.yakuman(), single.payment().total, single.limit_name()),
        (1, 32000, Some("yakuman"))
    );
    let double = score(&w, &Config::MAHJONG_SOUL).unwrap();
    assert_eq!((double.yakuman(), double.payment().total), (2, 64000));
    assert_eq!(double.limit_name(), Some("double yakuman"));
    // Daisangen + tsuuiisou + suuankou tanki (ron on the pair keeps every triplet concealed).
    let v = value(&win("555z 666z 777z 111z 22z", "2z"));
    assert_eq!(v.yakuman(), 3);
    assert_eq!(v.payment().ron, 96000);
    let no_stack = Config {
        composite_yakuman: false,
        ..Config::default()
    };
    assert_eq!(
        score(&win("555z 666z 777z 111z 22z", "2z"), &no_stack)
            .unwrap()
            .payment()
            .ron,
        32000
    );
}

/// Found by the naive reference: without composite yakuman the value listed every yakuman with
/// 13 han (39 in all) beside a total of 13. Only the one that counts is listed: the largest, the
/// lowest code among equals.
#[test]
fn composite_off_lists_only_the_counted_yakuman() {
    let no_stack = Config {
        composite_yakuman: false,
        ..Config::default()
    };
    let v = score(&win("555z 666z 777z 111z 22z", "2z"), &no_stack).unwrap();
    assert_eq!(yaku_of(&v), [(Yaku::SuuankouTanki, 13)]);
    assert_eq!((v.han(), v.yakuman(), v.payment().ron), (13, 1, 32000));
    // Suuankou (a tsumo on a pair), daisuushii and tsuuiisou: the lowest code among singles,
    // the double daisuushii where it is double.
    let mut w = win("111z 222z 333z 444z 55z", "1z");
    w.tsumo = true;
    let v = score(&w, &no_stack).unwrap();
    assert_eq!(yaku_of(&v), [(Yaku::Suuankou, 13)]);
    assert_eq!((v.han(), v.yakuman(), v.payment().total), (13, 1, 32000));
    let doubles = Config {
        composite_yakuman: false,
        ..Config::MAHJONG_SOUL
    };
    let v = score(&w, &doubles).unwrap();
    assert_eq!(yaku_of(&v), [(Yaku::Daisuushii, 26)]);
    assert_eq!((v.han(), v.yakuman(), v.payment().total), (26, 2, 64000));
}

#[test]
fn nine_gates_and_thirteen_orphans() {
    let mut w = win("1112345678999m 5m", "5m");
    w.tsumo = true;
    let v = value(&w);
    assert_eq!(yaku_of(&v), [(Yaku::JunseiChuuren, 13)]);
    assert_eq!(score(&w, &Config::MAHJONG_SOUL).unwrap().yakuman(), 2);
    let v = value(&win("11123455678999m", "1m"));
    assert_eq!(yaku_of(&v), [(Yaku::Chuuren, 13)]);
    let v = value(&win("19m 19p 19s 1234567z 1m", "1m"));
    assert_eq!(
        (yaku_of(&v), v.wait()),
        ([(Yaku::Kokushi13, 13)].to_vec(), Wait::Thirteen)
    );
    let v = value(&win("19m 19p 19s 1234567z 1m", "9m"));
    assert_eq!(yaku_of(&v), [(Yaku::Kokushi, 13)]);
}

#[test]
fn kazoe_yakuman() {
    // Riichi ippatsu tsumo pinfu iipeikou ittsu chinitsu: 1+1+1+1+1+2+6 = 13.
    let mut w = win("112233m 456m 789m 99m", "4m");
    w.tsumo = true;
    w.riichi = Riichi::Riichi;
    w.ippatsu = true;
    let v = value(&w);
    assert_eq!(
        (v.han(), v.limit(), v.limit_name()),
        (13, Limit::KazoeYakuman, Some("kazoe yakuman"))
    );
    assert_eq!((v.payment().dealer, v.payment().non_dealer), (16000, 8000));
    let capped = score(
        &w,
        &Config {
            kazoe: Kazoe::Sanbaiman,
            ..Config::default()
        },
    )
    .unwrap();
    assert_eq!((capped.limit(), capped.payment().total), (Limit::Sanbaiman, 24000));
}

#[test]
fn honba_and_sticks() {
    let mut w = win("234m 567p 23455s 678s", "8s");
    w.riichi = Riichi::Riichi;
    w.honba = 2;
    w.riichi_sticks = 1;
    let v = value(&w);
    assert_eq!(
        (v.payment().ron, v.payment().total, v.payment().sticks),
        (4500, 4500, 1000)
    );
    w.riichi = Riichi::None;
    w.tsumo = true;
    // Menzen tsumo pinfu tanyao: 3 han 20 fu = 700 / 1300; plus 100 each per honba.
    let v = value(&w);
    assert_eq!(
        (v.payment().dealer, v.payment().non_dealer, v.payment().total),
        (1500, 900, 3300)
    );
}

#[test]
fn limits_and_kiriage() {
    // Riichi, tsumo, sanankou... use a 4 han 30 fu ron: riichi tanyao iipeikou dora1.
    let mut w = win("223344m 567p 678s 55p", "2m");
    w.riichi = Riichi::Riichi;
    w.dora.push("4s".parse().unwrap()).unwrap(); // dora 5s: none; keep for count 0
    w.ura.push("1p".parse().unwrap()).unwrap(); // ura 2p: none
    let v = value(&w);
    // riichi, pinfu, tanyao, iipeikou: 4 han 30 fu = 7700 (mangan with kiriage).
    assert_eq!(
        (v.han(), v.fu(), v.payment().ron, v.limit()),
        (4, 30, 7700, Limit::None)
    );
    let k = score(
        &w,
        &Config {
            kiriage: true,
            ..Config::default()
        },
    )
    .unwrap();
    assert_eq!((k.payment().ron, k.limit(), k.kiriage()), (8000, Limit::Mangan, true));
}

#[test]
fn dora_ura_and_red_fives() {
    let mut w = win("234m 067p 23455s 678s", "8s");
    w.riichi = Riichi::Riichi;
    w.dora.push("9s".parse().unwrap()).unwrap(); // dora 1s: none
    w.dora.push("4s".parse().unwrap()).unwrap(); // kan dora 5s: two
    w.ura.push("3m".parse().unwrap()).unwrap(); // ura 4m: one
    w.ura.push("7z".parse().unwrap()).unwrap(); // ura 5z: none
    let v = value(&w);
    assert_eq!((v.dora(), v.ura(), v.red()), (2, 1, 1));
    assert_eq!(v.han(), 3 + 4);
    assert_eq!(score(&w, &Config::PYPI).unwrap().red(), 0);
    let mut plain = w;
    plain.riichi = Riichi::None;
    plain.ura = List::new();
    // pinfu + tanyao + 3 dora: dora never make a hand without a yaku, but here there are yaku.
    assert_eq!(value(&plain).han(), 2 + 3);
    assert_eq!(super::eval::dora_of("9m".parse().unwrap()).to_string(), "1m");
    assert_eq!(super::eval::dora_of("4z".parse().unwrap()).to_string(), "1z");
    assert_eq!(super::eval::dora_of("7z".parse().unwrap()).to_string(), "5z");
}

#[test]
fn yakuhai_and_double_wind_pair() {
    // East round, East seat: the 11z pair is a double wind: 4 fu (2 under a 2-fu config).
    let mut w = win("234m 567p 234s 678s 11z", "8s");
    w.seat = Wind::East;
    w.riichi = Riichi::Riichi;
    let v = value(&w);
    assert_eq!((v.raw_fu(), v.fu()), (34, 40));
    let two = score(
        &w,
        &Config {
            double_wind_pair_fu: 2,
            ..Config::default()
        },
    )
    .unwrap();
    assert_eq!(two.raw_fu(), 32);
    // A triplet of the double wind: two yakuhai.
    let w = with_melds("234m 567p 678s 55m", &["pon:111z@N"], "8s");
    let mut w = w;
    w.seat = Wind::East;
    let v = value(&w);
    assert_eq!(yaku_of(&v), [(Yaku::SeatWind, 1), (Yaku::RoundWind, 1)]);
}

#[test]
fn open_reductions() {
    // Open honitsu with chanta-free shape: honitsu 2, hatsu 1.
    let w = with_melds("123m 456m 99m 789m", &["pon:666z"], "9m");
    let v = value(&w);
    assert_eq!(yaku_of(&v), [(Yaku::Hatsu, 1), (Yaku::Ittsu, 1), (Yaku::Honitsu, 2)]);
}

#[test]
fn impossible_hands_are_typed_errors() {
    let c = Config::default();
    assert_eq!(
        score(
            &with_melds("1m 234p 567p 789s 11z", &["pon:111m", "chii:234s"], "1m"),
            &c
        ),
        Err(Error::WrongTileCount { tiles: 12, melds: 2 })
    );
    let w = with_melds("1m 234p 567p 789s 1z 2z", &["pon:111m"], "1m");
    assert_eq!(score(&w, &c), Err(Error::WrongTileCount { tiles: 12, melds: 1 }));
    let w = with_melds("11m 234p 567p 789s", &["pon:111m"], "1m");
    assert_eq!(
        score(&w, &c),
        Err(Error::FifthCopy {
            tile: "1m".parse().unwrap()
        })
    );
    assert_eq!("minkan:777z".parse::<CalledMeld>(), Err(Error::BadMeld));
    assert_eq!("chii:135m".parse::<CalledMeld>(), Err(Error::BadMeld));
    assert_eq!("chii:123z".parse::<CalledMeld>(), Err(Error::BadMeld));
    assert_eq!(
        score(&win("234m 567p 23455s 678s", "9s"), &c),
        Err(Error::WinningTileNotInHand)
    );
    assert_eq!(
        score(&win("234m 567p 23455s 67s", "7s"), &c),
        Err(Error::WrongTileCount { tiles: 13, melds: 0 })
    );
    assert_eq!(
        score(&win("00m 234p 567p 789s 234m", "2m"), &c),
        Err(Error::SecondRedFive {
            tile: "5m".parse().unwrap()
        })
    );
    assert_eq!(
        score(&win("1234m 567p 234s 78s 11z", "8s"), &c),
        Err(Error::NotComplete)
    );
    let mut w = win("234m 567p 23455s 678s", "8s");
    w.haitei = true;
    assert_eq!(score(&w, &c), Err(Error::Conflict(Conflict::HaiteiRon)));
    let mut w = with_melds("567p 234s 55s 67s 8s", &["chii:234m"], "8s");
    w.riichi = Riichi::Riichi;
    assert_eq!(score(&w, &c), Err(Error::Conflict(Conflict::RiichiOpen)));
    let w = with_melds("567p 234s 55s 67s 8s", &["chii:234m@W"], "8s");
    assert_eq!(score(&w, &c), Err(Error::CalledFromWrongSeat { index: 0 }));
    let w = with_melds("567p 234s 55s 67s 8s", &["chii:234m@E"], "8s");
    assert!(score(&w, &c).is_ok());
    let mut w = win("234m 567p 23455s 678s", "8s");
    w.ura.push("1m".parse().unwrap()).unwrap();
    assert_eq!(score(&w, &c), Err(Error::TooManyIndicators));
    // A five-copy hand through the 136 form: ids are per copy, kinds still at most four.
    assert_eq!(Piece::from_id(136), None);
    assert_eq!(Piece::from_id(53).map(|p| p.is_red()), Some(false));
}

#[test]
fn tenhou_and_chiihou() {
    let mut w = win("234m 567p 23455s 678s", "8s");
    w.tsumo = true;
    w.tenhou = true;
    assert_eq!(
        score(&w, &Config::default()),
        Err(Error::Conflict(Conflict::BlessingSeat))
    );
    w.seat = Wind::East;
    let v = value(&w);
    assert_eq!((yaku_of(&v), v.payment().total), ([(Yaku::Tenhou, 13)].to_vec(), 48000));
    w.tenhou = false;
    w.seat = Wind::West;
    w.chiihou = true;
    assert_eq!(value(&w).payment().total, 32000);
}

#[test]
fn notation_round_trips() {
    for m in [
        "chii:345s@N",
        "pon:505p@W",
        "minkan:7777z@E",
        "shouminkan:2222p",
        "ankan:1111m",
    ] {
        assert_eq!(m.parse::<CalledMeld>().unwrap().to_string(), m);
    }
    let list: List<Piece, 14> = "1230m 5z".parse().unwrap();
    assert_eq!(list.len(), 5);
    assert_eq!(list.as_slice()[3].to_string(), "0m");
    assert!("1230x".parse::<List<Piece, 14>>().is_err());
    assert!("123".parse::<List<Piece, 14>>().is_err());
}

#[test]
fn the_constant_empty_values_are_the_defaults() {
    // Win::EMPTY and the lists' constants stand for the derived defaults where they are built
    // in place (the round's win, the hand value's lists): the same bytes compare equal.
    assert_eq!(Win::EMPTY, Win::default());
    assert_eq!(Piece::DEFAULT, Piece::default());
    assert_eq!(List::<super::YakuHan, 16>::EMPTY_YAKU, List::default());
    assert_eq!(List::<super::FuItem, 10>::EMPTY_FU, List::default());
    assert_eq!(List::<CalledMeld, 4>::EMPTY_MELDS, List::default());
    assert_eq!(List::<Piece, 5>::EMPTY_PIECES, List::default());
}

#[test]
fn retain_map_leaves_the_list_a_pushed_one_would_be() {
    let mut kept: List<super::YakuHan, 16> = List::default();
    for (yaku, han) in [(Yaku::Riichi, 1), (Yaku::Pinfu, 0), (Yaku::Tanyao, 2), (Yaku::Ittsu, 0)] {
        kept.push(super::YakuHan { yaku, han }).unwrap();
    }
    kept.retain_map(|y| (y.han > 0).then_some(super::YakuHan { han: y.han + 1, ..y }));
    let mut pushed: List<super::YakuHan, 16> = List::default();
    pushed
        .push(super::YakuHan {
            yaku: Yaku::Riichi,
            han: 2,
        })
        .unwrap();
    pushed
        .push(super::YakuHan {
            yaku: Yaku::Tanyao,
            han: 3,
        })
        .unwrap();
    assert_eq!(kept, pushed);
    kept.retain_map(|_| None);
    assert_eq!(kept, List::default());
}
