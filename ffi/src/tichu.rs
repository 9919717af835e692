//! C entry points for `parlor_core::tichu`. Status codes of this game: 200–299.
//!
//! Card sets cross the boundary as a `uint64_t` mask (layout in `parlor_core::tichu::card`:
//! bits 4·(r−2)..4·(r−2)+3 the natural rank r = 2..14 by suit Jade, Sword, Pagoda, Star — or, in
//! a rank-only set, the low `count` bits; bit 52 Mah Jong, 53 Dog, 54 Phoenix, 55 Dragon; bit 63
//! set for a suited set). Get one from text with [`parlor_tichu_parse`].

use core::ffi::{CStr, c_char};
use core::ops::ControlFlow;

use parlor_core::tichu::{self, Cards, Combination, Error, Kind, Rank, Seat, Step, Trick, TrickEnd, TrickParts};

use crate::util::{OutputList, bool_code, input_slice, input_str, output, output_slice, status, write_text};
use crate::{PARLOR_ERR_BUFFER_TOO_SMALL, PARLOR_ERR_INVALID_ARGUMENT, PARLOR_ERR_INVALID_STATE, ParlorStatus};

/// A character that is no card of the notation.
pub const PARLOR_TICHU_ERR_UNKNOWN_CARD: ParlorStatus = 200;
/// A fifth card of one rank (rank-only notation).
pub const PARLOR_TICHU_ERR_TOO_MANY_OF_RANK: ParlorStatus = 201;
/// A card that exists once given twice (a second Phoenix, the same suited card).
pub const PARLOR_TICHU_ERR_DUPLICATE_CARD: ParlorStatus = 202;
/// Suited and rank-only natural cards in one set.
pub const PARLOR_TICHU_ERR_MIXED_NOTATION: ParlorStatus = 203;
/// A card mask with bits outside the layout.
pub const PARLOR_TICHU_ERR_INVALID_MASK: ParlorStatus = 204;
/// Two sets that cannot be on the table together (a card more often than the deck has it).
pub const PARLOR_TICHU_ERR_CARDS_OVERLAP: ParlorStatus = 205;
/// The previous play is no combination.
pub const PARLOR_TICHU_ERR_PREVIOUS_NOT_A_COMBINATION: ParlorStatus = 206;
/// The previous play is the Dog (which ends its trick).
pub const PARLOR_TICHU_ERR_PREVIOUS_IS_DOG: ParlorStatus = 207;
/// A combination whose kind, length and key do not fit.
pub const PARLOR_TICHU_ERR_INVALID_COMBINATION: ParlorStatus = 208;
/// A hand of more than 14 cards.
pub const PARLOR_TICHU_ERR_HAND_TOO_LARGE: ParlorStatus = 209;
/// The trick is over.
pub const PARLOR_TICHU_ERR_TRICK_OVER: ParlorStatus = 210;
/// Not this seat's turn (out of turn only a bomb on a play).
pub const PARLOR_TICHU_ERR_NOT_YOUR_TURN: ParlorStatus = 211;
/// The seat has no cards left.
pub const PARLOR_TICHU_ERR_SEAT_IS_OUT: ParlorStatus = 212;
/// The play holds cards that are not in the hand.
pub const PARLOR_TICHU_ERR_NOT_IN_HAND: ParlorStatus = 213;
/// The play is no combination or does not beat the table.
pub const PARLOR_TICHU_ERR_ILLEGAL_PLAY: ParlorStatus = 214;
/// The leader cannot pass.
pub const PARLOR_TICHU_ERR_CANNOT_PASS_ON_LEAD: ParlorStatus = 215;
/// The player holds the wished rank, can lawfully play it, and so must.
pub const PARLOR_TICHU_ERR_MUST_FULFIL_WISH: ParlorStatus = 216;
/// A wish without the Mah Jong in the play, or while a wish is open.
pub const PARLOR_TICHU_ERR_UNEXPECTED_WISH: ParlorStatus = 217;
/// An inconsistent trick state was passed in.
pub const PARLOR_TICHU_ERR_INVALID_TRICK: ParlorStatus = 218;
/// A card of the play was already played in this trick.
pub const PARLOR_TICHU_ERR_PLAYED_TWICE: ParlorStatus = 219;
/// Given hands that are not the whole deck in four hands of 14 suited cards.
pub const PARLOR_TICHU_ERR_INVALID_DEAL: ParlorStatus = 220;
/// The round (or match) is over.
pub const PARLOR_TICHU_ERR_ROUND_OVER: ParlorStatus = 221;
/// An action of another stage of the round.
pub const PARLOR_TICHU_ERR_WRONG_PHASE: ParlorStatus = 222;
/// A second call by one seat (a Tichu after a Grand Tichu included).
pub const PARLOR_TICHU_ERR_ALREADY_CALLED: ParlorStatus = 223;
/// A Tichu call after the caller's first card.
pub const PARLOR_TICHU_ERR_TOO_LATE_TO_CALL: ParlorStatus = 224;
/// A second exchange by one seat.
pub const PARLOR_TICHU_ERR_ALREADY_EXCHANGED: ParlorStatus = 225;
/// An exchange that is not three different cards of the hand.
pub const PARLOR_TICHU_ERR_BAD_EXCHANGE: ParlorStatus = 226;
/// The Dragon's trick must go to an opponent of its winner.
pub const PARLOR_TICHU_ERR_NOT_AN_OPPONENT: ParlorStatus = 227;
/// Reserved (nothing returns it; the number stays taken): a broken invariant is the common
/// `PARLOR_ERR_INTERNAL` in every game.
pub const PARLOR_TICHU_ERR_INTERNAL: ParlorStatus = 228;

