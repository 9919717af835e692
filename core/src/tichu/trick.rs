//! A trick an engine can drive (spec "Combinations" and "Beyond the seed"): the lead, plays and
//! passes in turn, bombs at any time, the Dog handing the lead to the partner, the Dragon's trick
//! given to an opponent, and the Mah Jong wish with the must-fulfil rule.
//!
//! Seats 0..=3 play in rising order (3 is followed by 0); partners sit opposite (0 & 2, 1 & 3).
//! The trick does not hold the hands: each step is given the acting player's hand, so that the
//! play can be checked against it and the wish enforced.

use super::Error;
use super::card::{Cards, Rank};
use super::combination::{Combination, Kind, resolve};
use super::moves::{MAX_HAND, wish_forces};
use zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout};

/// A seat 0..=3; partners are two apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(transparent)]
pub struct Seat(u8);

impl Seat {
    /// The seat `index` (0..=3), or `None`.
    pub const fn new(index: u8) -> Option<Seat> {
        if index < 4 { Some(Seat(index)) } else { None }
    }
    /// The seat `index mod 4`.
    pub(crate) const fn wrap(index: u8) -> Seat {
        Seat(index & 3)
    }
    /// The index 0..=3.
    pub const fn index(self) -> u8 {
        self.0
    }
    /// `values[self]`: a per-seat entry, through a match on the seat's proven range (a `Seat`
    /// is 0..=3 by construction), so no bounds check and no fallback.
    // A proven range: `& 3` into four entries, one load (`get` is not `const`; the match it
    // replaced was a chain of branches on the hot path of every pass and walk).
    #[allow(clippy::indexing_slicing)]
    pub(crate) const fn of<T: Copy>(self, values: &[T; 4]) -> T {
        values[(self.0 & 3) as usize]
    }
    /// The next seat in playing order.
    pub const fn next(self) -> Seat {
        Seat(self.0.wrapping_add(1) % 4)
    }
    /// The partner (opposite seat).
    pub const fn partner(self) -> Seat {
        Seat(self.0.wrapping_add(2) % 4)
    }
    /// The team 0 (seats 0 and 2) or 1 (seats 1 and 3).
    pub const fn team(self) -> usize {
        (self.0 % 2) as usize
    }
    /// Whether `other` plays for the other team.
    pub const fn is_opponent(self, other: Seat) -> bool {
        self.0 % 2 != other.0 % 2
    }
}

impl TryFrom<u8> for Seat {
    type Error = Error;
    /// The seat of an index 0..=3, else [`Error::UnknownCode`] `{ what: "seat", .. }`.
    fn try_from(index: u8) -> Result<Seat, Error> {
        Seat::new(index).ok_or(Error::UnknownCode {
            what: "seat",
            code: u32::from(index),
        })
    }
}

/// How a trick ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrickEnd {
    /// Who won the trick (the last player; the Dog's player for a Dog trick).
    pub taker: Seat,
    /// Who leads next: the taker, or the next seat with cards if the taker is out; after the
    /// Dog, the partner (or the next seat with cards after the partner). `None` when no seat has
    /// cards.
    pub next_leader: Option<Seat>,
    /// The card points in the trick.
    pub points: i16,
    /// The trick was won with the Dragon: the taker gives it to an opponent ([`TrickEnd::give_to`]).
    pub dragon: bool,
    /// The trick was the Dog (0 points; nobody else played).
    pub dog: bool,
}

impl TrickEnd {
    /// Who keeps the trick's cards when the taker hands them to `to`: a Dragon trick must go to an
    /// opponent of the taker, any other stays with the taker. Errors: [`Error::NotAnOpponent`].
    pub const fn give_to(self, to: Seat) -> Result<Seat, Error> {
        if self.dragon {
            if self.taker.is_opponent(to) {
                Ok(to)
            } else {
                Err(Error::NotAnOpponent)
            }
        } else if to.0 == self.taker.0 {
            Ok(to)
        } else {
            Err(Error::NotAnOpponent)
        }
    }
}

/// What a step led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The trick goes on; this seat is to act.
    Next(Seat),
    /// The trick is over.
    Over(TrickEnd),
}

/// The whole state of a trick as plain values (for saving, and for the C ABI).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrickParts {
    /// The play to beat (`None`: the seat `turn` has the lead).
    pub top: Option<Combination>,
    /// Who played `top` (the leader while there is none).
    pub top_seat: Seat,
    /// Whose turn it is.
    pub turn: Seat,
    /// Passes since `top` was played.
    pub passes: u8,
    /// Seats that have played all their cards.
    pub out: [bool; 4],
    /// The open Mah Jong wish, if any (it lasts across tricks until fulfilled).
    pub wish: Option<Rank>,
    /// Card points played into the trick so far.
    pub points: i16,
    /// Every card played into the trick so far (rank-only once any play was rank-only), so that
    /// no card is played twice in one trick ([`Error::PlayedTwice`]).
    pub played: Cards,
    /// How it ended, once it has.
    pub end: Option<TrickEnd>,
}

/// What a play that passes [`Trick::check_play`] writes into the trick.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Checked {
    /// The cards played into the trick, the play's included.
    played: Cards,
    /// The play's reading: the new top play.
    reading: Combination,
    /// The open wish after the play.
    next_wish: Option<Rank>,
}

/// A trick in progress. Create with [`Trick::new`] or [`Trick::with`]; drive with
/// [`Trick::play`] and [`Trick::pass`].
///
/// ```
/// use parlor_core::tichu::{Cards, Seat, Step, Trick};
/// let cards = |text: &str| text.parse::<Cards>().unwrap();
/// let seat = |i| Seat::new(i).unwrap();
/// let mut trick = Trick::new(seat(0));
/// assert_eq!(trick.play(seat(0), cards("9"), cards("9KA"), None), Ok(Step::Next(seat(1))));
/// assert_eq!(trick.play(seat(1), cards("R"), cards("R55"), None), Ok(Step::Next(seat(2))));
/// trick.pass(seat(2), cards("2")).unwrap();
/// trick.pass(seat(3), cards("3")).unwrap();
/// let Ok(Step::Over(end)) = trick.pass(seat(0), cards("KA")) else { panic!() };
/// assert_eq!((end.taker, end.points, end.dragon), (seat(1), 25, true));
/// assert!(end.give_to(seat(2)).is_ok()); // an opponent of seat 1
/// ```
// Plain bytes (`FromBytes`: a held round's check needs no per-field call): the seats out and
// the two rules are bytes 0 or 1 (`Trick::held_ok`), read as `!= 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct Trick {
    played: Cards,
    points: i16,
    /// The end's points (when `flags` has `HAS_END`).
    end_points: i16,
    /// The play to beat when `flags` has `HAS_TOP`, else `Combination::FILLER`.
    top: Combination,
    top_seat: Seat,
    turn: Seat,
    passes: u8,
    /// 1 for each seat that has played all its cards, else 0.
    out: [u8; 4],
    /// The open wish when `flags` has `HAS_WISH`, else `Rank::TWO`.
    wish: Rank,
    /// The end's taker (when `flags` has `HAS_END`, else seat 0).
    end_taker: Seat,
    /// `HAS_TOP`, `HAS_WISH`, `HAS_END`, `END_DRAGON`, `END_DOG`, `END_LEADER`.
    flags: u8,
    /// 1 or 0: [`Trick::with_rules`].
    bomb_after_passes: u8,
    /// 1 or 0: [`Trick::with_rules`].
    wish_bomb: u8,
    /// The end's next leader (when `flags` has `END_LEADER`, else seat 0).
    end_leader: Seat,
    /// Always 0 ([`Trick::held_ok`]).
    pad: [u8; 4],
}

