//! Five Up dominoes: vectors through core, reference and CLI; checkers over regressions and
//! pseudo-random cases; unit tests with real values from the rules.

use parlor_conformance::check::dominoes as check;
use parlor_conformance::fuzzing::SplitMix64;
use parlor_conformance::reference::dominoes::{self as reference, RefVerdict, Spinners};
use parlor_core::dominoes::{
    Error, Illegal, Layout, MAX_PLAY_ORDER, OpenEnd, Placement, Reason, SHORT_TILES, Score, Scratch, SpinnerRule, Tile,
    Tiles, Verdict, validate, validate_each, validate_each_short,
};
use parlor_core::notation::Span;

fn tiles(text: &str) -> Tiles {
    text.parse().expect("test tiles parse")
}

fn verdict(text: &str, rule: SpinnerRule) -> Verdict {
    validate(&tiles(text), rule).expect("within capacity")
}

fn pairs(tiles: &[Tile]) -> Vec<(u32, u32)> {
    tiles.iter().map(|tile| (tile.a, tile.b)).collect()
}

/// The adversarial family: values 0 and, for i = 1..k, a=4i−3, m=4i−2, b=4i−1,
/// q=4i; tiles [0,0]; for each i: [a(i−1),a(i)] (a(0)=0), [a,a], [a,m], [m,b]; then every
/// [a,b]; then every [a,q].
fn adversarial(k: u32) -> Vec<Tile> {
    let a = |i: u32| if i == 0 { 0 } else { 4 * i - 3 };
    let mut tiles = vec![Tile::new(0, 0)];
    for i in 1..=k {
        tiles.extend([
            Tile::new(a(i - 1), a(i)),
            Tile::new(a(i), a(i)),
            Tile::new(a(i), a(i) + 1),
            Tile::new(a(i) + 1, a(i) + 2),
        ]);
    }
    tiles.extend((1..=k).map(|i| Tile::new(a(i), a(i) + 2)));
    tiles.extend((1..=k).map(|i| Tile::new(a(i), a(i) + 3)));
    tiles
}

/// A real game: every tile of a double-`top` set played one by one, each a random tile that
/// fits somewhere, at a random legal placement (restarts if play gets stuck).
fn real_game(top: u32, seed: u64) -> Vec<Tile> {
    let mut rng = SplitMix64(seed);
    loop {
        let mut stock: Vec<Tile> = (0..=top)
            .flat_map(|a| (a..=top).map(move |b| Tile::new(a, b)))
            .collect();
        let mut layout = Layout::new(SpinnerRule::EveryDouble);
        let mut order = Vec::new();
        let first = stock.swap_remove(rng.below(stock.len() as u64) as usize);
        layout.play(first, None).expect("opening");
        order.push(first);
        while !stock.is_empty() {
            let start = rng.below(stock.len() as u64) as usize;
            let pick = (0..stock.len())
                .map(|k| (start + k) % stock.len())
                .find(|&i| layout.placements(stock[i]).next().is_some());
            let Some(i) = pick else { break };
            let tile = stock.swap_remove(i);
            let options: Vec<Placement> = layout.placements(tile).collect();
            let placement = options[rng.below(options.len() as u64) as usize];
            layout.play(tile, Some(placement)).expect("listed placement plays");
            order.push(tile);
        }
        if stock.is_empty() {
            return order;
        }
    }
}

// ---- vectors -------------------------------------------------------------------------------

#[test]
fn vectors_through_the_cli() {
    assert!(parlor_conformance::vectors::assert_cli("dominoes") >= 40);
}

#[test]
fn vectors_through_core_and_reference() {
    let mut checked = 0;
    for (file, vector) in parlor_conformance::vectors::load("dominoes") {
        let args = &vector.args;
        assert_eq!(args[..2], ["dominoes", "five-up"], "{file}:{}", vector.line);
        let mut rule = SpinnerRule::EveryDouble;
        let mut words = Vec::new();
        let mut rest = args[2..].iter();
        while let Some(arg) = rest.next() {
            match arg.as_str() {
                "--explain" => {}
                "--spinner" => rule = rest.next().expect("rule name").parse().expect("rule"),
                tile => words.push(tile.to_owned()),
            }
        }
        let text = words.join(" ");
        let where_ = format!("{file}:{}", vector.line);
        if vector.expected.starts_with("error:") {
            assert!(text.parse::<Tiles>().is_err(), "{where_}: expected a parse error");
            continue;
        }
        let list = tiles(&text);
        let core = validate(&list, rule).expect("capacity");
        let naive = reference::validate(&pairs(&list), Spinners::from_code(rule.code()));
        let legal = vector.expected.starts_with("legal");
        assert_eq!(core.is_legal(), legal, "{where_}: core");
        assert_eq!(naive == RefVerdict::Legal, legal, "{where_}: reference");
        if let (Verdict::Illegal(illegal), Some(detail)) = (&core, vector.expected.strip_prefix("illegal: ")) {
            assert!(
                detail.starts_with(&format!("#{} ", illegal.tile + 1)),
                "{where_}: core index"
            );
            let reference_tile = match naive {
                RefVerdict::Duplicate { tile, .. } | RefVerdict::NoOpenEnd { tile } => tile,
                RefVerdict::Legal => unreachable!(),
            };
            assert_eq!(reference_tile, illegal.tile, "{where_}: reference index");
        }
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} vectors checked");
}