/// Combination kind codes (`ParlorTichuCombination.kind`).
pub const PARLOR_TICHU_SINGLE: u8 = 0;
/// Pair.
pub const PARLOR_TICHU_PAIR: u8 = 1;
/// Triple.
pub const PARLOR_TICHU_TRIPLE: u8 = 2;
/// Full house (key: the triple's rank).
pub const PARLOR_TICHU_FULL_HOUSE: u8 = 3;
/// Straight (5+ cards; key: the top rank).
pub const PARLOR_TICHU_STRAIGHT: u8 = 4;
/// Stairs (2+ consecutive pairs; key: the top rank).
pub const PARLOR_TICHU_STAIRS: u8 = 5;
/// Four-of-a-kind bomb.
pub const PARLOR_TICHU_FOUR_OF_A_KIND: u8 = 6;
/// Straight-flush bomb.
pub const PARLOR_TICHU_STRAIGHT_FLUSH: u8 = 7;
/// The Dog.
pub const PARLOR_TICHU_DOG: u8 = 8;
/// "No seat" in `ParlorTichuTrickEnd.next_leader` and the `out_next` results.
pub const PARLOR_TICHU_NO_SEAT: u8 = 255;
/// Capacity for every legal play from a hand of up to 14 cards in any situation: the proven
/// maximum, 1674 (`JJ QQQQ KKKK AAA` + Phoenix, suited, on the lead; see `MAX_MOVES` in the core
/// and docs/tichu.md). A `uint64_t` buffer of this size is 13,392 bytes.
pub const PARLOR_TICHU_MAX_MOVES: usize = 1674;
/// Bytes that always suffice for [`parlor_tichu_format`], the NUL included (the whole suited
/// deck is 108 characters).
pub const PARLOR_TICHU_FORMAT_BYTES: usize = 112;
const _: () = assert!(PARLOR_TICHU_MAX_MOVES == tichu::MAX_MOVES);
// Every kind code in the header is the core's `Kind` discriminant.
const _: () = {
    let kinds = [
        (PARLOR_TICHU_SINGLE, Kind::Single),
        (PARLOR_TICHU_PAIR, Kind::Pair),
        (PARLOR_TICHU_TRIPLE, Kind::Triple),
        (PARLOR_TICHU_FULL_HOUSE, Kind::FullHouse),
        (PARLOR_TICHU_STRAIGHT, Kind::Straight),
        (PARLOR_TICHU_STAIRS, Kind::Stairs),
        (PARLOR_TICHU_FOUR_OF_A_KIND, Kind::FourOfAKind),
        (PARLOR_TICHU_STRAIGHT_FLUSH, Kind::StraightFlush),
        (PARLOR_TICHU_DOG, Kind::Dog),
    ];
    let mut i = 0;
    while i < kinds.len() {
        assert!(kinds[i].0 == kinds[i].1 as u8);
        i += 1;
    }
};

/// A resolved play: kind code, number of cards, key in half ranks (rank × 2; Mah Jong 2,
/// Dragon 30, a Phoenix single n + ½ is odd, Dog 0).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorTichuCombination {
    /// `PARLOR_TICHU_SINGLE` … `PARLOR_TICHU_DOG`.
    pub kind: u8,
    /// Number of cards.
    pub length: u8,
    /// Key in half ranks.
    pub key: u8,
}

/// How a trick ended.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorTichuTrickEnd {
    /// Who won the trick.
    pub taker: u8,
    /// Who leads next, or `PARLOR_TICHU_NO_SEAT`.
    pub next_leader: u8,
    /// Card points in the trick.
    pub points: i16,
    /// 1 when won by the Dragon: the taker gives the trick to an opponent.
    pub dragon: u8,
    /// 1 when the trick was the Dog.
    pub dog: u8,
}

