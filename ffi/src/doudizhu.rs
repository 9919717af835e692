//! C entry points for `parlor_core::doudizhu` (Dou Dizhu). Status codes of this game: 300–399.
//!
//! Card sets cross as [`ParlorDoudizhuCards`] (15 rank counts, index 0 = 3 … 14 = red joker);
//! presets as `uint8_t` codes `PARLOR_DOUDIZHU_PRESET_*`; readings as [`ParlorDoudizhuReading`].

// The C functions are documented for Doxygen (the header): `@param[in]` is no rustdoc link.
#![allow(rustdoc::broken_intra_doc_links)]

use core::ffi::{CStr, c_char};

use parlor_core::doudizhu::{
    self, Cards, Error, Kind, MAX_READINGS, Opponents, Preset, PresetId, RANKS, for_each_move, min_plays_in, spring_in,
};

use crate::util::{OutputList, input_str, optional_output, output, output_slice, status, write_text};
use crate::{PARLOR_ERR_BUFFER_TOO_SMALL, PARLOR_ERR_INVALID_ARGUMENT, PARLOR_ERR_NULL_POINTER, ParlorStatus};

/// A text card set has a character that is no card.
pub const PARLOR_DOUDIZHU_ERR_UNKNOWN_CARD: ParlorStatus = 300;
/// A card set holds more cards of a rank than the deck (a fifth 7, two red jokers).
pub const PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES: ParlorStatus = 301;
/// The previous play is neither empty nor a combination under the preset.
pub const PARLOR_DOUDIZHU_ERR_NOT_A_COMBINATION: ParlorStatus = 302;
/// A hand given to a search holds more than 20 cards.
pub const PARLOR_DOUDIZHU_ERR_HAND_TOO_LARGE: ParlorStatus = 303;
/// The hands given together hold more cards of a rank than the deck.
pub const PARLOR_DOUDIZHU_ERR_CARDS_OVERLAP: ParlorStatus = 304;
/// The scratch memory given to a search is smaller than it needs
/// (#PARLOR_DOUDIZHU_SCRATCH_BYTES always suffices).
pub const PARLOR_DOUDIZHU_ERR_SCRATCH_TOO_SMALL: ParlorStatus = 305;
/// A given deal is impossible (not 17, 17, 17 and 3 cards making the deck; a first bidder past 2).
pub const PARLOR_DOUDIZHU_ERR_INVALID_DEAL: ParlorStatus = 306;
/// A seat acted out of turn.
pub const PARLOR_DOUDIZHU_ERR_NOT_YOUR_TURN: ParlorStatus = 307;
/// The action is not legal now (the round is unchanged).
pub const PARLOR_DOUDIZHU_ERR_ILLEGAL_ACTION: ParlorStatus = 308;
/// The deal or the match is over.
pub const PARLOR_DOUDIZHU_ERR_ROUND_OVER: ParlorStatus = 309;
/// The opaque round or match bytes are no valid state (corrupted or uninitialised).
pub const PARLOR_DOUDIZHU_ERR_INVALID_STATE: ParlorStatus = 310;
/// Reserved (nothing returns it; the number stays taken): a broken invariant is the common
/// #PARLOR_ERR_INTERNAL in every game.
pub const PARLOR_DOUDIZHU_ERR_INTERNAL: ParlorStatus = 311;

/// Preset code: the seed's rules (Pagat / HDU 4032 wording), the default.
pub const PARLOR_DOUDIZHU_PRESET_PAGAT: u8 = 0;
/// Preset code: RLCard's rules.
pub const PARLOR_DOUDIZHU_PRESET_RLCARD: u8 = 1;
/// Preset code: OpenSpiel's rules.
pub const PARLOR_DOUDIZHU_PRESET_OPENSPIEL: u8 = 2;
/// Preset code: Botzone's judge (both jokers as kickers, chains of quads).
pub const PARLOR_DOUDIZHU_PRESET_BOTZONE: u8 = 3;
/// Preset code: DouZero's move generator (RLCard's plays, any cards as kickers).
pub const PARLOR_DOUDIZHU_PRESET_DOUZERO: u8 = 4;