/// Where a held trick's padding starts (tests).
#[cfg(test)]
pub(super) const HELD_PAD_AT: usize = core::mem::offset_of!(Trick, pad);
/// Where a held trick's top play (its kind first) is (tests).
#[cfg(test)]
pub(super) const HELD_TOP_AT: usize = core::mem::offset_of!(Trick, top);

// `Trick::held_faults` reads the held trick as words: each field where that word has it.
const _: () = {
    use core::mem::{offset_of, size_of};
    assert!(size_of::<Trick>() == 32 && offset_of!(Trick, points) == 8 && offset_of!(Trick, end_points) == 10);
    assert!(offset_of!(Trick, top) == 12 && offset_of!(Trick, top_seat) == 15 && offset_of!(Trick, turn) == 16);
    assert!(offset_of!(Trick, passes) == 17 && offset_of!(Trick, out) == 18 && offset_of!(Trick, wish) == 22);
    assert!(offset_of!(Trick, end_taker) == 23 && offset_of!(Trick, flags) == 24);
    assert!(offset_of!(Trick, bomb_after_passes) == 25 && offset_of!(Trick, wish_bomb) == 26);
    assert!(offset_of!(Trick, end_leader) == 27 && offset_of!(Trick, pad) == 28);
    // The filler of an empty top slot: a single (code 0), length 0, key 0.
    assert!(Kind::Single as u8 == 0 && Rank::TWO.value() == 2);
};

/// [`Trick::flags`]: a play to beat.
const HAS_TOP: u8 = 1;
/// [`Trick::flags`]: an open wish.
const HAS_WISH: u8 = 2;
/// [`Trick::flags`]: the trick has ended.
const HAS_END: u8 = 4;
/// [`Trick::flags`]: the end was a Dragon trick.
const END_DRAGON: u8 = 8;
/// [`Trick::flags`]: the end was the Dog.
const END_DOG: u8 = 16;
/// [`Trick::flags`]: the end has a next leader.
const END_LEADER: u8 = 32;

impl Trick {
    /// The held form of a working trick (empty slots written as fixed fillers, so that equal
    /// tricks have equal bytes).
    const fn hold(live: Live) -> Trick {
        let p = live.parts;
        let mut flags = 0;
        let top = match p.top {
            Some(top) => {
                flags |= HAS_TOP;
                top
            }
            None => Combination::FILLER,
        };
        let wish = match p.wish {
            Some(rank) => {
                flags |= HAS_WISH;
                rank
            }
            None => Rank::TWO,
        };
        let mut end_leader = Seat(0);
        let (end_taker, end_points) = match p.end {
            Some(end) => {
                flags |= HAS_END;
                if end.dragon {
                    flags |= END_DRAGON;
                }
                if end.dog {
                    flags |= END_DOG;
                }
                if let Some(leader) = end.next_leader {
                    flags |= END_LEADER;
                    end_leader = leader;
                }
                (end.taker, end.points)
            }
            None => (Seat(0), 0),
        };
        Trick {
            played: p.played,
            points: p.points,
            end_points,
            top,
            top_seat: p.top_seat,
            turn: p.turn,
            passes: p.passes,
            out: out_bytes(p.out),
            wish,
            end_taker,
            flags,
            bomb_after_passes: live.bomb_after_passes as u8,
            wish_bomb: live.wish_bomb as u8,
            end_leader,
            pad: [0; 4],
        }
    }

    /// The working form.
    const fn live(&self) -> Live {
        let f = self.flags;
        Live {
            parts: TrickParts {
                top: if f & HAS_TOP != 0 { Some(self.top) } else { None },
                top_seat: self.top_seat,
                turn: self.turn,
                passes: self.passes,
                out: out_flags(self.out),
                wish: if f & HAS_WISH != 0 { Some(self.wish) } else { None },
                points: self.points,
                played: self.played,
                end: self.end(),
            },
            bomb_after_passes: self.bomb_after_passes != 0,
            wish_bomb: self.wish_bomb != 0,
        }
    }

    /// Whether held bytes are canonical: padding 0, no unknown flag, fillers in empty slots (the
    /// check of a round held in place): [`Trick::held_faults`] is 0 (what the tests ask).
    #[cfg(test)]
    pub(crate) fn held_ok(&self) -> bool {
        self.held_faults() == 0
    }

    /// The held trick's faults as bits (0: canonical; the same answer as the field-by-field
    /// check [`Trick::held_ok_by_fields`], tested): its bytes read as seven words and every test
    /// folded into one value, no branch per field (session 21, issue 27: every C `apply` of a
    /// held Tichu round makes this check; its branches cost about 45 instructions of it on a
    /// Cortex-M4). [`Round::held_ok`](super::round::Round::held_ok) folds it with its own.
    #[inline(always)]
    pub(crate) fn held_faults(&self) -> u32 {
        const KNOWN: u32 = (HAS_TOP | HAS_WISH | HAS_END | END_DRAGON | END_DOG | END_LEADER) as u32;
        const END_FLAGS: u32 = (END_DRAGON | END_DOG | END_LEADER) as u32;
        let bytes: &[u8; core::mem::size_of::<Trick>()] = zerocopy::transmute_ref!(self);
        let (words, _) = bytes.as_chunks::<4>();
        // Words 2-7 (`HELD_WORDS`): the points and the end's points; the top play and its seat;
        // the turn, the passes and seats 0-1 out; seats 2-3 out, the wish and the end's taker;
        // the flags, the two rules and the end's leader; the padding.
        let [_, _, ends, top, turn, wish, flags, pad] = *words else {
            return 1;
        };
        let (ends, top, turn) = (
            u32::from_le_bytes(ends),
            u32::from_le_bytes(top),
            u32::from_le_bytes(turn),
        );
        let (wish, flags, pad) = (
            u32::from_le_bytes(wish),
            u32::from_le_bytes(flags),
            u32::from_le_bytes(pad),
        );
        let f = flags & 0xFF;
        // All ones when flag `bit` is clear: the bits of the fields its absence fixes.
        let clear = |bit: u8| 0u32.wrapping_sub(u32::from(f & u32::from(bit) == 0));
        (f & !KNOWN)
            // No end: no end flags, taker seat 0, end points 0.
            | (((ends >> 16) | (wish >> 24) | (f & END_FLAGS)) & clear(HAS_END))
            | ((flags >> 24) & clear(END_LEADER))
            // No top: the filler (a single, code 0; length 0, key 0).
            | (top & 0x00FF_FFFF & clear(HAS_TOP))
            | ((((wish >> 16) & 0xFF) ^ u32::from(Rank::TWO.value())) & clear(HAS_WISH))
            | pad
            // The seats out and the two rules: bytes 0 or 1.
            | (turn & 0xFEFE_0000)
            | (wish & 0x0000_FEFE)
            | (flags & 0x00FE_FE00)
            // The top play's kind a code 0..=8.
            | u32::from(!self.top.held_ok())
    }

