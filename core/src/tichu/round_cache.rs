//! The round's cache ([`Round::encode_cache`], [`Round::decode_trusted_cached`]): the state the
//! byte form's action log replays to, stored so that a trusted decode reads it instead of
//! replaying (a child of [`round`](super)).
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::mem::MaybeUninit;

use super::{
    CONFIG_BYTES, Call, Cards, Config, DECK, ENCODED_BYTES, Error, FORMAT_VERSION, Kind, MAX_LOG, Phase, Rank, Round,
    Trick, TrickParts, TrickSeat,
};
use crate::tichu::Combination;
use crate::tichu::trick::TrickEnd;

/// The length of [`Round::encode_cache`]'s form: 80 bytes.
pub const CACHE_BYTES: usize = 80;

/// "None" for an optional seat byte of the cache.
const NO: u8 = 0xFF;

const FLAG_TOP: u8 = 1;
const FLAG_END: u8 = 2;
const FLAG_BOMB_AFTER_PASSES: u8 = 4;
const FLAG_WISH_BOMB: u8 = 8;
const FLAG_DRAGON: u8 = 16;
const FLAG_DOG: u8 = 32;

const fn phase_code(phase: Phase) -> u8 {
    match phase {
        Phase::GrandTichu => 0,
        Phase::Exchange => 1,
        Phase::Play => 2,
        Phase::DragonGift => 3,
        Phase::Over => 4,
    }
}

fn phase_of(code: u8) -> Result<Phase, Error> {
    Ok(match code {
        0 => Phase::GrandTichu,
        1 => Phase::Exchange,
        2 => Phase::Play,
        3 => Phase::DragonGift,
        4 => Phase::Over,
        _ => return Err(Error::InvalidState),
    })
}

fn call_of(code: u8) -> Result<Call, Error> {
    Ok(match code {
        0 => Call::None,
        1 => Call::Tichu,
        2 => Call::GrandTichu,
        _ => return Err(Error::InvalidState),
    })
}

fn seat_of(code: u8) -> Result<TrickSeat, Error> {
    TrickSeat::new(code).ok_or(Error::InvalidState)
}

/// A byte writer over the cache's fixed length.
struct Out<'a> {
    out: &'a mut [u8],
    at: usize,
}

impl Out<'_> {
    fn put(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if let Some(slot) = self.out.get_mut(self.at) {
                *slot = b;
            }
            self.at = self.at.saturating_add(1);
        }
    }
}

/// A byte reader; running out is [`Error::InvalidState`].
struct In<'a> {
    bytes: &'a [u8],
}

impl In<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], Error> {
        let (head, rest) = self.bytes.split_first_chunk::<N>().ok_or(Error::InvalidState)?;
        self.bytes = rest;
        Ok(*head)
    }

    fn byte(&mut self) -> Result<u8, Error> {
        let [b] = self.take::<1>()?;
        Ok(b)
    }

    fn i16(&mut self) -> Result<i16, Error> {
        Ok(i16::from_le_bytes(self.take::<2>()?))
    }

    fn u64(&mut self) -> Result<u64, Error> {
        Ok(u64::from_le_bytes(self.take::<8>()?))
    }
}

/// The fields of [`Round::encode`]'s form, each read alone.
pub(in crate::tichu) struct Form {
    pub(super) config: Config,
    // No dealt hands: the round works them out of its hands, plays and exchange (`Round::deal`).
    pub(super) window: u64,
    pub(super) given: [[u8; 3]; 4],
    pub(super) card_play: [u8; DECK],
    pub(super) wish_made: u8,
    pub(super) log_len: u16,
    pub(super) log: [u8; MAX_LOG],
}

impl Form {
    /// The config of the byte form.
    pub(in crate::tichu) fn config(&self) -> &Config {
        &self.config
    }