/// Kind codes of ParlorDoudizhuReading::kind (the seed's 13 types, quad + two split in two): single.
pub const PARLOR_DOUDIZHU_KIND_SINGLE: u8 = 0;
/// Pair.
pub const PARLOR_DOUDIZHU_KIND_PAIR: u8 = 1;
/// Triplet.
pub const PARLOR_DOUDIZHU_KIND_TRIPLET: u8 = 2;
/// Triplet + one card.
pub const PARLOR_DOUDIZHU_KIND_TRIPLET_SINGLE: u8 = 3;
/// Triplet + pair.
pub const PARLOR_DOUDIZHU_KIND_TRIPLET_PAIR: u8 = 4;
/// Sequence (5+ singles).
pub const PARLOR_DOUDIZHU_KIND_SEQUENCE: u8 = 5;
/// Pair sequence (3+ pairs).
pub const PARLOR_DOUDIZHU_KIND_PAIR_SEQUENCE: u8 = 6;
/// Airplane (2+ triplets).
pub const PARLOR_DOUDIZHU_KIND_AIRPLANE: u8 = 7;
/// Airplane with single wings.
pub const PARLOR_DOUDIZHU_KIND_AIRPLANE_SINGLES: u8 = 8;
/// Airplane with pair wings.
pub const PARLOR_DOUDIZHU_KIND_AIRPLANE_PAIRS: u8 = 9;
/// Bomb.
pub const PARLOR_DOUDIZHU_KIND_BOMB: u8 = 10;
/// Rocket.
pub const PARLOR_DOUDIZHU_KIND_ROCKET: u8 = 11;
/// Quad + two singles.
pub const PARLOR_DOUDIZHU_KIND_QUAD_SINGLES: u8 = 12;
/// Quad + two pairs.
pub const PARLOR_DOUDIZHU_KIND_QUAD_PAIRS: u8 = 13;
/// Chain of 2+ quads (Botzone only; its winged forms are quad + singles / pairs with chain 2+).
pub const PARLOR_DOUDIZHU_KIND_QUAD_CHAIN: u8 = 14;

/// The most readings one card set has (the `cap` that always suffices for classify).
pub const PARLOR_DOUDIZHU_MAX_READINGS: usize = 4;
/// The most distinct plays of a hand of at most 20 cards (the `cap` that always suffices for
/// parlor_doudizhu_moves() with such a hand).
pub const PARLOR_DOUDIZHU_MAX_MOVES: usize = 2511;
/// The most plays in a spring plan (one card each at worst).
pub const PARLOR_DOUDIZHU_MAX_PLAN: usize = 20;
/// Scratch bytes that always suffice for parlor_doudizhu_spring() and parlor_doudizhu_min_plays():
/// exactly the core's `Scratch` (32 KiB: the hand's plays, 8 bytes each, a cache of solved
/// sub-hands in the rest, a 683-byte safety cache). The exact need of one hand is
/// parlor_doudizhu_scratch_bytes() (at most 28,963 bytes, with room for 2,511 plays; 9–12 KB for
/// a dealt landlord hand). Any alignment and content; more bytes only make the search faster.
pub const PARLOR_DOUDIZHU_SCRATCH_BYTES: usize = 32_768;
/// The ranks of a card set (the length of ParlorDoudizhuCards::counts): 0 = 3 … 11 = A,
/// 12 = 2, 13 = black joker, 14 = red joker.
pub const PARLOR_DOUDIZHU_RANKS: usize = 15;
/// Bytes that always suffice for parlor_doudizhu_format(), the NUL included (the whole deck
/// is 54 characters).
pub const PARLOR_DOUDIZHU_FORMAT_BYTES: usize = 64;

/// @brief A Dou Dizhu card set: a count per rank.
///
/// `counts[i]` cards of rank `i` (0 = 3, …, 11 = A, 12 = 2, 13 = black joker, 14 = red joker); at
/// most 4 of a suited rank and 1 of a joker.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorDoudizhuCards {
    /// Cards per rank.
    pub counts: [u8; PARLOR_DOUDIZHU_RANKS],
}

/// @brief One reading of a Dou Dizhu card set as a combination.
///
/// Kind code, chain length (1 without a chain) and key rank index (the main part's rank; a chain's
/// lowest rank).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorDoudizhuReading {
    /// `PARLOR_DOUDIZHU_KIND_*`.
    pub kind: u8,
    /// Ranks in the main part.
    pub chain: u8,
    /// Key rank index 0..=14.
    pub key: u8,
}

