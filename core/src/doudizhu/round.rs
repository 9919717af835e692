//! The whole deal: the auction, the kitty, the play and the stake (the game layer every Parlor
//! game shares: `Config`, `Deal`, `Action`, `Event`, `Round`, `Observation`, `Outcome`).
//!
//! Seats 0–2 play in turn `0 → 1 → 2 → 0`. A deal runs in three phases:
//!
//! 1. **Auction** ([`Auction`]): the seats bid for the landlord's role (or the role is fixed,
//!    [`Auction::None`]). If nobody takes it the deal is void: it ends at once with an all-zero
//!    [`Outcome`] (a [`Match`](super::Match) then deals again).
//! 2. **Play**: the landlord takes the three kitty cards (shown to everyone) and leads. Each
//!    later seat beats the top play or passes; after two passes in a row the top player leads
//!    again. A leader must play.
//! 3. **End**: the first seat with no cards wins, alone if it is the landlord, with its partner
//!    otherwise. The stake is the winning bid, doubled for every bomb and rocket played, for a
//!    spring (no peasant played) or an anti-spring (the landlord played only its first lead), and
//!    for every rob ([`Auction::Rob`]). The landlord wins or loses twice the stake, each peasant
//!    once ([`Scoring::Stake`]).
//!
//! Exactly one seat may act at any time ([`Round::to_act`]); nothing happens out of turn.
//!
//! ```
//! use parlor_core::doudizhu::{Action, Config, Deal, Round};
//! use parlor_core::game::Seat;
//! let mut round = Round::new(&Config::PAGAT, &Deal::Seeded(7))?;
//! assert_eq!(round.to_act(), Some(Seat(0)));
//! round.apply(Seat(0), Action::Bid(3))?; // a 3 ends the auction at once
//! assert_eq!(round.landlord(), Some(Seat(0)));
//! assert_eq!(round.hand(Seat(0)).len(), 20); // the kitty joined the landlord's hand
//! assert!(!round.is_legal(Seat(0), Action::Pass)); // the leader must play
//! # Ok::<(), parlor_core::doudizhu::Error>(())
//! ```
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::cell::Cell;
use core::fmt;

use super::Error;
use super::cards::{Cards, RANKS, Rank};
use super::combination::{Kind, Preset, Reading, classify, reads_as};
use super::moves::{
    MAX_MOVES, count_of_simple, count_plays, generate, generate_from, nth_lead, nth_of_simple, nth_over_simple,
    over_simple_of,
};
use super::solve::{Opponents, Plan, Scratch, min_plays, spring};
use crate::game::{Rng, Seat, shuffle};
use zerocopy::{Immutable, IntoBytes, KnownLayout, TryFromBytes};

#[path = "round_codec.rs"]
mod codec;
#[path = "round_play.rs"]
mod play;

pub(crate) use codec::{Reader, Writer, decode_config_fields, encode_config};

/// Seats at the table.
pub const SEATS: usize = 3;
/// Cards dealt to each seat.
pub const HAND_CARDS: usize = 17;
/// Cards in the kitty (the landlord's extra cards).
pub const KITTY_CARDS: usize = 3;
/// The most auction actions one deal can hold (OpenSpiel's longest auction is 9; see
/// [`Auction::OpenSpiel`]).
pub const MAX_AUCTION: usize = 9;
/// An upper bound on the legal actions of one seat at one moment: a pass, and every distinct
/// play of a hand ([`MAX_MOVES`]) in each of its readings (at most four). Buffers this long
/// never overflow; [`Round::legal_actions`] works with any buffer.
pub const MAX_ACTIONS: usize = 1 + MAX_MOVES * super::combination::MAX_READINGS;

/// How the landlord is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(u8)]
pub enum Auction {
    /// Pagat's auction (code 0): from the first bidder, each seat speaks once, bidding 1, 2 or
    /// 3 above the current bid or passing; a bid of 3 ends it at once; after three turns the
    /// highest bidder is the landlord; if all pass the deal is void.
    Bids = 0,
    /// OpenSpiel 2.0.2's auction (code 1): a seat that passed may bid again later; it ends on a
    /// bid of 3, on two passes in a row after a bid (the last bidder is the landlord), or on
    /// three passes with no bid (void). At most nine actions.
    OpenSpiel = 1,
    /// No auction (code 2), RLCard's game: the first bidder seat is the landlord at once, with
    /// a bid of 1.
    None = 2,
    /// Call and rob the landlord (叫地主 / 抢地主, code 3), as the popular apps play it: from
    /// the first bidder each seat may call; the first call makes the caller the landlord-to-be
    /// with a stake of 1 (if nobody calls the deal is void). Each seat after the caller (up to
    /// the first bidder) may then rob once, taking the role and doubling the stake; if anyone
    /// robbed, the caller may finally rob back once (doubling again). The last to call or rob
    /// is the landlord.
    Rob = 3,
    /// Botzone's auction (code 4, its `FightTheLandlord2` judge): as [`Auction::Bids`] — from
    /// the first bidder each seat speaks once, bidding above the current bid (at most 3) or
    /// passing, a bid of 3 ends it, else the highest bidder is the landlord — except that when
    /// all three pass the first bidder is the landlord at a bid of 1: no deal is void.
    Botzone = 4,
}