/// The state of a trick (plain values; create it with [`parlor_tichu_trick_new`]).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorTichuTrick {
    /// 1 when there is a play to beat (`top`), 0 on the lead.
    pub has_top: u8,
    /// The play to beat.
    pub top: ParlorTichuCombination,
    /// Who played `top` (the leader while there is none).
    pub top_seat: u8,
    /// Whose turn it is (0..=3).
    pub turn: u8,
    /// Passes since `top`.
    pub passes: u8,
    /// Bit `s` set: seat `s` has no cards left.
    pub out_mask: u8,
    /// The open Mah Jong wish (rank 2..=14), or 0.
    pub wish: u8,
    /// Card points played into the trick.
    pub points: i16,
    /// Every card played into the trick so far (a card mask; rank-only once a rank-only play was
    /// made): a card is never played twice in one trick (`PARLOR_TICHU_ERR_PLAYED_TWICE`).
    pub played: u64,
    /// 1 when the trick is over (`end` is then valid).
    pub over: u8,
    /// How it ended.
    pub end: ParlorTichuTrickEnd,
}

/// The description of one of this game's status codes, if it is one.
pub(crate) fn status_message(code: ParlorStatus) -> Option<&'static CStr> {
    Some(match code {
        PARLOR_TICHU_ERR_UNKNOWN_CARD => status_text!("tichu", parlor_core::tichu::Error::UNKNOWN_CARD),
        PARLOR_TICHU_ERR_TOO_MANY_OF_RANK => status_text!("tichu", parlor_core::tichu::Error::TOO_MANY_OF_RANK),
        PARLOR_TICHU_ERR_DUPLICATE_CARD => status_text!("tichu", parlor_core::tichu::Error::DUPLICATE_CARD),
        PARLOR_TICHU_ERR_MIXED_NOTATION => status_text!("tichu", parlor_core::tichu::Error::MIXED_NOTATION),
        PARLOR_TICHU_ERR_INVALID_MASK => status_text!("tichu", parlor_core::tichu::Error::INVALID_MASK),
        PARLOR_TICHU_ERR_CARDS_OVERLAP => status_text!("tichu", parlor_core::tichu::Error::CARDS_OVERLAP),
        PARLOR_TICHU_ERR_PREVIOUS_NOT_A_COMBINATION => {
            status_text!("tichu", parlor_core::tichu::Error::PREVIOUS_NOT_A_COMBINATION)
        }
        PARLOR_TICHU_ERR_PREVIOUS_IS_DOG => status_text!("tichu", parlor_core::tichu::Error::PREVIOUS_IS_DOG),
        PARLOR_TICHU_ERR_INVALID_COMBINATION => status_text!("tichu", parlor_core::tichu::Error::INVALID_COMBINATION),
        PARLOR_TICHU_ERR_HAND_TOO_LARGE => status_text!("tichu", parlor_core::tichu::Error::HAND_TOO_LARGE),
        PARLOR_TICHU_ERR_TRICK_OVER => status_text!("tichu", parlor_core::tichu::Error::TRICK_OVER),
        PARLOR_TICHU_ERR_NOT_YOUR_TURN => status_text!("tichu", parlor_core::tichu::Error::NOT_YOUR_TURN),
        PARLOR_TICHU_ERR_SEAT_IS_OUT => status_text!("tichu", parlor_core::tichu::Error::SEAT_IS_OUT),
        PARLOR_TICHU_ERR_NOT_IN_HAND => status_text!("tichu", parlor_core::tichu::Error::NOT_IN_HAND),
        PARLOR_TICHU_ERR_ILLEGAL_PLAY => status_text!("tichu", parlor_core::tichu::Error::ILLEGAL_PLAY),
        PARLOR_TICHU_ERR_CANNOT_PASS_ON_LEAD => status_text!("tichu", parlor_core::tichu::Error::CANNOT_PASS_ON_LEAD),
        PARLOR_TICHU_ERR_MUST_FULFIL_WISH => status_text!("tichu", parlor_core::tichu::Error::MUST_FULFIL_WISH),
        PARLOR_TICHU_ERR_UNEXPECTED_WISH => status_text!("tichu", parlor_core::tichu::Error::UNEXPECTED_WISH),
        PARLOR_TICHU_ERR_INVALID_TRICK => status_text!("tichu", parlor_core::tichu::Error::INVALID_TRICK),
        PARLOR_TICHU_ERR_PLAYED_TWICE => status_text!("tichu", parlor_core::tichu::Error::PLAYED_TWICE),
        PARLOR_TICHU_ERR_INVALID_DEAL => status_text!("tichu", parlor_core::tichu::Error::INVALID_DEAL),
        PARLOR_TICHU_ERR_ROUND_OVER => status_text!("tichu", parlor_core::tichu::Error::ROUND_OVER),
        PARLOR_TICHU_ERR_WRONG_PHASE => status_text!("tichu", parlor_core::tichu::Error::WRONG_PHASE),
        PARLOR_TICHU_ERR_ALREADY_CALLED => status_text!("tichu", parlor_core::tichu::Error::ALREADY_CALLED),
        PARLOR_TICHU_ERR_TOO_LATE_TO_CALL => status_text!("tichu", parlor_core::tichu::Error::TOO_LATE_TO_CALL),
        PARLOR_TICHU_ERR_ALREADY_EXCHANGED => status_text!("tichu", parlor_core::tichu::Error::ALREADY_EXCHANGED),
        PARLOR_TICHU_ERR_BAD_EXCHANGE => status_text!("tichu", parlor_core::tichu::Error::BAD_EXCHANGE),
        PARLOR_TICHU_ERR_NOT_AN_OPPONENT => status_text!("tichu", parlor_core::tichu::Error::NOT_AN_OPPONENT),
        // A C-only code with no core error (reserved: broken invariants are `PARLOR_ERR_INTERNAL`).
        PARLOR_TICHU_ERR_INTERNAL => status_text!("tichu: reserved, never returned"),
        _ => return None,
    })
}

