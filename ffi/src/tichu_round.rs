//! The C ABI of the Tichu round engine and match: `parlor_tichu_round_*`, `parlor_tichu_match_*`.
//!
//! The state is caller-owned memory: `ParlorTichuRound` / `ParlorTichuMatch` hold the round's
//! (match's) *encoded* form (`Round::encode`, versioned). Every call decodes it, which replays
//! and re-validates the whole round, acts, and encodes it again: a corrupted or uninitialised
//! state is `PARLOR_ERR_INVALID_STATE`, never undefined behaviour. Actions, events, outcomes and
//! observations are `#[repr(C)]` structs of fixed-width integers, validated on the way in.
//!
//! Cards: a card set is the `uint64_t` mask of the card layout (suited: bit 63 set; natural
//! rank `r`, suit `s` at bit `4·(r − 2) + s`; 52 Mah Jong, 53 Dog, 54 Phoenix, 55 Dragon); one
//! card is its *deck index*, the bit number (0..=55).

use parlor_core::game::Seat;
use parlor_core::tichu::game_match::{self, Match, MatchEvent};
use parlor_core::tichu::round::{
    self, Action, BombPriority, Config, Deal, Event, Outcome, Phase, Round, card_of_index, index_of_card,
};
use parlor_core::tichu::{Call, Card, Cards, Rank};

use crate::tichu::{ParlorTichuTrick, error_code, trick_out_parts};
use crate::util::{bytes_to_words, input_slice, optional_output, output, output_slice, status, words_to_bytes};
use crate::{PARLOR_ERR_BUFFER_TOO_SMALL, PARLOR_ERR_INVALID_ARGUMENT, PARLOR_ERR_INVALID_STATE, ParlorStatus};

/// `uint64_t` words of a [`ParlorTichuRound`]: room for `ENCODED_BYTES` (333) bytes.
pub const PARLOR_TICHU_ROUND_WORDS: usize = 42;
/// `uint64_t` words of a [`ParlorTichuMatch`] (359 bytes).
pub const PARLOR_TICHU_MATCH_WORDS: usize = 45;
const _: () = assert!(
    PARLOR_TICHU_ROUND_WORDS == round::ENCODED_BYTES.div_ceil(8)
        && PARLOR_TICHU_MATCH_WORDS == game_match::ENCODED_BYTES.div_ceil(8)
);
/// Bytes of a round's encoded form (`parlor_tichu_round_encode`).
pub const PARLOR_TICHU_ROUND_ENCODED_BYTES: usize = 333;
/// Bytes of a match's encoded form (`parlor_tichu_match_encode`).
pub const PARLOR_TICHU_MATCH_ENCODED_BYTES: usize = 359;
const _: () = assert!(
    PARLOR_TICHU_ROUND_ENCODED_BYTES == round::ENCODED_BYTES
        && PARLOR_TICHU_MATCH_ENCODED_BYTES == game_match::ENCODED_BYTES
);
/// A buffer of this many `ParlorTichuAction`s always holds every legal action of a seat.
pub const PARLOR_TICHU_MAX_ACTIONS: usize = 8345;
const _: () = assert!(PARLOR_TICHU_MAX_ACTIONS == round::MAX_ACTIONS);
/// A seat code meaning "none" in round outputs.
pub const PARLOR_TICHU_ROUND_NO_SEAT: u8 = 255;
/// Deck size (the length of `ParlorTichuObservation::card_play`).
pub const PARLOR_TICHU_DECK: usize = 56;

/// Action kind: a Grand Tichu decision (`flag` 1 = call, 0 = decline).
pub const PARLOR_TICHU_ACTION_GRAND_TICHU: u8 = 0;
/// Action kind: the exchange (`exchange[0..3]` deck indices to seat + 1, + 2, + 3).
pub const PARLOR_TICHU_ACTION_EXCHANGE: u8 = 1;
/// Action kind: a Tichu call.
pub const PARLOR_TICHU_ACTION_TICHU: u8 = 2;
/// Action kind: a play (`cards` mask; `wish` 2..=14 with the Mah Jong, else 0).
pub const PARLOR_TICHU_ACTION_PLAY: u8 = 3;
/// Action kind: a pass.
pub const PARLOR_TICHU_ACTION_PASS: u8 = 4;
/// Action kind: the Dragon's trick given to seat `seat`.
pub const PARLOR_TICHU_ACTION_GIVE_DRAGON_TRICK: u8 = 5;

