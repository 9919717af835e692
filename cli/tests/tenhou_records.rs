//! Real Tenhou game records replayed: the folder named by `PARLOR_TENHOU_RECORDS` (its
//! `*.json` and `records/*.json`, with `expected.tsv` beside them: `<file>\t<round>\t<d0> <d1>
//! <d2> <d3>` and `<file>\tfinal\t<p0> … <p3>`). Without the variable the tests skip with one
//! line. The records are Tenhou's logs and are never committed here.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use parlor_cli::mahjong::tenhou::{self, Record};
use parlor_cli::mahjong::tenhou_turns::{End, Step, turns};

use crate::common::{Expected, name_in, record_folder, replay_records_through_the_engine};

/// The folder, its record files and the expected lines, or `None` (skip) without the variable.
fn records() -> Option<(PathBuf, Vec<PathBuf>, Expected)> {
    record_folder(
        "PARLOR_TENHOU_RECORDS",
        "a folder of Tenhou JSON records",
        &["records"],
        |path| path.extension().is_some_and(|e| e == "json"),
    )
}

fn read(file: &Path) -> Record {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    tenhou::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

#[test]
fn every_record_reads_and_writes_back_the_same() {
    let Some((_, files, _)) = records() else { return };
    for file in &files {
        let record = read(file);
        let text = std::fs::read_to_string(file).unwrap_or_default();
        let original: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        let written = record.to_value();
        assert_eq!(
            written["log"],
            original["log"],
            "{}: log written back differs",
            file.display()
        );
        assert_eq!(
            tenhou::parse(&record.to_json()).ok(),
            Some(record),
            "{}",
            file.display()
        );
    }
}

#[test]
fn every_round_lays_out_a_whole_wall_and_its_turns() {
    let Some((dir, files, expected)) = records() else {
        return;
    };
    let mut rounds = 0;
    let mut ends = BTreeMap::new();
    for file in &files {
        let record = read(file);
        let name = name_in(&dir, file);
        for (i, round) in record.rounds.iter().enumerate() {
            let t = turns(round, record.aka).unwrap_or_else(|e| panic!("{name}: round {i}: {e}"));
            let mut ids = t.wall;
            ids.sort_unstable();
            assert_eq!(ids.to_vec(), (0..136).collect::<Vec<u8>>(), "{name}: round {i}");
            // The live draws sit at wall[52..], the replacement draws at wall[122..].
            let (mut live, mut rinshan) = (52, 122);
            for step in &t.steps {
                if let Step::Draw { tile, rinshan: r, .. } = step {
                    let at = if *r { &mut rinshan } else { &mut live };
                    assert_eq!(t.wall[*at], *tile, "{name}: round {i}");
                    *at += 1;
                }
            }
            assert_eq!(live - 52, t.live_draws);
            if let Some(want) = expected.get(&(name.clone(), i.to_string())) {
                let got = round.result.deltas().map(|d| d.to_string()).join(" ");
                assert_eq!(&got, want, "{name}: round {i}: recorded deltas vs expected.tsv");
            }
            *ends.entry(format!("{:?}", t.end)).or_insert(0) += 1;
            rounds += 1;
        }
    }
    eprintln!("{} records, {rounds} rounds laid out: {ends:?}", files.len());
    assert!(ends.contains_key(&format!("{:?}", End::Win)));
}

/// Every round alone (dealt in its recorded context) and every record through `Match`: every
/// action legal, every round's deltas those of the record and `expected.tsv`, each next
/// round's start and the final points reproduced, the match ending where the record ends.
#[test]
fn every_record_replays_through_the_engine() {
    let Some((dir, files, expected)) = records() else {
        return;
    };
    let records = files.iter().map(|file| (name_in(&dir, file), read(file)));
    replay_records_through_the_engine("tenhou records", records, &expected, |_, _| {
        parlor_core::mahjong::Config::TENHOU
    });
}

/// The writer of `play --format tenhou6` against real records: each round replayed alone and
/// written back must be the record's round — header, indicators, every column as Tenhou writes
/// it (haipai order, call strings), the result's seats and deltas (point strings and yaku names
/// are the engine's own, not compared).
#[test]
fn every_round_written_back_is_the_record() {
    use parlor_cli::mahjong::tenhou::Result as R;
    use parlor_cli::mahjong_round::rewrite_round;
    use parlor_core::mahjong::Config;
    let Some((dir, files, _)) = records() else { return };
    let mut failures = Vec::new();
    let mut same = 0;
    for file in &files {
        let record = read(file);
        let name = name_in(&dir, file);
        for (i, log) in record.rounds.iter().enumerate() {
            let Ok(mut back) = rewrite_round(log, &Config::TENHOU) else {
                continue;
            };
            // The texts of a win are the engine's.
            if let (R::Win(ours), R::Win(theirs)) = (&mut back.result, &log.result) {
                for (o, t) in ours.iter_mut().zip(theirs) {
                    o.text.clone_from(&t.text);
                }
            }
            let mut what = Vec::new();
            if back.dora != log.dora {
                what.push(format!("dora {:?} vs {:?}", back.dora, log.dora));
            }
            if back.ura != log.ura {
                what.push(format!("ura {:?} vs {:?}", back.ura, log.ura));
            }
            for p in 0..4 {
                let (o, t) = (&back.seats[p], &log.seats[p]);
                if o.haipai != t.haipai {
                    what.push(format!("seat {p} haipai {:?} vs {:?}", o.haipai, t.haipai));
                }
                if o.takes != t.takes {
                    let k = o.takes.iter().zip(&t.takes).position(|(a, b)| a != b);
                    what.push(format!(
                        "seat {p} takes at {k:?}: {:?} vs {:?}",
                        k.and_then(|k| o.takes.get(k)),
                        k.and_then(|k| t.takes.get(k))
                    ));
                }
                if o.discards != t.discards {
                    let k = o.discards.iter().zip(&t.discards).position(|(a, b)| a != b);
                    what.push(format!(
                        "seat {p} discards at {k:?}: {:?} vs {:?} ({} vs {})",
                        k.and_then(|k| o.discards.get(k)),
                        k.and_then(|k| t.discards.get(k)),
                        o.discards.len(),
                        t.discards.len()
                    ));
                }
            }
            if back.result != log.result {
                what.push(format!("result {:?} vs {:?}", back.result, log.result));
            }
            if (back.kyoku, back.honba, back.sticks, back.scores) != (log.kyoku, log.honba, log.sticks, log.scores) {
                what.push("header".to_owned());
            }
            if what.is_empty() {
                same += 1;
            } else {
                failures.push(format!("{name}: round {i}: {}", what.join("; ")));
            }
        }
    }
    eprintln!("tenhou records: {same} rounds written back as recorded");
    assert!(
        failures.is_empty(),
        "{} rounds differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `parlor mahjong replay --format tenhou6 FILE` on each record prints exactly `expected.tsv`:
/// `round <i>: <d0> <d1> <d2> <d3>` per round, then `scores: <p0> <p1> <p2> <p3>`.
#[test]
fn the_command_prints_expected_tsv_for_every_record() {
    let Some((dir, files, expected)) = records() else {
        return;
    };
    for file in &files {
        let name = name_in(&dir, file);
        let Some(path) = file.to_str() else { continue };
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_parlor"))
            .args(["mahjong", "replay", "--format", "tenhou6", path])
            .output()
            .unwrap_or_else(|e| panic!("parlor runs: {e}"));
        assert_eq!(
            out.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let rounds = read(file).rounds.len();
        // A record without expected lines is checked by the other tests.
        let want: Option<String> = (0..rounds)
            .map(|i| {
                expected
                    .get(&(name.clone(), i.to_string()))
                    .map(|d| format!("round {i}: {d}\n"))
            })
            .collect();
        let Some(mut want) = want else { continue };
        if let Some(f) = expected.get(&(name.clone(), "final".to_owned())) {
            want.push_str(&format!("scores: {f}\n"));
        }
        assert_eq!(String::from_utf8_lossy(&out.stdout), want, "{name}");
    }
}