/// The status code of a core error.
pub fn error_code(error: Error) -> ParlorStatus {
    match error {
        Error::UnknownCard { .. } => PARLOR_TICHU_ERR_UNKNOWN_CARD,
        Error::TooManyOfRank { .. } => PARLOR_TICHU_ERR_TOO_MANY_OF_RANK,
        Error::DuplicateCard { .. } => PARLOR_TICHU_ERR_DUPLICATE_CARD,
        Error::MixedNotation { .. } => PARLOR_TICHU_ERR_MIXED_NOTATION,
        Error::InvalidMask => PARLOR_TICHU_ERR_INVALID_MASK,
        Error::CardsOverlap => PARLOR_TICHU_ERR_CARDS_OVERLAP,
        Error::PreviousNotACombination => PARLOR_TICHU_ERR_PREVIOUS_NOT_A_COMBINATION,
        Error::PreviousIsDog => PARLOR_TICHU_ERR_PREVIOUS_IS_DOG,
        Error::InvalidCombination => PARLOR_TICHU_ERR_INVALID_COMBINATION,
        Error::HandTooLarge => PARLOR_TICHU_ERR_HAND_TOO_LARGE,
        Error::BufferTooSmall { .. } => PARLOR_ERR_BUFFER_TOO_SMALL,
        Error::UnknownCode { .. } | Error::InvalidConfig | Error::InvalidScore => PARLOR_ERR_INVALID_ARGUMENT,
        Error::NotAnOpponent => PARLOR_TICHU_ERR_NOT_AN_OPPONENT,
        Error::InvalidDeal => PARLOR_TICHU_ERR_INVALID_DEAL,
        Error::RoundOver => PARLOR_TICHU_ERR_ROUND_OVER,
        Error::WrongPhase => PARLOR_TICHU_ERR_WRONG_PHASE,
        Error::AlreadyCalled => PARLOR_TICHU_ERR_ALREADY_CALLED,
        Error::TooLateToCall => PARLOR_TICHU_ERR_TOO_LATE_TO_CALL,
        Error::AlreadyExchanged => PARLOR_TICHU_ERR_ALREADY_EXCHANGED,
        Error::BadExchange => PARLOR_TICHU_ERR_BAD_EXCHANGE,
        Error::InvalidState => PARLOR_ERR_INVALID_STATE,
        Error::BadToken { .. } => PARLOR_ERR_INVALID_ARGUMENT,
        Error::InvalidTrick => PARLOR_TICHU_ERR_INVALID_TRICK,
        Error::PlayedTwice => PARLOR_TICHU_ERR_PLAYED_TWICE,
        Error::TrickOver => PARLOR_TICHU_ERR_TRICK_OVER,
        Error::NotYourTurn => PARLOR_TICHU_ERR_NOT_YOUR_TURN,
        Error::SeatIsOut => PARLOR_TICHU_ERR_SEAT_IS_OUT,
        Error::NotInHand => PARLOR_TICHU_ERR_NOT_IN_HAND,
        Error::IllegalPlay => PARLOR_TICHU_ERR_ILLEGAL_PLAY,
        Error::CannotPassOnLead => PARLOR_TICHU_ERR_CANNOT_PASS_ON_LEAD,
        Error::MustFulfilWish => PARLOR_TICHU_ERR_MUST_FULFIL_WISH,
        Error::UnexpectedWish => PARLOR_TICHU_ERR_UNEXPECTED_WISH,
        Error::Internal => crate::PARLOR_ERR_INTERNAL,
        // `Error` is non-exhaustive: a variant the core adds before it has a code here reads as
        // internal (to be given its own number), never as another error's code.
        _ => crate::PARLOR_ERR_INTERNAL,
    }
}