/// Phase codes of `ParlorTichuObservation::phase` (the order of `Phase`).
pub const PARLOR_TICHU_PHASE_GRAND_TICHU: u8 = 0;
/// The exchange.
pub const PARLOR_TICHU_PHASE_EXCHANGE: u8 = 1;
/// Tricks.
pub const PARLOR_TICHU_PHASE_PLAY: u8 = 2;
/// A Dragon trick waits for its gift.
pub const PARLOR_TICHU_PHASE_DRAGON_GIFT: u8 = 3;
/// The round is over.
pub const PARLOR_TICHU_PHASE_OVER: u8 = 4;

/// A round's state (its encoded form; opaque, caller-owned, storable in a static).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParlorTichuRound {
    /// The encoded round.
    pub opaque: [u64; PARLOR_TICHU_ROUND_WORDS],
}

/// A match's state (its encoded form; opaque, caller-owned).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParlorTichuMatch {
    /// The encoded match.
    pub opaque: [u64; PARLOR_TICHU_MATCH_WORDS],
}

/// The rules variant (`parlor_tichu_config_default`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorTichuConfig {
    /// The match's target score, 1..=10,000 (default 1000).
    pub target: u16,
    /// 1: Tichu may be called during the exchange (default); 0: only after it.
    pub tichu_during_exchange: u8,
    /// Simultaneous claims: 0 in turn order from the seat to act (default), 1 by seat number.
    pub bomb_priority: u8,
}

/// An action.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorTichuAction {
    /// `PARLOR_TICHU_ACTION_*`.
    pub kind: u8,
    /// Grand Tichu: 1 call, 0 decline; else 0.
    pub flag: u8,
    /// Give: the receiving seat; else 0.
    pub seat: u8,
    /// Play: the wished rank 2..=14, or 0.
    pub wish: u8,
    /// Exchange: deck indices of the cards to seat + 1, + 2, + 3; else 0.
    pub exchange: [u8; 3],
    /// Play: the cards (mask).
    pub cards: u64,
}

/// What an action led to.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorTichuEvent {
    /// 1 when a trick ended (then `taker`, `points`, `dragon`).
    pub trick_taken: u8,
    /// Who won it.
    pub taker: u8,
    /// Its card points.
    pub points: i16,
    /// 1: won with the Dragon, waiting for its gift.
    pub dragon: u8,
    /// The seat that received the Dragon's trick, or 255.
    pub dragon_given_to: u8,
    /// The seat that went out, or 255.
    pub out: u8,
    /// The wish rank fulfilled by the play, or 0.
    pub wish_fulfilled: u8,
    /// 1 when the exchange took place.
    pub exchange_done: u8,
    /// 1 when the round ended.
    pub round_over: u8,
    /// Match calls: 1 when the match ended.
    pub match_over: u8,
}

/// A round's result.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorTichuOutcome {
    /// Team 0 (seats 0, 2) and team 1: card points plus calls.
    pub scores: [i16; 2],
    /// Card points per team (200 / 0 on a double victory).
    pub card_points: [i16; 2],
    /// Tichu and Grand Tichu points per team.
    pub call_points: [i16; 2],
    /// The team of a double victory, or 255.
    pub double_victory: u8,
    /// The seats in the order they went out (the last holding cards last).
    pub finish: [u8; 4],
    /// Each seat's call: 0 none, 1 Tichu, 2 Grand Tichu.
    pub calls: [u8; 4],
}

/// What one seat may know (`parlor_tichu_round_observe`); never another seat's hidden card.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParlorTichuObservation {
    /// The observing seat.
    pub seat: u8,
    /// `PARLOR_TICHU_PHASE_*`.
    pub phase: u8,
    /// The seat in ordinary turn, or 255.
    pub to_act: u8,
    /// Bit `s`: seat `s` has chosen its exchange.
    pub exchanged_mask: u8,
    /// The own hand (the 8-card window during the Grand Tichu decisions).
    pub hand: u64,
    /// The own exchange (deck indices to seat + 1, + 2, + 3), or 255s.
    pub given: [u8; 3],
    /// Cards received from seat + 1, + 2, + 3 after the exchange, or 255s.
    pub received: [u8; 3],
    /// Grand Tichu decisions made so far.
    pub grand_decisions: u8,
    /// Calls: 0 none, 1 Tichu, 2 Grand Tichu.
    pub calls: [u8; 4],
    /// Cards each seat holds.
    pub card_counts: [u8; 4],
    /// Seats out, in order (`out_count` of them).
    pub out_order: [u8; 4],
    /// How many are out.
    pub out_count: u8,
    /// The seat that must give a Dragon trick away, or 255.
    pub dragon_waiting: u8,
    /// The Mah Jong's wish (2..=14), or 0.
    pub wish_made: u8,
    /// Plays so far.
    pub plays: u8,
    /// Card points of the tricks each seat holds.
    pub points_taken: [i16; 4],
    /// Per deck index: the number (1..=plays) of the play it was in, 0 = not played.
    pub card_play: [u8; PARLOR_TICHU_DECK],
    /// Per play `n` (index `n − 1`): the seat that made it.
    pub play_seat: [u8; PARLOR_TICHU_DECK],
    /// The current trick.
    pub trick: ParlorTichuTrick,
}

