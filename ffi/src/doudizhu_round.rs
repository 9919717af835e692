//! C entry points for the Dou Dizhu whole game: `parlor_doudizhu_round_*` (one deal) and
//! `parlor_doudizhu_match_*` (deals to the end of a match).
//!
//! The state is caller memory: [`ParlorDoudizhuRound`] / [`ParlorDoudizhuMatch`] hold the
//! core's versioned encoded form in integers. Every call decodes it with full validation (a
//! corrupted or uninitialised state is [`PARLOR_DOUDIZHU_ERR_INVALID_STATE`], never undefined
//! behaviour), acts, and re-encodes it. Whole-game presets cross as `uint8_t` codes
//! `PARLOR_DOUDIZHU_GAME_*`; actions as [`ParlorDoudizhuAction`].

use parlor_core::doudizhu::round::SEATS;
use parlor_core::doudizhu::{
    Action, Cards, Config, Deal, ENCODED_BYTES, Event, Kind, MATCH_ENCODED_BYTES, Match, Observation, Outcome, Play,
    Rank, Reading, Round, Spring,
};
use parlor_core::game::Seat;

use crate::doudizhu::{
    PARLOR_DOUDIZHU_ERR_INVALID_STATE, ParlorDoudizhuCards, ParlorDoudizhuReading, cards_in, error_code, to_c,
};
use crate::util::{
    OutputList, bytes_to_words, input_slice, optional_output, output, output_slice, status, words_to_bytes,
};
use crate::{PARLOR_ERR_INVALID_ARGUMENT, PARLOR_ERR_INVALID_STATE, ParlorStatus};

/// Whole-game preset code: Pagat's game (bids 1–3, stake scoring), the default.
pub const PARLOR_DOUDIZHU_GAME_PAGAT: u8 = 0;
/// Whole-game preset code: RLCard's game (seat 0 / the first bidder is the landlord, 1/0 payoffs).
pub const PARLOR_DOUDIZHU_GAME_RLCARD: u8 = 1;
/// Whole-game preset code: OpenSpiel 2.0.2's `dou_dizhu`.
pub const PARLOR_DOUDIZHU_GAME_OPENSPIEL: u8 = 2;
/// Whole-game preset code: the apps' call / rob-the-landlord auction.
pub const PARLOR_DOUDIZHU_GAME_ROB: u8 = 3;
/// Whole-game preset code: Botzone's judge (all pass: the first bidder is the landlord at bid 1;
/// chains of quads, both jokers as kickers).
pub const PARLOR_DOUDIZHU_GAME_BOTZONE: u8 = 4;

/// Action kind: pass.
pub const PARLOR_DOUDIZHU_ACTION_PASS: u8 = 0;
/// Action kind: bid `bid` (1–3).
pub const PARLOR_DOUDIZHU_ACTION_BID: u8 = 1;
/// Action kind: call the landlord (rob preset).
pub const PARLOR_DOUDIZHU_ACTION_CALL: u8 = 2;
/// Action kind: rob the landlord (rob preset).
pub const PARLOR_DOUDIZHU_ACTION_ROB: u8 = 3;
/// Action kind: play `cards` read as `reading`.
pub const PARLOR_DOUDIZHU_ACTION_PLAY: u8 = 4;

/// "No seat" in seat fields (nobody to act, no landlord yet, no lead change).
pub const PARLOR_DOUDIZHU_NO_SEAT: u8 = 255;

/// `uint64_t` words of [`ParlorDoudizhuRound`] (the encoded round, 161 bytes, rounded up).
pub const PARLOR_DOUDIZHU_ROUND_WORDS: usize = 21;
/// `uint64_t` words of [`ParlorDoudizhuMatch`] (the encoded match, 196 bytes, rounded up).
pub const PARLOR_DOUDIZHU_MATCH_WORDS: usize = 25;
/// Slots that always suffice for [`parlor_doudizhu_round_legal_actions`] (a pass plus every
/// play of a 20-card hand in each of its readings; real positions need far fewer).
pub const PARLOR_DOUDIZHU_MAX_ACTIONS: usize = 10_045;

