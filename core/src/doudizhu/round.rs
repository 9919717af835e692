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
use super::combination::{Kind, Preset, Reading, classify};
use super::moves::{MAX_MOVES, count_plays, generate, generate_from};
use super::solve::{Opponents, Plan, Scratch, min_plays, spring};
use crate::game::{Rng, Seat, shuffle};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
}

impl Auction {
    /// The auction of code `code` (0–3).
    ///
    /// # Errors
    /// [`Error::UnknownCode`] `{ what: "auction", .. }`.
    pub fn from_code(code: u8) -> Result<Auction, Error> {
        Ok(match code {
            0 => Auction::Bids,
            1 => Auction::OpenSpiel,
            2 => Auction::None,
            3 => Auction::Rob,
            _ => return Err(unknown("auction", code)),
        })
    }
}

/// How a seeded deal hands out the shuffled deck (see [`Deal::Seeded`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
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

fn unknown(what: &'static str, code: u8) -> Error {
    Error::UnknownCode {
        what,
        code: u32::from(code),
    }
}

/// The rules of a whole deal and match, as data. Use a preset ([`Config::PAGAT`], the default;
/// [`Config::OPENSPIEL`]; [`Config::RLCARD`]; [`Config::ROB`]) or build one and
/// [`validate`](Config::validate) it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// The combination rules (which card sets are plays, what beats what).
    pub rules: Preset,
    /// How the landlord is chosen.
    pub auction: Auction,
    /// How a seeded deal hands out the cards and who bids first.
    pub deal: DealStyle,
    /// How an ended deal scores.
    pub scoring: Scoring,
    /// OpenSpiel's chain rule: a sequence, pair sequence or plain airplane may not start at a
    /// rank of which the player holds all four cards (its generator skips such chain heads, so
    /// with `33334567` in hand `34567` is no legal play there).
    pub quad_blocks_chain_head: bool,
    /// OpenSpiel's rocket rule: any bomb may follow a rocket (its generator offers every bomb
    /// over any non-bomb play, and counts the rocket as one); elsewhere nothing beats the rocket.
    pub bomb_follows_rocket: bool,
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

    /// The preset named `pagat`, `openspiel`, `rlcard` or `rob` (ASCII case ignored).
    pub fn from_name(name: &str) -> Option<Config> {
        [
            ("pagat", Config::PAGAT),
            ("openspiel", Config::OPENSPIEL),
            ("rlcard", Config::RLCARD),
            ("rob", Config::ROB),
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
        if !(1..=4).contains(&self.rules.wing_copies) {
            return Err(Error::InvalidConfig {
                what: "wing copies (1-4)",
            });
        }
        if !(1..=54).contains(&self.rules.max_cards) {
            return Err(Error::InvalidConfig {
                what: "play size (1-54)",
            });
        }
        if self.deals == 0 && self.target == 0 {
            return Err(Error::InvalidConfig {
                what: "a match needs a number of deals or a target",
            });
        }
        Ok(())
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
                        what: "the first bidder is no seat (0-2)",
                    });
                }
                if hands.iter().any(|h| h.len() != HAND_CARDS) {
                    return Err(Error::InvalidDeal {
                        what: "a hand does not hold 17 cards",
                    });
                }
                if kitty.len() != KITTY_CARDS {
                    return Err(Error::InvalidDeal {
                        what: "the kitty does not hold 3 cards",
                    });
                }
                let all = hands
                    .iter()
                    .try_fold(kitty, |acc, h| acc.plus(h))
                    .ok_or(Error::InvalidDeal {
                        what: "a card is dealt twice",
                    })?;
                if all != Cards::DECK {
                    return Err(Error::InvalidDeal {
                        what: "the cards are not one deck",
                    });
                }
                Ok((hands, kitty, first_bidder))
            }
        }
    }
}