/// The description of one of this game's status codes, if it is one.
pub(crate) fn status_message(code: ParlorStatus) -> Option<&'static CStr> {
    Some(match code {
        PARLOR_DOUDIZHU_ERR_UNKNOWN_CARD => status_text!("doudizhu", parlor_core::doudizhu::Error::UNKNOWN_CARD),
        PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES => status_text!("doudizhu", parlor_core::doudizhu::Error::TOO_MANY_COPIES),
        PARLOR_DOUDIZHU_ERR_NOT_A_COMBINATION => {
            status_text!("doudizhu", parlor_core::doudizhu::Error::NOT_A_COMBINATION)
        }
        PARLOR_DOUDIZHU_ERR_HAND_TOO_LARGE => status_text!("doudizhu", parlor_core::doudizhu::Error::HAND_TOO_LARGE),
        PARLOR_DOUDIZHU_ERR_CARDS_OVERLAP => status_text!("doudizhu", parlor_core::doudizhu::Error::CARDS_OVERLAP),
        PARLOR_DOUDIZHU_ERR_SCRATCH_TOO_SMALL => {
            status_text!("doudizhu", parlor_core::doudizhu::Error::SCRATCH_TOO_SMALL)
        }
        PARLOR_DOUDIZHU_ERR_INVALID_DEAL => status_text!("doudizhu", parlor_core::doudizhu::Error::INVALID_DEAL),
        PARLOR_DOUDIZHU_ERR_NOT_YOUR_TURN => status_text!("doudizhu", parlor_core::doudizhu::Error::NOT_YOUR_TURN),
        PARLOR_DOUDIZHU_ERR_ILLEGAL_ACTION => status_text!("doudizhu", parlor_core::doudizhu::Error::ILLEGAL_ACTION),
        PARLOR_DOUDIZHU_ERR_ROUND_OVER => status_text!("doudizhu", parlor_core::doudizhu::Error::ROUND_OVER),
        PARLOR_DOUDIZHU_ERR_INVALID_STATE => status_text!("doudizhu", parlor_core::doudizhu::Error::INVALID_STATE),
        // A C-only code with no core error (reserved: broken invariants are `PARLOR_ERR_INTERNAL`).
        PARLOR_DOUDIZHU_ERR_INTERNAL => status_text!("doudizhu: reserved, never returned"),
        _ => return None,
    })
}

/// The status of a core error (the one error→status mapper of this module; same name in every
/// game's module).
pub(crate) fn error_code(error: Error) -> ParlorStatus {
    match error {
        Error::UnknownCard { .. } => PARLOR_DOUDIZHU_ERR_UNKNOWN_CARD,
        Error::TooManyCopies { .. } => PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES,
        Error::NotACombination | Error::NoCombination { .. } => PARLOR_DOUDIZHU_ERR_NOT_A_COMBINATION,
        Error::HandTooLarge { .. } => PARLOR_DOUDIZHU_ERR_HAND_TOO_LARGE,
        Error::CardsOverlap { .. } => PARLOR_DOUDIZHU_ERR_CARDS_OVERLAP,
        Error::BufferTooSmall { .. } => PARLOR_ERR_BUFFER_TOO_SMALL,
        Error::ScratchTooSmall { .. } => PARLOR_DOUDIZHU_ERR_SCRATCH_TOO_SMALL,
        Error::UnknownCode { .. } | Error::InvalidConfig { .. } | Error::NoSuchSeat { .. } => {
            PARLOR_ERR_INVALID_ARGUMENT
        }
        Error::InvalidDeal { .. } => PARLOR_DOUDIZHU_ERR_INVALID_DEAL,
        Error::NotYourTurn { .. } => PARLOR_DOUDIZHU_ERR_NOT_YOUR_TURN,
        Error::IllegalAction { .. } => PARLOR_DOUDIZHU_ERR_ILLEGAL_ACTION,
        Error::RoundOver => PARLOR_DOUDIZHU_ERR_ROUND_OVER,
        Error::InvalidState { .. } => PARLOR_DOUDIZHU_ERR_INVALID_STATE,
        Error::Internal => crate::PARLOR_ERR_INTERNAL,
        // `Error` is non-exhaustive: a variant the core adds before it has a code here reads as
        // internal (to be given its own number), never as another error's code.
        _ => crate::PARLOR_ERR_INTERNAL,
    }
}

/// A preset code from C, validated by the core's `TryFrom<u8>` (unknown: invalid argument).
fn preset(id: u8) -> Result<Preset, ParlorStatus> {
    Preset::try_from(id).map_err(error_code)
}