const _: () = assert!(PARLOR_DOUDIZHU_ROUND_WORDS * 8 >= ENCODED_BYTES);
const _: () = assert!(PARLOR_DOUDIZHU_ROUND_WORDS * 8 < ENCODED_BYTES + 8);
const _: () = assert!(PARLOR_DOUDIZHU_MATCH_WORDS * 8 >= MATCH_ENCODED_BYTES);
const _: () = assert!(PARLOR_DOUDIZHU_MATCH_WORDS * 8 < MATCH_ENCODED_BYTES + 8);
const _: () = assert!(PARLOR_DOUDIZHU_MAX_ACTIONS == parlor_core::doudizhu::MAX_ACTIONS);

/// One deal, as opaque caller memory (storable in a static; copy it to undo or search).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParlorDoudizhuRound {
    /// The encoded round; only Parlor writes it.
    pub opaque: [u64; PARLOR_DOUDIZHU_ROUND_WORDS],
}

/// A match, as opaque caller memory.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParlorDoudizhuMatch {
    /// The encoded match; only Parlor writes it.
    pub opaque: [u64; PARLOR_DOUDIZHU_MATCH_WORDS],
}

/// An action: `kind` (`PARLOR_DOUDIZHU_ACTION_*`), `bid` (1–3, for a bid), `cards` and `reading`
/// (for a play). Fields a kind does not use are ignored.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorDoudizhuAction {
    /// `PARLOR_DOUDIZHU_ACTION_*`.
    pub kind: u8,
    /// The bid, 1–3.
    pub bid: u8,
    /// The cards played.
    pub cards: ParlorDoudizhuCards,
    /// The reading they are played as.
    pub reading: ParlorDoudizhuReading,
}

/// How a deal ended.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorDoudizhuOutcome {
    /// The landlord, or [`PARLOR_DOUDIZHU_NO_SEAT`] for a void deal (everyone passed).
    pub landlord: u8,
    /// The seat that played its last card, or [`PARLOR_DOUDIZHU_NO_SEAT`].
    pub winner: u8,
    /// 1 if the landlord won.
    pub landlord_won: u8,
    /// The winning bid.
    pub bid: u8,
    /// Bombs and rockets played.
    pub bombs: u8,
    /// Robs.
    pub robs: u8,
    /// 0 none, 1 spring, 2 anti-spring.
    pub spring: u8,
    /// bid × 2^(bombs + robs + spring).
    pub stake: u32,
    /// Each seat's score for the deal.
    pub scores: [i32; 3],
}

/// What an applied action caused.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorDoudizhuEvent {
    /// The auction ended with this landlord (else [`PARLOR_DOUDIZHU_NO_SEAT`]); `kitty` is then
    /// the revealed kitty.
    pub landlord: u8,
    /// The revealed kitty (when `landlord` is set).
    pub kitty: ParlorDoudizhuCards,
    /// 1: everyone passed, the deal is void.
    pub void_deal: u8,
    /// 1: a bomb, rocket or rob doubled the stake.
    pub doubled: u8,
    /// Two passes: this seat leads (else [`PARLOR_DOUDIZHU_NO_SEAT`]).
    pub lead: u8,
    /// 1: the deal ended; `outcome` holds how.
    pub over: u8,
    /// The outcome when `over` is 1.
    pub outcome: ParlorDoudizhuOutcome,
}

/// What one seat may know (never another seat's cards).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorDoudizhuObservation {
    /// The observing seat.
    pub seat: u8,
    /// Its hand.
    pub hand: ParlorDoudizhuCards,
    /// Cards in each seat's hand.
    pub counts: [u8; 3],
    /// Cards each seat has played.
    pub played: [ParlorDoudizhuCards; 3],
    /// 1 once the kitty is revealed.
    pub kitty_known: u8,
    /// The kitty (when `kitty_known`).
    pub kitty: ParlorDoudizhuCards,
    /// The landlord or [`PARLOR_DOUDIZHU_NO_SEAT`].
    pub landlord: u8,
    /// The first bidder.
    pub first_bidder: u8,
    /// The auction so far, from the first bidder: 0 pass, 1–3 bid, 4 call, 5 rob.
    pub auction: [u8; 9],
    /// Entries of `auction` in use.
    pub auction_len: u8,
    /// The high bid so far.
    pub bid: u8,
    /// Robs so far.
    pub robs: u8,
    /// Bombs and rockets played so far.
    pub bombs: u8,
    /// Plays each seat has made.
    pub plays: [u8; 3],
    /// The seat to act or [`PARLOR_DOUDIZHU_NO_SEAT`].
    pub to_act: u8,
    /// 1 if a trick is open (`top_*` hold its top play).
    pub has_top: u8,
    /// The top play's seat.
    pub top_seat: u8,
    /// The top play's cards.
    pub top_cards: ParlorDoudizhuCards,
    /// The top play's reading.
    pub top_reading: ParlorDoudizhuReading,
    /// Passes since the top play.
    pub passes: u8,
}