    /// Reads [`Round::encode`]'s form: the length, the version and the config's codes checked,
    /// nothing across fields. Errors: [`Error::InvalidState`], [`Error::InvalidConfig`].
    pub(in crate::tichu) fn read(bytes: &[u8]) -> Result<Form, Error> {
        let (config, _, window) = Form::read_head(bytes)?;
        let mut r = In {
            bytes: bytes.get(GIVEN_AT..).ok_or(Error::InvalidState)?,
        };
        let mut given = [[0u8; 3]; 4];
        for chosen in given.iter_mut() {
            *chosen = r.take::<3>()?;
        }
        let card_play = r.take::<DECK>()?;
        let wish_made = r.byte()?;
        let log_len = u16::from_le_bytes(r.take::<2>()?);
        let log = r.take::<MAX_LOG>()?;
        Ok(Form {
            config,
            window,
            given,
            card_play,
            wish_made,
            log_len,
            log,
        })
    }

    /// The head of [`Round::encode`]'s form: the length, the version and the config's codes
    /// checked, then the dealt hands (deck-index bits, seat 0 first) and the Grand Tichu windows
    /// read (nothing across fields). Errors: [`Error::InvalidState`], [`Error::InvalidConfig`].
    pub(in crate::tichu) fn read_head(bytes: &[u8]) -> Result<(Config, [u64; 4], u64), Error> {
        if bytes.len() != ENCODED_BYTES {
            return Err(Error::InvalidState);
        }
        let mut r = In { bytes };
        if r.byte()? != FORMAT_VERSION {
            return Err(Error::InvalidState);
        }
        let config = Config::from_bytes(r.take::<CONFIG_BYTES>()?)?;
        let mut dealt = [0u64; 4];
        for (group, b) in (0u32..).zip(r.take::<14>()?) {
            for suit in 0u32..4 {
                let owner = usize::from((b >> suit.wrapping_mul(2)) & 3);
                if let Some(hand) = dealt_mut(&mut dealt, owner) {
                    *hand |= 1u64 << (group.wrapping_mul(4).wrapping_add(suit) & 63);
                }
            }
        }
        let mut window = [0u8; 8];
        for (slot, b) in window.iter_mut().zip(r.take::<7>()?) {
            *slot = b;
        }
        Ok((config, dealt, u64::from_le_bytes(window)))
    }
}

/// Where the byte form's exchanges start (after the version, the config, the owners of the
/// deck's cards and the windows).
pub(in crate::tichu) const GIVEN_AT: usize = 1 + CONFIG_BYTES + 14 + 7;
/// Where the byte form's play numbers of the cards start.
pub(in crate::tichu) const CARD_PLAY_AT: usize = GIVEN_AT + 12;
/// Where the byte form's wish byte is (the log's length follows it).
pub(in crate::tichu) const WISH_AT: usize = CARD_PLAY_AT + DECK;
/// Where the byte form's action log starts.
pub(in crate::tichu) const LOG_AT: usize = WISH_AT + 3;
const _: () = assert!(LOG_AT + MAX_LOG == ENCODED_BYTES);

fn dealt_mut(dealt: &mut [u64; 4], owner: usize) -> Option<&mut u64> {
    dealt.get_mut(owner)
}

