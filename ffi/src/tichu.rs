//! C entry points for `parlor_core::tichu`. Status codes of this game: 200–299.
//!
//! Card sets cross the boundary as a `uint64_t` mask (layout in `parlor_core::tichu::card`:
//! bits 4·(r−2)..4·(r−2)+3 the natural rank r = 2..14 by suit Jade, Sword, Pagoda, Star — or, in
//! a rank-only set, the low `count` bits; bit 52 Mah Jong, 53 Dog, 54 Phoenix, 55 Dragon; bit 63
//! set for a suited set). Get one from text with [`parlor_tichu_parse`].

// The C functions are documented for Doxygen (the header): `@param[in]` is no rustdoc link.
#![allow(rustdoc::broken_intra_doc_links)]

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
/// #PARLOR_ERR_INTERNAL in every game.
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
/// Bytes that always suffice for parlor_tichu_format(), the NUL included (the whole suited
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

/// @brief A resolved Tichu play: kind code, number of cards and key.
///
/// The key is in half ranks (rank × 2; Mah Jong 2, Dragon 30, a Phoenix single n + ½ is odd,
/// Dog 0).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorTichuCombination {
    /// #PARLOR_TICHU_SINGLE … #PARLOR_TICHU_DOG.
    pub kind: u8,
    /// Number of cards.
    pub length: u8,
    /// Key in half ranks.
    pub key: u8,
}

/// @brief How a Tichu trick ended (valid when ParlorTichuTrick::over is 1).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorTichuTrickEnd {
    /// Who won the trick.
    pub taker: u8,
    /// Who leads next, or #PARLOR_TICHU_NO_SEAT.
    pub next_leader: u8,
    /// Card points in the trick.
    pub points: i16,
    /// 1 when won by the Dragon: the taker gives the trick to an opponent.
    pub dragon: u8,
    /// 1 when the trick was the Dog.
    pub dog: u8,
}

/// @brief The state of a Tichu trick, as plain values.
///
/// Create one with parlor_tichu_trick_new(); advance it with parlor_tichu_trick_play() and
/// parlor_tichu_trick_pass(), which check every field it holds (#PARLOR_TICHU_ERR_INVALID_TRICK).
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
    /// made): a card is never played twice in one trick (#PARLOR_TICHU_ERR_PLAYED_TWICE).
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

/// @brief Parses a Tichu card set from text into a card mask.
///
/// Either notation: rank-only (`6P0594J7`) or suited (`5j6j7j8j9j`); `-` or an empty text is the
/// empty set. The mask layout is in the file documentation (Tichu card masks).
///
/// @param[in] text The text: @p len bytes of UTF-8, no NUL needed (NULL when @p len is 0).
/// @param[in] len Length of @p text in bytes.
/// @param[out] out_mask Receives the card mask (written only on success).
/// @param[out] out_error_offset Optional (may be NULL): on a parse error (statuses 200–203),
/// receives the byte offset in @p text of the offending card.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Parsed; `*out_mask` holds the set.
/// @retval PARLOR_ERR_NULL_POINTER @p out_mask is NULL, or @p text is NULL with @p len above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT @p out_mask is misaligned, or @p len exceeds `PTRDIFF_MAX`.
/// @retval PARLOR_ERR_INVALID_UTF8 @p text is not UTF-8.
/// @retval PARLOR_TICHU_ERR_UNKNOWN_CARD A character that is no card.
/// @retval PARLOR_TICHU_ERR_TOO_MANY_OF_RANK A fifth card of one rank (rank-only notation).
/// @retval PARLOR_TICHU_ERR_DUPLICATE_CARD A card that exists once given twice.
/// @retval PARLOR_TICHU_ERR_MIXED_NOTATION Suited and rank-only natural cards in one set.
/// @pre @p text is readable for @p len bytes; @p out_mask and a non-NULL @p out_error_offset
/// (any alignment) are writable.
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