fn game_config(code_: u8) -> Result<Config, ParlorStatus> {
    Ok(match code_ {
        PARLOR_DOUDIZHU_GAME_PAGAT => Config::PAGAT,
        PARLOR_DOUDIZHU_GAME_RLCARD => Config::RLCARD,
        PARLOR_DOUDIZHU_GAME_OPENSPIEL => Config::OPENSPIEL,
        PARLOR_DOUDIZHU_GAME_ROB => Config::ROB,
        PARLOR_DOUDIZHU_GAME_BOTZONE => Config::BOTZONE,
        _ => return Err(PARLOR_ERR_INVALID_ARGUMENT),
    })
}

fn seat_code(seat: Option<Seat>) -> u8 {
    seat.map_or(PARLOR_DOUDIZHU_NO_SEAT, |s| s.0)
}

fn seat_in(seat: u8) -> Result<Seat, ParlorStatus> {
    if usize::from(seat) < SEATS {
        Ok(Seat(seat))
    } else {
        Err(PARLOR_ERR_INVALID_ARGUMENT)
    }
}

const RB: usize = PARLOR_DOUDIZHU_ROUND_WORDS * 8;
const MB: usize = PARLOR_DOUDIZHU_MATCH_WORDS * 8;

fn load_round(state: &ParlorDoudizhuRound) -> Result<Round, ParlorStatus> {
    let bytes: [u8; RB] = words_to_bytes(&state.opaque);
    if bytes
        .get(ENCODED_BYTES..)
        .is_some_and(|pad| pad.iter().any(|&b| b != 0))
    {
        return Err(PARLOR_DOUDIZHU_ERR_INVALID_STATE);
    }
    Round::decode(&bytes).map_err(|_| PARLOR_DOUDIZHU_ERR_INVALID_STATE)
}

fn store_round(round: &Round) -> Result<ParlorDoudizhuRound, ParlorStatus> {
    let mut bytes = [0u8; RB];
    round.encode(&mut bytes).map_err(error_code)?;
    Ok(ParlorDoudizhuRound {
        opaque: bytes_to_words(&bytes),
    })
}

fn load_match(state: &ParlorDoudizhuMatch) -> Result<Match, ParlorStatus> {
    let bytes: [u8; MB] = words_to_bytes(&state.opaque);
    if bytes
        .get(MATCH_ENCODED_BYTES..)
        .is_some_and(|pad| pad.iter().any(|&b| b != 0))
    {
        return Err(PARLOR_DOUDIZHU_ERR_INVALID_STATE);
    }
    Match::decode(&bytes).map_err(|_| PARLOR_DOUDIZHU_ERR_INVALID_STATE)
}

fn store_match(m: &Match) -> Result<ParlorDoudizhuMatch, ParlorStatus> {
    let mut bytes = [0u8; MB];
    m.encode(&mut bytes).map_err(error_code)?;
    Ok(ParlorDoudizhuMatch {
        opaque: bytes_to_words(&bytes),
    })
}

fn reading_to_c(r: &Reading) -> ParlorDoudizhuReading {
    ParlorDoudizhuReading {
        kind: r.kind as u8,
        chain: r.chain,
        key: r.key as u8,
    }
}

/// A C action as a core action (validated codes and counts).
fn action_in(a: &ParlorDoudizhuAction) -> Result<Action, ParlorStatus> {
    Ok(match a.kind {
        PARLOR_DOUDIZHU_ACTION_PASS => Action::Pass,
        PARLOR_DOUDIZHU_ACTION_BID => Action::Bid(a.bid),
        PARLOR_DOUDIZHU_ACTION_CALL => Action::Call,
        PARLOR_DOUDIZHU_ACTION_ROB => Action::Rob,
        PARLOR_DOUDIZHU_ACTION_PLAY => Action::Play(Play {
            cards: Cards::from_counts(a.cards.counts).map_err(error_code)?,
            reading: Reading {
                kind: Kind::try_from(a.reading.kind).map_err(error_code)?,
                chain: a.reading.chain,
                key: Rank::try_from(a.reading.key).map_err(error_code)?,
            },
        }),
        _ => return Err(PARLOR_ERR_INVALID_ARGUMENT),
    })
}