/// A play: the cards and the reading they are played as (a card set with several readings,
/// which only the `openspiel` rules have, e.g. `333444555666`, is several different plays, as in
/// OpenSpiel where each reading is its own action).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
        match self {
            Action::Pass => f.write_str("pass"),
            Action::Bid(b) => write!(f, "bid {b}"),
            Action::Call => f.write_str("call"),
            Action::Rob => f.write_str("rob"),
            Action::Play(p) if p.is_canonical() => write!(f, "play {}", p.cards),
            Action::Play(p) => write!(f, "play {} {}", p.cards, p.reading),
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
enum Phase {
    Auction = 0,
    Play = 1,
    Over = 2,
}

/// No seat (encoded form and internal fields).
const NONE: u8 = 3;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Round {
    config: Config,
    hands: [Cards; SEATS],
    played: [Cards; SEATS],
    kitty: Cards,
    top: Option<(u8, Play)>,
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
        config.validate()?;
        let (hands, kitty, first) = deal.cards(config)?;
        let mut round = Round {
            config: *config,
            hands,
            played: [Cards::EMPTY; SEATS],
            kitty,
            top: None,
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
        };
        if config.auction == Auction::None {
            round.bid = 1;
            round.bidder = first.0;
            round.take_kitty(first.0)?;
        }
        Ok(round)
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

    /// The kitty (hidden until the landlord takes it; see [`Observation::kitty`]).
    pub fn kitty(&self) -> Cards {
        self.kitty
    }

    /// The top play of the current trick and who made it (`None` when a seat leads).
    pub fn top(&self) -> Option<(Seat, Play)> {
        self.top.map(|(s, p)| (Seat(s), p))
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

    /// Calls `f` with every legal action of `seat`, in the documented order
    /// ([`Action`]); nothing when it is not `seat`'s turn.
    pub fn for_each_legal_action(&self, seat: Seat, mut f: impl FnMut(Action)) {
        self.visit(seat, &mut |a| {
            f(a);
            true
        });
    }

    /// Visits the legal actions until `f` returns `false`; returns `false` if stopped.
    pub(super) fn visit(&self, seat: Seat, f: &mut dyn FnMut(Action) -> bool) -> bool {
        if self.to_act() != Some(seat) {
            return true;
        }
        match self.phase {
            Phase::Over => true,
            Phase::Auction => {
                if !f(Action::Pass) {
                    return false;
                }
                match self.config.auction {
                    Auction::Bids | Auction::OpenSpiel => {
                        for b in self.bid.saturating_add(1)..=3 {
                            if !f(Action::Bid(b)) {
                                return false;
                            }
                        }
                        true
                    }
                    Auction::Rob => f(if self.stage == STAGE_CALLING {
                        Action::Call
                    } else {
                        Action::Rob
                    }),
                    Auction::None => true,
                }
            }
            Phase::Play => {
                let prev = self.top.map(|(_, p)| p.reading);
                if prev.is_some() && !f(Action::Pass) {
                    return false;
                }
                let hand = self.hand(seat);
                let rules = self.config.rules;
                let quirk = self.config.quad_blocks_chain_head;
                if self.config.bomb_follows_rocket && prev.is_some_and(|p| p.kind == Kind::Rocket) {
                    for rank in Rank::ALL.into_iter().filter(|&r| hand.count(r) == 4) {
                        let mut cards = Cards::EMPTY;
                        cards.add(rank, 4);
                        let reading = Reading {
                            kind: Kind::Bomb,
                            chain: 1,
                            key: rank,
                        };
                        if !f(Action::Play(Play { cards, reading })) {
                            return false;
                        }
                    }
                    return true;
                }
                // Only OpenSpiel's rules give one card set several readings, and only for
                // airplanes; every other play's one reading is the generator's.
                let several = several_readings(&rules);
                generate(
                    &hand,
                    prev,
                    &rules,
                    usize::from(rules.max_cards),
                    &mut |cards, generated| {
                        let multi = several
                            && matches!(
                                generated.kind,
                                Kind::Airplane | Kind::AirplaneSingles | Kind::AirplanePairs
                            );
                        if !multi {
                            if quirk && blocked_chain(&hand, &generated) {
                                return true;
                            }
                            return f(Action::Play(Play {
                                cards,
                                reading: generated,
                            }));
                        }
                        for reading in classify(&cards, &rules).iter() {
                            if prev.is_some_and(|p| !reading.beats(&p)) {
                                continue;
                            }
                            if quirk && blocked_chain(&hand, &reading) {
                                continue;
                            }
                            if !f(Action::Play(Play { cards, reading })) {
                                return false;
                            }
                        }
                        true
                    },
                )
            }
        }
    }

    /// Writes the first `min(total, out.len())` legal actions of `seat` into `out` and returns
    /// the total (0 when it is not `seat`'s turn). [`MAX_ACTIONS`] slots always suffice.
    pub fn legal_actions(&self, seat: Seat, out: &mut [Action]) -> usize {
        let mut n = 0usize;
        self.for_each_legal_action(seat, |a| {
            if let Some(slot) = out.get_mut(n) {
                *slot = a;
            }
            n = n.saturating_add(1);
        });
        n
    }

    /// The number of legal actions of `seat`, without visiting them in play: the wing and
    /// kicker blocks are counted in closed form (the hot path of random playouts).
    pub fn count_legal_actions(&self, seat: Seat) -> usize {
        if self.to_act() != Some(seat) || self.phase != Phase::Play {
            return self.legal_actions(seat, &mut []);
        }
        let prev = self.top.map(|(_, p)| p.reading);
        let pass = usize::from(prev.is_some());
        let hand = self.hand(seat);
        if self.config.bomb_follows_rocket && prev.is_some_and(|p| p.kind == Kind::Rocket) {
            let bombs = Rank::ALL.into_iter().filter(|&r| hand.count(r) == 4).count();
            return pass.saturating_add(bombs);
        }
        let rules = self.config.rules;
        let plays = count_plays(
            &hand,
            prev,
            &rules,
            usize::from(rules.max_cards),
            several_readings(&rules),
            self.config.quad_blocks_chain_head,
        );
        pass.saturating_add(plays)
    }

    /// The legal action of index `n` (order of [`Round::for_each_legal_action`]); `None` when
    /// `n` is past the count. On a lead, the blocks of plays before it (simple plays, each kind
    /// of chain, triplets with kickers, each chain's wings, each quad's kickers) are passed over
    /// by their counts (except under rules that read airplane sets several ways), and the
    /// generator stops at it.
    pub fn nth_legal_action(&self, seat: Seat, n: usize) -> Option<Action> {
        let prev = self.top.map(|(_, p)| p.reading);
        let rules = self.config.rules;
        let plain = self.to_act() == Some(seat)
            && self.phase == Phase::Play
            && !several_readings(&rules)
            && !(self.config.bomb_follows_rocket && prev.is_some_and(|p| p.kind == Kind::Rocket));
        if !plain {
            let mut left = n;
            let mut found = None;
            self.visit(seat, &mut |a| {
                if left == 0 {
                    found = Some(a);
                    false
                } else {
                    left = left.saturating_sub(1);
                    true
                }
            });
            return found;
        }
        let mut left = n;
        if prev.is_some() {
            match left.checked_sub(1) {
                None => return Some(Action::Pass),
                Some(rest) => left = rest,
            }
        }
        let hand = self.hand(seat);
        let quirk = self.config.quad_blocks_chain_head;
        let skip = Cell::new(left);
        let mut found = None;
        // Over a play, the blocks are small: counting them costs more than walking them.
        let blocks = prev.is_none().then_some((&skip, quirk));
        generate_from(
            &hand,
            prev,
            &rules,
            usize::from(rules.max_cards),
            blocks,
            &mut |cards, reading| {
                if quirk && blocked_chain(&hand, &reading) {
                    return true;
                }
                match skip.get().checked_sub(1) {
                    None => {
                        found = Some(Action::Play(Play { cards, reading }));
                        false
                    }
                    Some(rest) => {
                        skip.set(rest);
                        true
                    }
                }
            },
        );
        found
    }

    /// Whether `action` is legal for `seat` now.
    pub fn is_legal(&self, seat: Seat, action: Action) -> bool {
        if self.to_act() != Some(seat) {
            return false;
        }
        match (self.phase, action) {
            (Phase::Play, Action::Play(play)) => self.play_is_legal(seat, &play),
            (Phase::Play, Action::Pass) => self.top.is_some(),
            (Phase::Auction, a) => {
                let mut found = false;
                self.visit(seat, &mut |b| {
                    found = a == b;
                    !found
                });
                found
            }
            _ => false,
        }
    }

    fn play_is_legal(&self, seat: Seat, play: &Play) -> bool {
        let hand = self.hand(seat);
        if play.cards.is_empty() || !hand.contains(&play.cards) {
            return false;
        }
        if !classify(&play.cards, &self.config.rules)
            .iter()
            .any(|r| r == play.reading)
        {
            return false;
        }
        if self.config.quad_blocks_chain_head && blocked_chain(&hand, &play.reading) {
            return false;
        }
        self.top.is_none_or(|(_, top)| {
            play.reading.beats(&top.reading)
                || (self.config.bomb_follows_rocket
                    && top.reading.kind == Kind::Rocket
                    && play.reading.kind == Kind::Bomb)
        })
    }

    /// The legal play of `cards` for `seat`, read at its strongest legal reading, if any (a
    /// convenience for text input: `333444555666` under `openspiel` has several readings).
    pub fn play_of(&self, seat: Seat, cards: &Cards) -> Option<Action> {
        classify(cards, &self.config.rules)
            .iter()
            .map(|reading| Action::Play(Play { cards: *cards, reading }))
            .find(|a| self.is_legal(seat, *a))
    }

    /// Applies `seat`'s `action`.
    ///
    /// # Errors
    /// [`Error::NoSuchSeat`] for a seat past 2, [`Error::RoundOver`] after the end,
    /// [`Error::NotYourTurn`] for another seat, [`Error::IllegalAction`] for an action the rules
    /// forbid now. On error the round is unchanged.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Event, Error> {
        if seat.0 > 2 {
            return Err(Error::NoSuchSeat { seat: seat.0 });
        }
        if self.phase == Phase::Over {
            return Err(Error::RoundOver);
        }
        if seat.0 != self.turn {
            return Err(Error::NotYourTurn { seat: seat.0 });
        }
        if !self.is_legal(seat, action) {
            return Err(Error::IllegalAction);
        }
        let mut event = Event {
            seat,
            action,
            landlord: None,
            kitty: None,
            void: false,
            doubled: false,
            lead: None,
            outcome: None,
        };
        match action {
            Action::Play(play) => self.apply_play(seat.0, &play, &mut event)?,
            Action::Pass if self.phase == Phase::Play => {
                self.passes = self.passes.saturating_add(1);
                if self.passes >= 2 {
                    let leader = self.top.map_or(next(seat.0), |(s, _)| s);
                    self.top = None;
                    self.passes = 0;
                    self.turn = leader;
                    event.lead = Some(Seat(leader));
                } else {
                    self.turn = next(seat.0);
                }
            }
            _ => {
                let code = auction_code(action).ok_or(Error::Internal)?;
                self.apply_auction(seat.0, code)?;
                if action == Action::Rob {
                    event.doubled = true;
                }
                match self.phase {
                    Phase::Play => {
                        event.landlord = self.landlord();
                        event.kitty = Some(self.kitty);
                    }
                    Phase::Over => {
                        event.void = true;
                        event.outcome = self.outcome();
                    }
                    Phase::Auction => {}
                }
            }
        }
        Ok(event)
    }

    fn apply_play(&mut self, seat: u8, play: &Play, event: &mut Event) -> Result<(), Error> {
        let i = usize::from(seat);
        let hand = self.hands.get_mut(i).ok_or(Error::Internal)?;
        *hand = hand.minus(&play.cards).ok_or(Error::Internal)?;
        let emptied = hand.is_empty();
        let played = self.played.get_mut(i).ok_or(Error::Internal)?;
        *played = played.plus(&play.cards).ok_or(Error::Internal)?;
        if let Some(n) = self.plays.get_mut(i) {
            *n = n.saturating_add(1);
        }
        if matches!(play.reading.kind, Kind::Bomb | Kind::Rocket) {
            self.bombs = self.bombs.saturating_add(1);
            event.doubled = true;
        }
        self.top = Some((seat, *play));
        self.passes = 0;
        if emptied {
            self.phase = Phase::Over;
            event.outcome = self.outcome();
        } else {
            self.turn = next(seat);
        }
        Ok(())
    }

    /// The auction step (the action is known legal); also used by `decode` to replay the log.
    fn apply_auction(&mut self, seat: u8, code: u8) -> Result<(), Error> {
        let slot = self
            .auction
            .get_mut(usize::from(self.auction_len))
            .ok_or(Error::Internal)?;
        *slot = code;
        self.auction_len = self.auction_len.saturating_add(1);
        let pass = code == CODE_PASS;
        if pass {
            self.passes = self.passes.saturating_add(1);
        } else {
            self.passes = 0;
        }
        match self.config.auction {
            Auction::Bids => {
                if !pass {
                    self.bid = code;
                    self.bidder = seat;
                }
                if code == 3 {
                    self.take_kitty(seat)?;
                } else if self.auction_len >= 3 {
                    if self.bidder == NONE {
                        self.phase = Phase::Over;
                    } else {
                        self.take_kitty(self.bidder)?;
                    }
                } else {
                    self.turn = next(seat);
                }
            }
            Auction::OpenSpiel => {
                if pass {
                    if self.passes >= 3 {
                        self.phase = Phase::Over;
                    } else if self.passes == 2 && self.bid > 0 {
                        self.take_kitty(self.bidder)?;
                    } else {
                        self.turn = next(seat);
                    }
                } else {
                    self.bid = code;
                    self.bidder = seat;
                    if code == 3 {
                        self.take_kitty(seat)?;
                    } else {
                        self.turn = next(seat);
                    }
                }
            }
            Auction::Rob => match self.stage {
                STAGE_CALLING => {
                    if pass {
                        if self.passes >= 3 {
                            self.phase = Phase::Over;
                        } else {
                            self.turn = next(seat);
                        }
                    } else {
                        self.bid = 1;
                        self.bidder = seat;
                        self.caller = seat;
                        if next(seat) == self.first {
                            self.take_kitty(seat)?;
                        } else {
                            self.stage = STAGE_ROBBING;
                            self.turn = next(seat);
                        }
                    }
                }
                STAGE_ROBBING => {
                    if !pass {
                        self.robs = self.robs.saturating_add(1);
                        self.bidder = seat;
                    }
                    if next(seat) != self.first {
                        self.turn = next(seat);
                    } else if self.robs > 0 {
                        self.stage = STAGE_FINAL;
                        self.turn = self.caller;
                    } else {
                        self.take_kitty(self.caller)?;
                    }
                }
                _ => {
                    if !pass {
                        self.robs = self.robs.saturating_add(1);
                        self.bidder = seat;
                    }
                    self.take_kitty(self.bidder)?;
                }
            },
            Auction::None => return Err(Error::Internal),
        }
        Ok(())
    }

    /// The outcome, once the deal is over.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let Some(landlord) = seat_opt(self.landlord) else {
            return Some(Outcome {
                landlord: None,
                winner: None,
                landlord_won: false,
                bid: 0,
                bombs: 0,
                robs: self.robs,
                spring: Spring::None,
                stake: 0,
                scores: [0; SEATS],
            });
        };
        let winner = self.hands.iter().position(Cards::is_empty)?;
        let landlord_won = winner == landlord.index();
        let (mut landlord_plays, mut peasant_plays) = (0u8, 0u32);
        for (s, &n) in self.plays.iter().enumerate() {
            if s == landlord.index() {
                landlord_plays = n;
            } else {
                peasant_plays = peasant_plays.saturating_add(u32::from(n));
            }
        }
        let spring = if landlord_won && peasant_plays == 0 {
            Spring::Spring
        } else if !landlord_won && landlord_plays == 1 {
            Spring::AntiSpring
        } else {
            Spring::None
        };
        let doublings = u32::from(self.bombs)
            .saturating_add(u32::from(self.robs))
            .saturating_add(u32::from(spring != Spring::None));
        let stake = 1u32
            .checked_shl(doublings)
            .and_then(|p| p.checked_mul(u32::from(self.bid)))
            // A documented clamp ([`Outcome::stake`]): a real deal has at most 14 bombs, but a
            // decoded state is only held to "no more bombs than plays".
            .unwrap_or(u32::MAX);
        // Halved so that the landlord's double share cannot overflow either (same clamp).
        let unit = i32::try_from(stake).unwrap_or(i32::MAX / 2);
        let mut scores = [0i32; SEATS];
        for (s, score) in scores.iter_mut().enumerate() {
            let is_landlord = s == landlord.index();
            *score = match self.config.scoring {
                Scoring::Stake => {
                    let base = if is_landlord { unit.saturating_mul(2) } else { unit };
                    if is_landlord == landlord_won {
                        base
                    } else {
                        base.saturating_neg()
                    }
                }
                Scoring::WinLoss => i32::from(is_landlord == landlord_won),
            };
        }
        Some(Outcome {
            landlord: Some(landlord),
            winner: Some(Seat(winner as u8)),
            landlord_won,
            bid: self.bid,
            bombs: self.bombs,
            robs: self.robs,
            spring,
            stake,
            scores,
        })
    }

    /// What `seat` may know: its own hand and everything public, never another seat's cards.
    ///
    /// # Errors
    /// [`Error::NoSuchSeat`] for a seat past 2.
    pub fn observation(&self, seat: Seat) -> Result<Observation, Error> {
        if seat.index() >= SEATS {
            return Err(Error::NoSuchSeat { seat: seat.0 });
        }
        let mut counts = [0u8; SEATS];
        for (c, h) in counts.iter_mut().zip(self.hands.iter()) {
            *c = h.len() as u8;
        }
        Ok(Observation {
            seat,
            hand: self.hand(seat),
            counts,
            played: self.played,
            kitty: self.landlord().map(|_| self.kitty),
            landlord: self.landlord(),
            first_bidder: Seat(self.first),
            auction: self.auction,
            auction_len: self.auction_len,
            bid: self.bid,
            robs: self.robs,
            bombs: self.bombs,
            plays: self.plays,
            to_act: self.to_act(),
            top: self.top(),
            passes: if self.phase == Phase::Play { self.passes } else { 0 },
            rules: self.config.rules,
        })
    }

    /// Perfect-information analysis: can `seat` (to lead now) play out all its cards so that
    /// neither other seat can ever beat a play but the last? The seed's spring solver on the
    /// actual hands. For the question a seat itself may ask, see [`Observation::spring`].
    ///
    /// # Errors
    /// As [`spring`]; [`Error::NoSuchSeat`] for a seat past 2.
    pub fn spring_plan(&self, seat: Seat, scratch: &mut Scratch) -> Result<Option<Plan>, Error> {
        if seat.index() >= SEATS {
            return Err(Error::NoSuchSeat { seat: seat.0 });
        }
        let a = self.hand(Seat(next(seat.0)));
        let b = self.hand(Seat(next(next(seat.0))));
        spring(&self.hand(seat), &Opponents::Both(a, b), &self.config.rules, scratch)
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
        let mut out = *self;
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
        Ok(out)
    }
}