fn config_in(config: *const ParlorTichuConfig) -> Result<Config, ParlorStatus> {
    if config.is_null() {
        return Ok(Config::default());
    }
    // SAFETY: forwarded contract (one readable struct).
    let c = unsafe { input_slice(config, 1) }?
        .first()
        .copied()
        .ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
    let config = Config {
        target: c.target,
        tichu_during_exchange: match c.tichu_during_exchange {
            0 => false,
            1 => true,
            _ => return Err(PARLOR_ERR_INVALID_ARGUMENT),
        },
        bomb_priority: BombPriority::try_from(c.bomb_priority).map_err(|_| PARLOR_ERR_INVALID_ARGUMENT)?,
        // The C struct has no fields for the two bomb flags yet: a given struct plays the rules
        // before them (`classic`), so that C programs' answers stay as they were; a `NULL`
        // config is the default (`standard`, both on).
        bomb_after_passes: false,
        wish_bomb: false,
    };
    config.validate().map_err(|_| PARLOR_ERR_INVALID_ARGUMENT)?;
    Ok(config)
}

fn round_in(state: *const ParlorTichuRound) -> Result<Round, ParlorStatus> {
    // SAFETY: forwarded contract (one readable struct).
    let state = unsafe { input_slice(state, 1) }?
        .first()
        .ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
    let bytes: [u8; PARLOR_TICHU_ROUND_WORDS * 8] = words_to_bytes(&state.opaque);
    let encoded = bytes.get(..round::ENCODED_BYTES).ok_or(PARLOR_ERR_INVALID_STATE)?;
    if bytes.iter().skip(round::ENCODED_BYTES).any(|&b| b != 0) {
        return Err(PARLOR_ERR_INVALID_STATE);
    }
    Round::decode(encoded).map_err(|_| PARLOR_ERR_INVALID_STATE)
}

fn round_state(round: &Round) -> Result<ParlorTichuRound, ParlorStatus> {
    let mut bytes = [0u8; round::ENCODED_BYTES];
    round.encode(&mut bytes).map_err(error_code)?;
    Ok(ParlorTichuRound {
        opaque: bytes_to_words(&bytes),
    })
}

fn match_in(state: *const ParlorTichuMatch) -> Result<Match, ParlorStatus> {
    // SAFETY: forwarded contract (one readable struct).
    let state = unsafe { input_slice(state, 1) }?
        .first()
        .ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
    let bytes: [u8; PARLOR_TICHU_MATCH_WORDS * 8] = words_to_bytes(&state.opaque);
    let encoded = bytes.get(..game_match::ENCODED_BYTES).ok_or(PARLOR_ERR_INVALID_STATE)?;
    if bytes.iter().skip(game_match::ENCODED_BYTES).any(|&b| b != 0) {
        return Err(PARLOR_ERR_INVALID_STATE);
    }
    Match::decode(encoded).map_err(|_| PARLOR_ERR_INVALID_STATE)
}

fn match_state(game: &Match) -> Result<ParlorTichuMatch, ParlorStatus> {
    let mut bytes = [0u8; game_match::ENCODED_BYTES];
    game.encode(&mut bytes).map_err(error_code)?;
    Ok(ParlorTichuMatch {
        opaque: bytes_to_words(&bytes),
    })
}

fn seat_in(code: u8) -> Result<Seat, ParlorStatus> {
    if code < 4 {
        Ok(Seat(code))
    } else {
        Err(PARLOR_ERR_INVALID_ARGUMENT)
    }
}