impl Auction {
    /// The auction of code `code` (0–4).
    ///
    /// # Errors
    /// [`Error::UnknownCode`] `{ what: "auction", .. }`.
    pub fn from_code(code: u8) -> Result<Auction, Error> {
        Ok(match code {
            0 => Auction::Bids,
            1 => Auction::OpenSpiel,
            2 => Auction::None,
            3 => Auction::Rob,
            4 => Auction::Botzone,
            _ => return Err(unknown("auction", code)),
        })
    }
}

/// How a seeded deal hands out the shuffled deck (see [`Deal::Seeded`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
// Two bytes wide (the code still fits a byte): a [`Config`] then has no padding byte.
#[repr(u16)]
pub enum DealStyle {
    /// Code 0: seat `s` takes shuffled cards `17s .. 17s + 17`, the kitty is the last three;
    /// the first bidder is seat 0 (a [`Match`](super::Match) rotates it). Pagat, RLCard, rob.
    Blocks = 0,
    /// Code 1, OpenSpiel's deal: first a face-up position `p` in `0..51` is drawn, then the deck
    /// is shuffled; card `k < 51` goes to seat `k mod 3`, the last three are the kitty, and the
    /// seat that received card `p` (seat `p mod 3`) bids first.
    FaceUp = 1,
}

impl DealStyle {
    /// The deal style of code `code` (0–1).
    ///
    /// # Errors
    /// [`Error::UnknownCode`] `{ what: "deal style", .. }`.
    pub fn from_code(code: u8) -> Result<DealStyle, Error> {
        match code {
            0 => Ok(DealStyle::Blocks),
            1 => Ok(DealStyle::FaceUp),
            _ => Err(unknown("deal style", code)),
        }
    }
}

/// How an ended deal scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
// Two bytes wide (the code still fits a byte): a [`Config`] then has no padding byte.
#[repr(u16)]
pub enum Scoring {
    /// Code 0: the landlord wins or loses 2 × stake, each peasant loses or wins 1 × stake
    /// (zero-sum; Pagat, OpenSpiel's returns).
    Stake = 0,
    /// Code 1, RLCard's payoffs: each seat of the winning side scores 1, the losers 0.
    WinLoss = 1,
}

impl Scoring {
    /// The scoring of code `code` (0–1).
    ///
    /// # Errors
    /// [`Error::UnknownCode`] `{ what: "scoring", .. }`.
    pub fn from_code(code: u8) -> Result<Scoring, Error> {
        match code {
            0 => Ok(Scoring::Stake),
            1 => Ok(Scoring::WinLoss),
            _ => Err(unknown("scoring", code)),
        }
    }
}

/// [`Error::Internal`], for a path the round's invariants rule out (asserted in debug builds).
fn internal() -> Error {
    debug_assert!(false, "doudizhu round: a broken invariant");
    Error::Internal
}

fn unknown(what: &'static str, code: u8) -> Error {
    Error::UnknownCode {
        what,
        code: u32::from(code),
    }
}

/// The rules of a whole deal and match, as data. Use a preset ([`Config::PAGAT`], the default;
/// [`Config::OPENSPIEL`]; [`Config::RLCARD`]; [`Config::ROB`]) or build one and
/// [`validate`](Config::validate) it.
///
/// `repr(C)` and no padding byte (the ten one-byte fields, then the two-byte ones, then the
/// target): a [`Round`] holds it, and the C ABI keeps a round's own bytes in place
/// ([`crate::game::Round::raw_ref`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct Config {
    /// The combination rules (which card sets are plays, what beats what).
    pub rules: Preset,
    /// How the landlord is chosen.
    pub auction: Auction,
    /// OpenSpiel's chain rule: a sequence, pair sequence or plain airplane may not start at a
    /// rank of which the player holds all four cards (its generator skips such chain heads, so
    /// with `33334567` in hand `34567` is no legal play there).
    pub quad_blocks_chain_head: bool,
    /// OpenSpiel's rocket rule: any bomb may follow a rocket (its generator offers every bomb
    /// over any non-bomb play, and counts the rocket as one); elsewhere nothing beats the rocket.
    pub bomb_follows_rocket: bool,
    /// How a seeded deal hands out the cards and who bids first.
    pub deal: DealStyle,
    /// How an ended deal scores.
    pub scoring: Scoring,
    /// A [`Match`](super::Match) ends after this many deals, void deals included (0: no limit).
    pub deals: u16,
    /// A [`Match`](super::Match) ends as soon as a seat's total reaches this (0: no target).
    pub target: u32,
}

