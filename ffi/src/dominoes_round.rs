//! C entry points for the whole dominoes game: `parlor_dominoes_round_*` (one hand) and
//! `parlor_dominoes_match_*` (hands to the target). Status codes 108–120 (the dominoes range).
//!
//! The state is memory the caller owns: [`ParlorDominoesRound`] / [`ParlorDominoesMatch`] hold
//! the core's versioned byte form (`Round::encode`), so every call decodes it — re-checking
//! every invariant, so random or stale bytes are [`PARLOR_DOMINOES_ERR_BAD_STATE`], never
//! undefined behaviour — acts, and writes it back.

use crate::ParlorStatus;

/// The config is not playable (set size, players, hand size, target…).
pub const PARLOR_DOMINOES_ERR_BAD_CONFIG: ParlorStatus = 108;
/// The given deal is impossible (a tile twice, outside the set, wrong counts).
pub const PARLOR_DOMINOES_ERR_BAD_DEAL: ParlorStatus = 109;
/// The table has no such seat.
pub const PARLOR_DOMINOES_ERR_NO_SUCH_SEAT: ParlorStatus = 110;
/// The hand (or the match) is over.
pub const PARLOR_DOMINOES_ERR_HAND_OVER: ParlorStatus = 111;
/// It is not that seat's turn.
pub const PARLOR_DOMINOES_ERR_NOT_YOUR_TURN: ParlorStatus = 112;
/// The tile played is not in the seat's hand.
pub const PARLOR_DOMINOES_ERR_NOT_IN_HAND: ParlorStatus = 113;
/// The tile named to attach to is not in the layout.
pub const PARLOR_DOMINOES_ERR_NOT_IN_LAYOUT: ParlorStatus = 114;
/// The tile cannot attach to the tile named (no shared number with a free end).
pub const PARLOR_DOMINOES_ERR_NO_OPEN_END_ON: ParlorStatus = 115;
/// Drawing or passing while a tile in hand can be played.
pub const PARLOR_DOMINOES_ERR_MUST_PLAY: ParlorStatus = 116;
/// Passing while the seat may (so must) draw.
pub const PARLOR_DOMINOES_ERR_MUST_DRAW: ParlorStatus = 117;
/// Nothing may be drawn now.
pub const PARLOR_DOMINOES_ERR_CANNOT_DRAW: ParlorStatus = 118;
/// The state bytes are not a valid round or match.
pub const PARLOR_DOMINOES_ERR_BAD_STATE: ParlorStatus = 119;
/// A bug in Parlor: an impossible path was reached.
pub const PARLOR_DOMINOES_ERR_INTERNAL: ParlorStatus = 120;

pub(crate) fn status_message(code: ParlorStatus) -> Option<&'static core::ffi::CStr> {
    Some(match code {
        PARLOR_DOMINOES_ERR_BAD_CONFIG => c"dominoes: the config is not playable",
        PARLOR_DOMINOES_ERR_BAD_DEAL => c"dominoes: the deal is impossible",
        PARLOR_DOMINOES_ERR_NO_SUCH_SEAT => c"dominoes: no such seat at this table",
        PARLOR_DOMINOES_ERR_HAND_OVER => c"dominoes: the hand is over",
        PARLOR_DOMINOES_ERR_NOT_YOUR_TURN => c"dominoes: it is not this seat's turn",
        PARLOR_DOMINOES_ERR_NOT_IN_HAND => c"dominoes: the tile is not in the hand",
        PARLOR_DOMINOES_ERR_NOT_IN_LAYOUT => c"dominoes: the tile attached to is not in the layout",
        PARLOR_DOMINOES_ERR_NO_OPEN_END_ON => c"dominoes: the tile cannot attach there",
        PARLOR_DOMINOES_ERR_MUST_PLAY => c"dominoes: a tile can be played, so the seat must play",
        PARLOR_DOMINOES_ERR_MUST_DRAW => c"dominoes: the seat must draw",
        PARLOR_DOMINOES_ERR_CANNOT_DRAW => c"dominoes: nothing may be drawn now",
        PARLOR_DOMINOES_ERR_BAD_STATE => c"dominoes: the state bytes are not a valid round or match",
        PARLOR_DOMINOES_ERR_INTERNAL => c"dominoes: internal error (a bug in Parlor)",
        _ => return None,
    })
}

/// The status of a whole-game error (the layout errors are mapped in `dominoes.rs`).
pub(crate) fn round_status(error: parlor_core::dominoes::Error) -> ParlorStatus {
    use parlor_core::dominoes::Error;
    match error {
        Error::BadConfig { .. } => PARLOR_DOMINOES_ERR_BAD_CONFIG,
        Error::BadDeal { .. } => PARLOR_DOMINOES_ERR_BAD_DEAL,
        Error::NoSuchSeat { .. } => PARLOR_DOMINOES_ERR_NO_SUCH_SEAT,
        Error::HandOver => PARLOR_DOMINOES_ERR_HAND_OVER,
        Error::NotYourTurn { .. } => PARLOR_DOMINOES_ERR_NOT_YOUR_TURN,
        Error::NotInHand { .. } => PARLOR_DOMINOES_ERR_NOT_IN_HAND,
        Error::NotInLayout { .. } => PARLOR_DOMINOES_ERR_NOT_IN_LAYOUT,
        Error::NoOpenEndOn { .. } => PARLOR_DOMINOES_ERR_NO_OPEN_END_ON,
        Error::MustPlay => PARLOR_DOMINOES_ERR_MUST_PLAY,
        Error::MustDraw => PARLOR_DOMINOES_ERR_MUST_DRAW,
        Error::CannotDraw => PARLOR_DOMINOES_ERR_CANNOT_DRAW,
        Error::BufferTooSmall { .. } => crate::PARLOR_ERR_BUFFER_TOO_SMALL,
        Error::BadEncoding { .. } => PARLOR_DOMINOES_ERR_BAD_STATE,
        _ => PARLOR_DOMINOES_ERR_INTERNAL,
    }
}