impl Round {
    /// Writes the round's cache ([`CACHE_BYTES`] bytes: the phase, the hands now, the calls,
    /// the seats out, the trick, the points taken, the Dragon gift and the play count — the
    /// state the byte form's action log replays to) into `out` and returns its length, for
    /// [`Round::decode_trusted_cached`]. Errors: [`Error::BufferTooSmall`].
    pub fn encode_cache(&self, out: &mut [u8]) -> Result<usize, Error> {
        let out = out
            .get_mut(..CACHE_BYTES)
            .ok_or(Error::BufferTooSmall { needed: CACHE_BYTES })?;
        let mut w = Out { out, at: 0 };
        w.put(&[phase_code(self.phase())]);
        for hand in &self.hands {
            w.put(&hand.mask().to_le_bytes());
        }
        w.put(&[self.grand_next]);
        for call in self.calls() {
            w.put(&[call as u8]);
        }
        w.put(&[self.played_any]);
        w.put(&self.out);
        w.put(&[self.out_len]);
        for taken in &self.taken {
            w.put(&taken.to_le_bytes());
        }
        w.put(&[self.gift_taker]);
        w.put(&self.gift_points.to_le_bytes());
        w.put(&[self.gift_leader, self.plays]);
        let parts = self.trick.parts();
        let (bomb_after_passes, wish_bomb) = self.trick.rules();
        let end = parts.end;
        let flags = if parts.top.is_some() { FLAG_TOP } else { 0 }
            | if end.is_some() { FLAG_END } else { 0 }
            | if bomb_after_passes { FLAG_BOMB_AFTER_PASSES } else { 0 }
            | if wish_bomb { FLAG_WISH_BOMB } else { 0 }
            | if end.is_some_and(|e| e.dragon) { FLAG_DRAGON } else { 0 }
            | if end.is_some_and(|e| e.dog) { FLAG_DOG } else { 0 };
        let top = parts.top.map_or([0; 3], |c| [c.kind() as u8, c.len(), c.key()]);
        w.put(&[flags]);
        w.put(&top);
        let out_mask = (0u8..)
            .zip(parts.out)
            .fold(0u8, |m, (i, o)| if o { m | (1 << (i & 3)) } else { m });
        w.put(&[
            parts.top_seat.index(),
            parts.turn.index(),
            parts.passes,
            out_mask,
            parts.wish.map_or(0, Rank::value),
        ]);
        w.put(&parts.points.to_le_bytes());
        w.put(&parts.played.mask().to_le_bytes());
        w.put(&[
            end.map_or(0, |e| e.taker.index()),
            end.and_then(|e| e.next_leader).map_or(NO, TrickSeat::index),
        ]);
        w.put(&end.map_or(0, |e| e.points).to_le_bytes());
        debug_assert_eq!(w.at, CACHE_BYTES);
        Ok(CACHE_BYTES)
    }

    /// The round of [`Round::encode`]'s bytes and the cache [`Round::encode_cache`] wrote with
    /// them, both known unchanged since (the C ABI's digest covers them): every field read, each
    /// code checked alone, and no action replayed. Bytes that break the invariants (a hand that
    /// is not the dealt cards less the plays, a trick that does not follow the log) give a wrong
    /// round, never a panic (the core has no indexing and no unchecked arithmetic). A `cache`
    /// that is not [`CACHE_BYTES`] long falls back to [`Round::decode`] (the replay).
    /// Errors: [`Error::InvalidState`], [`Error::InvalidConfig`].
    pub fn decode_trusted_cached(bytes: &[u8], cache: &[u8]) -> Result<Round, Error> {
        if cache.len() != CACHE_BYTES {
            return Round::decode(bytes);
        }
        let form = Form::read(bytes)?;
        let cached = Cached::read(cache)?;
        Ok(Round::of_cached(&form, &cached))
    }

    /// [`Round::decode_trusted_cached`] into `place` (the caller's frame): the round written
    /// there once, from the byte form's and the cache's fields (no round-sized result moved
    /// through the calls). The same round and the same errors.
    pub fn decode_trusted_cached_in<'p>(
        place: &'p mut MaybeUninit<Round>,
        bytes: &[u8],
        cache: &[u8],
    ) -> Result<&'p mut Round, Error> {
        if cache.len() != CACHE_BYTES {
            return decoded_into(place, bytes);
        }
        // The form borrowed where the read left it (no move of its log).
        let read = Form::read(bytes);
        let form = match &read {
            Ok(form) => form,
            Err(e) => return Err(*e),
        };
        let cached = Cached::read(cache)?;
        Ok(place.write(Round::of_cached(form, &cached)))
    }

    /// The round of a byte form's fields and its cache's ([`Round::decode_trusted_cached`]),
    /// built where it is written.
    #[inline(always)]
    pub(in crate::tichu) fn of_cached(form: &Form, cached: &Cached) -> Round {
        Round {
            config: super::HeldConfig::of(&form.config),
            phase: cached.phase as u8,
            window: form.window,
            hands: cached.hands,
            given: form.given,
            grand_next: cached.grand_next,
            calls: cached.calls.map(|call| call as u8),
            played_any: cached.played_any,
            out: cached.out,
            out_len: cached.out_len,
            trick: cached.trick,
            taken: cached.taken,
            gift_taker: cached.gift_taker,
            gift_points: cached.gift_points,
            gift_leader: cached.gift_leader,
            wish_made: form.wish_made,
            plays: cached.plays,
            card_play: form.card_play,
            log_len: form.log_len,
            log: form.log,
            pad: [0; super::ROUND_PAD],
        }
    }
}