/// @brief Writes a Tichu card set as NUL-terminated text (the canonical order; `-` when empty).
///
/// @param[in] mask The card set (layout in the file documentation).
/// @param[out] buf Receives the text and a NUL: @p capacity bytes (NULL with @p capacity 0 asks
/// for the length). #PARLOR_TICHU_FORMAT_BYTES always suffice.
/// @param[in] capacity Size of @p buf in bytes.
/// @param[out] out_len Optional (may be NULL): receives the text's length in bytes without the NUL,
/// also when @p buf is too small.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Written (or, with @p capacity 0 and @p out_len, the length was reported).
/// @retval PARLOR_ERR_NULL_POINTER @p buf is NULL with @p capacity above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT @p capacity exceeds `PTRDIFF_MAX`.
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL The text and its NUL do not fit; @p buf holds as much as fits,
/// NUL-terminated, and `*out_len` the length needed.
/// @retval PARLOR_TICHU_ERR_INVALID_MASK @p mask has bits outside the layout.
/// @pre @p buf is writable for @p capacity bytes; a non-NULL @p out_len is writable (any alignment).
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

/// @brief Decides, on text, whether a play may follow the previous play (the seed's question).
///
/// @param[in] previous The previous play as text (either notation): @p previous_len bytes of
/// UTF-8; empty or `-` for the lead.
/// @param[in] previous_len Length of @p previous in bytes.
/// @param[in] play The play as text: @p play_len bytes of UTF-8.
/// @param[in] play_len Length of @p play in bytes.
/// @param[out] out_legal Receives 1 when @p play is legal on @p previous, else 0.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Decided; `*out_legal` holds the answer.
/// @retval PARLOR_ERR_NULL_POINTER @p out_legal is NULL, or a text is NULL with a length above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT A length exceeds `PTRDIFF_MAX`.
/// @retval PARLOR_ERR_INVALID_UTF8 A text is not UTF-8.
/// @retval PARLOR_TICHU_ERR_UNKNOWN_CARD A character that is no card.
/// @retval PARLOR_TICHU_ERR_TOO_MANY_OF_RANK A fifth card of one rank.
/// @retval PARLOR_TICHU_ERR_DUPLICATE_CARD A card that exists once given twice.
/// @retval PARLOR_TICHU_ERR_MIXED_NOTATION Suited and rank-only natural cards in one set.
/// @retval PARLOR_TICHU_ERR_CARDS_OVERLAP The two sets cannot be on the table together.
/// @retval PARLOR_TICHU_ERR_PREVIOUS_NOT_A_COMBINATION @p previous is no combination.
/// @retval PARLOR_TICHU_ERR_PREVIOUS_IS_DOG @p previous is the Dog (nothing is played on it).
/// @pre Each text is readable for its length; @p out_legal is writable.
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

/// @brief Reads a previous play given as a card mask at its strongest (the seed's form).
///
/// A lone Phoenix counts as led (1½).
///
/// @param[in] mask The previous play (layout in the file documentation); 0 for the lead.
/// @param[out] out_has Receives 0 for the lead (an empty set), else 1.
/// @param[out] out_combination Receives the play's reading when `*out_has` is 1 (zeroed otherwise).
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Read.
/// @retval PARLOR_ERR_NULL_POINTER @p out_has or @p out_combination is NULL.
/// @retval PARLOR_TICHU_ERR_INVALID_MASK @p mask has bits outside the layout.
/// @retval PARLOR_TICHU_ERR_PREVIOUS_IS_DOG @p mask is the Dog.
/// @retval PARLOR_TICHU_ERR_PREVIOUS_NOT_A_COMBINATION @p mask is no combination.
/// @pre @p out_has and @p out_combination are writable.
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