impl Config {
    /// Pagat's game, the default: [`Preset::PAGAT`] plays, [`Auction::Bids`],
    /// [`DealStyle::Blocks`], [`Scoring::Stake`]; a match of 9 deals (each seat bids first
    /// three times).
    pub const PAGAT: Config = Config {
        rules: Preset::PAGAT,
        auction: Auction::Bids,
        deal: DealStyle::Blocks,
        scoring: Scoring::Stake,
        quad_blocks_chain_head: false,
        bomb_follows_rocket: false,
        deals: 9,
        target: 0,
    };

    /// OpenSpiel 2.0.2's `dou_dizhu`, exactly: [`Preset::OPENSPIEL`] plays, its auction, its
    /// face-up-card deal, its chain-head and rocket rules and its returns (stake scoring, all pass = 0 0 0).
    pub const OPENSPIEL: Config = Config {
        rules: Preset::OPENSPIEL,
        auction: Auction::OpenSpiel,
        deal: DealStyle::FaceUp,
        scoring: Scoring::Stake,
        quad_blocks_chain_head: true,
        bomb_follows_rocket: true,
        deals: 9,
        target: 0,
    };

    /// RLCard's game: no auction (the first bidder seat, seat 0 in a single deal, is the
    /// landlord), [`Preset::RLCARD`] plays, RLCard's block deal and its 1/0 payoffs.
    pub const RLCARD: Config = Config {
        rules: Preset::RLCARD,
        auction: Auction::None,
        deal: DealStyle::Blocks,
        scoring: Scoring::WinLoss,
        quad_blocks_chain_head: false,
        bomb_follows_rocket: false,
        deals: 9,
        target: 0,
    };

    /// The apps' call / rob auction ([`Auction::Rob`]) with Pagat's plays and stake scoring.
    pub const ROB: Config = Config {
        rules: Preset::PAGAT,
        auction: Auction::Rob,
        deal: DealStyle::Blocks,
        scoring: Scoring::Stake,
        quad_blocks_chain_head: false,
        bomb_follows_rocket: false,
        deals: 9,
        target: 0,
    };

    /// Botzone's game (its `FightTheLandlord2` judge in ailab-pku/botzone-local):
    /// [`Preset::BOTZONE`] plays, [`Auction::Botzone`] (all pass: the first bidder is the
    /// landlord at bid 1), the block deal and stake scoring (the landlord wins or loses 2 ×
    /// bid × 2^(bombs + rockets + spring or anti-spring), each peasant 1 ×).
    pub const BOTZONE: Config = Config {
        rules: Preset::BOTZONE,
        auction: Auction::Botzone,
        deal: DealStyle::Blocks,
        scoring: Scoring::Stake,
        quad_blocks_chain_head: false,
        bomb_follows_rocket: false,
        deals: 9,
        target: 0,
    };

    /// DouZero's game: RLCard's (no auction, 1/0 payoffs) with [`Preset::DOUZERO`] plays.
    pub const DOUZERO: Config = Config {
        rules: Preset::DOUZERO,
        ..Config::RLCARD
    };

    /// The preset named `pagat`, `openspiel`, `rlcard`, `rob`, `botzone` or `douzero` (ASCII
    /// case ignored).
    pub fn from_name(name: &str) -> Option<Config> {
        [
            ("pagat", Config::PAGAT),
            ("openspiel", Config::OPENSPIEL),
            ("rlcard", Config::RLCARD),
            ("rob", Config::ROB),
            ("botzone", Config::BOTZONE),
            ("douzero", Config::DOUZERO),
        ]
        .into_iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, c)| c)
    }

    /// Checks the configuration: wing copies 1–4, a play size of 1–54 cards, and a match that
    /// ends (a number of deals or a target).
    ///
    /// # Errors
    /// [`Error::InvalidConfig`] naming the field.
    pub fn validate(&self) -> Result<(), Error> {
        // Bounds by comparisons, not `RangeInclusive::contains` (an out-of-line call each at
        // opt-level z: the C `apply` checks the held round's config on every call).
        let wings = self.rules.wing_copies;
        if wings == 0 || wings > 4 {
            return Err(Error::InvalidConfig {
                what: reason!("wing copies (1-4)"),
            });
        }
        let cards = self.rules.max_cards;
        if cards == 0 || cards > 54 {
            return Err(Error::InvalidConfig {
                what: reason!("play size (1-54)"),
            });
        }
        if self.deals == 0 && self.target == 0 {
            return Err(Error::InvalidConfig {
                what: reason!("a match needs a number of deals or a target"),
            });
        }
        Ok(())
    }

    /// Whether [`Config::validate`] accepts the config, without its error (the check of a
    /// round held in place, inlined into every C call that views one).
    #[inline]
    pub(crate) const fn is_valid(&self) -> bool {
        let (wings, cards) = (self.rules.wing_copies, self.rules.max_cards);
        wings != 0 && wings <= 4 && cards != 0 && cards <= 54 && (self.deals != 0 || self.target != 0)
    }
}