pub(crate) fn to_c(cards: &Cards) -> ParlorDoudizhuCards {
    ParlorDoudizhuCards { counts: cards.counts() }
}

/// Reads a required card set.
///
/// # Safety
/// `ptr` null or valid for a read.
pub(crate) unsafe fn cards_in(ptr: *const ParlorDoudizhuCards) -> Result<Cards, ParlorStatus> {
    // SAFETY: forwarded contract.
    let value = unsafe { optional_cards(ptr) }?;
    value.ok_or(PARLOR_ERR_NULL_POINTER)
}

/// Reads an optional card set (null = none).
///
/// # Safety
/// `ptr` null or valid for a read.
unsafe fn optional_cards(ptr: *const ParlorDoudizhuCards) -> Result<Option<Cards>, ParlorStatus> {
    // SAFETY: forwarded contract; a single element.
    let slice = unsafe { crate::util::input_slice(ptr, usize::from(!ptr.is_null())) }?;
    match slice.first() {
        None => Ok(None),
        Some(c) => Cards::from_counts(c.counts).map(Some).map_err(error_code),
    }
}

/// @brief Parses a Dou Dizhu card set from text.
///
/// The notation: `33344456`, `10` or `T` for ten, either case; `-` or an empty text is no cards.
///
/// @param[in] text The text: @p len bytes of UTF-8, no NUL needed (NULL when @p len is 0).
/// @param[in] len Length of @p text in bytes.
/// @param[out] out Receives the card set (written only on success).
/// @param[out] error_offset Optional (may be NULL): on a parse error, receives the byte offset in
/// @p text of the offending card.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Parsed.
/// @retval PARLOR_ERR_NULL_POINTER @p out is NULL, or @p text is NULL with @p len above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT @p len exceeds `PTRDIFF_MAX`.
/// @retval PARLOR_ERR_INVALID_UTF8 @p text is not UTF-8.
/// @retval PARLOR_DOUDIZHU_ERR_UNKNOWN_CARD A character that is no card.
/// @retval PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES More cards of a rank than the deck holds.
/// @pre @p text is readable for @p len bytes; @p out and a non-NULL @p error_offset (any
/// alignment) are writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_parse(
    text: *const c_char,
    len: usize,
    out: *mut ParlorDoudizhuCards,
    error_offset: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let out = unsafe { output(out) }?;
        // SAFETY: caller contract.
        let text = unsafe { input_str(text, len) }?;
        match text.parse::<Cards>() {
            Ok(cards) => {
                *out = to_c(&cards);
                Ok(())
            }
            Err(error) => {
                if let Error::UnknownCard { span } | Error::TooManyCopies { span, .. } = error {
                    // SAFETY: caller contract (optional pointer).
                    if let Some(slot) = unsafe { optional_output(error_offset) }? {
                        *slot = span.start;
                    }
                }
                Err(error_code(error))
            }
        }
    })())
}

/// @brief Writes a Dou Dizhu card set as NUL-terminated text (low to high, `T` for ten, `-` for none).
///
/// @param[in] cards The card set.
/// @param[out] buf Receives the text and a NUL: @p capacity bytes (NULL with @p capacity 0 asks
/// for the length). #PARLOR_DOUDIZHU_FORMAT_BYTES always suffice.
/// @param[in] capacity Size of @p buf in bytes.
/// @param[out] out_len Optional (may be NULL): receives the text's length in bytes without the NUL,
/// also when @p buf is too small.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Written (or, with @p capacity 0 and @p out_len, the length was reported).
/// @retval PARLOR_ERR_NULL_POINTER @p cards is NULL, or @p buf is NULL with @p capacity above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT @p capacity exceeds `PTRDIFF_MAX`.
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL The text and its NUL do not fit; @p buf holds as much as fits,
/// NUL-terminated, and `*out_len` the length needed.
/// @retval PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES @p cards holds impossible counts.
/// @pre @p cards is readable; @p buf is writable for @p capacity bytes; a non-NULL @p out_len is
/// writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_format(
    cards: *const ParlorDoudizhuCards,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let cards = unsafe { cards_in(cards) }?;
        // SAFETY: caller contract.
        unsafe { write_text(&cards, buf, capacity, out_len) }
    })())
}

