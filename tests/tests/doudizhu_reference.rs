//! The Dou Dizhu reference (`parlor_conformance::reference::doudizhu`) against the golden
//! numbers of the issue, the vector files (interpreted here, not through the CLI), the spring
//! cases and rule examples with real values.

use std::collections::BTreeMap;
use std::path::Path;

use parlor_conformance::reference::doudizhu::{self as dd, Hand, Kind, Preset, Reading};

fn h(text: &str) -> Hand {
    dd::parse(text).unwrap_or_else(|error| panic!("{text}: {error}"))
}

fn r(kind: Kind, chain: u8, key: u8) -> Reading {
    Reading { kind, chain, key }
}

/// Per kind: (distinct card sets with a reading of that kind, number of readings of that kind).
fn breakdown(preset: Preset) -> BTreeMap<&'static str, (usize, usize)> {
    let mut out = BTreeMap::new();
    for play in dd::all_plays(preset) {
        let readings = dd::readings(&play, preset);
        let mut kinds: Vec<Kind> = readings.iter().map(|reading| reading.kind).collect();
        kinds.dedup();
        for kind in kinds {
            out.entry(kind.name()).or_insert((0, 0)).0 += 1;
        }
        for reading in readings {
            out.entry(reading.kind.name()).or_insert((0, 0)).1 += 1;
        }
    }
    out
}

fn expect_breakdown(preset: Preset, expected: &[(&str, usize, usize)]) {
    let actual = breakdown(preset);
    let expected: BTreeMap<&str, (usize, usize)> = expected
        .iter()
        .map(|(name, sets, readings)| (*name, (*sets, *readings)))
        .collect();
    assert_eq!(actual, expected, "{preset:?}");
}

#[test]
fn rlcard_has_27471_plays_one_type_each() {
    let plays = dd::all_plays(Preset::RlCard);
    assert_eq!(plays.len(), 27_471);
    assert!(plays.iter().all(|play| dd::readings(play, Preset::RlCard).len() == 1));
    // RLCard's own table (DouZero paper, table of action types): plane with solo 21,822,
    // plane with pair 2,939, quad with solo 1,326, quad with pair 858.
    expect_breakdown(
        Preset::RlCard,
        &[
            ("single", 15, 15),
            ("pair", 13, 13),
            ("triplet", 13, 13),
            ("triplet-single", 182, 182),
            ("triplet-pair", 156, 156),
            ("sequence", 36, 36),
            ("pair-sequence", 52, 52),
            ("airplane", 45, 45),
            ("airplane-singles", 21_822, 21_822),
            ("airplane-pairs", 2_939, 2_939),
            ("bomb", 13, 13),
            ("rocket", 1, 1),
            ("quad-singles", 1_326, 1_326),
            ("quad-pairs", 858, 858),
        ],
    );
}

#[test]
fn openspiel_has_25661_sets_and_26053_actions() {
    let plays = dd::all_plays(Preset::OpenSpiel);
    assert_eq!(plays.len(), 25_661);
    let actions: usize = plays
        .iter()
        .map(|play| dd::readings(play, Preset::OpenSpiel).len())
        .sum();
    assert_eq!(actions, 26_053);
    // The action-range sizes of open_spiel/games/dou_dizhu/dou_dizhu_utils.h: airplane with
    // solo 22,588 actions, with pair 2,939, no quad + two.
    expect_breakdown(
        Preset::OpenSpiel,
        &[
            ("single", 15, 15),
            ("pair", 13, 13),
            ("triplet", 13, 13),
            ("triplet-single", 182, 182),
            ("triplet-pair", 156, 156),
            ("sequence", 36, 36),
            ("pair-sequence", 52, 52),
            ("airplane", 45, 45),
            ("airplane-singles", 22_205, 22_588),
            ("airplane-pairs", 2_939, 2_939),
            ("bomb", 13, 13),
            ("rocket", 1, 1),
        ],
    );
    // The 9 plain four-triplet airplanes are the sets with readings of two kinds.
    let two_kinds = plays
        .iter()
        .filter(|play| {
            let readings = dd::readings(play, Preset::OpenSpiel);
            readings.iter().any(|reading| reading.kind != readings[0].kind)
        })
        .count();
    assert_eq!(two_kinds, 9);
}