fn cards(mask: u64) -> Result<Cards, ParlorStatus> {
    Cards::from_mask(mask).map_err(error_code)
}

fn combination_in(c: &ParlorTichuCombination) -> Result<Combination, ParlorStatus> {
    let kind = Kind::try_from(c.kind).map_err(error_code)?;
    Combination::new(kind, c.length, c.key).map_err(error_code)
}

fn combination_out(c: Combination) -> ParlorTichuCombination {
    ParlorTichuCombination {
        kind: c.kind() as u8,
        length: c.len(),
        key: c.key(),
    }
}

/// The previous play from a nullable pointer (null = the lead).
///
/// # Safety
/// A non-null `previous` must point to a readable `ParlorTichuCombination`.
unsafe fn previous_in(previous: *const ParlorTichuCombination) -> Result<Option<Combination>, ParlorStatus> {
    if previous.is_null() {
        return Ok(None);
    }
    if !previous.is_aligned() {
        return Err(PARLOR_ERR_INVALID_ARGUMENT);
    }
    // SAFETY: non-null and aligned; readability is the caller's contract.
    let value = unsafe { previous.read() };
    combination_in(&value).map(Some)
}

fn wish_in(code: u8) -> Result<Option<Rank>, ParlorStatus> {
    match code {
        0 => Ok(None),
        _ => Rank::try_from(code).map(Some).map_err(error_code),
    }
}

fn seat_in(code: u8) -> Result<Seat, ParlorStatus> {
    Seat::try_from(code).map_err(error_code)
}

/// Parses a card set in either notation (`6P0594J7`, `-`, `5j6j7j8j9j`) into `*out_mask`.
/// On a parse error, `*out_error_offset` (optional, may be null) receives the byte offset of the
/// offending card. Errors: `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_UTF8`, 200–203.
///
/// # Safety
/// `text` must be readable for `len` bytes (or null with `len` 0); `out_mask` writable; a
/// non-null `out_error_offset` writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_parse(
    text: *const c_char,
    len: usize,
    out_mask: *mut u64,
    out_error_offset: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let text = unsafe { input_str(text, len) }?;
        // SAFETY: forwarded contract.
        let out_mask = unsafe { output(out_mask) }?;
        match text.parse::<tichu::Cards>() {
            Ok(set) => {
                *out_mask = set.mask();
                Ok(())
            }
            Err(error) => {
                let offset = match error {
                    Error::UnknownCard { span }
                    | Error::TooManyOfRank { span, .. }
                    | Error::DuplicateCard { span }
                    | Error::MixedNotation { span } => span.start,
                    _ => 0,
                };
                if !out_error_offset.is_null() {
                    // SAFETY: non-null; validity is the caller's contract.
                    unsafe { out_error_offset.write_unaligned(offset) };
                }
                Err(error_code(error))
            }
        }
    })())
}

/// Writes the card set `mask` as NUL-terminated text (the canonical order; `-` when empty).
/// `out_len` (optional) receives the length without the NUL; a null `buf` with `capacity` 0
/// asks for it. Errors: `PARLOR_TICHU_ERR_INVALID_MASK`, `PARLOR_ERR_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `buf` writable for `capacity` bytes (or null with 0); a non-null `out_len` writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_format(
    mask: u64,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> ParlorStatus {
    status((|| {
        let set = cards(mask)?;
        // SAFETY: forwarded contract.
        unsafe { write_text(&set, buf, capacity, out_len) }
    })())
}

/// The seed's function on text: is `play` legal on `previous` (empty or `-` = the lead)?
/// `*out_legal` = 1 or 0. Errors: parse codes 200–203, `PARLOR_TICHU_ERR_CARDS_OVERLAP`,
/// `PARLOR_TICHU_ERR_PREVIOUS_NOT_A_COMBINATION`, `PARLOR_TICHU_ERR_PREVIOUS_IS_DOG`.
///
/// # Safety
/// The texts readable for their lengths (or null with 0); `out_legal` writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_is_legal(
    previous: *const c_char,
    previous_len: usize,
    play: *const c_char,
    play_len: usize,
    out_legal: *mut u8,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let previous = unsafe { input_str(previous, previous_len) }?;
        // SAFETY: forwarded contract.
        let play = unsafe { input_str(play, play_len) }?;
        // SAFETY: forwarded contract.
        let out_legal = unsafe { output(out_legal) }?;
        let previous = previous.parse::<tichu::Cards>().map_err(error_code)?;
        let play = play.parse::<tichu::Cards>().map_err(error_code)?;
        *out_legal = bool_code(tichu::is_legal(previous, play).map_err(error_code)?);
        Ok(())
    })())
}

