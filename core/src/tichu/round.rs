//! One Tichu round played out (the whole-game layer): the 8-card Grand Tichu window, the
//! exchange, Tichu calls, tricks with bombs out of turn, the Dog, the Dragon's gift, players going
//! out, the double victory, the last player's cards and the scoring. Rules and rulings in
//! `docs/tichu.md` ("The whole game").
//!
//! The round holds the four hands, so every card is accounted for: a card is played once, and a
//! caller never has to keep hands disjoint. It drives the crate's [`Trick`] for the play and
//! [`score_round`] for the result.
//!
//! # Who may act
//! Several seats may act at once: the seat in turn, any seat holding a bomb that beats the table
//! (out of turn, while the trick has a top play) and any seat that may still call Tichu.
//! [`Round::to_act`] is the seat whose ordinary turn it is; [`Round::may_act`] /
//! [`Round::acting_seats`] say who else may. When several claim at once, a host applies the
//! claim of the first seat in [`Round::claim_order`] ([`Config::bomb_priority`]). Under
//! [`Config::bomb_after_passes`] a trick passed by every other seat waits to be gathered
//! ([`Trick::gathering`]): its winner is to act, with its gathering [`Action::Pass`] and its
//! bombs; the other seats may bomb.
//!
//! ```
//! use parlor_core::game::Seat;
//! use parlor_core::tichu::round::{Action, Config, Deal, Phase, Round};
//! let mut round = Round::new(&Config::default(), &Deal::Seeded(7)).unwrap();
//! assert_eq!(round.phase(), Phase::GrandTichu);
//! for seat in 0..4 {
//!     round.apply(Seat(seat), Action::GrandTichu(false)).unwrap();
//! }
//! assert_eq!(round.phase(), Phase::Exchange);
//! // The lowest-legal bot plays the round to its end.
//! while let Some(seat) = round.to_act() {
//!     let action = parlor_core::game::bot::lowest_legal_action(&round, seat).unwrap();
//!     round.apply(seat, action).unwrap();
//! }
//! let outcome = round.outcome().unwrap();
//! assert_eq!(outcome.card_points[0] + outcome.card_points[1], 100);
//! ```
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::mem::MaybeUninit;
use core::ops::ControlFlow;

use super::Error;
use super::card::{Card, Cards, Rank, SUITED_BIT, Suit};
use super::combination::Kind;
use super::moves::{MAX_HAND, for_each_bomb, for_each_move, holds_bomb, nth_play, wish_forces};
use super::score::{Call, score_round};
use super::trick::{Seat as TrickSeat, Step, Trick, TrickParts};
use crate::game::{Countdown, Rng, Seat, shuffle};
use zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout, TryFromBytes};

#[path = "round_cache.rs"]
mod cache;
pub use cache::CACHE_BYTES;
pub(in crate::tichu) use cache::{Cached, Form};

/// The number of cards in the deck.
pub const DECK: usize = 56;
/// Cards per hand after the deal.
pub const HAND: usize = 14;
/// Cards seen before the Grand Tichu decision.
pub const WINDOW: usize = 8;
/// The most legal actions of one seat at one moment: an upper bound, 8,345 = 1,674 plays
/// ([`MAX_MOVES`](super::MAX_MOVES)) + 13 more wishes for each of at most 513 plays holding the
/// Mah Jong (the single and the straights from 1, counted by exhaustion over rank counts in
/// `tests/tests/tichu_round.rs`) + a pass + a Tichu call. The exchange has 14 × 13 × 12 = 2,184
/// choices + a Tichu call. A buffer of this many [`Action`]s always suffices.
pub const MAX_ACTIONS: usize = 1674 + 13 * 513 + 2;
/// The most actions a round can take, 293: 4 Grand Tichu decisions, 4 exchanges, 4 Tichu calls
/// (one per seat; none after a Grand Tichu), at most 56 plays (a play has a card, and a card is
/// played once), at most 4 passes after each play (every other seat with cards once, the play
/// resets the count, plus under [`Config::bomb_after_passes`] the winner's gathering pass, which
/// ends the trick; a lead cannot be passed), one gift (of the one Dragon trick). The longest shape,
/// one-card tricks each passed by three others and gathered, is played in
/// `tichu::round::tests::the_longest_round_fits_the_log`. The longest of 3,000 rounds of uniform
/// random players has 173 actions (`longest_random_round`).
pub const MAX_LOG: usize = 4 + 4 + 4 + 56 + 4 * 56 + 1;
/// Bytes of [`Round::encode`]'s output.
pub const ENCODED_BYTES: usize = 1 + CONFIG_BYTES + 14 + 7 + 12 + DECK + 1 + 2 + MAX_LOG;
/// The format version, the first byte of [`Round::encode`]: 2 since the log holds 293 actions
/// with a 2-byte length (version 1, a 237-action log, is refused with [`Error::InvalidState`]).
pub const FORMAT_VERSION: u8 = 2;
const CONFIG_BYTES: usize = 4;
const NO_CARD: u8 = 0xFF;
const NO_SEAT: u8 = 0xFF;

/// Which seat's claim wins when several want to act at once (bombs out of turn, Tichu calls,
/// the seat in turn). Codes (`as u8`) fixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(u8)]
pub enum BombPriority {
    /// Playing order starting at the seat whose turn it is (then the seat after it, …). Code 0.
    TurnOrder = 0,
    /// Seat 0 first, then 1, 2, 3. Code 1.
    SeatOrder = 1,
}

impl TryFrom<u8> for BombPriority {
    type Error = Error;
    /// The priority of a code 0..=1, else [`Error::InvalidConfig`].
    fn try_from(code: u8) -> Result<BombPriority, Error> {
        match code {
            0 => Ok(BombPriority::TurnOrder),
            1 => Ok(BombPriority::SeatOrder),
            _ => Err(Error::InvalidConfig),
        }
    }
}

/// The rules variant of a round and a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct Config {
    /// The match ends after a round that leaves a team at or above this score (1..=10,000).
    pub target: u16,
    /// Whether Tichu may be called during the exchange (from the end of the 14-card deal), or
    /// only once the exchange is over. Either way a call is possible until one's first card.
    pub tichu_during_exchange: bool,
    /// The order in which simultaneous claims are served ([`Round::claim_order`]).
    pub bomb_priority: BombPriority,
    /// Bombs after the last pass (rule key `bomb-after-passes`): once every other seat has
    /// passed in turn, the trick is not yet gathered — its winner is to act and gathers it with a
    /// pass, and until then any seat (the winner included, a seat that had passed included) may
    /// still bomb. Off: the last pass ends the trick (the behaviour before this flag).
    /// Source: the Würzburg Tichu association's rule interpretations (`docs/rules/tichu.md`).
    pub bomb_after_passes: bool,
    /// A wish binds only in one's ordinary turn (rule key `wish-bomb`): the seat in turn may
    /// bomb instead of fulfilling an open wish, as it could have bombed out of turn just before
    /// its turn came (whoever wins the trick must still fulfil the wish when leading, if able).
    /// Off: the seat in turn must fulfil the wish if able, a bomb included. Same source.
    pub wish_bomb: bool,
}

impl Config {
    /// The main rules: to 1000, Tichu callable from the end of the deal, claims in turn order.
    pub const STANDARD: Config = Config {
        target: 1000,
        tichu_during_exchange: true,
        bomb_priority: BombPriority::TurnOrder,
        bomb_after_passes: true,
        wish_bomb: true,
    };
    /// Tichu only after the exchange, claims by seat number (a common club variant).
    pub const CLUB: Config = Config {
        target: 1000,
        tichu_during_exchange: false,
        bomb_priority: BombPriority::SeatOrder,
        bomb_after_passes: true,
        wish_bomb: true,
    };
    /// The rules before the two bomb flags: [`Config::STANDARD`] with
    /// [`Config::bomb_after_passes`] and [`Config::wish_bomb`] off (the last pass ends the trick;
    /// the seat in turn must fulfil a wish even with a bomb).
    pub const CLASSIC: Config = Config {
        target: 1000,
        tichu_during_exchange: true,
        bomb_priority: BombPriority::TurnOrder,
        bomb_after_passes: false,
        wish_bomb: false,
    };
    /// Brettspielwelt (BSW), the largest online Tichu room, as its game logs show it: the
    /// standard rules (both bomb flags on; Tichu callable during the exchange).
    pub const BSW: Config = Config::STANDARD;

    /// Checks the values. Errors: [`Error::InvalidConfig`] (a target outside 1..=10,000).
    pub const fn validate(&self) -> Result<(), Error> {
        if self.target == 0 || self.target > 10_000 {
            return Err(Error::InvalidConfig);
        }
        Ok(())
    }

    /// The flag byte of the encodings: bit 0 [`Config::tichu_during_exchange`], bit 1
    /// [`Config::bomb_after_passes`], bit 2 [`Config::wish_bomb`] (0 or 1 with both bomb flags
    /// off, as before they existed).
    pub(crate) const fn flag_byte(&self) -> u8 {
        (self.tichu_during_exchange as u8) | (self.bomb_after_passes as u8) << 1 | (self.wish_bomb as u8) << 2
    }

    /// The three flags of a [`Config::flag_byte`], or `None` when another bit is set.
    pub(crate) const fn flags_of(byte: u8) -> Option<(bool, bool, bool)> {
        if byte > 7 {
            return None;
        }
        Some((byte & 1 != 0, byte & 2 != 0, byte & 4 != 0))
    }

    fn to_bytes(self) -> [u8; CONFIG_BYTES] {
        let [lo, hi] = self.target.to_le_bytes();
        [lo, hi, self.flag_byte(), self.bomb_priority as u8]
    }

    fn from_bytes(bytes: [u8; CONFIG_BYTES]) -> Result<Config, Error> {
        let [lo, hi, flag, priority] = bytes;
        let (tichu_during_exchange, bomb_after_passes, wish_bomb) =
            Config::flags_of(flag).ok_or(Error::InvalidConfig)?;
        let config = Config {
            target: u16::from_le_bytes([lo, hi]),
            tichu_during_exchange,
            bomb_priority: BombPriority::try_from(priority)?,
            bomb_after_passes,
            wish_bomb,
        };
        config.validate()?;
        Ok(config)
    }
}

impl Default for Config {
    /// [`Config::STANDARD`].
    fn default() -> Config {
        Config::STANDARD
    }
}

/// How the cards are dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deal {
    /// The canonical deck ([`card_of_index`]: Two to Ace, each in Jade, Sword, Pagoda, Star; then
    /// Mah Jong, Dog, Phoenix, Dragon) shuffled by [`shuffle`] with [`Rng::new(seed)`](Rng::new);
    /// seat `s` gets shuffled cards `14·s .. 14·s + 14`, the first 8 of them its Grand Tichu
    /// window.
    Seeded(u64),
    /// Explicit hands, seat 0 first, 14 suited cards each, the first 8 of each the Grand Tichu
    /// window. Together they must be the whole deck ([`Error::InvalidDeal`]).
    Given {
        /// The hands.
        hands: [[Card; HAND]; 4],
    },
}

/// The card of deck index `index` (0..56): index `4·(r − 2) + s` is rank `r` (2..=14) of suit
/// `s` (Jade, Sword, Pagoda, Star), then 52 Mah Jong, 53 Dog, 54 Phoenix, 55 Dragon — the bit
/// of the card in a suited [`Cards`] mask.
pub fn card_of_index(index: u8) -> Option<Card> {
    match index {
        52 => Some(Card::MahJong),
        53 => Some(Card::Dog),
        54 => Some(Card::Phoenix),
        55 => Some(Card::Dragon),
        0..52 => {
            let rank = Rank::new((index / 4).wrapping_add(2))?;
            let suit = Suit::ALL.get(usize::from(index % 4)).copied()?;
            Some(Card::Natural(rank, Some(suit)))
        }
        _ => None,
    }
}