impl Default for Config {
    fn default() -> Config {
        Config::PAGAT
    }
}

/// How the cards of a deal are dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deal {
    /// A seeded shuffle, the same in every version: the 54 cards in canonical order (four 3s,
    /// four 4s, …, four 2s, the black joker, the red joker) shuffled by
    /// [`shuffle`] with [`Rng::new(seed)`](crate::game::Rng), then dealt
    /// as the config's [`DealStyle`] says.
    Seeded(u64),
    /// Explicit cards: 17 per seat and the 3-card kitty, together the whole deck, and the seat
    /// that bids first (the landlord under [`Auction::None`]).
    Given {
        /// Each seat's 17 cards.
        hands: [Cards; SEATS],
        /// The 3 kitty cards.
        kitty: Cards,
        /// The first bidder.
        first_bidder: Seat,
    },
}

/// The canonical deck of [`Deal::Seeded`], as rank indices.
const CANONICAL_DECK: [u8; 54] = canonical_deck();

/// Built at compile time: a deck whose copies do not fill exactly 54 slots is a build error.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // compile-time only
const fn canonical_deck() -> [u8; 54] {
    let mut deck = [0u8; 54];
    let mut at = 0;
    let mut rank = 0;
    while rank < RANKS {
        let mut copy = 0;
        while copy < Rank::ALL[rank].copies() {
            deck[at] = rank as u8;
            at += 1;
            copy += 1;
        }
        rank += 1;
    }
    assert!(at == deck.len(), "the canonical deck has 54 cards");
    deck
}

fn add_card(cards: &mut Cards, rank_index: u8) {
    if let Some(rank) = Rank::from_index(usize::from(rank_index)) {
        cards.add(rank, 1);
    }
}

impl Deal {
    /// The hands, kitty and first bidder this deal gives under `config`.
    ///
    /// # Errors
    /// [`Error::InvalidDeal`] for given hands that are not 17, 17, 17 and 3 cards making up the
    /// deck, or a first bidder past seat 2.
    ///
    /// ```
    /// use parlor_core::doudizhu::{Config, Deal};
    /// let (hands, kitty, first) = Deal::Seeded(1).cards(&Config::PAGAT)?;
    /// assert_eq!(hands.map(|h| h.len()), [17, 17, 17]);
    /// assert_eq!(kitty.len(), 3);
    /// assert_eq!(first.0, 0);
    /// # Ok::<(), parlor_core::doudizhu::Error>(())
    /// ```
    pub fn cards(&self, config: &Config) -> Result<([Cards; SEATS], Cards, Seat), Error> {
        match *self {
            Deal::Seeded(seed) => {
                let mut rng = Rng::new(seed);
                let face_up = match config.deal {
                    DealStyle::FaceUp => Some(rng.below(51)),
                    DealStyle::Blocks => None,
                };
                let mut deck = CANONICAL_DECK;
                shuffle(&mut deck, &mut rng);
                let mut hands = [Cards::EMPTY; SEATS];
                let mut kitty = Cards::EMPTY;
                for (k, &card) in deck.iter().enumerate() {
                    let seat = if k >= 51 {
                        None
                    } else if face_up.is_some() {
                        Some(k % 3)
                    } else {
                        Some(k / HAND_CARDS)
                    };
                    match seat.and_then(|s| hands.get_mut(s)) {
                        Some(hand) => add_card(hand, card),
                        None => add_card(&mut kitty, card),
                    }
                }
                let first = face_up.map_or(0, |p| (p % 3) as u8);
                Ok((hands, kitty, Seat(first)))
            }
            Deal::Given {
                hands,
                kitty,
                first_bidder,
            } => {
                if first_bidder.index() >= SEATS {
                    return Err(Error::InvalidDeal {
                        what: reason!("the first bidder is no seat (0-2)"),
                    });
                }
                if hands.iter().any(|h| h.len() != HAND_CARDS) {
                    return Err(Error::InvalidDeal {
                        what: reason!("a hand does not hold 17 cards"),
                    });
                }
                if kitty.len() != KITTY_CARDS {
                    return Err(Error::InvalidDeal {
                        what: reason!("the kitty does not hold 3 cards"),
                    });
                }
                // 17, 17, 17 and 3 cards within the deck are its 54 cards: the whole deck (no
                // test of their sum against it needed; asserted in debug builds).
                let all = hands
                    .iter()
                    .try_fold(kitty, |acc, h| acc.plus(h))
                    .ok_or(Error::InvalidDeal {
                        what: reason!("a card is dealt twice"),
                    })?;
                debug_assert!(all == Cards::DECK, "doudizhu deal: 54 cards within the deck");
                Ok((hands, kitty, first_bidder))
            }
        }
    }
}