// ---- checkers ------------------------------------------------------------------------------

#[test]
fn diff_checker_over_regressions_and_random_cases() {
    let checked = parlor_conformance::fuzzing::run_target("dominoes_diff", 20000, check::diff);
    assert!(checked > 10000, "only {checked} cases decoded");
}

#[test]
fn ffi_checker_over_regressions_and_random_cases() {
    let checked = parlor_conformance::fuzzing::run_target("ffi_dominoes", 5000, check::ffi);
    assert!(checked > 2000, "only {checked} cases decoded");
}

/// A longer soak of the differential checker (`SOAK=n`, default 200 000 cases):
/// `cargo test --release -p parlor-conformance --test conformance dominoes::soak -- --ignored`.
#[test]
#[ignore]
fn soak_diff_checker() {
    let cases = std::env::var("SOAK")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(200_000);
    let checked = parlor_conformance::fuzzing::run_target("dominoes_diff", cases, check::diff);
    assert!(checked > cases / 2);
}

/// Bug found while building: a tile's record was written after placing it, wiping the flip an
/// augmenting path had just made to that very tile (4-1 must attach by 1 after 1-3 flips).
#[test]
fn regression_flip_of_the_tile_being_placed_is_kept() {
    let order = [(3, 2), (1, 2), (1, 3), (4, 1), (4, 3)];
    check::check_order(&order, SpinnerRule::FirstDouble);
    assert!(verdict("3-2 1-2 1-3 4-1 4-3", SpinnerRule::FirstDouble).is_legal());
}

// ---- the seed task -------------------------------------------------------------------------

#[test]
fn the_seed_example_the_seed_gets_wrong_is_illegal_at_3_3() {
    let Verdict::Illegal(illegal) = verdict("12-12 12-1 3-12 3-1 1-2 3-3", SpinnerRule::EveryDouble) else {
        panic!("must be illegal (spec)");
    };
    assert_eq!(illegal.tile, 5);
    assert_eq!(illegal.reason, Reason::NoOpenEnd);
    // Without the final 3-3 it is legal, and 3-1 must attach by its 3 to keep a 1 for 1-2.
    let Verdict::Legal(witness) = verdict("12-12 12-1 3-12 3-1 1-2", SpinnerRule::EveryDouble) else {
        panic!("prefix is legal");
    };
    assert_eq!(witness.get(3), Some(Placement { parent: 2, pip: 3 }));
    assert_eq!(witness.get(4), Some(Placement { parent: 3, pip: 1 }));
}

#[test]
fn duplicates_name_the_earlier_copy() {
    let Verdict::Illegal(illegal) = verdict("1-2 2-3 3-4 2-1", SpinnerRule::EveryDouble) else {
        panic!("duplicate");
    };
    assert_eq!(illegal.tile, 3);
    assert_eq!(illegal.reason, Reason::Duplicate { earlier: 0 });
}

#[test]
fn empty_and_single_orders_are_legal() {
    assert!(verdict("", SpinnerRule::EveryDouble).is_legal());
    let Verdict::Legal(witness) = verdict("7-9", SpinnerRule::None) else {
        panic!()
    };
    assert_eq!((witness.len(), witness.get(0)), (1, None));
}

#[test]
fn spinner_rules_change_the_answer() {
    // 2-2 2-1 1-1 1-3 1-4: 1-1 leaves three 1s as a spinner, one otherwise.
    assert!(verdict("2-2 2-1 1-1 1-3 1-4", SpinnerRule::EveryDouble).is_legal());
    assert!(!verdict("2-2 2-1 1-1 1-3 1-4", SpinnerRule::FirstDouble).is_legal());
    // All Fives: the first double is the spinner even when it is not the opening.
    assert!(verdict("2-1 1-1 1-3 1-4 1-5", SpinnerRule::FirstDouble).is_legal());
    assert!(!verdict("2-1 1-1 1-3 1-4 1-5", SpinnerRule::None).is_legal());
}

#[test]
fn adversarial_family_agrees_with_the_reference_and_stays_legal() {
    for k in 1..=5 {
        let family = adversarial(k);
        for rule in SpinnerRule::ALL {
            check::check_order(&pairs(&family), rule);
        }
    }
    for k in [10, 20, 42] {
        let family = adversarial(k);
        assert_eq!(family.len(), 6 * k as usize + 1);
        assert!(
            validate(&family, SpinnerRule::EveryDouble).expect("fits").is_legal(),
            "k = {k}"
        );
        // Dropping [a1,a1] leaves a1 with too few open ends for the later [a1,b1] and [a1,q1].
        let mut broken = family.clone();
        broken.remove(2);
        assert!(
            !validate(&broken, SpinnerRule::EveryDouble).expect("fits").is_legal(),
            "k = {k}"
        );
    }
}

