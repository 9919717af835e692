//! Riichi hand value: the cross-check against the PyPI package `mahjong` 2.1.0
//! (`tests/python/mahjong_score.py`, its `HandCalculator`) on generated winning hands of every
//! kind, under the `online` preset (the package's options set to match) and under
//! `mahjong-pypi` (the package's defaults), and three-player hands under `tenhou-sanma`; and the
//! fuzz checker over pseudo-random cases.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

use parlor_conformance::check::mahjong_score::{self as check, generate, pypi_json};
use parlor_conformance::fuzzing::{SplitMix64, run_target};
use parlor_conformance::reference::mahjong_score::{self as reference, RefError, RefValue};
use parlor_core::mahjong::score::{Config, Error, HandValue, MeldKind, Win, Wind, Yaku, score};

/// The package's yaku id for ours (dora, aka and ura are counts, compared apart).
fn pypi_yaku(id: u32, seat_or_round: &mut Vec<Yaku>) -> Option<Yaku> {
    use Yaku::*;
    Some(match id {
        0 => MenzenTsumo,
        1 => Riichi,
        3 => Ippatsu,
        4 => Chankan,
        5 => Rinshan,
        6 => Haitei,
        7 => Houtei,
        8 => DoubleRiichi,
        12 => Pinfu,
        13 => Tanyao,
        14 => Iipeikou,
        15 => Haku,
        16 => Hatsu,
        17 => Chun,
        18..=21 => {
            seat_or_round.push(SeatWind);
            SeatWind
        }
        22..=25 => {
            seat_or_round.push(RoundWind);
            RoundWind
        }
        26 => SanshokuDoujun,
        27 => Ittsu,
        28 => Chanta,
        29 => Honroutou,
        30 => Toitoi,
        31 => Sanankou,
        32 => Sankantsu,
        33 => SanshokuDoukou,
        34 => Chiitoitsu,
        35 => Shousangen,
        36 => Honitsu,
        37 => Junchan,
        38 => Ryanpeikou,
        39 => Chinitsu,
        100 => Kokushi,
        101 => Chuuren,
        102 => Suuankou,
        103 => Daisangen,
        104 => Shousuushii,
        105 => Ryuuiisou,
        106 => Suukantsu,
        107 => Tsuuiisou,
        108 => Chinroutou,
        111 => Daisuushii,
        112 => Kokushi13,
        113 => SuuankouTanki,
        114 => JunseiChuuren,
        115 => Tenhou,
        116 => Chiihou,
        _ => return None,
    })
}

/// Our answer in the package's terms: `no_yaku`, `error …`, or `ok <han> <fu> <payments>
/// <sorted yaku:han> <dora> <aka> <ura>`.
fn ours(win: &Win, v: &Result<HandValue, Error>) -> String {
    match v {
        Err(Error::NoYaku) => "error no_yaku".into(),
        Err(e) => format!("error {e:?}"),
        Ok(v) => {
            let mut yaku: Vec<String> = v.yaku().iter().map(|y| format!("{:?}:{}", y.yaku, y.han)).collect();
            yaku.sort();
            let p = v.payment();
            let (main, additional) = match (win.tsumo, win.dealer()) {
                (false, _) => (p.ron, 0),
                (true, true) => (p.non_dealer, p.non_dealer),
                (true, false) => (p.dealer, p.non_dealer),
            };
            let fu = if v.yakuman() > 0 { 0 } else { v.fu() };
            // The package counts extracted Norths among its dora.
            format!(
                "ok {} {fu} {main} {additional} {} {} dora {} aka {} ura {}",
                v.han(),
                p.total + p.sticks,
                yaku.join(","),
                v.dora() + v.nukidora(),
                v.red(),
                v.ura()
            )
        }
    }
}