/// The deck index of a card ([`card_of_index`]); `None` for a natural card without a suit.
pub fn index_of_card(card: Card) -> Option<u8> {
    match card {
        Card::MahJong => Some(52),
        Card::Dog => Some(53),
        Card::Phoenix => Some(54),
        Card::Dragon => Some(55),
        Card::Natural(rank, Some(suit)) => {
            let base = rank.value().checked_sub(2)?.checked_mul(4)?;
            base.checked_add(suit as u8)
        }
        Card::Natural(_, None) => None,
    }
}

/// The suited set of the cards whose deck indices are the bits of `mask` (bits 0..56).
pub(crate) fn set_of(mask: u64) -> Cards {
    let mask = mask & ((1u64 << DECK) - 1);
    let suited = if mask & ((1u64 << 52) - 1) != 0 { SUITED_BIT } else { 0 };
    Cards::from_bits(mask | suited)
}

/// The deck-index bits of a set (suited: its mask without the suited bit).
const fn bits_of(cards: Cards) -> u64 {
    cards.mask() & ((1u64 << DECK) - 1)
}

const FULL_DECK: u64 = (1u64 << DECK) - 1;

/// A seat's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The Grand Tichu decision (seats 0..=3 in order, each once, on 8 cards): call or not.
    GrandTichu(bool),
    /// The exchange: one card to each other seat (`left` to seat + 1, `partner` to seat + 2,
    /// `right` to seat + 3), three different cards of the hand.
    Exchange {
        /// To the next seat.
        left: Card,
        /// To the partner.
        partner: Card,
        /// To the seat before.
        right: Card,
    },
    /// A Tichu call (before one's first card; not after a Grand Tichu).
    Tichu,
    /// A play (in turn; out of turn a bomb on a trick with a top play). `wish`: the rank wished
    /// with the Mah Jong (only in a play holding it).
    Play {
        /// The cards (suited).
        cards: Cards,
        /// The wish.
        wish: Option<Rank>,
    },
    /// A pass (in turn, on a play).
    Pass,
    /// The Dragon's trick given to an opponent of its winner (right after the trick ends).
    GiveDragonTrick(Seat),
}

impl core::fmt::Display for Action {
    /// The replay-log form (`docs/tichu.md`, "Replay logs"): `grand`, `no-grand`,
    /// `exchange <left> <partner> <right>`, `tichu`, `pass`, `give <seat>`, `play <cards>` and
    /// `play <cards> wish <rank>`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Action::GrandTichu(true) => f.write_str("grand"),
            Action::GrandTichu(false) => f.write_str("no-grand"),
            // Piece by piece (the pieces' own `Display`s write their characters directly).
            Action::Exchange { left, partner, right } => {
                f.write_str("exchange")?;
                for card in [left, partner, right] {
                    f.write_str(" ")?;
                    core::fmt::Display::fmt(card, f)?;
                }
                Ok(())
            }
            Action::Tichu => f.write_str("tichu"),
            Action::Pass => f.write_str("pass"),
            Action::GiveDragonTrick(to) => {
                f.write_str("give ")?;
                core::fmt::Display::fmt(to, f)
            }
            Action::Play { cards, wish } => {
                f.write_str("play ")?;
                core::fmt::Display::fmt(cards, f)?;
                if let Some(rank) = wish {
                    f.write_str(" wish ")?;
                    core::fmt::Write::write_char(f, rank.symbol())?;
                }
                Ok(())
            }
        }
    }
}

/// A round's rules variant as plain bytes (`FromBytes`: the held round's check needs no
/// per-field call): [`Config`]'s layout, its flags and priority as bytes 0 or 1
/// (checked by [`Round::held_ok`]), read as `!= 0` / the priority's code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
struct HeldConfig {
    target: u16,
    tichu_during_exchange: u8,
    bomb_priority: u8,
    bomb_after_passes: u8,
    wish_bomb: u8,
}

impl HeldConfig {
    /// The held bytes of `config`.
    const fn of(config: &Config) -> HeldConfig {
        HeldConfig {
            target: config.target,
            tichu_during_exchange: config.tichu_during_exchange as u8,
            bomb_priority: config.bomb_priority as u8,
            bomb_after_passes: config.bomb_after_passes as u8,
            wish_bomb: config.wish_bomb as u8,
        }
    }

    /// Whether the bytes are a valid config: flags and priority 0 or 1, [`Config::validate`]'s
    /// target.
    #[cfg(test)]
    const fn held_ok(&self) -> bool {
        // The four flag bytes 0 or 1 as one word test.
        let flags = u32::from_le_bytes([
            self.tichu_during_exchange,
            self.bomb_priority,
            self.bomb_after_passes,
            self.wish_bomb,
        ]);
        flags & !0x0101_0101 == 0 && self.target != 0 && self.target <= 10_000
    }

    /// The claim order's rule.
    const fn priority(&self) -> BombPriority {
        if self.bomb_priority == BombPriority::SeatOrder as u8 {
            BombPriority::SeatOrder
        } else {
            BombPriority::TurnOrder
        }
    }
}

/// The stage of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(u8)]
pub enum Phase {
    /// Seats 0..=3 in order decide on Grand Tichu having seen 8 cards.
    GrandTichu,
    /// Each seat chooses its three cards to pass (in any order).
    Exchange,
    /// Tricks.
    Play,
    /// A trick won with the Dragon waits for its winner to give it away.
    DragonGift,
    /// The round is over ([`Round::outcome`]).
    Over,
}

/// A trick that ended with an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrickTaken {
    /// Who won it.
    pub taker: Seat,
    /// Its card points.
    pub points: i16,
    /// Won with the Dragon: it waits for [`Action::GiveDragonTrick`].
    pub dragon: bool,
}

/// What an action led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Event {
    /// The trick ended.
    pub trick_taken: Option<TrickTaken>,
    /// The Dragon's trick went to this seat.
    pub dragon_given_to: Option<Seat>,
    /// The acting seat played its last card.
    pub out: Option<Seat>,
    /// The play fulfilled the open wish for this rank.
    pub wish_fulfilled: Option<Rank>,
    /// The last exchange was chosen and the cards changed hands.
    pub exchange_done: bool,
    /// The round ended.
    pub round_over: bool,
}

/// The result of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Team 0 (seats 0 and 2) and team 1 (seats 1 and 3): card points plus calls.
    pub scores: [i16; 2],
    /// The card points of each team (after the last player's cards and tricks were handed over;
    /// 200 and 0 on a double victory).
    pub card_points: [i16; 2],
    /// Each team's Tichu and Grand Tichu points.
    pub call_points: [i16; 2],
    /// The team that went out first and second, if one did.
    pub double_victory: Option<u8>,
    /// The seats in the order they went out; with a double victory the last two in seat order;
    /// otherwise the last is the seat left holding cards.
    pub finish: [Seat; 4],
    /// Each seat's call.
    pub calls: [Call; 4],
}

/// An entry of the public history ([`Observation::history`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// Who acted.
    pub seat: Seat,
    /// What they did (the exchange without its cards).
    pub kind: RecordKind,
    /// The action ended a trick.
    pub trick_ended: bool,
}

/// What a [`Record`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordKind {
    /// A Grand Tichu decision.
    GrandTichu(bool),
    /// The seat chose its exchange (the cards are not public).
    Exchanged,
    /// A Tichu call.
    Tichu,
    /// A play.
    Play {
        /// The cards.
        cards: Cards,
        /// Its wish.
        wish: Option<Rank>,
    },
    /// A pass.
    Pass,
    /// The Dragon's trick given to a seat.
    GiveDragonTrick(Seat),
}

// Log byte: bits 0-1 the seat, bits 2-4 the kind, bits 5-6 the gift's seat, bit 7 trick ended.
const LOG_NO_GRAND: u8 = 0;
const LOG_GRAND: u8 = 1;
const LOG_EXCHANGE: u8 = 2;
const LOG_TICHU: u8 = 3;
const LOG_PLAY: u8 = 4;
const LOG_PASS: u8 = 5;
const LOG_GIVE: u8 = 6;
const LOG_TRICK_ENDED: u8 = 0x80;

/// One Tichu round. Plain fixed-size value (`size_of` 472 bytes, tested), `repr(C)` without a
/// padding byte (held in place by the C ABI, `game::Round::raw_ref`): copy it to undo or to search.
// Plain bytes (`FromBytes`: no invalid bit pattern, so viewing held bytes as a round calls no
// per-field check; `Round::held_ok` checks the codes and flags in O(1)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct Round {
    // No hands as dealt (session 21, issue 27: 32 bytes fewer for the C ABI's digest to cover on
    // every call): `Round::deal` works them out of the hands, the plays and the exchange.
    /// Deck-index bits of the four Grand Tichu windows.
    window: u64,
    /// The hands now.
    hands: [Cards; 4],
    trick: Trick,
    /// Card points of the tricks each seat holds.
    taken: [i16; 4],
    /// A Dragon trick waiting: its points (taker and next leader below).
    gift_points: i16,
    log_len: u16,
    config: HeldConfig,
    /// The [`Phase`]'s code ([`Round::phase`]).
    phase: u8,
    /// Each seat's exchange (deck indices to seat + 1, + 2, + 3), `NO_CARD` before it chose.
    given: [[u8; 3]; 4],
    /// How many Grand Tichu decisions were made (seats 0.. in order).
    grand_next: u8,
    /// Each seat's [`Call`] code ([`Round::calls`]).
    calls: [u8; 4],
    /// Bit `s`: seat `s` has played a card.
    played_any: u8,
    /// The seats out, in order; `out_len` of them.
    out: [u8; 4],
    out_len: u8,
    /// A Dragon trick waiting: its taker (`NO_SEAT` when none) and the next leader.
    gift_taker: u8,
    gift_leader: u8,
    /// The Mah Jong's wish (0: none or not played).
    wish_made: u8,
    /// Plays so far; `card_play[i]` = the number (1..) of the play holding card `i`, 0 unplayed.
    plays: u8,
    card_play: [u8; DECK],
    /// The actions so far, `log_len` of them; the entries after them are never read (always 0
    /// in a round this library made). Last of the fields read, so that the round's bytes that
    /// matter end with the log's (`game::Round::raw_len`: what the C ABI's digest covers).
    log: [u8; MAX_LOG],
    /// The size a multiple of 8 without padding: never read, as the log's room past its entries
    /// (always 0 in a round this library made). After the log since session 21 (issue 27): 5
    /// bytes fewer for the C ABI's digest and no check of them on every call.
    pad: [u8; ROUND_PAD],
}

/// The explicit padding bytes at the end of [`Round`].
const ROUND_PAD: usize = 5;

/// Bytes of a held round that `game::Round::raw_ref` checks (tests): the phase, the config's
/// bomb priority (3 bytes after the target), a config bool, the trick's padding and its top
/// play's kind.
#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // constant offsets, far below usize::MAX
pub(super) const HELD_CHECKED_BYTES: [usize; 5] = [
    core::mem::offset_of!(Round, phase),
    core::mem::offset_of!(Round, config) + core::mem::offset_of!(HeldConfig, bomb_priority),
    core::mem::offset_of!(Round, config) + core::mem::offset_of!(HeldConfig, tichu_during_exchange),
    core::mem::offset_of!(Round, trick) + super::trick::HELD_PAD_AT,
    core::mem::offset_of!(Round, trick) + super::trick::HELD_TOP_AT,
];