fn card_in(index: u8) -> Result<Card, ParlorStatus> {
    card_of_index(index).ok_or(PARLOR_ERR_INVALID_ARGUMENT)
}

fn card_code(card: Option<Card>) -> u8 {
    card.and_then(index_of_card).unwrap_or(PARLOR_TICHU_ROUND_NO_SEAT)
}

/// The core action of a C action (validated: codes, seats, ranks, masks).
pub fn action_in(a: &ParlorTichuAction) -> Result<Action, ParlorStatus> {
    let unused = |x: u8| {
        if x == 0 {
            Ok(())
        } else {
            Err(PARLOR_ERR_INVALID_ARGUMENT)
        }
    };
    let no_cards = a.cards == 0 && a.exchange == [0; 3];
    let action = match a.kind {
        PARLOR_TICHU_ACTION_GRAND_TICHU => {
            unused(a.seat | a.wish)?;
            match (a.flag, no_cards) {
                (0, true) => Action::GrandTichu(false),
                (1, true) => Action::GrandTichu(true),
                _ => return Err(PARLOR_ERR_INVALID_ARGUMENT),
            }
        }
        PARLOR_TICHU_ACTION_EXCHANGE => {
            unused(a.flag | a.seat | a.wish)?;
            if a.cards != 0 {
                return Err(PARLOR_ERR_INVALID_ARGUMENT);
            }
            let [l, p, r] = a.exchange;
            Action::Exchange {
                left: card_in(l)?,
                partner: card_in(p)?,
                right: card_in(r)?,
            }
        }
        PARLOR_TICHU_ACTION_TICHU | PARLOR_TICHU_ACTION_PASS => {
            unused(a.flag | a.seat | a.wish)?;
            if !no_cards {
                return Err(PARLOR_ERR_INVALID_ARGUMENT);
            }
            if a.kind == PARLOR_TICHU_ACTION_TICHU {
                Action::Tichu
            } else {
                Action::Pass
            }
        }
        PARLOR_TICHU_ACTION_PLAY => {
            unused(a.flag | a.seat)?;
            if a.exchange != [0; 3] {
                return Err(PARLOR_ERR_INVALID_ARGUMENT);
            }
            let wish = match a.wish {
                0 => None,
                code => Some(Rank::try_from(code).map_err(|_| PARLOR_ERR_INVALID_ARGUMENT)?),
            };
            Action::Play {
                cards: Cards::from_mask(a.cards).map_err(error_code)?,
                wish,
            }
        }
        PARLOR_TICHU_ACTION_GIVE_DRAGON_TRICK => {
            unused(a.flag | a.wish)?;
            if !no_cards {
                return Err(PARLOR_ERR_INVALID_ARGUMENT);
            }
            Action::GiveDragonTrick(seat_in(a.seat)?)
        }
        _ => return Err(PARLOR_ERR_INVALID_ARGUMENT),
    };
    Ok(action)
}

/// The C action of a core action.
pub fn action_out(action: Action) -> ParlorTichuAction {
    let mut a = ParlorTichuAction::default();
    match action {
        Action::GrandTichu(call) => {
            a.kind = PARLOR_TICHU_ACTION_GRAND_TICHU;
            a.flag = u8::from(call);
        }
        Action::Exchange { left, partner, right } => {
            a.kind = PARLOR_TICHU_ACTION_EXCHANGE;
            a.exchange = [left, partner, right].map(|c| card_code(Some(c)));
        }
        Action::Tichu => a.kind = PARLOR_TICHU_ACTION_TICHU,
        Action::Pass => a.kind = PARLOR_TICHU_ACTION_PASS,
        Action::Play { cards, wish } => {
            a.kind = PARLOR_TICHU_ACTION_PLAY;
            a.cards = cards.mask();
            a.wish = wish.map_or(0, Rank::value);
        }
        Action::GiveDragonTrick(to) => {
            a.kind = PARLOR_TICHU_ACTION_GIVE_DRAGON_TRICK;
            a.seat = to.0;
        }
    }
    a
}

fn seat_code(seat: Option<Seat>) -> u8 {
    seat.map_or(PARLOR_TICHU_ROUND_NO_SEAT, |s| s.0)
}