/// Whether the rules give some airplane sets several readings (single wings may be a triplet
/// next to the chain: OpenSpiel's rules), so that a generated set may be several actions.
fn several_readings(rules: &Preset) -> bool {
    rules.wing_copies >= 3 && rules.wing_triplet_next_to_chain
}

/// Whether OpenSpiel's generator skips this reading: a plain chain starting at a rank of which
/// the hand holds all four cards ([`Config::quad_blocks_chain_head`]).
fn blocked_chain(hand: &Cards, reading: &Reading) -> bool {
    matches!(reading.kind, Kind::Sequence | Kind::PairSequence | Kind::Airplane) && hand.count(reading.key) == 4
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

/// A little byte writer over a caller buffer (bounds checked).
pub(crate) struct Writer<'a> {
    buf: &'a mut [u8],
    at: usize,
}

impl<'a> Writer<'a> {
    pub(crate) fn new(buf: &'a mut [u8]) -> Writer<'a> {
        Writer { buf, at: 0 }
    }
    pub(crate) fn put(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let end = self.at.checked_add(bytes.len()).ok_or(Error::Internal)?;
        let slot = self
            .buf
            .get_mut(self.at..end)
            .ok_or(Error::BufferTooSmall { needed: end })?;
        // A zip, not `copy_from_slice`: no length-mismatch panic path (the lengths are equal).
        for (d, b) in slot.iter_mut().zip(bytes) {
            *d = *b;
        }
        self.at = end;
        Ok(())
    }
    pub(crate) fn len(&self) -> usize {
        self.at
    }
}

/// A little byte reader (bounds checked; running out is an invalid state).
pub(crate) struct Reader<'a> {
    /// The bytes not read yet.
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    pub(crate) fn new(buf: &'a [u8]) -> Reader<'a> {
        Reader { rest: buf }
    }
    pub(crate) fn take<const N: usize>(&mut self) -> Result<[u8; N], Error> {
        let (head, rest) = self
            .rest
            .split_first_chunk::<N>()
            .ok_or(Error::InvalidState { what: "too short" })?;
        self.rest = rest;
        Ok(*head)
    }
    pub(crate) fn byte(&mut self) -> Result<u8, Error> {
        let [byte] = self.take::<1>()?;
        Ok(byte)
    }
    /// The bytes not read yet.
    pub(crate) fn rest(&self) -> &'a [u8] {
        self.rest
    }
}