fn game_seat(seat: TrickSeat) -> Seat {
    Seat(seat.index())
}

fn trick_seat(seat: Seat) -> Result<TrickSeat, Error> {
    TrickSeat::try_from(seat.0)
}

/// Seat `k` (taken mod 4).
const fn seat_k(k: u8) -> TrickSeat {
    TrickSeat::wrap(k)
}

/// The entry of a per-seat array.
// A proven range: `& 3` into four entries, one load (`get` is not `const`).
#[allow(clippy::indexing_slicing)]
const fn at<T: Copy>(values: &[T; 4], seat: TrickSeat) -> T {
    values[(seat.index() & 3) as usize]
}

/// The entry of a per-seat array, writable.
// A proven range, as `at`: `& 3` into four entries, one address (a match of four arms branched).
#[allow(clippy::indexing_slicing)]
fn at_mut<T>(values: &mut [T; 4], seat: TrickSeat) -> &mut T {
    &mut values[usize::from(seat.index() & 3)]
}

const fn bit(seat: TrickSeat) -> u8 {
    1 << (seat.index() & 3)
}

/// The exchange's cards (`given`: each seat's deck indices for the seats after it) moved between
/// `hands` (deck-index bits): from each giver to the seat it chose them for, or (`back`) from that
/// seat back to the giver ([`Round::dealt`]).
#[inline(never)]
fn move_given(hands: &mut [u64; 4], given: &[[u8; 3]; 4], back: bool) {
    for (k, &index) in (0usize..).zip(given.as_flattened()) {
        // Card `k % 3` of seat `k / 3` goes to the seat `k % 3 + 1` after it.
        let (giver, receiver) = (k / 3, (k / 3).wrapping_add(k % 3).wrapping_add(1) & 3);
        let (from, to) = if back { (receiver, giver) } else { (giver, receiver) };
        let b = 1u64 << (index & 63);
        if let Some(hand) = hands.get_mut(from) {
            *hand &= !b;
        }
        if let Some(hand) = hands.get_mut(to) {
            *hand |= b;
        }
    }
}

/// Whether four held call bytes are codes 0..=2 (no byte with a bit above 1, none 3).
#[cfg(test)]
const fn calls_ok(calls: [u8; 4]) -> bool {
    let word = u32::from_le_bytes(calls);
    word & !0x0303_0303 == 0 && word & (word >> 1) & 0x0101_0101 == 0
}

impl Phase {
    /// The phase of a code 0..=4; any other code (only in forged held bytes, which
    /// `Round::held_ok` refuses) reads as the round over.
    const fn of_code(code: u8) -> Phase {
        match code {
            0 => Phase::GrandTichu,
            1 => Phase::Exchange,
            2 => Phase::Play,
            3 => Phase::DragonGift,
            _ => Phase::Over,
        }
    }
}

impl Call {
    /// The call of a code 0..=2; any other code (only in forged held bytes, which
    /// `Round::held_ok` refuses) reads as none.
    const fn of_code(code: u8) -> Call {
        match code {
            1 => Call::Tichu,
            2 => Call::GrandTichu,
            _ => Call::None,
        }
    }
}

impl Round {
    /// A new round. Errors: [`Error::InvalidConfig`], [`Error::InvalidDeal`] (given hands that
    /// are not the whole deck, a card without a suit).
    pub fn new(config: &Config, deal: &Deal) -> Result<Round, Error> {
        let (dealt, window) = Round::dealt_of(config, deal)?;
        Ok(Round::from_deal(*config, dealt, window))
    }

    /// The hands dealt by `deal` and the Grand Tichu windows, `config` checked ([`Round::new`]'s
    /// errors): a caller builds the round where it keeps it ([`Round::from_deal`]; no
    /// `Result<Round, _>` moved, whose plain-bytes round has no niche for the error).
    pub(super) fn dealt_of(config: &Config, deal: &Deal) -> Result<([Cards; 4], u64), Error> {
        config.validate()?;
        let mut dealt = [0u64; 4];
        let mut window = 0u64;
        match deal {
            Deal::Seeded(seed) => {
                let mut deck = [0u8; DECK];
                for (i, slot) in (0u8..).zip(deck.iter_mut()) {
                    *slot = i;
                }
                shuffle(&mut deck, &mut Rng::new(*seed));
                for (k, hand) in deck.as_chunks::<HAND>().0.iter().enumerate() {
                    let mut bits = 0u64;
                    for (j, &index) in hand.iter().enumerate() {
                        bits |= 1u64 << (index & 63);
                        if j < WINDOW {
                            window |= 1u64 << (index & 63);
                        }
                    }
                    if let Some(slot) = dealt.get_mut(k) {
                        *slot = bits;
                    }
                }
            }
            Deal::Given { hands } => {
                let mut all = 0u64;
                for (hand, slot) in hands.iter().zip(dealt.iter_mut()) {
                    for (j, &card) in hand.iter().enumerate() {
                        let index = index_of_card(card).ok_or(Error::InvalidDeal)?;
                        let b = 1u64 << (index & 63);
                        if all & b != 0 {
                            return Err(Error::InvalidDeal);
                        }
                        all |= b;
                        *slot |= b;
                        if j < WINDOW {
                            window |= b;
                        }
                    }
                }
                if all != FULL_DECK {
                    return Err(Error::InvalidDeal);
                }
            }
        }
        Ok((dealt.map(set_of), window))
    }

    /// `self` made [`Round::from_deal`]'s round, field by field (no 472-byte round built on the
    /// stack and copied: the search's determinizations replay in the caller's scratch). In a
    /// frame of its own: its temporaries (the new trick) not in the replay's frame, under the
    /// replayed actions.
    #[inline(never)]
    fn reset_to_deal(&mut self, config: Config, dealt: [Cards; 4], window: u64) {
        let Round {
            window: window_now,
            hands,
            trick,
            taken,
            gift_points,
            log_len,
            config: config_now,
            phase,
            given,
            grand_next,
            calls,
            played_any,
            out,
            out_len,
            gift_taker,
            gift_leader,
            wish_made,
            plays,
            card_play,
            log,
            pad,
        } = self;
        *config_now = HeldConfig::of(&config);
        *phase = Phase::GrandTichu as u8;
        *window_now = window;
        *hands = dealt;
        *given = [[NO_CARD; 3]; 4];
        *grand_next = 0;
        *calls = [Call::None as u8; 4];
        *played_any = 0;
        *out = [NO_SEAT; 4];
        *out_len = 0;
        *trick = Trick::new(seat_k(0)).with_rules(config.bomb_after_passes, config.wish_bomb);
        *taken = [0; 4];
        *gift_taker = NO_SEAT;
        *gift_points = 0;
        *gift_leader = NO_SEAT;
        *wish_made = 0;
        *plays = 0;
        *card_play = [0; DECK];
        *log_len = 0;
        *log = [0; MAX_LOG];
        *pad = [0; ROUND_PAD];
    }

