//! `parlor_match_decode` gives only matches its other calls can play to the end.
#![allow(missing_docs)]

use parlor::*;
use parlor_core::mahjong::{Config, Deal, Match};

fn decode(bytes: &[u8]) -> ParlorStatus {
    let mut out = ParlorMatch {
        opaque: [0; PARLOR_STATE_WORDS],
    };
    // SAFETY: `bytes` is valid for its length and `out` is a match to write.
    unsafe { parlor_match_decode(PARLOR_GAME_MAHJONG, bytes.as_ptr(), bytes.len(), &mut out) }
}

/// A Riichi match of given deals (the Rust API's `Match::new_given`; or bit 0 of the flag byte,
/// byte 9, of a seeded match's encoding, found by the flip stress of the core's
/// `game::trusted_tests`) is refused: after its first round it would wait for a deal no C call
/// makes. The seeded match it was flipped from decodes.
#[test]
fn match_decode_refuses_a_match_of_given_deals() {
    let mut bytes = vec![0u8; <Match as parlor_core::game::Match>::ENCODED_BYTES];
    let seeded = Match::new(&Config::TENHOU, 5).unwrap();
    let n = seeded.encode(&mut bytes).unwrap();
    assert_eq!(decode(&bytes[..n]), PARLOR_OK);
    bytes[9] ^= 1;
    assert_eq!(decode(&bytes[..n]), PARLOR_ERR_INVALID_STATE);
    let given = Match::new_given(&Config::TENHOU, &Deal::Seeded(5)).unwrap();
    let n = given.encode(&mut bytes).unwrap();
    assert_eq!(decode(&bytes[..n]), PARLOR_ERR_INVALID_STATE);
}
