//! Dou Dizhu behind the one interface: [`game::Round`] for [`Round`], [`game::Match`] for
//! [`Match`], [`game::Rules`] for [`Config`] and [`game::GameError`] for [`Error`]. Every method
//! delegates to the inherent one of the same name.
//!
//! # Action codes (`u64`, value-stable)
//!
//! | bits | pass | bid | call | rob | play |
//! |---|---|---|---|---|---|
//! | 0–3 | 0 | 1 | 2 | 3 | 4 |
//! | 4–7 | 0 | the amount (1–3) | 0 | 0 | the reading's kind code (0–13, [`Kind`]) |
//! | 8–11 | 0 | 0 | 0 | 0 | the reading's chain length (1–12) |
//! | 12–15 | 0 | 0 | 0 | 0 | the reading's key rank index (0 = `3` … 14 = `R`) |
//! | 16–60 | 0 | 0 | 0 | 0 | the cards: rank `i`'s count (0–4) in bits `16 + 3i .. 19 + 3i` |
//! | 61–63 | 0 | 0 | 0 | 0 | 0 |
//!
//! [`game::Round::action_from_code`] refuses any other code: a set bit where the table has 0, an
//! unknown tag, kind or rank, a count past the deck, no cards, or a reading the cards do not
//! have under any rules. For example `play 33` (a pair keyed 3) is
//! `4 | 1 << 4 | 1 << 8 | 0 << 12 | 2 << 16` = `0x20114`; `bid 3` is `0x31`.
//!
//! # Notation
//!
//! [`game::Round::parse_action`] reads what [`Action`]'s `Display` prints (the replay log's
//! action words, [`notation::parse_action`]); a `play <cards>` without a reading is the
//! [canonical](Play::canonical) play of the cards. [`game::Round::given`] reads the deal of a
//! log header `doudizhu deal <h0> <h1> <h2> <kitty> [first <seat>]` ([`notation::parse_deal`]).
//!
//! # Rule keys
//!
//! [`Config`]'s fields by name (`--rule KEY=VALUE`): see [`game::Rules::KEYS`] for
//! `Config`, listed in `docs/doudizhu.md`.
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::fmt;
use core::mem::MaybeUninit;
use core::ops::ControlFlow;

use crate::notation::Dec;

use super::Error;
use super::cards::{Cards, RANKS, Rank};
use super::combination::{Kind, Reading, reads_as};
use super::game_match::{MATCH_ENCODED_BYTES, Match, MatchStep};
use super::notation::{self, PERMISSIVE, Written};
use super::round::{
    self, Action, Auction, CONFIG_BYTES, Config, Deal, DealStyle, ENCODED_BYTES, Event, FORMAT_VERSION, MAX_ACTIONS,
    Observation, Outcome, Play, Reader, Round, Scoring, Writer,
};
use crate::game::{self, Fault, GameId, Placement, RuleError, RuleKey, Scores, Seat};

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

impl game::GameError for Error {
    fn fault(&self) -> Option<Fault> {
        Some(match self {
            Error::NotYourTurn { .. } => Fault::NotYourTurn,
            Error::NoSuchSeat { .. } => Fault::NoSuchSeat,
            Error::IllegalAction { .. } => Fault::IllegalAction,
            Error::RoundOver => Fault::RoundOver,
            Error::InvalidConfig { .. } => Fault::InvalidConfig,
            Error::InvalidState { .. } => Fault::InvalidState,
            Error::BufferTooSmall { .. } => Fault::BufferTooSmall,
            Error::Internal => Fault::Internal,
            _ => return None,
        })
    }