#[test]
fn real_games_are_legal_and_witnesses_replay() {
    for (top, seed) in [(6, 1), (6, 2), (9, 3), (12, 4), (18, 5)] {
        let game = real_game(top, seed);
        assert_eq!(game.len() as u32, (top + 1) * (top + 2) / 2);
        let Verdict::Legal(witness) = validate(&game, SpinnerRule::EveryDouble).expect("fits") else {
            panic!("double-{top} game must be legal");
        };
        let mut layout = Layout::new(SpinnerRule::EveryDouble);
        for (index, &tile) in game.iter().enumerate() {
            layout.play(tile, witness.get(index)).expect("witness replays");
        }
        // Moving the last tile to the front and the first to the back makes it illegal
        // unless both fit anywhere: at least the duplicate check must still hold.
        let mut twice = game.clone();
        twice.push(game[0]);
        let Verdict::Illegal(illegal) = validate(&twice, SpinnerRule::EveryDouble).expect("fits") else {
            panic!("duplicate");
        };
        assert_eq!(illegal.reason, Reason::Duplicate { earlier: 0 });
        assert_eq!(illegal.tile, game.len());
    }
}

#[test]
fn capacity_is_256_tiles_then_a_clear_error() {
    let many = vec![Tile::new(0, 0); MAX_PLAY_ORDER];
    assert!(!validate(&many, SpinnerRule::EveryDouble).expect("256 fit").is_legal());
    let too_many = vec![Tile::new(0, 0); MAX_PLAY_ORDER + 1];
    assert_eq!(
        validate(&too_many, SpinnerRule::EveryDouble),
        Err(Error::TooManyTiles {
            capacity: MAX_PLAY_ORDER,
            span: None
        })
    );
    let text = vec!["1-1"; MAX_PLAY_ORDER + 1].join(" ");
    assert_eq!(
        text.parse::<Tiles>(),
        Err(Error::TooManyTiles {
            capacity: MAX_PLAY_ORDER,
            span: Some(Span::new(4 * MAX_PLAY_ORDER, 4 * MAX_PLAY_ORDER + 3))
        })
    );
    // A 256-tile legal game: a star of 255 tiles around 0 would exhaust 0's ends, so use a
    // chain 0-1 1-2 … 255-256.
    let chain: Vec<Tile> = (0..MAX_PLAY_ORDER as u32).map(|i| Tile::new(i, i + 1)).collect();
    assert!(validate(&chain, SpinnerRule::None).expect("fits").is_legal());
}

#[test]
fn spinner_rule_codes_convert_with_try_from_and_a_typed_error() {
    for rule in SpinnerRule::ALL {
        assert_eq!(SpinnerRule::try_from(rule.code()), Ok(rule));
    }
    assert_eq!(SpinnerRule::try_from(0), Ok(SpinnerRule::EveryDouble));
    assert_eq!(SpinnerRule::try_from(2), Ok(SpinnerRule::None));
    for code in [3u8, 7, 128, 255] {
        assert_eq!(
            SpinnerRule::try_from(code),
            Err(Error::UnknownCode {
                what: "spinner rule",
                code: u32::from(code)
            })
        );
    }
    assert_eq!(
        Error::UnknownCode {
            what: "spinner rule",
            code: 9
        }
        .to_string(),
        "unknown spinner rule code 9"
    );
}