/// @brief Lists the readings of a Dou Dizhu card set as combinations, strongest first.
///
/// @param[in] cards The card set.
/// @param[in] preset A `PARLOR_DOUDIZHU_PRESET_*` code.
/// @param[out] out Receives the readings: @p cap entries (NULL with @p cap 0 asks for the number).
/// #PARLOR_DOUDIZHU_MAX_READINGS always suffices.
/// @param[in] cap Number of readings @p out holds.
/// @param[out] out_count Receives the number of readings (0: not a combination), also when @p out
/// is too small.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Classified (or, with @p cap 0, counted).
/// @retval PARLOR_ERR_NULL_POINTER @p cards or @p out_count is NULL, or @p out is NULL with @p cap
/// above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT An unknown preset, or a misaligned @p out_count.
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL More readings than @p cap: the first @p cap are written and
/// `*out_count` is the number of readings.
/// @retval PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES @p cards holds impossible counts.
/// @pre @p cards is readable; @p out is writable for @p cap readings; @p out_count is writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_classify(
    cards: *const ParlorDoudizhuCards,
    preset: u8,
    out: *mut ParlorDoudizhuReading,
    cap: usize,
    out_count: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let out_count = unsafe { output(out_count) }?;
        // SAFETY: caller contract.
        let out = unsafe { output_slice(out, cap) }?;
        // SAFETY: caller contract.
        let cards = unsafe { cards_in(cards) }?;
        let readings = doudizhu::classify(&cards, &self::preset(preset)?);
        let mut list = OutputList::new(out);
        for r in readings.iter() {
            list.push(ParlorDoudizhuReading {
                kind: r.kind as u8,
                chain: r.chain,
                key: r.key as u8,
            });
        }
        list.finish(out_count)
    })())
}

/// @brief Decides whether a Dou Dizhu play may follow the previous play.
///
/// Some reading of the play must beat the strongest reading of the previous play; on the lead
/// (@p prev NULL or empty) any combination may be played; a pass (no cards) never beats.
///
/// @param[in] prev The previous play, or NULL (or empty) for the lead.
/// @param[in] play The play.
/// @param[in] preset A `PARLOR_DOUDIZHU_PRESET_*` code.
/// @param[out] out_yes Receives 1 when @p play may follow @p prev, else 0.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Decided.
/// @retval PARLOR_ERR_NULL_POINTER @p play or @p out_yes is NULL.
/// @retval PARLOR_ERR_INVALID_ARGUMENT An unknown preset.
/// @retval PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES A card set holds impossible counts.
/// @retval PARLOR_DOUDIZHU_ERR_NOT_A_COMBINATION @p prev is neither empty nor a combination.
/// @pre A non-NULL @p prev and @p play are readable; @p out_yes is writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_beats(
    prev: *const ParlorDoudizhuCards,
    play: *const ParlorDoudizhuCards,
    preset: u8,
    out_yes: *mut u8,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let out_yes = unsafe { output(out_yes) }?;
        // SAFETY: caller contract.
        let prev = unsafe { optional_cards(prev) }?.unwrap_or(Cards::EMPTY);
        // SAFETY: caller contract.
        let play = unsafe { cards_in(play) }?;
        let yes = doudizhu::beats(&prev, &play, &self::preset(preset)?).map_err(error_code)?;
        *out_yes = u8::from(yes);
        Ok(())
    })())
}