/// A play: the cards and the reading they are played as (a card set with several readings,
/// which only the `openspiel` rules have, e.g. `333444555666`, is several different plays, as in
/// OpenSpiel where each reading is its own action).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct Play {
    /// The cards played.
    pub cards: Cards,
    /// The reading (kind, chain length, key) they are played as; one of `classify(cards)`.
    pub reading: Reading,
}

/// What a seat may do. Legal actions come in this order: [`Pass`](Action::Pass), then the
/// auction's bids (ascending) or call / rob, then plays in the move generator's order (kind by
/// kind), each card set's readings strongest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Pass: no bid, no call, no rob, or no play over the top play.
    Pass,
    /// Bid 1, 2 or 3 ([`Auction::Bids`], [`Auction::OpenSpiel`]).
    Bid(u8),
    /// Call the landlord ([`Auction::Rob`]).
    Call,
    /// Rob the landlord ([`Auction::Rob`]): doubles the stake.
    Rob,
    /// Play cards.
    Play(Play),
}

impl fmt::Display for Action {
    /// `pass`, `bid 2`, `call`, `rob`, `play 334455`; a play whose reading is not its cards'
    /// [canonical](Play::canonical) one also shows the reading: `play 333444555666
    /// airplane-singles/3@4`. [`notation::parse_action`](super::notation::parse_action) reads
    /// it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl Action {
    /// [`Action`]'s `Display` text written piece by piece to any writer (no `core::fmt::write`
    /// on the path: the C view writes the auction's actions).
    pub(crate) fn write_to(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            Action::Pass => out.write_str("pass"),
            Action::Bid(b) => {
                out.write_str("bid ")?;
                crate::notation::Dec::from(*b).write_to(out)
            }
            Action::Call => out.write_str("call"),
            Action::Rob => out.write_str("rob"),
            Action::Play(p) => {
                out.write_str("play ")?;
                p.cards.write_to(out)?;
                if p.is_canonical() {
                    return Ok(());
                }
                out.write_char(' ')?;
                p.reading.write_to(out)
            }
        }
    }
}

/// Auction log codes (also the encoded form).
const CODE_PASS: u8 = 0;
const CODE_CALL: u8 = 4;
const CODE_ROB: u8 = 5;

fn auction_code(action: Action) -> Option<u8> {
    match action {
        Action::Pass => Some(CODE_PASS),
        Action::Bid(b @ 1..=3) => Some(b),
        Action::Call => Some(CODE_CALL),
        Action::Rob => Some(CODE_ROB),
        _ => None,
    }
}

fn auction_action(code: u8) -> Option<Action> {
    match code {
        CODE_PASS => Some(Action::Pass),
        1..=3 => Some(Action::Bid(code)),
        CODE_CALL => Some(Action::Call),
        CODE_ROB => Some(Action::Rob),
        _ => None,
    }
}

/// A spring or an anti-spring (either doubles the stake once).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spring {
    /// Neither.
    None,
    /// Spring (春天): the landlord won and no peasant played a card.
    Spring,
    /// Anti-spring (反春): the peasants won and the landlord played only its first lead.
    AntiSpring,
}

/// How a deal ended and what each seat scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The landlord; `None` for a void deal (everyone passed), which scores zero.
    pub landlord: Option<Seat>,
    /// The seat that played its last card (`None` for a void deal).
    pub winner: Option<Seat>,
    /// Whether the landlord won.
    pub landlord_won: bool,
    /// The winning bid (1 for a call, and without an auction).
    pub bid: u8,
    /// Bombs and rockets played (each doubles the stake).
    pub bombs: u8,
    /// Robs in a call / rob auction (each doubles the stake).
    pub robs: u8,
    /// Spring or anti-spring (doubles the stake once).
    pub spring: Spring,
    /// bid × 2^(bombs + robs + spring); 0 for a void deal. Saturates at `u32::MAX` (the scores
    /// at `i32::MAX / 2` per share), which only a decoded state claiming more doublings than a
    /// deal can hold reaches.
    pub stake: u32,
    /// Each seat's score for the deal ([`Scoring`]).
    pub scores: [i32; SEATS],
}

/// What an applied action caused (besides itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Event {
    /// Who acted.
    pub seat: Seat,
    /// What it did.
    pub action: Action,
    /// The auction ended with this landlord, who took the kitty ([`Event::kitty`], now shown to all).
    pub landlord: Option<Seat>,
    /// The revealed kitty, when [`Event::landlord`] is set.
    pub kitty: Option<Cards>,
    /// Everyone passed: the deal is void (its outcome is all zeros).
    pub void: bool,
    /// A bomb, rocket or rob doubled the stake.
    pub doubled: bool,
    /// Two passes in a row: this seat (the top player) leads a new trick.
    pub lead: Option<Seat>,
    /// The deal ended.
    pub outcome: Option<Outcome>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(u8)]
enum Phase {
    Auction = 0,
    Play = 1,
    Over = 2,
}

/// No seat (encoded form and internal fields).
const NONE: u8 = 3;

