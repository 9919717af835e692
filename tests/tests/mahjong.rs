//! Mahjong conformance: vectors through the CLI, the core and the reference; the differential
//! checkers over regressions and pseudo-random cases; unit tests with values from the rules; and
//! a cross-check of shanten against the PyPI package `mahjong` 2.1.0.

use arbitrary::{Arbitrary, Unstructured};
use parlor_conformance::check::mahjong::{self as checks, DiffCase};
use parlor_conformance::fuzzing::{SplitMix64, run_target};
use parlor_conformance::reference::mahjong as reference;
use parlor_conformance::tools::{self, Python};
use parlor_conformance::vectors;
use parlor_core::mahjong::{
    Decomposition, Error, Form, Hand, Meld, Rules, Size, Tile, TileCounts, for_each_decomposition, is_complete,
    shanten, ukeire, wait_tiles, waits,
};
use parlor_core::notation::Span;

fn hand(text: &str) -> Hand {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn names(mask: u64) -> String {
    wait_tiles(mask).map(|t| t.to_string()).collect::<Vec<_>>().join(" ")
}

/// Every vector through the CLI in-process, with errors written as `parlor check` writes them
/// (`error: <message>`; `vectors::assert_cli` writes the `Debug` form, which no vector can match).
#[test]
fn vectors_pass_through_the_cli() {
    let all = vectors::load("mahjong");
    assert!(all.len() >= 60);
    for (file, vector) in &all {
        let actual = match parlor_cli::check::actual_output(vector) {
            Ok(text) => text,
            Err(parlor_cli::CliError::Input(message)) => format!("error: {message}"),
            Err(other) => panic!("{file}:{}: {other:?}", vector.line),
        };
        assert_eq!(actual, vector.expected, "{file}:{}: {:?}", vector.line, vector.args);
    }
}

/// One vector line, answered by `answer(command, flags, tiles)`.
fn interpret(answer: impl Fn(&str, &[String], &str) -> Result<String, ()>) {
    for (file, vector) in vectors::load("mahjong") {
        let args = &vector.args;
        assert_eq!(args[0], "mahjong");
        let command = args[1].as_str();
        let mut flags = Vec::new();
        let mut tiles = Vec::new();
        let mut i = 2;
        while i < args.len() {
            if args[i] == "--riichi" {
                flags.push(args[i].clone());
            } else if args[i] == "--form" || args[i] == "--visible" {
                flags.push(format!("{}={}", args[i], args[i + 1]));
                i += 1;
            } else {
                tiles.push(args[i].clone());
            }
            i += 1;
        }
        let got = answer(command, &flags, &tiles.join(" "));
        match got {
            Ok(text) => assert_eq!(text, vector.expected, "{file}:{}: {args:?}", vector.line),
            Err(()) => assert!(
                vector.expected.starts_with("error: "),
                "{file}:{}: {args:?}",
                vector.line
            ),
        }
    }
}

fn flag<'a>(flags: &'a [String], name: &str) -> Option<&'a str> {
    flags.iter().find_map(|f| f.strip_prefix(name))
}

#[test]
fn vectors_agree_with_the_reference() {
    interpret(|command, flags, text| {
        let counts = reference::parse(text, 14).map_err(|_| ())?;
        let riichi = flags.iter().any(|f| f == "--riichi");
        let n: usize = counts.iter().map(|&c| usize::from(c)).sum();
        let form = flag(flags, "--form=");
        let answer = match command {
            "waits" if n % 3 == 1 => reference::waits(&counts, riichi)
                .into_iter()
                .map(reference::tile_name)
                .collect::<Vec<_>>()
                .join(" "),
            "shanten" => reference::shanten(&counts, form).ok_or(())?.to_string(),
            "ukeire" if n % 3 == 1 => {
                let visible = reference::parse(flag(flags, "--visible=").unwrap_or(""), 200).map_err(|_| ())?;
                if (0..34).any(|i| counts[i] + visible[i] > 4) || reference::shanten(&counts, form).is_none() {
                    return Err(());
                }
                let list = reference::ukeire(&counts, &visible, form).ok_or(())?;
                list.iter()
                    .map(|&(t, c)| format!("{}:{c}", reference::tile_name(t)))
                    .collect::<Vec<_>>()
                    .join(" ")
            }
            "decompose" if n % 3 == 2 => reference::decompositions(&counts, riichi).join(" | "),
            _ => return Err(()),
        };
        Ok(answer)
    });
}

