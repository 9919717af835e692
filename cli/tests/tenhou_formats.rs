//! Tenhou's rules by date and the record formats (tenhou6 JSON, mjlog XML, mjai JSON lines):
//! records the bot plays, written and read back, replayed with the same deltas.

use parlor_cli::mahjong::tenhou::{self, DrawKind, Record, Result as TResult};
use parlor_cli::mahjong::tenhou_replay::replay_match;
use parlor_cli::mahjong_round::{play_tenhou, rule_of};
use parlor_core::mahjong::Config;

fn dated(record: &Record, reference: Option<&str>, title: &str) -> Record {
    let mut r = record.clone();
    r.extra.remove("ref");
    if let Some(id) = reference {
        r.extra.insert("ref".to_owned(), serde_json::json!(id));
    }
    r.extra.insert("title".to_owned(), serde_json::json!(["", title]));
    r
}

/// The record's date: from `ref` (the log id), else `title[1]`; tenpai-yame off before July
/// 2010.
#[test]
fn the_rule_follows_the_record_date() {
    let record = play_tenhou(&Config::TENHOU, 1, false).unwrap();
    let old = dated(&record, Some("2010061909gm-00a9-0000-12345678"), "");
    assert_eq!(old.date(), Some((2010, 6, 19)));
    assert!(!rule_of(&old).tenpai_yame);
    assert!(rule_of(&old).agari_yame);
    let new = dated(&record, Some("2010081709gm-00a9-0000-fe3371ad"), "");
    assert_eq!(new.date(), Some((2010, 8, 17)));
    assert_eq!(rule_of(&new), Config::TENHOU);
    let titled = dated(&record, None, "2009/12/31");
    assert_eq!(titled.date(), Some((2009, 12, 31)));
    assert_eq!(rule_of(&titled), Config::TENHOU_2010);
    let undated = dated(&record, None, "seed 1");
    assert_eq!(undated.date(), None);
    assert_eq!(rule_of(&undated), Config::TENHOU);
    let bad = dated(&record, Some("2010131709gm"), "");
    assert_eq!(bad.date(), None);
}

/// A bot match that ends by tenpai-yame (South 4, the dealer tenpai at the exhaustive draw and
/// first) replays as over under Tenhou's rule, and as going on (the record stopping early) when
/// the record is dated before tenpai-yame.
#[test]
fn an_old_record_plays_on_after_the_last_dealer_tenpai() {
    let mut found = 0;
    for seed in 0..400 {
        let record = play_tenhou(&Config::TENHOU, seed, true).unwrap();
        let last = record.rounds.last().unwrap();
        let dealer = usize::from(last.dealer());
        let TResult::Draw(kind, Some(deltas)) = &last.result else {
            continue;
        };
        let busted = last.scores.iter().zip(deltas).any(|(s, d)| s + d < 0);
        if !kind.is_exhaustive() || *kind == DrawKind::Nagashi || last.kyoku != 7 || deltas[dealer] <= 0 || busted {
            continue;
        }
        found += 1;
        let now = replay_match(&record, &rule_of(&record), |_, _| {}).unwrap();
        assert!(now.final_scores.is_some(), "seed {seed}");
        let old = dated(&record, Some("2010010100gm-0009-0000-00000000"), "");
        let then = replay_match(&old, &rule_of(&old), |_, _| {}).unwrap();
        assert_eq!(then.deltas, now.deltas);
        assert_eq!(then.final_scores, None, "seed {seed}: the old rule plays on");
        if found == 2 {
            break;
        }
    }
    assert!(found > 0, "no bot match ended by tenpai-yame");
}