#[test]
fn pagat_counts_by_kind() {
    let plays = dd::all_plays(Preset::Pagat);
    assert_eq!(plays.len(), 13_530);
    assert!(plays.iter().all(|play| dd::readings(play, Preset::Pagat).len() == 1));
    assert_eq!(plays.iter().filter(|play| dd::size(play) <= 20).count(), 12_654);
    expect_breakdown(
        Preset::Pagat,
        &[
            ("single", 15, 15),
            ("pair", 13, 13),
            ("triplet", 13, 13),
            ("triplet-single", 182, 182),
            ("triplet-pair", 156, 156),
            ("sequence", 36, 36),
            ("pair-sequence", 55, 55),
            ("airplane", 66, 66),
            ("airplane-singles", 7_516, 7_516),
            ("airplane-pairs", 3_436, 3_436),
            ("bomb", 13, 13),
            ("rocket", 1, 1),
            ("quad-singles", 1_170, 1_170),
            ("quad-pairs", 858, 858),
        ],
    );
}

#[test]
fn exactly_77_airplanes_with_single_wings_beat_qqqkkk34() {
    let prev = h("QQQKKK34");
    let count = dd::all_plays(Preset::Pagat)
        .iter()
        .filter(|play| {
            dd::readings(play, Preset::Pagat)
                .iter()
                .any(|reading| reading.kind == Kind::AirplaneSingles)
                && dd::beats(&prev, play, Preset::Pagat)
        })
        .count();
    assert_eq!(count, 77);
}

