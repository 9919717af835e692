//! Mahjong Soul game records, as tensoul converts them into tenhou.net/6 JSON (`rule.disp` names a
//! Mahjong Soul room: `玉の間南喰`, `三金の間赤`, `Gold Room South`), replayed under the rules
//! their record names ([`rule_of`]: `mahjong-soul` with four players, `mahjong-soul-sanma` with
//! three).
//!
//! Real records are read from the folder named by `PARLOR_MAJSOUL_RECORDS` (its `*.json` and
//! `records/*.json`, with `expected.tsv` beside them as for the Tenhou records: `<file>\t<round>\t
//! <d0> <d1> …` and `<file>\tfinal\t<p0> …`). Without the variable those tests skip with one line
//! — and they do under CI, which has no such folder: the records are other projects' test data
//! and are never committed here. A line of `expected.tsv` that differs from a single win's
//! recorded deltas corrects the record (a converter's error; the folder's `SOURCES.md` says which
//! and why); the round then replays against the corrected deltas.
//!
//! The small records committed below are synthetic, not real games: two tenhou.net/6 rounds played
//! by Parlor's greedy bots under the two presets (their rule named as a Mahjong Soul room) and
//! three hand-written Mahjong Soul records (`--format majsoul`). They keep the readers and the
//! preset choice checked where the real records are absent — on CI, which has none.

use parlor_cli::mahjong::majsoul;
use parlor_cli::mahjong::tenhou::{self, DrawKind, Record, Result as RoundResult};
use parlor_cli::mahjong::tenhou_replay::{replay_match, replay_round, start_of};
use parlor_cli::mahjong_round::{Format, is_mahjong_soul, replay_record, replay_tenhou, rule_of};
use parlor_core::mahjong::{Config, Start};

use crate::common::{Expected, name_in, record_folder, seat_numbers};

/// A synthetic four-player round: dealer seat 0 deals into seat 2's riichi (3 han 40 fu, 5200).
const SYNTHETIC_4P: &str = r#"{"log":[[[0,0,0],[25000,25000,25000,25000],[42],[18],[12,12,16,17,25,27,29,31,31,32,34,34,46],[38,47,43,39,35,17,"31p3131",46,33,44,11,32,19,45,42],[17,25,32,38,16,27,29,34,39,17,43,60,60,60,12],[13,22,22,24,24,28,28,32,38,43,44,44,45],[25,41,18,44,24,43,28,23,19,26,33,41,21,22],[43,38,45,25,18,60,32,41,24,22,60,13,24,60],[11,12,13,15,17,19,19,21,26,27,31,39,42],[46,12,11,27,18,14,35,46,41,52,24,28,36],[42,39,46,27,31,21,19,35,46,"r41",60,60,60],[11,51,21,23,25,34,35,37,38,38,45,47,47],[26,"38p3838",39,43,29,17,13,23,37,18,47,23,15],[11,45,35,51,43,34,60,60,29,17,39,18,21],["和了",[-5200,0,6200,0],[2,0,2,"40符3飜5200点","riichi(1飜)"]]]],"name":["A","B","C","D"],"rule":{"disp":"玉の間南喰赤","aka":1},"title":["玉の間南喰赤",""]}"#;

/// A synthetic three-player round: seat 1 tsumo 2 han 30 fu, 500-1000 with tsumo-zon, three
/// Norths set aside by seat 0 and one by seat 1, seat 2's riichi stick to the winner.
const SYNTHETIC_3P: &str = r#"{"log":[[[0,0,0],[35000,35000,35000,0],[47],[],[21,22,26,28,32,32,53,38,43,44,44,44,46],[24,32,29,34,22,27,36,26,32,23,24,41,45,33,23,31],["f44","f44","f44",32,26,46,43,22,22,32,60,60,60,29,24,32],[11,21,22,23,24,25,28,29,36,37,37,42,45],[11,33,47,36,19,38,43,"1111p11",46,44,28,39,45,27,46],[42,37,45,36,33,47,60,24,19,"f44",25,36,28,45],[19,23,25,27,27,31,35,35,36,37,38,39,42],[11,41,25,34,24,42,37,21,33,31,41,28,26],[42,39,60,35,19,60,11,60,37,"r41",60,60,60],[],[],[],["和了",[-1000,2500,-500,0],[1,1,1,"30符2飜500-1000点","chanta(1飜)"]]]],"name":["A","B","C",""],"rule":{"disp":"三玉の間赤","aka":1},"title":["三玉の間赤",""]}"#;