#[test]
fn streaming_validation_reports_the_witness_and_short_orders_stop_at_32_tiles() {
    // Seed example: 3-6 on 1-3 (index 2), then 1-6 on 3-6 (index 5).
    let order = tiles("1-1 1-2 1-3 1-4 1-5 3-6 1-6");
    let mut seen = Vec::new();
    let verdict = validate_each(
        &order,
        SpinnerRule::EveryDouble,
        &mut Scratch::new(),
        |index, placement| {
            seen.push((index, placement.parent, placement.pip));
        },
    );
    assert_eq!(verdict, Ok(None));
    assert_eq!(seen, [(1, 0, 1), (2, 0, 1), (3, 0, 1), (4, 0, 1), (5, 2, 3), (6, 5, 6)]);
    let mut short = Vec::new();
    let verdict = validate_each_short(&order, SpinnerRule::EveryDouble, |index, placement| {
        short.push((index, placement.parent, placement.pip));
    });
    assert_eq!((verdict, short), (Ok(None), seen));
    // Illegal: nothing is reported, the verdict names the tile.
    let mut called = false;
    let verdict = validate_each_short(&tiles("6-6 6-5 3-0 5-3"), SpinnerRule::EveryDouble, |_, _| {
        called = true
    });
    let illegal = Illegal {
        tile: 2,
        reason: Reason::NoOpenEnd,
    };
    assert_eq!((verdict, called), (Ok(Some(illegal)), false));
    // 32 tiles fit the short form, 33 do not (the full form takes them).
    let chain: Vec<Tile> = (0..33u32).map(|i| Tile::new(i, i + 1)).collect();
    assert_eq!(SHORT_TILES, 32);
    assert_eq!(
        validate_each_short(&chain[..32], SpinnerRule::None, |_, _| {}),
        Ok(None)
    );
    assert_eq!(
        validate_each_short(&chain, SpinnerRule::None, |_, _| {}),
        Err(Error::TooManyTiles {
            capacity: 32,
            span: None
        })
    );
    assert_eq!(
        validate_each(&chain, SpinnerRule::None, &mut Scratch::new(), |_, _| {}),
        Ok(None)
    );
    let too_many = vec![Tile::new(1, 2); MAX_PLAY_ORDER + 1];
    assert!(matches!(
        validate_each(&too_many, SpinnerRule::None, &mut Scratch::new(), |_, _| {}),
        Err(Error::TooManyTiles {
            capacity: MAX_PLAY_ORDER,
            ..
        })
    ));
}

#[test]
fn a_scratch_full_of_an_earlier_answer_gives_the_same_answers() {
    // One Scratch reused across orders of every size and rule answers like a fresh one.
    let mut scratch = Scratch::new();
    let mut rng = SplitMix64(7);
    for round in 0..200 {
        let len = (rng.next() % 60) as usize;
        let order: Vec<Tile> = (0..len)
            .map(|_| Tile::new((rng.next() % 6) as u32, (rng.next() % 6) as u32))
            .collect();
        let rule = SpinnerRule::ALL[round % 3];
        let fresh = validate_each(&order, rule, &mut Scratch::new(), |_, _| {});
        assert_eq!(validate_each(&order, rule, &mut scratch, |_, _| {}), fresh, "{order:?}");
    }
}

// ---- notation ------------------------------------------------------------------------------

#[test]
fn notation_forms_errors_and_round_trip() {
    let list = tiles("0-6, [6|5]\t5|3  [3-0]");
    assert_eq!(
        list.as_slice(),
        [Tile::new(0, 6), Tile::new(6, 5), Tile::new(5, 3), Tile::new(3, 0)]
    );
    assert_eq!(list.to_string(), "0-6 6-5 5-3 3-0");
    assert_eq!(list.to_string().parse::<Tiles>(), Ok(list));
    assert_eq!("6-1".parse::<Tile>(), Ok(Tile::new(1, 6)));
    assert_eq!(
        "1-2 2-x".parse::<Tiles>(),
        Err(Error::UnknownTile { span: Span::new(4, 7) })
    );
    assert_eq!(
        "1-2 3-99999999999".parse::<Tiles>(),
        Err(Error::PipOutOfRange { span: Span::new(6, 17) })
    );
    for bad in ["1", "1-", "-1", "1-2-3", "[1|2", "1|2]", "a-b", "+1-2", "1--2", "[]"] {
        assert!(bad.parse::<Tile>().is_err(), "{bad}");
    }
    assert_eq!("4294967295-0".parse::<Tile>(), Ok(Tile::new(u32::MAX, 0)));
    assert_eq!("every-double".parse::<SpinnerRule>(), Ok(SpinnerRule::EveryDouble));
    assert_eq!("spinner".parse::<SpinnerRule>(), Err(Error::UnknownRule));
}

// ---- layout and scoring --------------------------------------------------------------------

#[test]
fn five_up_scoring_counts_spinners_until_both_sides_are_covered() {
    let mut layout = Layout::new(SpinnerRule::EveryDouble);
    // 6-4 opens: 6 + 4 = 10, 2 points.
    assert_eq!(
        layout.play(Tile::new(6, 4), None),
        Ok(Score {
            open_total: 10,
            points: 2
        })
    );
    // 4-4 on the 4: 6 + 8 = 14, nothing.
    let on_four = Placement { parent: 0, pip: 4 };
    assert_eq!(
        layout.play(Tile::new(4, 4), Some(on_four)),
        Ok(Score {
            open_total: 14,
            points: 0
        })
    );
    // 4-1 covers 4-4's free side: the spinner stops counting: 6 + 1 = 7.
    let on_spinner = Placement { parent: 1, pip: 4 };
    assert_eq!(
        layout.play(Tile::new(4, 1), Some(on_spinner)),
        Ok(Score {
            open_total: 7,
            points: 0
        })
    );
    // 4-3 on a spinner end: 6 + 1 + 3 = 10, 2 points; 4-0 on the other end: 10 + 0.
    assert_eq!(
        layout.play(Tile::new(4, 3), Some(on_spinner)),
        Ok(Score {
            open_total: 10,
            points: 2
        })
    );
    assert_eq!(
        layout.play(Tile::new(4, 0), Some(on_spinner)),
        Ok(Score {
            open_total: 10,
            points: 2
        })
    );
    // 4-4 is full now.
    assert_eq!(
        layout.play(Tile::new(4, 5), Some(on_spinner)),
        Err(Error::NoFreeEnd { parent: 1, pip: 4 })
    );
    // 1-1 on 4-1 (a spinner with a free side counts 2): 6 + 2 + 3 + 0 = 11.
    assert_eq!(
        layout.play(Tile::new(1, 1), Some(Placement { parent: 2, pip: 1 })),
        Ok(Score {
            open_total: 11,
            points: 0
        })
    );
}