/// Every red code of a record without red fives (`rule.aka` 0) written as 51–53: the record
/// reads them as plain fives and replays with the same deltas.
#[test]
fn red_codes_in_a_game_without_red_fives_read_as_fives() {
    let config = Config {
        score: parlor_core::mahjong::score::Config {
            red_fives: false,
            ..Config::TENHOU.score
        },
        ..Config::TENHOU
    };
    let record = play_tenhou(&config, 3, true).unwrap();
    let plain = replay_match(&record, &rule_of(&record), |_, _| {}).unwrap();
    let text = record.to_json();
    // Each five as its red code (inside lists and call strings alike).
    let mut reds = 0;
    let mut out = String::new();
    let bytes: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let next_is_5 = bytes.get(i + 1) == Some(&'5');
        let boundary_before = i == 0 || !bytes[i - 1].is_ascii_digit();
        let boundary_after = bytes.get(i + 2).is_none_or(|c| !c.is_ascii_digit());
        if matches!(c, '1' | '2' | '3') && next_is_5 && boundary_before && boundary_after && in_log(&bytes, i) {
            out.push('5');
            out.push(match c {
                '1' => '1',
                '2' => '2',
                _ => '3',
            });
            reds += 1;
            i += 2;
            continue;
        }
        out.push(c);
        i += 1;
    }
    assert!(reds > 20, "{reds}");
    let red = tenhou::parse(&out).unwrap();
    assert!(!red.aka);
    assert_ne!(red, record);
    let again = replay_match(&red, &rule_of(&red), |_, _| {}).unwrap();
    assert_eq!(again, plain);
    // With red fives on, the same record is refused (more than one red 5 of a suit).
    let mut config_red = rule_of(&red);
    config_red.score.red_fives = true;
    assert!(replay_match(&red, &config_red, |_, _| {}).is_err());
}

/// Is position `i` inside the `"log"` value (not the scores or names)?
fn in_log(text: &[char], i: usize) -> bool {
    let head: String = text[..i].iter().collect();
    head.contains("\"log\"")
}

/// An open kan whose replacement draw wins, the `0` after the kan left out (as some records
/// do): read and replayed with the same deltas as with it.
#[test]
fn an_open_kan_won_on_its_replacement_draw_needs_no_placeholder() {
    use parlor_cli::mahjong::tenhou::{Discard, Take};
    let mut found = 0;
    for seed in 0..3000 {
        let record = play_tenhou(&Config::TENHOU, seed, false).unwrap();
        let log = &record.rounds[0];
        let TResult::Win(wins) = &log.result else { continue };
        let w = usize::from(wins[0].who);
        if wins[0].from != wins[0].who {
            continue;
        }
        let seat = &log.seats[w];
        let kan_last = seat.takes.len() >= 2 && matches!(seat.takes[seat.takes.len() - 2], Take::Daiminkan { .. });
        if !kan_last || seat.discards.last() != Some(&Discard::Placeholder) {
            continue;
        }
        found += 1;
        let with = replay_match(&record, &Config::TENHOU, |_, _| {}).unwrap();
        let mut without = record.clone();
        without.rounds[0].seats[w].discards.pop();
        let text = without.to_json();
        let read = tenhou::parse(&text).unwrap();
        assert_eq!(replay_match(&read, &Config::TENHOU, |_, _| {}).unwrap(), with);
        // A missing 0 anywhere else is still an error.
        let mut broken = record.clone();
        broken.rounds[0].seats[w].discards.pop();
        broken.rounds[0].result = TResult::Draw(DrawKind::Exhaustive, None);
        assert!(replay_match(&broken, &Config::TENHOU, |_, _| {}).is_err());
        break;
    }
    assert!(found > 0, "no bot round won on an open kan's replacement draw");
}

