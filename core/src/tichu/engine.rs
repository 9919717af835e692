//! Tichu behind the one interface ([`crate::game`]): [`game::Round`] for [`Round`],
//! [`game::Match`] for [`Match`], [`game::Rules`] for [`Config`], [`game::GameError`] for
//! [`Error`]. Everything delegates to the inherent methods of [`super::round`] and
//! [`super::game_match`].
//!
//! Seats interrupt ([`game::Round::INTERRUPTS`] is `true`): a bomb that beats the table and a
//! Tichu call may come from any seat out of turn, and the claims of several seats are served in
//! the round's own [`Round::claim_order`] ([`Config::bomb_priority`]). Scores are per team: two
//! entries, team 0 (seats 0 and 2) then team 1 (seats 1 and 3).
//!
//! # Action codes
//!
//! [`game::Round::action_code`] packs an [`Action`] into a `u64` (fixed forever; pinned by
//! tests). The kind is in bits 60..=63; every bit not named below is 0.
//!
//! | kind (bits 60..=63) | action                       | payload                                                                 |
//! |---------------------|------------------------------|-------------------------------------------------------------------------|
//! | 0                   | `pass`                       | none (the code is 0)                                                    |
//! | 1                   | `no-grand`                   | none                                                                    |
//! | 2                   | `grand`                      | none                                                                    |
//! | 3                   | `tichu`                      | none                                                                    |
//! | 4                   | `play <cards> [wish <rank>]` | bits 0..=55 the cards (bit = deck index, [`round::card_of_index`]); bits 56..=59 the wish rank 2..=14, 0 for none |
//! | 5                   | `exchange <l> <p> <r>`       | bits 0..=5 the deck index of `left`, 6..=11 `partner`, 12..=17 `right`   |
//! | 6                   | `give <seat>`                | bits 0..=1 the seat                                                     |
//!
//! Deck index `4·(r − 2) + s` is the natural card of rank `r` (2..=14) and suit `s` (Jade 0,
//! Sword 1, Pagoda 2, Star 3); 52 Mah Jong, 53 Dog, 54 Phoenix, 55 Dragon. A play's code holds
//! at least one card. An action no round can take because it cannot be written as deck cards (a
//! natural card without its suit, a seat above 3) has the code `u64::MAX`, which decodes to
//! `None`, as does every code outside the table.
//!
//! ```
//! use parlor_core::game::Round as _;
//! use parlor_core::tichu::round::{Action, Round};
//! assert_eq!(Round::action_code(Action::Pass), 0);
//! assert_eq!(Round::action_code(Action::Tichu), 3 << 60);
//! let play = Round::parse_action("play 1 wish 7").unwrap();
//! assert_eq!(Round::action_code(play), 4 << 60 | 7 << 56 | 1 << 52);
//! assert_eq!(Round::action_from_code(4 << 60 | 7 << 56 | 1 << 52), Some(play));
//! ```
//!
//! # The view of a seat
//!
//! [`game::Round::write_view`] writes, for a person or a UI, in plain ASCII (each line ends with
//! `\n`): the seat and its team, the stage, the own hand sorted (only the 8-card window during
//! the Grand Tichu decisions), the own exchange and the cards received, one line per seat (cards
//! held, call, card points taken, place out), the trick on the table, the open wish, a Dragon
//! trick waiting, whose turn it is, and once over the round's scores. Never another seat's
//! hidden card.
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::fmt;
use core::mem::MaybeUninit;
use core::ops::ControlFlow;

use crate::notation::Dec;

use super::Error;
use super::card::{Card, Rank};
use super::game_match::{self, Match, MatchEvent};
use super::notation;
use super::round::{self, Action, BombPriority, Config, Deal, Event, Observation, Outcome, Phase, Round};
use super::score::Call;
use crate::game::{self, Fault, GameId, MAX_SEATS, Placement, RuleError, RuleKey, Scores, Seat};

const KIND_SHIFT: u32 = 60;
const KIND_PASS: u64 = 0;
const KIND_NO_GRAND: u64 = 1;
const KIND_GRAND: u64 = 2;
const KIND_TICHU: u64 = 3;
const KIND_PLAY: u64 = 4;
const KIND_EXCHANGE: u64 = 5;
const KIND_GIVE: u64 = 6;
const DECK_BITS: u64 = (1u64 << round::DECK) - 1;
const NO_CODE: u64 = u64::MAX;