    /// The public records of the round so far: [`Observation::history`] of any seat's
    /// observation (the same log), read in place (no observation built).
    pub(crate) fn public_history(&self) -> impl Iterator<Item = Record> + '_ {
        records(&self.log, self.log_len, &self.card_play, Rank::new(self.wish_made))
    }

    /// The round dealt `dealt` with the Grand Tichu windows `window`, before any action. A
    /// struct literal, which the compiler builds in the caller's place: built as
    /// [`Round::reset_to_deal`] on zeroed bytes it took C `parlor_match_decode`'s stack from
    /// 1,944 to 2,392 B on the M4F (2,532 on the M0; measured 2026-12-07).
    pub(super) fn from_deal(config: Config, dealt: [Cards; 4], window: u64) -> Round {
        Round {
            config: HeldConfig::of(&config),
            phase: Phase::GrandTichu as u8,
            window,
            hands: dealt,
            given: [[NO_CARD; 3]; 4],
            grand_next: 0,
            calls: [Call::None as u8; 4],
            played_any: 0,
            out: [NO_SEAT; 4],
            out_len: 0,
            trick: Trick::new(seat_k(0)).with_rules(config.bomb_after_passes, config.wish_bomb),
            taken: [0; 4],
            gift_taker: NO_SEAT,
            gift_points: 0,
            gift_leader: NO_SEAT,
            wish_made: 0,
            plays: 0,
            card_play: [0; DECK],
            log_len: 0,
            pad: [0; ROUND_PAD],
            log: [0; MAX_LOG],
        }
    }
    /// Whether held bytes are a round this library could hold: [`Config::validate`], the phase
    /// and call codes, and the trick's held form canonical (O(1), the check after zerocopy's when
    /// the C ABI views its state bytes as a round; the padding past the log is never read).
    pub fn held_ok(&self) -> bool {
        self.held_ok_inline()
    }

    /// [`Round::held_ok`] inlined: the C `apply`'s check ([`Round::raw_mut`](crate::game::Round::raw_mut),
    /// its one caller), without a call on every C `apply` (session 22, issue 27).
    #[inline(always)]
    pub(crate) fn held_ok_inline(&self) -> bool {
        // Every test folded into one value (no branch per field; session 21, issue 27: every C
        // `apply` of a held round makes this check): the same answer as
        // [`Round::held_ok_by_fields`] (tested).
        let config = &self.config;
        let flags = u32::from_le_bytes([
            config.tichu_during_exchange,
            config.bomb_priority,
            config.bomb_after_passes,
            config.wish_bomb,
        ]);
        let calls = u32::from_le_bytes(self.calls);
        let faults = (flags & !0x0101_0101)
            // The target 1..=10,000 (`Config::validate`).
            | u32::from(config.target.wrapping_sub(1) >= 10_000)
            | u32::from(self.phase > Phase::Over as u8)
            // Call codes 0..=2 (`calls_ok`).
            | (calls & !0x0303_0303)
            | (calls & (calls >> 1) & 0x0101_0101)
            | self.trick.held_faults();
        faults == 0
    }

    /// [`Round::held_ok`] field by field (the check before session 21, the tests' reference;
    /// the padding, past the log since, is never read and no longer checked).
    #[cfg(test)]
    pub(super) fn held_ok_by_fields(&self) -> bool {
        self.config.held_ok()
            && self.phase <= Phase::Over as u8
            && calls_ok(self.calls)
            && self.trick.held_ok_by_fields()
    }

    /// The length of the round's own bytes that hold it (`game::Round::raw_len`): up to the
    /// end of the log's `log_len` entries (the entries after them are never read).
    pub fn raw_len(&self) -> usize {
        core::mem::offset_of!(Round, log).saturating_add(usize::from(self.log_len).min(MAX_LOG))
    }

    /// The rules variant.
    pub fn config(&self) -> &Config {
        // The held bytes checked as a `Config` (`held_ok` refuses a held round whose bytes are
        // not one; this library never holds such a round).
        match zerocopy::try_transmute_ref!(&self.config) {
            Ok(config) => config,
            Err(_) => &Config::STANDARD,
        }
    }

    /// The stage of the round.
    pub const fn phase(&self) -> Phase {
        Phase::of_code(self.phase)
    }

    /// The hand of `seat` now (all 14 cards even during the Grand Tichu decisions; what a seat
    /// may see is [`Round::observation`]). Errors: [`Error::UnknownCode`] (`"seat"`).
    pub fn hand(&self, seat: Seat) -> Result<Cards, Error> {
        Ok(at(&self.hands, trick_seat(seat)?))
    }

    /// The hands as dealt, seat 0 first, and the deck-index bits of the four Grand Tichu windows.
    pub fn deal(&self) -> ([Cards; 4], u64) {
        (self.dealt().map(set_of), self.window)
    }

    /// The hands as dealt (deck-index bits), worked out of the round (session 21, issue 27: the
    /// held round keeps no copy of them): the hands now, each seat's plays back in its hand (the
    /// log says who made each play), then the exchange undone once it was made (the cards
    /// change hands only when the last seat has chosen). O(log + deck), for the byte form, the
    /// search's determinization and [`Round::deal`].
    #[inline(never)]
    fn dealt(&self) -> [u64; 4] {
        // The seat that made each play (1..=56, `card_play`'s numbers: the log's plays in order).
        let mut seat_of = [0u8; 64];
        let mut plays = 0u8;
        for &entry in self.log.iter().take(usize::from(self.log_len)) {
            if (entry >> 2) & 7 == LOG_PLAY {
                plays = plays.wrapping_add(1);
                if let Some(seat) = seat_of.get_mut(usize::from(plays & 63)) {
                    *seat = entry & 3;
                }
            }
        }
        // Each played card back in the hand of its play's seat.
        let mut dealt = self.hands.map(bits_of);
        let mut bit = 1u64;
        for &play in &self.card_play {
            if play != 0
                && let Some(&seat) = seat_of.get(usize::from(play & 63))
                && let Some(hand) = dealt.get_mut(usize::from(seat))
            {
                *hand |= bit;
            }
            bit <<= 1;
        }
        // The exchange undone once it was made (the cards change hands only when the last seat
        // has chosen).
        if (0..4u8).map(seat_k).all(|seat| self.exchanged(seat)) {
            move_given(&mut dealt, &self.given, true);
        }
        dealt
    }

    /// How many actions were applied so far.
    pub const fn action_count(&self) -> usize {
        self.log_len as usize
    }

    /// The current trick.
    pub const fn trick(&self) -> &Trick {
        &self.trick
    }

    /// Each seat's call.
    pub const fn calls(&self) -> [Call; 4] {
        let [a, b, c, d] = self.calls;
        [Call::of_code(a), Call::of_code(b), Call::of_code(c), Call::of_code(d)]
    }

    /// The seats out so far, in order.
    pub fn out_order(&self) -> impl Iterator<Item = Seat> + '_ {
        self.out.iter().take(usize::from(self.out_len)).map(|&s| Seat(s))
    }

    /// The card points of the tricks each seat holds so far.
    pub const fn points_taken(&self) -> [i16; 4] {
        self.taken
    }

    fn is_out(&self, seat: TrickSeat) -> bool {
        at(&self.hands, seat).is_empty() && self.phase() != Phase::GrandTichu && self.phase() != Phase::Exchange
    }

    fn exchanged(&self, seat: TrickSeat) -> bool {
        at(&self.given, seat)[0] != NO_CARD
    }

    /// Whether `seat` has chosen its three cards to pass (false for a seat outside 0..=3).
    pub fn has_exchanged(&self, seat: Seat) -> bool {
        trick_seat(seat).is_ok_and(|s| self.exchanged(s))
    }

    /// The seat whose ordinary turn it is: the next Grand Tichu decision, the lowest seat still
    /// to choose its exchange, the seat in turn in a trick, the winner of a Dragon trick to give
    /// away; `None` when the round is over.
    pub fn to_act(&self) -> Option<Seat> {
        match self.phase() {
            Phase::GrandTichu => Some(Seat(self.grand_next)),
            Phase::Exchange => (0..4u8).map(seat_k).find(|&s| !self.exchanged(s)).map(game_seat),
            Phase::Play => Some(game_seat(self.trick.turn())),
            Phase::DragonGift => Some(Seat(self.gift_taker)),
            Phase::Over => None,
        }
    }

    /// Whether `seat` may call Tichu now.
    fn may_call(&self, seat: TrickSeat) -> bool {
        let phase_ok = match self.phase() {
            Phase::Exchange => self.config.tichu_during_exchange != 0,
            Phase::Play | Phase::DragonGift => true,
            Phase::GrandTichu | Phase::Over => false,
        };
        phase_ok && at(&self.calls, seat) == Call::None as u8 && self.played_any & bit(seat) == 0
    }

    /// Whether `seat` may call Tichu now (`is_legal(seat, Action::Tichu)`, without a trial apply).
    pub fn may_call_tichu(&self, seat: Seat) -> bool {
        trick_seat(seat).is_ok_and(|s| self.may_call(s))
    }

    /// Whether `seat` has some legal action now (its turn, a bomb that beats the table, a Tichu
    /// call). A seat outside 0..=3 never may.
    pub fn may_act(&self, seat: Seat) -> bool {
        let Ok(s) = trick_seat(seat) else {
            return false;
        };
        if self.may_call(s) {
            return true;
        }
        // Out of turn in the play only a bomb: none without one in the hand (a quick test).
        if self.phase() == Phase::Play && s != self.trick.turn() && !holds_bomb(at(&self.hands, s)) {
            return false;
        }
        self.locate(s, 0).0.is_some()
    }

    /// [`Round::may_act`] for every seat, seat 0 first.
    pub fn acting_seats(&self) -> [bool; 4] {
        [0u8, 1, 2, 3].map(|s| self.may_act(Seat(s)))
    }

    /// The order in which simultaneous claims are served ([`Config::bomb_priority`]): in turn
    /// order from the seat of [`Round::to_act`] (seat 0 when the round is over), or seat order.
    pub fn claim_order(&self) -> [Seat; 4] {
        let first = match self.config.priority() {
            BombPriority::TurnOrder => self.to_act().map_or(0, |s| s.0),
            BombPriority::SeatOrder => 0,
        };
        [0u8, 1, 2, 3].map(|k| Seat(first.wrapping_add(k) & 3))
    }

    /// The first seat of [`Round::claim_order`] whose entry in `claims` (seat 0 first) is set.
    pub fn first_claim(&self, claims: [bool; 4]) -> Option<Seat> {
        self.claim_order()
            .into_iter()
            // `claim_order` gives seats 0..=3 (`& 3`): `wrap` keeps them as they are.
            .find(|seat| at(&claims, TrickSeat::wrap(seat.0)))
    }

    /// Calls `f` with every legal action of `seat` now, in a fixed order: Grand Tichu `false`
    /// before `true`; exchanges by the positions of their cards in the hand (lowest first,
    /// `left` slowest... `right` fastest); plays in the order of [`for_each_move`] (a play with
    /// the Mah Jong first without a wish, then wishing 2 … Ace), then the pass; Tichu last; a
    /// Dragon gift to the lower opponent first. Nothing for a seat outside 0..=3.
    pub fn for_each_legal_action(&self, seat: Seat, mut f: impl FnMut(Action)) {
        self.visit(seat, &mut |action| {
            f(action);
            ControlFlow::Continue(())
        });
    }

    /// [`Round::for_each_legal_action`] with a callback that may stop the walk early.
    pub fn try_for_each_legal_action(&self, seat: Seat, mut f: impl FnMut(Action) -> ControlFlow<()>) {
        self.visit(seat, &mut f);
    }

    /// Writes the first `min(total, out.len())` legal actions (order of
    /// [`Round::for_each_legal_action`]) into `out` and returns the total; [`MAX_ACTIONS`]
    /// always suffice.
    pub fn legal_actions(&self, seat: Seat, out: &mut [Action]) -> usize {
        let mut count = 0usize;
        self.for_each_legal_action(seat, |action| {
            if let Some(slot) = out.get_mut(count) {
                *slot = action;
            }
            count = count.saturating_add(1);
        });
        count
    }

    /// How many legal actions `seat` has now ([`Round::for_each_legal_action`]'s count), counted
    /// without visiting them: the plays by blocks in closed form (a rank's pairs, a straight's
    /// suit choices, a full house's triple rank), a play with the Mah Jong as its 14 actions,
    /// an open wish by the plays without the wished rank taken off, the exchanges as
    /// `n·(n − 1)·(n − 2)`. 0 for a seat outside 0..=3.
    pub fn count_legal_actions(&self, seat: Seat) -> usize {
        trick_seat(seat).map_or(0, |s| usize::MAX.wrapping_sub(self.locate(s, usize::MAX).1))
    }

    /// How many legal actions of `seat` are not calls: [`Round::count_legal_actions`] less its
    /// Grand Tichu call or Tichu call, which is always its last legal action.
    pub fn count_non_calls(&self, seat: Seat) -> usize {
        let Ok(s) = trick_seat(seat) else {
            return 0;
        };
        let grand = self.phase() == Phase::GrandTichu && s.index() == self.grand_next;
        let calls = usize::from(grand).wrapping_add(usize::from(self.may_call(s))); // at most 1
        self.count_legal_actions(seat).saturating_sub(calls)
    }

    /// The legal action of index `n` of `seat` (from 0, order of
    /// [`Round::for_each_legal_action`]), found by passing over whole blocks of actions by
    /// their counts ([`Round::count_legal_actions`]); `None` when `n` is at least the count.
    /// Only the plays under an open wish that binds the seat are walked one by one.
    pub fn nth_legal_action(&self, seat: Seat, n: usize) -> Option<Action> {
        let s = trick_seat(seat).ok()?;
        let (found, _) = self.locate(s, n);
        found
    }

    /// The legal action of `s` at index `n` (order of [`Round::visit_seat`]), passing over
    /// blocks of actions by their counts; with none, the index less the number of actions
    /// (`usize::MAX` less it counts them). The two long lists are counted: an exchange's
    /// `n·(n − 1)·(n − 2)` and the plays of an ordinary turn (whole blocks in closed form, a
    /// play with the Mah Jong as its 14 actions) with its pass; every other list is short or a
    /// walk of the generator anyway (the Grand Tichu decision, the Dragon's gift, the bombs out
    /// of turn or in the gathering, the plays under a binding wish) and is walked one action at
    /// a time ([`Round::walk_seat`], the listing itself; the way before counted them too, in
    /// more code).
    fn locate(&self, s: TrickSeat, n: usize) -> (Option<Action>, usize) {
        if cfg!(target_os = "none") {
            // Bare metal: the listing walked, one action at a time (about 800 bytes less flash;
            // a C count or index of a long list some 10 times the instructions, far inside the
            // round's budget; hosted builds count, for the bots' speed). The same answers:
            // `count_and_nth_agree_with_the_listing_at_every_index` checks both.
            return self.walk_seat(s, n);
        }
        let mut left = n;
        // The index inside a block of `count` actions when it holds the one wanted; else the
        // block is passed over.
        let block = |count: usize, left: &mut usize| {
            if *left < count {
                Some(*left)
            } else {
                *left = left.wrapping_sub(count); // ≥ count: checked just above
                None
            }
        };
        match self.phase() {
            Phase::Exchange if !self.exchanged(s) => {
                let hand = at(&self.hands, s);
                let m = hand.len();
                let count = m
                    .saturating_mul(m.saturating_sub(1))
                    .saturating_mul(m.saturating_sub(2));
                if let Some(i) = block(count, &mut left) {
                    return (nth_exchange(hand, i), 0);
                }
            }
            Phase::Play if s == self.trick.turn() && !self.trick.gathering() => {
                let hand = at(&self.hands, s);
                let top = self.trick.top();
                let forcing = match self.trick.wish() {
                    Some(rank) => wish_forces(&hand, top, Some(rank)),
                    None => Ok(false),
                };
                if matches!(forcing, Ok(true)) {
                    // The plays holding the wished rank, the bombs without it, the call: rare
                    // (an open wish the seat can fulfil; `left` is `n`).
                    return self.walk_seat(s, left);
                }
                // The plays, one block walked once: the one wanted, or the block passed over
                // (its weight taken off `left`). A hand and table the generator refuses (never
                // in a round) give none.
                match nth_play(hand, top, false, left, WISHES) {
                    Ok(Ok((cards, w))) => return (Some(play_with_wish(cards, w)), 0),
                    Ok(Err(rest)) => left = rest,
                    Err(_) => {}
                }
                // The pass, when `Trick::check_pass` takes it (the turn and the gathering are
                // known here): on a play, the wish not binding, the seat holding cards in a
                // trick not over.
                let pass = top.is_some()
                    && matches!(forcing, Ok(false))
                    && self.trick.end().is_none()
                    && hand.len() <= MAX_HAND
                    && !self.trick.is_out(s);
                if pass && block(1, &mut left).is_some() {
                    return (Some(Action::Pass), 0);
                }
            }
            _ => return self.walk_seat(s, left),
        }
        if self.may_call(s) && block(1, &mut left).is_some() {
            return (Some(Action::Tichu), 0);
        }
        (None, left)
    }

    /// [`Round::walk_seat`] of `seat` (the bare-metal builds' [`Round::locate`]; the tests).
    #[cfg(test)]
    pub(super) fn walked_legal_action(&self, seat: Seat, n: usize) -> (Option<Action>, usize) {
        self.walk_seat(trick_seat(seat).unwrap_or(seat_k(0)), n)
    }

    /// The action of index `n` of `s` by the walk of [`Round::visit_seat`] (the slow path), as
    /// [`Round::locate`] answers: with none, `n` less the number of actions.
    fn walk_seat(&self, s: TrickSeat, n: usize) -> (Option<Action>, usize) {
        let mut nth = Countdown::new(n);
        let _ = self.visit_seat(s, &mut |action| nth.take(action));
        (nth.found, nth.left)
    }

    /// Whether `apply(seat, action)` would succeed.
    ///
    /// Asked of the round in place, no copy of it (the search's selection asks it at the root:
    /// a 504-byte copy there was the deepest frame of its stack): [`Round::apply`]'s refusals,
    /// each checked without a write (`Round::check`), where `apply` applies in place (every
    /// round but one breaking an invariant, which is asked on a copy as before). What `apply`
    /// does after those checks fails only on a broken invariant.
    pub fn is_legal(&self, seat: Seat, action: Action) -> bool {
        let Ok(s) = trick_seat(seat) else {
            return false;
        };
        if self.applies_in_place() {
            self.check(s, action).is_ok()
        } else {
            self.is_legal_copied(s, action)
        }
    }

    /// [`Round::is_legal`] by applying `action` to a copy (the way before the checks without a
    /// write; a round past [`Round::applies_in_place`]'s bounds), in a frame of its own.
    #[inline(never)]
    pub(super) fn is_legal_copied(&self, s: TrickSeat, action: Action) -> bool {
        // The copy is discarded: `apply`'s own copy is not needed.
        let mut copy = *self;
        copy.apply_inner(s, action).is_ok()
    }

    /// [`Round::is_legal`] the way before it asked without a copy: `action` applied to a copy of
    /// the round (the tests' reference; `false` for a seat off the table).
    #[cfg(test)]
    pub(super) fn is_legal_by_copy(&self, seat: Seat, action: Action) -> bool {
        trick_seat(seat).is_ok_and(|s| self.is_legal_copied(s, action))
    }

    /// Whether [`Round::apply`] applies in place: room in the log, the plays and the out order
    /// (always, but for a round breaking an invariant). Inline: a few compares on every apply.
    #[inline(always)]
    fn applies_in_place(&self) -> bool {
        usize::from(self.log_len) < MAX_LOG && usize::from(self.plays) < DECK && usize::from(self.out_len) < 4
    }

    /// [`Round::apply_inner`]'s refusals of `s`'s `action`, in its order, without a write (the
    /// trick's checks of a play or a pass: [`Trick::check_play`], [`Trick::check_pass`]).
    fn check(&self, s: TrickSeat, action: Action) -> Result<(), Error> {
        if self.phase() == Phase::Over {
            return Err(Error::RoundOver);
        }
        if action == Action::Tichu {
            return self.check_call(s);
        }
        match (self.phase(), action) {
            (Phase::GrandTichu, Action::GrandTichu(_)) => {
                if s.index() != self.grand_next {
                    return Err(Error::NotYourTurn);
                }
                Ok(())
            }
            (Phase::Exchange, Action::Exchange { left, partner, right }) => {
                self.check_exchange(s, [left, partner, right]).map(|_| ())
            }
            (Phase::Play, Action::Play { cards, wish }) => {
                self.trick.check_play(s, cards, at(&self.hands, s), wish).map(|_| ())
            }
            (Phase::Play, Action::Pass) => self.trick.check_pass(s, at(&self.hands, s)),
            (Phase::DragonGift, Action::GiveDragonTrick(to)) => self.check_give(s, trick_seat(to)?),
            _ => Err(Error::WrongPhase),
        }
    }

    fn visit(&self, seat: Seat, f: &mut dyn FnMut(Action) -> ControlFlow<()>) {
        let Ok(s) = trick_seat(seat) else {
            return;
        };
        let _ = self.visit_seat(s, f);
    }

    fn visit_seat(&self, s: TrickSeat, f: &mut dyn FnMut(Action) -> ControlFlow<()>) -> ControlFlow<()> {
        match self.phase() {
            Phase::Over => {}
            Phase::GrandTichu => {
                if s.index() == self.grand_next {
                    f(Action::GrandTichu(false))?;
                    f(Action::GrandTichu(true))?;
                }
            }
            Phase::Exchange => {
                if !self.exchanged(s) {
                    visit_exchanges(at(&self.hands, s), f)?;
                }
            }
            Phase::Play => {
                let hand = at(&self.hands, s);
                let top = self.trick.top();
                if s == self.trick.turn() && self.trick.gathering() {
                    // The trick waits to be gathered: bombs, or the pass that gathers it.
                    visit_bombs(hand, top, None, f)?;
                    f(Action::Pass)?;
                } else if s == self.trick.turn() {
                    let mut flow = ControlFlow::Continue(());
                    let result = for_each_move(&hand, top, self.trick.wish(), |cards, _| {
                        flow = emit_play(cards, f);
                        flow
                    });
                    debug_assert!(result.is_ok(), "a round's hand and table are always valid");
                    flow?;
                    // A wish binds only in the ordinary turn: the bombs that do not fulfil it.
                    if let Some(rank) = self.trick.wish()
                        && self.config.wish_bomb != 0
                        && top.is_some()
                        && wish_forces(&hand, top, Some(rank)).unwrap_or(false)
                    {
                        visit_bombs(hand, top, Some(rank), f)?;
                    }
                    if top.is_some() && self.trick.check_pass(s, hand).is_ok() {
                        f(Action::Pass)?;
                    }
                } else if top.is_some() && !hand.is_empty() {
                    visit_bombs(hand, top, None, f)?;
                }
            }
            Phase::DragonGift => {
                if s.index() == self.gift_taker {
                    let a = s.next();
                    let b = a.partner();
                    let (low, high) = if a.index() < b.index() { (a, b) } else { (b, a) };
                    f(Action::GiveDragonTrick(game_seat(low)))?;
                    f(Action::GiveDragonTrick(game_seat(high)))?;
                }
            }
        }
        if self.may_call(s) {
            f(Action::Tichu)?;
        }
        ControlFlow::Continue(())
    }

    /// Applies `seat`'s `action`. An illegal action is an error and leaves the round unchanged.
    ///
    /// Errors: [`Error::UnknownCode`] (`"seat"`); [`Error::RoundOver`]; [`Error::WrongPhase`] (an action
    /// of another stage); [`Error::NotYourTurn`]; [`Error::AlreadyCalled`] (a second call, a
    /// Tichu after a Grand Tichu); [`Error::TooLateToCall`] (after one's first card);
    /// [`Error::AlreadyExchanged`]; [`Error::BadExchange`] (cards not three different cards of
    /// the hand); the trick's errors ([`Trick::play`], [`Trick::pass`]) for plays and passes;
    /// [`Error::NotAnOpponent`] for a gift; [`Error::Internal`] on a broken invariant.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Event, Error> {
        let s = trick_seat(seat)?;
        // Every action is applied in place: each refusal comes before any write (a play's or a
        // pass's is the trick's, `Trick::play` and `Trick::pass`, which leave the trick
        // unchanged; a call's, a Grand Tichu decision's, an exchange's and a gift's are checked
        // first in `call`, `apply_inner`, `exchange` and `give`); what follows fails only on a
        // broken invariant, whose bounds are checked here first. Past those bounds (a broken
        // invariant) the action works on a copy.
        if self.applies_in_place() {
            return self.apply_inner(s, action);
        }
        self.apply_copied(s, action)
    }

    /// [`Round::apply`] on a copy, kept when it succeeds; in a frame of its own (the copy is not
    /// in the frame of the plays and passes applied in place).
    #[inline(never)]
    fn apply_copied(&mut self, s: TrickSeat, action: Action) -> Result<Event, Error> {
        let mut next = *self;
        let event = next.apply_inner(s, action)?;
        *self = next;
        Ok(event)
    }

    /// As [`Round::apply`], but after an error `self` holds some round (what the action had
    /// written so far): no copy of the round, for a replay that discards the round on an error
    /// (the determinization's, [`replayed_in`]). The same round and event on success.
    fn apply_discarding(&mut self, seat: Seat, action: Action) -> Result<Event, Error> {
        let s = trick_seat(seat)?;
        self.apply_inner(s, action)
    }

    fn push_log(&mut self, byte: u8) -> Result<(), Error> {
        let slot = self.log.get_mut(usize::from(self.log_len)).ok_or(Error::Internal)?;
        *slot = byte;
        self.log_len = self.log_len.checked_add(1).ok_or(Error::Internal)?;
        Ok(())
    }

    fn mark_trick_end(&mut self) {
        if let Some(last) = self
            .log_len
            .checked_sub(1)
            .and_then(|i| self.log.get_mut(usize::from(i)))
        {
            *last |= LOG_TRICK_ENDED;
        }
    }

    fn call(&mut self, s: TrickSeat) -> Result<Event, Error> {
        self.check_call(s)?;
        *at_mut(&mut self.calls, s) = Call::Tichu as u8;
        self.push_log(LOG_TICHU << 2 | s.index())?;
        Ok(Event::default())
    }

    /// The refusals of `s`'s Tichu call ([`Round::call`]).
    fn check_call(&self, s: TrickSeat) -> Result<(), Error> {
        match self.phase() {
            Phase::Over => return Err(Error::RoundOver),
            Phase::GrandTichu => return Err(Error::WrongPhase),
            Phase::Exchange if self.config.tichu_during_exchange == 0 => return Err(Error::WrongPhase),
            _ => {}
        }
        if at(&self.calls, s) != Call::None as u8 {
            return Err(Error::AlreadyCalled);
        }
        if self.played_any & bit(s) != 0 {
            return Err(Error::TooLateToCall);
        }
        Ok(())
    }

    fn apply_inner(&mut self, s: TrickSeat, action: Action) -> Result<Event, Error> {
        if self.phase() == Phase::Over {
            return Err(Error::RoundOver);
        }
        if action == Action::Tichu {
            return self.call(s);
        }
        match (self.phase(), action) {
            (Phase::GrandTichu, Action::GrandTichu(grand)) => {
                if s.index() != self.grand_next {
                    return Err(Error::NotYourTurn);
                }
                if grand {
                    *at_mut(&mut self.calls, s) = Call::GrandTichu as u8;
                }
                self.grand_next = self.grand_next.wrapping_add(1);
                if self.grand_next >= 4 {
                    self.phase = Phase::Exchange as u8;
                }
                let kind = if grand { LOG_GRAND } else { LOG_NO_GRAND };
                self.push_log(kind << 2 | s.index())?;
                Ok(Event::default())
            }
            (Phase::Exchange, Action::Exchange { left, partner, right }) => self.exchange(s, [left, partner, right]),
            (Phase::Play, Action::Play { cards, wish }) => self.play(s, cards, wish),
            (Phase::Play, Action::Pass) => {
                let step = self.trick.pass(s, at(&self.hands, s))?;
                self.push_log(LOG_PASS << 2 | s.index())?;
                let mut event = Event::default();
                self.after_step(step, &mut event)?;
                Ok(event)
            }
            (Phase::DragonGift, Action::GiveDragonTrick(to)) => self.give(s, trick_seat(to)?),
            _ => Err(Error::WrongPhase),
        }
    }

    /// `s`'s exchange (once a seat: in a frame of its own, not in the frame of every play's
    /// apply).
    #[inline(never)]
    fn exchange(&mut self, s: TrickSeat, cards: [Card; 3]) -> Result<Event, Error> {
        let chosen = self.check_exchange(s, cards)?;
        *at_mut(&mut self.given, s) = chosen;
        self.push_log(LOG_EXCHANGE << 2 | s.index())?;
        let mut event = Event::default();
        if (0..4u8).map(seat_k).all(|seat| self.exchanged(seat)) {
            let mut hands = self.hands.map(bits_of);
            move_given(&mut hands, &self.given, false);
            self.hands = hands.map(set_of);
            let leader = (0..4u8)
                .map(seat_k)
                .find(|&seat| at(&self.hands, seat).has_mahjong())
                .ok_or(Error::Internal)?;
            self.trick = Trick::new(leader).with_rules(self.config.bomb_after_passes != 0, self.config.wish_bomb != 0);
            self.phase = Phase::Play as u8;
            event.exchange_done = true;
        }
        Ok(event)
    }

    /// The refusals of `s`'s exchange of `cards` ([`Round::exchange`]); the cards' deck indices.
    fn check_exchange(&self, s: TrickSeat, cards: [Card; 3]) -> Result<[u8; 3], Error> {
        if self.exchanged(s) {
            return Err(Error::AlreadyExchanged);
        }
        let hand = at(&self.hands, s);
        let mut chosen = [NO_CARD; 3];
        let mut bits = 0u64;
        for (slot, card) in chosen.iter_mut().zip(cards) {
            let index = index_of_card(card).ok_or(Error::BadExchange)?;
            let b = 1u64 << (index & 63);
            if bits & b != 0 || bits_of(hand) & b == 0 {
                return Err(Error::BadExchange);
            }
            bits |= b;
            *slot = index;
        }
        Ok(chosen)
    }

    fn play(&mut self, s: TrickSeat, cards: Cards, wish: Option<Rank>) -> Result<Event, Error> {
        let hand = at(&self.hands, s);
        let open_wish = self.trick.wish();
        let step = self.trick.play(s, cards, hand, wish)?;
        let mut event = Event::default();
        if let Some(rank) = open_wish
            && self.trick.wish().is_none()
            && cards.count(rank) > 0
        {
            event.wish_fulfilled = Some(rank);
        }
        // A round's hands are sets of deck cards (suited): the play's bits taken off (what
        // `removed_from` answers for them; tested equal).
        let left = set_of(bits_of(hand) & !bits_of(cards));
        *at_mut(&mut self.hands, s) = left;
        self.played_any |= bit(s);
        self.plays = self.plays.checked_add(1).ok_or(Error::Internal)?;
        let mut rest = bits_of(cards);
        while rest != 0 {
            let index = rest.trailing_zeros();
            rest &= rest.wrapping_sub(1);
            let slot = self.card_play.get_mut(index as usize).ok_or(Error::Internal)?;
            debug_assert!(*slot == 0, "a card is played once");
            *slot = self.plays;
        }
        if let Some(rank) = wish {
            self.wish_made = rank.value();
        }
        self.push_log(LOG_PLAY << 2 | s.index())?;
        if left.is_empty() {
            let slot = self.out.get_mut(usize::from(self.out_len)).ok_or(Error::Internal)?;
            *slot = s.index();
            self.out_len = self.out_len.wrapping_add(1);
            event.out = Some(game_seat(s));
            let [first, second, ..] = self.out;
            if self.out_len == 2 && first % 2 == second % 2 {
                self.phase = Phase::Over as u8;
                event.round_over = true;
                return Ok(event);
            }
            if self.out_len >= 3 {
                // The round ends: the trick goes to its top player (the seat that just played).
                let (taker, points, dragon) = match step {
                    Step::Over(end) => (end.taker, end.points, end.dragon),
                    Step::Next(_) => (self.trick.top_seat(), self.trick.points(), self.trick.top_is_dragon()),
                };
                self.take_trick(taker, points, dragon, None, &mut event)?;
                return Ok(event);
            }
        }
        self.after_step(step, &mut event)?;
        Ok(event)
    }

    fn after_step(&mut self, step: Step, event: &mut Event) -> Result<(), Error> {
        let Step::Over(end) = step else {
            return Ok(());
        };
        let leader = end.next_leader.ok_or(Error::Internal)?;
        self.take_trick(end.taker, end.points, end.dragon, Some(leader), event)
    }

    /// The trick's end: `taker` takes it (`points`), or must give it away (`dragon`); then
    /// `leader` leads the next trick (after the gift, for the Dragon's), or, without one, the
    /// round is over (once the gift is made, for the Dragon's). Written once for the trick
    /// ended by a step and the trick the round's end closes.
    fn take_trick(
        &mut self,
        taker: TrickSeat,
        points: i16,
        dragon: bool,
        leader: Option<TrickSeat>,
        event: &mut Event,
    ) -> Result<(), Error> {
        self.mark_trick_end();
        event.trick_taken = Some(TrickTaken {
            taker: game_seat(taker),
            points,
            dragon,
        });
        if dragon {
            self.phase = Phase::DragonGift as u8;
            self.gift_taker = taker.index();
            self.gift_points = points;
            self.gift_leader = leader.map_or(NO_SEAT, TrickSeat::index);
            return Ok(());
        }
        let pile = at_mut(&mut self.taken, taker);
        *pile = pile.checked_add(points).ok_or(Error::Internal)?;
        match leader {
            Some(leader) => self.start_trick(leader),
            None => {
                self.phase = Phase::Over as u8;
                event.round_over = true;
                Ok(())
            }
        }
    }

    fn start_trick(&mut self, leader: TrickSeat) -> Result<(), Error> {
        let out = [0u8, 1, 2, 3].map(|k| self.is_out(seat_k(k)));
        self.trick = Trick::with(leader, out, self.trick.wish())
            .map_err(|_| Error::Internal)?
            .with_rules(self.config.bomb_after_passes != 0, self.config.wish_bomb != 0);
        Ok(())
    }

    fn give(&mut self, s: TrickSeat, to: TrickSeat) -> Result<Event, Error> {
        self.check_give(s, to)?;
        let pile = at_mut(&mut self.taken, to);
        *pile = pile.checked_add(self.gift_points).ok_or(Error::Internal)?;
        self.push_log(LOG_GIVE << 2 | to.index() << 5 | s.index())?;
        let mut event = Event {
            dragon_given_to: Some(game_seat(to)),
            ..Event::default()
        };
        self.gift_taker = NO_SEAT;
        self.gift_points = 0;
        if self.out_len >= 3 {
            self.phase = Phase::Over as u8;
            event.round_over = true;
        } else {
            let leader = TrickSeat::new(self.gift_leader).ok_or(Error::Internal)?;
            self.gift_leader = NO_SEAT;
            self.phase = Phase::Play as u8;
            self.start_trick(leader)?;
        }
        Ok(event)
    }

    /// The refusals of `s`'s gift of the Dragon trick to `to` ([`Round::give`]).
    fn check_give(&self, s: TrickSeat, to: TrickSeat) -> Result<(), Error> {
        if s.index() != self.gift_taker {
            return Err(Error::NotYourTurn);
        }
        if !s.is_opponent(to) {
            return Err(Error::NotAnOpponent);
        }
        Ok(())
    }

    /// The result, once the round is over.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.phase() != Phase::Over {
            return None;
        }
        let result = self.score();
        debug_assert!(result.is_ok(), "a finished round always scores");
        result.ok()
    }

    fn score(&self) -> Result<Outcome, Error> {
        let mut finish = [seat_k(0); 4];
        let mut seen = 0u8;
        let mut n = 0usize;
        for &index in self.out.iter().take(usize::from(self.out_len)) {
            let seat = TrickSeat::new(index).ok_or(Error::Internal)?;
            *finish.get_mut(n).ok_or(Error::Internal)? = seat;
            seen |= bit(seat);
            n = n.wrapping_add(1);
        }
        for seat in (0..4u8).map(seat_k) {
            if seen & bit(seat) == 0
                && let Some(slot) = finish.get_mut(n)
            {
                *slot = seat;
                n = n.wrapping_add(1);
            }
        }
        let last = finish[3];
        let double = finish[0].team() == finish[1].team() && self.out_len == 2;
        let last_hand = if double { 0 } else { at(&self.hands, last).points() };
        let cards = score_round(finish, self.taken, last_hand, [Call::None; 4])?;
        let scores = score_round(finish, self.taken, last_hand, self.calls())?;
        let call_points = [
            scores[0].checked_sub(cards[0]).ok_or(Error::Internal)?,
            scores[1].checked_sub(cards[1]).ok_or(Error::Internal)?,
        ];
        Ok(Outcome {
            scores,
            card_points: cards,
            call_points,
            double_victory: if double { Some(finish[0].team() as u8) } else { None },
            finish: finish.map(game_seat),
            calls: self.calls(),
        })
    }

    /// What `seat` may know: its own hand (only the 8-card window until the Grand Tichu
    /// decisions are made), its own exchange and the cards passed to it, the public history, the
    /// calls, card counts, the out order and the points taken. Never another seat's hidden card.
    /// Errors: [`Error::UnknownCode`] (`"seat"`).
    pub fn observation(&self, seat: Seat) -> Result<Observation, Error> {
        // Through `seen_of`, written into this function (not a call of `Round::seen`): the C
        // library's rules and round engine link the observation without the search's `seen`.
        let s = trick_seat(seat)?;
        let Seen {
            hand,
            given,
            received,
            exchanged,
            card_counts,
            ..
        } = self.seen_of(seat, s);
        let trick = self.trick.parts();
        Ok(Observation {
            seat,
            phase: self.phase(),
            to_act: self.to_act(),
            hand,
            given,
            received,
            exchanged,
            grand_decisions: self.grand_next,
            calls: self.calls(),
            card_counts,
            out: self.out,
            out_len: self.out_len,
            points_taken: self.taken,
            trick,
            dragon_waiting: TrickSeat::new(self.gift_taker).map(game_seat),
            wish_made: Rank::new(self.wish_made),
            plays: self.plays,
            card_play: self.card_play,
            log_len: self.log_len,
            log: self.log,
        })
    }

    /// The part of `seat`'s [`Round::observation`] the search's determinization reads (besides
    /// the public record, [`Round::public_history`]), read off the round in place: no 440-byte
    /// observation built per draw. The same values as the observation's fields of those names
    /// ([`Observation::seen`]); the same error. Errors: [`Error::UnknownCode`] (`"seat"`).
    #[inline(never)] // its temporaries in a frame of its own, not in the determinization's
    pub(super) fn seen(&self, seat: Seat) -> Result<Seen, Error> {
        let s = trick_seat(seat)?;
        Ok(self.seen_of(seat, s))
    }

    /// What the view of `seat` ([`game::Round::write_view`](crate::game::Round::write_view))
    /// reads besides the round's public accessors: [`Round::seen`]'s fields, the cards of the
    /// last play and the seat giving a Dragon trick away (the observation's `seen`,
    /// `play_cards(plays())` and `dragon_waiting`): the view read off the round in place, no
    /// 440-byte observation built. Errors: [`Error::UnknownCode`] (`"seat"`).
    pub(super) fn view_facts(&self, seat: Seat) -> Result<(Seen, Cards, Option<Seat>), Error> {
        let s = trick_seat(seat)?;
        let seen = self.seen_of(seat, s);
        let last = play_cards_of(&self.card_play, self.plays);
        Ok((seen, last, TrickSeat::new(self.gift_taker).map(game_seat)))
    }

    /// [`Round::seen`] of a seat already checked: written into each caller (the observation's
    /// and the determinization's code stay apart in flash and on the stack).
    #[inline(always)]
    fn seen_of(&self, seat: Seat, s: TrickSeat) -> Seen {
        let grand = self.phase() == Phase::GrandTichu;
        let hand = if grand {
            set_of(bits_of(at(&self.hands, s)) & self.window)
        } else {
            at(&self.hands, s)
        };
        let card_counts = [0u8, 1, 2, 3].map(|k| {
            let seat = seat_k(k);
            if grand {
                WINDOW as u8
            } else {
                at(&self.hands, seat).len() as u8
            }
        });
        let given = at(&self.given, s).map(card_of_index);
        let received = if matches!(self.phase(), Phase::GrandTichu | Phase::Exchange) {
            [None; 3]
        } else {
            // From seat + 1 (its third card), seat + 2 (its second), seat + 3 (its first).
            let from = |k: u8, slot: usize| {
                let giver = seat_k(s.index().wrapping_add(k));
                at(&self.given, giver).get(slot).copied().and_then(card_of_index)
            };
            [from(1, 2), from(2, 1), from(3, 0)]
        };
        let exchanged = [0u8, 1, 2, 3].map(|k| self.exchanged(seat_k(k)));
        Seen {
            seat,
            phase: self.phase(),
            hand,
            given,
            received,
            exchanged,
            card_counts,
            turn: game_seat(self.trick.turn()),
        }
    }

    /// Writes the round's versioned byte form into `out` ([`ENCODED_BYTES`] bytes; version
    /// [`FORMAT_VERSION`]): the config, the deal (2-bit owner per card, the window bits), the
    /// exchanges, the play number of every card, the wish and the action log. Errors:
    /// [`Error::BufferTooSmall`].
    pub fn encode(&self, out: &mut [u8]) -> Result<usize, Error> {
        let out = out
            .get_mut(..ENCODED_BYTES)
            .ok_or(Error::BufferTooSmall { needed: ENCODED_BYTES })?;
        out.fill(0);
        let mut w = Writer { out, at: 0 };
        w.byte(FORMAT_VERSION);
        w.bytes(&self.config().to_bytes());
        let mut owners = [0u8; 14];
        for (k, hand) in (0u8..).zip(self.dealt()) {
            let mut rest = hand;
            while rest != 0 {
                let index = rest.trailing_zeros() as usize;
                rest &= rest.wrapping_sub(1);
                if let Some(slot) = owners.get_mut(index / 4) {
                    *slot |= k << ((index % 4).wrapping_mul(2));
                }
            }
        }
        w.bytes(&owners);
        w.bytes(self.window.to_le_bytes().first_chunk::<7>().unwrap_or(&[0; 7]));
        w.bytes(self.given.as_flattened());
        w.bytes(&self.card_play);
        w.byte(self.wish_made);
        w.bytes(&self.log_len.to_le_bytes());
        // The log's entries; the rest of the log's room stays 0 (never read, so not copied).
        w.bytes(self.log.get(..usize::from(self.log_len)).unwrap_or(&self.log));
        w.at =
            w.at.saturating_add(MAX_LOG.saturating_sub(usize::from(self.log_len)).min(MAX_LOG));
        debug_assert_eq!(w.at, ENCODED_BYTES);
        Ok(ENCODED_BYTES)
    }

    /// The round of [`Round::encode`]'s bytes, re-validated by replaying every action from the
    /// deal (an inconsistent log is an error, never an inconsistent round). Errors:
    /// [`Error::InvalidState`] (wrong length or version, a deal that is not the whole deck,
    /// an action that does not apply, fields the replay does not reproduce),
    /// [`Error::InvalidConfig`].
    pub fn decode(bytes: &[u8]) -> Result<Round, Error> {
        let mut place = MaybeUninit::uninit();
        Ok(*Round::decode_in(&mut place, bytes)?)
    }

    /// [`Round::decode`] into `place` (the caller's frame), returned there: the round dealt
    /// there from the byte form's head, then the log replayed on it in place and every stored
    /// field compared with the replay's, the byte form read where it lies (no round-sized result
    /// and no copy of the form moved through the calls). The same round and errors.
    pub fn decode_in<'p>(place: &'p mut MaybeUninit<Round>, bytes: &[u8]) -> Result<&'p mut Round, Error> {
        Round::checked_in(
            bytes,
            |config, dealt, window| place.write(Round::from_deal(config, dealt, window)),
            |round| round,
        )
    }

    /// [`Round::decode`] read and checked in place: `make` places the round dealt from the
    /// byte form's head (its hands and windows checked) in the caller's value that holds it (the
    /// round, or a match), `round` finds it there, then the log is replayed on it
    /// ([`Round::replay_form`]).
    #[inline(always)]
    pub(super) fn checked_in<'p, T: 'p>(
        bytes: &[u8],
        make: impl FnOnce(Config, [Cards; 4], u64) -> &'p mut T,
        round: impl Fn(&mut T) -> &mut Round,
    ) -> Result<&'p mut T, Error> {
        let (config, dealt, window) = Round::dealt_head(bytes)?;
        let made = make(config, dealt, window);
        round(&mut *made).replay_form(bytes)?;
        Ok(made)
    }

    /// The head of the byte form `bytes` ([`cache::Form::read_head`]) with its deal checked: 14
    /// cards a hand, 8 of them in its window. Once for the round's and the match's decodes
    /// (`checked_in` is inlined into each). Errors: [`Error::InvalidState`],
    /// [`Error::InvalidConfig`].
    #[inline(never)]
    fn dealt_head(bytes: &[u8]) -> Result<(Config, [Cards; 4], u64), Error> {
        let (config, dealt, window) = cache::Form::read_head(bytes)?;
        if dealt.iter().any(|&h| Cards::ones(h) as usize != HAND)
            || window & !FULL_DECK != 0
            || dealt.iter().any(|&h| Cards::ones(h & window) as usize != WINDOW)
        {
            return Err(Error::InvalidState);
        }
        Ok((config, dealt.map(set_of), window))
    }

    /// Replays the log of the byte form `bytes` (its head already read into this freshly dealt
    /// round) on this round in place, each exchange and play read from the form where it lies,
    /// then checks that every stored field is what the replay produced (trick-end flags, unused
    /// slots). A record that does not apply is [`Error::InvalidState`]: the round is then
    /// half-replayed, so the caller drops it (each action is applied without
    /// [`Round::apply`]'s copy for the actions other than plays and passes, which only keeps
    /// the round unchanged on a refusal). In a frame of its own.
    #[inline(never)]
    fn replay_form(&mut self, bytes: &[u8]) -> Result<(), Error> {
        use cache::{CARD_PLAY_AT, GIVEN_AT, LOG_AT, WISH_AT};
        let form = |from: usize, to: usize| bytes.get(from..to).ok_or(Error::InvalidState);
        let given_form = form(GIVEN_AT, CARD_PLAY_AT)?;
        let card_play = form(CARD_PLAY_AT, WISH_AT)?;
        let plays_of: &[u8; DECK] = card_play.try_into().map_err(|_| Error::InvalidState)?;
        let [wish_made, lo, hi] = *form(WISH_AT, LOG_AT)?.first_chunk::<3>().ok_or(Error::InvalidState)?;
        let log_len = u16::from_le_bytes([lo, hi]);
        let log = form(LOG_AT, ENCODED_BYTES)?;
        let mut given = [[0u8; 3]; 4];
        // `as_chunks` (a constant chunk size), not `chunks_exact`: at opt-level "z" the latter's
        // outlined `size` divides by its run-time chunk size, a division-by-zero panic path.
        for (chosen, stored) in given.iter_mut().zip(given_form.as_chunks::<3>().0) {
            *chosen = *stored;
        }
        let mut plays = 0u8;
        for &entry in log.iter().take(usize::from(log_len)) {
            let s = seat_k(entry & 3);
            let action = match (entry >> 2) & 7 {
                LOG_NO_GRAND => Action::GrandTichu(false),
                LOG_GRAND => Action::GrandTichu(true),
                LOG_EXCHANGE => {
                    let chosen = at(&given, s);
                    let card = |slot: usize| {
                        chosen
                            .get(slot)
                            .copied()
                            .and_then(card_of_index)
                            .ok_or(Error::InvalidState)
                    };
                    Action::Exchange {
                        left: card(0)?,
                        partner: card(1)?,
                        right: card(2)?,
                    }
                }
                LOG_TICHU => Action::Tichu,
                LOG_PLAY => {
                    plays = plays.checked_add(1).ok_or(Error::InvalidState)?;
                    let cards = play_cards_of(plays_of, plays);
                    let wish = if cards.has_mahjong() {
                        Rank::new(wish_made)
                    } else {
                        None
                    };
                    Action::Play { cards, wish }
                }
                LOG_PASS => Action::Pass,
                LOG_GIVE => Action::GiveDragonTrick(Seat((entry >> 5) & 3)),
                _ => return Err(Error::InvalidState),
            };
            self.apply_inner(s, action).map_err(|_| Error::InvalidState)?;
        }
        if self.given != given
            || self.card_play[..] != *card_play
            || self.wish_made != wish_made
            || self.log[..] != *log
        {
            return Err(Error::InvalidState);
        }
        Ok(())
    }
}

