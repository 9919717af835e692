//! C entry points for `parlor_core::doudizhu` (Dou Dizhu). Status codes of this game: 300–399.
//!
//! Card sets cross as [`ParlorDoudizhuCards`] (15 rank counts, index 0 = 3 … 14 = red joker);
//! presets as `uint8_t` codes `PARLOR_DOUDIZHU_PRESET_*`; readings as [`ParlorDoudizhuReading`].

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
/// ([`PARLOR_DOUDIZHU_SCRATCH_BYTES`] always suffices).
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
/// `PARLOR_ERR_INTERNAL` in every game.
pub const PARLOR_DOUDIZHU_ERR_INTERNAL: ParlorStatus = 311;

/// Preset code: the seed's rules (Pagat / HDU 4032 wording), the default.
pub const PARLOR_DOUDIZHU_PRESET_PAGAT: u8 = 0;
/// Preset code: RLCard's rules.
pub const PARLOR_DOUDIZHU_PRESET_RLCARD: u8 = 1;
/// Preset code: OpenSpiel's rules.
pub const PARLOR_DOUDIZHU_PRESET_OPENSPIEL: u8 = 2;

/// Kind codes of [`ParlorDoudizhuReading::kind`] (the seed's 13 types, quad + two split in two).
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

/// The most readings one card set has (the `cap` that always suffices for classify).
pub const PARLOR_DOUDIZHU_MAX_READINGS: usize = 4;
/// The most distinct plays of a hand of at most 20 cards (the `cap` that always suffices for
/// [`parlor_doudizhu_moves`] with such a hand).
pub const PARLOR_DOUDIZHU_MAX_MOVES: usize = 2511;
/// The most plays in a spring plan (one card each at worst).
pub const PARLOR_DOUDIZHU_MAX_PLAN: usize = 20;
/// Scratch bytes that always suffice for [`parlor_doudizhu_spring`] and
/// [`parlor_doudizhu_min_plays`], exactly the core's `Scratch` (32 KiB: the hand's plays, 8 bytes
/// each, a cache of solved sub-hands in the rest, a 683-byte safety cache); the exact need of
/// one hand is [`parlor_doudizhu_scratch_bytes`] (at most 28,963 bytes, with room for
/// 2,511 plays; 9–12 KB for a dealt landlord hand). Any alignment and content; more bytes only make the search faster.
pub const PARLOR_DOUDIZHU_SCRATCH_BYTES: usize = 32_768;
/// The ranks of a card set (the length of [`ParlorDoudizhuCards::counts`]): 0 = 3 … 11 = A,
/// 12 = 2, 13 = black joker, 14 = red joker.
pub const PARLOR_DOUDIZHU_RANKS: usize = 15;
/// Bytes that always suffice for [`parlor_doudizhu_format`], the NUL included (the whole deck
/// is 54 characters).
pub const PARLOR_DOUDIZHU_FORMAT_BYTES: usize = 64;

/// A card set: `counts[i]` cards of rank `i` (0 = 3, …, 11 = A, 12 = 2, 13 = black joker,
/// 14 = red joker); at most 4 of a suited rank and 1 of a joker.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorDoudizhuCards {
    /// Cards per rank.
    pub counts: [u8; PARLOR_DOUDIZHU_RANKS],
}

