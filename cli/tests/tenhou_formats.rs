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
        let TResult::Draw(kind, Some(deltas)) = &last.result else { continue };
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