/// [`Error::Internal`], for a path the round's invariants rule out (asserted in debug builds).
fn internal() -> Error {
    debug_assert!(false, "doudizhu round: a broken invariant");
    Error::Internal
}

fn bad(what: &'static str) -> Error {
    Error::InvalidState { what }
}

pub(crate) fn encode_config(c: &Config, w: &mut Writer<'_>) -> Result<(), Error> {
    let r = &c.rules;
    let flags = u8::from(r.wing_triplet_next_to_chain)
        | u8::from(r.both_jokers_as_kickers) << 1
        | u8::from(r.quad_pair_as_singles) << 2
        | u8::from(r.quad_with_two) << 3
        | u8::from(c.quad_blocks_chain_head) << 4
        | u8::from(c.bomb_follows_rocket) << 5;
    w.put(&[
        r.wing_copies,
        flags,
        r.max_cards,
        c.auction as u8,
        c.deal as u8,
        c.scoring as u8,
    ])?;
    w.put(&c.deals.to_le_bytes())?;
    w.put(&c.target.to_le_bytes())
}

fn decode_config(r: &mut Reader<'_>) -> Result<Config, Error> {
    let config = decode_config_fields(r)?;
    config.validate()?;
    Ok(config)
}

/// The config's fields, each checked alone (codes that name something, known flags), not
/// validated together.
pub(crate) fn decode_config_fields(r: &mut Reader<'_>) -> Result<Config, Error> {
    let [wing_copies, flags, max_cards, auction, deal, scoring] = r.take::<6>()?;
    if flags >> 6 != 0 {
        return Err(bad("unknown config flags"));
    }
    let bit = |i: u8| flags >> i & 1 == 1;
    let config = Config {
        rules: Preset {
            wing_copies,
            wing_triplet_next_to_chain: bit(0),
            both_jokers_as_kickers: bit(1),
            quad_pair_as_singles: bit(2),
            quad_with_two: bit(3),
            max_cards,
        },
        auction: Auction::from_code(auction)?,
        deal: DealStyle::from_code(deal)?,
        scoring: Scoring::from_code(scoring)?,
        quad_blocks_chain_head: bit(4),
        bomb_follows_rocket: bit(5),
        deals: u16::from_le_bytes(r.take::<2>()?),
        target: u32::from_le_bytes(r.take::<4>()?),
    };
    Ok(config)
}