    /// [`Trick::held_ok`] field by field (the check before session 21, the tests' reference).
    #[cfg(test)]
    pub(crate) fn held_ok_by_fields(&self) -> bool {
        // What `Trick::hold(self.live()) == *self` says, field by field: every C call on a held
        // Tichu round makes this check, and the round trip built and compared a whole trick.
        const KNOWN: u8 = HAS_TOP | HAS_WISH | HAS_END | END_DRAGON | END_DOG | END_LEADER;
        const END_FLAGS: u8 = END_DRAGON | END_DOG | END_LEADER;
        let f = self.flags;
        f & !KNOWN == 0
            && (f & HAS_END != 0 || (f & END_FLAGS == 0 && self.end_taker == Seat(0) && self.end_points == 0))
            && (f & END_LEADER != 0 || self.end_leader == Seat(0))
            && (f & HAS_TOP != 0 || self.top == Combination::FILLER)
            && (f & HAS_WISH != 0 || self.wish == Rank::TWO)
            && self.pad == [0; 4]
            && u32::from_le_bytes(self.out) & !0x0101_0101 == 0
            && u16::from_le_bytes([self.bomb_after_passes, self.wish_bomb]) & !0x0101 == 0
            && self.top.held_ok()
    }

    /// A new trick led by `leader`, every seat holding cards, no wish.
    pub const fn new(leader: Seat) -> Trick {
        Trick::hold(Live::new(leader))
    }

    /// The trick under the two bomb rules: `bomb_after_passes` — once every other seat with
    /// cards has passed, the trick is not yet over: its winner is to act and gathers it with a
    /// pass, and until then any seat may bomb ([`Trick::gathering`]); `wish_bomb` — the seat in
    /// turn may bomb without fulfilling an open wish.
    pub const fn with_rules(mut self, bomb_after_passes: bool, wish_bomb: bool) -> Trick {
        self.bomb_after_passes = bomb_after_passes as u8;
        self.wish_bomb = wish_bomb as u8;
        self
    }

    /// Whether every other seat has passed and the trick waits for the seat in turn to gather it
    /// with a pass (only under `bomb_after_passes`, [`Trick::with_rules`]); bombs are still
    /// possible.
    pub fn gathering(&self) -> bool {
        // `Live::gathering` read off the held fields (no unpacking: every legal-action walk and
        // pass asks).
        self.flags & (HAS_END | HAS_TOP) == HAS_TOP && self.passes >= needed_passes(self.out, self.top_seat).max(1)
    }

    /// A new trick led by `leader` later in a round: `out` marks seats without cards and `wish` is
    /// the open wish carried over. Errors: [`Error::SeatIsOut`] when the leader is out.
    pub const fn with(leader: Seat, out: [bool; 4], wish: Option<Rank>) -> Result<Trick, Error> {
        match Live::with(leader, out, wish) {
            Ok(live) => Ok(Trick::hold(live)),
            Err(e) => Err(e),
        }
    }

    /// A trick from saved parts, checked ([`TrickParts`]; the checks of the working form).
    /// Errors: [`Error::InvalidState`].
    pub fn from_parts(parts: TrickParts) -> Result<Trick, Error> {
        Live::from_parts(parts).map(Trick::hold)
    }

    /// The trick's state as plain values.
    pub const fn parts(&self) -> TrickParts {
        self.live().parts
    }

    /// The two bomb rules (`bomb_after_passes`, `wish_bomb`).
    pub(crate) const fn rules(&self) -> (bool, bool) {
        (self.bomb_after_passes != 0, self.wish_bomb != 0)
    }

    /// A trick of `parts` and the two bomb rules, unchecked (the round's trusted decode: parts
    /// this library wrote; wrong parts give a wrong trick, never a panic).
    pub(crate) const fn from_raw(parts: TrickParts, bomb_after_passes: bool, wish_bomb: bool) -> Trick {
        Trick::hold(Live::from_raw(parts, bomb_after_passes, wish_bomb))
    }

    /// The play to beat (`None`: the seat in turn leads).
    pub const fn top(&self) -> Option<Combination> {
        if self.flags & HAS_TOP != 0 {
            Some(self.top)
        } else {
            None
        }
    }

    /// Whose turn it is.
    pub const fn turn(&self) -> Seat {
        self.turn
    }

    /// Who played the top play (the leader while there is none): [`Trick::parts`]'s `top_seat`,
    /// read without building the parts.
    pub const fn top_seat(&self) -> Seat {
        self.top_seat
    }

    /// Passes since the top play: [`Trick::parts`]'s `passes`, read without building the parts.
    pub const fn passes(&self) -> u8 {
        self.passes
    }

    /// The seats that have played all their cards as bits (bit `s`: seat `s`):
    /// [`Trick::parts`]'s `out`, read without building the parts.
    pub const fn out_bits(&self) -> u8 {
        let [a, b, c, d] = self.out;
        // Bytes 0 or 1 ([`Trick::held_faults`]).
        a | b << 1 | c << 2 | d << 3
    }

    /// Card points played into the trick so far: [`Trick::parts`]'s `points`, read without
    /// building the parts.
    pub const fn points(&self) -> i16 {
        self.points
    }

    /// Every card played into the trick so far: [`Trick::parts`]'s `played`, read without
    /// building the parts.
    pub const fn played(&self) -> Cards {
        self.played
    }

    /// The open Mah Jong wish.
    pub const fn wish(&self) -> Option<Rank> {
        if self.flags & HAS_WISH != 0 {
            Some(self.wish)
        } else {
            None
        }
    }

    /// How the trick ended, once it has.
    pub const fn end(&self) -> Option<TrickEnd> {
        let f = self.flags;
        if f & HAS_END == 0 {
            return None;
        }
        Some(TrickEnd {
            taker: self.end_taker,
            next_leader: if f & END_LEADER != 0 {
                Some(self.end_leader)
            } else {
                None
            },
            points: self.end_points,
            dragon: f & END_DRAGON != 0,
            dog: f & END_DOG != 0,
        })
    }

    /// Whether `seat` has played all its cards.
    pub(crate) fn is_out(&self, seat: Seat) -> bool {
        seat.of(&self.out) != 0
    }