/// The naive reference's answers in the same terms, one per reading tied at the top (the
/// package names one of them).
fn reference_lines(win: &Win, v: &Result<RefValue, RefError>) -> Vec<String> {
    match v {
        Err(RefError::NoYaku) => vec!["error no_yaku".into()],
        Err(e) => vec![format!("error {e:?}")],
        Ok(v) => {
            let (main, additional) = match (win.tsumo, win.dealer()) {
                (false, _) => (v.ron, 0),
                (true, true) => (v.non_dealer, v.non_dealer),
                (true, false) => (v.dealer, v.non_dealer),
            };
            let fu = if v.yakuman > 0 { 0 } else { v.fu };
            v.ties
                .iter()
                .map(|yaku| {
                    let mut yaku: Vec<String> = yaku.iter().map(|(y, h)| format!("{y:?}:{h}")).collect();
                    yaku.sort();
                    format!(
                        "ok {} {fu} {main} {additional} {} {} dora {} aka {} ura {}",
                        v.han,
                        v.total + v.sticks,
                        yaku.join(","),
                        v.dora,
                        v.red,
                        v.ura
                    )
                })
                .collect()
        }
    }
}

/// The package's answer line in the same terms.
fn theirs(line: &str) -> String {
    let parts: Vec<&str> = line.split(' ').collect();
    if parts[0] == "error" {
        return line.to_string();
    }
    let n = |i: usize| parts[i].parse::<u32>().unwrap();
    let (han, fu) = (n(1), n(2));
    let (main, additional) = (n(3) + n(4), n(5) + n(6));
    let (mut dora, mut aka, mut ura) = (0, 0, 0);
    let mut yaku = Vec::new();
    let mut winds = Vec::new();
    let mut yakuman = false;
    for item in parts[8].split(',').filter(|s| *s != "-") {
        let (id, h) = item.split_once(':').unwrap();
        let (id, h) = (id.parse::<u32>().unwrap(), h.parse::<u32>().unwrap());
        match id {
            120 => dora = h,
            121 => aka = h,
            122 => ura = h,
            _ => {
                let y = pypi_yaku(id, &mut winds).unwrap_or_else(|| panic!("unknown yaku id {id} in {line}"));
                yakuman |= y.is_yakuman();
                yaku.push(format!("{y:?}:{h}"));
            }
        }
    }
    yaku.sort();
    let fu = if yakuman { 0 } else { fu };
    format!(
        "ok {han} {fu} {main} {additional} {} {} dora {dora} aka {aka} ura {ura}",
        n(7),
        yaku.join(",")
    )
}

/// Whether the helper can run: `Some(reason)` to skip. Nothing is written to a child that may
/// have exited: the import is checked first, with no input.
fn python_missing(script: &str) -> Option<String> {
    match Command::new("python3")
        .arg(script)
        .arg("--check")
        .stderr(Stdio::piped())
        .output()
    {
        Err(e) => Some(format!("python3 not found ({e})")),
        Ok(out) if out.status.code() == Some(3) => Some(String::from_utf8_lossy(&out.stderr).trim().to_string()),
        Ok(out) if !out.status.success() => Some(format!("helper failed: {}", String::from_utf8_lossy(&out.stderr))),
        Ok(_) => None,
    }
}

fn run_python(script: &str, input: String) -> String {
    let mut child = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 ran a moment ago");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let mut out = String::new();
    child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
    let status = child.wait().unwrap();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert!(status.success(), "python helper failed: {err}");
    writer.join().unwrap().expect("the helper read all its input");
    out
}

/// A documented, deliberate difference (docs/mahjong.md, "Hand value: the PyPI cross-check"),
/// recognised from the two answers; `None` for a real disagreement.
fn documented(_win: &Win, _ours: &str, _theirs: &str) -> Option<&'static str> {
    None
}