/// @brief Decides whether a play may follow a resolved previous play, and how it reads.
///
/// The play takes the strongest reading that beats @p previous (a Phoenix single reads n + ½).
///
/// @param[in] previous The play to beat, or NULL for the lead.
/// @param[in] play_mask The play (layout in the file documentation).
/// @param[out] out_legal Receives 1 when the play is legal, else 0.
/// @param[out] out_combination Optional (may be NULL): receives the play's reading when legal
/// (zeroed otherwise).
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Decided.
/// @retval PARLOR_ERR_NULL_POINTER @p out_legal is NULL.
/// @retval PARLOR_ERR_INVALID_ARGUMENT `previous->kind` is no `PARLOR_TICHU_*` kind code.
/// @retval PARLOR_TICHU_ERR_INVALID_COMBINATION @p previous has a kind, length and key that do not fit.
/// @retval PARLOR_TICHU_ERR_INVALID_MASK @p play_mask has bits outside the layout.
/// @retval PARLOR_TICHU_ERR_CARDS_OVERLAP A Phoenix on a Phoenix.
/// @retval PARLOR_TICHU_ERR_PREVIOUS_IS_DOG @p previous is the Dog (nothing is played on it).
/// @pre A non-NULL @p previous is readable; @p out_legal and a non-NULL @p out_combination are
/// writable.
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

/// @brief Lists every distinct legal play from a hand on the previous play.
///
/// @param[in] hand_mask The hand, at most 14 cards (layout in the file documentation).
/// @param[in] previous The play to beat, or NULL for the lead.
/// @param[in] wish The open Mah Jong wish: a rank 2–14, or 0 for none.
/// @param[out] out_masks Receives the plays as card masks: @p capacity entries (NULL with
/// @p capacity 0 asks for the number). #PARLOR_TICHU_MAX_MOVES always suffices.
/// @param[in] capacity Number of `uint64_t` entries in @p out_masks.
/// @param[out] out_count Receives the number of plays, also when @p out_masks is too small.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Listed (or, with @p capacity 0, counted).
/// @retval PARLOR_ERR_NULL_POINTER @p out_count is NULL, or @p out_masks is NULL with @p capacity
/// above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT A bad @p wish or kind code in @p previous, or a misaligned
/// pointer.
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL More plays than @p capacity: the first @p capacity are
/// written and `*out_count` is the number needed.
/// @retval PARLOR_TICHU_ERR_INVALID_COMBINATION @p previous has a kind, length and key that do not fit.
/// @retval PARLOR_TICHU_ERR_INVALID_MASK @p hand_mask has bits outside the layout.
/// @retval PARLOR_TICHU_ERR_HAND_TOO_LARGE @p hand_mask holds more than 14 cards.
/// @retval PARLOR_TICHU_ERR_PREVIOUS_IS_DOG @p previous is the Dog.
/// @pre A non-NULL @p previous is readable; @p out_masks is writable for @p capacity values;
/// @p out_count is writable.
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

/// The C form of a trick, read off its fields by its accessors (not through [`Trick::parts`],
/// the working form: `trick_out_by_parts`, the way before, is the tests' reference).
fn trick_out(trick: &Trick) -> ParlorTichuTrick {
    let top = trick.top();
    let end = trick.end();
    ParlorTichuTrick {
        has_top: bool_code(top.is_some()),
        top: top.map(combination_out).unwrap_or_default(),
        top_seat: trick.top_seat().index(),
        turn: trick.turn().index(),
        passes: trick.passes(),
        out_mask: trick.out_bits(),
        wish: trick.wish().map_or(0, Rank::value),
        points: trick.points(),
        played: trick.played().mask(),
        over: bool_code(end.is_some()),
        end: end.map(end_out).unwrap_or_default(),
    }
}