    /// `seat`, holding `hand`, plays `play`, wishing `wish` if the play holds the Mah Jong.
    /// In turn any legal play; out of turn only a bomb on a play (never on the lead). The wish
    /// binds in turn only; a play holding the wished rank fulfils it.
    ///
    /// Errors: [`Error::TrickOver`], [`Error::SeatIsOut`], [`Error::HandTooLarge`],
    /// [`Error::NotInHand`], [`Error::IllegalPlay`], [`Error::NotYourTurn`],
    /// [`Error::MustFulfilWish`], [`Error::UnexpectedWish`], [`Error::PlayedTwice`] (a card of
    /// the play was already played in this trick). The trick is unchanged on error.
    ///
    /// The working form's play done on the held fields (every check before the first write;
    /// the tests check it against the working form's).
    pub fn play(&mut self, seat: Seat, play: Cards, hand: Cards, wish: Option<Rank>) -> Result<Step, Error> {
        let Checked {
            played,
            reading,
            next_wish,
        } = self.check_play(seat, play, hand, wish)?;
        // Taken: the writes, as `Trick::hold` writes the fields.
        match next_wish {
            Some(rank) => {
                self.flags |= HAS_WISH;
                self.wish = rank;
            }
            None => {
                self.flags &= !HAS_WISH;
                self.wish = Rank::TWO;
            }
        }
        self.points = self.points.saturating_add(play.points());
        self.played = played;
        self.flags |= HAS_TOP;
        self.top = reading;
        self.top_seat = seat;
        self.passes = 0;
        // The play is a subset of the hand (checked): the whole hand when it is as long (what
        // `removed_from` leaving nothing said before; tested equal).
        if play.len() == hand.len()
            && let Some(slot) = self.out.get_mut(usize::from(seat.0))
        {
            *slot = 1;
        }
        if reading.kind() == Kind::Dog {
            let partner = seat.partner();
            let next_leader = if partner.of(&self.out) != 0 {
                next_active(self.out, partner)
            } else {
                Some(partner)
            };
            return Ok(self.finish_with(TrickEnd {
                taker: seat,
                next_leader,
                points: self.points,
                dragon: false,
                dog: true,
            }));
        }
        match next_active(self.out, seat) {
            Some(next) if needed_passes(self.out, self.top_seat) > 0 => {
                self.turn = next;
                Ok(Step::Next(next))
            }
            _ => Ok(self.finish()),
        }
    }

    /// The checks of [`Trick::play`] (its errors, in its order), without a write: what the play
    /// would write when it is taken. [`Round::is_legal`](super::round::Round::is_legal) asks it
    /// of a play on the round's own trick (no copy of the round, nor of the trick). Inline: in
    /// `play`'s frame, not one more frame under the round's apply.
    #[inline(always)]
    pub(crate) fn check_play(
        &self,
        seat: Seat,
        play: Cards,
        hand: Cards,
        wish: Option<Rank>,
    ) -> Result<Checked, Error> {
        self.check_hand(seat, hand)?;
        if play.is_empty() {
            return Err(Error::IllegalPlay);
        }
        if !play.is_subset_of(hand) {
            return Err(Error::NotInHand);
        }
        let played = self.played.joined(play).ok_or(Error::PlayedTwice)?;
        let top = self.top();
        let reading = resolve(top, play).ok_or(Error::IllegalPlay)?;
        // While the trick waits to be gathered, the gatherer too may only bomb.
        let in_turn = seat == self.turn && !self.gathering();
        let bomb_on_play = reading.is_bomb() && top.is_some();
        if !(in_turn || bomb_on_play) {
            return Err(Error::NotYourTurn);
        }
        let open = self.wish();
        if wish.is_some() && (!play.has_mahjong() || open.is_some()) {
            return Err(Error::UnexpectedWish);
        }
        let mut next_wish = open;
        if let Some(rank) = open {
            let bound = in_turn && !(self.wish_bomb != 0 && bomb_on_play);
            if bound && play.count(rank) == 0 && wish_forces(&hand, top, Some(rank))? {
                return Err(Error::MustFulfilWish);
            }
            if play.count(rank) > 0 {
                next_wish = None;
            }
        }
        if wish.is_some() {
            next_wish = wish;
        }
        Ok(Checked {
            played,
            reading,
            next_wish,
        })
    }

    /// The checks every step of `seat` holding `hand` starts with: the trick still open, the
    /// seat still holding cards, the hand not too large.
    #[inline]
    fn check_hand(&self, seat: Seat, hand: Cards) -> Result<(), Error> {
        if self.flags & HAS_END != 0 {
            return Err(Error::TrickOver);
        }
        if seat.of(&self.out) != 0 {
            return Err(Error::SeatIsOut);
        }
        if hand.len() > MAX_HAND {
            return Err(Error::HandTooLarge);
        }
        Ok(())
    }

    /// Whether `seat` may pass with `hand` (the errors of [`Trick::pass`]), read off the held
    /// fields (every legal-action walk in a trick asks; the working form's `check_pass` in the
    /// tests is the reference).
    pub(crate) fn check_pass(&self, seat: Seat, hand: Cards) -> Result<(), Error> {
        self.check_hand(seat, hand)?;
        if seat != self.turn {
            return Err(Error::NotYourTurn);
        }
        let Some(top) = self.top() else {
            return Err(Error::CannotPassOnLead);
        };
        // The gathering pass ends the trick: no wish binds it.
        if !self.gathering() && wish_forces(&hand, Some(top), self.wish())? {
            return Err(Error::MustFulfilWish);
        }
        Ok(())
    }

    /// `seat` passes holding `hand` (a refused pass leaves the trick unchanged). Errors:
    /// [`Error::TrickOver`], [`Error::SeatIsOut`], [`Error::HandTooLarge`],
    /// [`Error::NotYourTurn`], [`Error::CannotPassOnLead`], [`Error::MustFulfilWish`].
    ///
    /// The working form's pass done on the held fields (a pass changes only the passes and the
    /// turn, or ends the trick; the tests check it against the working form's).
    pub fn pass(&mut self, seat: Seat, hand: Cards) -> Result<Step, Error> {
        self.check_pass(seat, hand)?;
        if self.gathering() {
            return Ok(self.finish());
        }
        self.passes = self.passes.saturating_add(1);
        match next_active(self.out, seat) {
            Some(next) if self.passes < needed_passes(self.out, self.top_seat) => {
                self.turn = next;
                Ok(Step::Next(next))
            }
            // The gatherer: the top play's seat while it holds cards.
            _ if self.bomb_after_passes != 0 && self.top_seat.of(&self.out) == 0 => {
                self.turn = self.top_seat;
                Ok(Step::Next(self.top_seat))
            }
            _ => Ok(self.finish()),
        }
    }

    /// Whether the top play is the Dragon (a single of its key): its winner gives the trick away.
    pub(crate) const fn top_is_dragon(&self) -> bool {
        self.flags & HAS_TOP != 0 && self.top.is_dragon()
    }

    /// Ends the trick as the working form's ending says (rare: once a trick).
    fn finish(&mut self) -> Step {
        self.finish_with(self.live().ending())
    }

    /// Ends the trick with `end` (through the working form: once a trick).
    fn finish_with(&mut self, end: TrickEnd) -> Step {
        let mut live = self.live();
        let step = live.finish(end);
        *self = Trick::hold(live);
        step
    }
}

/// The next seat after `seat` that holds cards (`out`: the seats without).
const fn next_active(out: [u8; 4], seat: Seat) -> Option<Seat> {
    let mut candidate = seat.next();
    let mut k = 0u8;
    while k < 4 {
        if candidate.of(&out) == 0 {
            return Some(candidate);
        }
        candidate = candidate.next();
        k = k.wrapping_add(1); // below 4
    }
    None
}

/// How many passes end a trick whose seats `out` have no cards: every seat with cards but the
/// top play's (`top_seat`).
const fn needed_passes(out: [u8; 4], top_seat: Seat) -> u8 {
    let [a, b, c, d] = out;
    // At most 4 seats out (bytes 0 or 1): the sum and the difference stay in 0..=4.
    let active = 4u8.wrapping_sub(a).wrapping_sub(b).wrapping_sub(c).wrapping_sub(d);
    active.saturating_sub((top_seat.of(&out) == 0) as u8)
}