/// A core action in C form.
pub fn action_to_c(a: &Action) -> ParlorDoudizhuAction {
    let mut out = ParlorDoudizhuAction::default();
    match a {
        Action::Pass => out.kind = PARLOR_DOUDIZHU_ACTION_PASS,
        Action::Bid(b) => {
            out.kind = PARLOR_DOUDIZHU_ACTION_BID;
            out.bid = *b;
        }
        Action::Call => out.kind = PARLOR_DOUDIZHU_ACTION_CALL,
        Action::Rob => out.kind = PARLOR_DOUDIZHU_ACTION_ROB,
        Action::Play(p) => {
            out.kind = PARLOR_DOUDIZHU_ACTION_PLAY;
            out.cards = to_c(&p.cards);
            out.reading = reading_to_c(&p.reading);
        }
    }
    out
}

fn outcome_to_c(o: &Outcome) -> ParlorDoudizhuOutcome {
    ParlorDoudizhuOutcome {
        landlord: seat_code(o.landlord),
        winner: seat_code(o.winner),
        landlord_won: u8::from(o.landlord_won),
        bid: o.bid,
        bombs: o.bombs,
        robs: o.robs,
        spring: match o.spring {
            Spring::None => 0,
            Spring::Spring => 1,
            Spring::AntiSpring => 2,
        },
        stake: o.stake,
        scores: o.scores,
    }
}

fn event_to_c(e: &Event) -> ParlorDoudizhuEvent {
    ParlorDoudizhuEvent {
        landlord: seat_code(e.landlord),
        kitty: e.kitty.map(|k| to_c(&k)).unwrap_or_default(),
        void_deal: u8::from(e.void),
        doubled: u8::from(e.doubled),
        lead: seat_code(e.lead),
        over: u8::from(e.outcome.is_some()),
        outcome: e.outcome.map(|o| outcome_to_c(&o)).unwrap_or_default(),
    }
}

fn observation_to_c(o: &Observation) -> ParlorDoudizhuObservation {
    let mut auction = [0u8; 9];
    let mut auction_len = 0u8;
    for (slot, a) in auction.iter_mut().zip(o.auction()) {
        *slot = match a {
            Action::Bid(b) => b,
            Action::Call => 4,
            Action::Rob => 5,
            _ => 0,
        };
        auction_len = auction_len.saturating_add(1);
    }
    let (has_top, top_seat, top_cards, top_reading) = match o.top {
        Some((s, p)) => (1, s.0, to_c(&p.cards), reading_to_c(&p.reading)),
        None => (
            0,
            PARLOR_DOUDIZHU_NO_SEAT,
            ParlorDoudizhuCards::default(),
            ParlorDoudizhuReading::default(),
        ),
    };
    ParlorDoudizhuObservation {
        seat: o.seat.0,
        hand: to_c(&o.hand),
        counts: o.counts,
        played: o.played.map(|p| to_c(&p)),
        kitty_known: u8::from(o.kitty.is_some()),
        kitty: o.kitty.map(|k| to_c(&k)).unwrap_or_default(),
        landlord: seat_code(o.landlord),
        first_bidder: o.first_bidder.0,
        auction,
        auction_len,
        bid: o.bid,
        robs: o.robs,
        bombs: o.bombs,
        plays: o.plays,
        to_act: seat_code(o.to_act),
        has_top,
        top_seat,
        top_cards,
        top_reading,
        passes: o.passes,
    }
}

/// Reads a required state pointer.
///
/// # Safety
/// `ptr` null or valid for a read.
unsafe fn read<T: Copy>(ptr: *const T) -> Result<T, ParlorStatus> {
    // SAFETY: forwarded contract; one element.
    let slice = unsafe { input_slice(ptr, usize::from(!ptr.is_null())) }?;
    slice.first().copied().ok_or(crate::PARLOR_ERR_NULL_POINTER)
}

