//! One status per shared error kind, the same in every game: each `game::Fault` of each game's
//! error maps to its one fixed code, and `parlor_status_str` names it with the fault's wording.
#![allow(missing_docs)]

use std::ffi::CStr;

use parlor::generic::{error_status, fault_status};
use parlor::*;
use parlor_core::game::{Fault, GameError, Round};

/// The fixed code of each shared kind (numbers never change).
const CODES: [(Fault, ParlorStatus); 8] = [
    (Fault::NotYourTurn, 9),
    (Fault::NoSuchSeat, 10),
    (Fault::IllegalAction, 11),
    (Fault::RoundOver, 12),
    (Fault::InvalidConfig, 13),
    (Fault::InvalidState, 7),
    (Fault::BufferTooSmall, 3),
    (Fault::Internal, 8),
];

fn text(code: ParlorStatus) -> &'static str {
    // SAFETY: parlor_status_str returns a static NUL-terminated string.
    unsafe { CStr::from_ptr(parlor_status_str(code)) }
        .to_str()
        .expect("UTF-8")
}

fn every_fault_has_its_code<R: Round>() {
    for (fault, code) in CODES {
        let error = <R::Error as GameError>::from_fault(fault);
        assert_eq!(error.fault(), Some(fault), "{}: {fault:?} round-trips", R::GAME);
        assert_eq!(error_status(error, PARLOR_ERR_INTERNAL), code, "{}: {fault:?}", R::GAME);
        assert_eq!(fault_status(fault), code);
    }
}

#[test]
fn every_fault_of_every_game_maps_to_its_one_code() {
    assert_eq!(CODES.len(), Fault::ALL.len());
    every_fault_has_its_code::<parlor_core::dominoes::Round>();
    every_fault_has_its_code::<parlor_core::tichu::round::Round>();
    every_fault_has_its_code::<parlor_core::doudizhu::round::Round>();
    every_fault_has_its_code::<parlor_core::mahjong::Round>();
}

#[test]
fn each_shared_code_is_named_with_the_fault_wording() {
    for (fault, code) in CODES {
        match fault {
            // Older codes keep their texts (the same meaning, said at more length).
            Fault::BufferTooSmall | Fault::Internal => assert!(!text(code).is_empty()),
            _ => assert_eq!(text(code), fault.text(), "{fault:?}"),
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    for code in [
        PARLOR_ERR_NOT_YOUR_TURN,
        PARLOR_ERR_NO_SUCH_SEAT,
        PARLOR_ERR_ILLEGAL_ACTION,
        PARLOR_ERR_ROUND_OVER,
        PARLOR_ERR_INVALID_CONFIG,
        PARLOR_ERR_UNKNOWN_GAME,
        PARLOR_ERR_UNKNOWN_PRESET,
        PARLOR_ERR_UNKNOWN_RULE,
        PARLOR_ERR_BAD_RULE_VALUE,
        PARLOR_ERR_ROUND_NOT_OVER,
        PARLOR_ERR_MATCH_NOT_OVER,
        PARLOR_ERR_UNKNOWN_ACTION,
        PARLOR_ERR_BAD_DEAL,
        PARLOR_ERR_UNKNOWN_BOT,
        PARLOR_ERR_PARSE,
        PARLOR_ERR_INVALID_STATE,
    ] {
        assert_ne!(text(code), "unknown status code", "{code}");
        assert!(seen.insert(text(code)), "{code} shares its text");
    }
    assert_eq!(
        (9..=22).collect::<Vec<ParlorStatus>>(),
        [
            PARLOR_ERR_NOT_YOUR_TURN,
            PARLOR_ERR_NO_SUCH_SEAT,
            PARLOR_ERR_ILLEGAL_ACTION,
            PARLOR_ERR_ROUND_OVER,
            PARLOR_ERR_INVALID_CONFIG,
            PARLOR_ERR_UNKNOWN_GAME,
            PARLOR_ERR_UNKNOWN_PRESET,
            PARLOR_ERR_UNKNOWN_RULE,
            PARLOR_ERR_BAD_RULE_VALUE,
            PARLOR_ERR_ROUND_NOT_OVER,
            PARLOR_ERR_MATCH_NOT_OVER,
            PARLOR_ERR_UNKNOWN_ACTION,
            PARLOR_ERR_BAD_DEAL,
            PARLOR_ERR_UNKNOWN_BOT,
        ]
    );
}

/// Regression: `parlor_match_apply` on a finished match answers `PARLOR_ERR_ROUND_OVER`, which
/// `parlor_status_str` named `the round is over` — a C program that printed the status told its
/// user about a round when the match had ended. The one code now says both.
#[test]
fn the_over_status_names_the_match_too() {
    let mut config = ParlorConfig {
        opaque: [0; PARLOR_CONFIG_WORDS],
    };
    let mut game_match = ParlorMatch {
        opaque: [0; PARLOR_STATE_WORDS],
    };
    // SAFETY: valid pointers to caller-owned states, as the C calls pass them.
    unsafe {
        assert_eq!(
            parlor_config_preset(PARLOR_GAME_DOMINOES, core::ptr::null(), 0, &mut config),
            PARLOR_OK
        );
        assert_eq!(parlor_match_new(&config, 7, &mut game_match), PARLOR_OK);
        let mut round = ParlorRound {
            opaque: [0; PARLOR_STATE_WORDS],
        };
        loop {
            let mut seat = 0u32;
            assert_eq!(parlor_match_to_act(&game_match, &mut seat), PARLOR_OK);
            if seat == PARLOR_NO_SEAT {
                break;
            }
            assert_eq!(parlor_match_round(&game_match, &mut round), PARLOR_OK);
            let mut code = 0u64;
            let bot = parlor_bot_choose(&round, seat, PARLOR_BOT_LOWEST, 0, core::ptr::null_mut(), 0, &mut code);
            assert_eq!(bot, PARLOR_OK);
            assert_eq!(
                parlor_match_apply(&mut game_match, seat, code, core::ptr::null_mut()),
                PARLOR_OK
            );
        }
        let status = parlor_match_apply(&mut game_match, 0, 0, core::ptr::null_mut());
        assert_eq!(status, PARLOR_ERR_ROUND_OVER);
        assert_eq!(text(status), "the round or match is over");
    }
}