#[test]
fn parse_and_format() {
    assert_eq!(h("3"), [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(h("10"), h("T"));
    assert_eq!(h("t10jqk"), h("TTJQK"));
    assert_eq!(h("br"), h("BR"));
    assert_eq!(h("-"), dd::EMPTY);
    assert_eq!(h(""), dd::EMPTY);
    assert_eq!(dd::format(&h("R2B3T10")), "3TT2BR");
    assert_eq!(dd::format(&dd::EMPTY), "-");
    assert_eq!(dd::size(&dd::full_deck()), 54);
    assert_eq!(dd::parse("33333"), Err("too many 3: a deck has 4".to_owned()));
    assert_eq!(dd::parse("BB"), Err("too many B: a deck has 1".to_owned()));
    assert_eq!(dd::parse("rR"), Err("too many R: a deck has 1".to_owned()));
    assert_eq!(dd::parse("34X"), Err("bad card 'X' at offset 2".to_owned()));
    assert_eq!(dd::parse("1"), Err("bad card '1' at offset 0".to_owned()));
    assert_eq!(dd::parse("3-4"), Err("bad card '-' at offset 1".to_owned()));
    assert_eq!(dd::parse("3 4"), Err("bad card ' ' at offset 1".to_owned()));
    assert_eq!(dd::parse("3é"), Err("bad card 'é' at offset 1".to_owned()));
}

#[test]
fn readings_carry_chain_and_key() {
    let p = Preset::Pagat;
    assert_eq!(dd::readings(&h("R"), p), [r(Kind::Single, 1, 14)]);
    assert_eq!(dd::readings(&h("BR"), p), [r(Kind::Rocket, 1, 13)]);
    assert_eq!(dd::readings(&h("6668"), p), [r(Kind::TripletSingle, 1, 3)]);
    assert_eq!(dd::readings(&h("89TJQ"), p), [r(Kind::Sequence, 5, 5)]);
    assert_eq!(dd::readings(&h("TTJJQQKK"), p), [r(Kind::PairSequence, 4, 7)]);
    assert_eq!(dd::readings(&h("77788836"), p), [r(Kind::AirplaneSingles, 2, 4)]);
    assert_eq!(dd::readings(&h("88899944JJ"), p), [r(Kind::AirplanePairs, 2, 5)]);
    assert_eq!(dd::readings(&h("666689"), p), [r(Kind::QuadSingles, 1, 3)]);
    assert_eq!(dd::readings(&h("JJJJ99QQ"), p), [r(Kind::QuadPairs, 1, 8)]);
    assert_eq!(dd::readings(&h("2222"), p), [r(Kind::Bomb, 1, 12)]);
    assert!(dd::readings(&h("333444677"), p).is_empty());
    // OpenSpiel: a plain 4-chain airplane also reads as a 3-chain with three single wings,
    // starting at 3 (wings 666) or at 4 (wings 333); the strongest is the latter.
    let o = Preset::OpenSpiel;
    let both = dd::readings(&h("333444555666"), o);
    assert_eq!(
        both,
        [
            r(Kind::Airplane, 4, 0),
            r(Kind::AirplaneSingles, 3, 0),
            r(Kind::AirplaneSingles, 3, 1)
        ]
    );
    assert_eq!(dd::strongest(&both), Some(r(Kind::AirplaneSingles, 3, 1)));
    assert_eq!(
        dd::readings(&h("3334445556667778"), o),
        [r(Kind::AirplaneSingles, 4, 0), r(Kind::AirplaneSingles, 4, 1)]
    );
    assert!(dd::readings(&h("3334445556667778"), Preset::RlCard).is_empty());
    // Impossible hands have no reading.
    assert!(dd::readings(&[5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], p).is_empty());
}

#[test]
fn beating_rules() {
    let p = Preset::Pagat;
    let yes = |prev: &str, play: &str| dd::beats(&h(prev), &h(play), p);
    assert!(yes("888A", "9993"));
    assert!(!yes("9993", "888A"));
    assert!(yes("666689", "3333"));
    assert!(!yes("3333", "666689"));
    assert!(yes("2222", "BR"));
    assert!(!yes("BR", "2222"));
    assert!(!yes("BR", "BR"));
    // Not a play on either side: never beats.
    assert!(!yes("34", "55"));
    assert!(!yes("33", "45"));
    // Reading-level rules.
    let bomb = r(Kind::Bomb, 1, 0);
    let quad = r(Kind::QuadSingles, 1, 12);
    assert!(bomb.beats(&quad));
    assert!(!quad.beats(&bomb));
    assert!(!r(Kind::QuadPairs, 1, 12).beats(&r(Kind::QuadSingles, 1, 0)));
    assert!(!r(Kind::Sequence, 6, 6).beats(&r(Kind::Sequence, 5, 0)));
}

#[test]
fn moves_enumerate_every_distinct_play() {
    // The issue's example of a 20-card hand with many leads.
    let hand = h("333444555666789TJQKA");
    let counts: Vec<usize> = Preset::ALL
        .iter()
        .map(|preset| dd::moves(&hand, None, *preset).len())
        .collect();
    assert_eq!(counts, [497, 519, 519, 497, 519]);
    for preset in Preset::ALL {
        for text in [
            "333444555666789TJQKA",
            "3334445556667778",
            "BR2222AAAAKKKKQQQQJJ",
            "-",
            "3",
        ] {
            let hand = h(text);
            let moves = dd::moves(&hand, None, preset);
            assert_eq!(moves, dd::plays_within(&hand, preset), "{text} {preset:?}");
            let mut unique = moves.clone();
            unique.dedup();
            assert_eq!(unique.len(), moves.len());
        }
    }
    // Answers to a previous play: every one beats it.
    let answers = dd::moves(&h("33344455566678BR"), Some(&h("JJJQ")), Preset::Pagat);
    assert_eq!(answers.iter().map(dd::format).collect::<Vec<_>>(), ["BR"]);
    let answers = dd::moves(&h("4445556667778"), Some(&h("33344456")), Preset::Pagat);
    let shown: Vec<String> = answers.iter().map(dd::format).collect();
    // Chains 4-5, 5-6, 6-7, each with two different wings from the other three ranks.
    let expected = [
        "44455567", "44455568", "44455578", "45556667", "45556668", "45666777", "46667778", "55566678", "56667778",
    ];
    assert_eq!(shown, expected);
    assert!(
        answers
            .iter()
            .all(|play| dd::beats(&h("33344456"), play, Preset::Pagat))
    );
    // A previous play that is no play admits nothing.
    assert!(dd::moves(&h("33344456"), Some(&h("34")), Preset::Pagat).is_empty());
}

#[test]
fn min_plays_examples() {
    let p = Preset::Pagat;
    assert_eq!(dd::min_plays(&dd::EMPTY, p), 0);
    assert_eq!(dd::min_plays(&h("33344455566677789TJQ"), p), 1);
    assert_eq!(dd::min_plays(&h("3456789TJQKA2R345678"), p), 4);
    assert_eq!(dd::min_plays(&h("BR2222AAAAKKKKQQQQJJ"), p), 3);
    assert_eq!(dd::min_plays(&h("3579JKB"), p), 7);
    assert_eq!(dd::min_plays(&h("333344"), p), 2);
    assert_eq!(dd::min_plays(&h("333344"), Preset::RlCard), 1);
}

fn spring_cases() -> Vec<(usize, Hand, Hand, Hand, bool)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors/doudizhu_spring.cases");
    let text = std::fs::read_to_string(path).expect("spring cases readable");
    let mut cases = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let columns: Vec<&str> = line.split('\t').collect();
        assert_eq!(columns.len(), 5, "line {}: five TAB columns", index + 1);
        let expected = match columns[3] {
            "yes" => true,
            "no" => false,
            other => panic!("line {}: expected yes/no, got {other}", index + 1),
        };
        let (landlord, one, two) = (h(columns[0]), h(columns[1]), h(columns[2]));
        assert_eq!(
            (dd::size(&landlord), dd::size(&one), dd::size(&two)),
            (20, 17, 17),
            "line {}",
            index + 1
        );
        assert_eq!(
            dd::minus(&dd::minus(&dd::minus(&dd::full_deck(), &landlord), &one), &two),
            dd::EMPTY,
            "line {}: the three hands make one deck",
            index + 1
        );
        cases.push((index + 1, landlord, one, two, expected));
    }
    cases
}