/// A synthetic Mahjong Soul record (`--format majsoul`, hand-written: every message kind but
/// `BaBei`, `NoTile` and `LiuJu`): the dealer's closed kan of 1m as its first action and the kan
/// dora, seat 1's pon of the dealer's 7z, seat 3's riichi on 1p and its ippatsu ron on seat 2's
/// 3p (shanpon 3p/4z; riichi, ippatsu: 2 han 40 fu, 2600, plus its own stick).
const SYNTHETIC_PAIPU: &str = r#"{"names":["A","B","C","D"],"records":[{"name":".lq.RecordNewRound","data":{"chang":0,"ju":0,"ben":0,"liqibang":0,"scores":[25000,25000,25000,25000],"doras":["6z"],"tiles0":["1m","1m","1m","1m","2p","3p","4p","5s","6s","7s","9p","9p","7z","2z"],"tiles1":["2m","3m","4s","4s","6p","7p","8p","7z","7z","5z","6z","1s","9s"],"tiles2":["3s","4s","6m","6m","8s","8s","2s","4z","4z","5m","9m","1p","3p"],"tiles3":["2m","3m","4m","5p","6p","7s","8s","9s","3p","3p","4z","1p","9m"]}},{"name":".lq.RecordAnGangAddGang","data":{"seat":0,"type":3,"tiles":"1m"}},{"name":".lq.RecordDealTile","data":{"seat":0,"tile":"3z","doras":["6z","8m"]}},{"name":".lq.RecordDiscardTile","data":{"seat":0,"tile":"7z","moqie":false,"is_liqi":false}},{"name":".lq.RecordChiPengGang","data":{"seat":1,"type":1,"tiles":["7z","7z","7z"],"froms":[1,1,0]}},{"name":".lq.RecordDiscardTile","data":{"seat":1,"tile":"9s","moqie":false,"is_liqi":false}},{"name":".lq.RecordDealTile","data":{"seat":2,"tile":"5m"}},{"name":".lq.RecordDiscardTile","data":{"seat":2,"tile":"9m","moqie":false,"is_liqi":false}},{"name":".lq.RecordDealTile","data":{"seat":3,"tile":"4z"}},{"name":".lq.RecordDiscardTile","data":{"seat":3,"tile":"9m","moqie":false,"is_liqi":false}},{"name":".lq.RecordDealTile","data":{"seat":0,"tile":"8p"}},{"name":".lq.RecordDiscardTile","data":{"seat":0,"tile":"2z","moqie":false,"is_liqi":false}},{"name":".lq.RecordDealTile","data":{"seat":1,"tile":"1s"}},{"name":".lq.RecordDiscardTile","data":{"seat":1,"tile":"5z","moqie":false,"is_liqi":false}},{"name":".lq.RecordDealTile","data":{"seat":2,"tile":"6m"}},{"name":".lq.RecordDiscardTile","data":{"seat":2,"tile":"1p","moqie":false,"is_liqi":false}},{"name":".lq.RecordDealTile","data":{"seat":3,"tile":"7p"}},{"name":".lq.RecordDiscardTile","data":{"seat":3,"tile":"1p","moqie":false,"is_liqi":true}},{"name":".lq.RecordDealTile","data":{"seat":0,"tile":"9m"}},{"name":".lq.RecordDiscardTile","data":{"seat":0,"tile":"9m","moqie":true,"is_liqi":false}},{"name":".lq.RecordDealTile","data":{"seat":1,"tile":"2s"}},{"name":".lq.RecordDiscardTile","data":{"seat":1,"tile":"2s","moqie":true,"is_liqi":false}},{"name":".lq.RecordDealTile","data":{"seat":2,"tile":"7m"}},{"name":".lq.RecordDiscardTile","data":{"seat":2,"tile":"3p","moqie":false,"is_liqi":false}},{"name":".lq.RecordHule","data":{"hules":[{"seat":3,"zimo":false,"hu_tile":"3p","li_doras":["5s"],"count":2,"fu":40,"point_rong":2600}],"scores":[25000,25000,22400,27600]}}]}"#;