/// @brief Lists every distinct play from a Dou Dizhu hand that beats the previous play.
///
/// @param[in] hand The hand.
/// @param[in] prev The previous play, or NULL (or empty) for the lead: every lead is listed.
/// @param[in] preset A `PARLOR_DOUDIZHU_PRESET_*` code.
/// @param[out] out Receives the plays: @p cap entries (NULL with @p cap 0 asks for the number).
/// #PARLOR_DOUDIZHU_MAX_MOVES always suffices for a hand of at most 20 cards.
/// @param[in] cap Number of card sets @p out holds.
/// @param[out] out_count Receives the number of plays, also when @p out is too small.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Listed (or, with @p cap 0, counted).
/// @retval PARLOR_ERR_NULL_POINTER @p hand or @p out_count is NULL, or @p out is NULL with @p cap
/// above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT An unknown preset, or a misaligned @p out_count.
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL More plays than @p cap: the first @p cap are written and
/// `*out_count` is the number needed.
/// @retval PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES A card set holds impossible counts.
/// @retval PARLOR_DOUDIZHU_ERR_NOT_A_COMBINATION @p prev is neither empty nor a combination.
/// @pre @p hand and a non-NULL @p prev are readable; @p out is writable for @p cap card sets;
/// @p out_count is writable. @p out overlaps neither @p hand nor @p prev (the inputs are read
/// while @p out is written).
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_moves(
    hand: *const ParlorDoudizhuCards,
    prev: *const ParlorDoudizhuCards,
    preset: u8,
    out: *mut ParlorDoudizhuCards,
    cap: usize,
    out_count: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let out_count = unsafe { output(out_count) }?;
        // SAFETY: caller contract.
        let out = unsafe { output_slice(out, cap) }?;
        // SAFETY: caller contract.
        let hand = unsafe { cards_in(hand) }?;
        // SAFETY: caller contract.
        let prev = unsafe { optional_cards(prev) }?.unwrap_or(Cards::EMPTY);
        let preset = self::preset(preset)?;
        let mut list = OutputList::new(out);
        for_each_move(&hand, &prev, &preset, |play| {
            list.push(to_c(&play));
            core::ops::ControlFlow::Continue(())
        })
        .map_err(error_code)?;
        list.finish(out_count)
    })())
}

/// @brief Decides whether the landlord can play out alone so that no peasant ever beats a play.
///
/// The seed's question: every play but the last must be unbeatable. The peasants' cards are both
/// given (@p first and @p second non-NULL), one given (@p second NULL: the other holds the rest of
/// the deck), or unknown (both NULL: a play is safe only if no combination of at most 17 of the
/// other cards beats it).
///
/// @param[in] landlord The landlord's hand, at most 20 cards.
/// @param[in] first One peasant's hand, or NULL (then @p second must be NULL too).
/// @param[in] second The other peasant's hand, or NULL.
/// @param[in] preset A `PARLOR_DOUDIZHU_PRESET_*` code.
/// @param[out] scratch Working memory: @p scratch_len bytes, any alignment and content, at least
/// parlor_doudizhu_scratch_bytes() for the hand and preset (#PARLOR_DOUDIZHU_SCRATCH_BYTES always
/// suffices). The call overwrites it.
/// @param[in] scratch_len Size of @p scratch in bytes.
/// @param[out] plan When the answer is yes, receives the plays in order: @p plan_cap entries (NULL
/// with @p plan_cap 0). #PARLOR_DOUDIZHU_MAX_PLAN always suffices.
/// @param[in] plan_cap Number of card sets @p plan holds.
/// @param[out] plan_len Receives the number of plays of the plan.
/// @param[out] out_yes Receives 1 when the landlord can play out so, else 0.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Decided.
/// @retval PARLOR_ERR_NULL_POINTER @p landlord, @p plan_len or @p out_yes is NULL; @p scratch or
/// @p plan is NULL with a length above 0; or @p first is NULL while @p second is not.
/// @retval PARLOR_ERR_INVALID_ARGUMENT An unknown preset, or a misaligned @p plan_len.
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL The plan is longer than @p plan_cap; `*plan_len` is the length
/// needed.
/// @retval PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES A card set holds impossible counts.
/// @retval PARLOR_DOUDIZHU_ERR_HAND_TOO_LARGE @p landlord holds more than 20 cards.
/// @retval PARLOR_DOUDIZHU_ERR_CARDS_OVERLAP The hands together hold more cards of a rank than the
/// deck.
/// @retval PARLOR_DOUDIZHU_ERR_SCRATCH_TOO_SMALL @p scratch_len is below the need.
/// @pre Each non-NULL card set is readable; @p scratch is writable for @p scratch_len bytes;
/// @p plan is writable for @p plan_cap card sets; @p plan_len and @p out_yes are writable. No
/// buffer overlaps another: @p plan overlaps none of the hands.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_spring(
    landlord: *const ParlorDoudizhuCards,
    first: *const ParlorDoudizhuCards,
    second: *const ParlorDoudizhuCards,
    preset: u8,
    scratch: *mut u8,
    scratch_len: usize,
    plan: *mut ParlorDoudizhuCards,
    plan_cap: usize,
    plan_len: *mut usize,
    out_yes: *mut u8,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let out_yes = unsafe { output(out_yes) }?;
        // SAFETY: caller contract.
        let plan_len = unsafe { output(plan_len) }?;
        // SAFETY: caller contract.
        let plan_out = unsafe { output_slice(plan, plan_cap) }?;
        // SAFETY: caller contract.
        let scratch = unsafe { output_slice(scratch, scratch_len) }?;
        // SAFETY: caller contract.
        let landlord = unsafe { cards_in(landlord) }?;
        // SAFETY: caller contract.
        let first = unsafe { optional_cards(first) }?;
        // SAFETY: caller contract.
        let second = unsafe { optional_cards(second) }?;
        let opponents = match (first, second) {
            (Some(a), Some(b)) => Opponents::Both(a, b),
            (Some(a), None) => Opponents::One(a),
            (None, None) => Opponents::Unknown,
            (None, Some(_)) => return Err(PARLOR_ERR_NULL_POINTER),
        };
        let preset = self::preset(preset)?;
        spring_out(&landlord, &opponents, &preset, scratch, plan_out, plan_len, out_yes)
    })())
}

