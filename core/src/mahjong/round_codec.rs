//! The byte form of a [`Round`] (format version 1) and its full re-validation.
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::mem::{MaybeUninit, offset_of};

use zerocopy::IntoBytes;

use super::Error;
use super::engine::flag_at;
use super::round::{
    Action, Bits, CACHE_BYTES, CONFIG_BYTES, Config, DORA_AT, ENCODED_BYTES, END_ABORT, FORMAT_VERSION, HAND_BYTES,
    MAX_DISCARDS, MultiRon, NONE, PHASE_CALLS, PHASE_CHANKAN, PHASE_OVER, PHASE_TURN, POND_CALLED, POND_RIICHI,
    POND_SEAT, POND_TSUMOGIRI, Round, SEATS, START_BYTES, Start, TILE_IDS, TableMeld, absent_in_sanma, at, bit_ids,
    bits_has, bits_insert, bits_len, prefix,
};
use super::round_play::kind_of;
use super::score::{CalledMeld, Kazoe, MeldKind, Piece, Wind};
use super::tile::Tile;
use crate::game::Seat;

const fn bad(why: &'static str) -> Error {
    Error::InvalidState { why }
}

/// Writes bytes in order into `out`. Infallible: every writer's `out` is checked (or made) long
/// enough first, so a byte past the end (never written) is dropped, not an error branch per field.
struct Writer<'a> {
    out: &'a mut [u8],
    at: usize,
}

impl Writer<'_> {
    #[inline(never)]
    fn put(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.u8(b);
        }
    }

    #[inline(never)]
    fn u8(&mut self, x: u8) {
        if let Some(slot) = self.out.get_mut(self.at) {
            *slot = x;
        }
        self.at = self.at.wrapping_add(1);
    }
}

/// Reads bytes in order. Infallible but for [`Reader::bool`]: every reader's `bytes` is checked
/// to be long enough first ([`Round::read_head`], [`Config::from_bytes`], [`Start::from_bytes`]),
/// so a byte past the end (never read) is 0, not an error branch per field.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// The next `n` bytes (fewer at the end).
    fn take(&mut self, n: usize) -> &'a [u8] {
        let s = self.bytes.get(self.at..).unwrap_or(&[]);
        let s = s.get(..n).unwrap_or(s);
        self.at = self.at.wrapping_add(n);
        s
    }

    #[inline(never)]
    fn u8(&mut self) -> u8 {
        let b = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at = self.at.wrapping_add(1);
        b
    }

    /// Reads `out.len()` bytes into `out`.
    #[inline(never)]
    fn fill(&mut self, out: &mut [u8]) {
        for d in out.iter_mut() {
            *d = self.u8();
        }
    }

    #[inline(never)]
    fn bool(&mut self) -> Result<bool, Error> {
        match self.u8() {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(bad(reason!("a flag byte that is not 0 or 1"))),
        }
    }

    fn i32(&mut self) -> i32 {
        let mut b = [0u8; 4];
        self.fill(&mut b);
        i32::from_le_bytes(b)
    }

    fn u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        self.fill(&mut b);
        u64::from_le_bytes(b)
    }
}

/// The keys ([`KEYS`](super::engine) positions, read and written by [`flag_at`]) of the flags in
/// the config's byte form: its first eleven bytes (a flag byte each, key `i` at byte `i`; byte 5
/// is the kazoe, no flag), then the bits of its flag word, bit by bit. Bit 12 is stored inverted
/// (`pao-tsumo-whole-hand`) and bit 13 as "differs from bit 10" (`tenpai-yame` beside
/// `agari-yame`), so that every config from before those flags keeps its bytes.
const FLAG_WORD_KEYS: [u8; 15] = [16, 18, 19, 20, 21, 22, 23, 24, 25, 26, 28, 30, 27, 29, 12];

/// What flag-word bit `bit` holds of its key's value `on` (see [`FLAG_WORD_KEYS`]; `agari` the
/// config's `agari-yame`). Its own inverse: the bit read gives the value the same way.
fn flag_word_bit(bit: usize, on: bool, agari: bool) -> bool {
    on ^ (bit == 12) ^ (bit == 13 && agari)
}

impl Config {
    /// The config's 24-byte form (inside [`Round::encode`]; also the C ABI's config bytes): the
    /// rule flags packed in the order of their rule keys.
    pub fn to_bytes(&self) -> [u8; CONFIG_BYTES] {
        let mut copy = *self;
        let mut b = [0u8; CONFIG_BYTES];
        let mut w = Writer { out: &mut b, at: 0 };
        // The flag bytes and the pair fu: the first twelve bytes of the hand-value config
        // (`repr(C)`, every field a byte: the flags 0 or 1, the kazoe's code 0 or 1).
        w.put(self.score.as_bytes().get(..12).unwrap_or(&[]));
        w.u8(self.rounds);
        w.put(&{ self.start_points }.to_le_bytes());
        w.put(&{ self.target_points }.to_le_bytes());
        w.u8(self.multi_ron.code());
        let mut flags = 0u16;
        for (bit, &key) in FLAG_WORD_KEYS.iter().enumerate() {
            let on = flag_at(&mut copy, usize::from(key)).is_some_and(|f| *f);
            if flag_word_bit(bit, on, self.agari_yame) {
                flags |= 1 << bit;
            }
        }
        w.put(&flags.to_le_bytes());
        b
    }

    /// The config of a 24-byte form, validated. Errors: [`Error::InvalidState`] (a flag byte not
    /// 0/1, an unknown code, unused bits set), [`Error::InvalidConfig`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Config, Error> {
        if bytes.len() < CONFIG_BYTES {
            return Err(bad(reason!("truncated")));
        }
        let mut r = Reader { bytes, at: 0 };
        let mut config: Config = zerocopy::FromZeros::new_zeroed();
        // The eleven flag bytes first (each 0 or 1), then the pair fu and the rounds.
        for key in 0..11 {
            let on = match r.u8() {
                0 => false,
                1 => true,
                _ => return Err(bad(reason!("a flag byte that is not 0 or 1"))),
            };
            match flag_at(&mut config, key) {
                Some(flag) => *flag = on,
                None if on => config.score.kazoe = Kazoe::Sanbaiman,
                None => {}
            }
        }
        config.score.double_wind_pair_fu = r.u8();
        config.rounds = r.u8();
        config.start_points = r.i32();
        config.target_points = r.i32();
        config.multi_ron = MultiRon::from_code(r.u8()).ok_or(bad(reason!("unknown multi-ron code")))?;
        let mut f = [0u8; 2];
        r.fill(&mut f);
        let flags = u16::from_le_bytes(f);
        if flags >> 15 != 0 {
            return Err(bad(reason!("unused config flag bits set")));
        }
        for (bit, &key) in FLAG_WORD_KEYS.iter().enumerate() {
            let agari = config.agari_yame; // bit 10, read before bit 13
            if let Some(flag) = flag_at(&mut config, usize::from(key)) {
                *flag = flag_word_bit(bit, flags & (1 << bit) != 0, agari);
            }
        }
        config.validate()?;
        Ok(config)
    }
}