#[test]
fn all_fives_scores_the_total_and_plain_doubles_keep_counting_with_a_free_side() {
    let mut layout = Layout::new(SpinnerRule::FirstDouble);
    // 5-5 is the first double: a spinner. 10 → 10 points in All Fives.
    assert_eq!(
        layout.play(Tile::new(5, 5), None),
        Ok(Score {
            open_total: 10,
            points: 10
        })
    );
    let side = Placement { parent: 0, pip: 5 };
    assert_eq!(layout.play(Tile::new(5, 0), Some(side)).map(|s| s.open_total), Ok(10));
    assert_eq!(layout.play(Tile::new(5, 2), Some(side)).map(|s| s.open_total), Ok(2));
    // 2-2 is not a spinner: crosswise at the end of the arm, both halves count: 0 + 4.
    let on_two = Placement { parent: 2, pip: 2 };
    assert_eq!(
        layout.play(Tile::new(2, 2), Some(on_two)),
        Ok(Score {
            open_total: 4,
            points: 0
        })
    );
    // Its one free side takes 2-6: 0 + 6 = 6; then 2-2 has nothing left.
    let on_double = Placement { parent: 3, pip: 2 };
    assert_eq!(
        layout.play(Tile::new(2, 6), Some(on_double)).map(|s| s.open_total),
        Ok(6)
    );
    assert_eq!(
        layout.play(Tile::new(2, 3), Some(on_double)),
        Err(Error::NoFreeEnd { parent: 3, pip: 2 })
    );
    // A single line: an opening double counts both halves while a side is free.
    let mut line = Layout::new(SpinnerRule::None);
    assert_eq!(line.play(Tile::new(3, 3), None).map(|s| s.open_total), Ok(6));
    let on_three = Placement { parent: 0, pip: 3 };
    assert_eq!(line.play(Tile::new(3, 1), Some(on_three)).map(|s| s.open_total), Ok(7));
    assert_eq!(
        line.play(Tile::new(3, 4), Some(on_three)),
        Ok(Score {
            open_total: 5,
            points: 1
        })
    );
}

#[test]
fn spinner_ends_open_only_after_both_sides() {
    let mut layout = Layout::new(SpinnerRule::EveryDouble);
    layout.play(Tile::new(5, 5), None).expect("opening");
    let ends: Vec<OpenEnd> = layout.open_ends().collect();
    assert_eq!(ends.len(), 4);
    assert_eq!(ends.iter().filter(|end| end.playable).count(), 2);
    let side = Placement { parent: 0, pip: 5 };
    layout.play(Tile::new(5, 1), Some(side)).expect("side");
    layout.play(Tile::new(5, 2), Some(side)).expect("side");
    let ends: Vec<OpenEnd> = layout.open_ends().collect();
    assert_eq!(
        ends,
        [
            OpenEnd {
                tile: 0,
                pip: 5,
                playable: true
            },
            OpenEnd {
                tile: 0,
                pip: 5,
                playable: true
            },
            OpenEnd {
                tile: 1,
                pip: 1,
                playable: true
            },
            OpenEnd {
                tile: 2,
                pip: 2,
                playable: true
            },
        ]
    );
    // 1-2 can go on 5-1 (at 1) or 5-2 (at 2); 5-1 again is a duplicate: no placements.
    let options: Vec<Placement> = layout.placements(Tile::new(2, 1)).collect();
    assert_eq!(
        options,
        [Placement { parent: 1, pip: 1 }, Placement { parent: 2, pip: 2 }]
    );
    assert_eq!(layout.placements(Tile::new(1, 5)).count(), 0);
}