/// Deals a new round of whole-game preset `game` (`PARLOR_DOUDIZHU_GAME_*`) from `seed` (the
/// core's `Deal::Seeded`) into `*out`.
///
/// Errors: null `out`, [`PARLOR_ERR_INVALID_ARGUMENT`] (unknown preset).
///
/// # Safety
/// `out` valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_round_new(game: u8, seed: u64, out: *mut ParlorDoudizhuRound) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let out = unsafe { output(out) }?;
        let round = Round::new(&game_config(game)?, &Deal::Seeded(seed)).map_err(error_code)?;
        *out = store_round(&round)?;
        Ok(())
    })())
}

/// Deals a new round with explicit cards: `hands` (3 card sets of 17), `*kitty` (3 cards), all
/// together the deck, and `first_bidder` (0–2; the landlord under the rlcard preset).
///
/// Errors: null pointers, [`PARLOR_ERR_INVALID_ARGUMENT`], `PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES`,
/// `PARLOR_DOUDIZHU_ERR_INVALID_DEAL`.
///
/// # Safety
/// `hands` valid for 3 reads; `kitty` for a read; `out` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_round_new_given(
    game: u8,
    hands: *const ParlorDoudizhuCards,
    kitty: *const ParlorDoudizhuCards,
    first_bidder: u8,
    out: *mut ParlorDoudizhuRound,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let out = unsafe { output(out) }?;
        // SAFETY: caller contract.
        let given = unsafe { input_slice(hands, 3) }?;
        let mut h = [Cards::EMPTY; 3];
        for (slot, c) in h.iter_mut().zip(given) {
            *slot = Cards::from_counts(c.counts).map_err(error_code)?;
        }
        // SAFETY: caller contract.
        let kitty = unsafe { cards_in(kitty) }?;
        let deal = Deal::Given {
            hands: h,
            kitty,
            first_bidder: seat_in(first_bidder).map_err(|_| crate::doudizhu::PARLOR_DOUDIZHU_ERR_INVALID_DEAL)?,
        };
        let round = Round::new(&game_config(game)?, &deal).map_err(error_code)?;
        *out = store_round(&round)?;
        Ok(())
    })())
}

/// Writes the seat to act (0–2) to `*seat`, or [`PARLOR_DOUDIZHU_NO_SEAT`] once the deal is over.
///
/// Errors: null pointers, [`PARLOR_DOUDIZHU_ERR_INVALID_STATE`].
///
/// # Safety
/// `round` valid for a read, `seat` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_round_to_act(
    round: *const ParlorDoudizhuRound,
    seat: *mut u8,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let r = load_round(&unsafe { read(round) }?)?;
        // SAFETY: caller contract.
        *unsafe { output(seat) }? = seat_code(r.to_act());
        Ok(())
    })())
}

fn legal_into(r: &Round, seat: u8, out: &mut [ParlorDoudizhuAction], count: &mut usize) -> Result<(), ParlorStatus> {
    let seat = seat_in(seat)?;
    let mut list = OutputList::new(out);
    r.for_each_legal_action(seat, |a| list.push(action_to_c(&a)));
    list.finish(count)
}

/// Writes `seat`'s legal actions (in the core's legal-action order: pass, bids or call/rob,
/// plays) into `out` as far as `cap` allows and their number to `*out_count` (0 when it is not
/// `seat`'s turn).
///
/// Errors: null pointers, [`PARLOR_ERR_INVALID_ARGUMENT`] (seat past 2),
/// [`PARLOR_DOUDIZHU_ERR_INVALID_STATE`], `PARLOR_ERR_BUFFER_TOO_SMALL` (then `*out_count` is
/// the total and `out` holds the first `cap`).
///
/// # Safety
/// `round` valid for a read; `out` for `cap` writes (or null with 0); `out_count` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_round_legal_actions(
    round: *const ParlorDoudizhuRound,
    seat: u8,
    out: *mut ParlorDoudizhuAction,
    cap: usize,
    out_count: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let r = load_round(&unsafe { read(round) }?)?;
        // SAFETY: caller contract.
        let count = unsafe { output(out_count) }?;
        // SAFETY: caller contract.
        let out = unsafe { output_slice(out, cap) }?;
        legal_into(&r, seat, out, count)
    })())
}