/// A record → mjlog (plain and gzipped) → record replays with the same deltas, starts and
/// final points; likewise → mjai → record. Three-player records too (`tenhou3_records`).
pub(crate) fn same_through_formats(record: &Record, config: &Config, what: &str) {
    use parlor_cli::mahjong::{mjai, mjlog};
    use std::io::Write as _;
    let want = replay_match(record, config, |_, _| {}).unwrap_or_else(|e| panic!("{what}: {e}"));
    let xml = mjlog::write(record, config).unwrap_or_else(|e| panic!("{what}: mjlog: {e}"));
    let back = mjlog::parse(xml.as_bytes(), None).unwrap_or_else(|e| panic!("{what}: mjlog read: {e}"));
    assert_eq!(back.rounds.len(), record.rounds.len());
    let got = replay_match(&back, config, |_, _| {}).unwrap_or_else(|e| panic!("{what}: mjlog replay: {e}"));
    assert_eq!(got, want, "{what}: mjlog");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(xml.as_bytes()).unwrap();
    let zipped = gz.finish().unwrap();
    let back = mjlog::parse(&zipped, Some("logs/2010081709gm-00a9-0000-fe3371ad.mjlog")).unwrap();
    assert_eq!(back.date(), Some((2010, 8, 17)));
    assert_eq!(
        replay_match(&back, config, |_, _| {}).unwrap(),
        want,
        "{what}: gzipped mjlog"
    );
    let lines = mjai::write(record, config).unwrap_or_else(|e| panic!("{what}: mjai: {e}"));
    let back = mjai::parse(&lines).unwrap_or_else(|e| panic!("{what}: mjai read: {e}"));
    let got = replay_match(&back, config, |_, _| {}).unwrap_or_else(|e| panic!("{what}: mjai replay: {e}"));
    assert_eq!(got, want, "{what}: mjai");
    // Without the `reason` Parlor writes, mjai's draws are named from the log.
    let bare: String = lines
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            if let Some(o) = v.as_object_mut() {
                o.remove("reason");
                o.remove("tsumogiri");
            }
            format!("{v}\n")
        })
        .collect();
    let back = mjai::parse(&bare).unwrap_or_else(|e| panic!("{what}: bare mjai read: {e}"));
    let got = replay_match(&back, config, |_, _| {}).unwrap_or_else(|e| panic!("{what}: bare mjai replay: {e}"));
    assert_eq!(got, want, "{what}: bare mjai");
}

#[test]
fn bot_matches_move_through_mjlog_and_mjai_unchanged() {
    for seed in 0..12 {
        for config in [
            Config::TENHOU,
            Config::TENHOU_EAST,
            Config::TENHOU_SANMA,
            Config::TENHOU_SANMA_EAST,
        ] {
            let record = play_tenhou(&config, seed, true).unwrap();
            assert_eq!(record.players(), if config.score.three_player { 3 } else { 4 });
            assert_eq!(rule_of(&record), config, "seed {seed}");
            same_through_formats(&record, &config, &format!("seed {seed}"));
        }
    }
}

/// The real records (when `PARLOR_TENHOU_RECORDS` names them), each converted at run time into
/// mjlog and mjai and replayed: the same deltas and final points as the JSON.
#[test]
fn real_records_move_through_mjlog_and_mjai_unchanged() {
    let Some(dir) = std::env::var_os("PARLOR_TENHOU_RECORDS") else {
        eprintln!("skipped: PARLOR_TENHOU_RECORDS is not set");
        return;
    };
    let dir = std::path::PathBuf::from(dir).join("records");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let record = tenhou::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        same_through_formats(&record, &rule_of(&record), &path.display().to_string());
        n += 1;
    }
    assert!(n > 0);
}

/// The command line: `play --format mjai` and `--format mjlog` write logs that `replay` reads
/// (the mjlog gzipped, from a file) with the deltas `tenhou6` gives.
#[test]
fn the_command_line_plays_and_replays_mjlog_and_mjai() {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let bin = env!("CARGO_BIN_EXE_parlor");
    let run = |args: &[&str], input: &[u8]| -> (i32, String) {
        let mut child = Command::new(bin)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
        (out.status.code().unwrap_or(-1), text)
    };
    let (_, json) = run(
        &["mahjong", "play", "--format", "tenhou6", "--seed", "5", "--match"],
        b"",
    );
    let (code, want) = run(&["mahjong", "replay", "--format", "tenhou6", "-"], json.as_bytes());
    assert_eq!(code, 0, "{want}");
    assert!(want.lines().count() > 8 && want.contains("scores: "), "{want}");
    let (_, mjai) = run(&["mahjong", "play", "--format", "mjai", "--seed", "5", "--match"], b"");
    assert!(mjai.starts_with("{"), "{mjai}");
    assert_eq!(
        run(&["mahjong", "replay", "--format", "mjai", "-"], mjai.as_bytes()),
        (0, want.clone())
    );
    let (_, xml) = run(&["mahjong", "play", "--format", "mjlog", "--seed", "5", "--match"], b"");
    assert!(xml.starts_with("<mjloggm"), "{xml}");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(xml.as_bytes()).unwrap();
    let dir = std::env::temp_dir().join(format!("parlor-mjlog-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.mjlog");
    std::fs::write(&file, gz.finish().unwrap()).unwrap();
    let got = run(&["mahjong", "replay", "--format", "mjlog", file.to_str().unwrap()], b"");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(got, (0, want));
    // Bad input names what is wrong, exit status 2.
    let (code, err) = run(&["mahjong", "replay", "--format", "mjlog", "-"], b"<html></html>");
    assert_eq!((code, err.trim()), (2, "error: no <mjloggm> (not a Tenhou XML log)"));
    let (code, err) = run(
        &["mahjong", "replay", "--format", "mjai", "-"],
        b"{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"}\n",
    );
    assert_eq!((code, err.trim()), (2, "error: line 1: an event outside a round"));
}