fn event_out(event: &Event, match_over: bool) -> ParlorTichuEvent {
    ParlorTichuEvent {
        trick_taken: u8::from(event.trick_taken.is_some()),
        taker: event.trick_taken.map_or(PARLOR_TICHU_ROUND_NO_SEAT, |t| t.taker.0),
        points: event.trick_taken.map_or(0, |t| t.points),
        dragon: u8::from(event.trick_taken.is_some_and(|t| t.dragon)),
        dragon_given_to: seat_code(event.dragon_given_to),
        out: seat_code(event.out),
        wish_fulfilled: event.wish_fulfilled.map_or(0, Rank::value),
        exchange_done: u8::from(event.exchange_done),
        round_over: u8::from(event.round_over),
        match_over: u8::from(match_over),
    }
}

fn call_code(call: Call) -> u8 {
    call as u8
}

fn outcome_out(outcome: &Outcome) -> ParlorTichuOutcome {
    ParlorTichuOutcome {
        scores: outcome.scores,
        card_points: outcome.card_points,
        call_points: outcome.call_points,
        double_victory: outcome.double_victory.unwrap_or(PARLOR_TICHU_ROUND_NO_SEAT),
        finish: outcome.finish.map(|s| s.0),
        calls: outcome.calls.map(call_code),
    }
}

fn phase_code(phase: Phase) -> u8 {
    match phase {
        Phase::GrandTichu => PARLOR_TICHU_PHASE_GRAND_TICHU,
        Phase::Exchange => PARLOR_TICHU_PHASE_EXCHANGE,
        Phase::Play => PARLOR_TICHU_PHASE_PLAY,
        Phase::DragonGift => PARLOR_TICHU_PHASE_DRAGON_GIFT,
        Phase::Over => PARLOR_TICHU_PHASE_OVER,
    }
}

/// The default rules (target 1000, Tichu during the exchange, claims in turn order) into
/// `*out_config`. Errors: `PARLOR_ERR_NULL_POINTER`.
///
/// # Safety
/// `out_config` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_config_default(out_config: *mut ParlorTichuConfig) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_config) }?;
        let c = Config::default();
        *out = ParlorTichuConfig {
            target: c.target,
            tichu_during_exchange: u8::from(c.tichu_during_exchange),
            bomb_priority: c.bomb_priority as u8,
        };
        Ok(())
    })())
}

/// A new round in `*out_round` under `*config` (NULL: the default rules). `hands` NULL: the
/// seeded deal of `seed`; else 56 deck indices, seat 0's 14 cards first, each hand in dealing
/// order (its first 8 the Grand Tichu window; `seed` unused). Errors: `PARLOR_ERR_NULL_POINTER`,
/// `PARLOR_ERR_INVALID_ARGUMENT` (a bad config or card index), `PARLOR_TICHU_ERR_INVALID_DEAL`
/// (not the whole deck).
///
/// # Safety
/// `config` NULL or readable; `hands` NULL or readable for 56 bytes; `out_round` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_round_new(
    config: *const ParlorTichuConfig,
    seed: u64,
    hands: *const u8,
    out_round: *mut ParlorTichuRound,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_round) }?;
        let config = config_in(config)?;
        let deal = if hands.is_null() {
            Deal::Seeded(seed)
        } else {
            // SAFETY: forwarded contract (56 bytes).
            let indices = unsafe { input_slice(hands, PARLOR_TICHU_DECK) }?;
            let mut cards = [[Card::Dog; round::HAND]; 4];
            for (hand, chunk) in cards.iter_mut().zip(indices.chunks(round::HAND)) {
                for (slot, &index) in hand.iter_mut().zip(chunk) {
                    *slot = card_in(index)?;
                }
            }
            Deal::Given { hands: cards }
        };
        let round = Round::new(&config, &deal).map_err(error_code)?;
        *out = round_state(&round)?;
        Ok(())
    })())
}

/// The seat in ordinary turn into `*out_seat` (255 when the round is over). Errors:
/// `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `round` readable; `out_seat` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_round_to_act(round: *const ParlorTichuRound, out_seat: *mut u8) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_seat) }?;
        *out = seat_code(round_in(round)?.to_act());
        Ok(())
    })())
}