#[cfg(test)]
impl Config {
    /// The old [`Config::to_bytes`] (a field each), the test reference.
    pub(super) fn old_to_bytes(&self) -> [u8; CONFIG_BYTES] {
        let s = &self.score;
        let mut b = [0u8; CONFIG_BYTES];
        let head = [
            u8::from(s.open_tanyao),
            u8::from(s.red_fives),
            u8::from(s.kan_dora),
            u8::from(s.ura_dora),
            u8::from(s.kiriage),
            u8::from(s.kazoe == Kazoe::Sanbaiman),
            u8::from(s.composite_yakuman),
            u8::from(s.double_kokushi_13),
            u8::from(s.double_suuankou_tanki),
            u8::from(s.double_junsei_chuuren),
            u8::from(s.double_daisuushii),
            s.double_wind_pair_fu,
            self.rounds,
        ];
        let flags = [
            self.extension,
            self.abort_triple_ron,
            self.abort_nine_terminals,
            self.abort_four_winds,
            self.abort_four_riichi,
            self.abort_four_kans,
            self.kuikae_forbidden,
            self.busting,
            self.nagashi_mangan,
            self.pao,
            self.agari_yame,
            self.kokushi_robs_ankan,
            // Stored inverted, so every config from before the flag keeps its bytes.
            !self.pao_tsumo_whole_hand,
            // Tenpai-yame as "differs from agari-yame", for the same reason.
            self.tenpai_yame != self.agari_yame,
            s.three_player,
        ]
        .iter()
        .enumerate()
        .fold(0u16, |f, (i, &on)| if on { f | (1u16 << i) } else { f });
        let mut w = Writer { out: &mut b, at: 0 };
        w.put(&head);
        w.put(&self.start_points.to_le_bytes());
        w.put(&self.target_points.to_le_bytes());
        w.u8(self.multi_ron.code());
        w.put(&flags.to_le_bytes());
        b
    }

    /// The old [`Config::from_bytes`] (a field each), the test reference.
    pub(super) fn old_from_bytes(bytes: &[u8]) -> Result<Config, Error> {
        if bytes.len() < CONFIG_BYTES {
            return Err(bad(reason!("truncated")));
        }
        let mut r = Reader { bytes, at: 0 };
        // The eleven flag bytes first (each 0 or 1), then the pair fu and the rounds.
        let mut head = [0u8; 13];
        r.fill(&mut head);
        let [flag_bytes @ .., double_wind_pair_fu, rounds] = head;
        if flag_bytes.iter().any(|&b| b > 1) {
            return Err(bad(reason!("a flag byte that is not 0 or 1")));
        }
        let [
            open_tanyao,
            red_fives,
            kan_dora,
            ura_dora,
            kiriage,
            kazoe,
            composite_yakuman,
            k13,
            tanki,
            junsei,
            dsh,
        ] = flag_bytes.map(|b| b != 0);
        let mut score = super::score::Config {
            open_tanyao,
            red_fives,
            kan_dora,
            ura_dora,
            kiriage,
            kazoe: if kazoe { Kazoe::Sanbaiman } else { Kazoe::Yakuman },
            composite_yakuman,
            double_kokushi_13: k13,
            double_suuankou_tanki: tanki,
            double_junsei_chuuren: junsei,
            double_daisuushii: dsh,
            double_wind_pair_fu,
            three_player: false,
        };
        let start_points = r.i32();
        let target_points = r.i32();
        let multi_ron = MultiRon::from_code(r.u8()).ok_or(bad(reason!("unknown multi-ron code")))?;
        let mut f = [0u8; 2];
        r.fill(&mut f);
        let flags = u16::from_le_bytes(f);
        if flags >> 15 != 0 {
            return Err(bad(reason!("unused config flag bits set")));
        }
        let bit = |i: u16| flags & (1u16 << i) != 0;
        score.three_player = bit(14);
        let config = Config {
            score,
            rounds,
            start_points,
            target_points,
            extension: bit(0),
            multi_ron,
            abort_triple_ron: bit(1),
            abort_nine_terminals: bit(2),
            abort_four_winds: bit(3),
            abort_four_riichi: bit(4),
            abort_four_kans: bit(5),
            kuikae_forbidden: bit(6),
            busting: bit(7),
            nagashi_mangan: bit(8),
            pao: bit(9),
            agari_yame: bit(10),
            kokushi_robs_ankan: bit(11),
            pao_tsumo_whole_hand: !bit(12),
            tenpai_yame: bit(10) != bit(13),
        };
        config.validate()?;
        Ok(config)
    }
}

impl Start {
    /// The start's 20-byte form: round wind code, dealer, honba, sticks, four points (i32 LE).
    pub fn to_bytes(&self) -> [u8; START_BYTES] {
        let mut b = [0u8; START_BYTES];
        let mut w = Writer { out: &mut b, at: 0 };
        w.put(&[self.round_wind.code(), self.dealer.0, self.honba, self.sticks]);
        for s in &self.scores {
            w.put(&s.to_le_bytes());
        }
        b
    }

    /// The start of a 20-byte form, validated. Errors: [`Error::InvalidState`],
    /// [`Error::BadDeal`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Start, Error> {
        if bytes.len() < START_BYTES {
            return Err(bad(reason!("truncated")));
        }
        let mut r = Reader { bytes, at: 0 };
        let round_wind = Wind::try_from(r.u8()).map_err(|_| bad(reason!("unknown wind code")))?;
        let dealer = Seat(r.u8());
        let honba = r.u8();
        let sticks = r.u8();
        let mut scores = [0i32; SEATS];
        for s in &mut scores {
            *s = r.i32();
        }
        let start = Start {
            round_wind,
            dealer,
            honba,
            sticks,
            scores,
        };
        start.validate()?;
        Ok(start)
    }
}

impl Action {
    /// The action as three bytes `[code, a, b]`: 1 discard `a`, 2 riichi `a`, 3 tsumo, 4 ankan
    /// of kind `a`, 5 kakan `a`, 6 kyuushu, 7 ron, 8 pon `a b`, 9 kan, 10 chii `a b`, 11 pass,
    /// 12 kita (unused bytes 0). The byte form of window answers and the C ABI's action.
    pub fn to_code(self) -> [u8; 3] {
        match self {
            Action::Discard { tile } => [1, tile, 0],
            Action::Riichi { tile } => [2, tile, 0],
            Action::Tsumo => [3, 0, 0],
            Action::Ankan { kind } => [4, kind.index() as u8, 0],
            Action::Kakan { tile } => [5, tile, 0],
            Action::Kyuushu => [6, 0, 0],
            Action::Ron => [7, 0, 0],
            Action::Pon { tiles: [a, b] } => [8, a, b],
            Action::Kan => [9, 0, 0],
            Action::Chii { tiles: [a, b] } => [10, a, b],
            Action::Pass => [11, 0, 0],
            Action::Kita => [12, 0, 0],
        }
    }

    /// The action of a [`Action::to_code`] form. Errors: [`Error::IllegalAction`] for an unknown
    /// code, a tile id above 135, a kind above 33 or unused bytes not 0.
    pub fn from_code(code: [u8; 3]) -> Result<Action, Error> {
        let [c, a, b] = code;
        let id = |x: u8| {
            if usize::from(x) < TILE_IDS {
                Ok(x)
            } else {
                Err(Error::IllegalAction {
                    why: reason!("a tile id above 135"),
                })
            }
        };
        let unused = |x: u8| {
            if x == 0 {
                Ok(())
            } else {
                Err(Error::IllegalAction {
                    why: reason!("an unused action byte is not 0"),
                })
            }
        };
        let action = match c {
            1 => Action::Discard { tile: id(a)? },
            2 => Action::Riichi { tile: id(a)? },
            4 => Action::Ankan {
                kind: Tile::new(a).ok_or(Error::IllegalAction {
                    why: reason!("a kind above 33"),
                })?,
            },
            5 => Action::Kakan { tile: id(a)? },
            8 => {
                return Ok(Action::Pon {
                    tiles: [id(a)?, id(b)?],
                });
            }
            10 => {
                return Ok(Action::Chii {
                    tiles: [id(a)?, id(b)?],
                });
            }
            3 | 6 | 7 | 9 | 11 | 12 => {
                unused(a)?;
                unused(b)?;
                return Ok(match c {
                    3 => Action::Tsumo,
                    6 => Action::Kyuushu,
                    7 => Action::Ron,
                    9 => Action::Kan,
                    12 => Action::Kita,
                    _ => Action::Pass,
                });
            }
            _ => {
                return Err(Error::IllegalAction {
                    why: reason!("unknown action code"),
                });
            }
        };
        unused(b)?;
        Ok(action)
    }
}