/// A small mjlog written by hand from the format: East 1, the dealer's 13 kinds of terminals and
/// honors, its first draw (1m, id 1) and nine terminals declared; names percent-encoded.
const NINE_TERMINALS: &str = r#"<mjloggm ver="2.3"><SHUFFLE seed="mt19937ar-sha512-n288-base64,x" ref=""/><GO type="169" lobby="0"/><UN n0="%41" n1="%42" n2="%E3%81%82" n3="D" dan="0,0,0,0" rate="1500.00,1500.00,1500.00,1500.00" sx="M,M,M,M"/><TAIKYOKU oya="0"/><INIT seed="0,0,0,3,4,53" ten="250,250,250,250" oya="0" hai0="0,32,36,68,72,104,108,112,116,120,124,128,132" hai1="4,5,6,7,8,9,10,11,12,13,14,15,16" hai2="17,18,19,20,21,22,23,24,25,26,27,28,29" hai3="40,41,42,43,44,45,46,47,48,49,50,51,52"/><T1/><RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0" hai0="0,1,32,36,68,72,104,108,112,116,120,124,128,132" type="yao9"/></mjloggm>"#;

#[test]
fn a_hand_written_mjlog_reads_and_replays() {
    use parlor_cli::mahjong::mjlog;
    use parlor_cli::mahjong_round::replay_record;
    let record = mjlog::parse(NINE_TERMINALS.as_bytes(), Some("2009100112gm-00a9-0000-00000000.mjlog")).unwrap();
    assert_eq!(record.names, ["A", "B", "あ", "D"].map(str::to_owned));
    assert_eq!(record.rule_disp.as_deref(), Some("南喰赤"));
    assert!(record.aka);
    assert_eq!(record.date(), Some((2009, 10, 1)));
    let log = &record.rounds[0];
    assert_eq!(log.dora.iter().map(|c| c.number()).collect::<Vec<_>>(), [25]); // id 53: a plain 5p
    assert_eq!(log.seats[1].haipai.last().map(|c| c.number()), Some(51)); // id 16: the red 5m
    assert_eq!(log.result, TResult::Draw(DrawKind::NineTerminals, Some([0; 4])));
    let mut printed = String::new();
    replay_record(&record, None, &[], &mut printed).unwrap();
    assert_eq!(printed, "round 0: 0 0 0 0\nscores: 25000 25000 25000 25000\n");
    // The same round in mjai.
    let mjai = parlor_cli::mahjong::mjai::write(&record, &rule_of(&record)).unwrap();
    let lines: Vec<&str> = mjai.lines().collect();
    assert_eq!(lines.len(), 6, "{mjai}");
    assert!(
        lines[1].contains(r#""tehais":[["1m","9m","1p","9p","1s","9s","E","S","W","N","P","F","C"]"#),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], r#"{"actor":0,"pai":"1m","type":"tsumo"}"#);
    assert_eq!(
        lines[3],
        r#"{"deltas":[0,0,0,0],"reason":"九種九牌","type":"ryukyoku"}"#
    );
    // A damaged tag names itself.
    let bad = NINE_TERMINALS.replace(r#"seed="0,0,0,3,4,53""#, r#"seed="0,0,0,3,4""#);
    assert_eq!(
        mjlog::parse(bad.as_bytes(), None).err().as_deref(),
        Some(r#"<INIT>: seed "0,0,0,3,4" is not 6 numbers"#)
    );
    let sanma = NINE_TERMINALS.replace(r#"type="169""#, r#"type="185""#);
    assert!(
        mjlog::parse(sanma.as_bytes(), None)
            .unwrap_err()
            .contains("three-player")
    );
}