#[test]
fn vectors_agree_with_the_core_api() {
    interpret(|command, flags, text| {
        let hand: Hand = text.parse().map_err(|_| ())?;
        let rules = if flags.iter().any(|f| f == "--riichi") {
            Rules::RIICHI
        } else {
            Rules::SEED
        };
        let form = flag(flags, "--form=").map(|f| match f {
            "regular" => Form::Regular,
            "seven-pairs" => Form::SevenPairs,
            _ => Form::ThirteenOrphans,
        });
        Ok(match command {
            "waits" => names(waits(&hand, rules).map_err(|_| ())?),
            "shanten" => shanten(&hand, form).map_err(|_| ())?.to_string(),
            "ukeire" => {
                let visible = flag(flags, "--visible=")
                    .unwrap_or("")
                    .parse::<TileCounts>()
                    .map(|counts| counts.0)
                    .map_err(|_| ())?;
                let u = ukeire(&hand, Some(&visible), form).map_err(|_| ())?;
                wait_tiles(u.accepted)
                    .map(|t| format!("{t}:{}", u.remaining[t.index()]))
                    .collect::<Vec<_>>()
                    .join(" ")
            }
            _ => {
                let mut all = Vec::new();
                for_each_decomposition(&hand, rules, |d| all.push(d.to_string())).map_err(|_| ())?;
                all.join(" | ")
            }
        })
    });
}

#[test]
fn diff_checker_over_regressions_and_random_cases() {
    assert!(run_target("mahjong_diff", 1500, checks::diff) > 1000);
}

#[test]
fn ffi_checker_over_regressions_and_random_cases() {
    assert!(run_target("ffi_mahjong", 3000, checks::ffi) > 2000);
}

#[test]
fn the_issue_hard_cases() {
    let regular = |text: &str| shanten(&hand(text), Some(Form::Regular));
    assert_eq!(regular("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 1p 1p"), Ok(1));
    assert_eq!(regular("1z 1z 1z 1z"), Ok(1));
    assert_eq!(regular("1m 1m 1m 1m 4m 4m 4m 4m"), Ok(1));
    assert_eq!(regular("2m 3m 1z 1z 1z 1z 2z 2z 2z 2z 3z 3z 3z"), Ok(2));
    let pairs = hand("2m 2m 5m 5m 5p 5p 6s 6s 6s 7s 7s 8s 8s 8s");
    assert_eq!(shanten(&pairs, Some(Form::SevenPairs)), Ok(1));
    let nine = hand("1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m");
    assert_eq!(names(waits(&nine, Rules::SEED).unwrap()), "1m 2m 3m 4m 5m 6m 7m 8m 9m");
}

#[test]
fn a_tile_held_four_times_is_never_a_wait() {
    // 4m completes 111m 123m 44m; a fifth 1m is never offered.
    let h = hand("1111m 234m");
    assert_eq!(names(waits(&h, Rules::SEED).unwrap()), "4m");
    let h = hand("1111m");
    assert_eq!(names(waits(&h, Rules::SEED).unwrap()), "");
    assert_eq!(shanten(&h, None), Ok(1));
    // Seven pairs with a quad is not tenpai for the fourth kind.
    let h = hand("1111m2233p4455s6z");
    assert_eq!(names(waits(&h, Rules::RIICHI).unwrap()), "");
}