#[test]
fn layout_errors_leave_the_layout_unchanged() {
    let mut layout = Layout::new(SpinnerRule::EveryDouble);
    let at = Placement { parent: 0, pip: 1 };
    assert_eq!(
        layout.play(Tile::new(1, 2), Some(at)),
        Err(Error::OpeningTakesNoPlacement)
    );
    layout.play(Tile::new(1, 2), None).expect("opening");
    let before = layout.clone();
    assert_eq!(layout.play(Tile::new(1, 3), None), Err(Error::PlacementRequired));
    assert_eq!(
        layout.play(Tile::new(2, 1), Some(at)),
        Err(Error::DuplicateTile { earlier: 0 })
    );
    assert_eq!(
        layout.play(Tile::new(1, 3), Some(Placement { parent: 5, pip: 1 })),
        Err(Error::NoSuchTile { parent: 5 })
    );
    assert_eq!(
        layout.play(Tile::new(1, 3), Some(Placement { parent: 0, pip: 2 })),
        Err(Error::PipNotOnTile { pip: 2 })
    );
    assert_eq!(
        layout.play(Tile::new(3, 4), Some(Placement { parent: 0, pip: 3 })),
        Err(Error::NoFreeEnd { parent: 0, pip: 3 })
    );
    assert_eq!(layout, before);
}

// ---- the command line ----------------------------------------------------------------------

fn cli(args: &[&str], input: &str) -> Result<String, parlor_cli::CliError> {
    let mut out = Vec::new();
    let mut input = input.as_bytes();
    let argv = std::iter::once("parlor").chain(args.iter().copied());
    parlor_cli::run(argv, &mut input, &mut out)?;
    Ok(String::from_utf8(out).expect("UTF-8"))
}

#[test]
fn batch_answers_every_line_and_goes_on_after_errors() {
    let input = "0-6 6-5\n0-6 6-0\n1-x\n\n12-12 12-1 3-12 3-1 1-2 3-3\r\n";
    let out = cli(&["dominoes", "five-up", "--batch"], input).expect("batch runs");
    assert_eq!(
        out,
        "legal\nillegal\nerror: not a tile: \"1-x\" (expected a-b, a|b or [a|b])\n\
         error: empty line (one case per line)\nillegal\n"
    );
    let out = cli(&["dominoes", "five-up", "--batch", "--explain"], "6-6 6-5 3-0\n").expect("runs");
    assert_eq!(
        out,
        "illegal: #3 3-0: no open end shows 3 or 0, however #1..#2 are played\n"
    );
}

#[test]
fn batch_goes_on_after_a_line_that_is_not_utf8() {
    // Found by trying it: one bad byte used to end the whole batch with exit 2.
    let mut out = Vec::new();
    let mut input: &[u8] = b"0-6 6-5\n\xff-1\n0-6 6-0\n";
    let argv = ["parlor", "dominoes", "five-up", "--batch"];
    parlor_cli::run(argv, &mut input, &mut out).expect("batch runs");
    assert_eq!(
        String::from_utf8(out).expect("UTF-8"),
        "legal\nerror: the line is not valid UTF-8\nillegal\n"
    );
}

#[test]
fn bad_input_names_the_token_and_exits_2() {
    let error = cli(&["dominoes", "five-up", "0-6", "6-y"], "").expect_err("bad token");
    assert_eq!(
        error,
        parlor_cli::CliError::Input("not a tile: \"6-y\" (expected a-b, a|b or [a|b])".into())
    );
    assert!(matches!(
        cli(&["dominoes", "five-up", "--batch", "1-2"], ""),
        Err(parlor_cli::CliError::Input(_))
    ));
    assert!(matches!(
        cli(&["dominoes", "five-up", "--spinner", "sometimes", "1-2"], ""),
        Err(parlor_cli::CliError::Input(message)) if message.contains("'sometimes'")
    ));
}

#[test]
fn the_c_scratch_sizes_are_exact() {
    use parlor::dominoes::{
        PARLOR_DOMINOES_SCRATCH_ALIGN, PARLOR_DOMINOES_SCRATCH_BYTES, PARLOR_DOMINOES_SHORT_SCRATCH_BYTES,
        PARLOR_DOMINOES_SHORT_TILES,
    };
    use parlor_core::dominoes::{SCRATCH_BYTES, SHORT_SCRATCH_BYTES, ShortScratch};
    // ABI version 3: the sizes are the typed scratches' own (they were a 28 KiB bound).
    assert_eq!(PARLOR_DOMINOES_SCRATCH_BYTES, SCRATCH_BYTES);
    assert_eq!(SCRATCH_BYTES, std::mem::size_of::<Scratch>());
    assert_eq!(SCRATCH_BYTES, 28_160);
    assert_eq!(PARLOR_DOMINOES_SHORT_SCRATCH_BYTES, SHORT_SCRATCH_BYTES);
    assert_eq!(SHORT_SCRATCH_BYTES, std::mem::size_of::<ShortScratch>());
    assert_eq!(SHORT_SCRATCH_BYTES, 3_520);
    assert_eq!(PARLOR_DOMINOES_SHORT_TILES as usize, SHORT_TILES);
    assert_eq!(PARLOR_DOMINOES_SCRATCH_ALIGN, std::mem::align_of::<Scratch>());
    assert_eq!(PARLOR_DOMINOES_SCRATCH_ALIGN, std::mem::align_of::<ShortScratch>());
    assert!(format!("{:?}", Scratch::new()).starts_with("Scratch"));
    assert!(format!("{:?}", ShortScratch::new()).starts_with("ShortScratch"));
}

