//! Dou Dizhu: golden numbers, rulings and vectors through the core, the CLI and the reference.

use std::collections::HashSet;
use std::ops::ControlFlow;

use parlor_core::doudizhu::*;

fn c(text: &str) -> Cards {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn table(preset: &Preset) -> Vec<Cards> {
    let mut all = Vec::new();
    for_each_move(&Cards::DECK, &Cards::EMPTY, preset, |cards| {
        all.push(cards);
        ControlFlow::Continue(())
    })
    .unwrap();
    all
}

#[test]
fn golden_table_sizes() {
    for (preset, expected) in [
        (Preset::RLCARD, 27_471),
        (Preset::OPENSPIEL, 25_661),
        (Preset::PAGAT, 13_530),
    ] {
        let all = table(&preset);
        let distinct: HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), all.len(), "duplicates under {preset:?}");
        assert_eq!(all.len(), expected, "{preset:?}");
        for cards in &all {
            assert!(!classify(cards, &preset).is_empty(), "{cards}");
        }
    }
}

/// Botzone's and DouZero's whole tables (every play over a full deck) are the reference's, set
/// for set and reading for reading.
#[test]
fn botzone_and_douzero_tables_match_the_reference() {
    use parlor_conformance::reference::doudizhu as reference;
    for (preset, rp) in [
        (Preset::BOTZONE, reference::Preset::Botzone),
        (Preset::DOUZERO, reference::Preset::DouZero),
    ] {
        let all = table(&preset);
        let distinct: HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), all.len(), "duplicates under {preset:?}");
        let want = reference::table(rp);
        assert_eq!(all.len(), want.len(), "{preset:?}");
        for cards in &all {
            let mut mine: Vec<_> = classify(cards, &preset)
                .iter()
                .map(|r| (r.kind.name().to_owned(), r.chain, r.key as u8))
                .collect();
            mine.sort();
            let mut theirs: Vec<_> = want
                .get(&cards.counts())
                .unwrap_or_else(|| panic!("{cards} is no {} play in the reference", rp.name()))
                .iter()
                .map(|r| (r.kind.name().to_owned(), r.chain, r.key))
                .collect();
            theirs.sort();
            assert_eq!(mine, theirs, "{cards}");
        }
        println!("{} plays over a full deck: {}", rp.name(), all.len());
    }
}

#[test]
fn seventy_seven_airplanes_with_single_wings_beat_qqqkkk34() {
    let prev = c("QQQKKK34");
    let count = table(&Preset::PAGAT)
        .iter()
        .filter(|play| {
            classify(play, &Preset::PAGAT)
                .iter()
                .any(|r| r.kind == Kind::AirplaneSingles)
                && beats(&prev, play, &Preset::PAGAT).unwrap()
        })
        .count();
    assert_eq!(count, 77);
    // The same through move generation from the whole deck.
    let mut n = 0;
    for_each_move(&Cards::DECK, &prev, &Preset::PAGAT, |play| {
        if play.len() == 8 {
            n += 1;
        }
        ControlFlow::Continue(())
    })
    .unwrap();
    assert_eq!(n, 77);
}

#[test]
fn openspiel_action_count_is_the_number_of_readings() {
    let readings: usize = table(&Preset::OPENSPIEL)
        .iter()
        .map(|cards| classify(cards, &Preset::OPENSPIEL).len())
        .sum();
    assert_eq!(readings, 26_053);
    for preset in [Preset::PAGAT, Preset::RLCARD] {
        assert!(table(&preset).iter().all(|cards| classify(cards, &preset).len() == 1));
    }
}

#[test]
fn doudizhu_diff_regressions_and_random_cases() {
    let n =
        parlor_conformance::fuzzing::run_target("doudizhu_diff", 150, parlor_conformance::check::doudizhu::diff_all);
    assert!(n > 100);
}

#[test]
fn ffi_doudizhu_regressions_and_random_cases() {
    let n = parlor_conformance::fuzzing::run_target("ffi_doudizhu", 1000, parlor_conformance::check::doudizhu::ffi);
    assert!(n > 700);
}

fn kinds(text: &str, preset: &Preset) -> Vec<(Kind, u8, char)> {
    classify(&c(text), preset)
        .iter()
        .map(|r| (r.kind, r.chain, r.key.symbol()))
        .collect()
}