/// Applies `seat`'s `*action`; `*event` (optional, may be null) receives what it caused. An
/// illegal action leaves `*round` unchanged.
///
/// Errors: null pointers, [`PARLOR_ERR_INVALID_ARGUMENT`] (bad codes or seat),
/// [`PARLOR_DOUDIZHU_ERR_INVALID_STATE`], `PARLOR_DOUDIZHU_ERR_NOT_YOUR_TURN`,
/// `PARLOR_DOUDIZHU_ERR_ILLEGAL_ACTION`, `PARLOR_DOUDIZHU_ERR_ROUND_OVER`.
///
/// # Safety
/// `round` valid for reads and writes; `action` for a read; `event` null or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_round_apply(
    round: *mut ParlorDoudizhuRound,
    seat: u8,
    action: *const ParlorDoudizhuAction,
    event: *mut ParlorDoudizhuEvent,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let state = unsafe { output(round) }?;
        // SAFETY: caller contract (optional pointer), checked before the state changes.
        let event = unsafe { optional_output(event) }?;
        let mut r = load_round(state)?;
        // SAFETY: caller contract.
        let action = action_in(&unsafe { read(action) }?)?;
        let e = r.apply(seat_in(seat)?, action).map_err(error_code)?;
        *state = store_round(&r)?;
        if let Some(slot) = event {
            *slot = event_to_c(&e);
        }
        Ok(())
    })())
}

/// Writes what `seat` may know into `*out`.
///
/// Errors: null pointers, [`PARLOR_ERR_INVALID_ARGUMENT`] (seat past 2),
/// [`PARLOR_DOUDIZHU_ERR_INVALID_STATE`].
///
/// # Safety
/// `round` valid for a read, `out` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_round_observe(
    round: *const ParlorDoudizhuRound,
    seat: u8,
    out: *mut ParlorDoudizhuObservation,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let r = load_round(&unsafe { read(round) }?)?;
        // SAFETY: caller contract.
        let out = unsafe { output(out) }?;
        *out = observation_to_c(&r.observation(seat_in(seat)?).map_err(error_code)?);
        Ok(())
    })())
}

/// Writes the deal's outcome into `*out` once it is over.
///
/// Errors: null pointers, [`PARLOR_DOUDIZHU_ERR_INVALID_STATE`], [`PARLOR_ERR_INVALID_STATE`]
/// (the deal is not over).
///
/// # Safety
/// `round` valid for a read, `out` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_round_outcome(
    round: *const ParlorDoudizhuRound,
    out: *mut ParlorDoudizhuOutcome,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let r = load_round(&unsafe { read(round) }?)?;
        // SAFETY: caller contract.
        let out = unsafe { output(out) }?;
        *out = outcome_to_c(&r.outcome().ok_or(PARLOR_ERR_INVALID_STATE)?);
        Ok(())
    })())
}

/// Writes the round's portable byte form (the core's `Round::encode`, 161 bytes, first byte the
/// format version) into `buf` (`cap` bytes) and its length to `*out_len`.
///
/// Errors: null pointers, [`PARLOR_DOUDIZHU_ERR_INVALID_STATE`], `PARLOR_ERR_BUFFER_TOO_SMALL`
/// (then `*out_len` holds the length needed).
///
/// # Safety
/// `round` valid for a read; `buf` for `cap` writes (or null with 0); `out_len` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_round_encode(
    round: *const ParlorDoudizhuRound,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let r = load_round(&unsafe { read(round) }?)?;
        // SAFETY: caller contract.
        let len = unsafe { output(out_len) }?;
        // SAFETY: caller contract.
        let buf = unsafe { output_slice(buf, cap) }?;
        crate::util::encoded_into(buf, len, ENCODED_BYTES, |buf| {
            r.encode(buf).map(drop).map_err(error_code)
        })
    })())
}

/// Reads a round's byte form (`len` bytes at `bytes`) into `*out`, re-validating it.
///
/// Errors: null pointers, [`PARLOR_DOUDIZHU_ERR_INVALID_STATE`] (or an unknown-code / config
/// error) for bytes that are no valid round, and for more than the byte form's length.
///
/// # Safety
/// `bytes` valid for `len` reads; `out` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_round_decode(
    bytes: *const u8,
    len: usize,
    out: *mut ParlorDoudizhuRound,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let bytes = unsafe { input_slice(bytes, len) }?;
        // SAFETY: caller contract.
        let out = unsafe { output(out) }?;
        // Exactly the byte form: trailing bytes are refused, as in every game.
        if bytes.len() > ENCODED_BYTES {
            return Err(PARLOR_DOUDIZHU_ERR_INVALID_STATE);
        }
        let r = Round::decode(bytes).map_err(error_code)?;
        *out = store_round(&r)?;
        Ok(())
    })())
}

