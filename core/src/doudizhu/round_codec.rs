//! The deal's byte form: the byte writer and reader, the config's bytes, [`Round::encode`],
//! [`Round::decode`] and the checks a decoded state passes (a child of [`round`](super)).
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::mem::{MaybeUninit, offset_of};

use super::super::cards::pop;
use super::*;
use zerocopy::{IntoBytes, TryFromBytes};

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
        Ok(*self.take_ref::<N>()?)
    }
    /// [`Reader::take`]'s bytes in place (no copy of a long field).
    pub(crate) fn take_ref<const N: usize>(&mut self) -> Result<&'a [u8; N], Error> {
        let (head, rest) = self.rest.split_first_chunk::<N>().ok_or(Error::InvalidState {
            what: reason!("too short"),
        })?;
        self.rest = rest;
        Ok(head)
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
        | u8::from(c.bomb_follows_rocket) << 5
        | u8::from(r.quad_chains) << 6;
    let [d0, d1] = c.deals.to_le_bytes();
    let [t0, t1, t2, t3] = c.target.to_le_bytes();
    w.put(&[
        r.wing_copies,
        flags,
        r.max_cards,
        c.auction as u8,
        c.deal as u8,
        c.scoring as u8,
        d0,
        d1,
        t0,
        t1,
        t2,
        t3,
    ])
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
    if flags >> 7 != 0 {
        return Err(bad(reason!("unknown config flags")));
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
            quad_chains: bit(6),
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

/// Whether a card set's counts hold more copies of a rank than the deck.
fn over_deck(counts: &[u8]) -> bool {
    let deck = Cards::DECK.counts();
    counts.iter().zip(deck.iter()).any(|(c, d)| c > d)
}

/// The bytes of the form after the version and the config: the 8 card sets (hands, played
/// piles, kitty, the top play's cards), the top play's reading, the auction, its length, the
/// top seat, the counters and the plays.
const TAIL_BYTES: usize = ENCODED_BYTES - 1 - CONFIG_BYTES;

/// Where the fields the form holds as they are lie in the round's own bytes (`repr(C)`): its
/// config, its card sets (hands, played piles, kitty: the form's first 105 bytes after the
/// config), its top play and seat, its auction with its length, its counters from the first
/// bidder to the plays (the form's last 14 bytes).
const RAW_CONFIG: core::ops::Range<usize> = span(offset_of!(Round, config), core::mem::size_of::<Config>());
const RAW_CARDS: core::ops::Range<usize> = span(offset_of!(Round, hands), 7 * RANKS);
const RAW_TOP_SEAT: usize = offset_of!(Round, top_seat);
const RAW_TOP_PLAY: core::ops::Range<usize> = span(offset_of!(Round, top_play), RANKS + 3);
const RAW_AUCTION: core::ops::Range<usize> = span(offset_of!(Round, auction), MAX_AUCTION + 1);
const RAW_COUNTERS: core::ops::Range<usize> = span(offset_of!(Round, first), 11 + SEATS);

#[allow(clippy::arithmetic_side_effects)] // compile-time only
const fn span(start: usize, len: usize) -> core::ops::Range<usize> {
    start..start + len
}

// The layout those ranges rely on (a build error otherwise).
const _: () = {
    assert!(offset_of!(Round, played) == RAW_CARDS.start + 3 * RANKS);
    assert!(offset_of!(Round, kitty) == RAW_CARDS.start + 6 * RANKS);
    assert!(offset_of!(Round, top_seat) == RAW_CARDS.end);
    assert!(core::mem::size_of::<Play>() == RANKS + 3);
    assert!(offset_of!(Play, reading) == RANKS);
    assert!(offset_of!(Reading, chain) == 1 && offset_of!(Reading, key) == 2);
    assert!(offset_of!(Round, auction_len) == RAW_AUCTION.end - 1);
    assert!(offset_of!(Round, first) == RAW_AUCTION.end);
    assert!(offset_of!(Round, plays) == RAW_COUNTERS.start + 11);
    assert!(RAW_COUNTERS.end == core::mem::size_of::<Round>());
    // `decode_trusted` builds the round's bytes in 32-bit words.
    assert!(core::mem::size_of::<Round>().is_multiple_of(4) && core::mem::align_of::<Round>() <= 4);
    assert!(TAIL_BYTES == 8 * RANKS + 3 + MAX_AUCTION + 1 + 1 + 11 + SEATS);
};

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
        // The rest is the round's own bytes in the form's order ([`RAW_CARDS`]), the top play
        // and its seat as `top_entry` reads them.
        let raw = self.as_bytes();
        let (top_seat, top_play) = self.top_entry().unwrap_or((NONE, NO_PLAY));
        w.put(raw.get(RAW_CARDS).ok_or(Error::Internal)?)?;
        w.put(top_play.as_bytes())?;
        w.put(raw.get(RAW_AUCTION).ok_or(Error::Internal)?)?;
        w.put(&[top_seat])?;
        w.put(raw.get(RAW_COUNTERS).ok_or(Error::Internal)?)?;
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
        let mut place = MaybeUninit::uninit();
        Ok(*Round::decode_in(&mut place, bytes)?)
    }

    /// [`Round::decode`] into `place` (the caller's frame), returned there: the stored round read
    /// beside it, then the deal and its auction replayed in the place and compared (no
    /// round-sized result moved through the calls, no third round). The same round and errors.
    pub fn decode_in<'p>(place: &'p mut MaybeUninit<Round>, bytes: &[u8]) -> Result<&'p mut Round, Error> {
        Round::checked_in(bytes, |stored| place.write(*stored), |round| round)
    }

    /// [`Round::decode`] read and checked in place: every field read (and checked alone) as the
    /// trusted decode reads it, `make` places a copy of that stored round in the caller's value
    /// that holds it (the round, or a match), `round` finds it there, then the whole state is
    /// re-derived there from the deal and compared with the stored one
    /// ([`Round::replay_stored`]).
    #[inline(always)]
    pub(in crate::doudizhu) fn checked_in<'p, T: 'p>(
        bytes: &[u8],
        make: impl FnOnce(&Round) -> &'p mut T,
        round: impl Fn(&mut T) -> &mut Round,
    ) -> Result<&'p mut T, Error> {
        let stored = Round::decode_trusted(bytes)?;
        let made = make(&stored);
        round(&mut *made).replay_stored(&stored, bytes)?;
        Ok(made)
    }

    /// Re-derives this round (a copy of `stored`, the trusted reading of `bytes`) from the deal
    /// that `stored` holds: dealt again in place, its auction replayed, its play's fields
    /// taken from `stored` and checked; then its byte form must be `bytes`. On an error the
    /// round is left half-made (the caller drops it). In a frame of its own.
    #[inline(never)]
    fn replay_stored(&mut self, stored: &Round, bytes: &[u8]) -> Result<(), Error> {
        let round = self;
        if usize::from(stored.first) >= SEATS {
            return Err(bad(reason!("the first bidder is no seat")));
        }
        // Replay the auction from the deal.
        let mut dealt = stored.hands;
        for (d, p) in dealt.iter_mut().zip(stored.played.iter()) {
            *d = d.plus(p).ok_or(bad(reason!("a card is in two places")))?;
        }
        if let Some(l) = seat_opt(stored.landlord) {
            let lh = dealt.get_mut(l.index()).ok_or(Error::Internal)?;
            *lh = lh
                .minus(&stored.kitty)
                .ok_or(bad(reason!("the landlord does not hold the kitty")))?;
        }
        // Dealt in place over the copy of the stored round ([`Round::new`]'s round, no
        // round-sized result on the stack beside it).
        round
            .deal_into(
                &stored.config,
                &Deal::Given {
                    hands: dealt,
                    kitty: stored.kitty,
                    first_bidder: Seat(stored.first),
                },
            )
            .map_err(|_| bad(reason!("the cards do not make a deal")))?;
        if usize::from(stored.auction_len) > MAX_AUCTION {
            return Err(bad(reason!("auction too long")));
        }
        for (i, &code) in stored.auction.iter().enumerate() {
            if i < usize::from(stored.auction_len) {
                let action = auction_action(code).ok_or(bad(reason!("unknown auction code")))?;
                let seat = round.to_act().ok_or(bad(reason!("auction past its end")))?;
                // `apply`'s step for the seat in turn, without its event: the legality test,
                // then the auction's step.
                if !round.is_legal(seat, action) {
                    return Err(bad(reason!("illegal auction action")));
                }
                round
                    .apply_auction(seat.0, code)
                    .map_err(|_| bad(reason!("illegal auction action")))?;
            } else if code != 0 {
                return Err(bad(reason!("bytes past the auction")));
            }
        }
        if round.landlord != stored.landlord {
            return Err(bad(reason!("the auction gives another landlord")));
        }
        let in_play = stored.phase != Phase::Auction && seat_opt(stored.landlord).is_some();
        if !in_play && (round.phase != stored.phase || stored.played.iter().any(|p| !p.is_empty())) {
            return Err(bad(reason!("the auction ends elsewhere")));
        }
        // The play: the dealt cards, now split between hands and played piles.
        if in_play {
            round.hands = stored.hands;
            round.played = stored.played;
            round.plays = stored.plays;
            round.bombs = stored.bombs;
            round.phase = stored.phase;
            round.turn = stored.turn;
            round.passes = stored.passes;
            round.set_top(stored.top_entry());
            round.check_play()?;
        }
        if !round.encodes_to(bytes)? {
            return Err(bad(reason!("not in canonical form")));
        }
        Ok(())
    }

    /// Whether `bytes` begin with this round's byte form ([`Round::decode`]'s canonical-form
    /// check); in a frame of its own, so that its encoding buffer is off the auction replay's
    /// frame. Errors: as [`Round::encode`].
    #[inline(never)]
    fn encodes_to(&self, bytes: &[u8]) -> Result<bool, Error> {
        let mut again = [0u8; ENCODED_BYTES];
        let n = self.encode(&mut again)?;
        Ok(bytes.len() >= n && again.get(..n) == bytes.get(..n))
    }

    /// The round of a byte form that [`encode`](Round::encode) wrote and that is known to be
    /// unchanged since (the C ABI's digest-checked states): every field read as stored, each
    /// checked alone (the version, the config's codes and its validation, card counts within
    /// the deck, the phase, the top play's kind and rank), without replaying the auction or
    /// re-checking anything across fields. Bytes that break the invariants give a wrong deal,
    /// never a panic (the core has no indexing and no unchecked arithmetic).
    ///
    /// # Errors
    /// [`Error::InvalidState`] for a field that names nothing; [`Error::UnknownCode`] /
    /// [`Error::InvalidConfig`] for a bad configuration.
    pub fn decode_trusted(bytes: &[u8]) -> Result<Round, Error> {
        let mut r = Reader::new(bytes);
        if r.byte()? != FORMAT_VERSION {
            return Err(bad(reason!("unknown format version")));
        }
        let config = decode_config(&mut r)?;
        let tail = r.take_ref::<TAIL_BYTES>()?;
        // Each field checked alone, in the order the fields come (a short form is short first).
        let (sets, rest) = tail.split_first_chunk::<{ 8 * RANKS }>().ok_or(Error::Internal)?;
        if sets.chunks(RANKS).any(over_deck) {
            return Err(bad(reason!("a card count exceeds the deck")));
        }
        let [kind, _, key, .., top_seat, _, _, phase] =
            *rest.first_chunk::<{ 3 + MAX_AUCTION + 5 }>().ok_or(Error::Internal)?;
        if phase > Phase::Over as u8 {
            return Err(bad(reason!("unknown phase")));
        }
        if top_seat != NONE {
            if Kind::from_code(kind).is_none() {
                return Err(bad(reason!("unknown kind")));
            }
            if usize::from(key) >= RANKS {
                return Err(bad(reason!("unknown rank")));
            }
        }
        // The round's own bytes: the config's, then the form's in place ([`RAW_CARDS`]); the
        // top play [`NO_PLAY`] when there is none (whatever the form holds there).
        // Words: the round's alignment (a copy-free read, no `memmove`).
        let mut words = [0u32; core::mem::size_of::<Round>() / 4];
        let raw = words.as_mut_bytes();
        let parts: [(core::ops::Range<usize>, &[u8]); 5] = [
            (RAW_CONFIG, config.as_bytes()),
            (RAW_CARDS, tail.get(..7 * RANKS).ok_or(Error::Internal)?),
            (
                RAW_TOP_PLAY,
                if top_seat == NONE {
                    NO_PLAY.as_bytes()
                } else {
                    tail.get(7 * RANKS..8 * RANKS + 3).ok_or(Error::Internal)?
                },
            ),
            (
                RAW_AUCTION,
                tail.get(8 * RANKS + 3..TAIL_BYTES - 15).ok_or(Error::Internal)?,
            ),
            (RAW_COUNTERS, tail.get(TAIL_BYTES - 14..).ok_or(Error::Internal)?),
        ];
        for (range, from) in parts {
            for (d, b) in raw.get_mut(range).ok_or(Error::Internal)?.iter_mut().zip(from) {
                *d = *b;
            }
        }
        if let Some(seat) = raw.get_mut(RAW_TOP_SEAT) {
            *seat = top_seat;
        }
        // Every field now holds a value of its type (the enums checked above or by the config's
        // decode): the conversion does not fail.
        Round::try_ref_from_bytes(words.as_bytes())
            .copied()
            .map_err(|_| internal())
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
                return Err(bad(reason!("a seat holds the wrong number of cards")));
            }
            if (n == 0) != p.is_empty() || usize::from(n) > p.len() {
                return Err(bad(reason!("play counts disagree with the played cards")));
            }
        }
        let total_plays: usize = self.plays.iter().map(|&n| usize::from(n)).sum();
        let landlord_plays = self.plays.get(l).copied().ok_or(bad(reason!("no such landlord")))?;
        if total_plays > 0 && landlord_plays == 0 {
            return Err(bad(reason!("the landlord has not led")));
        }
        if usize::from(self.bombs) > total_plays {
            return Err(bad(reason!("more bombs than plays")));
        }
        // Each bomb played four cards of one rank, the rocket both jokers: no more bombs than
        // the played piles hold (a flipped count could otherwise double the stake past its
        // range, and a match's totals with it).
        let mut pile = Cards::EMPTY;
        for p in &self.played {
            pile = pile.plus(p).ok_or(bad(reason!("a card is in two places")))?;
        }
        // The pile is within the deck: a rank held four times is a quad, a joker held once is
        // held (the count masks' answers).
        let [held, _, _, quads] = super::super::moves::count_masks(&pile.counts());
        let jokers = 1u16 << Rank::BlackJoker as u32 | 1u16 << Rank::RedJoker as u32;
        let rocket = usize::from(held & jokers == jokers);
        if usize::from(self.bombs) > pop(u64::from(quads)).saturating_add(rocket) {
            return Err(bad(reason!("more bombs than the played cards hold")));
        }
        let empty = self.hands.iter().filter(|h| h.is_empty()).count();
        match (self.phase, self.top_entry()) {
            (Phase::Over, Some((s, _))) => {
                if empty != 1 || !self.hand(Seat(s)).is_empty() || self.passes != 0 || self.turn != s {
                    return Err(bad(reason!("the deal ends without its last play")));
                }
            }
            (Phase::Play, top) => {
                if empty != 0 || usize::from(self.turn) >= SEATS {
                    return Err(bad(reason!("an empty hand in play")));
                }
                match top {
                    None => {
                        if self.passes != 0 || (total_plays == 0 && self.turn != self.landlord) {
                            return Err(bad(reason!("a lead out of place")));
                        }
                    }
                    Some((s, _)) => {
                        let expected = if self.passes == 0 { next(s) } else { next(next(s)) };
                        if self.passes > 1 || self.turn != expected {
                            return Err(bad(reason!("the turn is out of place")));
                        }
                    }
                }
            }
            _ => return Err(bad(reason!("phase and trick disagree"))),
        }
        if let Some((s, play)) = self.top_entry() {
            let p = self
                .played
                .get(usize::from(s))
                .ok_or(bad(reason!("the top player is no seat")))?;
            // `reads_as`: whether `classify` holds the reading.
            if !p.contains(&play.cards)
                || play.cards.is_empty()
                || !reads_as(&play.cards, &play.reading, &self.config.rules)
            {
                return Err(bad(reason!("the top play is not a play of its seat")));
            }
        }
        Ok(())
    }
}