/// The deck index of a suited card or a special ([`round::index_of_card`]) as a code field.
fn card_field(card: Card) -> Option<u64> {
    round::index_of_card(card).map(u64::from)
}

fn action_code(action: Action) -> u64 {
    let code = match action {
        Action::Pass => Some(KIND_PASS << KIND_SHIFT),
        Action::GrandTichu(false) => Some(KIND_NO_GRAND << KIND_SHIFT),
        Action::GrandTichu(true) => Some(KIND_GRAND << KIND_SHIFT),
        Action::Tichu => Some(KIND_TICHU << KIND_SHIFT),
        Action::Play { cards, wish } => {
            let bits = cards.mask() & DECK_BITS;
            // Rank-only natural cards (no suit) are no deck cards: no code.
            let rank_only = !cards.is_suited() && bits & ((1u64 << 52) - 1) != 0;
            let wish = wish.map_or(0, |rank| u64::from(rank.value()));
            (!rank_only && bits != 0).then_some(KIND_PLAY << KIND_SHIFT | wish << 56 | bits)
        }
        Action::Exchange { left, partner, right } => match (card_field(left), card_field(partner), card_field(right)) {
            (Some(l), Some(p), Some(r)) => Some(KIND_EXCHANGE << KIND_SHIFT | r << 12 | p << 6 | l),
            _ => None,
        },
        Action::GiveDragonTrick(seat) => (seat.0 < 4).then_some(KIND_GIVE << KIND_SHIFT | u64::from(seat.0)),
    };
    code.unwrap_or(NO_CODE)
}

fn action_from_code(code: u64) -> Option<Action> {
    let payload = code & ((1u64 << KIND_SHIFT) - 1);
    let card = |shift: u32| round::card_of_index(((payload >> shift) & 0x3F) as u8);
    match code >> KIND_SHIFT {
        KIND_PASS if payload == 0 => Some(Action::Pass),
        KIND_NO_GRAND if payload == 0 => Some(Action::GrandTichu(false)),
        KIND_GRAND if payload == 0 => Some(Action::GrandTichu(true)),
        KIND_TICHU if payload == 0 => Some(Action::Tichu),
        KIND_PLAY => {
            let bits = payload & DECK_BITS;
            let wish = match (payload >> 56) & 0xF {
                0 => None,
                value => Some(Rank::new(value as u8)?),
            };
            (bits != 0).then(|| Action::Play {
                cards: round::set_of(bits),
                wish,
            })
        }
        KIND_EXCHANGE if payload >> 18 == 0 => Some(Action::Exchange {
            left: card(0)?,
            partner: card(6)?,
            right: card(12)?,
        }),
        KIND_GIVE if payload >> 2 == 0 => Some(Action::GiveDragonTrick(Seat(payload as u8))),
        _ => None,
    }
}

impl game::GameError for Error {
    /// The shared kinds: `NotYourTurn`; a seat code outside 0..=3 is `NoSuchSeat`; the round's
    /// refusals of an action (a play that does not beat the table, a pass on the lead, the
    /// wish, an action of another stage, a second call, a late call, a bad exchange, a gift to
    /// a partner, …) are `IllegalAction`; `RoundOver`, `InvalidConfig`, `InvalidState`,
    /// `BufferTooSmall`, `Internal`. Parse errors, the trick API's own errors and scoring
    /// inputs are Tichu's own (`None`).
    fn fault(&self) -> Option<Fault> {
        Some(match self {
            Error::NotYourTurn => Fault::NotYourTurn,
            Error::UnknownCode { what: "seat", .. } => Fault::NoSuchSeat,
            Error::SeatIsOut
            | Error::NotInHand
            | Error::IllegalPlay
            | Error::CannotPassOnLead
            | Error::MustFulfilWish
            | Error::UnexpectedWish
            | Error::NotAnOpponent
            | Error::PlayedTwice
            | Error::WrongPhase
            | Error::AlreadyCalled
            | Error::TooLateToCall
            | Error::AlreadyExchanged
            | Error::BadExchange => Fault::IllegalAction,
            Error::RoundOver => Fault::RoundOver,
            Error::InvalidConfig => Fault::InvalidConfig,
            Error::InvalidState => Fault::InvalidState,
            Error::BufferTooSmall { .. } => Fault::BufferTooSmall,
            Error::Internal => Fault::Internal,
            _ => return None,
        })
    }