fn cards_from(bytes: [u8; RANKS]) -> Result<Cards, Error> {
    Cards::from_counts(bytes).map_err(|_| bad("a card count exceeds the deck"))
}

impl Round {
    /// Writes the round's versioned byte form ([`ENCODED_BYTES`] bytes, first byte
    /// [`FORMAT_VERSION`]) into `out` and returns its length.
    ///
    /// # Errors
    /// [`Error::BufferTooSmall`] if `out` is shorter than [`ENCODED_BYTES`].
    pub fn encode(&self, out: &mut [u8]) -> Result<usize, Error> {
        if out.len() < ENCODED_BYTES {
            return Err(Error::BufferTooSmall { needed: ENCODED_BYTES });
        }
        let mut w = Writer::new(out);
        w.put(&[FORMAT_VERSION])?;
        encode_config(&self.config, &mut w)?;
        for c in self.hands.iter().chain(self.played.iter()) {
            w.put(&c.counts())?;
        }
        w.put(&self.kitty.counts())?;
        let (top_seat, top_play) = match self.top {
            Some((s, p)) => (s, p),
            None => (
                NONE,
                Play {
                    cards: Cards::EMPTY,
                    reading: Reading {
                        kind: Kind::Single,
                        chain: 0,
                        key: Rank::Three,
                    },
                },
            ),
        };
        w.put(&top_play.cards.counts())?;
        w.put(&[
            top_play.reading.kind as u8,
            top_play.reading.chain,
            top_play.reading.key as u8,
        ])?;
        w.put(&self.auction)?;
        w.put(&[
            self.auction_len,
            top_seat,
            self.first,
            self.turn,
            self.phase as u8,
            self.landlord,
            self.bid,
            self.bidder,
            self.caller,
            self.stage,
            self.passes,
            self.robs,
            self.bombs,
        ])?;
        w.put(&self.plays)?;
        Ok(w.len())
    }

    /// Reads a round written by [`encode`](Round::encode), re-validating every invariant: the
    /// cards make up the deck, the auction replays to the stored state, the turn, trick and
    /// stake counters are consistent, and the bytes are exactly what `encode` writes (so
    /// `decode(encode(r)) == r` and random bytes are an error).
    ///
    /// # Errors
    /// [`Error::InvalidState`] naming the broken invariant; [`Error::UnknownCode`] /
    /// [`Error::InvalidConfig`] for a bad configuration.
    pub fn decode(bytes: &[u8]) -> Result<Round, Error> {
        let mut r = Reader::new(bytes);
        if r.byte()? != FORMAT_VERSION {
            return Err(bad("unknown format version"));
        }
        let config = decode_config(&mut r)?;
        let mut cards = [Cards::EMPTY; 7];
        for c in cards.iter_mut() {
            *c = cards_from(r.take::<RANKS>()?)?;
        }
        let [h0, h1, h2, p0, p1, p2, kitty] = cards;
        let top_cards = cards_from(r.take::<RANKS>()?)?;
        let [kind, chain, key] = r.take::<3>()?;
        let auction = r.take::<MAX_AUCTION>()?;
        let [
            auction_len,
            top_seat,
            first,
            turn,
            phase,
            landlord,
            bid,
            bidder,
            caller,
            stage,
            passes,
            robs,
            bombs,
        ] = r.take::<13>()?;
        let plays = r.take::<SEATS>()?;
        let phase = match phase {
            0 => Phase::Auction,
            1 => Phase::Play,
            2 => Phase::Over,
            _ => return Err(bad("unknown phase")),
        };
        if usize::from(first) >= SEATS {
            return Err(bad("the first bidder is no seat"));
        }
        let hands = [h0, h1, h2];
        let played = [p0, p1, p2];
        // Replay the auction from the deal.
        let mut dealt = hands;
        for (d, p) in dealt.iter_mut().zip(played.iter()) {
            *d = d.plus(p).ok_or(bad("a card is in two places"))?;
        }
        if let Some(l) = seat_opt(landlord) {
            let lh = dealt.get_mut(l.index()).ok_or(Error::Internal)?;
            *lh = lh.minus(&kitty).ok_or(bad("the landlord does not hold the kitty"))?;
        }
        let mut round = Round::new(
            &config,
            &Deal::Given {
                hands: dealt,
                kitty,
                first_bidder: Seat(first),
            },
        )
        .map_err(|_| bad("the cards do not make a deal"))?;
        if usize::from(auction_len) > MAX_AUCTION {
            return Err(bad("auction too long"));
        }
        for (i, &code) in auction.iter().enumerate() {
            if i < usize::from(auction_len) {
                let action = auction_action(code).ok_or(bad("unknown auction code"))?;
                let seat = round.to_act().ok_or(bad("auction past its end"))?;
                round.apply(seat, action).map_err(|_| bad("illegal auction action"))?;
            } else if code != 0 {
                return Err(bad("bytes past the auction"));
            }
        }
        if round.landlord != landlord {
            return Err(bad("the auction gives another landlord"));
        }
        let in_play = phase != Phase::Auction && seat_opt(landlord).is_some();
        if !in_play && (round.phase != phase || played.iter().any(|p| !p.is_empty())) {
            return Err(bad("the auction ends elsewhere"));
        }
        // The play: the dealt cards, now split between hands and played piles.
        if in_play {
            round.hands = hands;
            round.played = played;
            round.plays = plays;
            round.bombs = bombs;
            round.phase = phase;
            round.turn = turn;
            round.passes = passes;
            let top = if top_seat == NONE {
                None
            } else {
                let reading = Reading {
                    kind: Kind::from_code(kind).ok_or(bad("unknown kind"))?,
                    chain,
                    key: Rank::from_index(usize::from(key)).ok_or(bad("unknown rank"))?,
                };
                Some((
                    top_seat,
                    Play {
                        cards: top_cards,
                        reading,
                    },
                ))
            };
            round.top = top;
            round.check_play()?;
        }
        let mut again = [0u8; ENCODED_BYTES];
        let n = round.encode(&mut again)?;
        if bytes.len() < n || again.get(..n) != bytes.get(..n) {
            return Err(bad("not in canonical form"));
        }
        let _ = (bidder, caller, stage, bid, robs);
        Ok(round)
    }