fn cross_check(config: Config, seed: u64, cases: usize) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/python/mahjong_score.py");
    if let Some(reason) = python_missing(script) {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install mahjong==2.1.0: {reason}"
        );
        eprintln!("skipped: {reason}");
        return;
    }
    let mut rng = SplitMix64(seed);
    let wins: Vec<Win> = (0..cases).map(|_| generate(&mut rng)).collect();
    let input: String = wins.iter().map(|w| pypi_json(w, &config) + "\n").collect();
    let started = std::time::Instant::now();
    let out = run_python(script, input);
    let python = started.elapsed();
    let mut lines = out.lines();
    let (mut agree, mut valued, mut differences) = (0, 0, std::collections::BTreeMap::new());
    let mut failures = Vec::new();
    let mut seen = std::collections::BTreeMap::new();
    let (mut melded, mut tsumo) = (0, 0);
    let mut reference_failures = Vec::new();
    for w in &wins {
        let v = score(w, &config);
        check::compare_with_reference(w, &config, &v);
        let naive = reference::value(w, &config);
        if let Ok(v) = &v {
            check::check_value(w, &config, v);
            valued += 1;
            for y in v.yaku() {
                *seen.entry(y.yaku).or_insert(0usize) += 1;
            }
            melded += usize::from(!w.melds.is_empty());
            tsumo += usize::from(w.tsumo);
        }
        let a = ours(w, &v);
        let b = theirs(lines.next().expect("one answer per hand"));
        // The reference against the package directly (no documented difference applies to it).
        if !reference_lines(w, &naive).contains(&b) && reference_failures.len() < 12 {
            reference_failures.push(format!(
                "{}\n  reference: {:?}\n  theirs:    {b}",
                pypi_json(w, &config),
                reference_lines(w, &naive)
            ));
        }
        if a == b {
            agree += 1;
        } else if let Some(why) = documented(w, &a, &b) {
            *differences.entry(why).or_insert(0) += 1;
        } else if failures.len() < 12 {
            failures.push(format!("{}\n  ours:   {a}\n  theirs: {b}", pypi_json(w, &config)));
        } else {
            failures.push(String::new());
        }
    }
    assert!(
        reference_failures.is_empty(),
        "the naive reference differs from the package, the first:\n{}",
        reference_failures.join("\n")
    );
    assert!(
        failures.is_empty(),
        "{} undocumented differences, the first:\n{}",
        failures.len(),
        failures
            .iter()
            .filter(|f| !f.is_empty())
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    eprintln!(
        "python mahjong 2.1.0: {agree} of {cases} agree ({valued} valued), documented differences {differences:?}; \
         the helper took {:.1} us per hand (JSON in and out included)",
        python.as_secs_f64() * 1e6 / cases as f64
    );
    eprintln!("valued hands: {melded} with melds, {tsumo} tsumo; yaku seen: {seen:?}");
    assert!(valued * 3 > cases, "too few hands with a yaku: {valued}");
    // Every yaku the generator can make is exercised (the rarest yakuman aside).
    let rare = [
        Yaku::Chiihou,
        Yaku::Tenhou,
        Yaku::Suukantsu,
        Yaku::Chinroutou,
        Yaku::Ryuuiisou,
        Yaku::JunseiChuuren,
        Yaku::Chuuren,
        Yaku::Daisuushii,
        Yaku::Kokushi13,
        Yaku::Shousuushii,
        Yaku::Tsuuiisou,
        Yaku::SuuankouTanki,
        Yaku::Daisangen,
    ];
    let missing: Vec<_> = Yaku::ALL
        .iter()
        .filter(|y| !rare.contains(y) && !seen.contains_key(y))
        .collect();
    assert!(missing.is_empty(), "never exercised: {missing:?}");
}