/// The search and its plan for parlor_doudizhu_spring(), after the arguments are read: a
/// function of its own so that the plan is the only large value of its frame and the argument
/// reading's temporaries are not on the stack under the search (stack).
#[inline(never)]
fn spring_out(
    landlord: &Cards,
    opponents: &Opponents,
    preset: &Preset,
    scratch: &mut [u8],
    plan_out: &mut [ParlorDoudizhuCards],
    plan_len: &mut usize,
    out_yes: &mut u8,
) -> Result<(), ParlorStatus> {
    let mut found = doudizhu::Plan::new();
    let yes = spring_in(landlord, opponents, preset, scratch, &mut found).map_err(error_code)?;
    *out_yes = u8::from(yes);
    let plays = found.plays();
    plan_into(plan_out, plays);
    // As `OutputList::finish`: the count always, too small only for a non-empty buffer.
    *plan_len = plays.len();
    if plan_out.is_empty() {
        return Ok(());
    }
    crate::util::ensure_capacity(plays.len(), plan_out.len())
}

/// Writes the first plays of `plays` into `out`, as many as fit. A function of its own so that
/// `out` is a `&mut` argument: LLVM then knows it cannot overlap the plan and copies each play
/// without `memmove` (658 bytes of flash on Cortex-M that nothing else links).
#[inline(never)]
fn plan_into(out: &mut [ParlorDoudizhuCards], plays: &[Cards]) {
    for (slot, play) in out.iter_mut().zip(plays) {
        *slot = to_c(play);
    }
}

/// @brief Counts the fewest plays that empty a Dou Dizhu hand (NOIP 2015 "斗地主").
///
/// @param[in] hand The hand, at most 20 cards.
/// @param[in] preset A `PARLOR_DOUDIZHU_PRESET_*` code.
/// @param[out] scratch Working memory as for parlor_doudizhu_spring(): @p scratch_len bytes, any
/// alignment and content.
/// @param[in] scratch_len Size of @p scratch in bytes.
/// @param[out] out_plays Receives the number of plays.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Counted.
/// @retval PARLOR_ERR_NULL_POINTER @p hand or @p out_plays is NULL, or @p scratch is NULL with
/// @p scratch_len above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT An unknown preset.
/// @retval PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES @p hand holds impossible counts.
/// @retval PARLOR_DOUDIZHU_ERR_HAND_TOO_LARGE @p hand holds more than 20 cards.
/// @retval PARLOR_DOUDIZHU_ERR_SCRATCH_TOO_SMALL @p scratch_len is below the need.
/// @pre @p hand is readable; @p scratch is writable for @p scratch_len bytes; @p out_plays is
/// writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_min_plays(
    hand: *const ParlorDoudizhuCards,
    preset: u8,
    scratch: *mut u8,
    scratch_len: usize,
    out_plays: *mut u8,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let out_plays = unsafe { output(out_plays) }?;
        // SAFETY: caller contract.
        let scratch = unsafe { output_slice(scratch, scratch_len) }?;
        // SAFETY: caller contract.
        let hand = unsafe { cards_in(hand) }?;
        *out_plays = min_plays_in(&hand, &self::preset(preset)?, scratch).map_err(error_code)?;
        Ok(())
    })())
}