/// The seats out as the held trick's bytes (1: out).
const fn out_bytes(out: [bool; 4]) -> [u8; 4] {
    let [a, b, c, d] = out;
    [a as u8, b as u8, c as u8, d as u8]
}

/// The held trick's seats out as flags.
const fn out_flags(out: [u8; 4]) -> [bool; 4] {
    let [a, b, c, d] = out;
    [a != 0, b != 0, c != 0, d != 0]
}

/// A trick's working form: [`Trick`]'s fields as plain values (the held form is unpacked into
/// it for each step and packed back).
#[allow(clippy::missing_docs_in_private_items)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Live {
    parts: TrickParts,
    /// Bombs after the last pass: the trick waits for its winner's gathering pass.
    bomb_after_passes: bool,
    /// The seat in turn may bomb without fulfilling an open wish.
    wish_bomb: bool,
}

impl Live {
    /// A new trick led by `leader`, every seat holding cards, no wish.
    pub const fn new(leader: Seat) -> Live {
        Live {
            parts: TrickParts {
                top: None,
                top_seat: leader,
                turn: leader,
                passes: 0,
                out: [false; 4],
                wish: None,
                points: 0,
                played: Cards::EMPTY,
                end: None,
            },
            bomb_after_passes: false,
            wish_bomb: false,
        }
    }

    /// Whether every other seat has passed and the trick waits for the seat in turn to gather it
    /// with a pass (only under `bomb_after_passes`, [`Trick::with_rules`]); bombs are still
    /// possible.
    #[cfg(test)]
    pub fn gathering(&self) -> bool {
        self.parts.end.is_none() && self.parts.top.is_some() && self.parts.passes >= self.needed_passes().max(1)
    }

    /// The seat that gathers the trick: its winner while it holds cards. A winner who went out
    /// with the trick's top play gathers nothing: the last pass ends such a trick, as
    /// Brettspielwelt plays it.
    fn gatherer(&self) -> Option<Seat> {
        if self.is_out(self.parts.top_seat) {
            None
        } else {
            Some(self.parts.top_seat)
        }
    }

    /// A new trick led by `leader` later in a round: `out` marks seats without cards and `wish` is
    /// the open wish carried over. Errors: [`Error::SeatIsOut`] when the leader is out.
    pub const fn with(leader: Seat, out: [bool; 4], wish: Option<Rank>) -> Result<Live, Error> {
        // A proven range: `% 4` into four entries (`get` is not `const`).
        #[allow(clippy::indexing_slicing)]
        let leader_out = out[leader.0 as usize % 4];
        if leader_out {
            return Err(Error::SeatIsOut);
        }
        let mut trick = Live::new(leader);
        trick.parts.out = out;
        trick.parts.wish = wish;
        Ok(trick)
    }

    /// A trick from saved parts, checked: the seat to act holding cards, points a multiple of 5
    /// in −25..=100 (every card's points are) and equal to those of the played cards, cards
    /// played exactly when there is a top play, no
    /// passes or points before the lead, and after it exactly one pass for every seat with cards
    /// between the top play's seat and the seat to act (so the turn never comes back to the top
    /// play: the trick ends first). Errors: [`Error::InvalidTrick`].
    ///
    /// Under the `bomb_after_passes` rule ([`Trick::with_rules`]) the trick may also wait to be
    /// gathered: every other seat with cards passed and the gatherer is to act; such parts give
    /// a trick with that rule on (and `wish_bomb` off).
    pub fn from_parts(parts: TrickParts) -> Result<Live, Error> {
        let mut trick = Live {
            parts,
            bomb_after_passes: false,
            wish_bomb: false,
        };
        // The points every card's points allow and the played cards' own (both forms ask it):
        // the played cards' points are a multiple of 5 from −25 up, so equal to them and at most
        // 100 is the range and the multiple of 5 asked before (`points_ok_before`, tested equal).
        let points_ok = parts.played.points() == parts.points && parts.points <= 100;
        if parts.end.is_none()
            && parts.top.is_some()
            && parts.passes > 0
            && parts.passes == trick.needed_passes()
            && trick.gatherer() == Some(parts.turn)
            && points_ok
            && !parts.played.is_empty()
        {
            trick.bomb_after_passes = true;
            return Ok(trick);
        }
        let passes_so_far = match parts.top {
            Some(_) => trick.active_between(parts.top_seat, parts.turn),
            None => 0,
        };
        let ok = parts.end.is_some()
            || (!trick.is_out(parts.turn)
                && points_ok
                && (parts.top.is_some() || parts.points == 0)
                && parts.top.is_some() != parts.played.is_empty()
                && (parts.top.is_none() || parts.turn != parts.top_seat)
                && parts.passes == passes_so_far
                && parts.passes < trick.needed_passes().max(1));
        if ok { Ok(trick) } else { Err(Error::InvalidTrick) }
    }

    /// Seats holding cards strictly after `from` and before `to` in playing order.
    fn active_between(&self, from: Seat, to: Seat) -> u8 {
        let mut seat = from.next();
        let mut count = 0u8;
        while seat != to && seat != from {
            count = count.saturating_add(u8::from(!self.is_out(seat)));
            seat = seat.next();
        }
        count
    }

    /// A trick of `parts` and the two bomb rules, unchecked (the round's trusted decode: parts
    /// this library wrote; wrong parts give a wrong trick, never a panic).
    pub(crate) const fn from_raw(parts: TrickParts, bomb_after_passes: bool, wish_bomb: bool) -> Live {
        Live {
            parts,
            bomb_after_passes,
            wish_bomb,
        }
    }
    /// Whether `seat` has played all its cards.
    pub(crate) fn is_out(&self, seat: Seat) -> bool {
        seat.of(&self.parts.out)
    }

    /// The next seat after `seat` that holds cards.
    fn next_active(&self, seat: Seat) -> Option<Seat> {
        next_active(out_bytes(self.parts.out), seat)
    }

    /// How many passes end the trick: every seat with cards but the top play's.
    fn needed_passes(&self) -> u8 {
        needed_passes(out_bytes(self.parts.out), self.parts.top_seat)
    }

    #[cfg(test)]
    fn check_hand(&self, seat: Seat, hand: Cards) -> Result<(), Error> {
        if self.parts.end.is_some() {
            return Err(Error::TrickOver);
        }
        if self.is_out(seat) {
            return Err(Error::SeatIsOut);
        }
        if hand.len() > MAX_HAND {
            return Err(Error::HandTooLarge);
        }
        Ok(())
    }

    fn finish(&mut self, end: TrickEnd) -> Step {
        self.parts.end = Some(end);
        Step::Over(end)
    }