/// The play a round holds as its top play when there is none (the encoded form's too).
const NO_PLAY: Play = Play {
    cards: Cards::EMPTY,
    reading: Reading {
        kind: Kind::Single,
        chain: 0,
        key: Rank::Three,
    },
};

/// The rob auction's stages.
const STAGE_CALLING: u8 = 0;
const STAGE_ROBBING: u8 = 1;
const STAGE_FINAL: u8 = 2;

const fn next(s: u8) -> u8 {
    match s {
        0 => 1,
        1 => 2,
        _ => 0,
    }
}

fn seat_opt(s: u8) -> Option<Seat> {
    (usize::from(s) < SEATS).then_some(Seat(s))
}

/// One deal: the auction, the play, the end. A plain fixed-size value (168 bytes; asserted in
/// tests): copying it is the undo and the search primitive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct Round {
    // `repr(C)` with no padding byte (a build error otherwise: `IntoBytes`): the C ABI keeps the
    // round's own bytes in place ([`crate::game::Round::raw_ref`]).
    config: Config,
    hands: [Cards; SEATS],
    played: [Cards; SEATS],
    kitty: Cards,
    /// The top play's seat ([`NONE`]: a seat leads; read through [`Round::top_entry`]).
    top_seat: u8,
    /// The top play ([`NO_PLAY`] when there is none).
    top_play: Play,
    auction: [u8; MAX_AUCTION],
    auction_len: u8,
    first: u8,
    turn: u8,
    phase: Phase,
    landlord: u8,
    /// The current high bid (1 once called in a rob auction).
    bid: u8,
    /// The current high bidder / last caller or robber.
    bidder: u8,
    /// The caller in a rob auction.
    caller: u8,
    stage: u8,
    /// Passes in a row (auction and play).
    passes: u8,
    robs: u8,
    bombs: u8,
    plays: [u8; SEATS],
}

impl Round {
    /// A new deal.
    ///
    /// # Errors
    /// [`Error::InvalidConfig`] / [`Error::InvalidDeal`] (see [`Config::validate`], [`Deal::cards`]).
    pub fn new(config: &Config, deal: &Deal) -> Result<Round, Error> {
        // A placeholder that `deal_into` overwrites whole (one copy of the deal's code).
        let mut round = Round::dealt(config, [Cards::EMPTY; SEATS], Cards::EMPTY, Seat(0));
        round.deal_into(config, deal)?;
        Ok(round)
    }

    /// [`Round::new`] written into `self` (no round-sized result on the stack: a match deals its
    /// next deal in place, and the C ABI's calls run on a microcontroller's stack). The same
    /// round and errors; on an error `self` may be left partly written (callers deal into a
    /// copy they drop then).
    pub(crate) fn deal_into(&mut self, config: &Config, deal: &Deal) -> Result<(), Error> {
        config.validate()?;
        let (hands, kitty, first) = deal.cards(config)?;
        *self = Round::dealt(config, hands, kitty, first);
        if config.auction == Auction::None {
            self.bid = 1;
            self.bidder = first.0;
            self.take_kitty(first.0)?;
        }
        Ok(())
    }