    /// The Tichu error of a shared kind: `NoSuchSeat` is `UnknownCode { what: "seat", code: 4 }`
    /// (the first seat not at the table), `IllegalAction` is `IllegalPlay`, `BufferTooSmall` is
    /// `BufferTooSmall { needed: 0 }` (the size is not known here).
    fn from_fault(fault: Fault) -> Error {
        match fault {
            Fault::NotYourTurn => Error::NotYourTurn,
            Fault::NoSuchSeat => Error::UnknownCode { what: "seat", code: 4 },
            Fault::IllegalAction => Error::IllegalPlay,
            Fault::RoundOver => Error::RoundOver,
            Fault::InvalidConfig => Error::InvalidConfig,
            Fault::InvalidState => Error::InvalidState,
            Fault::BufferTooSmall => Error::BufferTooSmall { needed: 0 },
            Fault::Internal => Error::Internal,
        }
    }
}

const RULES_VERSION: u8 = 1;

fn yes_no(value: &str) -> Result<bool, RuleError> {
    match value {
        "yes" => Ok(true),
        "no" => Ok(false),
        _ => Err(RuleError::BadValue),
    }
}

/// The value text of a yes/no rule.
const fn yes_or_no(flag: bool) -> &'static str {
    if flag { "yes" } else { "no" }
}

/// The `target` value: `value` as a `u16` (`str::parse`'s form: an optional `+`, then
/// decimal digits) in 1..=10,000, else `None`. Read by the notation's
/// [`parse_unsigned`](crate::notation::parse_unsigned): the standard parser's code is not linked
/// (flash on a microcontroller; tested equal).
pub(super) fn target_of(value: &str) -> Option<u16> {
    crate::notation::parse_unsigned(value)
        .filter(|target| (1..=10_000).contains(target))
        .and_then(|target| u16::try_from(target).ok())
}

/// `target_of` the way before: the standard parser and the range (the tests' reference).
#[cfg(test)]
pub(super) fn target_by_parse(value: &str) -> Option<u16> {
    value.parse::<u16>().ok().filter(|target| (1..=10_000).contains(target))
}

const RULES_BYTES: usize = 5;