    /// `seat`, holding `hand`, plays `play`, wishing `wish` if the play holds the Mah Jong.
    /// In turn any legal play; out of turn only a bomb on a play (never on the lead). The wish
    /// binds in turn only; a play holding the wished rank fulfils it.
    ///
    /// Errors: [`Error::TrickOver`], [`Error::SeatIsOut`], [`Error::HandTooLarge`],
    /// [`Error::NotInHand`], [`Error::IllegalPlay`], [`Error::NotYourTurn`],
    /// [`Error::MustFulfilWish`], [`Error::UnexpectedWish`], [`Error::PlayedTwice`] (a card of
    /// the play was already played in this trick). The trick is unchanged on error. (The
    /// reference of the held form's [`Trick::play`].)
    #[cfg(test)]
    pub fn play(&mut self, seat: Seat, play: Cards, hand: Cards, wish: Option<Rank>) -> Result<Step, Error> {
        self.check_hand(seat, hand)?;
        if play.is_empty() || !play.is_subset_of(hand) {
            return Err(if play.is_empty() {
                Error::IllegalPlay
            } else {
                Error::NotInHand
            });
        }
        let played = self.parts.played.joined(play).ok_or(Error::PlayedTwice)?;
        let reading = resolve(self.parts.top, play).ok_or(Error::IllegalPlay)?;
        // While the trick waits to be gathered, the gatherer too may only bomb.
        let in_turn = seat == self.parts.turn && !self.gathering();
        let bomb_on_play = reading.is_bomb() && self.parts.top.is_some();
        if !(in_turn || bomb_on_play) {
            return Err(Error::NotYourTurn);
        }
        if wish.is_some() && (!play.has_mahjong() || self.parts.wish.is_some()) {
            return Err(Error::UnexpectedWish);
        }
        if let Some(rank) = self.parts.wish {
            let bound = in_turn && !(self.wish_bomb && bomb_on_play);
            if bound && play.count(rank) == 0 && wish_forces(&hand, self.parts.top, Some(rank))? {
                return Err(Error::MustFulfilWish);
            }
            if play.count(rank) > 0 {
                self.parts.wish = None;
            }
        }
        if wish.is_some() {
            self.parts.wish = wish;
        }
        let parts = &mut self.parts;
        parts.points = parts.points.saturating_add(play.points());
        parts.played = played;
        parts.top = Some(reading);
        parts.top_seat = seat;
        parts.passes = 0;
        if play.removed_from(hand).is_empty()
            && let Some(slot) = parts.out.get_mut(usize::from(seat.0))
        {
            *slot = true;
        }
        if reading.kind() == Kind::Dog {
            let partner = seat.partner();
            let next_leader = if self.is_out(partner) {
                self.next_active(partner)
            } else {
                Some(partner)
            };
            let end = TrickEnd {
                taker: seat,
                next_leader,
                points: self.parts.points,
                dragon: false,
                dog: true,
            };
            return Ok(self.finish(end));
        }
        match self.next_active(seat) {
            Some(next) if self.needed_passes() > 0 => {
                self.parts.turn = next;
                Ok(Step::Next(next))
            }
            _ => Ok(self.finish(self.ending())),
        }
    }

    fn ending(&self) -> TrickEnd {
        let taker = self.parts.top_seat;
        let next_leader = if self.is_out(taker) {
            self.next_active(taker)
        } else {
            Some(taker)
        };
        let dragon = self.parts.top.is_some_and(Combination::is_dragon);
        TrickEnd {
            taker,
            next_leader,
            points: self.parts.points,
            dragon,
            dog: false,
        }
    }

    /// Whether [`Trick::pass`] would take `seat`'s pass, holding `hand` (its refusal), without
    /// changing the trick (the reference of the held form's [`Trick::check_pass`]).
    #[cfg(test)]
    pub(crate) fn check_pass(&self, seat: Seat, hand: Cards) -> Result<(), Error> {
        self.check_hand(seat, hand)?;
        if seat != self.parts.turn {
            return Err(Error::NotYourTurn);
        }
        if self.parts.top.is_none() {
            return Err(Error::CannotPassOnLead);
        }
        // The gathering pass ends the trick: no wish binds it.
        if !self.gathering() && wish_forces(&hand, self.parts.top, self.parts.wish)? {
            return Err(Error::MustFulfilWish);
        }
        Ok(())
    }