    /// A fresh deal's round before the auction ([`Round::new`]).
    pub(crate) fn dealt(config: &Config, hands: [Cards; SEATS], kitty: Cards, first: Seat) -> Round {
        Round {
            config: *config,
            hands,
            played: [Cards::EMPTY; SEATS],
            kitty,
            top_seat: NONE,
            top_play: NO_PLAY,
            auction: [0; MAX_AUCTION],
            auction_len: 0,
            first: first.0,
            turn: first.0,
            phase: Phase::Auction,
            landlord: NONE,
            bid: 0,
            bidder: NONE,
            caller: NONE,
            stage: STAGE_CALLING,
            passes: 0,
            robs: 0,
            bombs: 0,
            plays: [0; SEATS],
        }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The seat to act, or `None` once the deal is over.
    pub fn to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over => None,
            _ => Some(Seat(self.turn)),
        }
    }

    /// Whether the auction is still running.
    pub fn in_auction(&self) -> bool {
        self.phase == Phase::Auction
    }

    /// The landlord, once chosen.
    pub fn landlord(&self) -> Option<Seat> {
        seat_opt(self.landlord)
    }

    /// The seat that bid first.
    pub fn first_bidder(&self) -> Seat {
        Seat(self.first)
    }

    /// A seat's current hand (empty for a seat past 2). Hidden information: use
    /// [`observation`](Round::observation) for what a seat may know.
    pub fn hand(&self, seat: Seat) -> Cards {
        // A real default, documented: a seat the table does not have holds nothing.
        self.hands.get(seat.index()).copied().unwrap_or(Cards::EMPTY)
    }

    /// The cards `seat` was dealt: its hand and played pile, less the kitty at the landlord;
    /// `None` for a seat past 2 or piles that do not add up.
    pub(crate) fn dealt_hand(&self, seat: Seat) -> Option<Cards> {
        let i = seat.index();
        let dealt = self.hands.get(i)?.plus(self.played.get(i)?)?;
        if self.landlord == seat.0 {
            return dealt.minus(&self.kitty);
        }
        Some(dealt)
    }

    /// The kitty (hidden until the landlord takes it; see [`Observation::kitty`]).
    pub fn kitty(&self) -> Cards {
        self.kitty
    }

    /// The top play of the current trick and who made it (`None` when a seat leads).
    pub fn top(&self) -> Option<(Seat, Play)> {
        self.top_entry().map(|(s, p)| (Seat(s), p))
    }

    /// The seat of the top play (`None` when a seat leads): [`Round::top`]'s seat, no play copied.
    pub(crate) fn top_seat(&self) -> Option<Seat> {
        (usize::from(self.top_seat) < SEATS).then_some(Seat(self.top_seat))
    }

    /// The count words of `seat`'s hand ([`Cards::words`]), read in place (no set copied: a
    /// `memcpy` call on the microcontrollers); none for a seat the table does not have.
    pub(crate) fn hand_words(&self, seat: Seat) -> [u64; 2] {
        self.hands.get(seat.index()).map_or([0; 2], Cards::words)
    }

    /// The top play and its seat number (`None` when a seat leads).
    pub(crate) fn top_entry(&self) -> Option<(u8, Play)> {
        (usize::from(self.top_seat) < SEATS).then_some((self.top_seat, self.top_play))
    }

    /// Sets the top play and its seat (`None`: a seat leads; the play then [`NO_PLAY`]).
    pub(crate) fn set_top(&mut self, top: Option<(u8, Play)>) {
        let (seat, play) = top.unwrap_or((NONE, NO_PLAY));
        self.top_seat = seat;
        self.top_play = play;
    }

    /// The current stake factors: (bid, bombs and rockets played, robs).
    pub fn stake_factors(&self) -> (u8, u8, u8) {
        (self.bid, self.bombs, self.robs)
    }

    /// Gives the kitty to `landlord` and starts the play. Errors: [`Error::Internal`] for a
    /// landlord past seat 2 or a kitty that does not fit the hand (the auction names a seat,
    /// and the hands and the kitty split one deck).
    fn take_kitty(&mut self, landlord: u8) -> Result<(), Error> {
        let hand = self.hands.get_mut(usize::from(landlord)).ok_or_else(internal)?;
        *hand = hand.plus(&self.kitty).ok_or_else(internal)?;
        self.landlord = landlord;
        self.phase = Phase::Play;
        self.turn = landlord;
        self.passes = 0;
        Ok(())
    }
}

impl Round {
    /// A copy of the round in which the cards `seat` cannot see are dealt anew with `rng`,
    /// uniformly among the deals consistent with what `seat` knows: its own hand, every played
    /// card, every seat's count and, once shown, the kitty — which the landlord still holds
    /// unless it has played those ranks (so the landlord's hand keeps, of each rank, the kitty's
    /// cards beyond those it played). Before the kitty is shown it is redealt too. Everything
    /// public (auction, trick, counters) is kept, so the copy decodes and `seat`'s observation
    /// is unchanged.
    ///
    /// # Errors
    /// [`Error::NoSuchSeat`] for a seat past 2; [`Error::Internal`] if the round's cards do
    /// not make up the deck (ruled out by construction and by `decode`).
    pub fn redeal_hidden(&self, seat: Seat, rng: &mut Rng) -> Result<Round, Error> {
        let mut out = *self;
        self.redeal_hidden_in(seat, rng, &mut out)?;
        Ok(out)
    }

    /// [`Round::redeal_hidden`]'s round written to `out` (whatever it held; after an error, some
    /// round): the same round for the same `rng`, dealt in place (no round returned and copied).
    pub fn redeal_hidden_in(&self, seat: Seat, rng: &mut Rng, out: &mut Round) -> Result<(), Error> {
        let me = seat.index();
        if me >= SEATS {
            return Err(Error::NoSuchSeat { seat: seat.0 });
        }
        let landlord = usize::from(self.landlord);
        let kitty_shown = landlord < SEATS;
        // The cards the landlord is known to hold: the kitty's, less the ranks it has played.
        let mut forced = Cards::EMPTY;
        if kitty_shown && landlord != me {
            let played = self.played.get(landlord).copied().unwrap_or(Cards::EMPTY);
            for rank in Rank::ALL {
                forced.add(rank, self.kitty.count(rank).saturating_sub(played.count(rank)));
            }
        }
        // The unseen pool: the other hands (and the hidden kitty), less the forced cards.
        let mut pool = Cards::EMPTY;
        for (s, hand) in self.hands.iter().enumerate() {
            if s != me {
                pool = pool.plus(hand).ok_or_else(internal)?;
            }
        }
        if !kitty_shown {
            pool = pool.plus(&self.kitty).ok_or_else(internal)?;
        }
        let pool = pool.minus(&forced).ok_or_else(internal)?;
        let mut cards = [0u8; 54];
        let mut n = 0usize;
        for (rank, count) in (0u8..).zip(pool.counts()) {
            for _ in 0..count {
                *cards.get_mut(n).ok_or_else(internal)? = rank;
                n = n.saturating_add(1);
            }
        }
        let cards = cards.get_mut(..n).ok_or_else(internal)?;
        shuffle(cards, rng);
        *out = *self;
        let mut next = cards.iter();
        for (s, hand) in out.hands.iter_mut().enumerate() {
            if s == me {
                continue;
            }
            let mut fresh = if s == landlord { forced } else { Cards::EMPTY };
            let want = self.hands.get(s).map_or(0, Cards::len);
            while fresh.len() < want {
                add_card(&mut fresh, *next.next().ok_or_else(internal)?);
            }
            *hand = fresh;
        }
        if !kitty_shown {
            let mut kitty = Cards::EMPTY;
            for &card in next.by_ref() {
                add_card(&mut kitty, card);
            }
            out.kitty = kitty;
        }
        if next.next().is_some() {
            return Err(internal());
        }
        Ok(())
    }
}