/// Reads the previous play `mask` at its strongest (the seed's form): `*out_has` = 0 for the
/// lead (an empty set), else 1 and `*out_combination` (a lone Phoenix counts as led, 1½).
/// Errors: `PARLOR_TICHU_ERR_INVALID_MASK`, `PARLOR_TICHU_ERR_PREVIOUS_IS_DOG`,
/// `PARLOR_TICHU_ERR_PREVIOUS_NOT_A_COMBINATION`.
///
/// # Safety
/// `out_has` and `out_combination` writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_previous(
    mask: u64,
    out_has: *mut u8,
    out_combination: *mut ParlorTichuCombination,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out_has = unsafe { output(out_has) }?;
        // SAFETY: forwarded contract.
        let out_combination = unsafe { output(out_combination) }?;
        let previous = tichu::previous_play(cards(mask)?).map_err(error_code)?;
        *out_has = bool_code(previous.is_some());
        *out_combination = previous.map(combination_out).unwrap_or_default();
        Ok(())
    })())
}

/// The resolved form: is `play_mask` legal on `*previous` (null = the lead), and which reading
/// does it take (the strongest that beats, a Phoenix single n + ½)? `*out_legal` = 1 or 0;
/// when legal, `*out_combination` (optional, may be null) receives the reading.
/// Errors: `PARLOR_ERR_INVALID_ARGUMENT` (unknown kind code), `PARLOR_TICHU_ERR_INVALID_COMBINATION`,
/// `PARLOR_TICHU_ERR_INVALID_MASK`, `PARLOR_TICHU_ERR_CARDS_OVERLAP` (a Phoenix on a Phoenix),
/// `PARLOR_TICHU_ERR_PREVIOUS_IS_DOG` (nothing is played on the Dog).
///
/// # Safety
/// A non-null `previous` readable; `out_legal` writable; a non-null `out_combination` writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_resolve(
    previous: *const ParlorTichuCombination,
    play_mask: u64,
    out_legal: *mut u8,
    out_combination: *mut ParlorTichuCombination,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let previous = unsafe { previous_in(previous) }?;
        // SAFETY: forwarded contract.
        let out_legal = unsafe { output(out_legal) }?;
        let play = cards(play_mask)?;
        let legal = tichu::is_legal_after(previous, play).map_err(error_code)?;
        *out_legal = bool_code(legal);
        if !out_combination.is_null() {
            // SAFETY: forwarded contract.
            let out = unsafe { output(out_combination) }?;
            *out = tichu::resolve(previous, play).map(combination_out).unwrap_or_default();
        }
        Ok(())
    })())
}

/// Every distinct legal play from `hand_mask` (≤ 14 cards) on `*previous` (null = the lead),
/// honoring the open `wish` (rank 2..=14, 0 = none), as masks into `out_masks[0..capacity]`;
/// `*out_count` receives how many there are. `PARLOR_TICHU_MAX_MOVES` always suffices; with less
/// room the call writes what fits, sets `*out_count` to the number needed and returns
/// `PARLOR_ERR_BUFFER_TOO_SMALL`. Errors also: `PARLOR_ERR_INVALID_ARGUMENT` (bad wish or kind
/// code), `PARLOR_TICHU_ERR_INVALID_COMBINATION`, `PARLOR_TICHU_ERR_INVALID_MASK`,
/// `PARLOR_TICHU_ERR_HAND_TOO_LARGE`, `PARLOR_TICHU_ERR_PREVIOUS_IS_DOG`.
///
/// # Safety
/// A non-null `previous` readable; `out_masks` writable for `capacity` values (or null with 0);
/// `out_count` writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_moves(
    hand_mask: u64,
    previous: *const ParlorTichuCombination,
    wish: u8,
    out_masks: *mut u64,
    capacity: usize,
    out_count: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let previous = unsafe { previous_in(previous) }?;
        // SAFETY: forwarded contract.
        let out = unsafe { output_slice(out_masks, capacity) }?;
        // SAFETY: forwarded contract.
        let out_count = unsafe { output(out_count) }?;
        let hand = cards(hand_mask)?;
        let wish = wish_in(wish)?;
        let mut list = OutputList::new(out);
        tichu::for_each_move(&hand, previous, wish, |play, _| {
            list.push(play.mask());
            ControlFlow::Continue(())
        })
        .map_err(error_code)?;
        list.finish(out_count)
    })())
}

fn end_out(end: TrickEnd) -> ParlorTichuTrickEnd {
    ParlorTichuTrickEnd {
        taker: end.taker.index(),
        next_leader: end.next_leader.map_or(PARLOR_TICHU_NO_SEAT, Seat::index),
        points: end.points,
        dragon: bool_code(end.dragon),
        dog: bool_code(end.dog),
    }
}