/// One reading of a card set: kind code, chain length (1 without a chain) and key rank index
/// (the main part's rank; a chain's lowest rank).
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
        Error::NotACombination => PARLOR_DOUDIZHU_ERR_NOT_A_COMBINATION,
        Error::HandTooLarge { .. } => PARLOR_DOUDIZHU_ERR_HAND_TOO_LARGE,
        Error::CardsOverlap { .. } => PARLOR_DOUDIZHU_ERR_CARDS_OVERLAP,
        Error::BufferTooSmall { .. } => PARLOR_ERR_BUFFER_TOO_SMALL,
        Error::ScratchTooSmall { .. } => PARLOR_DOUDIZHU_ERR_SCRATCH_TOO_SMALL,
        Error::UnknownCode { .. } | Error::InvalidConfig { .. } | Error::NoSuchSeat { .. } => {
            PARLOR_ERR_INVALID_ARGUMENT
        }
        Error::InvalidDeal { .. } => PARLOR_DOUDIZHU_ERR_INVALID_DEAL,
        Error::NotYourTurn { .. } => PARLOR_DOUDIZHU_ERR_NOT_YOUR_TURN,
        Error::IllegalAction => PARLOR_DOUDIZHU_ERR_ILLEGAL_ACTION,
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

/// Parses the notation (`33344456`, `10` or `T`, either case, `-` or empty = no cards) from
/// `len` bytes at `text` into `*out`.
///
/// Errors: [`PARLOR_ERR_NULL_POINTER`] (null `out`, or null `text` with `len > 0`),
/// `PARLOR_ERR_INVALID_UTF8`, [`PARLOR_DOUDIZHU_ERR_UNKNOWN_CARD`],
/// [`PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES`]. On error, `*error_offset` (optional, may be null)
/// receives the byte offset of the offending card.
///
/// # Safety
/// `text` valid for `len` bytes (or null with 0); `out` valid for a write; `error_offset` null or
/// valid for a write.
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

/// Writes `*cards` in the notation (low to high, `T` for ten, `-` for none), NUL-terminated,
/// into `buf` (`capacity` bytes; [`PARLOR_DOUDIZHU_FORMAT_BYTES`] always suffice). `*out_len` (optional) receives the length.
///
/// Errors: null pointers, [`PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES`] for impossible counts,
/// [`PARLOR_ERR_BUFFER_TOO_SMALL`] (then `*out_len` holds the length needed).
///
/// # Safety
/// `cards` valid for a read; `buf` valid for `capacity` bytes (or null with 0); `out_len` null
/// or valid for a write.
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

/// Classifies `*cards` under preset code `preset`: writes up to `cap` readings (strongest
/// first) to `out` and their number to `*out_count` (0 = not a combination). `cap`
/// [`PARLOR_DOUDIZHU_MAX_READINGS`] always suffices.
///
/// Errors: null pointers, [`PARLOR_ERR_INVALID_ARGUMENT`] (unknown preset),
/// [`PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES`], [`PARLOR_ERR_BUFFER_TOO_SMALL`] (then `*out_count`
/// holds the number of readings).
///
/// # Safety
/// `cards` valid for a read; `out` valid for `cap` writes (or null with 0); `out_count` valid
/// for a write.
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

/// Sets `*out_yes` to 1 if `*play` may follow `*prev` (some reading of the play beats the
/// strongest reading of the previous play; any combination when `prev` is null or empty; a
/// pass never), else 0.
///
/// Errors: null `play`/`out_yes`, unknown preset, bad counts,
/// [`PARLOR_DOUDIZHU_ERR_NOT_A_COMBINATION`] for a previous play that is no combination.
///
/// # Safety
/// `prev` null or valid for a read; `play` valid for a read; `out_yes` valid for a write.
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

/// Writes every distinct play from `*hand` that beats `*prev` (every lead when `prev` is null
/// or empty) to `out` (`cap` entries) and their number to `*out_count`. For a hand of at most
/// 20 cards, `cap` [`PARLOR_DOUDIZHU_MAX_MOVES`] always suffices; a `cap` of 0 with a null
/// `out` asks for the number.
///
/// Errors: null pointers, unknown preset, bad counts, a previous play that is no combination,
/// [`PARLOR_ERR_BUFFER_TOO_SMALL`] (then `*out_count` holds the number needed and `out` the
/// first `cap` plays).
///
/// # Safety
/// `hand` valid for a read; `prev` null or valid for a read; `out` valid for `cap` writes (or
/// null with 0); `out_count` valid for a write. Aliasing: `out` must not overlap
/// `hand` or `prev` (all card sets; the inputs are read while `out` is written).
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

