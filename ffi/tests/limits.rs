//! The header's buffer maxima hold for the longest answers, and codes of one family are refused
//! where the other belongs.
#![allow(missing_docs)]

use parlor::doudizhu::{
    PARLOR_DOUDIZHU_FORMAT_BYTES, ParlorDoudizhuCards, parlor_doudizhu_format, parlor_doudizhu_scratch_bytes,
};
use parlor::mahjong::{
    PARLOR_MAHJONG_FORM_REGULAR, PARLOR_MAHJONG_FORM_SEVEN_PAIRS, PARLOR_MAHJONG_FORMAT_BYTES, PARLOR_MAHJONG_KINDS,
    PARLOR_MAHJONG_RULES_RIICHI, parlor_mahjong_format, parlor_mahjong_shanten, parlor_mahjong_waits,
};
use parlor::tichu::{PARLOR_TICHU_FORMAT_BYTES, parlor_tichu_format, parlor_tichu_parse};
use parlor::{PARLOR_ERR_INVALID_ARGUMENT, PARLOR_OK};

/// The length `format` reports for a size query (capacity 0), which must fit the constant.
fn needed(format: impl FnOnce(*mut core::ffi::c_char, usize, *mut usize) -> u32) -> usize {
    let mut len = usize::MAX;
    let _ = format(core::ptr::null_mut(), 0, &mut len);
    len
}

#[test]
fn the_longest_tichu_text_fits_the_format_maximum() {
    // The whole suited deck is the longest set.
    let text =
        "2j2s2p2t3j3s3p3t4j4s4p4t5j5s5p5t6j6s6p6t7j7s7p7t8j8s8p8t9j9s9p9t0j0s0p0tJjJsJpJtQjQsQpQtKjKsKpKtAjAsApAt1DPR";
    let mut mask = 0u64;
    // SAFETY: valid pointers and lengths.
    assert_eq!(
        unsafe { parlor_tichu_parse(text.as_ptr().cast(), text.len(), &mut mask, core::ptr::null_mut()) },
        PARLOR_OK
    );
    // SAFETY: a size query.
    let len = needed(|buf, capacity, out| unsafe { parlor_tichu_format(mask, buf, capacity, out) });
    assert_eq!(len, text.len());
    assert!(
        len < PARLOR_TICHU_FORMAT_BYTES,
        "{len} + NUL > {PARLOR_TICHU_FORMAT_BYTES}"
    );
}

#[test]
fn the_longest_doudizhu_text_fits_the_format_maximum() {
    let deck = ParlorDoudizhuCards {
        counts: [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1],
    };
    // SAFETY: a size query.
    let len = needed(|buf, capacity, out| unsafe { parlor_doudizhu_format(&deck, buf, capacity, out) });
    assert_eq!(len, 54);
    assert!(len < PARLOR_DOUDIZHU_FORMAT_BYTES);
    let mut bytes = 0usize;
    // SAFETY: valid pointers.
    assert_eq!(
        unsafe { parlor_doudizhu_scratch_bytes(&deck, 0, &mut bytes) },
        parlor::doudizhu::PARLOR_DOUDIZHU_ERR_HAND_TOO_LARGE
    );
    let hand = ParlorDoudizhuCards {
        counts: [2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    };
    // SAFETY: valid pointers.
    assert_eq!(
        unsafe { parlor_doudizhu_scratch_bytes(&hand, 0, &mut bytes) },
        PARLOR_OK
    );
    // The 683-byte safety cache, 3 plays (3, 4, 33) of 8 bytes, 6 sub-hands: 6 memo entries.
    assert_eq!(bytes, 683 + 3 * 8 + 6 * 8);
    // SAFETY: valid pointers.
    assert_eq!(
        unsafe { parlor_doudizhu_scratch_bytes(&hand, 5, &mut bytes) },
        parlor::PARLOR_ERR_INVALID_ARGUMENT
    );
}

#[test]
fn the_longest_mahjong_text_fits_the_format_maximum() {
    // Fourteen tiles spaced, two characters each: the longest text.
    let mut counts = [0u8; PARLOR_MAHJONG_KINDS];
    counts[27..34].iter_mut().for_each(|c| *c = 2);
    for compact in [0, 1] {
        // SAFETY: a size query.
        let len = needed(|buf, capacity, out| unsafe {
            parlor_mahjong_format(counts.as_ptr(), counts.len(), compact, buf, capacity, out)
        });
        assert!(len < PARLOR_MAHJONG_FORMAT_BYTES, "{len}");
    }
}

#[test]
fn a_rules_code_where_a_form_belongs_is_refused() {
    // 1122m3344p5566s7z: seven pairs, waiting on 7z (shanten 0). While rules and form codes
    // shared numbers, RIICHI (1) passed as the form read as REGULAR and answered 3.
    let mut counts = [0u8; PARLOR_MAHJONG_KINDS];
    for code in [0, 1, 9, 10, 18, 19] {
        counts[code] = 2;
    }
    counts[33] = 1;
    let mut value = 99i8;
    // SAFETY: valid pointers.
    assert_eq!(
        unsafe { parlor_mahjong_shanten(counts.as_ptr(), 34, PARLOR_MAHJONG_FORM_SEVEN_PAIRS, &mut value) },
        PARLOR_OK
    );
    assert_eq!(value, 0);
    // SAFETY: valid pointers.
    let swapped = unsafe { parlor_mahjong_shanten(counts.as_ptr(), 34, PARLOR_MAHJONG_RULES_RIICHI, &mut value) };
    assert_eq!(swapped, PARLOR_ERR_INVALID_ARGUMENT);
    let mut mask = 0u64;
    // SAFETY: valid pointers.
    let swapped = unsafe { parlor_mahjong_waits(counts.as_ptr(), 34, PARLOR_MAHJONG_FORM_REGULAR, &mut mask) };
    assert_eq!(swapped, PARLOR_ERR_INVALID_ARGUMENT);
}

/// Regression: `parlor_round_legal_actions` said "a buffer of the game's most legal actions
/// always suffices" without naming that number, so a C program could only size-query at every
/// decision. `PARLOR_MAX_LEGAL_ACTIONS` names it; each game's own most (the figures its comment
/// gives) is pinned here, and the constant is their maximum.
#[test]
fn the_most_legal_actions_of_every_game_fit_the_named_maximum() {
    use parlor::PARLOR_MAX_LEGAL_ACTIONS;
    use parlor_core::game::Round;
    let most = [
        <parlor_core::dominoes::Round as Round>::MAX_ACTIONS,
        <parlor_core::tichu::round::Round as Round>::MAX_ACTIONS,
        <parlor_core::doudizhu::round::Round as Round>::MAX_ACTIONS,
        <parlor_core::mahjong::Round as Round>::MAX_ACTIONS,
    ];
    assert_eq!(most, [1_710, 8_345, 10_045, 40]);
    assert_eq!(most.iter().copied().max(), Some(PARLOR_MAX_LEGAL_ACTIONS));
}