// The header's values must match the core's codes and capacities.
const _: () = assert!(PARLOR_DOUDIZHU_RANKS == RANKS);
const _: () = assert!(PARLOR_DOUDIZHU_PRESET_PAGAT == PresetId::Pagat as u8);
const _: () = assert!(PARLOR_DOUDIZHU_PRESET_RLCARD == PresetId::Rlcard as u8);
const _: () = assert!(PARLOR_DOUDIZHU_PRESET_OPENSPIEL == PresetId::Openspiel as u8);
const _: () = assert!(PARLOR_DOUDIZHU_PRESET_BOTZONE == PresetId::Botzone as u8);
const _: () = assert!(PARLOR_DOUDIZHU_PRESET_DOUZERO == PresetId::Douzero as u8);
const _: () = {
    let kinds = [
        (PARLOR_DOUDIZHU_KIND_SINGLE, Kind::Single),
        (PARLOR_DOUDIZHU_KIND_PAIR, Kind::Pair),
        (PARLOR_DOUDIZHU_KIND_TRIPLET, Kind::Triplet),
        (PARLOR_DOUDIZHU_KIND_TRIPLET_SINGLE, Kind::TripletSingle),
        (PARLOR_DOUDIZHU_KIND_TRIPLET_PAIR, Kind::TripletPair),
        (PARLOR_DOUDIZHU_KIND_SEQUENCE, Kind::Sequence),
        (PARLOR_DOUDIZHU_KIND_PAIR_SEQUENCE, Kind::PairSequence),
        (PARLOR_DOUDIZHU_KIND_AIRPLANE, Kind::Airplane),
        (PARLOR_DOUDIZHU_KIND_AIRPLANE_SINGLES, Kind::AirplaneSingles),
        (PARLOR_DOUDIZHU_KIND_AIRPLANE_PAIRS, Kind::AirplanePairs),
        (PARLOR_DOUDIZHU_KIND_BOMB, Kind::Bomb),
        (PARLOR_DOUDIZHU_KIND_ROCKET, Kind::Rocket),
        (PARLOR_DOUDIZHU_KIND_QUAD_SINGLES, Kind::QuadSingles),
        (PARLOR_DOUDIZHU_KIND_QUAD_PAIRS, Kind::QuadPairs),
        (PARLOR_DOUDIZHU_KIND_QUAD_CHAIN, Kind::QuadChain),
    ];
    let mut i = 0;
    while i < kinds.len() {
        assert!(kinds[i].0 == kinds[i].1 as u8);
        i += 1;
    }
    assert!(kinds.len() == Kind::ALL.len());
};
const _: () = assert!(PARLOR_DOUDIZHU_SCRATCH_BYTES == doudizhu::SCRATCH_BYTES);
const _: () = assert!(PARLOR_DOUDIZHU_MAX_READINGS == MAX_READINGS);
const _: () = assert!(PARLOR_DOUDIZHU_MAX_MOVES == doudizhu::MAX_MOVES);
const _: () = assert!(PARLOR_DOUDIZHU_MAX_PLAN == doudizhu::MAX_HAND);

/// @brief Tells the scratch bytes parlor_doudizhu_spring() and parlor_doudizhu_min_plays() need.
///
/// 683 bytes of safety cache, 8 bytes per play of the hand and 8,192 bytes of memo (8 per
/// sub-hand for a hand with fewer than 1,024); never more than #PARLOR_DOUDIZHU_SCRATCH_BYTES.
/// Exactly the threshold the searches check: one byte fewer is
/// #PARLOR_DOUDIZHU_ERR_SCRATCH_TOO_SMALL.
///
/// @param[in] hand The hand, at most 20 cards.
/// @param[in] preset A `PARLOR_DOUDIZHU_PRESET_*` code.
/// @param[out] out_bytes Receives the number of bytes.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Written.
/// @retval PARLOR_ERR_NULL_POINTER @p hand or @p out_bytes is NULL.
/// @retval PARLOR_ERR_INVALID_ARGUMENT An unknown preset, or a misaligned @p out_bytes.
/// @retval PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES @p hand holds impossible counts.
/// @retval PARLOR_DOUDIZHU_ERR_HAND_TOO_LARGE @p hand holds more than 20 cards.
/// @pre @p hand is readable; @p out_bytes is writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_scratch_bytes(
    hand: *const ParlorDoudizhuCards,
    preset: u8,
    out_bytes: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let out_bytes = unsafe { output(out_bytes) }?;
        // SAFETY: caller contract.
        let hand = unsafe { cards_in(hand) }?;
        *out_bytes = doudizhu::scratch_bytes(&hand, &self::preset(preset)?).map_err(error_code)?;
        Ok(())
    })())
}