/// A synthetic three-player Mahjong Soul record: the dealer sets its North aside (`BaBei`) as its
/// first action, discards from the replacement, and draws 1z for a tsumo (menzen tsumo and the
/// North: 2 han 50 fu, 1600 from each of the two others, tsumo-zon).
const SYNTHETIC_PAIPU_3P: &str = r#"{"events":[{"name":"NewRound","data":{"chang":0,"ju":0,"ben":0,"liqibang":0,"scores":[35000,35000,35000],"doras":["6z"],"tiles0":["1m","1m","1m","2p","3p","4p","5s","6s","7s","9p","9p","1z","2z","4z"],"tiles1":["1p","1p","3p","4p","6p","7p","1s","2s","8s","9s","5z","6z","7z"],"tiles2":["5p","6p","7p","8p","2s","3s","6s","7s","9s","9s","3z","3z","4z"],"tiles3":[]}},{"name":"BaBei","data":{"seat":0,"moqie":true}},{"name":"DealTile","data":{"seat":0,"tile":"9p"}},{"name":"DiscardTile","data":{"seat":0,"tile":"2z"}},{"name":"DealTile","data":{"seat":1,"tile":"3s"}},{"name":"DiscardTile","data":{"seat":1,"tile":"3s","moqie":true}},{"name":"DealTile","data":{"seat":2,"tile":"4s"}},{"name":"DiscardTile","data":{"seat":2,"tile":"4s","moqie":true}},{"name":"DealTile","data":{"seat":0,"tile":"1z"}},{"name":"Hule","data":{"hules":[{"seat":0,"zimo":true,"hu_tile":"1z"}],"scores":[38200,33400,33400]}}]}"#;

#[test]
fn a_synthetic_mahjong_soul_record_reads_and_replays() {
    let record = majsoul::parse(SYNTHETIC_PAIPU).unwrap();
    assert_eq!(record.rule_disp.as_deref(), Some(majsoul::RULE_DISP));
    assert_eq!(record.names[3], "D");
    assert_eq!(rule_of(&record), Config::MAHJONG_SOUL);
    let round = &record.rounds[0];
    // The dealer's 14th tile is its first draw; the kan reveals a second indicator.
    assert_eq!(round.seats[0].haipai.len(), 13);
    assert_eq!(round.dora.len(), 2);
    assert_eq!(round.result.deltas(), [0, 0, -2600, 3600]);
    let mut printed = String::new();
    replay_record(&record, None, &[], &mut printed).unwrap();
    assert_eq!(
        printed,
        "round 0: 0 0 -2600 3600
scores: 25000 25000 22400 27600
"
    );
    let three = majsoul::parse(SYNTHETIC_PAIPU_3P).unwrap();
    assert_eq!(three.players(), 3);
    assert_eq!(rule_of(&three), Config::MAHJONG_SOUL_SANMA);
    let mut printed = String::new();
    replay_record(&three, None, &[], &mut printed).unwrap();
    assert_eq!(printed, "round 0: 3200 -1600 -1600\nscores: 38200 33400 33400\n");
    // The same round through the command line's reader.
    let read = parlor_cli::mahjong::records::read(Format::Majsoul, SYNTHETIC_PAIPU.as_bytes(), None).unwrap();
    assert_eq!(read, record);
}