/// The seats that may act now as a mask into `*out_mask` (bit `s`: seat `s` has a legal action:
/// its turn, a bomb on the table, a Tichu call), and the order simultaneous claims are served in
/// into `out_claim_order[4]` (may be NULL). Errors: `PARLOR_ERR_NULL_POINTER`,
/// `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `round` readable; `out_mask` writable; `out_claim_order` NULL or writable for 4 bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_round_may_act(
    round: *const ParlorTichuRound,
    out_mask: *mut u8,
    out_claim_order: *mut u8,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_mask) }?;
        let round = round_in(round)?;
        *out = round
            .acting_seats()
            .iter()
            .enumerate()
            .fold(0u8, |m, (i, &may)| m | (u8::from(may) << i));
        if !out_claim_order.is_null() {
            // SAFETY: forwarded contract (4 bytes).
            let order = unsafe { output_slice(out_claim_order, 4) }?;
            for (slot, seat) in order.iter_mut().zip(round.claim_order()) {
                *slot = seat.0;
            }
        }
        Ok(())
    })())
}

/// Writes the first `min(total, capacity)` legal actions of `seat` into `out_actions` (the
/// core's order) and the total into `*out_total`; `PARLOR_TICHU_MAX_ACTIONS` always suffice.
/// Returns `PARLOR_OK` even when the buffer is short (the total says how many exist). Errors:
/// `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_ARGUMENT` (seat), `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `round` readable; `out_actions` writable for `capacity` entries (NULL with 0);
/// `out_total` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_round_legal_actions(
    round: *const ParlorTichuRound,
    seat: u8,
    out_actions: *mut ParlorTichuAction,
    capacity: usize,
    out_total: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let total = unsafe { output(out_total) }?;
        // SAFETY: forwarded contract.
        let slots = unsafe { output_slice(out_actions, capacity) }?;
        let round = round_in(round)?;
        let seat = seat_in(seat)?;
        let mut count = 0usize;
        round.for_each_legal_action(seat, |action| {
            if let Some(slot) = slots.get_mut(count) {
                *slot = action_out(action);
            }
            count = count.saturating_add(1);
        });
        *total = count;
        Ok(())
    })())
}

/// `seat` applies `*action` to `*round`; `*out_event` (may be NULL) says what happened. On
/// error the round is unchanged. Errors: `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_ARGUMENT`
/// (a bad seat or action code), `PARLOR_ERR_INVALID_STATE`, the round's errors (209–228).
///
/// # Safety
/// `round` readable and writable; `action` readable; `out_event` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_round_apply(
    round: *mut ParlorTichuRound,
    seat: u8,
    action: *const ParlorTichuAction,
    out_event: *mut ParlorTichuEvent,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let state = unsafe { output(round) }?;
        // SAFETY: forwarded contract.
        let action = unsafe { input_slice(action, 1) }?
            .first()
            .ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
        // SAFETY: forwarded contract; checked before the state changes.
        let out_event = unsafe { optional_output(out_event) }?;
        let mut core = round_in(state)?;
        let event = core.apply(seat_in(seat)?, action_in(action)?).map_err(error_code)?;
        *state = round_state(&core)?;
        if let Some(slot) = out_event {
            *slot = event_out(&event, false);
        }
        Ok(())
    })())
}

fn observation_out(round: &Round, seat: Seat) -> Result<ParlorTichuObservation, ParlorStatus> {
    let obs = round.observation(seat).map_err(error_code)?;
    let mut out_order = [PARLOR_TICHU_ROUND_NO_SEAT; 4];
    let mut out_count = 0u8;
    for (slot, s) in out_order.iter_mut().zip(obs.out_order()) {
        *slot = s.0;
        out_count = out_count.saturating_add(1);
    }
    let mut card_play = [0u8; PARLOR_TICHU_DECK];
    for n in 1..=obs.plays() {
        let mask = obs.play_cards(n).mask();
        for (i, slot) in card_play.iter_mut().enumerate() {
            if mask & (1u64 << i) != 0 {
                *slot = n;
            }
        }
    }
    let mut play_seat = [PARLOR_TICHU_ROUND_NO_SEAT; PARLOR_TICHU_DECK];
    let plays = obs
        .history()
        .filter(|r| matches!(r.kind, round::RecordKind::Play { .. }));
    for (slot, record) in play_seat.iter_mut().zip(plays) {
        *slot = record.seat.0;
    }
    Ok(ParlorTichuObservation {
        seat: seat.0,
        phase: phase_code(obs.phase),
        to_act: seat_code(obs.to_act),
        exchanged_mask: obs
            .exchanged
            .iter()
            .enumerate()
            .fold(0u8, |m, (i, &e)| m | (u8::from(e) << i)),
        hand: obs.hand.mask(),
        given: obs.given.map(card_code),
        received: obs.received.map(card_code),
        grand_decisions: obs.grand_decisions,
        calls: obs.calls.map(call_code),
        card_counts: obs.card_counts,
        out_order,
        out_count,
        dragon_waiting: seat_code(obs.dragon_waiting),
        wish_made: obs.wish_made.map_or(0, Rank::value),
        plays: obs.plays(),
        points_taken: obs.points_taken,
        card_play,
        play_seat,
        trick: trick_out_parts(&obs.trick),
    })
}