    /// `seat`, holding `hand`, passes. Errors: [`Error::TrickOver`], [`Error::SeatIsOut`],
    /// [`Error::HandTooLarge`], [`Error::NotYourTurn`], [`Error::CannotPassOnLead`],
    /// [`Error::MustFulfilWish`].
    #[cfg(test)]
    pub fn pass(&mut self, seat: Seat, hand: Cards) -> Result<Step, Error> {
        self.check_pass(seat, hand)?;
        if self.gathering() {
            return Ok(self.finish(self.ending()));
        }
        self.parts.passes = self.parts.passes.saturating_add(1);
        match self.next_active(seat) {
            Some(next) if self.parts.passes < self.needed_passes() => {
                self.parts.turn = next;
                Ok(Step::Next(next))
            }
            _ => match self.gatherer() {
                Some(gatherer) if self.bomb_after_passes => {
                    self.parts.turn = gatherer;
                    Ok(Step::Next(gatherer))
                }
                _ => Ok(self.finish(self.ending())),
            },
        }
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
mod tests {
    use super::{Error, Seat, Step, Trick};

    /// `Live::from_parts`'s points check (the played cards' points, at most 100) against the
    /// way before (`points_ok_before`: in −25..=100, a multiple of 5, the played cards' points)
    /// for every points value of −200..=200 and random suited and rank-only played sets.
    #[test]
    fn the_points_check_is_the_range_multiple_and_sum() {
        use super::super::card::Cards;
        let points_ok_before =
            |points: i16, played: Cards| (-25..=100).contains(&points) && points % 5 == 0 && played.points() == points;
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for case in 0..3000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let specials = state & (0xF << 52);
            let mask = if case % 2 == 0 {
                (state & ((1 << 52) - 1)) | specials | 1 << 63
            } else {
                let mut naturals = 0u64;
                for rank in 0..13 {
                    naturals |= ((1u64 << ((state >> (rank * 3)) % 5)) - 1) << (rank * 4);
                }
                naturals | specials
            };
            let played = Cards::from_bits(mask);
            for points in -200..=200 {
                let now = played.points() == points && points <= 100;
                assert_eq!(now, points_ok_before(points, played), "{mask:#x} {points}");
            }
        }
    }

    /// The held form's `Trick::pass`, `Trick::check_pass` and `Trick::play` against the working
    /// form's (`Live::pass`, `Live::check_pass`, `Live::play`): every seat's pass with its hand
    /// and its legal plays, each of its cards alone (with and without a wish) and its whole hand
    /// at every step of random self-play, under both bomb rules' settings (answers and tricks
    /// after).
    #[test]
    fn held_steps_are_the_working_forms_steps() {
        use super::super::bot::RandomBot;
        use super::super::round::{Config, Deal, Round};
        use crate::game::Seat as GameSeat;
        extern crate std;
        use super::super::card::Rank;
        use super::Cards;
        let (mut taken, mut refused, mut ended) = (0usize, 0usize, 0usize);
        let (mut played, mut play_refused) = (0usize, 0usize);
        for config in [Config::STANDARD, Config::CLASSIC] {
            for seed in 0..200u64 {
                let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
                let mut bot = RandomBot::new(seed);
                while let Some((who, action)) = bot.step(&round) {
                    let trick = *round.trick();
                    for s in 0..4u8 {
                        let hand = round.hand(GameSeat(s)).unwrap();
                        let seat = Seat(s);
                        assert_eq!(trick.check_pass(seat, hand), trick.live().check_pass(seat, hand));
                        let mut live = trick.live();
                        let expected = live.pass(seat, hand);
                        let mut held = trick;
                        assert_eq!(held.pass(seat, hand), expected, "seed {seed} seat {s}");
                        let after = if expected.is_ok() { Trick::hold(live) } else { trick };
                        assert_eq!(held, after, "seed {seed} seat {s}");
                        accessors_are_the_parts(&held);
                        match expected {
                            Ok(Step::Over(_)) => ended += 1,
                            Ok(Step::Next(_)) => taken += 1,
                            Err(_) => refused += 1,
                        }
                        // Plays: the seat's legal ones, each card alone, the whole hand, the
                        // Mah Jong with a wish.
                        let mut plays = std::vec::Vec::new();
                        round.for_each_legal_action(GameSeat(s), |action| {
                            if let super::super::round::Action::Play { cards, wish } = action {
                                plays.push((cards, wish));
                            }
                        });
                        for card in hand.iter() {
                            let mut one = Cards::EMPTY;
                            one.insert(card).unwrap();
                            plays.push((one, None));
                            plays.push((one, Rank::new(7)));
                        }
                        plays.push((hand, None));
                        for (cards, wish) in plays {
                            let mut live = trick.live();
                            let expected = live.play(seat, cards, hand, wish);
                            let mut held = trick;
                            assert_eq!(
                                held.play(seat, cards, hand, wish),
                                expected,
                                "seed {seed} seat {s} {cards}"
                            );
                            let after = if expected.is_ok() { Trick::hold(live) } else { trick };
                            assert_eq!(held, after, "seed {seed} seat {s} {cards}");
                            accessors_are_the_parts(&held);
                            if expected.is_ok() {
                                played += 1;
                            } else {
                                play_refused += 1;
                            }
                        }
                    }
                    if round.apply(who, action).is_err() {
                        break;
                    }
                }
            }
        }
        assert!(
            taken > 5_000 && refused > 20_000 && ended > 1_000,
            "{taken} {refused} {ended}"
        );
        assert!(played > 50_000 && play_refused > 50_000, "{played} {play_refused}");
    }
    use crate::tichu::Cards;

    /// The held trick's accessors (what the C trick, the view and the round's end read) against
    /// the working form's parts (what they read before).
    fn accessors_are_the_parts(t: &Trick) {
        use super::super::combination::{DRAGON_KEY, Kind};
        let p = t.parts();
        assert_eq!(
            (
                t.top(),
                t.top_seat(),
                t.turn(),
                t.passes(),
                t.points(),
                t.played(),
                t.wish(),
                t.end()
            ),
            (p.top, p.top_seat, p.turn, p.passes, p.points, p.played, p.wish, p.end)
        );
        let out = p.out.iter().enumerate().fold(0u8, |m, (i, &o)| m | (u8::from(o) << i));
        assert_eq!(t.out_bits(), out);
        let dragon = p
            .top
            .is_some_and(|top| top.kind() == Kind::Single && top.key() == DRAGON_KEY);
        assert_eq!(t.top_is_dragon(), dragon);
    }

    fn cards(text: &str) -> Cards {
        text.parse().unwrap_or(Cards::EMPTY)
    }

    fn seat(index: u8) -> Seat {
        Seat::new(index).unwrap_or(Seat(0))
    }

    /// The held tricks the `held_ok` tests change byte by byte: `new` (seat 0 to lead), led with
    /// a single, topped by the Dragon, ended by three passes; and `to_wish` (seat 1 to lead)
    /// led with the Mah Jong wishing a 7.
    fn held_samples(new: Trick, to_wish: Trick) -> [Trick; 5] {
        let mut led = new;
        assert!(led.play(seat(0), cards("9"), cards("9KA"), None).is_ok());
        let mut topped = led;
        assert!(topped.play(seat(1), cards("R"), cards("R55"), None).is_ok());
        let mut ended = topped;
        assert!(ended.pass(seat(2), cards("2")).is_ok());
        assert!(ended.pass(seat(3), cards("3")).is_ok());
        assert!(ended.pass(seat(0), cards("KA")).is_ok());
        let mut wished = to_wish;
        assert!(
            wished
                .play(seat(1), cards("1"), cards("19"), super::Rank::new(7))
                .is_ok()
        );
        [new, led, topped, ended, wished]
    }

    /// `held_ok`'s field checks say what the round trip through the working form says, for
    /// tricks with and without a top play, a wish and an end, and every one-byte change of them
    /// that zerocopy accepts as a trick.
    #[test]
    fn held_ok_is_the_round_trip_through_the_working_form() {
        use zerocopy::{IntoBytes, TryFromBytes};
        let mut checked = 0;
        for trick in held_samples(Trick::new(seat(0)), Trick::new(seat(1))) {
            assert!(trick.held_ok());
            let bytes = trick.as_bytes();
            for at in 0..bytes.len() {
                for value in [0u8, 1, 2, 3, 4, 7, 8, 14, 15, 16, 32, 63, 64, 128, 255] {
                    let mut changed = [0u8; core::mem::size_of::<Trick>()];
                    changed.copy_from_slice(bytes);
                    changed[at] = value;
                    if let Ok(other) = Trick::try_read_from_bytes(&changed) {
                        // Any bytes read as a trick (plain bytes); the top play's type code
                        // is the one byte the round trip keeps as it is.
                        assert_eq!(
                            other.held_ok(),
                            other.top.held_ok() && Trick::hold(other.live()) == other,
                            "byte {at} = {value}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 100);
    }

    /// Session 21: `held_ok`'s word-folded check (`held_faults`) gives the field-by-field
    /// check's answer on tricks with and without a top play, a wish and an end, every byte of
    /// them set to every value, and every pair of bytes set to a spread of values.
    #[test]
    fn held_faults_answer_as_the_field_by_field_check() {
        use zerocopy::{FromBytes, IntoBytes};
        let values = [
            0u8, 1, 2, 3, 4, 5, 7, 8, 9, 14, 15, 16, 31, 32, 33, 63, 64, 127, 128, 254, 255,
        ];
        let (mut accepted, mut refused) = (0, 0);
        let samples = held_samples(
            Trick::new(seat(0)).with_rules(true, false),
            Trick::new(seat(1)).with_rules(false, true),
        );
        for trick in samples {
            assert!(trick.held_ok() && trick.held_ok_by_fields());
            let bytes = trick.as_bytes();
            let mut check = |changed: &[u8; core::mem::size_of::<Trick>()]| {
                let other = Trick::read_from_bytes(changed).unwrap();
                assert_eq!(other.held_ok(), other.held_ok_by_fields(), "{changed:?}");
                if other.held_ok() {
                    accepted += 1;
                } else {
                    refused += 1;
                }
            };
            for at in 0..bytes.len() {
                for value in 0..=255u8 {
                    let mut changed = [0u8; core::mem::size_of::<Trick>()];
                    changed.copy_from_slice(bytes);
                    changed[at] = value;
                    check(&changed);
                }
                for other in at + 1..bytes.len() {
                    for (a, b) in values.iter().zip(values.iter().rev()) {
                        let mut changed = [0u8; core::mem::size_of::<Trick>()];
                        changed.copy_from_slice(bytes);
                        changed[at] = *a;
                        changed[other] = *b;
                        check(&changed);
                    }
                }
            }
        }
        assert!(accepted > 1000 && refused > 1000, "{accepted} {refused}");
    }

    /// Regression: the Jade Ace played a second time within one trick, as part of an
    /// out-of-turn bomb, was taken.
    #[test]
    fn trick_refuses_a_card_played_twice_in_it() {
        let mut trick = Trick::new(seat(0));
        assert_eq!(
            trick.play(seat(0), cards("5j"), cards("5j9s"), None),
            Ok(Step::Next(seat(1)))
        );
        assert_eq!(
            trick.play(seat(1), cards("Aj"), cards("Aj3s"), None),
            Ok(Step::Next(seat(2)))
        );
        assert_eq!(trick.pass(seat(2), cards("2s")), Ok(Step::Next(seat(3))));
        let before = trick;
        let bomb = cards("AjAsApAt");
        assert_eq!(
            trick.play(seat(3), bomb, cards("AjAsApAt2j"), None),
            Err(Error::PlayedTwice)
        );
        assert_eq!(trick, before);
        // Rank-only: a fifth Ace in one trick.
        let mut trick = Trick::new(seat(0));
        assert!(trick.play(seat(0), cards("A"), cards("A9"), None).is_ok());
        assert_eq!(
            trick.play(seat(1), cards("AAAA"), cards("AAAA"), None),
            Err(Error::PlayedTwice)
        );
        // The Phoenix twice.
        let mut trick = Trick::new(seat(0));
        assert!(trick.play(seat(0), cards("P"), cards("P9"), None).is_ok());
        assert_eq!(
            trick.play(seat(1), cards("P"), cards("RP"), None),
            Err(Error::PlayedTwice)
        );
        // Different cards of one rank are fine, and the record survives the saved parts.
        let mut trick = Trick::new(seat(0));
        assert!(trick.play(seat(0), cards("5j"), cards("5j"), None).is_ok());
        assert!(trick.play(seat(1), cards("Aj"), cards("Aj"), None).is_ok());
        assert_eq!(trick.parts().played, cards("5jAj"));
        assert_eq!(Trick::from_parts(trick.parts()), Ok(trick));
        assert!(
            trick
                .play(seat(2), cards("AsApAt2s2j2t2p"), cards("AsApAt2s2j2t2p"), None)
                .is_err()
        );
        assert!(trick.play(seat(3), cards("2s2j2t2p"), cards("2s2j2t2p"), None).is_ok());
    }

    /// `bomb-after-passes`: after the third pass the winner gathers with a pass; before that a
    /// seat that had passed may bomb back in, and the winner may bomb its own trick.
    #[test]
    fn the_trick_waits_to_be_gathered_under_bomb_after_passes() {
        let start = Trick::new(seat(0)).with_rules(true, false);
        let mut trick = start;
        assert_eq!(
            trick.play(seat(0), cards("Kj"), cards("Kj3s"), None),
            Ok(Step::Next(seat(1)))
        );
        assert_eq!(trick.pass(seat(1), cards("2s")), Ok(Step::Next(seat(2))));
        assert_eq!(trick.pass(seat(2), cards("2j")), Ok(Step::Next(seat(3))));
        // The third pass hands the turn back to the winner: not over yet.
        assert_eq!(trick.pass(seat(3), cards("2p")), Ok(Step::Next(seat(0))));
        assert!(trick.gathering());
        assert_eq!(trick.end(), None);
        assert_eq!(Trick::from_parts(trick.parts()), Ok(trick));
        // The winner may not play an ordinary combination now, only bomb or gather.
        assert_eq!(
            trick.play(seat(0), cards("As"), cards("As3s"), None),
            Err(Error::NotYourTurn)
        );
        let waiting = trick;
        // Seat 1, which passed, bombs back in; play goes on from seat 2.
        assert_eq!(
            trick.play(seat(1), cards("4j4s4p4t"), cards("4j4s4p4t2s"), None),
            Ok(Step::Next(seat(2)))
        );
        assert!(!trick.gathering());
        // The winner's pass gathers: 10 points to seat 0.
        let mut trick = waiting;
        let Ok(Step::Over(end)) = trick.pass(seat(0), cards("3s")) else {
            panic!("the gathering pass ends the trick")
        };
        assert_eq!((end.taker, end.next_leader, end.points), (seat(0), Some(seat(0)), 10));
        // The winner bombs its own trick; the others must pass again, then it gathers.
        let mut trick = waiting;
        assert_eq!(
            trick.play(seat(0), cards("9j9s9p9t"), cards("9j9s9p9t3s"), None),
            Ok(Step::Next(seat(1)))
        );
        // Off: the third pass ends the trick, as before.
        let mut trick = Trick::new(seat(0));
        assert!(trick.play(seat(0), cards("Kj"), cards("Kj3s"), None).is_ok());
        assert!(trick.pass(seat(1), cards("2s")).is_ok());
        assert!(trick.pass(seat(2), cards("2j")).is_ok());
        assert!(matches!(trick.pass(seat(3), cards("2p")), Ok(Step::Over(_))));
    }

    /// A winner out with its top play gathers nothing: the last pass ends the trick.
    #[test]
    fn a_winner_who_went_out_gathers_nothing() {
        let mut trick = Trick::new(seat(0)).with_rules(true, true);
        assert!(trick.play(seat(0), cards("Kj"), cards("Kj"), None).is_ok());
        assert!(trick.pass(seat(1), cards("2s")).is_ok());
        assert!(trick.pass(seat(2), cards("2j")).is_ok());
        let Ok(Step::Over(end)) = trick.pass(seat(3), cards("2p")) else {
            panic!("over at the last pass")
        };
        assert_eq!((end.taker, end.next_leader), (seat(0), Some(seat(1))));
    }

    /// `wish-bomb`: the seat in turn may bomb instead of fulfilling the wish; off it may not.
    #[test]
    fn the_seat_in_turn_may_bomb_past_a_wish_under_wish_bomb() {
        let hand = cards("7j6j6s6p6t");
        for (rule, want) in [(true, Ok(Step::Next(seat(2)))), (false, Err(Error::MustFulfilWish))] {
            let mut trick = Trick::new(seat(0)).with_rules(false, rule);
            let wish = crate::tichu::Rank::new(7);
            assert!(trick.play(seat(0), cards("1"), cards("13s"), wish).is_ok());
            assert_eq!(trick.play(seat(1), cards("6j6s6p6t"), hand, None), want);
            if rule {
                // The wish stays open for the next turn.
                assert_eq!(trick.wish(), wish);
            }
        }
        // On the lead there is no table to bomb: the wish binds as before.
        let mut trick = Trick::with(seat(1), [false; 4], crate::tichu::Rank::new(7))
            .map(|t| t.with_rules(true, true))
            .unwrap_or(Trick::new(seat(0)));
        assert_eq!(
            trick.play(seat(1), cards("6j6s6p6t"), hand, None),
            Err(Error::MustFulfilWish)
        );
    }
}