#[test]
fn spring_cases_hold_and_plans_replay() {
    let cases = spring_cases();
    assert!(cases.len() >= 10);
    assert!(cases.iter().any(|case| case.4) && cases.iter().any(|case| !case.4));
    for (line, landlord, one, two, expected) in cases {
        let plan = dd::spring(&landlord, &[one, two], Preset::Pagat);
        assert_eq!(plan.is_some(), expected, "line {line}");
        if let Some(plan) = plan {
            dd::check_spring_plan(&landlord, &[one, two], &plan, Preset::Pagat)
                .unwrap_or_else(|error| panic!("line {line}: {error}"));
        }
        // One peasant given: the other holds the rest, the same answer.
        assert_eq!(
            dd::spring(&landlord, &[one], Preset::Pagat).is_some(),
            expected,
            "line {line}"
        );
        // The unknown split is stricter than any known one.
        if dd::spring(&landlord, &[], Preset::Pagat).is_some() {
            assert!(expected, "line {line}: yes for an unknown split but no for a known one");
        }
        if let Some(plan) = dd::spring(&landlord, &[one, two], Preset::Pagat) {
            assert!(
                plan.len() as u32 >= dd::min_plays(&landlord, Preset::Pagat),
                "line {line}"
            );
        }
    }
}

#[test]
fn spring_modes_and_edges() {
    let p = Preset::Pagat;
    // The unknown split is at least as strict as any known one.
    let landlord = h("BR2222AAAAKKKKQQQQJJ");
    let plan = dd::spring(&landlord, &[], p).expect("bombs above any peasant bomb, JJ last");
    assert_eq!(plan.last().map(dd::format).as_deref(), Some("JJ"));
    assert!(dd::spring(&h("3456789TJQKA2R345678"), &[], p).is_none());
    // A hand that is one play is always a spring; no cards is trivially one.
    assert_eq!(dd::spring(&h("BR"), &[], p), Some(vec![h("BR")]));
    assert_eq!(dd::spring(&dd::EMPTY, &[], p), Some(vec![]));
    // Inconsistent input: overlapping hands or three peasants.
    assert!(dd::spring(&h("BR"), &[h("B")], p).is_none());
    assert!(dd::spring(&h("3"), &[h("4"), h("5"), h("6")], p).is_none());
    let bad_plan = [h("JJ"), h("QQQQ")];
    assert!(dd::check_spring_plan(&h("QQQQJJ"), &[h("33334")], &bad_plan, p).is_err());
}

/// The words of a vector command line after `doudizhu`, with `--preset NAME` taken out.
fn split_preset(args: &[String]) -> (Preset, Vec<&str>) {
    let mut preset = Preset::Pagat;
    let mut words = Vec::new();
    let mut iter = args.iter().skip(1);
    while let Some(word) = iter.next() {
        if word == "--preset" {
            let name = iter.next().expect("--preset takes a name");
            preset = Preset::from_name(name).unwrap_or_else(|| panic!("unknown preset {name}"));
        } else {
            words.push(word.as_str());
        }
    }
    (preset, words)
}