#[test]
fn notation_round_trips_and_errors_name_the_token() {
    let h = hand("112m456p11z 9s");
    assert_eq!(h.to_string(), "1m 1m 2m 4p 5p 6p 9s 1z 1z");
    assert_eq!(format!("{h:#}"), "112m456p9s11z");
    assert_eq!(hand(&h.to_string()), h);
    assert_eq!(hand(&format!("{h:#}")), h);
    assert_eq!(
        "1m 8z".parse::<Hand>(),
        Err(Error::UnknownTile { span: Span::new(3, 5) })
    );
    assert_eq!("12".parse::<Hand>(), Err(Error::UnknownTile { span: Span::new(0, 2) }));
    assert_eq!(
        "123m0p".parse::<Hand>(),
        Err(Error::UnknownTile { span: Span::new(4, 6) })
    );
    let fifth = "1111m 1m".parse::<Hand>();
    assert_eq!(
        fifth,
        Err(Error::FifthCopy {
            tile: hand("1m").tiles().next().unwrap(),
            span: Span::new(6, 8)
        })
    );
    assert_eq!(
        "11112222333344m 5z".parse::<Hand>(),
        Err(Error::TooManyTiles {
            span: Span::new(16, 18)
        })
    );
    assert_eq!(Hand::new().to_string(), "");
    assert_eq!("".parse::<Hand>(), Ok(Hand::new()));
    let tile: Tile = "7z".parse().unwrap();
    assert_eq!((tile.index(), tile.is_orphan()), (33, true));
    assert!("10m".parse::<Tile>().is_err());
}

#[test]
fn sizes_are_checked() {
    let twelve = hand("123m456m789m123p");
    assert_eq!(
        waits(&twelve, Rules::SEED),
        Err(Error::WrongSize {
            tiles: 12,
            expected: Size::Waiting
        })
    );
    assert_eq!(
        shanten(&twelve, None),
        Err(Error::WrongSize {
            tiles: 12,
            expected: Size::Either
        })
    );
    assert_eq!(
        is_complete(&hand("1m"), Rules::SEED),
        Err(Error::WrongSize {
            tiles: 1,
            expected: Size::Complete
        })
    );
    assert_eq!(
        shanten(&hand("1m"), Some(Form::SevenPairs)),
        Err(Error::WrongSize {
            tiles: 1,
            expected: Size::Full
        })
    );
}

#[test]
fn decompositions_list_every_reading() {
    let h = hand("111222333m 789p 55z");
    let mut all = Vec::new();
    assert_eq!(for_each_decomposition(&h, Rules::SEED, |d| all.push(*d)), Ok(2));
    let Decomposition::Regular(first) = all[0] else {
        panic!("regular")
    };
    let m = |s: &str| hand(s).tiles().next().unwrap();
    assert_eq!(first.pair(), m("5z"));
    assert_eq!(
        first.sets(),
        [
            Meld::Triplet(m("1m")),
            Meld::Triplet(m("2m")),
            Meld::Triplet(m("3m")),
            Meld::Run(m("7p"))
        ]
    );
    // A hand that is both seven pairs and regular: both readings, regular first.
    let h = hand("223344m556677p88s");
    let mut forms = Vec::new();
    assert_eq!(
        for_each_decomposition(&h, Rules::RIICHI, |d| forms.push(d.form())),
        Ok(2)
    );
    assert_eq!(forms, [Form::Regular, Form::SevenPairs]);
    assert_eq!(for_each_decomposition(&h, Rules::SEED, |_| {}), Ok(1));
    // Not complete: none.
    assert_eq!(for_each_decomposition(&hand("12m"), Rules::RIICHI, |_| {}), Ok(0));
}

#[test]
fn ukeire_counts_unseen_copies() {
    let h = hand("1m 1m 1m 4s 4s 4s 7p 7p 7p 3m 3m 3m 9s");
    let u = ukeire(&h, None, None).unwrap();
    assert_eq!((u.shanten, names(u.accepted), u.total), (0, "9s".into(), 3));
    let seen = "9s 9s".parse::<TileCounts>().unwrap().0;
    assert_eq!(ukeire(&h, Some(&seen), None).unwrap().total, 1);
    let too_many = "9s 9s 9s 9s".parse::<TileCounts>().unwrap().0;
    assert!(matches!(
        ukeire(&h, Some(&too_many), None),
        Err(Error::FifthCopy { .. })
    ));
    // Two-sided wait 2m3m + 1z pair + 3 sets: 1m and 4m, four each.
    let h = hand("23m 11z 456p 789p 111s");
    let u = ukeire(&h, None, Some(Form::Regular)).unwrap();
    assert_eq!((names(u.accepted), u.total), ("1m 4m".into(), 8));
}