/// What `seat` may know into `*out_observation`. Errors: `PARLOR_ERR_NULL_POINTER`,
/// `PARLOR_ERR_INVALID_ARGUMENT` (seat), `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `round` readable; `out_observation` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_round_observe(
    round: *const ParlorTichuRound,
    seat: u8,
    out_observation: *mut ParlorTichuObservation,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_observation) }?;
        let round = round_in(round)?;
        *out = observation_out(&round, seat_in(seat)?)?;
        Ok(())
    })())
}

/// `*out_over` = 1 and the result into `*out_outcome` once the round is over; `*out_over` = 0
/// (and `*out_outcome` zeroed) before. Errors: `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `round` readable; `out_outcome` and `out_over` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_round_outcome(
    round: *const ParlorTichuRound,
    out_outcome: *mut ParlorTichuOutcome,
    out_over: *mut u8,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let outcome = unsafe { output(out_outcome) }?;
        // SAFETY: forwarded contract.
        let over = unsafe { output(out_over) }?;
        let round = round_in(round)?;
        match round.outcome() {
            Some(o) => {
                *outcome = outcome_out(&o);
                *over = 1;
            }
            None => {
                *outcome = ParlorTichuOutcome::default();
                *over = 0;
            }
        }
        Ok(())
    })())
}

fn write_bytes(bytes: &[u8], out: *mut u8, capacity: usize, out_len: *mut usize) -> Result<(), ParlorStatus> {
    // SAFETY: forwarded contract.
    let len = unsafe { output(out_len) }?;
    // SAFETY: forwarded contract.
    let slots = unsafe { output_slice(out, capacity) }?;
    crate::util::encoded_into(slots, len, bytes.len(), |slots| {
        let slots = slots.get_mut(..bytes.len()).ok_or(PARLOR_ERR_BUFFER_TOO_SMALL)?;
        for (slot, &b) in slots.iter_mut().zip(bytes) {
            *slot = b;
        }
        Ok(())
    })
}

/// The round's versioned byte form (`PARLOR_TICHU_ROUND_ENCODED_BYTES`) into `out`; its length
/// into `*out_len` (also on `PARLOR_ERR_BUFFER_TOO_SMALL`). Errors: `PARLOR_ERR_NULL_POINTER`,
/// `PARLOR_ERR_BUFFER_TOO_SMALL`, `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `round` readable; `out` writable for `capacity` bytes; `out_len` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_round_encode(
    round: *const ParlorTichuRound,
    out: *mut u8,
    capacity: usize,
    out_len: *mut usize,
) -> ParlorStatus {
    status((|| {
        let round = round_in(round)?;
        let mut bytes = [0u8; round::ENCODED_BYTES];
        round.encode(&mut bytes).map_err(error_code)?;
        write_bytes(&bytes, out, capacity, out_len)
    })())
}

/// The round of `len` encoded bytes into `*out_round`, re-validated. Errors:
/// `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_STATE` (bytes no round has).
///
/// # Safety
/// `bytes` readable for `len` bytes; `out_round` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_round_decode(
    bytes: *const u8,
    len: usize,
    out_round: *mut ParlorTichuRound,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_round) }?;
        // SAFETY: forwarded contract.
        let bytes = unsafe { input_slice(bytes, len) }?;
        let round = Round::decode(bytes).map_err(error_code)?;
        *out = round_state(&round)?;
        Ok(())
    })())
}

/// A new match under `*config` (NULL: the default rules) seeded `seed` into `*out_match`.
/// Errors: `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `config` NULL or readable; `out_match` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_match_new(
    config: *const ParlorTichuConfig,
    seed: u64,
    out_match: *mut ParlorTichuMatch,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_match) }?;
        let game = Match::new(&config_in(config)?, seed).map_err(error_code)?;
        *out = match_state(&game)?;
        Ok(())
    })())
}