    /// The play-phase invariants `decode` checks after replaying the auction.
    fn check_play(&self) -> Result<(), Error> {
        let l = usize::from(self.landlord);
        for (s, ((h, p), &n)) in self
            .hands
            .iter()
            .zip(self.played.iter())
            .zip(self.plays.iter())
            .enumerate()
        {
            let dealt = if s == l { 20 } else { 17 };
            if h.len().saturating_add(p.len()) != dealt {
                return Err(bad("a seat holds the wrong number of cards"));
            }
            if (n == 0) != p.is_empty() || usize::from(n) > p.len() {
                return Err(bad("play counts disagree with the played cards"));
            }
        }
        let total_plays: usize = self.plays.iter().map(|&n| usize::from(n)).sum();
        let landlord_plays = self.plays.get(l).copied().ok_or(bad("no such landlord"))?;
        if total_plays > 0 && landlord_plays == 0 {
            return Err(bad("the landlord has not led"));
        }
        if usize::from(self.bombs) > total_plays {
            return Err(bad("more bombs than plays"));
        }
        let empty = self.hands.iter().filter(|h| h.is_empty()).count();
        match (self.phase, self.top) {
            (Phase::Over, Some((s, _))) => {
                if empty != 1 || !self.hand(Seat(s)).is_empty() || self.passes != 0 || self.turn != s {
                    return Err(bad("the deal ends without its last play"));
                }
            }
            (Phase::Play, top) => {
                if empty != 0 || usize::from(self.turn) >= SEATS {
                    return Err(bad("an empty hand in play"));
                }
                match top {
                    None => {
                        if self.passes != 0 || (total_plays == 0 && self.turn != self.landlord) {
                            return Err(bad("a lead out of place"));
                        }
                    }
                    Some((s, _)) => {
                        let expected = if self.passes == 0 { next(s) } else { next(next(s)) };
                        if self.passes > 1 || self.turn != expected {
                            return Err(bad("the turn is out of place"));
                        }
                    }
                }
            }
            _ => return Err(bad("phase and trick disagree")),
        }
        if let Some((s, play)) = self.top {
            let p = self
                .played
                .get(usize::from(s))
                .ok_or(bad("the top player is no seat"))?;
            if !p.contains(&play.cards)
                || play.cards.is_empty()
                || !classify(&play.cards, &self.config.rules)
                    .iter()
                    .any(|r| r == play.reading)
            {
                return Err(bad("the top play is not a play of its seat"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects, clippy::unwrap_used)]
mod tests {
    extern crate std;
    use super::*;

    fn c(s: &str) -> Cards {
        s.parse().unwrap()
    }

    #[test]
    fn sizes() {
        assert_eq!(core::mem::size_of::<Round>(), 168);
        assert_eq!(ENCODED_BYTES, 161);
        assert_eq!(core::mem::size_of::<Action>(), 18);
    }

    #[test]
    fn seeded_deal_is_pinned() {
        // seed, face-up style, the three hands, the kitty, the first bidder: never changes.
        let vectors = [
            (
                0,
                false,
                ["3356666799TQQKA2R", "34458899TJJJKAA22", "44557778TTJQQKK2B"],
                "38A",
                0,
            ),
            (
                0,
                true,
                ["344455668889QQKKK", "3556799TTJQKAAA2B", "3467779TTJJJQA22R"],
                "382",
                0,
            ),
            (
                1,
                false,
                ["344567789TJJQKA2B", "33345556689TTJKAA", "46778899JQQKKA22R"],
                "TQ2",
                0,
            ),
            (
                1,
                true,
                ["345679TJJQQQKKA22", "33455566789TJQKAR", "3446778899TTJAA2B"],
                "8K2",
                1,
            ),
            (
                7,
                false,
                ["4567789TTJQKKAA2B", "333455567899TQQK2", "4466789TJJJQKA22R"],
                "38A",
                0,
            ),
            (
                7,
                true,
                ["34777889TJQQKKAA2", "34455668JJQKKA22B", "34556678999TTJQ2R"],
                "3TA",
                1,
            ),
        ];
        for (seed, face_up, hands, kitty, first) in vectors {
            let config = if face_up { Config::OPENSPIEL } else { Config::PAGAT };
            let dealt = Deal::Seeded(seed).cards(&config).unwrap();
            assert_eq!(
                dealt,
                (hands.map(c), c(kitty), Seat(first)),
                "seed {seed} face-up {face_up}"
            );
        }
    }

    #[test]
    fn given_deal_checks() {
        let (hands, kitty, _) = Deal::Seeded(3).cards(&Config::PAGAT).unwrap();
        let mut bad_hands = hands;
        bad_hands[0] = hands[1];
        let e = Round::new(
            &Config::PAGAT,
            &Deal::Given {
                hands: bad_hands,
                kitty,
                first_bidder: Seat(0),
            },
        );
        assert_eq!(
            e,
            Err(Error::InvalidDeal {
                what: "a card is dealt twice"
            })
        );
    }

    #[test]
    fn openspiel_chain_head_quirk() {
        let hand = c("33334567");
        let r = Reading {
            kind: Kind::Sequence,
            chain: 5,
            key: Rank::Three,
        };
        assert!(blocked_chain(&hand, &r));
        assert!(!blocked_chain(&c("3334567"), &r));
    }

    #[test]
    fn pagat_auction_all_pass_is_void() {
        let mut r = Round::new(&Config::PAGAT, &Deal::Seeded(5)).unwrap();
        for s in 0..3 {
            let e = r.apply(Seat(s), Action::Pass).unwrap();
            assert_eq!(e.void, s == 2);
        }
        assert_eq!(r.outcome().unwrap().scores, [0, 0, 0]);
        assert_eq!(r.to_act(), None);
    }

    #[test]
    fn pagat_highest_bid_wins_after_three_turns() {
        let mut r = Round::new(&Config::PAGAT, &Deal::Seeded(5)).unwrap();
        r.apply(Seat(0), Action::Bid(1)).unwrap();
        assert!(!r.is_legal(Seat(1), Action::Bid(1)));
        r.apply(Seat(1), Action::Bid(2)).unwrap();
        let e = r.apply(Seat(2), Action::Pass).unwrap();
        assert_eq!(e.landlord, Some(Seat(1)));
        assert_eq!(r.hand(Seat(1)).len(), 20);
        assert_eq!(r.to_act(), Some(Seat(1)));
    }

    #[test]
    fn openspiel_auction_rebid_after_pass() {
        let mut r = Round::new(&Config::OPENSPIEL, &Deal::Seeded(9)).unwrap();
        let f = r.first_bidder().0;
        let s = |k: u8| Seat((f + k) % 3);
        r.apply(s(0), Action::Pass).unwrap();
        r.apply(s(1), Action::Bid(1)).unwrap();
        r.apply(s(2), Action::Pass).unwrap();
        r.apply(s(0), Action::Bid(2)).unwrap(); // passed before, bids again
        r.apply(s(1), Action::Pass).unwrap();
        let e = r.apply(s(2), Action::Pass).unwrap();
        assert_eq!(e.landlord, Some(s(0)));
        assert_eq!(r.stake_factors().0, 2);
    }

    #[test]
    fn rob_auction_doubles() {
        let mut r = Round::new(&Config::ROB, &Deal::Seeded(2)).unwrap();
        r.apply(Seat(0), Action::Call).unwrap();
        r.apply(Seat(1), Action::Rob).unwrap();
        r.apply(Seat(2), Action::Pass).unwrap();
        assert_eq!(r.to_act(), Some(Seat(0))); // the caller's final say
        let e = r.apply(Seat(0), Action::Rob).unwrap();
        assert_eq!(e.landlord, Some(Seat(0)));
        assert_eq!(r.stake_factors(), (1, 0, 2));
        // A call by the last seat ends at once.
        let mut r = Round::new(&Config::ROB, &Deal::Seeded(2)).unwrap();
        r.apply(Seat(0), Action::Pass).unwrap();
        r.apply(Seat(1), Action::Pass).unwrap();
        let e = r.apply(Seat(2), Action::Call).unwrap();
        assert_eq!(e.landlord, Some(Seat(2)));
    }

    #[test]
    fn illegal_actions_leave_the_round_unchanged() {
        let mut r = Round::new(&Config::PAGAT, &Deal::Seeded(4)).unwrap();
        let before = r;
        assert_eq!(r.apply(Seat(1), Action::Pass), Err(Error::NotYourTurn { seat: 1 }));
        assert_eq!(r.apply(Seat(0), Action::Bid(4)), Err(Error::IllegalAction));
        assert_eq!(r.apply(Seat(0), Action::Rob), Err(Error::IllegalAction));
        assert_eq!(r, before);
        r.apply(Seat(0), Action::Bid(3)).unwrap();
        let before = r;
        assert_eq!(r.apply(Seat(0), Action::Pass), Err(Error::IllegalAction));
        let rank = Rank::ALL.into_iter().find(|&k| r.hand(Seat(0)).count(k) == 0).unwrap();
        let mut one = Cards::EMPTY;
        one.add(rank, 1);
        let play = Action::Play(Play {
            cards: one,
            reading: Reading {
                kind: Kind::Single,
                chain: 1,
                key: rank,
            },
        });
        if !r.hand(Seat(0)).contains(&one) {
            assert_eq!(r.apply(Seat(0), play), Err(Error::IllegalAction));
        }
        assert_eq!(r, before);
    }

    #[test]
    fn observation_hides_other_hands() {
        // Two deals that differ only in how seats 1 and 2 hold their cards: seat 0 sees the same.
        let (hands, kitty, _) = Deal::Seeded(3).cards(&Config::PAGAT).unwrap();
        let swapped = [hands[0], hands[2], hands[1]];
        let deal = |hands| Deal::Given {
            hands,
            kitty,
            first_bidder: Seat(0),
        };
        let mut a = Round::new(&Config::PAGAT, &deal(hands)).unwrap();
        let mut b = Round::new(&Config::PAGAT, &deal(swapped)).unwrap();
        assert_eq!(a.observation(Seat(0)), b.observation(Seat(0)));
        assert_ne!(a.observation(Seat(1)), b.observation(Seat(1)));
        for r in [&mut a, &mut b] {
            r.apply(Seat(0), Action::Bid(3)).unwrap();
        }
        let lead = crate::game::bot::lowest_legal_action(&a, Seat(0)).unwrap();
        a.apply(Seat(0), lead).unwrap();
        b.apply(Seat(0), lead).unwrap();
        let (oa, ob) = (a.observation(Seat(0)).unwrap(), b.observation(Seat(0)).unwrap());
        assert_eq!(oa, ob);
        assert_eq!(oa.kitty, Some(kitty));
        assert_eq!(oa.counts, [19, 17, 17]);
        assert_eq!(oa.others_cards().len(), 34);
    }

    #[test]
    fn solvers_run_on_a_position() {
        let hands = [c("33344455566677788"), c("3456789999TTTTJJJ"), c("JQQQQKKKKAAAA2222")];
        let deal = Deal::Given {
            hands,
            kitty: c("8BR"),
            first_bidder: Seat(0),
        };
        let mut r = Round::new(&Config::PAGAT, &deal).unwrap();
        r.apply(Seat(0), Action::Bid(3)).unwrap();
        let mut scratch = crate::doudizhu::Scratch::new();
        let obs = r.observation(Seat(0)).unwrap();
        assert_eq!(obs.min_plays(&mut scratch), Ok(2));
        // The other seats together could beat the airplane (bombs, 999…AAA), never the rocket:
        // the rocket first, the airplane last.
        let plan = obs.spring(&mut scratch).unwrap().unwrap();
        assert_eq!(plan.plays(), [c("BR"), c("333444555666777888")]);
        let exact = r.spring_plan(Seat(0), &mut scratch).unwrap().unwrap();
        assert_eq!(exact.plays().len(), 2);
        // A peasant cannot spring from its 17 cards against the landlord's 20.
        let peasant = r.observation(Seat(1)).unwrap();
        assert_eq!(peasant.spring(&mut scratch), Ok(None));
    }

    #[test]
    fn rlcard_starts_in_play() {
        let r = Round::new(&Config::RLCARD, &Deal::Seeded(1)).unwrap();
        assert_eq!(r.landlord(), Some(Seat(0)));
        assert_eq!(r.hand(Seat(0)).len(), 20);
        assert!(!r.in_auction());
    }

    #[test]
    fn spring_when_the_peasants_always_pass() {
        let mut r = Round::new(&Config::PAGAT, &Deal::Seeded(8)).unwrap();
        r.apply(Seat(0), Action::Bid(3)).unwrap();
        while let Some(seat) = r.to_act() {
            let action = if r.is_legal(seat, Action::Pass) {
                Action::Pass
            } else {
                let mut first = None;
                r.for_each_legal_action(seat, |a| {
                    first.get_or_insert(a);
                });
                first.unwrap()
            };
            r.apply(seat, action).unwrap();
        }
        let o = r.outcome().unwrap();
        assert_eq!(o.spring, Spring::Spring);
        assert!(o.landlord_won);
        assert_eq!(o.stake, 3 << (1 + u32::from(o.bombs)));
        let s = o.stake as i32;
        assert_eq!(o.scores, [2 * s, -s, -s]);
    }

    /// The closed-form count and the skipping `nth` agree with the enumeration, for random
    /// hands of 1–20 cards over random previous plays, under the presets and house-rule mixes.
    #[test]
    fn counts_and_nth_agree_with_the_enumeration() {
        let mut configs = std::vec::Vec::new();
        for base in [Config::PAGAT, Config::RLCARD, Config::OPENSPIEL] {
            configs.push(base);
            for wing_copies in [1, 2, 3, 4] {
                for next in [false, true] {
                    for jokers in [false, true] {
                        let mut c = base;
                        c.rules.wing_copies = wing_copies;
                        c.rules.wing_triplet_next_to_chain = next;
                        c.rules.both_jokers_as_kickers = jokers;
                        c.rules.quad_pair_as_singles = !c.rules.quad_pair_as_singles;
                        c.rules.quad_with_two = true;
                        configs.push(c);
                    }
                }
            }
            let mut small = base;
            small.rules.max_cards = 6;
            small.quad_blocks_chain_head = !small.quad_blocks_chain_head;
            configs.push(small);
        }
        let mut rng = Rng::new(77);
        let mut checked = 0usize;
        let mut most = 0usize;
        for config in &configs {
            let config = Config {
                auction: Auction::None,
                ..*config
            };
            let base = Round::new(&config, &Deal::Seeded(1)).unwrap();
            for case in 0..200 {
                let mut deck = CANONICAL_DECK;
                shuffle(&mut deck, &mut rng);
                let size = if case % 2 == 0 {
                    1 + rng.below(20) as usize
                } else {
                    15 + rng.below(6) as usize
                };
                let mut hand = Cards::EMPTY;
                let mut other = Cards::EMPTY;
                for (k, &card) in deck.iter().enumerate() {
                    if k < size {
                        add_card(&mut hand, card);
                    } else if k < size + 20 {
                        add_card(&mut other, card);
                    }
                }
                if case % 4 == 3 {
                    // Airplane-rich: three or four consecutive triplets, then random cards.
                    hand = Cards::EMPTY;
                    let start = rng.below(9) as usize;
                    for rank in Rank::ALL.into_iter().skip(start).take(3 + (case / 4) % 2) {
                        hand.add(rank, 3);
                    }
                    for &card in &deck {
                        let rank = Rank::from_index(usize::from(card)).unwrap();
                        if hand.len() < size.max(16) && hand.count(rank) < rank.copies() {
                            hand.add(rank, 1);
                        }
                    }
                }
                let mut r = base;
                r.hands[0] = hand;
                r.turn = 0;
                r.top = None;
                if rng.below(3) > 0 {
                    // A previous play by seat 2: a random lead from another hand.
                    let mut leads = std::vec::Vec::new();
                    generate(&other, None, &config.rules, 20, &mut |cards, reading| {
                        leads.push(Play { cards, reading });
                        true
                    });
                    if let Some(&p) = leads.get(rng.below(leads.len() as u32) as usize) {
                        r.top = Some((2, p));
                    }
                }
                let mut all = std::vec::Vec::new();
                r.for_each_legal_action(Seat(0), |a| all.push(a));
                assert_eq!(
                    r.count_legal_actions(Seat(0)),
                    all.len(),
                    "{config:?} hand {hand} top {:?}",
                    r.top
                );
                for (i, a) in all.iter().enumerate() {
                    assert_eq!(r.nth_legal_action(Seat(0), i), Some(*a), "{config:?} hand {hand} #{i}");
                }
                assert_eq!(r.nth_legal_action(Seat(0), all.len()), None);
                checked += all.len();
                most = most.max(all.len());
            }
        }
        assert!(checked > 200_000 && most > 300, "{checked} actions, at most {most}");
    }

    #[test]
    fn encode_round_trips_and_rejects_garbage() {
        let mut r = Round::new(&Config::OPENSPIEL, &Deal::Seeded(11)).unwrap();
        let mut buf = [0u8; ENCODED_BYTES];
        let mut rng = Rng::new(3);
        loop {
            let n = r.encode(&mut buf).unwrap();
            assert_eq!(n, ENCODED_BYTES);
            assert_eq!(Round::decode(&buf), Ok(r));
            let mut broken = buf;
            broken[20] ^= 1;
            assert!(Round::decode(&broken).is_err());
            let Some(seat) = r.to_act() else { break };
            let total = r.count_legal_actions(seat);
            let mut out = [Action::Pass; 1];
            let pick = rng.below(total as u32) as usize;
            let mut i = 0;
            let mut chosen = Action::Pass;
            r.for_each_legal_action(seat, |a| {
                if i == pick {
                    chosen = a;
                }
                i += 1;
            });
            let _ = r.legal_actions(seat, &mut out);
            r.apply(seat, chosen).unwrap();
        }
        assert!(r.outcome().is_some());
    }
}
