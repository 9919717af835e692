//! One source for every answer text: each game code's `parlor_status_str` is
//! `"<game>: "` followed by the core's own constant, the one its `Display` prints, and no two
//! codes share a text.
#![allow(missing_docs)]

use std::collections::BTreeMap;
use std::ffi::CStr;

use parlor::{PARLOR_ERR_INTERNAL, ParlorStatus, parlor_status_str};

fn text(code: ParlorStatus) -> &'static str {
    // SAFETY: a static NUL-terminated string for any code.
    unsafe { CStr::from_ptr(parlor_status_str(code)) }
        .to_str()
        .expect("status texts are UTF-8")
}

/// Every game code with a core error kind: the code, its game's prefix and the core constant.
#[rustfmt::skip]
fn core_texts() -> Vec<(ParlorStatus, &'static str, &'static str)> {
    vec![
        (parlor::dominoes::PARLOR_DOMINOES_ERR_UNKNOWN_TILE, "dominoes", parlor_core::dominoes::Error::UNKNOWN_TILE),
        (parlor::dominoes::PARLOR_DOMINOES_ERR_PIP_OUT_OF_RANGE, "dominoes", parlor_core::dominoes::Error::PIP_OUT_OF_RANGE),
        (parlor::dominoes::PARLOR_DOMINOES_ERR_DUPLICATE_TILE, "dominoes", parlor_core::dominoes::Error::DUPLICATE_TILE),
        (parlor::dominoes::PARLOR_DOMINOES_ERR_NO_SUCH_TILE, "dominoes", parlor_core::dominoes::Error::NO_SUCH_TILE),
        (parlor::dominoes::PARLOR_DOMINOES_ERR_PIP_NOT_ON_TILE, "dominoes", parlor_core::dominoes::Error::PIP_NOT_ON_TILE),
        (parlor::dominoes::PARLOR_DOMINOES_ERR_NO_FREE_END, "dominoes", parlor_core::dominoes::Error::NO_FREE_END),
        (parlor::dominoes::PARLOR_DOMINOES_ERR_PLACEMENT_REQUIRED, "dominoes", parlor_core::dominoes::Error::PLACEMENT_REQUIRED),
        (parlor::dominoes::PARLOR_DOMINOES_ERR_OPENING_TAKES_NO_PLACEMENT, "dominoes", parlor_core::dominoes::Error::OPENING_TAKES_NO_PLACEMENT),
        (parlor::tichu::PARLOR_TICHU_ERR_UNKNOWN_CARD, "tichu", parlor_core::tichu::Error::UNKNOWN_CARD),
        (parlor::tichu::PARLOR_TICHU_ERR_TOO_MANY_OF_RANK, "tichu", parlor_core::tichu::Error::TOO_MANY_OF_RANK),
        (parlor::tichu::PARLOR_TICHU_ERR_DUPLICATE_CARD, "tichu", parlor_core::tichu::Error::DUPLICATE_CARD),
        (parlor::tichu::PARLOR_TICHU_ERR_MIXED_NOTATION, "tichu", parlor_core::tichu::Error::MIXED_NOTATION),
        (parlor::tichu::PARLOR_TICHU_ERR_INVALID_MASK, "tichu", parlor_core::tichu::Error::INVALID_MASK),
        (parlor::tichu::PARLOR_TICHU_ERR_CARDS_OVERLAP, "tichu", parlor_core::tichu::Error::CARDS_OVERLAP),
        (parlor::tichu::PARLOR_TICHU_ERR_PREVIOUS_NOT_A_COMBINATION, "tichu", parlor_core::tichu::Error::PREVIOUS_NOT_A_COMBINATION),
        (parlor::tichu::PARLOR_TICHU_ERR_PREVIOUS_IS_DOG, "tichu", parlor_core::tichu::Error::PREVIOUS_IS_DOG),
        (parlor::tichu::PARLOR_TICHU_ERR_INVALID_COMBINATION, "tichu", parlor_core::tichu::Error::INVALID_COMBINATION),
        (parlor::tichu::PARLOR_TICHU_ERR_HAND_TOO_LARGE, "tichu", parlor_core::tichu::Error::HAND_TOO_LARGE),
        (parlor::tichu::PARLOR_TICHU_ERR_TRICK_OVER, "tichu", parlor_core::tichu::Error::TRICK_OVER),
        (parlor::tichu::PARLOR_TICHU_ERR_NOT_YOUR_TURN, "tichu", parlor_core::tichu::Error::NOT_YOUR_TURN),
        (parlor::tichu::PARLOR_TICHU_ERR_SEAT_IS_OUT, "tichu", parlor_core::tichu::Error::SEAT_IS_OUT),
        (parlor::tichu::PARLOR_TICHU_ERR_NOT_IN_HAND, "tichu", parlor_core::tichu::Error::NOT_IN_HAND),
        (parlor::tichu::PARLOR_TICHU_ERR_ILLEGAL_PLAY, "tichu", parlor_core::tichu::Error::ILLEGAL_PLAY),
        (parlor::tichu::PARLOR_TICHU_ERR_CANNOT_PASS_ON_LEAD, "tichu", parlor_core::tichu::Error::CANNOT_PASS_ON_LEAD),
        (parlor::tichu::PARLOR_TICHU_ERR_MUST_FULFIL_WISH, "tichu", parlor_core::tichu::Error::MUST_FULFIL_WISH),
        (parlor::tichu::PARLOR_TICHU_ERR_UNEXPECTED_WISH, "tichu", parlor_core::tichu::Error::UNEXPECTED_WISH),
        (parlor::tichu::PARLOR_TICHU_ERR_INVALID_TRICK, "tichu", parlor_core::tichu::Error::INVALID_TRICK),
        (parlor::tichu::PARLOR_TICHU_ERR_PLAYED_TWICE, "tichu", parlor_core::tichu::Error::PLAYED_TWICE),
        (parlor::tichu::PARLOR_TICHU_ERR_INVALID_DEAL, "tichu", parlor_core::tichu::Error::INVALID_DEAL),
        (parlor::tichu::PARLOR_TICHU_ERR_ROUND_OVER, "tichu", parlor_core::tichu::Error::ROUND_OVER),
        (parlor::tichu::PARLOR_TICHU_ERR_WRONG_PHASE, "tichu", parlor_core::tichu::Error::WRONG_PHASE),
        (parlor::tichu::PARLOR_TICHU_ERR_ALREADY_CALLED, "tichu", parlor_core::tichu::Error::ALREADY_CALLED),
        (parlor::tichu::PARLOR_TICHU_ERR_TOO_LATE_TO_CALL, "tichu", parlor_core::tichu::Error::TOO_LATE_TO_CALL),
        (parlor::tichu::PARLOR_TICHU_ERR_ALREADY_EXCHANGED, "tichu", parlor_core::tichu::Error::ALREADY_EXCHANGED),
        (parlor::tichu::PARLOR_TICHU_ERR_BAD_EXCHANGE, "tichu", parlor_core::tichu::Error::BAD_EXCHANGE),
        (parlor::tichu::PARLOR_TICHU_ERR_NOT_AN_OPPONENT, "tichu", parlor_core::tichu::Error::NOT_AN_OPPONENT),
        (parlor::doudizhu::PARLOR_DOUDIZHU_ERR_UNKNOWN_CARD, "doudizhu", parlor_core::doudizhu::Error::UNKNOWN_CARD),
        (parlor::doudizhu::PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES, "doudizhu", parlor_core::doudizhu::Error::TOO_MANY_COPIES),
        (parlor::doudizhu::PARLOR_DOUDIZHU_ERR_NOT_A_COMBINATION, "doudizhu", parlor_core::doudizhu::Error::NOT_A_COMBINATION),
        (parlor::doudizhu::PARLOR_DOUDIZHU_ERR_HAND_TOO_LARGE, "doudizhu", parlor_core::doudizhu::Error::HAND_TOO_LARGE),
        (parlor::doudizhu::PARLOR_DOUDIZHU_ERR_CARDS_OVERLAP, "doudizhu", parlor_core::doudizhu::Error::CARDS_OVERLAP),
        (parlor::doudizhu::PARLOR_DOUDIZHU_ERR_SCRATCH_TOO_SMALL, "doudizhu", parlor_core::doudizhu::Error::SCRATCH_TOO_SMALL),
        (parlor::doudizhu::PARLOR_DOUDIZHU_ERR_INVALID_DEAL, "doudizhu", parlor_core::doudizhu::Error::INVALID_DEAL),
        (parlor::doudizhu::PARLOR_DOUDIZHU_ERR_NOT_YOUR_TURN, "doudizhu", parlor_core::doudizhu::Error::NOT_YOUR_TURN),
        (parlor::doudizhu::PARLOR_DOUDIZHU_ERR_ILLEGAL_ACTION, "doudizhu", parlor_core::doudizhu::Error::ILLEGAL_ACTION),
        (parlor::doudizhu::PARLOR_DOUDIZHU_ERR_ROUND_OVER, "doudizhu", parlor_core::doudizhu::Error::ROUND_OVER),
        (parlor::doudizhu::PARLOR_DOUDIZHU_ERR_INVALID_STATE, "doudizhu", parlor_core::doudizhu::Error::INVALID_STATE),
        (parlor::mahjong::PARLOR_MAHJONG_ERR_UNKNOWN_TILE, "mahjong", parlor_core::mahjong::Error::UNKNOWN_TILE),
        (parlor::mahjong::PARLOR_MAHJONG_ERR_FIFTH_COPY, "mahjong", parlor_core::mahjong::Error::FIFTH_COPY),
        (parlor::mahjong::PARLOR_MAHJONG_ERR_TOO_MANY_TILES, "mahjong", parlor_core::mahjong::Error::TOO_MANY_TILES),
        (parlor::mahjong::PARLOR_MAHJONG_ERR_WRONG_SIZE, "mahjong", parlor_core::mahjong::Error::WRONG_SIZE),
        (parlor::mahjong_score::PARLOR_MAHJONG_ERR_NO_YAKU, "mahjong", parlor_core::mahjong::score::Error::NO_YAKU),
        (parlor::mahjong_score::PARLOR_MAHJONG_ERR_NOT_COMPLETE, "mahjong", parlor_core::mahjong::score::Error::NOT_COMPLETE),
        (parlor::mahjong_score::PARLOR_MAHJONG_ERR_WRONG_TILE_COUNT, "mahjong", parlor_core::mahjong::score::Error::WRONG_TILE_COUNT),
        (parlor::mahjong_score::PARLOR_MAHJONG_ERR_WINNING_TILE_NOT_IN_HAND, "mahjong", parlor_core::mahjong::score::Error::WINNING_TILE_NOT_IN_HAND),
        (parlor::mahjong_score::PARLOR_MAHJONG_ERR_BAD_MELD, "mahjong", parlor_core::mahjong::score::Error::BAD_MELD),
        (parlor::mahjong_score::PARLOR_MAHJONG_ERR_CALLED_FROM_WRONG_SEAT, "mahjong", parlor_core::mahjong::score::Error::CALLED_FROM_WRONG_SEAT),
        (parlor::mahjong_score::PARLOR_MAHJONG_ERR_CONFLICTING_FLAGS, "mahjong", parlor_core::mahjong::score::Error::CONFLICT),
        (parlor::mahjong_score::PARLOR_MAHJONG_ERR_TOO_MANY_INDICATORS, "mahjong", parlor_core::mahjong::score::Error::TOO_MANY_INDICATORS),
        (parlor::mahjong_score::PARLOR_MAHJONG_ERR_SECOND_RED_FIVE, "mahjong", parlor_core::mahjong::score::Error::SECOND_RED_FIVE),
    ]
}