/// The round in play (the last one once the match is over) into `*out_round`, for
/// `parlor_tichu_round_to_act`, `_legal_actions`, `_observe`. Errors: `PARLOR_ERR_NULL_POINTER`,
/// `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `game` readable; `out_round` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_match_round(
    game: *const ParlorTichuMatch,
    out_round: *mut ParlorTichuRound,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_round) }?;
        *out = round_state(match_in(game)?.round())?;
        Ok(())
    })())
}

/// `seat` applies `*action` to the match's round; when the round ends its scores are added and
/// the next round is dealt (unless the match is over). `*out_event` (may be NULL) says what
/// happened (`match_over`); `*out_outcome` (may be NULL) receives the result of a round that
/// just ended (zeroed otherwise). On error the match is unchanged. Errors: as
/// `parlor_tichu_round_apply`; `PARLOR_TICHU_ERR_ROUND_OVER` once the match is over.
///
/// # Safety
/// `game` readable and writable; `action` readable; `out_event`, `out_outcome` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_match_apply(
    game: *mut ParlorTichuMatch,
    seat: u8,
    action: *const ParlorTichuAction,
    out_event: *mut ParlorTichuEvent,
    out_outcome: *mut ParlorTichuOutcome,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let state = unsafe { output(game) }?;
        // SAFETY: forwarded contract.
        let action = unsafe { input_slice(action, 1) }?
            .first()
            .ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
        // SAFETY: forwarded contract; every output checked before the state changes.
        let (out_event, out_outcome) = unsafe { (optional_output(out_event)?, optional_output(out_outcome)?) };
        let mut core = match_in(state)?;
        let MatchEvent {
            event,
            finished: outcome,
            match_over,
        } = core.apply(seat_in(seat)?, action_in(action)?).map_err(error_code)?;
        *state = match_state(&core)?;
        if let Some(slot) = out_event {
            *slot = event_out(&event, match_over);
        }
        if let Some(slot) = out_outcome {
            *slot = outcome.as_ref().map(outcome_out).unwrap_or_default();
        }
        Ok(())
    })())
}

/// The totals into `out_scores[2]` (team 0, team 1), the rounds finished into `*out_rounds` and
/// the winning team (0 or 1; 255 while the match goes on) into `*out_winner`. Errors:
/// `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `game` readable; `out_scores` writable for 2 values; `out_rounds`, `out_winner` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_match_scores(
    game: *const ParlorTichuMatch,
    out_scores: *mut i32,
    out_rounds: *mut u32,
    out_winner: *mut u8,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let scores = unsafe { output_slice(out_scores, 2) }?;
        // SAFETY: forwarded contract.
        let rounds = unsafe { output(out_rounds) }?;
        // SAFETY: forwarded contract.
        let winner = unsafe { output(out_winner) }?;
        let game = match_in(game)?;
        for (slot, s) in scores.iter_mut().zip(game.scores()) {
            *slot = s;
        }
        *rounds = game.rounds_played();
        // The winning team: the team of seat 0 when seat 0 is at place 0, else team 1.
        *winner = game.result().map_or(PARLOR_TICHU_ROUND_NO_SEAT, |result| {
            u8::from(result.place(Seat(0)) != Some(0))
        });
        Ok(())
    })())
}

/// The match's versioned byte form (`PARLOR_TICHU_MATCH_ENCODED_BYTES`) into `out`, its length
/// into `*out_len`. Errors: `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_BUFFER_TOO_SMALL`,
/// `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `game` readable; `out` writable for `capacity` bytes; `out_len` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_match_encode(
    game: *const ParlorTichuMatch,
    out: *mut u8,
    capacity: usize,
    out_len: *mut usize,
) -> ParlorStatus {
    status((|| {
        let game = match_in(game)?;
        let mut bytes = [0u8; game_match::ENCODED_BYTES];
        game.encode(&mut bytes).map_err(error_code)?;
        write_bytes(&bytes, out, capacity, out_len)
    })())
}

/// The match of `len` encoded bytes into `*out_match`, re-validated. Errors:
/// `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `bytes` readable for `len` bytes; `out_match` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_tichu_match_decode(
    bytes: *const u8,
    len: usize,
    out_match: *mut ParlorTichuMatch,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_match) }?;
        // SAFETY: forwarded contract.
        let bytes = unsafe { input_slice(bytes, len) }?;
        let game = Match::decode(bytes).map_err(error_code)?;
        *out = match_state(&game)?;
        Ok(())
    })())
}