/// A round dealt `dealt` (deck-index bits, seat 0 first) with the Grand Tichu windows `window`,
/// then the public `history` replayed through [`Round::apply`] (without its copy:
/// `Round::apply_discarding`), each exchange taken from `given` (deck indices to the seats one,
/// two and three after the giver), written to `round` (whatever it held; built in place). The
/// refusal names the error, the seat and the wish open when a record does not apply (how a
/// sampled deal learns that a seat could not fulfil a wish); `round` then holds some round (the
/// refused action may have written part of it), for the caller to discard. In a frame of its own
/// (not in the determinization's, beside the draw's).
#[inline(never)]
pub(crate) fn replayed_in(
    round: &mut Round,
    config: &Config,
    dealt: &[u64; 4],
    window: u64,
    given: &[[u8; 3]; 4],
    history: impl Iterator<Item = Record>,
) -> Result<(), (Error, Seat, Option<Rank>)> {
    round.reset_to_deal(*config, dealt.map(set_of), window);
    for record in history {
        let action = match record.kind {
            RecordKind::GrandTichu(grand) => Action::GrandTichu(grand),
            RecordKind::Exchanged => {
                let chosen = at(given, seat_k(record.seat.0));
                let card = |slot: usize| chosen.get(slot).copied().and_then(card_of_index);
                match (card(0), card(1), card(2)) {
                    (Some(left), Some(partner), Some(right)) => Action::Exchange { left, partner, right },
                    _ => return Err((Error::BadExchange, record.seat, None)),
                }
            }
            RecordKind::Tichu => Action::Tichu,
            RecordKind::Play { cards, wish } => Action::Play { cards, wish },
            RecordKind::Pass => Action::Pass,
            RecordKind::GiveDragonTrick(to) => Action::GiveDragonTrick(to),
        };
        let wish = round.trick.wish();
        // After an error the round is discarded (the caller draws again or fails).
        round
            .apply_discarding(record.seat, action)
            .map_err(|error| (error, record.seat, wish))?;
    }
    Ok(())
}