    /// The variant of `fault`; details a generic caller cannot know are set to documented
    /// defaults: the seat of `NotYourTurn` is 0 and of `NoSuchSeat` 3 (the first seat past the
    /// table), `BufferTooSmall` needs 0, and the texts name the shared kind.
    fn from_fault(fault: Fault) -> Error {
        match fault {
            Fault::NotYourTurn => Error::NotYourTurn { seat: 0 },
            Fault::NoSuchSeat => Error::NoSuchSeat { seat: 3 },
            Fault::IllegalAction => Error::IllegalAction { why: "" },
            Fault::RoundOver => Error::RoundOver,
            Fault::InvalidConfig => Error::InvalidConfig {
                what: reason!("invalid config"),
            },
            Fault::InvalidState => Error::InvalidState {
                what: reason!("not a Dou Dizhu state"),
            },
            Fault::BufferTooSmall => Error::BufferTooSmall { needed: 0 },
            Fault::Internal => Error::Internal,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

const YES_NO: &str = "yes|no";

impl game::Rules for Config {
    const PRESETS: &'static [(&'static str, Config)] = &[
        ("pagat", Config::PAGAT),
        ("openspiel", Config::OPENSPIEL),
        ("rlcard", Config::RLCARD),
        ("rob", Config::ROB),
        ("botzone", Config::BOTZONE),
        ("douzero", Config::DOUZERO),
    ];

    const KEYS: &'static [RuleKey] = &[
        RuleKey {
            name: "wing-copies",
            values: "1..=4",
            doc: "most cards of one rank among an airplane's single wings (seed/Pagat 1, RLCard and OpenSpiel 3)",
        },
        RuleKey {
            name: "wing-triplet-next-to-chain",
            values: YES_NO,
            doc: "single wings may be a triplet next to the chain, a second reading (OpenSpiel yes, RLCard no)",
        },
        RuleKey {
            name: "both-jokers-as-kickers",
            values: YES_NO,
            doc: "both jokers may be attached as kickers (Botzone's judge yes: 333444BR, 2222BR; the seed forbids it)",
        },
        RuleKey {
            name: "quad-pair-as-singles",
            values: YES_NO,
            doc: "quad + two singles may attach a pair as its singles (RLCard yes)",
        },
        RuleKey {
            name: "quad-with-two",
            values: YES_NO,
            doc: "quad + two singles / two pairs exists (seed yes, OpenSpiel no)",
        },
        RuleKey {
            name: "max-cards",
            values: "1..=54",
            doc: "the most cards one play may hold (seed 54, RLCard and OpenSpiel 20)",
        },
        RuleKey {
            name: "quad-chains",
            values: YES_NO,
            doc: "chains of 2+ quads, alone or with two singles / two pairs per quad (Botzone's judge yes, others no)",
        },
        RuleKey {
            name: "auction",
            values: "bids|openspiel|none|rob|botzone",
            doc: "how the landlord is chosen: Pagat's bids, OpenSpiel's auction, none (RLCard), the apps' call and rob, Botzone's bids (all pass: the first bidder at bid 1)",
        },
        RuleKey {
            name: "deal",
            values: "blocks|face-up",
            doc: "how a seeded deal hands out the cards: blocks of 17 (Pagat, RLCard) or OpenSpiel's face-up-card deal",
        },
        RuleKey {
            name: "scoring",
            values: "stake|win-loss",
            doc: "the landlord wins or loses 2x the stake, peasants 1x (Pagat, OpenSpiel); or 1/0 per side (RLCard)",
        },
        RuleKey {
            name: "quad-blocks-chain-head",
            values: YES_NO,
            doc: "no chain may start at a rank the player holds all four of (OpenSpiel's generator)",
        },
        RuleKey {
            name: "bomb-follows-rocket",
            values: YES_NO,
            doc: "any bomb may follow a rocket (OpenSpiel's generator); elsewhere nothing beats the rocket",
        },
        RuleKey {
            name: "deals",
            values: "0..=65535",
            doc: "a match ends after this many deals, void deals included (0: no limit; Parlor: 9)",
        },
        RuleKey {
            name: "target",
            values: "0..=4294967295",
            doc: "a match ends once a seat's total reaches this (0: no target; Parlor's own rule)",
        },
    ];