impl game::Rules for Config {
    /// `standard` ([`Config::STANDARD`], the default), `club` ([`Config::CLUB`]), `classic`
    /// ([`Config::CLASSIC`]: both bomb flags off) and `bsw` ([`Config::BSW`]).
    const PRESETS: &'static [(&'static str, Config)] = &[
        ("standard", Config::STANDARD),
        ("club", Config::CLUB),
        ("classic", Config::CLASSIC),
        ("bsw", Config::BSW),
    ];

    const KEYS: &'static [RuleKey] = &[
        RuleKey {
            name: "target",
            values: "1..=10000",
            doc: "The match ends after a round that leaves a team at or above this score (docs/rules/tichu.md: 1000).",
        },
        RuleKey {
            name: "tichu-during-exchange",
            values: "yes|no",
            doc: "Tichu may be called from the end of the deal (yes, standard) or only after the exchange (no, club rule; docs/tichu.md).",
        },
        RuleKey {
            name: "bomb-priority",
            values: "turn-order|seat-order",
            doc: "Simultaneous claims (bombs, calls) served in turn order from the seat in turn, or by seat number (docs/tichu.md, a ruling).",
        },
        RuleKey {
            name: "bomb-after-passes",
            values: "yes|no",
            doc: "After every other seat passed, the trick waits for its winner's gathering pass and anyone may still bomb (yes, standard; Tichu-Verein Würzburg rulings, docs/rules/tichu.md) or the last pass ends it (no).",
        },
        RuleKey {
            name: "wish-bomb",
            values: "yes|no",
            doc: "A wish binds only in one's ordinary turn: the seat in turn may bomb without fulfilling it (yes, standard; Tichu-Verein Würzburg rulings, docs/rules/tichu.md) or must fulfil it if able (no).",
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        match key {
            "target" => self.target = target_of(value).ok_or(RuleError::BadValue)?,
            "tichu-during-exchange" => self.tichu_during_exchange = yes_no(value)?,
            "bomb-after-passes" => self.bomb_after_passes = yes_no(value)?,
            "wish-bomb" => self.wish_bomb = yes_no(value)?,
            "bomb-priority" => {
                self.bomb_priority = match value {
                    "turn-order" => BombPriority::TurnOrder,
                    "seat-order" => BombPriority::SeatOrder,
                    _ => return Err(RuleError::BadValue),
                };
            }
            _ => return Err(RuleError::UnknownKey),
        }
        Ok(())
    }

    fn write_value(&self, key: &str, out: &mut dyn fmt::Write) -> Result<(), RuleError> {
        let written = match key {
            "target" => Dec::from(self.target).write_to(out),
            "tichu-during-exchange" => out.write_str(yes_or_no(self.tichu_during_exchange)),
            "bomb-after-passes" => out.write_str(yes_or_no(self.bomb_after_passes)),
            "wish-bomb" => out.write_str(yes_or_no(self.wish_bomb)),
            "bomb-priority" => out.write_str(match self.bomb_priority {
                BombPriority::TurnOrder => "turn-order",
                BombPriority::SeatOrder => "seat-order",
            }),
            _ => return Err(RuleError::UnknownKey),
        };
        // A writer that fails has no room for an answer; the key was known.
        let _ = written;
        Ok(())
    }

    /// Version 1, then the round's config bytes: the target (2 bytes, little-endian), the
    /// flag byte (bit 0 the exchange call, bit 1 `bomb-after-passes`, bit 2 `wish-bomb`; 0 or 1
    /// with both bomb flags off, as before they existed), the bomb priority code (0 turn order,
    /// 1 seat order).
    const ENCODED_BYTES: usize = RULES_BYTES;

    fn encode(&self, out: &mut [u8]) -> Option<usize> {
        let out = out.get_mut(..RULES_BYTES)?;
        let [lo, hi] = self.target.to_le_bytes();
        let bytes = [RULES_VERSION, lo, hi, self.flag_byte(), self.bomb_priority as u8];
        out.copy_from_slice(&bytes);
        Some(RULES_BYTES)
    }

    /// Exactly [`Rules::ENCODED_BYTES`](game::Rules::ENCODED_BYTES) bytes of version 1; the
    /// target must be 1..=10,000 (its one field rule), the flag 0 or 1, the priority a code.
    fn decode(bytes: &[u8]) -> Option<Config> {
        match *bytes {
            [RULES_VERSION, lo, hi, flag, priority] => {
                let (tichu_during_exchange, bomb_after_passes, wish_bomb) = Config::flags_of(flag)?;
                let config = Config {
                    target: u16::from_le_bytes([lo, hi]),
                    tichu_during_exchange,
                    bomb_priority: BombPriority::try_from(priority).ok()?,
                    bomb_after_passes,
                    wish_bomb,
                };
                config.validate().ok()?;
                Some(config)
            }
            _ => None,
        }
    }
}

impl game::Round for Round {
    const GAME: GameId = GameId::Tichu;
    const SEATS: usize = 4;
    const MAX_ACTIONS: usize = round::MAX_ACTIONS;
    const ENCODED_BYTES: usize = round::ENCODED_BYTES;
    const INTERRUPTS: bool = true;
    const HAS_CALLS: bool = true;

    type Config = Config;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;
    type Outcome = Outcome;
    type Error = Error;

    /// A Tichu call or a Grand Tichu call (not the decision against one).
    fn is_call(action: &Action) -> bool {
        matches!(action, Action::Tichu | Action::GrandTichu(true))
    }

    fn seeded(config: &Config, seed: u64) -> Result<Round, Error> {
        Round::new(config, &Deal::Seeded(seed))
    }

    /// `deal`: four hands of 14 suited cards in dealing order, seat 0 first
    /// ([`notation::parse_deal`]; `docs/tichu.md`, "Replay logs").
    fn given(config: &Config, deal: &str) -> Result<Round, Error> {
        Round::new(config, &notation::parse_deal(deal)?)
    }

    fn config(&self) -> &Config {
        Round::config(self)
    }

    fn seats(&self) -> u8 {
        4
    }

    fn to_act(&self) -> Option<Seat> {
        Round::to_act(self)
    }

    fn may_act(&self, seat: Seat) -> bool {
        Round::may_act(self, seat)
    }

    fn for_each_legal_action<F: FnMut(Action)>(&self, seat: Seat, f: F) {
        Round::for_each_legal_action(self, seat, f);
    }

    fn try_for_each_legal_action<F: FnMut(Action) -> ControlFlow<()>>(&self, seat: Seat, f: F) {
        Round::try_for_each_legal_action(self, seat, f);
    }

    fn legal_actions(&self, seat: Seat, out: &mut [Action]) -> usize {
        Round::legal_actions(self, seat, out)
    }

    /// [`Round::count_legal_actions`]: counted by blocks in closed form, not listed.
    fn count_legal_actions(&self, seat: Seat) -> usize {
        Round::count_legal_actions(self, seat)
    }