#[test]
fn notation_round_trips_and_errors_name_the_card() {
    assert_eq!(c("10 10 j").to_string(), "TTJ");
    assert_eq!(c("rB2").to_string(), "2BR");
    assert_eq!(c("-"), Cards::EMPTY);
    assert_eq!(c(""), Cards::EMPTY);
    assert_eq!(Cards::EMPTY.to_string(), "-");
    assert_eq!(Cards::DECK.len(), 54);
    assert_eq!(Cards::DECK.to_string().parse::<Cards>(), Ok(Cards::DECK));
    let err = |text: &str| text.parse::<Cards>().unwrap_err();
    assert_eq!(
        err("33X"),
        Error::UnknownCard {
            span: parlor_core::notation::Span::new(2, 3)
        }
    );
    assert_eq!(
        err("1"),
        Error::UnknownCard {
            span: parlor_core::notation::Span::new(0, 1)
        }
    );
    assert_eq!(
        err("77777"),
        Error::TooManyCopies {
            rank: Rank::Seven,
            span: parlor_core::notation::Span::new(4, 5)
        }
    );
    assert!(matches!(
        err("RR"),
        Error::TooManyCopies {
            rank: Rank::RedJoker,
            ..
        }
    ));
    assert!(matches!(err("3-"), Error::UnknownCard { .. }));
    assert!(Cards::from_counts([5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).is_err());
    assert!(Cards::from_counts([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]).is_err());
}

#[test]
fn every_kind_with_chain_and_key() {
    let p = &Preset::PAGAT;
    assert_eq!(kinds("R", p), [(Kind::Single, 1, 'R')]);
    assert_eq!(kinds("22", p), [(Kind::Pair, 1, '2')]);
    assert_eq!(kinds("BR", p), [(Kind::Rocket, 1, 'B')]);
    assert_eq!(kinds("999", p), [(Kind::Triplet, 1, '9')]);
    assert_eq!(kinds("6668", p), [(Kind::TripletSingle, 1, '6')]);
    assert_eq!(kinds("3AAA", p), [(Kind::TripletSingle, 1, 'A')]);
    assert_eq!(kinds("QQQ66", p), [(Kind::TripletPair, 1, 'Q')]);
    assert_eq!(kinds("89TJQ", p), [(Kind::Sequence, 5, '8')]);
    assert_eq!(kinds("3456789TJQKA", p), [(Kind::Sequence, 12, '3')]);
    assert_eq!(kinds("TTJJQQKK", p), [(Kind::PairSequence, 4, 'T')]);
    assert_eq!(kinds("444555", p), [(Kind::Airplane, 2, '4')]);
    assert_eq!(kinds("77788836", p), [(Kind::AirplaneSingles, 2, '7')]);
    assert_eq!(kinds("88899944JJ", p), [(Kind::AirplanePairs, 2, '8')]);
    assert_eq!(kinds("7777", p), [(Kind::Bomb, 1, '7')]);
    assert_eq!(kinds("666689", p), [(Kind::QuadSingles, 1, '6')]);
    assert_eq!(kinds("6666B2", p), [(Kind::QuadSingles, 1, '6')]);
    assert_eq!(kinds("JJJJ99QQ", p), [(Kind::QuadPairs, 1, 'J')]);
    // Not combinations under the seed's rules.
    for text in [
        "JQKA2",
        "3456B",
        "3344",
        "QQKKAA22",
        "AAA222",
        "777888BR",
        "77788833",
        "77788873",
        "8889994444",
        "333444677",
        "666688",
        "6666BR",
        "33334444",
        "34",
        "333BR",
        "3333444455556666",
    ] {
        assert_eq!(kinds(text, p), [], "{text}");
    }
}

#[test]
fn presets_differ_flag_by_flag() {
    let (pagat, rl, os) = (&Preset::PAGAT, &Preset::RLCARD, &Preset::OPENSPIEL);
    // Kickers of equal rank (a pair used as two single wings).
    assert_eq!(kinds("33344455", pagat), []);
    assert_eq!(kinds("33344455", rl), [(Kind::AirplaneSingles, 2, '3')]);
    assert_eq!(kinds("33344455", os), [(Kind::AirplaneSingles, 2, '3')]);
    // A triplet as wings, away from the chain: RLCard and OpenSpiel.
    assert_eq!(kinds("333444555777", rl), [(Kind::AirplaneSingles, 3, '3')]);
    // A triplet as wings next to the chain: OpenSpiel only, read with two starting ranks.
    assert_eq!(
        kinds("3334445556667778889T", os),
        [(Kind::AirplaneSingles, 5, '4'), (Kind::AirplaneSingles, 5, '3')]
    );
    assert_eq!(kinds("3334445556667778889T", rl), []);
    assert_eq!(kinds("33344455566677789TJQ", rl), [(Kind::AirplaneSingles, 5, '3')]);
    assert_eq!(
        kinds("333444555666", os),
        [
            (Kind::AirplaneSingles, 3, '4'),
            (Kind::Airplane, 4, '3'),
            (Kind::AirplaneSingles, 3, '3')
        ]
    );
    assert_eq!(kinds("333444555666", rl), [(Kind::Airplane, 4, '3')]);
    // Four of a rank are never wings in the presets.
    assert_eq!(kinds("3334445556667777", rl), []);
    // Both jokers as kickers: Botzone only; a custom one may allow it.
    assert_eq!(kinds("333444BR", rl), []);
    let bz = &Preset::BOTZONE;
    assert_eq!(kinds("333444BR", bz), [(Kind::AirplaneSingles, 2, '3')]);
    assert_eq!(kinds("2222BR", bz), [(Kind::QuadSingles, 1, '2')]);
    // Botzone: a pair is never two singles; chains of quads, alone or with wings.
    assert_eq!(kinds("333344", bz), []);
    assert_eq!(kinds("33334444", bz), [(Kind::QuadChain, 2, '3')]);
    assert_eq!(kinds("33334444", pagat), []);
    assert_eq!(kinds("333344445678", bz), [(Kind::QuadSingles, 2, '3')]);
    assert_eq!(kinds("3333444455667788", bz), [(Kind::QuadPairs, 2, '3')]);
    assert_eq!(kinds("AAAA2222", bz), []);
    let custom = Preset {
        both_jokers_as_kickers: true,
        ..Preset::PAGAT
    };
    assert_eq!(kinds("333444BR", &custom), [(Kind::AirplaneSingles, 2, '3')]);
    assert_eq!(kinds("3333BR", &custom), [(Kind::QuadSingles, 1, '3')]);
    // Quad + two with a pair as the two singles: RLCard only.
    assert_eq!(kinds("333344", rl), [(Kind::QuadSingles, 1, '3')]);
    assert_eq!(kinds("333344", pagat), []);
    // Quad + two absent: OpenSpiel.
    assert_eq!(kinds("666689", os), []);
    assert_eq!(kinds("JJJJ99QQ", os), []);
    // Play size: RLCard and OpenSpiel stop at 20 cards, the seed does not.
    assert_eq!(kinds("33445566778899TTJJQQKK", pagat), [(Kind::PairSequence, 11, '3')]);
    assert_eq!(kinds("33445566778899TTJJQQKK", rl), []);
    assert_eq!(PresetId::from_name("RLCard"), Some(PresetId::Rlcard));
    assert_eq!(PresetId::from_code(3), Some(PresetId::Botzone));
    assert_eq!(PresetId::from_name("botzone"), Some(PresetId::Botzone));
    assert_eq!(PresetId::from_code(4), Some(PresetId::Douzero));
    assert_eq!(PresetId::from_code(5), None);
    // DouZero: both jokers and a quad may be single wings; a pair may be two singles.
    let dz = &Preset::DOUZERO;
    assert_eq!(kinds("333444BR", dz), [(Kind::AirplaneSingles, 2, '3')]);
    assert_eq!(kinds("2222BR", dz), [(Kind::QuadSingles, 1, '2')]);
    assert_eq!(kinds("444455", dz), [(Kind::QuadSingles, 1, '4')]);
    assert_eq!(kinds("3334445556667777", dz), [(Kind::AirplaneSingles, 4, '3')]);
    assert_eq!(kinds("3334445556667777", rl), []);
}

#[test]
fn beating_rules() {
    let p = &Preset::PAGAT;
    let b = |prev: &str, play: &str| beats(&c(prev), &c(play), p);
    assert_eq!(b("888A", "9993"), Ok(true));
    assert_eq!(b("9993", "888A"), Ok(false));
    assert_eq!(b("34567", "45678"), Ok(true));
    assert_eq!(b("34567", "456789"), Ok(false)); // same number of cards
    assert_eq!(b("QQQKKK34", "KKKAAA56"), Ok(true));
    assert_eq!(b("QQQKKK34", "KKKAAA5566"), Ok(false));
    assert_eq!(b("2222", "BR"), Ok(true));
    assert_eq!(b("BR", "2222"), Ok(false));
    assert_eq!(b("3456789TJQKA", "3333"), Ok(true));
    assert_eq!(b("4444", "3333"), Ok(false));
    assert_eq!(b("666689", "3333"), Ok(true)); // any bomb beats a quad + two
    assert_eq!(b("3333", "777789"), Ok(false)); // a quad + two never beats a bomb
    assert_eq!(b("666689", "777734"), Ok(true));
    assert_eq!(b("66668899", "777734"), Ok(false)); // the same form only
    assert_eq!(b("2", "B"), Ok(true));
    assert_eq!(b("-", "33"), Ok(true)); // a lead
    assert_eq!(b("-", "34"), Ok(false));
    assert_eq!(b("33", "-"), Ok(false)); // a pass beats nothing
    assert_eq!(b("34", "55"), Err(Error::NotACombination));
    // The previous play is read at its strongest reading (OpenSpiel).
    let os = &Preset::OPENSPIEL;
    let prev = c("333444555666"); // strongest: airplane-singles/3 keyed 4
    assert_eq!(beats(&prev, &c("555666777389"), os), Ok(true));
    assert_eq!(beats(&prev, &c("444555666TTT"), os), Ok(false));
    assert_eq!(beats(&prev, &c("444555666777"), os), Ok(true));
}

#[test]
fn moves_are_distinct_and_beat_the_previous_play() {
    let p = &Preset::PAGAT;
    let hand = c("333444555666789TJQKA");
    let mut out = vec![Cards::EMPTY; MAX_MOVES];
    assert_eq!(moves(&hand, &Cards::EMPTY, p, &mut out), Ok(497));
    assert_eq!(moves(&hand, &Cards::EMPTY, &Preset::RLCARD, &mut out), Ok(519));
    assert_eq!(
        moves(&hand, &Cards::EMPTY, p, &mut out[..10]),
        Err(Error::BufferTooSmall { needed: 497 })
    );
    let n = moves(&hand, &c("QQQKKK34"), p, &mut out).unwrap();
    assert_eq!(n, 0);
    let n = moves(&c("3445556BR"), &c("33"), p, &mut out).unwrap();
    let shown: Vec<String> = out[..n].iter().map(Cards::to_string).collect();
    assert_eq!(shown, ["BR", "44", "55"]);
    assert_eq!(moves(&hand, &c("34"), p, &mut out), Err(Error::NotACombination));
    // Every 20-card hand's plays fit the documented bound.
    let mut rng = parlor_conformance::fuzzing::SplitMix64(7);
    for _ in 0..200 {
        let mut deck: Vec<usize> = (0..15)
            .flat_map(|r| std::iter::repeat_n(r, if r >= 13 { 1 } else { 4 }))
            .collect();
        for i in (1..deck.len()).rev() {
            deck.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut counts = [0u8; 15];
        for &r in &deck[..20] {
            counts[r] += 1;
        }
        let hand = Cards::from_counts(counts).unwrap();
        for preset in [Preset::PAGAT, Preset::RLCARD, Preset::OPENSPIEL] {
            let n = moves(&hand, &Cards::EMPTY, &preset, &mut out).unwrap();
            let set: HashSet<_> = out[..n].iter().collect();
            assert_eq!(set.len(), n);
        }
    }
}

#[test]
fn spring_plans_and_modes() {
    let mut scratch = Box::new(Scratch::new());
    let p = &Preset::PAGAT;
    let plan = spring(
        &c("BR2222AAAAKKKKQQQQJJ"),
        &Opponents::Both(c("33334444555566667"), c("77788889999TTTTJJ")),
        p,
        &mut scratch,
    )
    .unwrap()
    .unwrap();
    let shown: Vec<String> = plan.plays().iter().map(Cards::to_string).collect();
    assert_eq!(shown.len(), 6);
    assert_eq!(shown.last().map(String::as_str), Some("JJ"));
    assert!(shown.contains(&"BR".to_owned()) && shown.contains(&"2222".to_owned()));
    // Peasant 1 holds the rocket: no play is safe and 20 cards are no single play.
    assert_eq!(
        spring(
            &c("2222AAAAKKKKQQQQJJJJ"),
            &Opponents::Both(c("33334444555566BR7"), c("6677788889999TTTT")),
            p,
            &mut scratch
        ),
        Ok(None)
    );
    // One peasant given: the other holds the rest of the deck (here: the black joker beats 2).
    let landlord = c("34567892R");
    assert_eq!(
        spring(&landlord, &Opponents::One(c("33")), p, &mut scratch).map(|x| x.is_some()),
        Ok(false)
    );
    // Unknown split: only plays no 17 of the other 34 cards can beat are safe. Holding every
    // 2 and both jokers leaves the others no bomb: the 3…A sequence, the bomb of 2s and the
    // rocket are safe, and one more 3 goes last.
    let landlord = c("3456789TJQKA2222BR3");
    let plan = spring(&landlord, &Opponents::Unknown, p, &mut scratch)
        .unwrap()
        .unwrap();
    let plays = plan.plays();
    for play in &plays[..plays.len() - 1] {
        assert_eq!(is_safe(play, &landlord, &Opponents::Unknown, p), Ok(true), "{play}");
    }
    // Three 2s are enough too: 222 + 3 is the top triplet + one, and the others hold no bomb.
    assert_eq!(
        spring(&c("3456789TJQKA222BR33"), &Opponents::Unknown, p, &mut scratch).map(|x| x.is_some()),
        Ok(true)
    );
    // Two low singles: both beatable, only one may go last.
    assert_eq!(
        spring(&c("34"), &Opponents::Unknown, p, &mut scratch).map(|x| x.is_some()),
        Ok(false)
    );
    // A single play is always a spring; an empty hand trivially.
    assert_eq!(
        spring(&c("3"), &Opponents::Unknown, p, &mut scratch)
            .unwrap()
            .unwrap()
            .plays(),
        &[c("3")]
    );
    assert_eq!(
        spring(&Cards::EMPTY, &Opponents::Unknown, p, &mut scratch)
            .unwrap()
            .unwrap()
            .plays(),
        &[]
    );
    // Errors.
    assert_eq!(
        spring(&c("3"), &Opponents::Both(c("333"), c("3")), p, &mut scratch),
        Err(Error::CardsOverlap { rank: Rank::Three })
    );
    // The error names the rank (review: it did not): here the second red joker.
    let overlap = spring(&c("3R"), &Opponents::One(c("4R")), p, &mut scratch);
    assert_eq!(overlap, Err(Error::CardsOverlap { rank: Rank::RedJoker }));
    assert_eq!(
        overlap.unwrap_err().to_string(),
        "the hands together hold more cards of a rank than the deck (rank R, a deck holds 1)"
    );
    assert_eq!(
        is_safe(&c("3"), &c("3A"), &Opponents::Both(c("AAA"), c("A")), p),
        Err(Error::CardsOverlap { rank: Rank::Ace })
    );
    assert_eq!(
        spring(&c("333444555666777888999"), &Opponents::Unknown, p, &mut scratch),
        Err(Error::HandTooLarge { cards: 21 })
    );
    assert!(matches!(
        spring_in(&c("3"), &Opponents::Unknown, p, &mut [0u8; 10], &mut Plan::new()),
        Err(Error::ScratchTooSmall { .. })
    ));
    assert_eq!(is_safe(&c("BR"), &c("BR"), &Opponents::Unknown, p), Ok(true));
    assert_eq!(is_safe(&c("2"), &c("2"), &Opponents::Unknown, p), Ok(false));
}

#[test]
fn spring_cases_of_the_reference_file() {
    let text = std::fs::read_to_string(parlor_conformance::vectors::dir().join("doudizhu_spring.cases")).unwrap();
    let mut scratch = Box::new(Scratch::new());
    let mut ran = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (l, a, b) = (c(cols[0]), c(cols[1]), c(cols[2]));
        let plan = spring(&l, &Opponents::Both(a, b), &Preset::PAGAT, &mut scratch).unwrap();
        assert_eq!(plan.is_some(), cols[3] == "yes", "{line}");
        if let Some(plan) = plan {
            let plays: Vec<[u8; 15]> = plan.plays().iter().map(Cards::counts).collect();
            parlor_conformance::reference::doudizhu::check_spring_plan(
                &l.counts(),
                &[a.counts(), b.counts()],
                &plays,
                parlor_conformance::reference::doudizhu::Preset::Pagat,
            )
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        }
        ran += 1;
    }
    assert!(ran >= 10);
}

#[test]
fn min_plays_values() {
    let mut scratch = Box::new(Scratch::new());
    let m = |text: &str, preset: &Preset| min_plays(&c(text), preset, &mut Scratch::new()).unwrap();
    assert_eq!(min_plays(&Cards::EMPTY, &Preset::PAGAT, &mut scratch), Ok(0));
    assert_eq!(m("33344455566677789TJQ", &Preset::PAGAT), 1);
    assert_eq!(m("3456789TJQKA2R345678", &Preset::PAGAT), 4);
    assert_eq!(m("BR2222AAAAKKKKQQQQJJ", &Preset::PAGAT), 3);
    assert_eq!(m("3579JKB", &Preset::PAGAT), 7);
    assert_eq!(m("333344", &Preset::PAGAT), 2);
    assert_eq!(m("333344", &Preset::RLCARD), 1);
    assert_eq!(m("34567BR", &Preset::PAGAT), 2);
    assert_eq!(
        min_plays(&c("333444555666777888999"), &Preset::PAGAT, &mut scratch),
        Err(Error::HandTooLarge { cards: 21 })
    );
}

#[test]
fn judge_mode_answers_each_case() {
    let input = "2\nBR2222AAAAKKKKQQQQJJ 33334444555566667 77788889999TTTTJJ\n2222AAAAKKKKQQQQJJJJ 33334444555566BR7 6677788889999TTTT\n";
    let mut out = Vec::new();
    parlor_cli::run(
        ["parlor", "doudizhu", "spring", "--judge"],
        &mut input.as_bytes(),
        &mut out,
    )
    .unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "Case 1: Yes\nCase 2: No\n");
    let mut out = Vec::new();
    let err = parlor_cli::run(
        ["parlor", "doudizhu", "spring", "--judge"],
        &mut "1\n33X".as_bytes(),
        &mut out,
    );
    assert!(matches!(err, Err(parlor_cli::CliError::Input(_))));
    // Errors name the bad token (review: the count's message did not).
    let judge_error = |input: &str| match parlor_cli::run(
        ["parlor", "doudizhu", "spring", "--judge"],
        &mut input.as_bytes(),
        &mut Vec::new(),
    ) {
        Err(parlor_cli::CliError::Input(message)) => message,
        other => panic!("{input:?}: {other:?}"),
    };
    assert_eq!(
        judge_error("x 3 4 5"),
        "judge input: the first token must be the number of cases, not \"x\""
    );
    assert_eq!(
        judge_error("1\n33X 4 5"),
        "judge input: case 1: not a card at bytes 2..3: \"X\" in \"33X\""
    );
    assert_eq!(
        judge_error("1 3 4"),
        "judge input: case 1: missing the second peasant's hand"
    );
    // Line breaks and CR LF line ends are whitespace like any other.
    let mut out = Vec::new();
    parlor_cli::run(
        ["parlor", "doudizhu", "spring", "--judge"],
        &mut "1\r\n3BR\r\n44\r\n55\r\n".as_bytes(),
        &mut out,
    )
    .unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "Case 1: Yes\n");
}