/// Whether a generated hand can happen in three-player Riichi: no 2m-8m anywhere (hand, melds,
/// indicators), no chii, no North seat or round.
fn sanma_hand(win: &Win) -> bool {
    let absent = |p: &parlor_core::mahjong::score::Piece| p.tile().absent_in_sanma();
    !(win.closed.as_slice().iter().any(absent)
        || win.dora.as_slice().iter().any(absent)
        || win.ura.as_slice().iter().any(absent)
        || win
            .melds
            .as_slice()
            .iter()
            .any(|m| m.kind() == MeldKind::Chii || m.tiles().iter().any(absent))
        || win.seat == Wind::North
        || win.round == Wind::North)
}

/// Three-player hand values (`tenhou-sanma`: 1m indicator to 9m, extracted Norths, tsumo-zon,
/// 200-point honba) against the package's `is_three_player` / `num_nuki_dora` on generated
/// hands that can happen with three players, each given 0-4 extracted Norths (as many as the
/// fourth copies allow).
fn cross_check_sanma(seed: u64, cases: usize) {
    let config = Config::TENHOU_SANMA;
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/python/mahjong_score.py");
    if let Some(reason) = python_missing(script) {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install mahjong==2.1.0: {reason}"
        );
        eprintln!("skipped: {reason}");
        return;
    }
    let mut rng = SplitMix64(seed);
    let mut wins: Vec<Win> = Vec::new();
    let mut tried = 0usize;
    while wins.len() < cases {
        tried += 1;
        assert!(tried < cases * 400, "the generator gives too few three-player hands");
        let mut w = generate(&mut rng);
        if !sanma_hand(&w) {
            continue;
        }
        let north = |p: &parlor_core::mahjong::score::Piece| p.tile() == parlor_core::mahjong::Tile::NORTH;
        let norths = w.closed.as_slice().iter().filter(|p| north(p)).count()
            + w.melds
                .as_slice()
                .iter()
                .map(|m| m.tiles().iter().filter(|p| north(p)).count())
                .sum::<usize>()
            + w.dora
                .as_slice()
                .iter()
                .chain(w.ura.as_slice())
                .filter(|p| north(p))
                .count();
        let room = 4usize.saturating_sub(norths) as u64;
        w.nukidora = (rng.next() % (room + 1)) as u8;
        // A replacement draw after a North needs no kan (the generator sets rinshan with kans).
        wins.push(w);
    }
    let input: String = wins.iter().map(|w| pypi_json(w, &config) + "\n").collect();
    let out = run_python(script, input);
    let mut lines = out.lines();
    let (mut agree, mut valued, mut with_nuki) = (0, 0, 0);
    let mut failures = Vec::new();
    for w in &wins {
        let v = score(w, &config);
        // The naive reference agrees with the core on every three-player hand too.
        check::compare_with_reference(w, &config, &v);
        if let Ok(v) = &v {
            check::check_value(w, &config, v);
            valued += 1;
            with_nuki += usize::from(w.nukidora > 0);
        }
        let a = ours(w, &v);
        let b = theirs(lines.next().expect("one answer per hand"));
        if a == b {
            agree += 1;
        } else if failures.len() < 12 {
            failures.push(format!("{}\n  ours:   {a}\n  theirs: {b}", pypi_json(w, &config)));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {cases} differ, the first:\n{}",
        cases - agree,
        failures.join("\n")
    );
    eprintln!(
        "python mahjong 2.1.0, three players: {agree} of {cases} agree ({valued} valued, {with_nuki} of them with \
         extracted Norths; {tried} generated for them)"
    );
    assert!(
        valued * 3 > cases && with_nuki * 4 > valued,
        "{valued} valued, {with_nuki} with Norths"
    );
}

#[test]
fn agrees_with_pypi_mahjong_with_three_players() {
    cross_check_sanma(0x5a4d_a003, 4_000);
}

#[test]
fn agrees_with_pypi_mahjong_under_the_online_preset() {
    cross_check(Config::ONLINE, 0x0051_1ce5, 12_000);
}

#[test]
fn agrees_with_pypi_mahjong_under_its_own_defaults() {
    cross_check(Config::PYPI, 0x00d3_fa17, 12_000);
}