/// Random hands of every size, as bytes decoded like the fuzzer does.
fn random_hands(count: usize) -> Vec<Hand> {
    let mut rng = SplitMix64(0x006d_6168_6a6f_6e67);
    let mut hands = Vec::new();
    while hands.len() < count {
        let bytes: Vec<u8> = (0..64).map(|_| rng.next() as u8).collect();
        if let Ok(case) = DiffCase::arbitrary(&mut Unstructured::new(&bytes)) {
            let h = checks::build(&case);
            if !h.len().is_multiple_of(3) {
                hands.push(h);
            }
        }
    }
    hands
}

/// Shanten against the PyPI package `mahjong` 2.1.0 (tests/python/mahjong_shanten.py), regular
/// form and minimum, on 3000 random hands of every size (224 of them hold four of a kind). They
/// agree on all of them; a disagreement is arbitrated by the brute-force reference in the message.
#[test]
fn shanten_agrees_with_the_python_mahjong_package() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/python/mahjong_shanten.py");
    let hands = random_hands(3000);
    let input: String = hands
        .iter()
        .map(|h| h.counts().iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",") + "\n")
        .collect();
    let run = Python::from_env().run(script.as_ref(), input.as_bytes());
    let Some(output) = tools::available("shanten vs the python mahjong package", run) else {
        return;
    };
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).unwrap();
    let mut lines = text.lines();
    let mut quads = 0;
    for h in &hands {
        let line = lines.next().expect("one answer per hand");
        let mut parts = line.split(' ').map(|x| x.parse::<i8>().unwrap());
        let python = (parts.next().unwrap(), parts.next().unwrap());
        let ours = (shanten(h, Some(Form::Regular)).unwrap(), shanten(h, None).unwrap());
        let brute = reference::shanten_regular(h.counts());
        assert_eq!(
            ours, python,
            "{h}: (regular, minimum) core vs python; reference regular {brute:?}"
        );
        quads += usize::from(h.counts().contains(&4));
    }
    eprintln!(
        "python mahjong 2.1.0 agrees on {} hands ({quads} with four of a kind)",
        hands.len()
    );
}

/// The skip path of the cross-check above, as on a fresh machine: the helper run by an
/// interpreter that sees no installed package exits (status 3) before reading its 3000 lines of
/// input; that is a [`tools::Missing`] naming the package (a skip, or a failure under CI), not a
/// broken pipe.
#[test]
fn python_helper_without_the_package_is_a_skip_not_a_broken_pipe() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/python/mahjong_shanten.py");
    let input = "0,".repeat(33) + "1\n";
    let run = Python::from_env()
        .without_site_packages()
        .run(script.as_ref(), input.repeat(3000).as_bytes());
    let missing = run.expect_err("no site-packages: the helper must report the package as missing");
    if !missing.0.contains("not found") {
        assert!(missing.0.contains("'mahjong' is not installed"), "{missing}");
    }
    assert_eq!(
        tools::available_with::<()>("the skip path (no site-packages)", Err(missing), false),
        None
    );
}

/// A longer differential run, for release builds: `cargo test --release -p parlor-conformance
/// --test conformance mahjong:: -- --ignored`.
#[test]
#[ignore]
fn diff_checker_long_run() {
    assert!(run_target("mahjong_diff", 40000, checks::diff) > 30000);
}