/// The C form of a trick's parts (the way before `trick_out`; the tests' reference).
#[cfg(test)]
fn trick_out_by_parts(parts: &TrickParts) -> ParlorTichuTrick {
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

/// The core trick of a C trick, checked: every fault is #PARLOR_TICHU_ERR_INVALID_TRICK (a field
/// out of its range, or parts that [`Trick::from_parts`] refuses, whose one error it is).
fn trick_in(t: &ParlorTichuTrick) -> Result<Trick, ParlorStatus> {
    trick_parts(t)
        .and_then(|parts| Trick::from_parts(parts).ok())
        .ok_or(PARLOR_TICHU_ERR_INVALID_TRICK)
}

/// A C trick's fields as the core's parts, each in its range (else `None`), written for size:
/// one `Option` chain, no error value per field (the way before, `trick_in_by_fields`, is the
/// tests' reference).
fn trick_parts(t: &ParlorTichuTrick) -> Option<TrickParts> {
    // Flags are 0 or 1 like every bool crossing the ABI; anything else is a corrupt state.
    let flag = |code: u8| (code < 2).then_some(code != 0);
    let top = match flag(t.has_top)? {
        false => None,
        true => Some(Combination::new(Kind::try_from(t.top.kind).ok()?, t.top.length, t.top.key).ok()?),
    };
    let end = match flag(t.over)? {
        false => None,
        true => Some(TrickEnd {
            taker: Seat::new(t.end.taker)?,
            next_leader: match t.end.next_leader {
                PARLOR_TICHU_NO_SEAT => None,
                code => Some(Seat::new(code)?),
            },
            points: t.end.points,
            dragon: flag(t.end.dragon)?,
            dog: flag(t.end.dog)?,
        }),
    };
    Some(TrickParts {
        top,
        top_seat: Seat::new(t.top_seat)?,
        turn: Seat::new(t.turn)?,
        passes: t.passes,
        out: out_in(t.out_mask)?,
        wish: match t.wish {
            0 => None,
            code => Some(Rank::new(code)?),
        },
        points: t.points,
        played: Cards::from_mask(t.played).ok()?,
        end,
    })
}

/// The seats out of a C `out_mask` (bit `s`: seat `s`), bits 0-3 only.
fn out_in(mask: u8) -> Option<[bool; 4]> {
    (mask <= 0xF).then_some([mask & 1 != 0, mask & 2 != 0, mask & 4 != 0, mask & 8 != 0])
}

/// [`trick_in`] the way before (an error per field; the tests' reference).
#[cfg(test)]
fn trick_in_by_fields(t: &ParlorTichuTrick) -> Result<Trick, ParlorStatus> {
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

/// @brief Starts a Tichu trick.
///
/// @param[in] leader The seat that leads, 0–3.
/// @param[in] out_mask Bit `s` set: seat `s` has no cards left (bits 0–3 only).
/// @param[in] wish The open wish carried over: a rank 2–14, or 0 for none.
/// @param[out] out_trick Receives the new trick.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Started.
/// @retval PARLOR_ERR_NULL_POINTER @p out_trick is NULL.
/// @retval PARLOR_ERR_INVALID_ARGUMENT A bad seat, mask or wish, or a misaligned @p out_trick.
/// @retval PARLOR_TICHU_ERR_SEAT_IS_OUT @p leader has no cards left.
/// @pre @p out_trick is writable.
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
        let out = out_in(out_mask).ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
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

/// @brief Plays cards into a Tichu trick.
///
/// Out of turn, only a bomb on a play is allowed. The trick is unchanged on error.
///
/// @param[in,out] trick The trick: read, checked, and advanced on success (when it ends,
/// `trick->over` is 1 and `trick->end` says how).
/// @param[in] seat The seat that plays, 0–3.
/// @param[in] play_mask The cards played (layout in the file documentation).
/// @param[in] hand_mask The seat's hand before the play.
/// @param[in] wish The wish made with the Mah Jong: a rank 2–14, or 0 for none (only with the
/// Mah Jong in the play).
/// @param[out] out_next Receives the seat to act next, or #PARLOR_TICHU_NO_SEAT when the trick is
/// over.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Played.
/// @retval PARLOR_ERR_NULL_POINTER @p trick or @p out_next is NULL.
/// @retval PARLOR_ERR_INVALID_ARGUMENT A bad seat or wish code, or a misaligned @p trick.
/// @retval PARLOR_TICHU_ERR_INVALID_TRICK `*trick` is no consistent trick.
/// @retval PARLOR_TICHU_ERR_INVALID_MASK A mask has bits outside the layout.
/// @retval PARLOR_TICHU_ERR_HAND_TOO_LARGE @p hand_mask holds more than 14 cards.
/// @retval PARLOR_TICHU_ERR_TRICK_OVER The trick is over.
/// @retval PARLOR_TICHU_ERR_NOT_YOUR_TURN Not this seat's turn (and no bomb on a play).
/// @retval PARLOR_TICHU_ERR_SEAT_IS_OUT The seat has no cards left.
/// @retval PARLOR_TICHU_ERR_NOT_IN_HAND The play holds cards that are not in the hand.
/// @retval PARLOR_TICHU_ERR_ILLEGAL_PLAY The play is no combination or does not beat the table.
/// @retval PARLOR_TICHU_ERR_MUST_FULFIL_WISH The seat can play the wished rank, and so must.
/// @retval PARLOR_TICHU_ERR_UNEXPECTED_WISH A wish without the Mah Jong, or while a wish is open.
/// @retval PARLOR_TICHU_ERR_PLAYED_TWICE A card of the play was already played in this trick.
/// @pre @p trick is readable and writable; @p out_next is writable.
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

/// @brief Passes in a Tichu trick.
///
/// The trick is unchanged on error.
///
/// @param[in,out] trick The trick: read, checked, and advanced on success.
/// @param[in] seat The seat that passes, 0–3.
/// @param[in] hand_mask The seat's hand (layout in the file documentation).
/// @param[out] out_next Receives the seat to act next, or #PARLOR_TICHU_NO_SEAT when the trick is
/// over (then `trick->over` is 1).
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Passed.
/// @retval PARLOR_ERR_NULL_POINTER @p trick or @p out_next is NULL.
/// @retval PARLOR_ERR_INVALID_ARGUMENT A bad seat code, or a misaligned @p trick.
/// @retval PARLOR_TICHU_ERR_INVALID_TRICK `*trick` is no consistent trick.
/// @retval PARLOR_TICHU_ERR_INVALID_MASK @p hand_mask has bits outside the layout.
/// @retval PARLOR_TICHU_ERR_HAND_TOO_LARGE @p hand_mask holds more than 14 cards.
/// @retval PARLOR_TICHU_ERR_TRICK_OVER The trick is over.
/// @retval PARLOR_TICHU_ERR_NOT_YOUR_TURN Not this seat's turn.
/// @retval PARLOR_TICHU_ERR_SEAT_IS_OUT The seat has no cards left.
/// @retval PARLOR_TICHU_ERR_CANNOT_PASS_ON_LEAD The leader cannot pass.
/// @retval PARLOR_TICHU_ERR_MUST_FULFIL_WISH The seat can play the wished rank, and so must.
/// @pre @p trick is readable and writable; @p out_next is writable.
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

/// @brief Counts the card points of a Tichu card set.
///
/// Fives score 5, tens and Kings 10, the Dragon 25, the Phoenix −25.
///
/// @param[in] mask The card set (layout in the file documentation).
/// @param[out] out_points Receives the points.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Counted.
/// @retval PARLOR_ERR_NULL_POINTER @p out_points is NULL.
/// @retval PARLOR_ERR_INVALID_ARGUMENT @p out_points is misaligned.
/// @retval PARLOR_TICHU_ERR_INVALID_MASK @p mask has bits outside the layout.
/// @pre @p out_points is writable.
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

/// @brief Scores a Tichu round for the two teams.
///
/// @param[in] finish 4 seats (0–3) in the order they went out; with a double victory the last two
/// in any order.
/// @param[in] trick_points 4 values: the card points in each seat's won tricks.
/// @param[in] last_hand_points The card points left in the last player's hand.
/// @param[in] calls 4 codes: each seat's call (0 none, 1 Tichu, 2 Grand Tichu).
/// @param[out] out_scores 2 values: receives team 0's score (seats 0 and 2), then team 1's.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Scored.
/// @retval PARLOR_ERR_NULL_POINTER A pointer is NULL.
/// @retval PARLOR_ERR_INVALID_ARGUMENT A bad seat or call code; a finishing order that is no
/// permutation; an amount that is no pile of card points (not a multiple of 5 in −25–125, checked
/// even on a double victory, where they do not count); without a double victory, card points no
/// deal makes (not summing to 100, more than one negative); or a misaligned pointer.
/// @pre @p finish, @p trick_points and @p calls are readable for 4 values; @p out_scores is
/// writable for 2.
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

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // tests may index and panic
mod tests {
    use super::{
        ParlorTichuTrick, parlor_tichu_trick_new, parlor_tichu_trick_play, trick_in, trick_in_by_fields, trick_out,
        trick_out_by_parts,
    };
    use crate::PARLOR_OK;

    /// The C trick read by one `Option` chain (`trick_in`) against the way before (an error per
    /// field, `trick_in_by_fields`): the same trick or the same status for tricks met in play
    /// and each of them with one field (or two) set to a random value, the ranges' edges
    /// favoured.
    #[test]
    fn trick_in_is_the_field_by_field_read() {
        // The project's seeded generator (SplitMix64), as a stream of test values.
        let mut rng = parlor_core::game::Rng::new(0x2545_f491_4f6c_dd1d_u64);
        let mut next = move || rng.next_u64();
        // Tricks met in play: a lead, plays on it, the Dog, the Dragon, passes to the end.
        let mut samples = std::vec::Vec::new();
        for leader in 0..4u8 {
            let mut trick = ParlorTichuTrick::default();
            // SAFETY: valid pointers.
            assert_eq!(unsafe { parlor_tichu_trick_new(leader, 0, 0, &mut trick) }, PARLOR_OK);
            samples.push(trick);
            let mut seat = leader;
            for play in [1u64 << 4, 1 << 9, 0xF << 20, 1 << 55] {
                let mut turn = 0u8;
                // SAFETY: valid pointers.
                if unsafe { parlor_tichu_trick_play(&mut trick, seat, play, play | 1 << 50, 0, &mut turn) } == PARLOR_OK
                {
                    samples.push(trick);
                    seat = turn.min(3);
                }
            }
        }
        let mut dog = ParlorTichuTrick::default();
        let mut turn = 0u8;
        // SAFETY: valid pointers.
        unsafe {
            assert_eq!(parlor_tichu_trick_new(0, 0b0100, 5, &mut dog), PARLOR_OK);
            assert_eq!(
                parlor_tichu_trick_play(&mut dog, 0, 1 << 53, 1 << 53 | 1, 0, &mut turn),
                PARLOR_OK
            );
        }
        samples.push(dog);
        let mut cases = 0;
        for round in 0..40_000 {
            let mut t = samples[round % samples.len()];
            for _ in 0..(round % 3) {
                let r = next();
                let v = match r >> 60 {
                    0..=5 => (r >> 8) as u8 % 4,
                    6..=8 => 255,
                    9..=11 => (r >> 8) as u8 % 16,
                    _ => (r >> 8) as u8,
                };
                match r % 20 {
                    0 => t.has_top = v,
                    1 => t.top.kind = v,
                    2 => t.top.length = v,
                    3 => t.top.key = v,
                    4 => t.top_seat = v,
                    5 => t.turn = v,
                    6 => t.passes = v,
                    7 => t.out_mask = v,
                    8 => t.wish = v,
                    9 => t.points = i16::from(v as i8) * 5,
                    10 => t.played = r >> (v % 16),
                    11 => t.played ^= 1 << (v % 64),
                    12 => t.over = v,
                    13 => t.end.taker = v,
                    14 => t.end.next_leader = v,
                    15 => t.end.points = i16::from(v as i8),
                    16 => t.end.dragon = v,
                    17 => t.end.dog = v,
                    _ => t.points = (r >> 16) as i16,
                }
            }
            assert_eq!(trick_in(&t), trick_in_by_fields(&t), "{t:?}");
            if let Ok(trick) = trick_in(&t) {
                assert_eq!(trick_out(&trick), trick_out_by_parts(&trick.parts()), "{t:?}");
            }
            cases += usize::from(trick_in(&t).is_ok());
        }
        assert!(cases > 5_000, "only {cases} valid tricks");
    }
}