    /// By the key's place in [`game::Rules::KEYS`] (one name search, not a string match per key); a
    /// flag's or a choice's value is its place in the key's `values` (`yes|no`: yes 0; a
    /// choice's place is its code). The same answers as a match per key (tested).
    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        let (i, values) = rule_key(key)?;
        let mut next = *self;
        if let Some((low, high)) = number_range(i) {
            // Digits only: `u32::from_str` would take a `+` sign.
            let n = crate::notation::digits_u32(value)
                .filter(|&n| n >= low && n <= high)
                .ok_or(RuleError::BadValue)?;
            next.set_number(i, n);
        } else {
            let (choice, _) = find_choice(values, &mut |_, v| v == value).ok_or(RuleError::BadValue)?;
            // Each `values` lists at most five choices: the cast keeps it.
            let code = choice as u8;
            match i {
                KEY_AUCTION => next.auction = Auction::from_code(code).map_err(|_| RuleError::BadValue)?,
                KEY_DEAL => next.deal = DealStyle::from_code(code).map_err(|_| RuleError::BadValue)?,
                KEY_SCORING => next.scoring = Scoring::from_code(code).map_err(|_| RuleError::BadValue)?,
                _ => *next.flag_mut(i).ok_or(RuleError::UnknownKey)? = code == 0,
            }
        }
        *self = next;
        Ok(())
    }

    /// By the key's place in [`game::Rules::KEYS`], as [`game::Rules::set`]: a flag or a choice written as
    /// its place in the key's `values`.
    fn write_value(&self, key: &str, out: &mut dyn fmt::Write) -> Result<(), RuleError> {
        let (i, values) = rule_key(key)?;
        let choice = match i {
            KEY_AUCTION => self.auction as usize,
            KEY_DEAL => self.deal as usize,
            KEY_SCORING => self.scoring as usize,
            _ => match { *self }.flag_mut(i) {
                Some(flag) => usize::from(!*flag),
                None => {
                    // A writer's failure is the writer's business: the key was known.
                    let _ = Dec::from(self.number(i)).write_to(out);
                    return Ok(());
                }
            },
        };
        let _ = out.write_str(find_choice(values, &mut |i, _| i == choice).map_or("", |(_, v)| v));
        Ok(())
    }

    /// The format version, then the 12 config bytes of the round's byte form.
    const ENCODED_BYTES: usize = 1 + CONFIG_BYTES;

    fn encode(&self, out: &mut [u8]) -> Option<usize> {
        let mut w = Writer::new(out);
        w.put(&[FORMAT_VERSION]).ok()?;
        round::encode_config(self, &mut w).ok()?;
        Some(w.len())
    }

    fn decode(bytes: &[u8]) -> Option<Config> {
        let mut r = Reader::new(bytes);
        if r.byte().ok()? != FORMAT_VERSION {
            return None;
        }
        let config = round::decode_config_fields(&mut r).ok()?;
        r.rest().is_empty().then_some(config)
    }
}

/// The places of the choice keys in [`game::Rules::KEYS`] of [`Config`].
const KEY_AUCTION: usize = 7;
const KEY_DEAL: usize = 8;
const KEY_SCORING: usize = 9;

/// The place of `key` in [`game::Rules::KEYS`] of [`Config`] and its `values`.
fn rule_key(key: &str) -> Result<(usize, &'static str), RuleError> {
    <Config as game::Rules>::KEYS
        .iter()
        .enumerate()
        .find(|(_, k)| k.name == key)
        .map(|(i, k)| (i, k.values))
        .ok_or(RuleError::UnknownKey)
}

/// The first of the choices of a key's `values` (`a|b|c`) for which `hit(place, choice)` holds,
/// with its place (`str::split` without linking its char searcher: flash).
fn find_choice(values: &'static str, hit: &mut dyn FnMut(usize, &str) -> bool) -> Option<(usize, &'static str)> {
    let mut rest = Some(values);
    let mut place = 0usize;
    while let Some(text) = rest {
        let (choice, after) = match crate::notation::split_once_ascii(text, b'|') {
            Some((choice, after)) => (choice, Some(after)),
            None => (text, None),
        };
        if hit(place, choice) {
            return Some((place, choice));
        }
        rest = after;
        place = place.wrapping_add(1); // at most five choices
    }
    None
}

/// The lowest and highest value of the number key at place `i` of [`game::Rules::KEYS`] (`None`: no
/// number key).
fn number_range(i: usize) -> Option<(u32, u32)> {
    Some(match i {
        0 => (1, 4),
        5 => (1, 54),
        12 => (0, u32::from(u16::MAX)),
        13 => (0, u32::MAX),
        _ => return None,
    })
}

impl Config {
    /// The flag of the key at place `i` of [`game::Rules::KEYS`] (`None`: no flag key).
    fn flag_mut(&mut self, i: usize) -> Option<&mut bool> {
        Some(match i {
            1 => &mut self.rules.wing_triplet_next_to_chain,
            2 => &mut self.rules.both_jokers_as_kickers,
            3 => &mut self.rules.quad_pair_as_singles,
            4 => &mut self.rules.quad_with_two,
            6 => &mut self.rules.quad_chains,
            10 => &mut self.quad_blocks_chain_head,
            11 => &mut self.bomb_follows_rocket,
            _ => return None,
        })
    }