/// What one seat may know of a deal: its own hand, the kitty once revealed, every seat's card
/// count and played cards, the auction, the stake factors, the current trick. The full order of
/// plays and passes is the [`Event`] stream, which every seat sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Observation {
    /// The observing seat.
    pub seat: Seat,
    /// Its cards.
    pub hand: Cards,
    /// Cards in each seat's hand.
    pub counts: [u8; SEATS],
    /// Cards each seat has played.
    pub played: [Cards; SEATS],
    /// The kitty, once the landlord has taken it (shown to all).
    pub kitty: Option<Cards>,
    /// The landlord, once chosen.
    pub landlord: Option<Seat>,
    /// The seat that bid first.
    pub first_bidder: Seat,
    auction: [u8; MAX_AUCTION],
    auction_len: u8,
    /// The high bid so far (1 once called in a rob auction).
    pub bid: u8,
    /// Robs so far.
    pub robs: u8,
    /// Bombs and rockets played so far.
    pub bombs: u8,
    /// Plays (not passes) each seat has made.
    pub plays: [u8; SEATS],
    /// The seat to act.
    pub to_act: Option<Seat>,
    /// The top play of the current trick and its player.
    pub top: Option<(Seat, Play)>,
    /// Passes since the top play.
    pub passes: u8,
    /// The combination rules in force.
    pub rules: Preset,
}

impl Observation {
    /// The auction's actions in order, from the first bidder (seat of action `i` is
    /// `first_bidder + i` mod 3).
    pub fn auction(&self) -> impl Iterator<Item = Action> + '_ {
        self.auction
            .iter()
            .take(usize::from(self.auction_len))
            .filter_map(|&c| auction_action(c))
    }

    /// The cards held by the two other seats together, as this seat can deduce them: the deck
    /// minus its hand and everything played (during the auction this includes the hidden kitty).
    /// The fields are public: for a hand-built observation whose cards overlap (never one a
    /// round gives), a played set that does not fit is skipped.
    pub fn others_cards(&self) -> Cards {
        let mut rest = Cards::DECK.minus(&self.hand).unwrap_or(Cards::EMPTY);
        for p in &self.played {
            rest = rest.minus(p).unwrap_or(rest);
        }
        rest
    }

    /// "Can I spring from here?": a plan that plays out this seat's hand, leading every play,
    /// such that no play but the last can be beaten *whatever the split* of the other seats'
    /// cards ([`others_cards`](Self::others_cards), taken together as one opponent hand).
    /// Meaningful when this seat leads.
    ///
    /// # Errors
    /// As [`spring`].
    pub fn spring(&self, scratch: &mut Scratch) -> Result<Option<Plan>, Error> {
        spring(
            &self.hand,
            &Opponents::Both(self.others_cards(), Cards::EMPTY),
            &self.rules,
            scratch,
        )
    }

    /// The fewest plays that empty this seat's hand ([`min_plays`]).
    ///
    /// # Errors
    /// As [`min_plays`].
    pub fn min_plays(&self, scratch: &mut Scratch) -> Result<u8, Error> {
        min_plays(&self.hand, &self.rules, scratch)
    }
}

// ---------------------------------------------------------------------------------------------
// Encoding
// ---------------------------------------------------------------------------------------------

/// The encoded form's version (its first byte).
pub const FORMAT_VERSION: u8 = 1;
pub(crate) const CONFIG_BYTES: usize = 12;
/// Bytes of [`Round::encode`]'s output.
pub const ENCODED_BYTES: usize = 1 + CONFIG_BYTES + 8 * RANKS + 3 + MAX_AUCTION + 13 + SEATS;

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects, clippy::unwrap_used)]
#[path = "round_tests.rs"]
mod tests;