#[test]
fn batch_lines_answer_in_order() {
    let run = |args: &[&str], input: &str| {
        let mut out = Vec::new();
        let mut argv = vec!["parlor", "doudizhu"];
        argv.extend_from_slice(args);
        parlor_cli::run(argv, &mut input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    assert_eq!(
        run(&["classify", "--batch"], "33344456\n34\n3X\n"),
        "airplane-singles\ninvalid\nerror: not a card at bytes 1..2: \"X\" in \"3X\"\n"
    );
    assert_eq!(
        run(&["beats", "--batch"], "33\t44\n44\t33\n33\n"),
        "yes\nno\nerror: expected two TAB-separated columns: previous play, play\n"
    );
    assert_eq!(run(&["moves", "--batch"], "3445556\t33\n"), "44 55\n");
    assert_eq!(run(&["spring", "--batch"], "3BR\t44\t55\n34\t-\n"), "yes BR 3\nno\n");
    assert_eq!(run(&["min-plays", "--batch", "--preset", "rlcard"], "333344\n"), "1\n");
}

/// Every vector line of `doudizhu_*.tsv` interpreted against the core and the reference
/// directly (classify and beats), besides the CLI run.
#[test]
fn vectors_through_core_reference_and_cli() {
    use parlor_conformance::reference::doudizhu as reference;
    let ran = parlor_conformance::vectors::assert_cli("doudizhu");
    assert!(ran >= 150);
    for (file, v) in parlor_conformance::vectors::load("doudizhu") {
        let mut args: Vec<&str> = v.args.iter().map(String::as_str).collect();
        let mut preset = PresetId::Pagat;
        if let Some(i) = args.iter().position(|a| *a == "--preset") {
            preset = PresetId::from_name(args[i + 1]).unwrap();
            args.drain(i..i + 2);
        }
        let rp = parlor_conformance::check::doudizhu::reference_preset(preset);
        let expects_error = v.expected.starts_with("error: ");
        let at = format!("{file}:{}", v.line);
        // Parse through the core and, independently, the reference: both fail or neither.
        let parse = |text: &str| -> Option<Cards> {
            let mine = text.parse::<Cards>();
            let theirs = reference::parse(text);
            assert_eq!(
                mine.is_ok(),
                theirs.is_ok(),
                "{at}: {text:?} core {mine:?} reference {theirs:?}"
            );
            if let (Ok(m), Ok(t)) = (&mine, &theirs) {
                assert_eq!(&m.counts(), t, "{at}: {text:?}");
            }
            mine.ok()
        };
        match args.as_slice() {
            ["doudizhu", "classify", text] => {
                let Some(set) = parse(text) else {
                    assert!(expects_error, "{at}: {text:?} does not parse");
                    continue;
                };
                assert!(!expects_error, "{at}: expected an error, {text:?} parses");
                let mut names: Vec<&str> = classify(&set, &preset.preset()).iter().map(|r| r.kind.name()).collect();
                names.sort_unstable();
                names.dedup();
                let mine = if names.is_empty() {
                    "invalid".to_owned()
                } else {
                    names.join(" ")
                };
                assert_eq!(mine, v.expected, "{at}");
                assert_eq!(
                    reference::classify_text(&set.counts(), rp),
                    v.expected,
                    "{at} (reference)"
                );
            }
            ["doudizhu", "beats", prev, play] => {
                let (Some(a), Some(b)) = (parse(prev), parse(play)) else {
                    assert!(expects_error, "{at}: {prev:?} or {play:?} does not parse");
                    continue;
                };
                // The reference reads a previous play that is no combination as an error too.
                let prev_is_play = a.is_empty() || !reference::readings(&a.counts(), rp).is_empty();
                match beats(&a, &b, &preset.preset()) {
                    Ok(yes) => {
                        assert!(prev_is_play, "{at}: the reference says {prev:?} is no play");
                        assert_eq!(if yes { "yes" } else { "no" }, v.expected, "{at}");
                        if !a.is_empty() {
                            assert_eq!(reference::beats(&a.counts(), &b.counts(), rp), yes, "{at} (reference)");
                        }
                    }
                    Err(error) => {
                        assert!(expects_error, "{at}: unexpected {error}");
                        assert!(!prev_is_play, "{at}: the reference says {prev:?} is a play");
                    }
                }
            }
            _ => {}
        }
    }
}

#[test]
fn cli_errors_name_the_bad_input_and_exit_2() {
    let run = |args: &[&str]| {
        let mut argv = vec!["parlor", "doudizhu"];
        argv.extend_from_slice(args);
        parlor_cli::run(argv, &mut std::io::empty(), &mut Vec::new())
    };
    let input = |args: &[&str]| match run(args) {
        Err(parlor_cli::CliError::Input(message)) => message,
        other => panic!("{args:?}: {other:?}"),
    };
    assert_eq!(
        input(&["classify", "33X"]),
        "not a card at bytes 2..3: \"X\" in \"33X\""
    );
    assert_eq!(
        input(&["beats", "33333", "4"]),
        "more cards of a rank than the deck holds (rank 3, a deck holds 4) at bytes 4..5: \"3\" in \"33333\""
    );
    assert_eq!(
        input(&["beats", "34", "55"]),
        "the previous play is not a combination: \"34\""
    );
    assert_eq!(
        input(&["spring", "3", "3333"]),
        "the hands together hold more cards of a rank than the deck (rank 3, a deck holds 4)"
    );
    assert_eq!(input(&["classify"]), "missing the card set (or use --batch)");
    assert!(matches!(
        run(&["classify", "--preset", "tichu", "3"]),
        Err(parlor_cli::CliError::Input(message)) if message.contains("'tichu'")
    ));
    assert_eq!(
        parlor_cli::CliError::Input(String::new()).report(),
        std::process::ExitCode::from(2)
    );
}

/// Codes from C (presets, kinds, rank indices) are validated by the core's `TryFrom<u8>` with a
/// typed error; the C ABI maps it to `PARLOR_ERR_INVALID_ARGUMENT`.
#[test]
fn codes_from_c_are_validated_by_try_from() {
    use parlor_core::doudizhu::{Kind, Preset, Rank};
    assert_eq!(PresetId::try_from(0), Ok(PresetId::Pagat));
    assert_eq!(PresetId::try_from(2), Ok(PresetId::Openspiel));
    assert_eq!(Preset::try_from(1), Ok(Preset::RLCARD));
    assert_eq!(PresetId::try_from(3), Ok(PresetId::Botzone));
    assert_eq!(PresetId::try_from(4), Ok(PresetId::Douzero));
    for code in [5u8, 7, 255] {
        assert_eq!(
            PresetId::try_from(code),
            Err(Error::UnknownCode {
                what: "preset",
                code: u32::from(code)
            })
        );
        assert!(Preset::try_from(code).is_err());
    }
    assert_eq!(Kind::try_from(13), Ok(Kind::QuadPairs));
    assert_eq!(Kind::try_from(14), Ok(Kind::QuadChain));
    assert_eq!(Kind::try_from(15), Err(Error::UnknownCode { what: "kind", code: 15 }));
    assert_eq!(Rank::try_from(14), Ok(Rank::RedJoker));
    assert_eq!(Rank::try_from(15), Err(Error::UnknownCode { what: "rank", code: 15 }));
    assert_eq!(
        Error::UnknownCode {
            what: "preset",
            code: 9
        }
        .to_string(),
        "unknown preset code 9"
    );
    let mut yes = 0u8;
    let hand = parlor::doudizhu::ParlorDoudizhuCards { counts: [1; 15] };
    for code in [5u8, 200] {
        let status = unsafe { parlor::doudizhu::parlor_doudizhu_beats(&hand, &hand, code, &mut yes) };
        assert_eq!(status, parlor::PARLOR_ERR_INVALID_ARGUMENT);
    }
}

/// Botzone's own judge (its `FightTheLandlord2.py36`, from github.com/ailab-pku/botzone-local;
/// never committed: the file's path is given in `PARLOR_BOTZONE_JUDGE`, the test skips without
/// it) agrees with `Preset::BOTZONE` on every card set of at most `PARLOR_BOTZONE_CARDS` cards
/// (default 6) and on random sets and pairs (`tests/python/botzone_doudizhu.py`).
#[test]
fn botzone_judge_agrees() {
    let Some(judge) = std::env::var_os("PARLOR_BOTZONE_JUDGE") else {
        eprintln!("skipped: PARLOR_BOTZONE_JUDGE is not set");
        return;
    };
    let most = std::env::var("PARLOR_BOTZONE_CARDS").unwrap_or_else(|_| "6".to_owned());
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/python/botzone_doudizhu.py");
    let output = std::process::Command::new("python3")
        .arg(script)
        .arg(&judge)
        .arg(&most)
        .arg("20000")
        .arg("2026")
        .output()
        .expect("python3 runs");
    if output.status.code() == Some(3) {
        eprintln!("skipped: {}", String::from_utf8_lossy(&output.stderr).trim());
        return;
    }
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).unwrap();
    let p = &Preset::BOTZONE;
    let (mut sets, mut plays, mut pairs) = (0, 0, 0);
    for line in text.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        match f.as_slice() {
            ["c", cards, kind] => {
                let got = classify(&c(cards), p);
                let names: Vec<&str> = got.iter().map(|r| r.kind.name()).collect();
                let want: Vec<&str> = if *kind == "invalid" { vec![] } else { vec![*kind] };
                assert_eq!(names, want, "classify {cards}");
                sets += 1;
                plays += usize::from(!got.is_empty());
            }
            ["b", prev, play, yes] => {
                assert_eq!(beats(&c(prev), &c(play), p), Ok(*yes == "yes"), "beats {prev} {play}");
                pairs += 1;
            }
            _ => panic!("unexpected line {line}"),
        }
    }
    assert!(sets > 20_000 && pairs > 20_000);
    println!("botzone judge: {sets} sets ({plays} plays), {pairs} pairs agree");
}