#[test]
fn vectors_agree_with_the_reference() {
    let vectors = parlor_conformance::vectors::load("doudizhu");
    let files: Vec<&str> = vectors.iter().map(|(file, _)| file.as_str()).collect();
    assert!(files.contains(&"doudizhu_seed.tsv") && files.contains(&"doudizhu_golden.tsv"));
    let mut checked = 0;
    for (file, vector) in &vectors {
        assert_eq!(
            vector.args.first().map(String::as_str),
            Some("doudizhu"),
            "{file}:{}",
            vector.line
        );
        let (preset, words) = split_preset(&vector.args);
        let at = format!("{file}:{}: {}", vector.line, vector.args.join(" "));
        // An expected `error: …` line: bad notation (the reference's parser must reject it
        // too; its wording is its own) or a previous play that is no combination.
        let wants_error = vector.expected.starts_with("error: ");
        let parsed = |text: &str| match dd::parse(text) {
            Ok(hand) => Some(hand),
            Err(_) => {
                assert!(wants_error, "{at}: the reference rejects {text:?}");
                None
            }
        };
        let actual = match words.as_slice() {
            ["classify", cards] => {
                let Some(cards) = parsed(cards) else {
                    checked += 1;
                    continue;
                };
                dd::classify_text(&cards, preset)
            }
            ["beats", prev, play] => {
                let (Some(prev), Some(play)) = (parsed(prev), parsed(play)) else {
                    checked += 1;
                    continue;
                };
                if prev != dd::EMPTY && dd::readings(&prev, preset).is_empty() {
                    assert!(wants_error, "{at}: the previous play is no play");
                    checked += 1;
                    continue;
                }
                if prev == dd::EMPTY {
                    if dd::readings(&play, preset).is_empty() {
                        "no"
                    } else {
                        "yes"
                    }
                } else if dd::beats(&prev, &play, preset) {
                    "yes"
                } else {
                    "no"
                }
                .to_owned()
            }
            // Other commands (moves, spring, …) are the CLI's own vectors.
            _ => continue,
        };
        assert_eq!(
            actual,
            vector.expected,
            "{file}:{}: {}",
            vector.line,
            vector.args.join(" ")
        );
        checked += 1;
    }
    assert!(checked >= 150, "only {checked} vectors checked");
}

#[test]
fn names_round_trip() {
    for kind in Kind::ALL {
        assert_eq!(Kind::from_name(kind.name()), Some(kind));
    }
    for preset in Preset::ALL {
        assert_eq!(Preset::from_name(preset.name()), Some(preset));
    }
    assert_eq!(Preset::default(), Preset::Pagat);
    assert_eq!(Kind::from_name("bombs"), None);
}

/// Small mid-game deals (landlord, peasant 1, peasant 2, answers under pagat, rlcard,
/// openspiel), answered by an independent brute force (a separate classifier written from the
/// definitions, partitions tried in every order without the lowest-card shortcut).
const SMALL_SPRINGS: [(&str, &str, &str, [bool; 3]); 14] = [
    ("KAA222BR", "TJJAA2", "34559", [true; 3]),
    ("22BR", "QKKA2", "6TJJQK2", [true; 3]),
    ("QKKAA22R", "TJQKA2B", "56TJKA", [true; 3]),
    ("QAAA222BR", "QKK", "38QK2", [true; 3]),
    ("A22BR", "QKAAA2", "35688JQ2", [true; 3]),
    ("A22BR", "QKKA", "3TJJJQKA", [true; 3]),
    ("QKAA22BR", "6JQKK22", "3677", [false; 3]),
    ("466789JQ", "335", "3AAB", [false; 3]),
    ("QKA222R", "4JQQAA2B", "569TQ", [false; 3]),
    ("35689TKR", "38JJQ2", "567Q", [false; 3]),
    ("34457TK", "8K2", "68TJA22R", [false; 3]),
    ("33458QK2", "5689", "3789TKA", [false; 3]),
    // Quad + two singles (2222 with two cards) is safe where it exists; openspiel has none.
    ("QKA2222R", "KAAAB", "345QQ", [true, true, false]),
    ("QKKA2222B", "JAR", "338QK", [true, true, false]),
];

#[test]
fn small_springs_match_an_independent_brute_force() {
    for (landlord, one, two, expected) in SMALL_SPRINGS {
        let (landlord, peasants) = (h(landlord), [h(one), h(two)]);
        for (preset, expected) in Preset::ALL.into_iter().zip(expected) {
            let plan = dd::spring(&landlord, &peasants, preset);
            assert_eq!(plan.is_some(), expected, "{} {preset:?}", dd::format(&landlord));
            if let Some(plan) = plan {
                dd::check_spring_plan(&landlord, &peasants, &plan, preset).unwrap_or_else(|error| panic!("{error}"));
            }
        }
    }
}

#[test]
fn moves_of_a_full_deck_use_the_table() {
    let deck = dd::full_deck();
    for preset in Preset::ALL {
        assert_eq!(dd::moves(&deck, None, preset), dd::all_plays(preset));
    }
    // Every play of the deck that beats 2222 is the rocket.
    let over_bomb = dd::moves(&deck, Some(&h("2222")), Preset::Pagat);
    assert_eq!(over_bomb, [h("BR")]);
    // Quad + two pairs of 2s is the highest of its kind: only the 13 bombs and the rocket beat it.
    let over_quad = dd::moves(&deck, Some(&h("22223344")), Preset::Pagat);
    assert_eq!(over_quad.len(), 14);
}