#[test]
fn score_checker_over_pseudo_random_cases() {
    assert!(run_target("mahjong_score", 20_000, check::score_case) > 10_000);
}

/// The checker (core against the naive reference) on 400,000 cases: `cargo test --ignored`.
#[test]
#[ignore = "long: 400,000 cases"]
fn score_checker_long_run() {
    assert!(run_target("mahjong_score", 400_000, check::score_case) > 200_000);
}

/// The vectors (`tests/vectors/riichi_score.tsv`) through the CLI, and again through `--batch`
/// (each command line as an input line; the answer is the first line of the single answer).
#[test]
fn vectors_pass_through_the_cli_and_batch() {
    let all = parlor_conformance::vectors::load("riichi");
    assert!(all.len() >= 40);
    let mut input = String::new();
    let mut firsts = Vec::new();
    for (file, vector) in &all {
        let actual = parlor_cli::check::rendered_output(vector);
        assert_eq!(actual, vector.expected, "{file}:{}: {:?}", vector.line, vector.args);
        input += &(vector.args[2..].join(" ") + "\n");
        firsts.push(vector.expected.split('\n').next().unwrap().to_string());
    }
    let mut out = Vec::new();
    let args = ["parlor", "mahjong", "score", "--batch"].map(String::from);
    parlor_cli::run(args, &mut input.as_bytes(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    for (line, expected) in text.lines().zip(&firsts) {
        assert_eq!(line, expected);
    }
    assert_eq!(text.lines().count(), firsts.len());
}

/// The vectors' values straight from the core, for the lines that are plain hands (no melds):
/// the first output line is rebuilt from `score` itself.
#[test]
fn vectors_agree_with_the_core() {
    use parlor_cli::mahjong_score::{args_of, win_of};
    use parlor_core::mahjong::text::ValueText;
    let mut checked = 0;
    for (file, vector) in parlor_conformance::vectors::load("riichi") {
        let Ok(args) = args_of(&vector.args[2..].join(" ")) else {
            continue;
        };
        let Ok((win, config)) = win_of(&args) else { continue };
        match score(&win, &config) {
            Ok(v) => {
                check::check_value(&win, &config, &v);
                assert_eq!(
                    ValueText { win: &win, value: &v }.to_string(),
                    vector.expected,
                    "{file}:{}",
                    vector.line
                );
            }
            Err(Error::NoYaku) => assert_eq!(vector.expected, "no yaku"),
            Err(_) => assert!(vector.expected.starts_with("error: "), "{file}:{}", vector.line),
        }
        checked += 1;
    }
    assert!(checked >= 35, "{checked}");
}

/// The vectors' values from the naive reference (not the core): its first line (han, fu,
/// points, limit), its yaku lines and its dora lines must be the expected text's; a refusal
/// (`error: …`) must be the reference's `NotComplete` or `Invalid`.
#[test]
fn vectors_agree_with_the_reference() {
    use parlor_cli::mahjong_score::{args_of, win_of};
    let mut checked = 0;
    for (file, vector) in parlor_conformance::vectors::load("riichi") {
        let Ok(args) = args_of(&vector.args[2..].join(" ")) else {
            continue;
        };
        let Ok((win, config)) = win_of(&args) else { continue };
        let at = format!("{file}:{}", vector.line);
        match reference::value(&win, &config) {
            Ok(v) => {
                let mut first = format!("{} han {} fu {} points", v.han, v.fu, v.total);
                if let Some(limit) = v.limit_name() {
                    first += &format!(" {limit}");
                }
                let mut lines: Vec<String> = v.yaku.iter().map(|(y, h)| format!("{} {h}", y.name())).collect();
                for (name, n) in [
                    ("dora", v.dora),
                    ("ura dora", v.ura),
                    ("red five", v.red),
                    ("nukidora", v.nukidora),
                ] {
                    if n > 0 {
                        lines.push(format!("{name} {n}"));
                    }
                }
                let mut expected = vector.expected.split('\n');
                assert_eq!(expected.next(), Some(first.as_str()), "{at}");
                let mut theirs: Vec<String> = expected
                    .take_while(|l| !l.starts_with("fu:") && !l.starts_with("ron:") && !l.starts_with("tsumo:"))
                    .map(String::from)
                    .collect();
                theirs.sort();
                lines.sort();
                assert_eq!(lines, theirs, "{at}");
                if !win.tsumo {
                    assert!(
                        vector.expected.contains(&format!("ron: {} from the discarder", v.ron)),
                        "{at}"
                    );
                }
            }
            Err(RefError::NoYaku) => assert_eq!(vector.expected, "no yaku", "{at}"),
            Err(RefError::NotComplete) => assert_eq!(vector.expected, "error: not a complete hand", "{at}"),
            Err(RefError::Invalid(_)) => {
                assert!(
                    vector.expected.starts_with("error: ") && vector.expected != "error: not a complete hand",
                    "{at}"
                )
            }
        }
        checked += 1;
    }
    assert!(checked >= 30, "{checked}");
}

/// The fuzz finding: a raw input with two fifth copies names one or the other depending on the
/// tile order — both are errors; the checker compares values, not which fault is named first.
#[test]
fn regression_order_of_two_fifth_copies() {
    let data =
        std::fs::read(parlor_conformance::fuzzing::regression_dir("mahjong_score").join("order-of-two-fifth-copies"))
            .unwrap();
    assert!(parlor_conformance::fuzzing::run_bytes(&data, &check::score_case));
}

#[test]
fn ffi_checker_over_pseudo_random_cases() {
    assert!(run_target("ffi_mahjong_score", 10_000, check::ffi_case) > 5_000);
}

/// The naive reference on hands the generator makes rarely or never (chuuren, chinroutou,
/// ryuuiisou, the three-suit and straight yaku, junchan, the wind and dragon hands, suukantsu),
/// and on the config switches: each value worked out by hand from the rules (han, fu, points,
/// the yaku), then the core compared with it.
#[test]
fn reference_values_textbook_hands() {
    use Yaku::*;
    use parlor_cli::mahjong_score::{args_of, win_of};
    // (command line, han / fu / points or the refusal, the yaku)
    type Case = (&'static str, Result<(u32, u32, u32), RefError>, &'static [Yaku]);
    #[rustfmt::skip]
    let cases: &[Case] = &[
        // Ittsu and pinfu (789m won on 9m: a two-sided wait): 3 han 30 fu.
        ("123456789m 234p 55s --win 9m --ron", Ok((3, 30, 3900)), &[Pinfu, Ittsu]),
        // Sanshoku doujun and pinfu; no tanyao (1s).
        ("234m 234p 234s 567p 11s --win 7p --ron", Ok((3, 30, 3900)), &[Pinfu, SanshokuDoujun]),
        // Junchan, 123s won on 3s is an edge wait: 20 + 10 + 2 = 32 -> 40 fu, 3 han: 5200.
        ("123m 789m 789p 123s 99p --win 3s --ron", Ok((3, 40, 5200)), &[Junchan]),
        // Sanshoku doukou, sanankou (the winning tile completes the run), tanyao: mangan (fu 20 + 10
        // + 3 × 4 = 42 -> 50).
        ("222m 222p 222s 345m 66p --win 5m --ron", Ok((5, 50, 8000)), &[Tanyao, SanshokuDoukou, Sanankou]),
        // Shousangen with its two dragons and honitsu; 123m on 3m is an edge wait: 7 han, haneman.
        ("555z 666z 77z 123m 456m --win 3m --ron", Ok((7, 50, 12000)), &[Haku, Hatsu, Shousangen, Honitsu]),
        // Ryanpeikou (3 han 40 fu, 5200) beats chiitoitsu (2 han 25 fu, 1600).
        ("223344m 556677p 99s --win 9s --ron", Ok((3, 40, 5200)), &[Ryanpeikou]),
        // Chiitoitsu and honroutou: 4 han 25 fu.
        ("1199m 11p 99s 1122z 77z --win 7z --ron", Ok((4, 25, 6400)), &[Chiitoitsu, Honroutou]),
        // Yakuman.
        ("111m 999m 111p 999p 11s --win 9p --ron", Ok((13, 60, 32000)), &[Chinroutou]),
        ("223344s 666s 888s 66z --win 8s --ron", Ok((13, 40, 32000)), &[Ryuuiisou]),
        ("111z 222z 333z 44z 123m --win 3m --ron", Ok((13, 60, 32000)), &[Shousuushii]),
        ("111z 222z 333z 444z 55m --win 5m --ron", Ok((26, 70, 64000)), &[SuuankouTanki, Daisuushii]),
        ("111z 222z 333z 444z 55m --win 5m --ron --preset mahjong-soul", Ok((52, 70, 128000)), &[SuuankouTanki, Daisuushii]),
        ("77z --meld ankan:1111m --meld minkan:2222p@N --meld shouminkan:3333s --meld ankan:5555z --win 7z --tsumo",
         Ok((13, 110, 32000)), &[Suukantsu]),
        ("19m 19p 19s 1234567z 1m --win 9m --ron", Ok((13, 0, 32000)), &[Kokushi]),
        ("11123455678999m --win 1m --ron --rule composite-yakuman=no", Ok((13, 50, 32000)), &[Chuuren]),
        // Kiriage: 4 han 30 fu is a mangan.
        ("223344m 567p 678s 55p --win 2m --ron --riichi --rule kiriage=yes", Ok((4, 30, 8000)), &[Riichi, Pinfu, Iipeikou, Tanyao]),
        // Kazoe capped at sanbaiman: 13 han tsumo, 6000/12000.
        ("112233m 456m 789m 99m --win 4m --tsumo --riichi --ippatsu --rule kazoe=sanbaiman", Ok((13, 20, 24000)),
         &[Riichi, Ippatsu, MenzenTsumo, Pinfu, Iipeikou, Ittsu, Chinitsu]),
        // A double-wind pair: 4 fu by default (42 -> 50), 2 fu by rule (40); dealer ron.
        ("111m 567p 234s 678s 11z --win 8s --ron --riichi --seat E", Ok((1, 50, 2400)), &[Riichi]),
        ("111m 567p 234s 678s 11z --win 8s --ron --riichi --seat E --rule double-wind-pair-fu=2", Ok((1, 40, 2000)), &[Riichi]),
        // Open tanyao off: no yaku; not a hand at all.
        ("567p 234s 55s 678s --meld chii:234m@E --win 8s --ron --rule open-tanyao=no", Err(RefError::NoYaku), &[]),
        ("123m 456p 789s 234s 12z --win 4s --ron", Err(RefError::NotComplete), &[]),
    ];
    for (line, expected, yaku) in cases {
        let (win, config) = win_of(&args_of(line).unwrap()).unwrap();
        let naive = reference::value(&win, &config);
        match (expected, &naive) {
            (Ok((han, fu, total)), Ok(v)) => {
                assert_eq!((v.han, v.fu, v.total), (*han, *fu, *total), "{line}: {v:?}");
                let mut names: Vec<Yaku> = v.yaku.iter().map(|&(y, _)| y).collect();
                let mut want = yaku.to_vec();
                names.sort();
                want.sort();
                assert_eq!(names, want, "{line}");
                assert_eq!(v.ties.len(), 1, "{line}: one best reading");
            }
            (Err(e), Err(n)) => assert_eq!(e, n, "{line}"),
            _ => panic!("{line}: expected {expected:?}, reference {naive:?}"),
        }
        check::compare_with_reference(&win, &config, &score(&win, &config));
    }
}