/// [`Round::decode`] written to `place` (the fallback of [`Round::decode_trusted_cached_in`]
/// without a cache), in a frame of its own.
#[inline(never)]
fn decoded_into<'p>(place: &'p mut MaybeUninit<Round>, bytes: &[u8]) -> Result<&'p mut Round, Error> {
    Round::decode_in(place, bytes)
}

/// The fields of a round's cache ([`Round::encode_cache`]).
pub(in crate::tichu) struct Cached {
    phase: Phase,
    hands: [Cards; 4],
    grand_next: u8,
    calls: [Call; 4],
    played_any: u8,
    out: [u8; 4],
    out_len: u8,
    trick: Trick,
    taken: [i16; 4],
    gift_taker: u8,
    gift_points: i16,
    gift_leader: u8,
    plays: u8,
}

impl Cached {
    /// The fields of a cache [`Round::encode_cache`] wrote, each code checked alone. Errors:
    /// [`Error::InvalidState`].
    pub(in crate::tichu) fn read(cache: &[u8]) -> Result<Cached, Error> {
        let mut r = In { bytes: cache };
        let phase = phase_of(r.byte()?)?;
        let mut hands = [Cards::EMPTY; 4];
        for hand in hands.iter_mut() {
            *hand = Cards::from_bits(r.u64()?);
        }
        let grand_next = r.byte()?;
        let mut calls = [Call::None; 4];
        for call in calls.iter_mut() {
            *call = call_of(r.byte()?)?;
        }
        let played_any = r.byte()?;
        let out = r.take::<4>()?;
        let out_len = r.byte()?;
        let mut taken = [0i16; 4];
        for t in taken.iter_mut() {
            *t = r.i16()?;
        }
        let gift_taker = r.byte()?;
        let gift_points = r.i16()?;
        let [gift_leader, plays, flags, kind, len, key] = r.take::<6>()?;
        let [top_seat, turn, passes, out_mask, wish] = r.take::<5>()?;
        let points = r.i16()?;
        let played = Cards::from_bits(r.u64()?);
        let [taker, next_leader] = r.take::<2>()?;
        let end_points = r.i16()?;
        let top = if flags & FLAG_TOP != 0 {
            let kind = Kind::try_from(kind).map_err(|_| Error::InvalidState)?;
            Some(Combination::new(kind, len, key).map_err(|_| Error::InvalidState)?)
        } else {
            None
        };
        let end = if flags & FLAG_END != 0 {
            Some(TrickEnd {
                taker: seat_of(taker)?,
                next_leader: if next_leader == NO {
                    None
                } else {
                    Some(seat_of(next_leader)?)
                },
                points: end_points,
                dragon: flags & FLAG_DRAGON != 0,
                dog: flags & FLAG_DOG != 0,
            })
        } else {
            None
        };
        let wish = match wish {
            0 => None,
            value => Some(Rank::new(value).ok_or(Error::InvalidState)?),
        };
        let parts = TrickParts {
            top,
            top_seat: seat_of(top_seat)?,
            turn: seat_of(turn)?,
            passes,
            out: [0u8, 1, 2, 3].map(|i| out_mask & (1 << i) != 0),
            wish,
            points,
            played,
            end,
        };
        let trick = Trick::from_raw(parts, flags & FLAG_BOMB_AFTER_PASSES != 0, flags & FLAG_WISH_BOMB != 0);
        Ok(Cached {
            phase,
            hands,
            grand_next,
            calls,
            played_any,
            out,
            out_len,
            trick,
            taken,
            gift_taker,
            gift_points,
            gift_leader,
            plays,
        })
    }
}