fn trick_out(trick: &Trick) -> ParlorTichuTrick {
    trick_out_parts(&trick.parts())
}

/// The C form of a trick's parts (also the round observation's trick).
pub(crate) fn trick_out_parts(parts: &TrickParts) -> ParlorTichuTrick {
    let parts = *parts;
    let out_mask = parts
        .out
        .iter()
        .enumerate()
        .fold(0u8, |m, (i, &o)| m | (u8::from(o) << i));
    ParlorTichuTrick {
        has_top: bool_code(parts.top.is_some()),
        top: parts.top.map(combination_out).unwrap_or_default(),
        top_seat: parts.top_seat.index(),
        turn: parts.turn.index(),
        passes: parts.passes,
        out_mask,
        wish: parts.wish.map_or(0, Rank::value),
        points: parts.points,
        played: parts.played.mask(),
        over: bool_code(parts.end.is_some()),
        end: parts.end.map(end_out).unwrap_or_default(),
    }
}

fn trick_in(t: &ParlorTichuTrick) -> Result<Trick, ParlorStatus> {
    let top = match t.has_top {
        0 => None,
        1 => Some(combination_in(&t.top).map_err(|_| PARLOR_TICHU_ERR_INVALID_TRICK)?),
        _ => return Err(PARLOR_TICHU_ERR_INVALID_TRICK),
    };
    let seat = |code| Seat::try_from(code).map_err(|_| PARLOR_TICHU_ERR_INVALID_TRICK);
    // Flags are 0 or 1 like every bool crossing the ABI; anything else is a corrupt state.
    let flag = |code: u8| match code {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(PARLOR_TICHU_ERR_INVALID_TRICK),
    };
    let end = match t.over {
        0 => None,
        1 => Some(TrickEnd {
            taker: seat(t.end.taker)?,
            next_leader: match t.end.next_leader {
                PARLOR_TICHU_NO_SEAT => None,
                code => Some(seat(code)?),
            },
            points: t.end.points,
            dragon: flag(t.end.dragon)?,
            dog: flag(t.end.dog)?,
        }),
        _ => return Err(PARLOR_TICHU_ERR_INVALID_TRICK),
    };
    if t.out_mask > 0xF {
        return Err(PARLOR_TICHU_ERR_INVALID_TRICK);
    }
    let parts = TrickParts {
        top,
        top_seat: seat(t.top_seat)?,
        turn: seat(t.turn)?,
        passes: t.passes,
        out: [0, 1, 2, 3].map(|i| t.out_mask & (1 << i) != 0),
        wish: wish_in(t.wish).map_err(|_| PARLOR_TICHU_ERR_INVALID_TRICK)?,
        points: t.points,
        played: Cards::from_mask(t.played).map_err(|_| PARLOR_TICHU_ERR_INVALID_TRICK)?,
        end,
    };
    Trick::from_parts(parts).map_err(error_code)
}

/// Starts a trick led by `leader` (0..=3) in `*out_trick`; `out_mask` bit `s` marks seat `s` as
/// out of cards; `wish` is the open wish carried over (2..=14, 0 = none).
/// Errors: `PARLOR_ERR_INVALID_ARGUMENT` (bad seat, mask or wish), `PARLOR_TICHU_ERR_SEAT_IS_OUT`.
///
/// # Safety
/// `out_trick` writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_trick_new(
    leader: u8,
    out_mask: u8,
    wish: u8,
    out_trick: *mut ParlorTichuTrick,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out_trick = unsafe { output(out_trick) }?;
        let leader = seat_in(leader)?;
        if out_mask > 0xF {
            return Err(PARLOR_ERR_INVALID_ARGUMENT);
        }
        let out = [0, 1, 2, 3].map(|i| out_mask & (1 << i) != 0);
        let trick = Trick::with(leader, out, wish_in(wish)?).map_err(error_code)?;
        *out_trick = trick_out(&trick);
        Ok(())
    })())
}

fn step_out(step: Step) -> u8 {
    match step {
        Step::Next(seat) => seat.index(),
        Step::Over(_) => PARLOR_TICHU_NO_SEAT,
    }
}