/// The game codes without a core error kind, with their C-only texts: the reserved internal codes
/// (broken invariants are `PARLOR_ERR_INTERNAL`) and the 136-form tile-id check of the C scoring
/// input.
fn c_only_texts() -> Vec<(ParlorStatus, &'static str)> {
    vec![
        (
            parlor::tichu::PARLOR_TICHU_ERR_INTERNAL,
            "tichu: reserved, never returned",
        ),
        (
            parlor::doudizhu::PARLOR_DOUDIZHU_ERR_INTERNAL,
            "doudizhu: reserved, never returned",
        ),
        (
            parlor::mahjong_score::PARLOR_MAHJONG_ERR_DUPLICATE_TILE_ID,
            "mahjong: the same tile id twice",
        ),
    ]
}

#[test]
fn every_game_code_says_the_core_text_after_its_game() {
    for (code, game, core) in core_texts() {
        assert_eq!(text(code), format!("{game}: {core}"), "status {code}");
    }
    for (code, want) in c_only_texts() {
        assert_eq!(text(code), want, "status {code}");
    }
    assert_eq!(text(PARLOR_ERR_INTERNAL), parlor_core::INTERNAL_TEXT);
}

#[test]
fn every_game_code_is_listed_and_no_two_codes_share_a_text() {
    let listed: Vec<ParlorStatus> = core_texts()
        .into_iter()
        .map(|(code, ..)| code)
        .chain(c_only_texts().into_iter().map(|(code, _)| code))
        .collect();
    let mut seen: BTreeMap<&str, ParlorStatus> = BTreeMap::new();
    for code in 0..1000 {
        let message = text(code);
        if message == "unknown status code" {
            continue;
        }
        // Every game code (100–499) with a text has a row above, so none escapes the core check.
        assert!(
            code < 100 || listed.contains(&code),
            "status {code} ({message:?}) is not listed"
        );
        if let Some(other) = seen.insert(message, code) {
            panic!("statuses {other} and {code} share the text {message:?}");
        }
    }
}