/// A synthetic abortive draw: the dealer declares nine terminals (`LiuJu` type 1) at once.
#[test]
fn a_synthetic_mahjong_soul_abortive_draw_reads_and_replays() {
    let text = r#"[{"name":"NewRound","data":{"chang":0,"ju":0,"ben":0,"liqibang":0,"scores":[25000,25000,25000,25000],"doras":["5m"],"tiles0":["1m","9m","1p","9p","1s","9s","1z","2z","3z","4z","2m","3m","4m","6p"],"tiles1":["2p","3p","4p","5p","6p","7p","8p","2s","3s","4s","5s","6s","7s"],"tiles2":["2m","3m","4m","5m","6m","7m","8m","2s","3s","4s","5s","6s","7s"],"tiles3":["2p","3p","4p","5p","6p","7p","8p","8s","8s","8s","7m","7m","7m"]}},{"name":"LiuJu","data":{"type":1,"seat":0}}]"#;
    let record = majsoul::parse(text).unwrap();
    assert_eq!(
        record.rounds[0].result,
        RoundResult::Draw(DrawKind::NineTerminals, None)
    );
    let mut printed = String::new();
    replay_record(&record, None, &[], &mut printed).unwrap();
    assert_eq!(printed, "round 0: 0 0 0 0\nscores: 25000 25000 25000 25000\n");
}