    /// The number of the number key at place `i` ([`number_range`]; 0 for another key).
    fn number(&self, i: usize) -> u32 {
        match i {
            0 => u32::from(self.rules.wing_copies),
            5 => u32::from(self.rules.max_cards),
            12 => u32::from(self.deals),
            13 => self.target,
            _ => 0,
        }
    }

    /// Sets the number key at place `i` to `n`, within its [`number_range`] (the casts keep it).
    fn set_number(&mut self, i: usize, n: u32) {
        match i {
            0 => self.rules.wing_copies = n as u8,
            5 => self.rules.max_cards = n as u8,
            12 => self.deals = n as u16,
            13 => self.target = n,
            _ => {}
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Action codes
// ---------------------------------------------------------------------------------------------

const TAG_PASS: u64 = 0;
const TAG_BID: u64 = 1;
const TAG_CALL: u64 = 2;
const TAG_ROB: u64 = 3;
const TAG_PLAY: u64 = 4;
/// The first bit of the card counts.
const CARDS_SHIFT: u32 = 16;
/// The first bit past the card counts (15 ranks of 3 bits).
const CARDS_END: u32 = CARDS_SHIFT + 3 * RANKS as u32;

fn code_of(action: Action) -> u64 {
    match action {
        Action::Pass => TAG_PASS,
        Action::Bid(b) => TAG_BID | u64::from(b & 0xF) << 4,
        Action::Call => TAG_CALL,
        Action::Rob => TAG_ROB,
        Action::Play(play) => {
            let r = play.reading;
            TAG_PLAY
                | (r.kind as u64 & 0xF) << 4
                | u64::from(r.chain & 0xF) << 8
                | (r.key as u64 & 0xF) << 12
                | pack_counts(play.cards.counts()) << CARDS_SHIFT
        }
    }
}

/// Ranks whose counts go in the low 32-bit half of [`pack_counts`] (10 of 3 bits: 30 bits).
const LOW_RANKS: usize = 10;

/// A play's card counts as 45 bits, 3 per rank, rank 0 lowest. Built in two 32-bit halves with
/// constant shifts: the C calls encode a play on every bot choice and decode one on every apply,
/// and a 64-bit shift by a variable costs a 32-bit part several instructions per rank.
fn pack_counts(counts: [u8; RANKS]) -> u64 {
    let Some((low, high)) = counts.split_first_chunk::<LOW_RANKS>() else {
        return 0;
    };
    let fold = |ranks: &[u8]| {
        ranks
            .iter()
            .rev()
            .fold(0u32, |bits, &count| bits << 3 | u32::from(count & 0x7))
    };
    u64::from(fold(low)) | u64::from(fold(high)) << (3 * LOW_RANKS)
}

/// Whether packed counts ([`pack_counts`]) hold more copies of a rank than the deck
/// ([`Cards::from_counts`]'s check, on all 15 fields at once: a count of 5-7 of ranks 3 to 2,
/// 2-7 of a joker). The C `apply` reads a play's code on every call; rank by rank this check
/// and its `Result` cost about a hundred instructions on a Cortex-M4.
const fn over_deck(counts: u64) -> bool {
    // Bit 0 of each rank's 3-bit field: the 13 ranks 3 to 2, then the two jokers.
    const SUITED: u64 = 0o1_111_111_111_111;
    const JOKERS: u64 = 0o11 << (3 * 13);
    let (b0, b1, b2) = (counts, counts >> 1, counts >> 2);
    (b2 & (b1 | b0) & SUITED) | ((b2 | b1) & JOKERS) != 0
}

/// The card counts of [`pack_counts`]'s bits (bits past the 45 are ignored): each rank's field
/// read with a constant shift from its 32-bit half, no loop (the C `apply` reads a play's code
/// on every call).
fn unpack_counts(bits: u64) -> [u8; RANKS] {
    let low = bits as u32;
    let high = (bits >> (3 * LOW_RANKS)) as u32;
    // Each field by its constant shift (3 bits a rank).
    let at = |half: u32, shift: u32| (half.wrapping_shr(shift) & 0x7) as u8;
    [
        at(low, 0),
        at(low, 3),
        at(low, 6),
        at(low, 9),
        at(low, 12),
        at(low, 15),
        at(low, 18),
        at(low, 21),
        at(low, 24),
        at(low, 27),
        at(high, 0),
        at(high, 3),
        at(high, 6),
        at(high, 9),
        at(high, 12),
    ]
}

/// The action of a code, a play's reading checked against its cards ([`reads_as`] under the
/// most permissive rules: every reading some rules allow).
fn action_of(code: u64) -> Option<Action> {
    action_fields(code).filter(|action| match action {
        // `reads_as` is `classify(..).contains(..)` with a quick test for the common kinds.
        Action::Play(play) => reads_as(&play.cards, &play.reading, &PERMISSIVE),
        _ => true,
    })
}

/// The action a code's fields name, a play's reading not checked against its cards (what
/// `apply` checks under the round's own rules: [`game::Round::action_to_apply`]).
fn action_fields(code: u64) -> Option<Action> {
    let field = |shift: u32| (code >> shift & 0xF) as u8;
    match code & 0xF {
        TAG_PASS if code == TAG_PASS => Some(Action::Pass),
        TAG_CALL if code == TAG_CALL => Some(Action::Call),
        TAG_ROB if code == TAG_ROB => Some(Action::Rob),
        TAG_BID if code >> 8 == 0 && (1..=3).contains(&field(4)) => Some(Action::Bid(field(4))),
        TAG_PLAY => {
            // 15 ranks of 3 bits from bit 16: bits 61..64 stay clear.
            let counts = code >> CARDS_SHIFT;
            if code >> CARDS_END != 0 || counts == 0 || over_deck(counts) {
                return None;
            }
            // Checked on the packed counts (no card, or more copies than the deck has).
            let cards = Cards::from_counts_unchecked(unpack_counts(counts));
            let reading = Reading {
                kind: Kind::from_code(field(4))?,
                chain: field(8),
                key: Rank::from_index(usize::from(field(12)))?,
            };
            Some(Action::Play(Play { cards, reading }))
        }
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Round
// ---------------------------------------------------------------------------------------------

impl game::Round for Round {
    const GAME: GameId = GameId::Doudizhu;
    const SEATS: usize = round::SEATS;
    const MAX_ACTIONS: usize = MAX_ACTIONS;
    const ENCODED_BYTES: usize = ENCODED_BYTES;
    const INTERRUPTS: bool = false;

    type Config = Config;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;
    type Outcome = Outcome;
    type Error = Error;

    fn seeded(config: &Config, seed: u64) -> Result<Round, Error> {
        Round::new(config, &Deal::Seeded(seed))
    }

    fn given(config: &Config, deal: &str) -> Result<Round, Error> {
        Round::new(config, &notation::parse_deal(deal)?)
    }

    fn config(&self) -> &Config {
        Round::config(self)
    }

    fn seats(&self) -> u8 {
        round::SEATS as u8
    }

    fn to_act(&self) -> Option<Seat> {
        Round::to_act(self)
    }

    fn may_act(&self, seat: Seat) -> bool {
        Round::to_act(self) == Some(seat)
    }

    fn for_each_legal_action<F: FnMut(Action)>(&self, seat: Seat, f: F) {
        Round::for_each_legal_action(self, seat, f);
    }

    fn try_for_each_legal_action<F: FnMut(Action) -> ControlFlow<()>>(&self, seat: Seat, mut f: F) {
        self.visit(seat, &mut |a| f(a).is_continue());
    }

    fn legal_actions(&self, seat: Seat, out: &mut [Action]) -> usize {
        Round::legal_actions(self, seat, out)
    }

    fn count_legal_actions(&self, seat: Seat) -> usize {
        Round::count_legal_actions(self, seat)
    }

    fn nth_legal_action(&self, seat: Seat, n: usize) -> Option<Action> {
        Round::nth_legal_action(self, seat, n)
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

    fn outcome_scores(outcome: &Outcome) -> Scores {
        Scores::new(&outcome.scores)
    }

    fn encode(&self, out: &mut [u8]) -> Result<usize, Error> {
        Round::encode(self, out)
    }

    fn decode(bytes: &[u8]) -> Result<Round, Error> {
        Round::decode(bytes)
    }

    /// [`Round::decode_trusted`]: the fields read as stored, no auction replay.
    fn decode_trusted(bytes: &[u8]) -> Result<Round, Error> {
        Round::decode_trusted(bytes)
    }

    /// [`Round::decode_in`] and [`Match::decode_in`]: replayed in place.
    const DECODES_IN_PLACE: bool = true;

    /// [`Round::decode_in`]: the deal replayed where the round lies.
    fn decode_in<'p>(place: &'p mut MaybeUninit<Round>, bytes: &[u8]) -> Result<&'p mut Round, Error> {
        Round::decode_in(place, bytes)
    }

    /// The round's own bytes are held in place (`repr(C)`, no padding byte).
    const RAW: bool = true;

    /// zerocopy's bit-validity check of the round's bytes, then [`Config::validate`]'s checks.
    fn raw_ref(bytes: &[u8]) -> Option<&Round> {
        crate::game::held_ref(bytes, |round: &Round| round.config().is_valid())
    }

    /// As `raw_ref`, writable.
    fn raw_mut(bytes: &mut [u8]) -> Option<&mut Round> {
        crate::game::held_mut(bytes, |round: &Round| round.config().is_valid())
    }

    fn raw_bytes(&self) -> &[u8] {
        zerocopy::IntoBytes::as_bytes(self)
    }

    fn action_code(action: Action) -> u64 {
        code_of(action)
    }

    fn action_from_code(code: u64) -> Option<Action> {
        action_of(code)
    }

    /// The code's fields without the reading check, which `apply` makes under the round's rules
    /// (a subset of the permissive readings `action_from_code` allows).
    fn action_to_apply(code: u64) -> Option<Action> {
        action_fields(code)
    }

    fn parse_action(text: &str) -> Result<Action, Error> {
        match notation::parse_action(text)? {
            Written::Action(action) => Ok(action),
            // The cards' word (the second) is the span: `play 45`.
            Written::Cards(cards) => Play::canonical(&cards).map(Action::Play).ok_or(Error::NoCombination {
                span: notation::words(text)
                    .nth(1)
                    .map_or(crate::notation::Span::new(0, text.len()), |(span, _)| span),
            }),
        }
    }

    fn write_view(&self, seat: Seat, out: &mut dyn fmt::Write) -> Result<(), Error> {
        if seat.index() >= round::SEATS {
            return Err(Error::NoSuchSeat { seat: seat.0 });
        }
        // A writer's failure is the writer's business: nothing else can go wrong here.
        let _ = self.write_view_text(seat, out);
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Match
// ---------------------------------------------------------------------------------------------

impl game::Match for Match {
    type Round = Round;
    const ENCODED_BYTES: usize = MATCH_ENCODED_BYTES;

    fn new(config: &Config, seed: u64) -> Result<Match, Error> {
        Match::new(config, seed)
    }

    fn round(&self) -> &Round {
        Match::round(self)
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<MatchStep, Error> {
        Match::apply(self, seat, action)
    }

    fn scores(&self) -> Scores {
        Scores::new(&Match::scores(self))
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

    /// [`Match::decode_trusted`]: its deal read by [`Round::decode_trusted`], no re-deal.
    fn decode_trusted(bytes: &[u8]) -> Result<Match, Error> {
        Match::decode_trusted(bytes)
    }

    /// [`Match::decode_in`]: the match written and its deal replayed in place.
    fn decode_in<'p>(place: &'p mut MaybeUninit<Match>, bytes: &[u8]) -> Result<&'p mut Match, Error> {
        Match::decode_in(place, bytes)
    }

    /// The match's own bytes are held in place (`repr(C)`, no padding byte).
    const RAW: bool = true;

    /// zerocopy's bit-validity check of the match's bytes, then its config's validation.
    fn raw_ref(bytes: &[u8]) -> Option<&Match> {
        crate::game::held_ref(bytes, |game: &Match| game.round().config().is_valid())
    }

    /// As `raw_ref`, writable.
    fn raw_mut(bytes: &mut [u8]) -> Option<&mut Match> {
        crate::game::held_mut(bytes, |game: &Match| game.round().config().is_valid())
    }

    fn raw_bytes(&self) -> &[u8] {
        zerocopy::IntoBytes::as_bytes(self)
    }
}