/// Seat `seat`, holding `hand_mask`, plays `play_mask` into `*trick`, wishing `wish` (2..=14,
/// 0 = none; only with the Mah Jong). `*out_next` receives the seat to act, or
/// `PARLOR_TICHU_NO_SEAT` when the trick is over (then `trick->over` = 1 and `trick->end` says
/// how). The trick is unchanged on error. Errors: `PARLOR_ERR_INVALID_ARGUMENT`,
/// `PARLOR_TICHU_ERR_INVALID_TRICK`, `PARLOR_TICHU_ERR_INVALID_MASK`, 209–214, 216, 217,
/// `PARLOR_TICHU_ERR_PLAYED_TWICE` (a card of the play was already played in this trick).
///
/// # Safety
/// `trick` readable and writable; `out_next` writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_trick_play(
    trick: *mut ParlorTichuTrick,
    seat: u8,
    play_mask: u64,
    hand_mask: u64,
    wish: u8,
    out_next: *mut u8,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let state = unsafe { output(trick) }?;
        // SAFETY: forwarded contract.
        let out_next = unsafe { output(out_next) }?;
        let mut core = trick_in(state)?;
        let step = core
            .play(seat_in(seat)?, cards(play_mask)?, cards(hand_mask)?, wish_in(wish)?)
            .map_err(error_code)?;
        *state = trick_out(&core);
        *out_next = step_out(step);
        Ok(())
    })())
}

/// Seat `seat`, holding `hand_mask`, passes in `*trick`; `*out_next` as for
/// [`parlor_tichu_trick_play`]. Errors: `PARLOR_ERR_INVALID_ARGUMENT`,
/// `PARLOR_TICHU_ERR_INVALID_TRICK`, `PARLOR_TICHU_ERR_INVALID_MASK`, 209–212, 215, 216.
///
/// # Safety
/// `trick` readable and writable; `out_next` writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_trick_pass(
    trick: *mut ParlorTichuTrick,
    seat: u8,
    hand_mask: u64,
    out_next: *mut u8,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let state = unsafe { output(trick) }?;
        // SAFETY: forwarded contract.
        let out_next = unsafe { output(out_next) }?;
        let mut core = trick_in(state)?;
        let step = core.pass(seat_in(seat)?, cards(hand_mask)?).map_err(error_code)?;
        *state = trick_out(&core);
        *out_next = step_out(step);
        Ok(())
    })())
}

/// The card points of `mask` (5 → 5, ten and King → 10, Dragon 25, Phoenix −25) into
/// `*out_points`. Errors: `PARLOR_TICHU_ERR_INVALID_MASK`.
///
/// # Safety
/// `out_points` writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_card_points(mask: u64, out_points: *mut i16) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out_points = unsafe { output(out_points) }?;
        *out_points = cards(mask)?.points();
        Ok(())
    })())
}

/// Scores a round: `finish[4]` the seats in the order they went out (with a double victory the
/// last two in any order), `trick_points[4]` the card points in each seat's won tricks,
/// `last_hand_points` the points left in the last player's hand, `calls[4]` each seat's call
/// (0 none, 1 Tichu, 2 Grand Tichu); `out_scores[2]` receives team 0 (seats 0, 2) and team 1.
/// Errors: `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_ARGUMENT` (a bad seat or call code, a
/// finishing order that is no permutation, an amount that is no pile of card points — not a
/// multiple of 5 in -25..=125, checked even on a double victory, where they do not count — or,
/// without a double victory, card points no deal makes: not summing to 100, more than one
/// negative).
///
/// # Safety
/// `finish`, `trick_points` and `calls` readable for 4 values; `out_scores` writable for 2.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_score_round(
    finish: *const u8,
    trick_points: *const i16,
    last_hand_points: i16,
    calls: *const u8,
    out_scores: *mut i16,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract (4 values each).
        let finish = unsafe { input_slice(finish, 4) }?;
        // SAFETY: forwarded contract.
        let trick_points = unsafe { input_slice(trick_points, 4) }?;
        // SAFETY: forwarded contract.
        let calls = unsafe { input_slice(calls, 4) }?;
        // SAFETY: forwarded contract.
        let out = unsafe { output_slice(out_scores, 2) }?;
        let mut seats = [Seat::new(0).ok_or(PARLOR_ERR_INVALID_ARGUMENT)?; 4];
        let mut points = [0i16; 4];
        let mut call_values = [tichu::Call::None; 4];
        for (i, slot) in seats.iter_mut().enumerate() {
            *slot = seat_in(finish.get(i).copied().unwrap_or(u8::MAX))?;
        }
        for (i, slot) in points.iter_mut().enumerate() {
            *slot = trick_points.get(i).copied().unwrap_or(0);
        }
        for (i, slot) in call_values.iter_mut().enumerate() {
            let code = calls.get(i).copied().unwrap_or(u8::MAX);
            *slot = tichu::Call::try_from(code).map_err(error_code)?;
        }
        let scores = tichu::score_round(seats, points, last_hand_points, call_values).map_err(error_code)?;
        for (slot, score) in out.iter_mut().zip(scores) {
            *slot = score;
        }
        Ok(())
    })())
}