/// A hand's 17 bytes: bit `id & 7` of byte `id >> 3` (the words' little-endian bytes, ids up to
/// 135; a forged held hand's bits above them are left out).
fn hand_bytes(bits: &Bits) -> [u8; HAND_BYTES] {
    let mut b = [0u8; HAND_BYTES];
    for (i, x) in b.iter_mut().enumerate() {
        if let Some(&word) = bits.get(i / 8) {
            *x = word.wrapping_shr(((i & 7) as u32).wrapping_mul(8)) as u8;
        }
    }
    b
}

impl Round {
    /// Writes the byte form (format version [`FORMAT_VERSION`], [`ENCODED_BYTES`] long) into
    /// `out` and returns its length. Errors: [`Error::BufferTooSmall`]; [`Error::InvalidState`] for a hand of more than 14 tiles (only a forged held round has one).
    pub fn encode(&self, out: &mut [u8]) -> Result<usize, Error> {
        if out.len() < ENCODED_BYTES {
            return Err(Error::BufferTooSmall { needed: ENCODED_BYTES });
        }
        // A held round's hand sizes are not checked on every C call (`Round::held_ok`): a
        // forged hand of more than 14 tiles gets no byte form (the decode would refuse it).
        if self.hands.iter().any(|h| bits_len(h) > 14) {
            return Err(bad(reason!("a hand of more than 14 tiles")));
        }
        // Runs of fields the byte form holds in the order and form of the round's own bytes
        // (`repr(C)` without padding, every field a byte, a flag or a byte enum): copied as
        // runs, not field by field (`encode_copies_the_fields_in_order` compares).
        let mem = self.as_bytes();
        let run = |from: usize, to: usize| mem.get(from..to).unwrap_or(&[]);
        let mut w = Writer { out, at: 0 };
        w.u8(FORMAT_VERSION);
        w.put(&self.config.to_bytes());
        w.put(&self.start.to_bytes());
        w.put(&self.wall);
        for h in &self.hands {
            w.put(&hand_bytes(h));
        }
        // The melds (kind code, four ids, called id or `NONE`, seat or `NONE` each), their
        // counts, the discards and their flags, then `pond_len` … `window_tile`.
        w.put(run(offset_of!(Round, melds), offset_of!(Round, window_ankan)));
        // 2: a North set aside (three players), so four-player forms keep their bytes.
        w.u8(if self.window_kita {
            2
        } else {
            u8::from(self.window_ankan)
        });
        // `drawn` … `interrupted`: the answers, the pending seats, the riichi records.
        w.put(run(offset_of!(Round, drawn), offset_of!(Round, kan_counts)));
        w.put(&self.kuikae.to_le_bytes());
        // The Norths set aside (three players) in each kan count's high nibble.
        for (&k, &n) in self.kan_counts.iter().zip(self.nuki.iter()) {
            w.u8(k | (n << 4));
        }
        // `pao`, `end`, the win records (seat, from, tile, flags) and their count.
        w.put(run(offset_of!(Round, pao), offset_of!(Round, tenpai)));
        for d in &self.deltas {
            w.put(&d.to_le_bytes());
        }
        w.put(&[self.tenpai, self.nagashi]);
        debug_assert_eq!(w.at, ENCODED_BYTES);
        Ok(w.at)
    }

    /// The round of a byte form, every invariant re-checked: the version, the config, the start,
    /// the wall a permutation, every field in range, each of the 136 ids exactly once among the
    /// undrawn wall, the hands, the melds and the discards, hand sizes that fit the melds and the
    /// phase, real melds, a window consistent with the last discard. Errors:
    /// [`Error::InvalidState`] (also for a wrong length).
    pub fn decode(bytes: &[u8]) -> Result<Round, Error> {
        let mut round = Round::read(bytes, true)?;
        round.checked()?;
        Ok(round)
    }

