//! Riichi hand value: the cross-check against the PyPI package `mahjong` 2.1.0
//! (`tests/python/mahjong_score.py`, its `HandCalculator`) on generated winning hands of every
//! kind, under the `online` preset (the package's options set to match) and under
//! `mahjong-pypi` (the package's defaults), and three-player hands under `tenhou-sanma`; and the
//! fuzz checker over pseudo-random cases.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

use parlor_conformance::check::mahjong_score::{self as check, generate, pypi_json};
use parlor_conformance::fuzzing::{SplitMix64, run_target};
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
    for w in &wins {
        let v = score(w, &config);
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