    /// [`Round::nth_legal_action`]: whole blocks passed over by their counts.
    fn nth_legal_action(&self, seat: Seat, n: usize) -> Option<Action> {
        Round::nth_legal_action(self, seat, n)
    }

    /// The count less the seat's one call (Grand Tichu, Tichu), always its last legal action.
    fn count_non_calls(&self, seat: Seat) -> Option<usize> {
        Some(Round::count_non_calls(self, seat))
    }

    fn is_legal(&self, seat: Seat, action: Action) -> bool {
        Round::is_legal(self, seat, action)
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<Event, Error> {
        Round::apply(self, seat, action)
    }

    fn observation(&self, seat: Seat) -> Result<Observation, Error> {
        Round::observation(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        Round::outcome(self)
    }

    /// Two entries: team 0 (seats 0 and 2), team 1 (seats 1 and 3), card points and calls.
    fn outcome_scores(outcome: &Outcome) -> Scores {
        let [a, b] = outcome.scores;
        Scores::new(&[i32::from(a), i32::from(b)])
    }

    fn encode(&self, out: &mut [u8]) -> Result<usize, Error> {
        Round::encode(self, out)
    }

    fn decode(bytes: &[u8]) -> Result<Round, Error> {
        Round::decode(bytes)
    }

    /// The state the action log replays to: [`CACHE_BYTES`](round::CACHE_BYTES).
    const CACHE_BYTES: usize = round::CACHE_BYTES;

    /// [`Round::encode_cache`]: the replayed state.
    fn encode_cache(&self, out: &mut [u8]) -> Result<usize, Error> {
        Round::encode_cache(self, out)
    }

    /// [`Round::decode_trusted_cached`]: the fields and the cache read, no replay.
    fn decode_trusted_cached(bytes: &[u8], cache: &[u8]) -> Result<Round, Error> {
        Round::decode_trusted_cached(bytes, cache)
    }

    /// The round's own bytes are held in place (`repr(C)`, no padding byte).
    const RAW: bool = true;

    /// zerocopy's bit-validity check of the round's bytes, then [`Round::held_ok`].
    fn raw_ref(bytes: &[u8]) -> Option<&Round> {
        crate::game::held_ref(bytes, Round::held_ok)
    }

    /// As `raw_ref`, writable.
    fn raw_mut(bytes: &mut [u8]) -> Option<&mut Round> {
        crate::game::held_mut(bytes, Round::held_ok_inline)
    }

    fn raw_bytes(&self) -> &[u8] {
        zerocopy::IntoBytes::as_bytes(self)
    }

    /// [`Round::raw_len`]: up to the end of the log's entries.
    fn raw_len(&self) -> usize {
        Round::raw_len(self)
    }

    const IN_PLACE: bool = true;
    /// Its rounds are dealt by value ([`Round::new`]).
    const DEALS_IN_PLACE: bool = false;

    /// [`Round::decode_in`] and [`Match::decode_in`]: dealt and replayed in place.
    const DECODES_IN_PLACE: bool = true;

    /// [`Round::decode_in`]: the log replayed on the round where it lies.
    fn decode_in<'p>(place: &'p mut MaybeUninit<Round>, bytes: &[u8]) -> Result<&'p mut Round, Error> {
        Round::decode_in(place, bytes)
    }

    /// [`Round::decode_trusted_cached_in`]: written in place.
    fn decode_trusted_cached_in<'p>(
        place: &'p mut MaybeUninit<Round>,
        bytes: &[u8],
        cache: &[u8],
    ) -> Result<&'p mut Round, Error> {
        Round::decode_trusted_cached_in(place, bytes, cache)
    }

    /// The layout in the [module docs](self).
    fn action_code(action: Action) -> u64 {
        action_code(action)
    }

    fn action_from_code(code: u64) -> Option<Action> {
        action_from_code(code)
    }

    /// [`notation::parse_action`].
    fn parse_action(text: &str) -> Result<Action, Error> {
        notation::parse_action(text)
    }

    /// The view in the [module docs](self).
    fn write_view(&self, seat: Seat, out: &mut dyn fmt::Write) -> Result<(), Error> {
        let (seen, last, dragon_waiting) = self.view_facts(seat)?;
        let facts = ViewFacts {
            seen,
            last,
            dragon_waiting,
            round: self,
        };
        write_view(&facts, out).map_err(|_| Error::Internal)
    }

    /// [`Round::claim_order`]: the round's [`Config::bomb_priority`].
    fn claim_order(&self) -> [Seat; MAX_SEATS] {
        Round::claim_order(self)
    }
}