/// DouZero's own move generator (a checkout of github.com/kwai/DouZero in `PARLOR_DOUZERO`;
/// the test skips without it) lists exactly the leads of `Preset::DOUZERO` for random 20-card
/// hands (`tests/python/douzero_moves.py`; `PARLOR_DOUZERO_HANDS`, default 300).
#[test]
fn douzero_generator_agrees() {
    let Some(checkout) = std::env::var_os("PARLOR_DOUZERO") else {
        eprintln!("skipped: PARLOR_DOUZERO is not set");
        return;
    };
    let hands = std::env::var("PARLOR_DOUZERO_HANDS").unwrap_or_else(|_| "300".to_owned());
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/python/douzero_moves.py");
    let output = std::process::Command::new("python3")
        .arg(script)
        .arg(&checkout)
        .arg(&hands)
        .arg("2026")
        .output()
        .expect("python3 runs");
    if output.status.code() == Some(3) {
        eprintln!("skipped: {}", String::from_utf8_lossy(&output.stderr).trim());
        return;
    }
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).unwrap();
    let (mut n, mut plays) = (0, 0);
    for line in text.lines() {
        let mut words = line.split(' ');
        let hand = c(words.next().unwrap());
        let mut want: Vec<Cards> = words.map(c).collect();
        let mut got = Vec::new();
        for_each_move(&hand, &Cards::EMPTY, &Preset::DOUZERO, |play| {
            got.push(play);
            ControlFlow::Continue(())
        })
        .unwrap();
        want.sort_by_key(|x| x.counts());
        got.sort_by_key(|x| x.counts());
        assert_eq!(got, want, "leads of {hand}");
        n += 1;
        plays += got.len();
    }
    assert!(n > 0);
    println!("douzero generator: {n} hands, {plays} leads agree");
}