    /// [`Round::decode`] into `place` (the caller's frame), the round read there field by field
    /// and checked there: no round-sized result moved through the calls (the C ABI's full
    /// decode: kilobytes of stack less on a microcontroller). The same round, the same checks
    /// and the same errors.
    pub fn decode_in<'p>(place: &'p mut MaybeUninit<Round>, bytes: &[u8]) -> Result<&'p mut Round, Error> {
        Round::checked_in(
            bytes,
            |config, start, wall| Round::dealt_to(place, config, start, wall),
            |round| round,
        )
    }

    /// [`Round::decode`] read and checked in place: `make` places the round dealt from the
    /// byte form's head (its wall checked to be a permutation) in the caller's value that holds
    /// it (the round, or a match), `round` finds it there, then the other fields are read into
    /// it and every invariant is checked ([`Round::checked`]).
    #[inline(always)]
    pub(super) fn checked_in<'p, T: 'p>(
        bytes: &[u8],
        make: impl FnOnce(&Config, &Start, &[u8; TILE_IDS]) -> &'p mut T,
        round: impl Fn(&mut T) -> &mut Round,
    ) -> Result<&'p mut T, Error> {
        let mut r = Reader { bytes, at: 0 };
        let made = Round::dealt_in(&mut r, make)?;
        let held = round(&mut *made);
        held.read_fields(&mut r)?;
        held.checked()?;
        Ok(made)
    }

    /// The head of a byte form (its wall checked to be a permutation) read and dealt by `make`,
    /// in a frame of its own: the head's wall, config and start are not live during the checks.
    #[inline(never)]
    fn dealt_in<'p, T: 'p>(
        r: &mut Reader<'_>,
        make: impl FnOnce(&Config, &Start, &[u8; TILE_IDS]) -> &'p mut T,
    ) -> Result<&'p mut T, Error> {
        let mut wall = [0u8; TILE_IDS];
        let (config, start) = Round::read_head(r, true, &mut wall)?;
        Ok(make(&config, &start, &wall))
    }

    /// The checks of [`Round::decode`] after the fields are read (one copy of them for rounds
    /// and matches, in a frame of its own): every invariant, the waits cache computed once the
    /// state it derives from is checked (a hand of garbage bytes is no hand to compute waits
    /// of), then the window's answers (checked with the waits) and a finished round's end record
    /// (it scores). Each check runs in a frame of its own, none live at the same time.
    #[inline(never)]
    fn checked(&mut self) -> Result<(), Error> {
        self.check_state().map_err(bad)?;
        self.refresh_waits();
        self.check_answers().map_err(bad)?;
        self.check_end().map_err(bad)?;
        Ok(())
    }

    /// The round of a byte form that [`Round::encode`] wrote and that is known to be unchanged
    /// since (the C ABI's digest-checked states): the fields are read as [`Round::decode`]
    /// reads them (each still range-checked where it is converted: the config, the start, the
    /// meld kinds, the answers) and the waits cache is computed once, but the invariants across
    /// fields (the wall a permutation, each id once, hand sizes, melds, the window's answers)
    /// are not re-checked. Bytes that break them give a wrong round, never a panic: the core has
    /// no indexing and no unchecked arithmetic; a hand of more than 14 tiles (no waits worth
    /// computing) is refused. Errors: [`Error::InvalidState`].
    pub fn decode_trusted(bytes: &[u8]) -> Result<Round, Error> {
        let mut round = Round::read(bytes, false)?;
        if round.hands.iter().any(|h| bits_len(h) > 14) {
            return Err(bad(reason!("a hand of more than 14 tiles")));
        }
        round.refresh_waits();
        Ok(round)
    }

    /// Writes the round's derived cache (each seat's waits, [`CACHE_BYTES`] bytes: four
    /// little-endian `u64` kind masks) into `out` and returns its length, for
    /// [`Round::decode_trusted_cached`]. Errors: [`Error::BufferTooSmall`].
    pub fn encode_cache(&self, out: &mut [u8]) -> Result<usize, Error> {
        let out = out
            .get_mut(..CACHE_BYTES)
            .ok_or(Error::BufferTooSmall { needed: CACHE_BYTES })?;
        for (chunk, waits) in out.as_chunks_mut::<8>().0.iter_mut().zip(self.waits.iter()) {
            for (slot, byte) in chunk.iter_mut().zip(waits.to_le_bytes()) {
                *slot = byte;
            }
        }
        Ok(CACHE_BYTES)
    }

    /// [`Round::decode_trusted`] with the waits read from the cache [`Round::encode_cache`]
    /// wrote next to `bytes` (both known unchanged: the C ABI's digest covers them), not
    /// computed: no shanten or wait search at all. A `cache` that is not [`CACHE_BYTES`] long
    /// falls back to [`Round::decode_trusted`]. Wrong waits in forged bytes give wrong answers
    /// (a win refused or allowed), never a panic. Errors: [`Error::InvalidState`].
    pub fn decode_trusted_cached(bytes: &[u8], cache: &[u8]) -> Result<Round, Error> {
        let (chunks, tail) = cache.as_chunks::<8>();
        if !tail.is_empty() || chunks.len() != SEATS {
            return Round::decode_trusted(bytes);
        }
        let mut round = Round::read(bytes, false)?;
        if round.hands.iter().any(|h| bits_len(h) > 14) {
            return Err(bad(reason!("a hand of more than 14 tiles")));
        }
        for (waits, chunk) in round.waits.iter_mut().zip(chunks) {
            *waits = u64::from_le_bytes(*chunk);
        }
        Ok(round)
    }

    /// [`Round::decode_trusted_cached`] into `place` (the caller's frame), the round read there
    /// field by field: no round-sized result moved through the calls (the C ABI's calls: kilobytes
    /// of stack less on a microcontroller). The same round and the same errors.
    pub fn decode_trusted_cached_in<'p>(
        place: &'p mut MaybeUninit<Round>,
        bytes: &[u8],
        cache: &[u8],
    ) -> Result<&'p mut Round, Error> {
        Round::trusted_cached_in(
            bytes,
            cache,
            |config, start, wall| Round::dealt_to(place, config, start, wall),
            |round| round,
        )
    }

    /// [`Round::decode_trusted_cached`] read in place: `make` places the round dealt from the
    /// byte form's head ([`Round::dealt`] of its config, start and wall) in the caller's value
    /// that holds it (the round, or a match), `round` finds it there, and the other fields and
    /// the waits are read into it.
    #[inline(always)]
    pub(super) fn trusted_cached_in<'p, T: 'p>(
        bytes: &[u8],
        cache: &[u8],
        make: impl FnOnce(&Config, &Start, &[u8; TILE_IDS]) -> &'p mut T,
        round: impl Fn(&mut T) -> &mut Round,
    ) -> Result<&'p mut T, Error> {
        let mut r = Reader { bytes, at: 0 };
        let mut wall = [0u8; TILE_IDS];
        let (config, start) = Round::read_head(&mut r, false, &mut wall)?;
        let made = make(&config, &start, &wall);
        round(&mut *made).trusted_rest(&mut r, cache)?;
        Ok(made)
    }

    /// The rest of [`Round::trusted_cached_in`] (one copy of it for rounds and matches): the
    /// fields after the wall, the hand sizes, then the waits from `cache` (computed without one).
    fn trusted_rest(&mut self, r: &mut Reader<'_>, cache: &[u8]) -> Result<(), Error> {
        let (chunks, tail) = cache.as_chunks::<8>();
        self.read_fields(r)?;
        if self.hands.iter().any(|h| bits_len(h) > 14) {
            return Err(bad(reason!("a hand of more than 14 tiles")));
        }
        if !tail.is_empty() || chunks.len() != SEATS {
            // As `decode_trusted`: the waits computed.
            self.refresh_waits();
        } else {
            for (waits, chunk) in self.waits.iter_mut().zip(chunks) {
                *waits = u64::from_le_bytes(*chunk);
            }
        }
        Ok(())
    }

    /// Every field of a byte form, read into a round whose waits cache is zero; the wall checked
    /// to be a permutation when `check_wall`. Errors: [`Error::InvalidState`].
    fn read(bytes: &[u8], check_wall: bool) -> Result<Round, Error> {
        let mut r = Reader { bytes, at: 0 };
        let mut wall = [0u8; TILE_IDS];
        let (config, start) = Round::read_head(&mut r, check_wall, &mut wall)?;
        // Every field is read straight into the round (no second round-sized value on the stack).
        let mut round: Round = zerocopy::FromZeros::new_zeroed();
        round.deal_over(&config, &start, &wall);
        round.read_fields(&mut r)?;
        Ok(round)
    }

    /// The length, version, config, start and wall of a byte form (the wall checked to be a
    /// permutation when `check_wall`), the wall read into `wall` (not returned: no second wall in
    /// the caller's frame).
    fn read_head(r: &mut Reader<'_>, check_wall: bool, wall: &mut [u8; TILE_IDS]) -> Result<(Config, Start), Error> {
        if r.bytes.len() != ENCODED_BYTES {
            return Err(bad(reason!("wrong length")));
        }
        if r.u8() != FORMAT_VERSION {
            return Err(bad(reason!("unknown format version")));
        }
        let config = Config::from_bytes(r.take(CONFIG_BYTES)).map_err(|_| bad(reason!("bad config")))?;
        let start = Start::from_bytes(r.take(START_BYTES)).map_err(|_| bad(reason!("bad start")))?;
        r.fill(wall);
        if check_wall {
            super::round::check_wall(wall).map_err(|_| bad(reason!("the wall is not each id once")))?;
        }
        Ok((config, start))
    }

    /// The fields of a byte form after its wall (`r` past [`Round::read_head`]), read into this
    /// round.
    fn read_fields(&mut self, r: &mut Reader<'_>) -> Result<(), Error> {
        let round = self;
        // 17 bytes hold ids 0..=135 (no bit beyond them): the words' little-endian bytes.
        round.hands = [[0; 3]; SEATS];
        for h in &mut round.hands {
            for i in 0..HAND_BYTES {
                if let Some(word) = h.get_mut(i / 8) {
                    *word |= u64::from(r.u8()).wrapping_shl(((i & 7) as u32).wrapping_mul(8));
                }
            }
        }
        for seat in &mut round.melds {
            for m in seat.iter_mut() {
                let kind = MeldKind::try_from(r.u8()).map_err(|_| bad(reason!("unknown meld kind")))?;
                m.kind = kind;
                r.fill(&mut m.tiles);
                let called = r.u8();
                let from = r.u8();
                m.called = called;
                m.from = from;
            }
        }
        r.fill(&mut round.meld_counts);
        r.fill(&mut round.pond);
        r.fill(&mut round.pond_flags);
        round.pond_len = r.u8();
        round.draws = r.u8();
        round.kans = r.u8();
        round.dora = r.u8();
        round.dora_pending = r.bool()?;
        round.phase = r.u8();
        round.actor = r.u8();
        round.window_tile = r.u8();
        match r.u8() {
            0 => {}
            1 => round.window_ankan = true,
            2 => round.window_kita = true,
            _ => return Err(bad(reason!("unknown window kind"))),
        }
        round.drawn = r.u8();
        round.rinshan = r.bool()?;
        for a in &mut round.answers {
            let mut code = [0u8; 3];
            r.fill(&mut code);
            if code != [0; 3] {
                Action::from_code(code).map_err(|_| bad(reason!("bad window answer")))?;
            }
            *a = code;
        }
        round.pending = r.u8();
        r.fill(&mut round.riichi);
        round.riichi_declared = r.u8();
        round.ippatsu = r.u8();
        round.furiten_temp = r.u8();
        round.furiten_riichi = r.u8();
        round.first = r.u8();
        round.interrupted = r.bool()?;
        round.kuikae = r.u64();
        r.fill(&mut round.kan_counts);
        for (k, n) in round.kan_counts.iter_mut().zip(round.nuki.iter_mut()) {
            *n = *k >> 4;
            *k &= 0x0F;
        }
        r.fill(&mut round.pao);
        round.end = r.u8();
        // The win records (seat, from, tile, flags: `repr(C)` bytes) read as their bytes.
        r.fill(round.winners.as_mut_bytes());
        round.winner_count = r.u8();
        r.fill(round.deltas.as_mut_bytes());
        for d in &mut round.deltas {
            *d = i32::from_le(*d);
        }
        round.tenpai = r.u8();
        round.nagashi = r.u8();
        Ok(())
    }

    /// The stored answers of an open call window, checked against the rules (after the waits
    /// cache is derived: a ron answer is checked with the seat's waits).
    #[inline(never)]
    fn check_answers(&self) -> Result<(), &'static str> {
        // An open window waits for at least one seat: a window no seat can answer is resolved
        // as it opens, and the last answer resolves it. A flipped pending mask could otherwise
        // leave a window open with no seat to act and no outcome. (Which seats it waits for is
        // not checked against their hands: a search's sample redraws the hidden hands and keeps
        // the window, and a seat asked with nothing to call may still pass.)
        if matches!(self.phase, PHASE_CALLS | PHASE_CHANKAN) && self.pending == 0 {
            return Err(reason!("an open window waits for no seat"));
        }
        // Stored answers of an open window: only from seats that have answered, and each one of
        // that seat's legal answers (a flipped code could otherwise be carried out when the
        // window closes: a pon of tiles the seat does not hold). Outside a window the last
        // window's answers are history and never read.
        for s in 0..SEATS as u8 {
            let Some(answer) = self.answer(s) else { continue };
            if !matches!(self.phase, PHASE_CALLS | PHASE_CHANKAN) {
                break;
            }
            let answered = self.pending & (1 << s) == 0 && s != self.actor;
            let legal = match self.phase {
                // A ron answer is checked as the calls list it (first, when `can_ron`), without
                // the walk over the other calls beside the frames that value the hand.
                PHASE_CALLS if answer == Action::Ron => self.can_ron(s, self.window_tile, false),
                PHASE_CALLS => {
                    let mut found = answer == Action::Pass;
                    self.call_actions(s, &mut |a| found |= a == answer);
                    found
                }
                PHASE_CHANKAN => {
                    answer == Action::Pass || (answer == Action::Ron && self.can_ron(s, self.window_tile, true))
                }
                _ => false,
            };
            if !answered || !legal {
                return Err(reason!("a stored window answer is not that seat's legal answer"));
            }
        }
        Ok(())
    }

    /// A finished round's end record scores: every kept win is a complete hand with a value, so
    /// [`Round::outcome`] of a decoded round never fails (a flipped byte of an encoding could
    /// otherwise keep a win record that no longer scores).
    #[inline(never)]
    fn check_end(&self) -> Result<(), &'static str> {
        if self.phase == PHASE_OVER && !self.end_settles() {
            return Err(reason!("a finished round's end record does not score"));
        }
        Ok(())
    }

    /// Every invariant of a round value, the waits cache included (tests call it after each
    /// action).
    #[cfg(test)]
    pub(super) fn check(&self) -> Result<(), &'static str> {
        self.check_state()?;
        self.check_answers()?;
        self.check_end()?;
        for s in 0..4u8 {
            if self.waits.get(usize::from(s)).copied() != Some(self.fresh_waits(s)) {
                return Err(reason!("the waits cache is stale"));
            }
        }
        Ok(())
    }

    /// Every invariant of a round value but the waits cache (used by [`Round::decode`], which
    /// then computes the cache).
    #[inline(never)]
    pub(super) fn check_state(&self) -> Result<(), &'static str> {
        let mut seen: Bits = [0; 3];
        for &id in &self.wall {
            if usize::from(id) >= TILE_IDS || bits_has(&seen, id) {
                return Err(reason!("the wall is not each id once"));
            }
            bits_insert(&mut seen, id);
        }
        let layout = self.layout();
        let three = self.config.score.three_player;
        if three && self.wall.iter().take(layout.end).any(|&id| absent_in_sanma(id)) {
            return Err(reason!("a three-player wall holds 2m-8m in play"));
        }
        if self.start.dealer.0 >= layout.seats {
            return Err(reason!("the dealer is no seat of the table"));
        }
        if self.phase > PHASE_OVER || self.actor >= layout.seats {
            return Err(reason!("phase or actor out of range"));
        }
        let live = layout.live_draws;
        if !(1..=live).contains(&self.draws) || self.kans > 4 || self.wall_left() > live.saturating_sub(1) {
            return Err(reason!("draw counts out of range"));
        }
        if self.nuki.iter().any(|&n| n > 0x0F) || (!three && self.nuki.iter().any(|&n| n != 0)) {
            return Err(reason!("Norths set aside out of range"));
        }
        if self.draws.saturating_add(self.replacements()) > live {
            return Err(reason!("more draws than the live wall holds"));
        }
        // One indicator at the deal and one per kan: a closed kan's at once, an open or added
        // kan's (pending) at the next discard or kan. (The old bound, `dora ≤ kans + 2`, let a
        // flipped count through that the pending reveal then carried past it.)
        if !(1..=5).contains(&self.dora)
            || self.dora.saturating_add(u8::from(self.dora_pending)) != self.kans.saturating_add(1)
        {
            return Err(reason!("dora count out of range"));
        }
        if usize::from(self.pond_len) > MAX_DISCARDS {
            return Err(reason!("discard count out of range"));
        }
        let seats = if three { 0b0111u8 } else { 0b1111u8 };
        let masks = self.pending
            | self.ippatsu
            | self.furiten_temp
            | self.furiten_riichi
            | self.first
            | self.tenpai
            | self.nagashi;
        if masks & !seats != 0 {
            return Err(reason!("a seat mask above seat 3"));
        }
        if self.riichi.iter().any(|&r| r > 2) || self.riichi_declared > 2 {
            return Err(reason!("riichi state out of range"));
        }
        if self.kuikae >> 34 != 0 {
            return Err(reason!("kuikae mask beyond kind 33"));
        }
        if self.kan_counts.iter().fold(0u8, |a, &c| a.saturating_add(c)) != self.kans {
            return Err(reason!("kans per seat do not add up"));
        }
        if self.pao.iter().any(|&p| p > layout.seats) {
            return Err(reason!("pao seat out of range"));
        }
        // The absent seat of three players has no Norths, riichi or pao (its hand, melds and
        // discards are checked below).
        for s in layout.seats..4 {
            if *at(&self.nuki, s) != 0 || *at(&self.riichi, s) != 0 || *at(&self.pao, s) != 0 {
                return Err(reason!("the absent seat holds a record"));
            }
        }
        if self.end > END_ABORT.saturating_add(4) || self.winner_count > 3 {
            return Err(reason!("end out of range"));
        }
        // Tile conservation: the drawn tiles are exactly the hands, melds and discards.
        let mut taken: Bits = [0; 3];
        let live_end = layout.live_at.saturating_add(usize::from(self.draws));
        // Within the wall: `draws` ≤ 70 (55) and the replacements ≤ 8 are checked above.
        for &id in self.wall.get(..live_end).ok_or(reason!("draw counts out of range"))? {
            bits_insert(&mut taken, id);
        }
        for r in 0..self.replacements() {
            let id = *self
                .wall
                .get(layout.replacement(r))
                .ok_or(reason!("draw counts out of range"))?;
            bits_insert(&mut taken, id);
        }
        let mut placed: Bits = [0; 3];
        let mut place = |id: u8| -> Result<(), &'static str> {
            if usize::from(id) >= TILE_IDS || bits_has(&placed, id) {
                return Err(reason!("a tile id in two places"));
            }
            bits_insert(&mut placed, id);
            Ok(())
        };
        for h in &self.hands {
            for id in bit_ids(*h) {
                place(id)?;
            }
        }
        for &n in &self.nuki {
            for c in (0..4u8).filter(|c| n & (1 << c) != 0) {
                place(120 | c)?; // a North id: `4z` is kind 30
            }
        }
        for (s, (seat_melds, &n)) in (0u8..).zip(self.melds.iter().zip(self.meld_counts.iter())) {
            if n > 4 {
                return Err(reason!("more than four melds"));
            }
            for (i, m) in seat_melds.iter().enumerate() {
                if i >= usize::from(n) {
                    if *m != TableMeld::default() {
                        return Err(reason!("an unused meld slot is not empty"));
                    }
                    continue;
                }
                check_meld(m, s, layout.seats)?;
                for &id in m.tiles() {
                    place(id)?;
                }
            }
        }
        for (i, (&id, &flags)) in self.pond.iter().zip(self.pond_flags.iter()).enumerate() {
            if i >= usize::from(self.pond_len) {
                if id != 0 || flags != 0 {
                    return Err(reason!("an unused discard slot is not empty"));
                }
                continue;
            }
            if flags & !(POND_SEAT | POND_TSUMOGIRI | POND_RIICHI | POND_CALLED) != 0 {
                return Err(reason!("unknown discard flag bits"));
            }
            if flags & POND_SEAT >= layout.seats {
                return Err(reason!("a discard by the absent seat"));
            }
            if flags & POND_CALLED != 0 {
                let seat = flags & POND_SEAT;
                let called = self.melds.iter().enumerate().any(|(s, ms)| {
                    ms.iter()
                        .any(|m| m.called() == Some(id) && m.from() == Some(Seat(seat)) && s != usize::from(seat))
                });
                if !called {
                    return Err(reason!("a called discard in no meld"));
                }
            } else {
                place(id)?;
            }
        }
        if placed != taken {
            return Err(reason!("the tiles in play are not the tiles drawn"));
        }
        // Hand sizes.
        let mut fourteen = 0u8;
        let mut actor_size = 0u8;
        for s in 0..4u8 {
            let closed = bits_len(&self.hand_bits(s));
            let melds = *at(&self.meld_counts, s);
            let size = closed.saturating_add(melds.saturating_mul(3));
            if s == self.actor {
                actor_size = size;
            }
            match size {
                // The absent seat of three players holds nothing.
                0 if s >= layout.seats => continue,
                _ if s >= layout.seats => return Err(reason!("the absent seat holds tiles")),
                13 => {}
                14 => fourteen = fourteen.saturating_add(1),
                _ => return Err(reason!("a hand size that does not fit its melds")),
            }
            if size == 14 && self.phase != PHASE_OVER && s != self.actor {
                return Err(reason!("a seat not on turn holds an extra tile"));
            }
        }
        // The actor is checked to be a seat above (its size counted in the loop).
        match self.phase {
            PHASE_TURN | PHASE_CHANKAN if actor_size != 14 => return Err(reason!("the seat on turn lacks its tile")),
            PHASE_CALLS if fourteen != 0 => return Err(reason!("an extra tile in a call window")),
            _ => {}
        }
        if self.drawn != NONE && !bits_has(&self.hand_bits(self.actor), self.drawn) {
            return Err(reason!("the drawn tile is not in the hand"));
        }
        match self.phase {
            PHASE_CALLS => {
                let last = usize::from(
                    self.pond_len
                        .checked_sub(1)
                        .ok_or(reason!("a call window without a discard"))?,
                );
                let flags = *self.pond_flags.get(last).ok_or(reason!("discard count out of range"))?;
                if self.pond.get(last) != Some(&self.window_tile)
                    || flags & POND_SEAT != self.actor
                    || flags & POND_CALLED != 0
                {
                    return Err(reason!("the call window is not on the last discard"));
                }
            }
            PHASE_CHANKAN if !bits_has(&self.hand_bits(self.actor), self.window_tile) => {
                return Err(reason!("the kan tile is not in the hand"));
            }
            _ => {}
        }
        if self.pending & (1 << self.actor) != 0 && matches!(self.phase, PHASE_CALLS | PHASE_CHANKAN) {
            return Err(reason!("the actor answers its own window"));
        }
        if self.riichi_declared != 0 {
            // A declaration is only ever pending on a discard (none yet: refused).
            let flags = self
                .pond_len
                .checked_sub(1)
                .and_then(|last| self.pond_flags.get(usize::from(last)))
                .map_or(0, |&f| f);
            if self.phase != PHASE_CALLS || flags & POND_RIICHI == 0 {
                return Err(reason!("a riichi declared outside its call window"));
            }
        }
        if self.phase == PHASE_OVER && self.pending != 0 {
            return Err(reason!("seats pending after the end"));
        }
        // Each seat's melds read once: riichi closed, the kan count, pao's sets.
        let mut riichi_mask = 0u8;
        for s in 0..4u8 {
            let (mut open, mut kans, mut dragons, mut winds) = (false, 0u8, 0u8, 0u8);
            for m in self.melds(Seat(s)) {
                open |= m.kind != MeldKind::Ankan;
                kans = kans.saturating_add(u8::from(m.kind.is_kan()));
                if m.kind != MeldKind::Chii {
                    match kind_of(m.tiles[0]) {
                        31..=33 => dragons = dragons.saturating_add(1),
                        27..=30 => winds = winds.saturating_add(1),
                        _ => {}
                    }
                }
            }
            if self.riichi_of_seat(s) != 0 {
                if open {
                    return Err(reason!("riichi with an open meld"));
                }
                riichi_mask |= 1 << s;
            }
            if *at(&self.kan_counts, s) != kans {
                return Err(reason!("kan counts do not match the kan melds"));
            }
            let p = *at(&self.pao, s);
            if p != 0 && (p.wrapping_sub(1) == s || (dragons < 3 && winds < 4)) {
                return Err(reason!("pao without its melds"));
            }
        }
        for w in self.winners.iter().take(usize::from(self.winner_count)) {
            if w.seat >= layout.seats || (w.from >= layout.seats && w.from != NONE) || usize::from(w.tile) >= TILE_IDS {
                return Err(reason!("a win record out of range"));
            }
        }
        let _ = DORA_AT;
        // Flags that follow from the history.
        let any_meld = self.meld_counts.iter().any(|&n| n > 0);
        if any_meld && !self.interrupted {
            return Err(reason!("melds without the interruption flag"));
        }
        if self.ippatsu & !riichi_mask != 0 || self.furiten_riichi & !riichi_mask != 0 {
            return Err(reason!("ippatsu or riichi furiten without riichi"));
        }
        if self.phase != PHASE_OVER && (self.tenpai != 0 || self.nagashi != 0 || self.winner_count != 0) {
            return Err(reason!("an end record before the end"));
        }
        // A North window stays marked when a ron on it ended the round.
        let window_phase = matches!(self.phase, PHASE_CHANKAN | PHASE_OVER);
        if self.window_kita && (!window_phase || kind_of(self.window_tile) != 30 || self.window_ankan) {
            return Err(reason!("a North window outside its phase"));
        }
        if self.phase == PHASE_CHANKAN && self.window_ankan {
            let kind = kind_of(self.window_tile);
            if bit_ids(self.hand_bits(self.actor))
                .filter(|&id| kind_of(id) == kind)
                .count()
                != 4
            {
                return Err(reason!("a closed-kan window without the four tiles"));
            }
        }
        Ok(())
    }
}