const PHASE_NAMES: [(Phase, &str); 5] = [
    (Phase::GrandTichu, "grand tichu decisions"),
    (Phase::Exchange, "exchange"),
    (Phase::Play, "play"),
    (Phase::DragonGift, "dragon trick to give"),
    (Phase::Over, "over"),
];

fn phase_name(phase: Phase) -> &'static str {
    PHASE_NAMES
        .iter()
        .find(|(p, _)| *p == phase)
        .map_or("?", |(_, name)| name)
}

fn call_name(call: Call) -> &'static str {
    match call {
        Call::None => "-",
        Call::Tichu => "tichu",
        Call::GrandTichu => "grand tichu",
    }
}

/// Cards separated by spaces, in the canonical order (`1 2j 2s … R`); `-` for none.
fn write_cards(cards: super::Cards, out: &mut dyn fmt::Write) -> fmt::Result {
    if cards.is_empty() {
        return out.write_str("-");
    }
    for (i, card) in cards.iter().enumerate() {
        if i > 0 {
            out.write_char(' ')?;
        }
        card.write_to(out)?;
    }
    Ok(())
}

/// `text` then the number `n`: the view's lines written piece by piece, one call a piece and
/// its number (a `format_args!` per line built an argument list of each line's pieces and
/// numbers: about 40 % more flash on a microcontroller). In a frame of its own.
#[inline(never)]
fn put(out: &mut dyn fmt::Write, text: &str, n: i32) -> fmt::Result {
    out.write_str(text)?;
    Dec::from(n).write_to(out)
}

/// The exchange line `label` (`passed: ` or `received: `) of the three `cards` (to or from the
/// seats one, two and three after `seat`, `word` saying which), once all three are known.
fn write_exchange(
    out: &mut dyn fmt::Write,
    label: &str,
    word: &str,
    cards: [Option<Card>; 3],
    seat: Seat,
) -> fmt::Result {
    if cards.contains(&None) {
        return Ok(());
    }
    out.write_str(label)?;
    let mut other = seat;
    for card in cards.into_iter().flatten() {
        if other != seat {
            out.write_str(", ")?;
        }
        other = other.next(4);
        card.write_to(out)?;
        put(out, word, other.0.into())?;
    }
    out.write_str("\n")
}

/// What the view of a seat writes ([`write_view`]): the seat's [`Round::view_facts`] and the
/// round for its public accessors.
#[derive(Clone, Copy)]
struct ViewFacts<'a> {
    /// What the seat sees of the round.
    seen: round::Seen,
    /// The cards of the last play.
    last: super::Cards,
    /// The seat giving a Dragon trick away.
    dragon_waiting: Option<Seat>,
    /// The round.
    round: &'a Round,
}