#[test]
fn a_bad_mahjong_soul_record_names_its_message() {
    let bad = SYNTHETIC_PAIPU.replacen(r#""tile":"9s""#, r#""tile":"8z""#, 1);
    let err = majsoul::parse(&bad).unwrap_err();
    assert!(
        err.contains("(DiscardTile)") && err.contains(r#""8z" is no tile"#),
        "{err}"
    );
    let err = majsoul::parse(r#"{"records":[]}"#).unwrap_err();
    assert!(err.contains("no Mahjong Soul record messages"), "{err}");
    let err = majsoul::parse(r#"[{"name":"DealTile","data":{"seat":0,"tile":"1m"}}]"#).unwrap_err();
    assert!(err.contains("before the first NewRound"), "{err}");
    // Parlor reads Mahjong Soul records and writes none.
    let record = majsoul::parse(SYNTHETIC_PAIPU).unwrap();
    let err = parlor_cli::mahjong::records::write(Format::Majsoul, &record, &Config::MAHJONG_SOUL).unwrap_err();
    assert!(err.contains("writes none"), "{err}");
}

#[test]
fn a_mahjong_soul_room_names_the_mahjong_soul_presets() {
    for (disp, yes) in [
        ("玉の間南喰", true),
        ("三金の間赤", true),
        ("Gold Room South", true),
        ("金之间", true),
        ("鳳南喰赤", false),
        ("三鳳南喰赤", false),
        ("般東喰赤", false),
    ] {
        assert_eq!(is_mahjong_soul(disp), yes, "{disp}");
    }
    let four = tenhou::parse(SYNTHETIC_4P).unwrap();
    assert_eq!(rule_of(&four), Config::MAHJONG_SOUL);
    let three = tenhou::parse(SYNTHETIC_3P).unwrap();
    assert_eq!(rule_of(&three), Config::MAHJONG_SOUL_SANMA);
    // An East-only room keeps the Mahjong Soul rules, with four rounds.
    let mut east = four.clone();
    east.rule_disp = Some("玉の間東喰赤".to_owned());
    assert_eq!(
        rule_of(&east),
        Config {
            rounds: 4,
            ..Config::MAHJONG_SOUL
        }
    );
}

#[test]
fn the_synthetic_mahjong_soul_records_replay_under_their_own_rule() {
    let mut printed = String::new();
    replay_tenhou(SYNTHETIC_4P, None, &mut printed).unwrap();
    assert_eq!(printed, "round 0: -5200 0 6200 0\nscores: 19800 25000 30200 25000\n");
    let mut printed = String::new();
    replay_tenhou(SYNTHETIC_3P, None, &mut printed).unwrap();
    assert_eq!(printed, "round 0: -1000 2500 -500\nscores: 34000 37500 33500\n");
}

/// The folder's records (name, record) and expected lines, or `None` (skip) without the variable.
fn records() -> Option<(Vec<(String, Record)>, Expected)> {
    let (dir, files, expected) = record_folder(
        "PARLOR_MAJSOUL_RECORDS",
        "a folder of Mahjong Soul records: tenhou.net/6 JSON, and paipu/ for --format majsoul",
        &["records", "paipu"],
        |path| path.extension().is_some_and(|e| e == "json"),
    )?;
    let records = files
        .iter()
        .map(|file| {
            let name = name_in(&dir, file);
            let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{name}: {e}"));
            // `paipu/` holds Mahjong Soul's own records (`--format majsoul`), the rest tenhou.net/6.
            let record = if name.starts_with("paipu/") {
                majsoul::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
            } else {
                tenhou::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
            };
            (name, record)
        })
        .collect();
    Some((records, expected))
}

fn joined(values: &[i32; 4], players: u8) -> String {
    seat_numbers(values, usize::from(players))
}

/// Every real record under its own rule (a Mahjong Soul preset): every round alone in its
/// recorded context (every action legal, each win's and the round's deltas the record's), a
/// record starting at the preset's first start also through the match (each next start, and the
/// points after its last round those of `expected.tsv`'s `final`).
#[test]
fn every_real_mahjong_soul_record_replays() {
    let Some((records, expected)) = records() else {
        return;
    };
    let (mut rounds, mut alone, mut whole, mut corrected) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for (name, mut record) in records {
        let disp = record.rule_disp.clone().unwrap_or_default();
        assert!(
            is_mahjong_soul(&disp),
            "{name}: rule {disp:?} names no Mahjong Soul room"
        );
        let config = rule_of(&record);
        let players = record.players();
        for (i, log) in record.rounds.iter_mut().enumerate() {
            let Some(want) = expected.get(&(name.clone(), i.to_string())) else {
                continue;
            };
            if let RoundResult::Win(wins) = &mut log.result
                && let [win] = wins.as_mut_slice()
                && joined(&win.deltas, players) != *want
            {
                for (d, w) in win.deltas.iter_mut().zip(want.split(' ')) {
                    *d = w.parse().unwrap_or_else(|_| panic!("expected.tsv: {name} {i}: {want}"));
                }
                corrected += 1;
            }
            let got = joined(&log.result.deltas(), players);
            assert_eq!(&got, want, "{name}: round {i}: recorded deltas vs expected.tsv");
        }
        let final_want = expected.get(&(name.clone(), "final".to_owned()));
        let mut after = None;
        for (i, log) in record.rounds.iter().enumerate() {
            rounds += 1;
            match replay_round(log, &config) {
                Ok(outcome) => {
                    alone += 1;
                    after = Some(outcome.scores);
                }
                Err(f) => failures.push(format!("{name}: round {i} alone: {f}")),
            }
        }
        if record.rounds.first().map(start_of) != Some(Start::first(&config)) {
            // An excerpt: its `final` is the points after its last round, in context.
            if let (Some(want), Some(got)) = (final_want, after.map(|a| joined(&a, players))) {
                if *want == got {
                    whole += 1;
                } else {
                    failures.push(format!("{name}: points after the excerpt {got}, expected.tsv {want}"));
                }
            }
            continue;
        }
        match replay_match(&record, &config, |_, _| {}) {
            Ok(replay) => {
                let got = joined(&replay.final_scores.unwrap_or(replay.scores), players);
                match final_want {
                    Some(want) if *want != got => failures.push(format!("{name}: points {got}, expected.tsv {want}")),
                    _ => whole += 1,
                }
            }
            Err(f) => failures.push(format!("{name}: match: {f}")),
        }
    }
    eprintln!(
        "mahjong soul records: {rounds} rounds, {alone} reproduced alone ({corrected} recorded deltas corrected by expected.tsv); {whole} records' points after their last round as recorded"
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