/// Starts a match of whole-game preset `game` with `seed` (deals and first bidders follow from
/// it) into `*out`.
///
/// Errors: null `out`, [`PARLOR_ERR_INVALID_ARGUMENT`].
///
/// # Safety
/// `out` valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_match_new(game: u8, seed: u64, out: *mut ParlorDoudizhuMatch) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let out = unsafe { output(out) }?;
        let m = Match::new(&game_config(game)?, seed).map_err(error_code)?;
        *out = store_match(&m)?;
        Ok(())
    })())
}

/// Copies the match's current deal into `*out` (then use the `parlor_doudizhu_round_*` reads).
///
/// Errors: null pointers, [`PARLOR_DOUDIZHU_ERR_INVALID_STATE`].
///
/// # Safety
/// `m` valid for a read, `out` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_match_round(
    m: *const ParlorDoudizhuMatch,
    out: *mut ParlorDoudizhuRound,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let m = load_match(&unsafe { read(m) }?)?;
        // SAFETY: caller contract.
        let out = unsafe { output(out) }?;
        *out = store_round(m.round())?;
        Ok(())
    })())
}

/// Writes the seat to act in the current deal, or [`PARLOR_DOUDIZHU_NO_SEAT`] once the match is over.
///
/// # Safety
/// `m` valid for a read, `seat` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_match_to_act(m: *const ParlorDoudizhuMatch, seat: *mut u8) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let m = load_match(&unsafe { read(m) }?)?;
        // SAFETY: caller contract.
        *unsafe { output(seat) }? = if m.is_over() {
            PARLOR_DOUDIZHU_NO_SEAT
        } else {
            seat_code(m.round().to_act())
        };
        Ok(())
    })())
}

/// As [`parlor_doudizhu_round_legal_actions`], for the match's current deal.
///
/// # Safety
/// As [`parlor_doudizhu_round_legal_actions`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_match_legal_actions(
    m: *const ParlorDoudizhuMatch,
    seat: u8,
    out: *mut ParlorDoudizhuAction,
    cap: usize,
    out_count: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let m = load_match(&unsafe { read(m) }?)?;
        // SAFETY: caller contract.
        let count = unsafe { output(out_count) }?;
        // SAFETY: caller contract.
        let out = unsafe { output_slice(out, cap) }?;
        if m.is_over() {
            *count = 0;
            return Ok(());
        }
        legal_into(m.round(), seat, out, count)
    })())
}

/// Applies `seat`'s action to the match's current deal; when it ends the deal, the scores are
/// added and the next deal starts (`event->outcome` is the finished deal's).
///
/// Errors: as [`parlor_doudizhu_round_apply`]; `PARLOR_DOUDIZHU_ERR_ROUND_OVER` once the match is over.
///
/// # Safety
/// `m` valid for reads and writes; `action` for a read; `event` null or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_match_apply(
    m: *mut ParlorDoudizhuMatch,
    seat: u8,
    action: *const ParlorDoudizhuAction,
    event: *mut ParlorDoudizhuEvent,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let state = unsafe { output(m) }?;
        // SAFETY: caller contract (optional pointer), checked before the state changes.
        let event = unsafe { optional_output(event) }?;
        let mut game = load_match(state)?;
        // SAFETY: caller contract.
        let action = action_in(&unsafe { read(action) }?)?;
        let e = game.apply(seat_in(seat)?, action).map_err(error_code)?.event;
        *state = store_match(&game)?;
        if let Some(slot) = event {
            *slot = event_to_c(&e);
        }
        Ok(())
    })())
}