impl Round {
    /// The old [`Round::check_state`] (a pass over the melds per check), the test reference.
    #[cfg(test)]
    pub(super) fn old_check_state(&self) -> Result<(), &'static str> {
        let mut seen: Bits = [0; 3];
        for &id in &self.wall {
            if usize::from(id) >= TILE_IDS || bits_has(&seen, id) {
                return Err(reason!("the wall is not each id once"));
            }
            bits_insert(&mut seen, id);
        }
        let layout = self.layout();
        let three = self.config.score.three_player;
        if three && self.wall.iter().take(layout.end).any(|&id| absent_in_sanma(id)) {
            return Err(reason!("a three-player wall holds 2m-8m in play"));
        }
        if self.start.dealer.0 >= layout.seats {
            return Err(reason!("the dealer is no seat of the table"));
        }
        if self.phase > PHASE_OVER || self.actor >= layout.seats {
            return Err(reason!("phase or actor out of range"));
        }
        let live = layout.live_draws;
        if !(1..=live).contains(&self.draws) || self.kans > 4 || self.wall_left() > live.saturating_sub(1) {
            return Err(reason!("draw counts out of range"));
        }
        if self.nuki.iter().any(|&n| n > 0x0F) || (!three && self.nuki.iter().any(|&n| n != 0)) {
            return Err(reason!("Norths set aside out of range"));
        }
        if self.draws.saturating_add(self.replacements()) > live {
            return Err(reason!("more draws than the live wall holds"));
        }
        // One indicator at the deal and one per kan: a closed kan's at once, an open or added
        // kan's (pending) at the next discard or kan. (The old bound, `dora ≤ kans + 2`, let a
        // flipped count through that the pending reveal then carried past it.)
        if !(1..=5).contains(&self.dora)
            || self.dora.saturating_add(u8::from(self.dora_pending)) != self.kans.saturating_add(1)
        {
            return Err(reason!("dora count out of range"));
        }
        if usize::from(self.pond_len) > MAX_DISCARDS {
            return Err(reason!("discard count out of range"));
        }
        let seats = if three { 0b0111u8 } else { 0b1111u8 };
        for &m in &[
            self.pending,
            self.ippatsu,
            self.furiten_temp,
            self.furiten_riichi,
            self.first,
            self.tenpai,
            self.nagashi,
        ] {
            if m & !seats != 0 {
                return Err(reason!("a seat mask above seat 3"));
            }
        }
        if self.riichi.iter().any(|&r| r > 2) || self.riichi_declared > 2 {
            return Err(reason!("riichi state out of range"));
        }
        if self.kuikae >> 34 != 0 {
            return Err(reason!("kuikae mask beyond kind 33"));
        }
        if self.kan_counts.iter().fold(0u8, |a, &c| a.saturating_add(c)) != self.kans {
            return Err(reason!("kans per seat do not add up"));
        }
        if self.pao.iter().any(|&p| p > layout.seats) {
            return Err(reason!("pao seat out of range"));
        }
        // The absent seat of three players has no Norths, riichi or pao (its hand, melds and
        // discards are checked below).
        for s in layout.seats..4 {
            if *at(&self.nuki, s) != 0 || *at(&self.riichi, s) != 0 || *at(&self.pao, s) != 0 {
                return Err(reason!("the absent seat holds a record"));
            }
        }
        if self.end > END_ABORT.saturating_add(4) || self.winner_count > 3 {
            return Err(reason!("end out of range"));
        }
        // Tile conservation: the drawn tiles are exactly the hands, melds and discards.
        let mut taken: Bits = [0; 3];
        let live_end = layout.live_at.saturating_add(usize::from(self.draws));
        // Within the wall: `draws` ≤ 70 (55) and the replacements ≤ 8 are checked above.
        for &id in self.wall.get(..live_end).ok_or(reason!("draw counts out of range"))? {
            bits_insert(&mut taken, id);
        }
        for r in 0..self.replacements() {
            let id = *self
                .wall
                .get(layout.replacement(r))
                .ok_or(reason!("draw counts out of range"))?;
            bits_insert(&mut taken, id);
        }
        let mut placed: Bits = [0; 3];
        let mut place = |id: u8| -> Result<(), &'static str> {
            if usize::from(id) >= TILE_IDS || bits_has(&placed, id) {
                return Err(reason!("a tile id in two places"));
            }
            bits_insert(&mut placed, id);
            Ok(())
        };
        for h in &self.hands {
            for id in bit_ids(*h) {
                place(id)?;
            }
        }
        for &n in &self.nuki {
            for c in (0..4u8).filter(|c| n & (1 << c) != 0) {
                place(120 | c)?; // a North id: `4z` is kind 30
            }
        }
        for (s, (seat_melds, &n)) in (0u8..).zip(self.melds.iter().zip(self.meld_counts.iter())) {
            if n > 4 {
                return Err(reason!("more than four melds"));
            }
            for (i, m) in seat_melds.iter().enumerate() {
                if i >= usize::from(n) {
                    if *m != TableMeld::default() {
                        return Err(reason!("an unused meld slot is not empty"));
                    }
                    continue;
                }
                check_meld(m, s, layout.seats)?;
                for &id in m.tiles() {
                    place(id)?;
                }
            }
        }
        for (i, (&id, &flags)) in self.pond.iter().zip(self.pond_flags.iter()).enumerate() {
            if i >= usize::from(self.pond_len) {
                if id != 0 || flags != 0 {
                    return Err(reason!("an unused discard slot is not empty"));
                }
                continue;
            }
            if flags & !(POND_SEAT | POND_TSUMOGIRI | POND_RIICHI | POND_CALLED) != 0 {
                return Err(reason!("unknown discard flag bits"));
            }
            if flags & POND_SEAT >= layout.seats {
                return Err(reason!("a discard by the absent seat"));
            }
            if flags & POND_CALLED != 0 {
                let seat = flags & POND_SEAT;
                let called = self.melds.iter().enumerate().any(|(s, ms)| {
                    ms.iter()
                        .any(|m| m.called() == Some(id) && m.from() == Some(Seat(seat)) && s != usize::from(seat))
                });
                if !called {
                    return Err(reason!("a called discard in no meld"));
                }
            } else {
                place(id)?;
            }
        }
        if placed != taken {
            return Err(reason!("the tiles in play are not the tiles drawn"));
        }
        // Hand sizes.
        let mut fourteen = 0u8;
        for s in 0..4u8 {
            let closed = bits_len(&self.hand_bits(s));
            let melds = *at(&self.meld_counts, s);
            let size = closed.saturating_add(melds.saturating_mul(3));
            match size {
                // The absent seat of three players holds nothing.
                0 if s >= layout.seats => continue,
                _ if s >= layout.seats => return Err(reason!("the absent seat holds tiles")),
                13 => {}
                14 => fourteen = fourteen.saturating_add(1),
                _ => return Err(reason!("a hand size that does not fit its melds")),
            }
            if size == 14 && self.phase != PHASE_OVER && s != self.actor {
                return Err(reason!("a seat not on turn holds an extra tile"));
            }
        }
        // The actor is checked to be a seat above.
        let actor_size =
            bits_len(&self.hand_bits(self.actor)).saturating_add(at(&self.meld_counts, self.actor).saturating_mul(3));
        match self.phase {
            PHASE_TURN | PHASE_CHANKAN if actor_size != 14 => return Err(reason!("the seat on turn lacks its tile")),
            PHASE_CALLS if fourteen != 0 => return Err(reason!("an extra tile in a call window")),
            _ => {}
        }
        if self.drawn != NONE && !bits_has(&self.hand_bits(self.actor), self.drawn) {
            return Err(reason!("the drawn tile is not in the hand"));
        }
        match self.phase {
            PHASE_CALLS => {
                let last = usize::from(
                    self.pond_len
                        .checked_sub(1)
                        .ok_or(reason!("a call window without a discard"))?,
                );
                let flags = *self.pond_flags.get(last).ok_or(reason!("discard count out of range"))?;
                if self.pond.get(last) != Some(&self.window_tile)
                    || flags & POND_SEAT != self.actor
                    || flags & POND_CALLED != 0
                {
                    return Err(reason!("the call window is not on the last discard"));
                }
            }
            PHASE_CHANKAN if !bits_has(&self.hand_bits(self.actor), self.window_tile) => {
                return Err(reason!("the kan tile is not in the hand"));
            }
            _ => {}
        }
        if self.pending & (1 << self.actor) != 0 && matches!(self.phase, PHASE_CALLS | PHASE_CHANKAN) {
            return Err(reason!("the actor answers its own window"));
        }
        if self.riichi_declared != 0 {
            // A declaration is only ever pending on a discard (none yet: refused).
            let flags = self
                .pond_len
                .checked_sub(1)
                .and_then(|last| self.pond_flags.get(usize::from(last)))
                .map_or(0, |&f| f);
            if self.phase != PHASE_CALLS || flags & POND_RIICHI == 0 {
                return Err(reason!("a riichi declared outside its call window"));
            }
        }
        if self.phase == PHASE_OVER && self.pending != 0 {
            return Err(reason!("seats pending after the end"));
        }
        for (s, &r) in (0u8..).zip(self.riichi.iter()) {
            if r != 0 && self.melds(Seat(s)).iter().any(|m| m.kind != MeldKind::Ankan) {
                return Err(reason!("riichi with an open meld"));
            }
        }
        for w in self.winners.iter().take(usize::from(self.winner_count)) {
            if w.seat >= layout.seats || (w.from >= layout.seats && w.from != NONE) || usize::from(w.tile) >= TILE_IDS {
                return Err(reason!("a win record out of range"));
            }
        }
        let _ = DORA_AT;
        // Flags that follow from the history.
        let any_meld = self.meld_counts.iter().any(|&n| n > 0);
        if any_meld && !self.interrupted {
            return Err(reason!("melds without the interruption flag"));
        }
        let riichi_mask = (0u8..4)
            .filter(|&s| self.riichi_of_seat(s) != 0)
            .fold(0u8, |m, s| m | (1 << s));
        if self.ippatsu & !riichi_mask != 0 || self.furiten_riichi & !riichi_mask != 0 {
            return Err(reason!("ippatsu or riichi furiten without riichi"));
        }
        if self.phase != PHASE_OVER && (self.tenpai != 0 || self.nagashi != 0 || self.winner_count != 0) {
            return Err(reason!("an end record before the end"));
        }
        for (s, &n) in (0u8..).zip(self.kan_counts.iter()) {
            let kans = self.melds(Seat(s)).iter().filter(|m| m.kind.is_kan()).count();
            if usize::from(n) != kans {
                return Err(reason!("kan counts do not match the kan melds"));
            }
        }
        for (s, &p) in (0u8..).zip(self.pao.iter()) {
            if p == 0 {
                continue;
            }
            let sets = |lo: u8, hi: u8| {
                self.melds(Seat(s))
                    .iter()
                    .filter(|m| m.kind != MeldKind::Chii && (lo..=hi).contains(&kind_of(m.tiles[0])))
                    .count()
            };
            if p.wrapping_sub(1) == s || (sets(31, 33) < 3 && sets(27, 30) < 4) {
                return Err(reason!("pao without its melds"));
            }
        }
        // A North window stays marked when a ron on it ended the round.
        let window_phase = matches!(self.phase, PHASE_CHANKAN | PHASE_OVER);
        if self.window_kita && (!window_phase || kind_of(self.window_tile) != 30 || self.window_ankan) {
            return Err(reason!("a North window outside its phase"));
        }
        if self.phase == PHASE_CHANKAN && self.window_ankan {
            let kind = kind_of(self.window_tile);
            if bit_ids(self.hand_bits(self.actor))
                .filter(|&id| kind_of(id) == kind)
                .count()
                != 4
            {
                return Err(reason!("a closed-kan window without the four tiles"));
            }
        }
        Ok(())
    }

    fn riichi_of_seat(&self, seat: u8) -> u8 {
        *at(&self.riichi, seat)
    }
}