/// The view of the [module docs](self), read off the round in place.
fn write_view(facts: &ViewFacts<'_>, out: &mut dyn fmt::Write) -> fmt::Result {
    let ViewFacts {
        seen: view,
        last,
        dragon_waiting,
        round,
    } = *facts;
    let seat = view.seat;
    let team = i32::from(seat.0 & 1);
    put(out, "tichu: seat ", seat.0.into())?;
    put(out, " (team ", team)?;
    put(out, ": seats ", team)?;
    put(out, " and ", team.wrapping_add(2))?;
    out.write_str(")\nstage: ")?;
    out.write_str(phase_name(view.phase))?;
    out.write_str("\nhand: ")?;
    write_cards(view.hand, out)?;
    if view.phase == Phase::GrandTichu {
        // 8 and 14: the casts keep them.
        const SHOWN: [u8; 2] = [round::WINDOW as u8, round::HAND as u8];
        let [window, hand] = SHOWN;
        put(out, " (the first ", window.into())?;
        put(out, " of ", hand.into())?;
        out.write_str(" cards)")?;
    }
    out.write_str("\n")?;
    write_exchange(out, "passed: ", " to seat ", view.given, seat)?;
    write_exchange(out, "received: ", " from seat ", view.received, seat)?;
    let mut places = [0u8; 4];
    for (place, out_seat) in (1u8..).zip(round.out_order()) {
        if let Some(slot) = places.get_mut(out_seat.index()) {
            *slot = place;
        }
    }
    for k in 0..4u8 {
        let i = usize::from(k);
        let count = view.card_counts.get(i).copied().unwrap_or(0);
        put(out, "seat ", k.into())?;
        if k == seat.0 {
            out.write_str(" (you)")?;
        }
        put(out, ": ", count.into())?;
        out.write_str(if count == 1 { " card, call " } else { " cards, call " })?;
        out.write_str(call_name(round.calls().get(i).copied().unwrap_or(Call::None)))?;
        put(
            out,
            ", points taken ",
            round.points_taken().get(i).copied().unwrap_or(0).into(),
        )?;
        if view.phase == Phase::Exchange && view.exchanged.get(i).copied().unwrap_or(false) {
            out.write_str(", exchange chosen")?;
        }
        let place = places.get(i).copied().unwrap_or(0);
        if place > 0 {
            put(out, ", out ", place.into())?;
        }
        out.write_str("\n")?;
    }
    // Read off the held trick by its accessors (not the working form, `Trick::parts`).
    let trick = round.trick();
    if matches!(view.phase, Phase::Play | Phase::DragonGift) {
        match trick.top() {
            Some(_) => {
                // The top play is the last play made (a trick with a top play has had one).
                out.write_str("table: ")?;
                write_cards(last, out)?;
                put(out, " by seat ", trick.top_seat().index().into())?;
                put(out, " (", trick.passes().into())?;
                put(out, " passes, ", trick.points().into())?;
                out.write_str(" points in the trick)\n")?;
            }
            None => {
                put(out, "table: empty, seat ", trick.turn().index().into())?;
                out.write_str(" leads\n")?;
            }
        }
    }
    if let Some(rank) = trick.wish() {
        out.write_str("wish: ")?;
        out.write_char(rank.symbol())?;
        out.write_str(" (open)\n")?;
    }
    if let Some(giver) = dragon_waiting {
        put(out, "dragon: seat ", giver.0.into())?;
        out.write_str(" gives the trick to an opponent\n")?;
    }
    match (round.to_act(), round.outcome()) {
        (_, Some(outcome)) => {
            let [a, b] = outcome.scores;
            put(out, "round over: scores ", a.into())?;
            put(out, " ", b.into())?;
            out.write_str(" (team 0, team 1)\n")?;
        }
        (Some(turn), None) => {
            put(out, "turn: seat ", turn.0.into())?;
            out.write_str("\n")?;
        }
        (None, None) => {}
    }
    Ok(())
}

/// The view written from an [`Observation`], the way before [`write_view`] read the round in
/// place (the tests' reference).
#[cfg(test)]
pub(super) fn write_view_of_observation(
    view: &Observation,
    outcome: Option<Outcome>,
    out: &mut dyn fmt::Write,
) -> fmt::Result {
    let seat = view.seat;
    let team = i32::from(seat.0 & 1);
    put(out, "tichu: seat ", seat.0.into())?;
    put(out, " (team ", team)?;
    put(out, ": seats ", team)?;
    put(out, " and ", team.wrapping_add(2))?;
    out.write_str(")\nstage: ")?;
    out.write_str(phase_name(view.phase))?;
    out.write_str("\nhand: ")?;
    write_cards(view.hand, out)?;
    if view.phase == Phase::GrandTichu {
        // 8 and 14: the casts keep them.
        const SHOWN: [u8; 2] = [round::WINDOW as u8, round::HAND as u8];
        let [window, hand] = SHOWN;
        put(out, " (the first ", window.into())?;
        put(out, " of ", hand.into())?;
        out.write_str(" cards)")?;
    }
    out.write_str("\n")?;
    write_exchange(out, "passed: ", " to seat ", view.given, seat)?;
    write_exchange(out, "received: ", " from seat ", view.received, seat)?;
    let mut places = [0u8; 4];
    for (place, out_seat) in (1u8..).zip(view.out_order()) {
        if let Some(slot) = places.get_mut(out_seat.index()) {
            *slot = place;
        }
    }
    for k in 0..4u8 {
        let i = usize::from(k);
        let count = view.card_counts.get(i).copied().unwrap_or(0);
        put(out, "seat ", k.into())?;
        if k == seat.0 {
            out.write_str(" (you)")?;
        }
        put(out, ": ", count.into())?;
        out.write_str(if count == 1 { " card, call " } else { " cards, call " })?;
        out.write_str(call_name(view.calls.get(i).copied().unwrap_or(Call::None)))?;
        put(
            out,
            ", points taken ",
            view.points_taken.get(i).copied().unwrap_or(0).into(),
        )?;
        if view.phase == Phase::Exchange && view.exchanged.get(i).copied().unwrap_or(false) {
            out.write_str(", exchange chosen")?;
        }
        let place = places.get(i).copied().unwrap_or(0);
        if place > 0 {
            put(out, ", out ", place.into())?;
        }
        out.write_str("\n")?;
    }
    if matches!(view.phase, Phase::Play | Phase::DragonGift) {
        match view.trick.top {
            Some(_) => {
                // The top play is the last play made (a trick with a top play has had one).
                let top = view.play_cards(view.plays());
                out.write_str("table: ")?;
                write_cards(top, out)?;
                put(out, " by seat ", view.trick.top_seat.index().into())?;
                put(out, " (", view.trick.passes.into())?;
                put(out, " passes, ", view.trick.points.into())?;
                out.write_str(" points in the trick)\n")?;
            }
            None => {
                put(out, "table: empty, seat ", view.trick.turn.index().into())?;
                out.write_str(" leads\n")?;
            }
        }
    }
    if let Some(rank) = view.trick.wish {
        out.write_str("wish: ")?;
        out.write_char(rank.symbol())?;
        out.write_str(" (open)\n")?;
    }
    if let Some(giver) = view.dragon_waiting {
        put(out, "dragon: seat ", giver.0.into())?;
        out.write_str(" gives the trick to an opponent\n")?;
    }
    match (view.to_act, outcome) {
        (_, Some(outcome)) => {
            let [a, b] = outcome.scores;
            put(out, "round over: scores ", a.into())?;
            put(out, " ", b.into())?;
            out.write_str(" (team 0, team 1)\n")?;
        }
        (Some(turn), None) => {
            put(out, "turn: seat ", turn.0.into())?;
            out.write_str("\n")?;
        }
        (None, None) => {}
    }
    Ok(())
}