/// Writes the match totals to `scores` (3 values), the deals finished to `*deals` and 1 to
/// `*over` once the match is over (all three outputs required).
///
/// # Safety
/// `m` valid for a read; `scores` for 3 writes; `deals` and `over` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_match_scores(
    m: *const ParlorDoudizhuMatch,
    scores: *mut i64,
    deals: *mut u16,
    over: *mut u8,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let game = load_match(&unsafe { read(m) }?)?;
        // SAFETY: caller contract.
        let scores = unsafe { output_slice(scores, 3) }?;
        // SAFETY: caller contract.
        let deals = unsafe { output(deals) }?;
        // SAFETY: caller contract.
        let over = unsafe { output(over) }?;
        for (slot, s) in scores.iter_mut().zip(game.scores()) {
            *slot = i64::from(s);
        }
        // A match plays at most `Config::deals` (a u16) deals; a target-only match saturates.
        *deals = u16::try_from(game.rounds_played()).unwrap_or(u16::MAX);
        *over = u8::from(game.is_over());
        Ok(())
    })())
}

/// Writes the match's byte form (the core's `Match::encode`, 196 bytes) into `buf`.
///
/// # Safety
/// As [`parlor_doudizhu_round_encode`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_match_encode(
    m: *const ParlorDoudizhuMatch,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let game = load_match(&unsafe { read(m) }?)?;
        // SAFETY: caller contract.
        let len = unsafe { output(out_len) }?;
        // SAFETY: caller contract.
        let buf = unsafe { output_slice(buf, cap) }?;
        crate::util::encoded_into(buf, len, MATCH_ENCODED_BYTES, |buf| {
            game.encode(buf).map(drop).map_err(error_code)
        })
    })())
}

/// Reads a match's byte form into `*out`, re-validating it.
///
/// # Safety
/// As [`parlor_doudizhu_round_decode`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_match_decode(
    bytes: *const u8,
    len: usize,
    out: *mut ParlorDoudizhuMatch,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let bytes = unsafe { input_slice(bytes, len) }?;
        // SAFETY: caller contract.
        let out = unsafe { output(out) }?;
        // Exactly the byte form: trailing bytes are refused, as in every game.
        if bytes.len() > MATCH_ENCODED_BYTES {
            return Err(PARLOR_DOUDIZHU_ERR_INVALID_STATE);
        }
        let game = Match::decode(bytes).map_err(error_code)?;
        *out = store_match(&game)?;
        Ok(())
    })())
}

/// The number of OpenSpiel `dou_dizhu` action ids (0 pass, 1–3 bids, 4–26,056 plays).
pub const PARLOR_DOUDIZHU_OPENSPIEL_ACTIONS: u32 = 26_057;
const _: () = assert!(PARLOR_DOUDIZHU_OPENSPIEL_ACTIONS == parlor_core::doudizhu::openspiel::ACTIONS);

/// Writes OpenSpiel 2.0.2's `dou_dizhu` action id of `*action` (under the openspiel preset) to
/// `*id`: the dense index RL code uses for legal-action masks.
///
/// Errors: null pointers, [`PARLOR_ERR_INVALID_ARGUMENT`] (bad codes, or an action OpenSpiel
/// has no id for: call, rob, quad + two, a bid outside 1–3, a reading the cards do not have).
///
/// # Safety
/// `action` valid for a read, `id` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_openspiel_action_id(
    action: *const ParlorDoudizhuAction,
    id: *mut u32,
) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let action = action_in(&unsafe { read(action) }?)?;
        // SAFETY: caller contract.
        let id = unsafe { output(id) }?;
        let value = parlor_core::doudizhu::openspiel::action_id(&action).ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
        // The id must name exactly this action (cards and reading), not just its shape.
        if parlor_core::doudizhu::openspiel::action(value) != Some(action) {
            return Err(PARLOR_ERR_INVALID_ARGUMENT);
        }
        *id = value;
        Ok(())
    })())
}

/// Writes the action of OpenSpiel id `id` (0 … [`PARLOR_DOUDIZHU_OPENSPIEL_ACTIONS`] − 1) to
/// `*out`.
///
/// Errors: null `out`, [`PARLOR_ERR_INVALID_ARGUMENT`] for an id past the range.
///
/// # Safety
/// `out` valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_openspiel_action(id: u32, out: *mut ParlorDoudizhuAction) -> ParlorStatus {
    status((|| {
        // SAFETY: caller contract.
        let out = unsafe { output(out) }?;
        let action = parlor_core::doudizhu::openspiel::action(id).ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
        *out = action_to_c(&action);
        Ok(())
    })())
}