/// The C verdict of `order` through `parlor_dominoes_validate_scratch`, in a scratch of exactly
/// the size `parlor_dominoes_scratch_bytes` names (garbage-filled), with its witness.
fn c_validate(order: &[Tile], rule: SpinnerRule) -> (parlor::dominoes::ParlorDominoVerdict, Vec<(u32, u32)>) {
    use parlor::dominoes::*;
    let tiles: Vec<ParlorDominoTile> = order.iter().map(|t| ParlorDominoTile { a: t.a, b: t.b }).collect();
    let mut bytes = 0usize;
    // SAFETY: a valid out pointer.
    assert_eq!(
        unsafe { parlor_dominoes_scratch_bytes(tiles.len(), &mut bytes) },
        parlor::PARLOR_OK
    );
    let expected_bytes = if order.len() <= 32 { 3_520 } else { 28_160 };
    assert_eq!(bytes, expected_bytes);
    let mut scratch = vec![0xDEAD_BEEF_u32; bytes / 4];
    let mut verdict = ParlorDominoVerdict::default();
    let mut witness = vec![ParlorDominoPlacement::default(); tiles.len()];
    // SAFETY: every pointer is valid for its length.
    let status = unsafe {
        parlor_dominoes_validate_scratch(
            tiles.as_ptr(),
            tiles.len(),
            rule.code(),
            scratch.as_mut_ptr().cast(),
            bytes,
            &mut verdict,
            witness.as_mut_ptr(),
            witness.len(),
        )
    };
    assert_eq!(status, parlor::PARLOR_OK);
    // One byte short of the need is refused, not used.
    // SAFETY: as above.
    let short = unsafe {
        parlor_dominoes_validate_scratch(
            tiles.as_ptr(),
            tiles.len(),
            rule.code(),
            scratch.as_mut_ptr().cast(),
            bytes - 1,
            &mut ParlorDominoVerdict::default(),
            std::ptr::null_mut(),
            0,
        )
    };
    assert_eq!(short, parlor::PARLOR_ERR_BUFFER_TOO_SMALL);
    (verdict, witness.iter().map(|p| (p.parent, p.pip)).collect())
}