/// The seed's question: can the landlord (`*landlord`, at most 20 cards) play out alone so
/// that no peasant can ever beat a play (all but the last)? Peasants: both given (`first` and
/// `second` non-null), one given (`second` null: the other holds the rest of the deck), or
/// unknown (both null: a play is safe only if no combination of at most 17 of the other cards
/// beats it). Sets `*out_yes`; for yes, writes the plays in order to `plan` (`plan_cap`
/// entries; [`PARLOR_DOUDIZHU_MAX_PLAN`] suffices) and their number to `*plan_len`.
/// `scratch` is caller memory of `scratch_len` bytes, any alignment and content: at least
/// [`parlor_doudizhu_scratch_bytes`] for the hand and preset ([`PARLOR_DOUDIZHU_SCRATCH_BYTES`]
/// always suffice).
///
/// Errors: null pointers (also `first` null with `second` non-null), unknown preset, bad
/// counts, [`PARLOR_DOUDIZHU_ERR_HAND_TOO_LARGE`], [`PARLOR_DOUDIZHU_ERR_CARDS_OVERLAP`],
/// [`PARLOR_DOUDIZHU_ERR_SCRATCH_TOO_SMALL`], [`PARLOR_ERR_BUFFER_TOO_SMALL`] (plan too short;
/// `*plan_len` holds the length needed).
///
/// # Safety
/// Card pointers null or valid for a read as described; `scratch` valid for `scratch_len`
/// byte writes; `plan` valid for `plan_cap` writes (or null with 0); `plan_len`, `out_yes` valid
/// for a write. Aliasing: no buffer overlaps another — `plan` must not overlap `landlord`,
/// `first` or `second` (all card sets; the inputs are read while the plan is written).
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
        let mut found = doudizhu::Plan::new();
        let yes = spring_in(&landlord, &opponents, &self::preset(preset)?, scratch, &mut found).map_err(error_code)?;
        *out_yes = u8::from(yes);
        let plays = found.plays();
        plan_into(plan_out, plays);
        // As `OutputList::finish`: the count always, too small only for a non-empty buffer.
        *plan_len = plays.len();
        if plan_out.is_empty() {
            return Ok(());
        }
        crate::util::ensure_capacity(plays.len(), plan_out.len())
    })())
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

/// Sets `*out_plays` to the fewest plays that empty `*hand` (at most 20 cards) under the
/// preset (NOIP 2015 "斗地主"). `scratch` as for [`parlor_doudizhu_spring`].
///
/// Errors: null pointers, unknown preset, bad counts, [`PARLOR_DOUDIZHU_ERR_HAND_TOO_LARGE`],
/// [`PARLOR_DOUDIZHU_ERR_SCRATCH_TOO_SMALL`].
///
/// # Safety
/// `hand` valid for a read; `scratch` valid for `scratch_len` byte writes; `out_plays` valid for
/// a write.
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

/// Sets `*out_bytes` to the scratch bytes [`parlor_doudizhu_spring`] and
/// [`parlor_doudizhu_min_plays`] need for `*hand` (at most 20 cards) under the preset: 683
/// bytes of safety cache, 8 bytes per play of the hand and 8,192 bytes of memo (8 per sub-hand
/// for a hand with fewer than 1,024); never more than [`PARLOR_DOUDIZHU_SCRATCH_BYTES`]. Exactly
/// the threshold the searches check (one byte fewer is
/// [`PARLOR_DOUDIZHU_ERR_SCRATCH_TOO_SMALL`]).
///
/// Errors: null pointers, unknown preset, bad counts, [`PARLOR_DOUDIZHU_ERR_HAND_TOO_LARGE`].
///
/// # Safety
/// `hand` valid for a read; `out_bytes` valid for a write.
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