/// A table meld is a real meld of its kind: ids of the right kinds, ascending, the called tile in
/// it and from another seat (a chii from the seat before).
fn check_meld(m: &TableMeld, seat: u8, seats: u8) -> Result<(), &'static str> {
    let tiles = m.tiles();
    if tiles.iter().any(|&id| usize::from(id) >= TILE_IDS) || tiles.windows(2).any(|w| w.first() >= w.get(1)) {
        return Err(reason!("meld ids out of range or not ascending"));
    }
    if m.kind.tiles() == 3 && m.tiles.get(3) != Some(&0) {
        return Err(reason!("an unused meld tile is not 0"));
    }
    let mut pieces = [Piece::default(); 4];
    for (p, &id) in pieces.iter_mut().zip(tiles) {
        *p = Piece::from_id(id).ok_or(reason!("meld id out of range"))?;
    }
    let called = match (m.called(), m.kind) {
        (None, MeldKind::Ankan) => None,
        (Some(c), k) if k != MeldKind::Ankan && tiles.contains(&c) => Piece::from_id(c),
        _ => return Err(reason!("a meld's called tile is wrong")),
    };
    match (m.from(), m.kind) {
        (None, MeldKind::Ankan) => {}
        (Some(f), MeldKind::Chii) if seats == 4 && f.0 == seat.wrapping_add(3) & 3 => {}
        (Some(f), k) if k != MeldKind::Ankan && k != MeldKind::Chii && f.0 < seats && f.0 != seat => {}
        _ => return Err(reason!("a meld called from a wrong seat")),
    }
    if m.called().is_some_and(|c| kind_of(c) > 33) {
        return Err(reason!("meld id out of range"));
    }
    CalledMeld::new(m.kind, prefix(&pieces, tiles.len()), called, None)
        .map(|_| ())
        .map_err(|_| "not a meld")
}