impl game::Match for Match {
    type Round = Round;

    const ENCODED_BYTES: usize = game_match::ENCODED_BYTES;

    fn new(config: &Config, seed: u64) -> Result<Match, Error> {
        Match::new(config, seed)
    }

    fn round(&self) -> &Round {
        Match::round(self)
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<MatchEvent, Error> {
        Match::apply(self, seat, action)
    }

    /// Two entries: team 0 (seats 0 and 2), team 1 (seats 1 and 3).
    fn scores(&self) -> Scores {
        let [a, b] = Match::scores(self);
        Scores::new(&[a, b])
    }

    fn rounds_played(&self) -> u32 {
        Match::rounds_played(self)
    }

    fn result(&self) -> Option<Placement> {
        Match::result(self)
    }

    fn encode(&self, out: &mut [u8]) -> Result<usize, Error> {
        Match::encode(self, out)
    }

    fn decode(bytes: &[u8]) -> Result<Match, Error> {
        Match::decode(bytes)
    }

    /// [`Match::decode_in`]: the match dealt and its round replayed in place.
    fn decode_in<'p>(place: &'p mut MaybeUninit<Match>, bytes: &[u8]) -> Result<&'p mut Match, Error> {
        Match::decode_in(place, bytes)
    }

    /// The match's own bytes are held in place (`repr(C)`, no padding byte).
    const RAW: bool = true;

    /// zerocopy's bit-validity check of the match's bytes, then [`Match::held_ok`].
    fn raw_ref(bytes: &[u8]) -> Option<&Match> {
        crate::game::held_ref(bytes, Match::held_ok)
    }

    /// As `raw_ref`, writable.
    fn raw_mut(bytes: &mut [u8]) -> Option<&mut Match> {
        crate::game::held_mut(bytes, Match::held_ok)
    }

    fn raw_bytes(&self) -> &[u8] {
        zerocopy::IntoBytes::as_bytes(self)
    }

    /// [`Match::decode_trusted_cached`]: no re-deal, no replay.
    fn decode_trusted_cached(bytes: &[u8], cache: &[u8]) -> Result<Match, Error> {
        Match::decode_trusted_cached(bytes, cache)
    }

    /// [`Match::decode_trusted_cached_in`]: written in place.
    fn decode_trusted_cached_in<'p>(
        place: &'p mut MaybeUninit<Match>,
        bytes: &[u8],
        cache: &[u8],
    ) -> Result<&'p mut Match, Error> {
        Match::decode_trusted_cached_in(place, bytes, cache)
    }
}