/// The orders that were stack-hungry through C (more than 32 tiles: the removed
/// `parlor_dominoes_validate` kept 28 KB of working memory on the stack for them) give, through
/// `parlor_dominoes_validate_scratch`, the answers of the core's `validate`; a legal witness
/// replays through the naive reference layout; and `parlor_dominoes_play` /
/// `parlor_dominoes_placements` (now on a `BorrowedLayout`, no 3 KB `Layout` on the stack) give
/// the reference layout's totals, points and accepted placements. 40, 64 and 128 tiles; legal
/// orders, a late duplicate and a late tile no open end can show; all three rules.
#[test]
fn stack_hungry_orders_answer_the_same_through_the_scratch_form_and_the_borrowed_layout() {
    use parlor::dominoes::*;
    for (len, top, seed) in [(40usize, 8u32, 11u64), (64, 10, 12), (128, 15, 13)] {
        let game: Vec<Tile> = real_game(top, seed)[..len].to_vec();
        let mut twice = game.clone();
        twice[len - 1] = game[len / 2];
        let mut stuck = game.clone();
        stuck[len - 1] = Tile::new(1000, 1001);
        let mut legal_seen = 0;
        for rule in SpinnerRule::ALL {
            for order in [&game, &twice, &stuck] {
                let (c_verdict, c_witness) = c_validate(order, rule);
                let core = validate(order, rule).expect("within capacity");
                match &core {
                    Verdict::Legal(witness) => {
                        assert_eq!(c_verdict.legal, 1, "{len} tiles under {rule}");
                        for (index, &(parent, pip)) in c_witness.iter().enumerate() {
                            let want = witness
                                .get(index)
                                .map_or((PARLOR_DOMINOES_NO_PARENT, 0), |p| (p.parent as u32, p.pip));
                            assert_eq!((parent, pip), want, "witness tile {index} of {len} under {rule}");
                        }
                    }
                    Verdict::Illegal(illegal) => {
                        assert_eq!(c_verdict.legal, 0);
                        assert_eq!(c_verdict.tile as usize, illegal.tile);
                        let (reason, earlier) = match illegal.reason {
                            Reason::Duplicate { earlier } => (PARLOR_DOMINOES_REASON_DUPLICATE, earlier as u32),
                            Reason::NoOpenEnd => (PARLOR_DOMINOES_REASON_NO_OPEN_END, 0),
                        };
                        assert_eq!((c_verdict.reason, c_verdict.earlier), (reason, earlier));
                    }
                }
                // The order was built under Five Up: there the changed last tile is what breaks it.
                if rule == SpinnerRule::EveryDouble && std::ptr::eq(order, &twice) {
                    assert_eq!(
                        (c_verdict.reason, c_verdict.tile, c_verdict.earlier),
                        (PARLOR_DOMINOES_REASON_DUPLICATE, len as u32 - 1, len as u32 / 2)
                    );
                }
                if rule == SpinnerRule::EveryDouble && std::ptr::eq(order, &stuck) {
                    assert_eq!(
                        (c_verdict.reason, c_verdict.tile),
                        (PARLOR_DOMINOES_REASON_NO_OPEN_END, len as u32 - 1)
                    );
                }
                let Verdict::Legal(_) = core else { continue };
                legal_seen += 1;
                // Replay the witness: C scores against the reference layout.
                let spinners = Spinners::from_code(rule.code());
                let tiles: Vec<ParlorDominoTile> = order.iter().map(|t| ParlorDominoTile { a: t.a, b: t.b }).collect();
                let placements: Vec<ParlorDominoPlacement> = c_witness
                    .iter()
                    .map(|&(parent, pip)| ParlorDominoPlacement { parent, pip })
                    .collect();
                let mut scores = vec![ParlorDominoScore::default(); len];
                let mut failed = usize::MAX;
                // SAFETY: every pointer is valid for its length.
                let status = unsafe {
                    parlor_dominoes_play(
                        tiles.as_ptr(),
                        placements.as_ptr(),
                        len,
                        rule.code(),
                        scores.as_mut_ptr(),
                        len,
                        &mut failed,
                    )
                };
                assert_eq!(status, parlor::PARLOR_OK, "C replays the witness of {len} tiles");
                let mut naive = reference::RefLayout::new(spinners);
                for (index, (tile, &(parent, pip))) in order.iter().zip(&c_witness).enumerate() {
                    let placement = (parent != PARLOR_DOMINOES_NO_PARENT).then_some((parent as usize, pip));
                    let total = naive
                        .play((tile.a, tile.b), placement)
                        .expect("the reference plays the witness");
                    assert_eq!(scores[index].open_total, total, "total after tile {index} of {len}");
                    assert_eq!(scores[index].points, reference::points(total, spinners));
                }
                // Where a few more tiles could go on the whole layout: C against the placements
                // the reference accepts (tried one by one on a copy).
                for candidate in [
                    Tile::new(0, 20),
                    Tile::new(top, 21),
                    Tile::new(3, 22),
                    Tile::new(30, 31),
                ] {
                    let mut found = vec![ParlorDominoPlacement::default(); 64];
                    let mut count = 0usize;
                    // SAFETY: as above.
                    let status = unsafe {
                        parlor_dominoes_placements(
                            tiles.as_ptr(),
                            placements.as_ptr(),
                            len,
                            rule.code(),
                            ParlorDominoTile {
                                a: candidate.a,
                                b: candidate.b,
                            },
                            found.as_mut_ptr(),
                            found.len(),
                            &mut count,
                        )
                    };
                    assert_eq!(status, parlor::PARLOR_OK);
                    let got: Vec<(u32, u32)> = found[..count].iter().map(|p| (p.parent, p.pip)).collect();
                    let mut accepted = Vec::new();
                    for parent in 0..len {
                        for pip in [candidate.a, candidate.b] {
                            if accepted.contains(&(parent as u32, pip)) {
                                continue;
                            }
                            let mut copy = naive.clone();
                            if copy.play((candidate.a, candidate.b), Some((parent, pip))).is_ok() {
                                accepted.push((parent as u32, pip));
                            }
                        }
                    }
                    assert_eq!(got, accepted, "placements of {candidate} on {len} tiles under {rule}");
                }
            }
        }
        assert!(legal_seen >= 1, "{len} tiles: the Five Up order is legal");
    }
}

/// `SpinnerRule::points` divides by 5 through a multiplicative inverse: the same answers as
/// `%`/`/` at the edges of the range and around every multiple of 5 near them.
#[test]
fn points_match_plain_division() {
    let naive = |rule: SpinnerRule, total: u64| match (total, rule) {
        (0, _) => 0,
        (t, _) if t % 5 != 0 => 0,
        (t, SpinnerRule::FirstDouble) => t,
        (t, _) => t / 5,
    };
    let mut rng = SplitMix64(5);
    let edges = (0..200u64)
        .chain((0..200).map(|d| u64::MAX - d))
        .chain((0..200).map(|d| u64::MAX / 5 - 100 + d));
    let random = (0..5000).map(|_| rng.next() >> rng.below(64));
    for total in edges.chain(random) {
        for rule in [SpinnerRule::EveryDouble, SpinnerRule::FirstDouble, SpinnerRule::None] {
            assert_eq!(rule.points(total), naive(rule, total), "{rule:?} {total}");
        }
    }
    assert_eq!(SpinnerRule::EveryDouble.points(25), 5);
    assert_eq!(SpinnerRule::FirstDouble.points(25), 25);
    assert_eq!(SpinnerRule::None.points(24), 0);
}