/// Every exchange of `hand` (left, partner, right: three different cards, by their positions in
/// the hand, `left` slowest), in a frame of its own (the hand's cards not in the frame of every
/// walk of the play's actions).
#[inline(never)]
fn visit_exchanges(hand: Cards, f: &mut dyn FnMut(Action) -> ControlFlow<()>) -> ControlFlow<()> {
    let mut cards = [Card::Dog; HAND];
    let mut n = 0usize;
    for (slot, card) in cards.iter_mut().zip(hand.iter()) {
        *slot = card;
        n = n.saturating_add(1);
    }
    // The first `n` slots hold the hand (written just above).
    for (i, &left) in cards.iter().take(n).enumerate() {
        for (j, &partner) in cards.iter().take(n).enumerate() {
            for (k, &right) in cards.iter().take(n).enumerate() {
                if i != j && j != k && i != k {
                    f(Action::Exchange { left, partner, right })?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The actions of a play holding the Mah Jong: without a wish, then wishing each rank 2..=Ace.
const WISHES: usize = 14;

/// The action of a play at position `w` inside it ([`WISHES`] for one holding the Mah Jong): 0
/// no wish, 1..=13 wishing rank `w + 1`.
fn play_with_wish(cards: Cards, w: usize) -> Action {
    let wish = if w == 0 {
        None
    } else {
        u8::try_from(w).ok().and_then(|w| Rank::new(w.wrapping_add(1)))
    };
    Action::Play { cards, wish }
}

/// The exchange of index `i` of `hand` (order of [`Round::for_each_legal_action`]: by the
/// positions of the cards in the hand, `left` slowest, `right` fastest).
fn nth_exchange(hand: Cards, i: usize) -> Option<Action> {
    let m = hand.len();
    let inner = m.checked_sub(2)?;
    let per_left = m.checked_sub(1)?.checked_mul(inner)?;
    let l = i.checked_div(per_left)?;
    let rest = i.checked_rem(per_left)?;
    let p = rest.checked_div(inner)?;
    let r = rest.checked_rem(inner)?;
    // Positions in the hand: `p` among those but `l`, `r` among those but `l` and the partner's.
    let partner = if p >= l { p.checked_add(1)? } else { p };
    let (lo, hi) = if l < partner { (l, partner) } else { (partner, l) };
    let mut right = r;
    if right >= lo {
        right = right.checked_add(1)?;
    }
    if right >= hi {
        right = right.checked_add(1)?;
    }
    let card = |k: usize| hand.iter().nth(k);
    Some(Action::Exchange {
        left: card(l)?,
        partner: card(partner)?,
        right: card(right)?,
    })
}

/// `f` with every bomb of `hand` beating `top` as a play ([`for_each_bomb`]'s order), but those
/// holding a card of rank `without` (the bombs a binding wish leaves out); written once for the
/// three walks of bombs.
fn visit_bombs(
    hand: Cards,
    top: Option<super::combination::Combination>,
    without: Option<Rank>,
    f: &mut dyn FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut flow = ControlFlow::Continue(());
    let result = for_each_bomb(&hand, top, |cards, _| {
        flow = match without {
            Some(rank) if cards.count(rank) > 0 => ControlFlow::Continue(()),
            _ => f(Action::Play { cards, wish: None }),
        };
        flow
    });
    debug_assert!(result.is_ok(), "a round's hand and table are always valid");
    flow
}

fn emit_play(cards: Cards, f: &mut dyn FnMut(Action) -> ControlFlow<()>) -> ControlFlow<()> {
    f(Action::Play { cards, wish: None })?;
    if cards.has_mahjong() {
        for rank in Rank::all() {
            f(Action::Play {
                cards,
                wish: Some(rank),
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// A byte form being written: `out` from `at` on.
pub(super) struct Writer<'a> {
    /// The form's bytes.
    pub(super) out: &'a mut [u8],
    /// Where the next byte goes.
    pub(super) at: usize,
}

impl Writer<'_> {
    /// Writes `b` (dropped past the end).
    pub(super) fn byte(&mut self, b: u8) {
        if let Some(slot) = self.out.get_mut(self.at) {
            *slot = b;
        }
        self.at = self.at.saturating_add(1);
    }

    /// Writes `bytes` in one copy (what falls past the end is dropped, as by [`Writer::byte`]).
    /// Not inlined: each field of the byte forms is one call.
    #[inline(never)]
    pub(super) fn bytes(&mut self, bytes: &[u8]) {
        if let Some(rest) = self.out.get_mut(self.at..) {
            for (slot, &b) in rest.iter_mut().zip(bytes) {
                *slot = b;
            }
        }
        self.at = self.at.saturating_add(bytes.len());
    }
}

/// The fields of one seat's [`Observation`] that the search's determinization reads
/// ([`Round::seen`]): about 40 bytes, where the observation (with its copy of the log) is 440.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Seen {
    /// [`Observation::seat`].
    pub(super) seat: Seat,
    /// [`Observation::phase`].
    pub(super) phase: Phase,
    /// [`Observation::hand`].
    pub(super) hand: Cards,
    /// [`Observation::given`].
    pub(super) given: [Option<Card>; 3],
    /// [`Observation::received`].
    pub(super) received: [Option<Card>; 3],
    /// [`Observation::exchanged`].
    pub(super) exchanged: [bool; 4],
    /// [`Observation::card_counts`].
    pub(super) card_counts: [u8; 4],
    /// The seat in turn in the trick ([`Observation::trick`]'s `turn`).
    pub(super) turn: Seat,
}

/// What one seat may know ([`Round::observation`]). Holds no hidden card of another seat: two
/// rounds that differ only in cards another seat holds unseen give equal observations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Observation {
    /// The observing seat.
    pub seat: Seat,
    /// The stage.
    pub phase: Phase,
    /// [`Round::to_act`].
    pub to_act: Option<Seat>,
    /// The own hand (the 8-card window during the Grand Tichu decisions).
    pub hand: Cards,
    /// The own exchange (to seat + 1, + 2, + 3), once chosen.
    pub given: [Option<Card>; 3],
    /// The cards received from seat + 1, seat + 2, seat + 3, once the exchange is over.
    pub received: [Option<Card>; 3],
    /// Which seats have chosen their exchange.
    pub exchanged: [bool; 4],
    /// How many Grand Tichu decisions were made (seats 0.. in order).
    pub grand_decisions: u8,
    /// Each seat's call.
    pub calls: [Call; 4],
    /// Cards each seat holds (8 each during the Grand Tichu decisions).
    pub card_counts: [u8; 4],
    out: [u8; 4],
    out_len: u8,
    /// Card points of the tricks each seat holds.
    pub points_taken: [i16; 4],
    /// The current trick (public; a fresh trick before the play).
    pub trick: TrickParts,
    /// The seat that must give away a Dragon trick, if one waits.
    pub dragon_waiting: Option<Seat>,
    /// The wish made with the Mah Jong, if any.
    pub wish_made: Option<Rank>,
    plays: u8,
    card_play: [u8; DECK],
    log_len: u16,
    log: [u8; MAX_LOG],
}

impl Observation {
    /// The seats out so far, in order.
    pub fn out_order(&self) -> impl Iterator<Item = Seat> + '_ {
        self.out.iter().take(usize::from(self.out_len)).map(|&s| Seat(s))
    }

    /// The number of plays so far.
    pub const fn plays(&self) -> u8 {
        self.plays
    }

    /// The cards of the `n`-th play (1-based; empty when there is none).
    pub fn play_cards(&self, n: u8) -> Cards {
        play_cards_of(&self.card_play, n)
    }

    /// Every public action so far, in order (every play, pass, call, exchange made, gift).
    pub fn history(&self) -> impl Iterator<Item = Record> + '_ {
        records(&self.log, self.log_len, &self.card_play, self.wish_made)
    }

    /// The fields [`Round::seen`] reads off the round, taken from this observation (its
    /// reference in the tests).
    #[cfg(test)]
    pub(super) fn seen(&self) -> Seen {
        Seen {
            seat: self.seat,
            phase: self.phase,
            hand: self.hand,
            given: self.given,
            received: self.received,
            exchanged: self.exchanged,
            card_counts: self.card_counts,
            turn: game_seat(self.trick.turn),
        }
    }
}

/// The cards of the `n`-th play (1-based; empty when there is none) by each card's play number.
fn play_cards_of(card_play: &[u8; DECK], n: u8) -> Cards {
    let mut mask = 0u64;
    if n > 0 {
        for (i, &p) in card_play.iter().enumerate() {
            if p == n {
                mask |= 1u64 << (i & 63);
            }
        }
    }
    set_of(mask)
}

/// The public records of a log ([`Observation::history`]), read from the log, each card's play
/// number and the wish made (a round's or an observation's own: the same bytes).
fn records<'a>(
    log: &'a [u8; MAX_LOG],
    log_len: u16,
    card_play: &'a [u8; DECK],
    wish_made: Option<Rank>,
) -> impl Iterator<Item = Record> + 'a {
    let mut play = 0u8;
    log.iter().take(usize::from(log_len)).map(move |&entry| {
        let kind = match (entry >> 2) & 7 {
            LOG_NO_GRAND => RecordKind::GrandTichu(false),
            LOG_GRAND => RecordKind::GrandTichu(true),
            LOG_EXCHANGE => RecordKind::Exchanged,
            LOG_TICHU => RecordKind::Tichu,
            LOG_PLAY => {
                play = play.wrapping_add(1);
                let cards = play_cards_of(card_play, play);
                let wish = if cards.has_mahjong() { wish_made } else { None };
                RecordKind::Play { cards, wish }
            }
            LOG_PASS => RecordKind::Pass,
            _ => RecordKind::GiveDragonTrick(Seat((entry >> 5) & 3)),
        };
        Record {
            seat: Seat(entry & 3),
            kind,
            trick_ended: entry & LOG_TRICK_ENDED != 0,
        }
    })
}