/// The built-in suit classifier has the documented size (the core asserts ≤ 64 KiB at compile
/// time), and hands with a long suit (up to 14 tiles of one suit, all in the classifier) give
/// the reference's shanten.
#[test]
fn built_in_classifier_is_small_and_covers_full_suits() {
    assert_eq!(parlor_core::mahjong::SUIT_CLASSES, 126);
    // In flash: the automaton (42,290), the 126 classes' gains (16 bytes each), the class-pair
    // table (126 · 127 / 2 bytes), the class-and-honors table (126 × 55 bytes), the 180 combined
    // gains (16 bytes each), the honor classes (120-byte index, 55 gains of 16 bytes).
    assert_eq!(
        parlor_core::mahjong::BUILT_IN_TABLE_BYTES,
        42_290 + 126 * 16 + 8_001 + 126 * 55 + 180 * 16 + 120 + 55 * 16
    );
    for text in [
        "1111m2222m3333m44m",
        "1112345678999m",
        "11112345678999m",
        "1112345m789p11z",
        "1234567m1234p",
        "1122334455667m",
        "2223344455567m",
    ] {
        let h = hand(text);
        let counts = *h.counts();
        let expected = reference::shanten_regular(&counts).map(|v| v as i8);
        assert_eq!(shanten(&h, Some(Form::Regular)).ok(), expected, "{text}");
    }
}

#[test]
fn ukeire_batch_lines_may_carry_their_own_visible_tiles() {
    // hand<TAB>visible per line (positions in a batch each have their discards).
    let mut input = std::io::Cursor::new("1234m\t1m\n1234m\n1111m\t1m\n1m\t2m\t3m\n".as_bytes());
    let mut out = Vec::new();
    let args = ["parlor", "mahjong", "ukeire", "--batch", "--visible", "4m"];
    parlor_cli::run(args, &mut input, &mut out).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "1m:2 4m:3\n1m:3 4m:2\n\
         error: fifth copy of 1m: the hand and the visible tiles together hold five\n\
         error: expected hand or hand<TAB>visible\n"
    );
}

#[test]
fn batch_mode_answers_one_line_per_hand() {
    let mut input = std::io::Cursor::new("1m 2m 3m 4m\n\n11111m\n1112345678999m\n".as_bytes());
    let mut out = Vec::new();
    let args = ["parlor", "mahjong", "waits", "--batch"];
    parlor_cli::run(args, &mut input, &mut out).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "1m 4m\nerror: empty line (one case per line)\n\
         error: fifth copy of 1m (\"11111m\")\n1m 2m 3m 4m 5m 6m 7m 8m 9m\n"
    );
    let mut input = std::io::Cursor::new("1z1z1z1z\n2255m55p66677888s\n".as_bytes());
    let mut out = Vec::new();
    parlor_cli::run(["parlor", "mahjong", "shanten", "--batch"], &mut input, &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "1\n1\n");
}

/// Enum codes from C are checked in the core by `TryFrom<u8>` with a typed error naming the
/// code (project decision); the FFI maps the minimum-over-forms code itself. Rules codes
/// (16–31) and form codes (32–47) are apart, so one passed for the other is an error.
#[test]
fn enum_codes_from_c_use_try_from() {
    use parlor_core::mahjong::{Error, Form, Rules};
    assert_eq!(Rules::try_from(16), Ok(Rules::SEED));
    assert_eq!(Rules::try_from(17), Ok(Rules::RIICHI));
    for code in [0u8, 1, 18, 33, 255] {
        assert_eq!(
            Rules::try_from(code),
            Err(Error::UnknownCode {
                what: "rules",
                code: u32::from(code)
            })
        );
    }
    assert_eq!(Form::try_from(33), Ok(Form::Regular));
    assert_eq!(Form::try_from(34), Ok(Form::SevenPairs));
    assert_eq!(Form::try_from(35), Ok(Form::ThirteenOrphans));
    for form in [Form::Regular, Form::SevenPairs, Form::ThirteenOrphans] {
        assert_eq!(Form::try_from(form.code()), Ok(form));
    }
    for code in [0u8, 1, 2, 3, 16, 17, 32, 36, 255] {
        assert_eq!(
            Form::try_from(code),
            Err(Error::UnknownCode {
                what: "form",
                code: u32::from(code)
            })
        );
    }
    assert_eq!(
        Error::UnknownCode { what: "form", code: 9 }.to_string(),
        "unknown form code 9 (33 regular, 34 seven pairs, 35 thirteen orphans)"
    );
}
