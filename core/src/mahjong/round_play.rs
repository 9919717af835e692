//! The round's rules: legal actions, applying them, wins and payments (the private half of
//! [`Round`]; the public types and the layout are in [`round`](super::round)).
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::Error;
use super::hand::Hand;
use super::round::{
    Abort, Action, Agari, Bits, Call, Config, END_ABORT, END_EXHAUSTIVE, END_NAGASHI, END_WIN, End, Event,
    HONBA_POINTS, LIVE_AT, Layout, MultiRon, NO_ANSWER, NONE, Outcome, PHASE_CALLS, PHASE_CHANKAN, PHASE_OVER,
    PHASE_TURN, POND_CALLED, POND_RIICHI, POND_TSUMOGIRI, RIICHI_STICK, Round, SEATS, Start, TILE_IDS, TableMeld,
    WIN_BLESSING, WIN_CHANKAN, WIN_HAITEI, WIN_HONBA, WIN_HOUTEI, WIN_IPPATSU, WIN_RINSHAN, WinRecord, at, at_mut,
    bit_ids, bits_counts, bits_has, bits_insert, bits_len, bits_remove, clear_kind, dead_wall, drop_lowest_of_kind,
    internal, kind_count, kind_ids, kind_nibble, nibble_ones, prefix,
};
use super::rules::{Rules, thirteen_orphans_complete, waits};
use super::score::{self, CalledMeld, HandValue, MeldKind, Piece, Riichi, Yaku};
use super::shanten::shanten;
use super::tile::{KINDS, Tile};
use crate::game::Seat;
use core::mem::MaybeUninit;

/// The kind (0–33) of an id.
pub(super) const fn kind_of(id: u8) -> u8 {
    id >> 2
}

/// Whether kind `k` is a terminal or an honor.
fn is_orphan_kind(k: u8) -> bool {
    Tile::new(k).is_some_and(Tile::is_orphan)
}

fn seat_bit(seat: u8) -> u8 {
    1u8 << (seat & 3)
}

/// The seat `k` places after `seat` at a table of `n` seats (3 or 4).
fn next_in(seat: u8, k: u8, n: u8) -> u8 {
    seat.wrapping_add(k).checked_rem(n).unwrap_or(0)
}

/// What a call window's seats share for [`Round::has_call`], computed once per discard.
struct WindowFacts {
    /// A call may be made: tiles are left in the live wall.
    calls_open: bool,
    /// A kan may be made ([`Round::total_kans_ok`]).
    kans_ok: bool,
    /// The seat that may chii (the discarder's next), or `NONE` with three players.
    chii_seat: u8,
}

/// The kinds of which a set holds all four ids (bit per kind).
pub(super) fn full_kinds(bits: &Bits) -> u64 {
    const LOW: u64 = 0x1111_1111_1111_1111;
    let mut kinds = 0u64;
    for (i, &w) in (0u32..).zip(bits.iter()) {
        let mut full = w & (w >> 1) & (w >> 2) & (w >> 3) & LOW;
        while full != 0 {
            let nibble = full.trailing_zeros() >> 2;
            full &= full.wrapping_sub(1);
            kinds |= 1u64 << ((i << 4) | nibble);
        }
    }
    kinds
}

/// The kind of North (`4z`).
const NORTH: u8 = 30;

/// `counts` with one more of `kind`.
fn plus(counts: &[u8; KINDS], kind: u8) -> [u8; KINDS] {
    let mut c = *counts;
    if let Some(x) = c.get_mut(usize::from(kind)) {
        *x = x.saturating_add(1);
    }
    c
}

/// The score-side piece of a round id (every id in the round is below 136: the wall is checked
/// on deal and decode). The old [`Round::win_of`]'s conversion (tests).
#[cfg(test)]
fn piece(id: u8) -> Result<Piece, Error> {
    Piece::from_id(id).ok_or_else(|| internal("a tile id above 135"))
}

/// The score-side meld of a table meld, the seat winds relative to `start` at a table of
/// `players` seats (the old [`Round::win_of`]'s, tests).
#[cfg(test)]
fn called_meld(m: &TableMeld, start: &Start, players: u8) -> Result<CalledMeld, Error> {
    let mut pieces = [Piece::default(); 4];
    for (slot, &id) in pieces.iter_mut().zip(m.tiles()) {
        *slot = piece(id)?;
    }
    let tiles = prefix(&pieces, m.kind.tiles());
    let called = m.called().map(piece).transpose()?;
    let from = m.from().map(|s| start.seat_wind_in(s, players));
    Ok(CalledMeld::new(m.kind, tiles, called, from)?)
}

/// A win before [`Round::value_wins`] writes its seats, tile, value and payments.
const UNVALUED_WIN: Agari = Agari {
    winner: Seat(0),
    from: None,
    pao: None,
    tile: 0,
    value: HandValue::EMPTY,
    deltas: [0; SEATS],
};

impl Round {
    /// [`Round::dealt`] written into `place`: the place zeroed (a `memset`, no round-sized
    /// temporary in the caller's frame), then dealt over in it by [`Round::deal_over`] (the one
    /// copy of the deal).
    pub(super) fn dealt_to<'p>(
        place: &'p mut MaybeUninit<Round>,
        config: &Config,
        start: &Start,
        wall: &[u8; TILE_IDS],
    ) -> &'p mut Round {
        let round = place.write(zerocopy::FromZeros::new_zeroed());
        round.deal_over(config, start, wall);
        round
    }

    /// This round replaced by [`Round::dealt`], in a frame of its own: the one copy of the deal
    /// (inlined in it), written where the round lies; [`Round::dealt_to`], the match's deals and
    /// the decoder deal through it.
    ///
    /// Written field by field over the zeroed round (no round-sized value built and copied in):
    /// what [`Round::dealt`] gives (`dealing_in_place_is_dealt` compares).
    #[inline(never)]
    pub(super) fn deal_over(&mut self, config: &Config, start: &Start, wall: &[u8; TILE_IDS]) {
        zerocopy::FromZeros::zero(self);
        let n = Layout::of(config.score.three_player).seats;
        for (k, chunk) in (0u8..n).zip(wall.as_chunks::<13>().0) {
            let hand = at_mut(&mut self.hands, next_in(start.dealer.0, k, n));
            for &id in chunk {
                bits_insert(hand, id);
            }
        }
        // Below `n`: checked by `with_start` and the decoder.
        let dealer = start.dealer.0.checked_rem(n).unwrap_or(0);
        // Constant indices into the fixed wall.
        let first = if config.score.three_player {
            wall[39]
        } else {
            wall[LIVE_AT]
        };
        bits_insert(at_mut(&mut self.hands, dealer), first);
        self.config = *config;
        self.start = *start;
        self.wall = *wall;
        self.melds = [[TableMeld::default(); 4]; SEATS];
        self.draws = 1;
        self.dora = 1;
        self.phase = PHASE_TURN;
        self.actor = dealer;
        self.drawn = first;
        self.first = if n == 3 { 0b0111 } else { 0b1111 };
        self.end = END_WIN;
    }

    /// A checked wall dealt (hands, the dealer's first draw, the first dora) without the waits
    /// cache (all zero): the deals compute it once the round is in its place, the decoder after
    /// overwriting every field. The reference of [`Round::deal_over`] (tests).
    #[cfg(test)]
    pub(super) fn dealt(config: &Config, start: &Start, wall: &[u8; TILE_IDS]) -> Round {
        let layout = Layout::of(config.score.three_player);
        let n = layout.seats;
        let mut hands: [Bits; SEATS] = [[0; 3]; SEATS];
        for (k, chunk) in (0u8..n).zip(wall.as_chunks::<13>().0) {
            let hand = at_mut(&mut hands, next_in(start.dealer.0, k, n));
            for &id in chunk {
                bits_insert(hand, id);
            }
        }
        // Below `n`: checked by `with_start` and the decoder.
        let dealer = start.dealer.0.checked_rem(n).unwrap_or(0);
        // Constant indices into the fixed wall.
        let first = if config.score.three_player {
            wall[39]
        } else {
            wall[LIVE_AT]
        };
        bits_insert(at_mut(&mut hands, dealer), first);
        Round {
            config: *config,
            start: *start,
            wall: *wall,
            hands,
            melds: [[TableMeld::default(); 4]; SEATS],
            meld_counts: [0; SEATS],
            pond: [0; super::round::MAX_DISCARDS],
            pond_flags: [0; super::round::MAX_DISCARDS],
            pond_len: 0,
            draws: 1,
            kans: 0,
            dora: 1,
            dora_pending: false,
            phase: PHASE_TURN,
            actor: dealer,
            window_tile: 0,
            window_ankan: false,
            window_kita: false,
            drawn: first,
            rinshan: false,
            answers: [NO_ANSWER; SEATS],
            pending: 0,
            riichi: [0; SEATS],
            riichi_declared: 0,
            ippatsu: 0,
            furiten_temp: 0,
            furiten_riichi: 0,
            first: if n == 3 { 0b0111 } else { 0b1111 },
            interrupted: false,
            kuikae: 0,
            kan_counts: [0; SEATS],
            nuki: [0; SEATS],
            pao: [0; SEATS],
            end: END_WIN,
            winners: [WinRecord::default(); 3],
            winner_count: 0,
            deltas: [0; SEATS],
            tenpai: 0,
            nagashi: 0,
            waits: [0; SEATS],
            pad: [0; super::round::ROUND_PAD],
        }
    }

    /// Computes the waits cache from scratch (in place: no second round on the stack).
    pub(super) fn refresh_waits(&mut self) {
        for s in 0..4u8 {
            *at_mut(&mut self.waits, s) = self.fresh_waits(s);
        }
    }

    /// The waits cache's value for `seat` (see [`Round::waits`]).
    pub(super) fn fresh_waits(&self, seat: u8) -> u64 {
        let mut bits = self.hand_bits(seat);
        if self.phase == PHASE_TURN && seat == self.actor && self.drawn != NONE {
            bits_remove(&mut bits, self.drawn);
        }
        if bits_len(&bits) % 3 == 1 {
            self.seat_waits_bits(seat, &bits)
        } else {
            0
        }
    }

    /// The waits of `seat`'s closed `counts` (`3n+1` tiles) when tenpai, less the kinds whose
    /// four copies the seat holds itself, in the hand and its melds (no wait: jun-karaten).
    pub(super) fn seat_waits(&self, seat: u8, counts: &[u8; KINDS]) -> u64 {
        let w = tenpai_waits(counts);
        if w == 0 {
            return 0;
        }
        let mut own = *counts;
        for m in self.melds_of(seat) {
            for &id in m.tiles() {
                if let Some(c) = own.get_mut(usize::from(kind_of(id))) {
                    *c = c.saturating_add(1);
                }
            }
        }
        let full = (0u8..)
            .zip(own.iter())
            .filter(|&(_, &c)| c >= 4)
            .fold(0u64, |m, (k, _)| m | (1u64 << k));
        w & !full
    }

    /// [`Round::seat_waits`] of the closed set `bits`: 0 without the counts when the census of
    /// the set's nibbles shows the hand far from tenpai ([`far_from_tenpai_bits`]).
    fn seat_waits_bits(&self, seat: u8, bits: &Bits) -> u64 {
        if far_from_tenpai_bits(bits, 1) {
            return 0;
        }
        self.seat_waits(seat, &bits_counts(bits))
    }

    fn set_waits(&mut self, seat: u8, w: u64) {
        *at_mut(&mut self.waits, seat) = w;
    }

    fn waits_bit(&self, seat: u8, tile: u8) -> bool {
        at(&self.waits, seat) & (1u64 << kind_of(tile)) != 0
    }

    pub(super) fn hand_bits(&self, seat: u8) -> Bits {
        *at(&self.hands, seat)
    }

    fn melds_of(&self, seat: u8) -> &[TableMeld] {
        self.melds(Seat(seat))
    }

    /// Whether `seat`'s hand is closed (no meld but closed kans).
    fn is_closed(&self, seat: u8) -> bool {
        self.melds_of(seat).iter().all(|m| m.kind == MeldKind::Ankan)
    }

    fn riichi_of(&self, seat: u8) -> u8 {
        *at(&self.riichi, seat)
    }

    fn score_of(&self, seat: u8) -> i32 {
        *at(&self.scores(), seat)
    }

    /// The seat `k` places after `seat` in turn order.
    pub(super) fn next_seat(&self, seat: u8, k: u8) -> u8 {
        next_in(seat, k, self.players())
    }

    /// The North the seat on turn may set aside now (three players: after a draw, with a
    /// replacement tile left; after riichi only a drawn North), if any.
    fn kita_tile(&self) -> Option<u8> {
        if !self.config.score.three_player || self.drawn == NONE || self.wall_left() == 0 {
            return None;
        }
        if kind_of(self.drawn) == NORTH {
            return Some(self.drawn);
        }
        if self.riichi_of(self.actor) != 0 {
            return None;
        }
        kind_ids(&self.hand_bits(self.actor), NORTH).next()
    }

    fn total_kans_ok(&self) -> bool {
        self.kans < 4 && self.wall_left() > 0
    }

    /// The legal actions on turn, in order.
    pub(super) fn turn_actions(&self, visit: &mut dyn FnMut(Action)) {
        // Discards (the rule of [`Round::discard_ok`]).
        let discards = self.discard_set();
        for id in bit_ids(discards) {
            visit(Action::Discard { tile: id });
        }
        self.turn_extras(visit);
    }

    /// The ids the seat on turn may discard (the rule of [`Round::discard_ok`]), as a set:
    /// after riichi only the drawn tile; otherwise the hand less the kinds kuikae forbids.
    pub(super) fn discard_set(&self) -> Bits {
        let seat = self.actor;
        let bits = self.hand_bits(seat);
        if self.riichi_of(seat) != 0 {
            let mut only: Bits = [0; 3];
            if self.drawn != NONE {
                bits_insert(&mut only, self.drawn);
            }
            return only;
        }
        let forbid = if self.config.kuikae_forbidden { self.kuikae } else { 0 };
        if forbid == 0 {
            return bits;
        }
        let mut allowed = bits;
        let mut kinds = forbid;
        while kinds != 0 {
            let kind = kinds.trailing_zeros();
            kinds &= kinds.wrapping_sub(1);
            // A kind's four ids are the nibble `kind & 15` of word `kind >> 4` (kinds above 47
            // have no word: nothing to clear).
            if let Some(word) = allowed.get_mut((kind >> 4) as usize) {
                *word &= !(0xFu64 << ((kind & 15) << 2));
            }
        }
        allowed
    }

    /// The turn's actions after the discards (riichi discards, tsumo, kans, kyuushu), in the
    /// order of [`Round::for_each_legal_action`]; none after a call (discard only).
    pub(super) fn turn_extras(&self, visit: &mut dyn FnMut(Action)) {
        let seat = self.actor;
        if self.drawn == NONE {
            return; // after a call: discard only
        }
        let bits = self.hand_bits(seat);
        let in_riichi = self.riichi_of(seat) != 0;
        // Riichi (the counts only for a hand the census of its nibbles cannot rule out).
        if !in_riichi
            && self.is_closed(seat)
            && self.score_of(seat) >= RIICHI_STICK
            && self.wall_left() >= self.players()
            && !far_from_tenpai_bits(&bits, 2)
            && let counts = bits_counts(&bits)
            && self.hand_shanten(&counts) <= 0
        {
            let mut tenpai_kinds = 0u64;
            for (kind, _) in (0u8..).zip(counts.iter()).filter(|&(_, &n)| n != 0) {
                let mut c = counts;
                if let Some(x) = c.get_mut(usize::from(kind)) {
                    *x = x.saturating_sub(1);
                }
                if self.hand_shanten(&c) == 0 && self.seat_waits(seat, &c) != 0 {
                    tenpai_kinds |= 1u64 << kind;
                }
            }
            for id in bit_ids(bits) {
                if tenpai_kinds & (1u64 << kind_of(id)) != 0 {
                    visit(Action::Riichi { tile: id });
                }
            }
        }
        // Tsumo.
        if self.can_tsumo() {
            visit(Action::Tsumo);
        }
        // Closed kans.
        if self.total_kans_ok() {
            // The kinds held four times (a full nibble), ascending.
            let mut quads = full_kinds(&bits);
            while quads != 0 {
                let kind = quads.trailing_zeros() as u8;
                quads &= quads.wrapping_sub(1);
                if in_riichi && !self.riichi_ankan_ok(seat, kind) {
                    continue;
                }
                if let Some(tile) = Tile::new(kind) {
                    visit(Action::Ankan { kind: tile });
                }
            }
            // Added kans.
            if !in_riichi {
                // Ascending id, whatever the order of the pons.
                let mut pon_kinds = 0u64;
                for m in self.melds_of(seat) {
                    if m.kind == MeldKind::Pon {
                        pon_kinds |= 1u64 << kind_of(m.tiles[0]); // a constant index into the meld's array
                    }
                }
                if pon_kinds != 0 {
                    for id in bit_ids(bits) {
                        if pon_kinds & (1u64 << kind_of(id)) != 0 {
                            visit(Action::Kakan { tile: id });
                        }
                    }
                }
            }
        }
        // A North set aside (three players).
        if self.kita_tile().is_some() {
            visit(Action::Kita);
        }
        // Nine terminals.
        if self.config.abort_nine_terminals && self.first & seat_bit(seat) != 0 && !self.interrupted {
            let counts = bits_counts(&bits);
            let kinds = (0..KINDS as u8)
                .filter(|&k| is_orphan_kind(k) && counts.get(usize::from(k)).is_some_and(|&c| c > 0))
                .count();
            if kinds >= 9 {
                visit(Action::Kyuushu);
            }
        }
    }

    /// Whether the seat on turn may discard `tile`: in the hand; after riichi only the drawn
    /// tile; not a kind kuikae forbids.
    pub(super) fn discard_ok(&self, tile: u8) -> bool {
        if !bits_has(&self.hand_bits(self.actor), tile) {
            return false;
        }
        if self.riichi_of(self.actor) != 0 {
            return tile == self.drawn;
        }
        let forbid = if self.config.kuikae_forbidden { self.kuikae } else { 0 };
        forbid & (1u64 << kind_of(tile)) == 0
    }

    /// Shanten of a seat's closed counts (any form).
    ///
    /// The counts are a real hand (at most 14 tiles, 4 of a kind, a size `3n+2` or `3n+1`), so
    /// neither step can fail; if one did (a broken invariant, asserted in debug builds), the
    /// answer is 8, which offers no riichi: the infallible enumeration then lists less, never
    /// an action the rules refuse.
    fn hand_shanten(&self, counts: &[u8; KINDS]) -> i8 {
        match Hand::from_counts(counts).map(|hand| shanten(&hand, None)) {
            Ok(Ok(s)) => s,
            _ => {
                debug_assert!(false, "mahjong round: shanten of a seat's hand failed");
                8
            }
        }
    }

    /// The waits of closed counts of `3n+1` tiles (bit per kind). They are a real hand, so this
    /// cannot fail; if it did (asserted in debug builds) the answer is no wait, which allows no
    /// closed kan after riichi: the enumeration lists less, never an illegal action.
    fn waits_of(counts: &[u8; KINDS]) -> u64 {
        match Hand::from_counts(counts).map(|h| waits(&h, Rules::RIICHI)) {
            Ok(Ok(w)) => w,
            _ => {
                debug_assert!(false, "mahjong round: waits of a seat's hand failed");
                0
            }
        }
    }

    /// After riichi, a closed kan of `kind` keeps the hand as it was: it uses the drawn tile and
    /// leaves the waits unchanged.
    fn riichi_ankan_ok(&self, seat: u8, kind: u8) -> bool {
        if self.drawn == NONE || kind_of(self.drawn) != kind {
            return false;
        }
        let mut bits = self.hand_bits(seat);
        bits_remove(&mut bits, self.drawn);
        let before = Round::waits_of(&bits_counts(&bits));
        let mut after = bits_counts(&self.hand_bits(seat));
        if let Some(x) = after.get_mut(usize::from(kind)) {
            *x = 0;
        }
        before != 0 && before == Round::waits_of(&after)
    }

    /// Whether the seat on turn may win on its drawn tile.
    fn can_tsumo(&self) -> bool {
        let seat = self.actor;
        if self.drawn == NONE {
            return false;
        }
        if !self.waits_bit(seat, self.drawn) {
            return false;
        }
        let record = self.tsumo_record();
        self.value_into(&record, true, score::Place::Check).is_ok()
    }

    fn tsumo_record(&self) -> WinRecord {
        let seat = self.actor;
        let mut flags = WIN_HONBA;
        if self.rinshan {
            flags |= WIN_RINSHAN;
        } else if self.wall_left() == 0 {
            flags |= WIN_HAITEI;
        }
        if self.first & seat_bit(seat) != 0 && !self.interrupted {
            flags |= WIN_BLESSING;
        }
        if self.ippatsu & seat_bit(seat) != 0 {
            flags |= WIN_IPPATSU;
        }
        WinRecord {
            seat,
            from: NONE,
            tile: self.drawn,
            flags,
        }
    }

    fn ron_record(&self, seat: u8, tile: u8, chankan: bool) -> WinRecord {
        let mut flags = WIN_HONBA;
        if chankan {
            // A ron on a North set aside is no chankan (and, a tile being left, no houtei).
            if !self.window_kita {
                flags |= WIN_CHANKAN;
            }
        } else if self.wall_left() == 0 {
            flags |= WIN_HOUTEI;
        }
        if self.ippatsu & seat_bit(seat) != 0 {
            flags |= WIN_IPPATSU;
        }
        WinRecord {
            seat,
            from: self.actor,
            tile,
            flags,
        }
    }

    /// Whether `seat` is furiten: one of its waits is among its own discards, or it let a
    /// winning tile pass since its last discard, or after its riichi.
    fn furiten(&self, seat: u8) -> bool {
        let bit = seat_bit(seat);
        if (self.furiten_temp | self.furiten_riichi) & bit != 0 {
            return true;
        }
        let waits = *at(&self.waits, seat);
        self.discards()
            .any(|d| d.seat.0 == seat && waits & (1u64 << kind_of(d.tile)) != 0)
    }

    /// Whether `seat` may win on `tile` (the window's discard, or the kan tile on a chankan).
    ///
    /// The cheap refusals (the seat that let the tile go, a tile the seat does not wait on: most
    /// seats at most windows) inline at its callers where the compiler inlines (not at
    /// opt-level z, where every copy would cost flash); the rest out of line.
    #[inline]
    pub(super) fn can_ron(&self, seat: u8, tile: u8, chankan: bool) -> bool {
        seat != self.actor && self.waits_bit(seat, tile) && self.can_ron_waiting(seat, tile, chankan)
    }

    /// [`Round::can_ron`] of a seat other than the actor that waits on `tile`.
    #[inline(never)]
    fn can_ron_waiting(&self, seat: u8, tile: u8, chankan: bool) -> bool {
        if chankan && self.window_ankan && !self.window_kita && !self.robs_ankan(seat, tile) {
            return false;
        }
        if self.furiten(seat) {
            return false;
        }
        let record = self.ron_record(seat, tile, chankan);
        self.value_into(&record, true, score::Place::Check).is_ok()
    }

    /// The calls `seat` may make on the window's discard (after `Pass`, in order: ron, pons,
    /// kan, chiis).
    pub(super) fn call_actions(&self, seat: u8, visit: &mut dyn FnMut(Action)) {
        let tile = self.window_tile;
        if self.can_ron(seat, tile, false) {
            visit(Action::Ron);
        }
        if self.riichi_of(seat) != 0 || self.wall_left() == 0 || seat == self.actor {
            return;
        }
        let bits = self.hand_bits(seat);
        let kind = kind_of(tile);
        let same = kind_count(&bits, kind);
        if same >= 2 {
            let mut ids = [0u8; 3];
            let mut n = 0usize;
            for id in kind_ids(&bits, kind) {
                if let Some(slot) = ids.get_mut(n) {
                    *slot = id;
                    n = n.saturating_add(1);
                }
            }
            if self.call_leaves_discard(seat, &[kind], kind, None) {
                for i in 0..n {
                    for j in i.saturating_add(1)..n {
                        if let (Some(&a), Some(&b)) = (ids.get(i), ids.get(j)) {
                            visit(Action::Pon { tiles: [a, b] });
                        }
                    }
                }
            }
        }
        if same == 3 && self.total_kans_ok() {
            visit(Action::Kan);
        }
        // No chii with three players.
        if seat == self.next_seat(self.actor, 1) && !self.config.score.three_player {
            let Some(t) = Tile::new(kind) else {
                // The window tile is a round id (below 136), so its kind is below 34.
                debug_assert!(false, "mahjong round: a window tile above 135");
                return; // no chii listed: the enumeration lists less, never an illegal action
            };
            if t.suit() == super::tile::Suit::Honor {
                return;
            }
            let n = t.number();
            // Shapes by the run's lowest number: n-2, n-1, n.
            for low in [n.wrapping_sub(2), n.wrapping_sub(1), n] {
                let Some([k1, k2]) = self.chii_kinds(seat, &bits, kind, low) else {
                    continue;
                };
                for a in kind_ids(&bits, k1) {
                    for b in kind_ids(&bits, k2) {
                        visit(Action::Chii { tiles: [a, b] });
                    }
                }
            }
        }
    }

    /// Whether [`Round::call_actions`] lists anything for `seat` (a call or a ron on the
    /// window's discard), the cheap calls asked first and the ron (which scores the hand) last.
    /// The kinds are read as the hand's nibbles: a kind is held when its nibble is not 0, held
    /// twice when clearing its lowest bit leaves one.
    fn has_call(&self, seat: u8, shared: &WindowFacts) -> bool {
        let tile = self.window_tile;
        if self.riichi_of(seat) == 0 && shared.calls_open && seat != self.actor {
            let bits = at(&self.hands, seat);
            let kind = kind_of(tile);
            let same = kind_nibble(bits, kind);
            if same & same.wrapping_sub(1) != 0 {
                if self.call_leaves_discard(seat, &[kind], kind, None) {
                    return true; // a pon
                }
                if nibble_ones(same) == 3 && shared.kans_ok {
                    return true; // a kan
                }
            }
            // No chii with three players (no chii seat then); every chii uses the kind one
            // below or one above the discard's.
            if seat == shared.chii_seat
                && kind < 27
                && (kind_nibble(bits, kind.wrapping_sub(1)) != 0 || kind_nibble(bits, kind.wrapping_add(1)) != 0)
            {
                let n = (kind % 9).wrapping_add(1); // the number, 1–9
                for low in [n.wrapping_sub(2), n.wrapping_sub(1), n] {
                    if self.chii_kinds(seat, bits, kind, low).is_some() {
                        return true; // a chii
                    }
                }
            }
        }
        self.can_ron(seat, tile, false)
    }

    /// The two kinds beside the window's `kind` (a number kind, below 27) of the chii whose run
    /// starts at number `low` (tried for `n - 2`, `n - 1` and `n`, the discard's number `n`),
    /// when it is a run (`low` 1–7), `seat` holds both kinds and the call leaves it a tile it
    /// may discard under kuikae. One copy for [`Round::call_actions`] and `has_call`.
    #[inline(never)]
    fn chii_kinds(&self, seat: u8, bits: &Bits, kind: u8, low: u8) -> Option<[u8; 2]> {
        if !(1..=7).contains(&low) {
            return None;
        }
        let n = (kind % 9).wrapping_add(1); // the discard's number, 1–9
        let base = kind.wrapping_sub(n).wrapping_add(low); // kind of `low`
        let [k1, k2]: [u8; 2] = match low {
            l if l == n => [base.wrapping_add(1), base.wrapping_add(2)],
            l if l.wrapping_add(1) == n => [base, base.wrapping_add(2)],
            _ => [base, base.wrapping_add(1)],
        };
        if kind_nibble(bits, k1) == 0 || kind_nibble(bits, k2) == 0 {
            return None;
        }
        // Kuikae: the called kind and the far end of a run completed at an end.
        let suji = if low == n && n <= 6 {
            Some(kind.wrapping_add(3))
        } else if low.wrapping_add(2) == n && n >= 4 {
            Some(kind.wrapping_sub(3))
        } else {
            None
        };
        self.call_leaves_discard(seat, &[k1, k2], kind, suji)
            .then_some([k1, k2])
    }

    /// Whether, after a call using one tile of each kind in `used` (pon: `used` = the kind
    /// twice, given once), the hand keeps a tile it may discard under kuikae.
    pub(super) fn call_leaves_discard(&self, seat: u8, used: &[u8], called: u8, suji: Option<u8>) -> bool {
        // The hand as a set, less every id of the kinds kuikae forbids and the ids the call
        // takes of the others (the lowest of each kind: which ones does not change what is
        // left to count): anything left?
        let mut rest = self.hand_bits(seat);
        if self.config.kuikae_forbidden {
            for k in [Some(called), suji].into_iter().flatten() {
                clear_kind(&mut rest, k);
            }
        }
        let taken = if used.len() == 1 { 2 } else { 1 };
        for &k in used {
            for _ in 0..taken {
                drop_lowest_of_kind(&mut rest, k);
            }
        }
        let [a, b, c] = rest;
        a | b | c != 0
    }

    /// A short reason an action is refused (for [`Error::IllegalAction`]).
    pub(super) fn why_illegal(&self, seat: u8, action: Action) -> &'static str {
        let bits = self.hand_bits(seat);
        let window = matches!(self.phase, PHASE_CALLS | PHASE_CHANKAN);
        match action {
            Action::Discard { .. }
            | Action::Riichi { .. }
            | Action::Tsumo
            | Action::Ankan { .. }
            | Action::Kakan { .. }
            | Action::Kyuushu
            | Action::Kita
                if window =>
            {
                "a call window is open: answer pass or a call"
            }
            Action::Ron | Action::Pon { .. } | Action::Kan | Action::Chii { .. } | Action::Pass if !window => {
                "no call window is open"
            }
            Action::Discard { tile } | Action::Riichi { tile } | Action::Kakan { tile } if !bits_has(&bits, tile) => {
                "the tile is not in the hand"
            }
            Action::Discard { .. } if self.riichi_of(seat) != 0 => "after riichi only the drawn tile is discarded",
            Action::Discard { .. } => "kuikae: the called kind (or its far end) may not be discarded now",
            Action::Riichi { .. } => "riichi needs a closed tenpai hand, 1000 points and 4 live tiles",
            Action::Tsumo => "the hand is not complete with a yaku",
            Action::Ankan { .. } | Action::Kakan { .. } | Action::Kan => "no such kan is possible now",
            Action::Kyuushu => "kyuushu needs nine kinds of terminals and honors on the first draw",
            Action::Kita => "kita needs three players, a North in hand after a draw and a tile left to replace it",
            Action::Ron => "no ron: the hand is not complete with a yaku, or it is furiten",
            Action::Pon { .. } => "no such pon",
            Action::Chii { .. } => "no such chii (only the next seat, a run, kuikae)",
            Action::Pass => "cannot pass now",
        }
    }

    /// Applies a legal action.
    pub(super) fn act(&mut self, seat: u8, action: Action, event: &mut Event) -> Result<(), Error> {
        match action {
            Action::Discard { tile } => self.discard(seat, tile, false, event),
            Action::Riichi { tile } => self.discard(seat, tile, true, event),
            Action::Tsumo => {
                let record = self.tsumo_record();
                self.finish_wins(&[record])
            }
            Action::Ankan { kind } => self.ankan(seat, kind.index() as u8, event),
            Action::Kakan { tile } => self.kakan(seat, tile, event),
            Action::Kyuushu => {
                self.abort(Abort::NineTerminals);
                Ok(())
            }
            Action::Kita => self.kita(seat, event),
            Action::Ron | Action::Pon { .. } | Action::Kan | Action::Chii { .. } | Action::Pass => {
                *at_mut(&mut self.answers, seat) = action.to_code();
                self.pending &= !seat_bit(seat);
                if self.pending == 0 {
                    if self.phase == PHASE_CALLS {
                        self.resolve_calls(event)
                    } else {
                        self.resolve_chankan(event)
                    }
                } else {
                    Ok(())
                }
            }
        }
    }

    fn reveal_pending(&mut self, event: &mut Event) -> Result<(), Error> {
        if self.dora_pending {
            self.dora_pending = false;
            self.reveal(event)?;
        }
        Ok(())
    }

    fn reveal(&mut self, event: &mut Event) -> Result<(), Error> {
        if self.dora < 5 {
            // The new indicator is the `dora`-th of the row (1–5 once added).
            let [row, _] = dead_wall(&self.wall, self.layout());
            let id = *row
                .get(usize::from(self.dora))
                .ok_or_else(|| internal("a sixth dora indicator"))?;
            self.dora = self.dora.saturating_add(1); // below 5 just above
            let slot = event
                .dora
                .iter_mut()
                .find(|d| d.is_none())
                .ok_or_else(|| internal("more dora in one event than kans"))?;
            *slot = Some(id);
        }
        Ok(())
    }

    fn discard(&mut self, seat: u8, tile: u8, riichi: bool, event: &mut Event) -> Result<(), Error> {
        let hand = at_mut(&mut self.hands, seat);
        bits_remove(hand, tile);
        let bits = *hand;
        let w = self.seat_waits_bits(seat, &bits);
        self.set_waits(seat, w);
        let mut flags = seat & 3;
        if tile == self.drawn {
            flags |= POND_TSUMOGIRI;
        }
        if riichi {
            flags |= POND_RIICHI;
            self.riichi_declared = if self.first & seat_bit(seat) != 0 && !self.interrupted {
                2
            } else {
                1
            };
        } else {
            self.riichi_declared = 0;
        }
        let at = usize::from(self.pond_len);
        *self
            .pond
            .get_mut(at)
            .ok_or_else(|| internal("a discard beyond the pond"))? = tile;
        *self
            .pond_flags
            .get_mut(at)
            .ok_or_else(|| internal("a discard beyond the pond"))? = flags;
        self.pond_len = self.pond_len.saturating_add(1);
        self.furiten_temp &= !seat_bit(seat);
        self.first &= !seat_bit(seat);
        self.ippatsu &= !seat_bit(seat);
        self.drawn = NONE;
        self.rinshan = false;
        self.kuikae = 0;
        self.reveal_pending(event)?;
        self.phase = PHASE_CALLS;
        self.window_tile = tile;
        self.window_ankan = false;
        self.open_window(event)
    }

    /// Asks every seat with a call (or, in a chankan window, a ron); resolves at once when none
    /// has one.
    fn open_window(&mut self, event: &mut Event) -> Result<(), Error> {
        self.answers = [NO_ANSWER; SEATS];
        let mut pending = 0u8;
        let players = self.players();
        if self.phase == PHASE_CALLS {
            // What every seat's check shares, asked once per discard.
            let shared = WindowFacts {
                calls_open: self.wall_left() != 0,
                kans_ok: self.total_kans_ok(),
                chii_seat: if self.config.score.three_player {
                    NONE // no chii with three players
                } else {
                    self.next_seat(self.actor, 1)
                },
            };
            for k in 1..players {
                let s = next_in(self.actor, k, players);
                if self.has_call(s, &shared) {
                    pending |= seat_bit(s);
                }
            }
        } else {
            for k in 1..players {
                let s = next_in(self.actor, k, players);
                if self.can_ron(s, self.window_tile, true) {
                    pending |= seat_bit(s);
                }
            }
        }
        self.pending = pending;
        if pending != 0 {
            return Ok(());
        }
        if self.phase == PHASE_CALLS {
            self.resolve_calls(event)
        } else {
            self.resolve_chankan(event)
        }
    }

    /// The seats that answered ron, nearest the actor first.
    fn ron_claimants(&self) -> ([u8; 3], usize) {
        let mut rons = [0u8; 3];
        let mut n = 0usize;
        for k in 1..self.players() {
            let s = self.next_seat(self.actor, k);
            // The verb byte alone (a held answer is an action's code, checked by `held_ok`).
            if at(&self.answers, s).first() == Action::Ron.to_code().first()
                && let Some(slot) = rons.get_mut(n)
            {
                *slot = s;
                n = n.saturating_add(1);
            }
        }
        (rons, n)
    }

    /// Resolves rons in a window: `Some(result)` when the round ended.
    fn resolve_rons(&mut self, chankan: bool) -> Option<Result<(), Error>> {
        let (rons, n) = self.ron_claimants();
        if n == 0 {
            return None;
        }
        if n == 3 && self.config.multi_ron == MultiRon::Double && self.config.abort_triple_ron {
            self.abort(Abort::TripleRon);
            return Some(Ok(()));
        }
        let take = if self.config.multi_ron == MultiRon::HeadBump {
            1
        } else {
            n
        };
        let mut records = [WinRecord::default(); 3];
        for (i, (slot, &s)) in records.iter_mut().zip(rons.iter()).take(take).enumerate() {
            let mut r = self.ron_record(s, self.window_tile, chankan);
            if i > 0 {
                r.flags &= !WIN_HONBA;
            }
            *slot = r;
        }
        Some(self.finish_wins(prefix(&records, take)))
    }

    /// Whether `seat`'s closed hand with `tile` is thirteen orphans: the only hand that may rob
    /// a closed kan (`Config::kokushi_robs_ankan`).
    fn robs_ankan(&self, seat: u8, tile: u8) -> bool {
        let bits = self.hand_bits(seat);
        bits_len(&bits) == 13 && thirteen_orphans_complete(&plus(&bits_counts(&bits), kind_of(tile)))
    }

    /// Marks temporary (and riichi) furiten for every seat but the actor that could have won on
    /// `tile` and did not: whose hand `tile` completes — on a closed kan only a thirteen-orphans
    /// hand, as no other hand may rob it (a closed kan of another seat's winning tile is no
    /// missed win: `docs/mahjong.md`, "Furiten").
    pub(super) fn mark_missed(&mut self, tile: u8) {
        // Most tiles complete no hand at the table (the actor's own waits asked too: then the
        // seats are read one by one).
        let all = self.waits.iter().fold(0u64, |all, &w| all | w);
        if all & (1u64 << kind_of(tile)) == 0 {
            return;
        }
        let closed_kan = self.window_ankan && !self.window_kita;
        for k in 1..self.players() {
            let s = self.next_seat(self.actor, k);
            if self.waits_bit(s, tile) && (!closed_kan || self.robs_ankan(s, tile)) {
                self.furiten_temp |= seat_bit(s);
                if self.riichi_of(s) != 0 {
                    self.furiten_riichi |= seat_bit(s);
                }
            }
        }
    }

    pub(super) fn resolve_calls(&mut self, event: &mut Event) -> Result<(), Error> {
        self.pending = 0;
        // Most windows close unanswered (no seat had a call): then no ron and no call to read.
        let answered = self.answers != [NO_ANSWER; SEATS];
        if answered && let Some(done) = self.resolve_rons(false) {
            return done;
        }
        let discarder = self.actor;
        let tile = self.window_tile;
        // The discard passed: a riichi declared on it is accepted.
        if self.riichi_declared != 0 {
            *at_mut(&mut self.riichi, discarder) = self.riichi_declared;
            self.riichi_declared = 0;
            self.ippatsu |= seat_bit(discarder);
            event.riichi = Some(Seat(discarder));
            if self.config.abort_four_riichi && self.riichi_count() == 4 {
                self.abort(Abort::FourRiichi);
                return Ok(());
            }
        }
        self.mark_missed(tile);
        // Four winds: the first four discards, no call, the same wind (four players).
        if self.config.abort_four_winds && self.players() == 4 && self.pond_len == 4 && !self.interrupted {
            let k = kind_of(tile);
            if (27..=30).contains(&k) && self.pond.iter().take(4).all(|&t| kind_of(t) == k) {
                self.abort(Abort::FourWinds);
                return Ok(());
            }
        }
        // Four kans by two or more seats.
        if self.config.abort_four_kans && self.kans == 4 && self.kan_counts.iter().filter(|&&c| c > 0).count() >= 2 {
            self.abort(Abort::FourKans);
            return Ok(());
        }
        // Pon or kan beats chii.
        let mut call = None;
        for k in (1..self.players()).filter(|_| answered) {
            let s = self.next_seat(discarder, k);
            // Most answers are passes: only a call's code (pon 8, kan 9, chii 10) is read.
            if !matches!(at(&self.answers, s).first(), Some(8..=10)) {
                continue;
            }
            match self.answer(s) {
                Some(a @ (Action::Pon { .. } | Action::Kan)) => {
                    call = Some((s, a));
                    break;
                }
                Some(a @ Action::Chii { .. }) if call.is_none() => call = Some((s, a)),
                _ => {}
            }
        }
        self.answers = [NO_ANSWER; SEATS];
        if let Some((s, action)) = call {
            return self.make_call(s, action, event);
        }
        if self.wall_left() == 0 {
            self.exhaustive_draw();
            return Ok(());
        }
        self.draw_next(self.next_seat(discarder, 1), event)
    }

    /// The next live-wall draw (the caller has checked [`Round::wall_left`]).
    fn draw_next(&mut self, seat: u8, event: &mut Event) -> Result<(), Error> {
        let id = *self
            .wall
            .get(self.layout().live_at.saturating_add(usize::from(self.draws)))
            .ok_or_else(|| internal("a draw beyond the live wall"))?;
        self.draws = self.draws.saturating_add(1); // at most 70: the wall is 136 ids
        bits_insert(at_mut(&mut self.hands, seat), id);
        self.phase = PHASE_TURN;
        self.actor = seat;
        self.drawn = id;
        self.rinshan = false;
        self.kuikae = 0;
        event.drew = Some((Seat(seat), id));
        Ok(())
    }

    /// The kan replacement draw (a kan is legal only while fewer than four were made).
    fn draw_replacement(&mut self, seat: u8, event: &mut Event) -> Result<(), Error> {
        if self.kans >= 4 {
            return Err(internal("a fifth kan replacement"));
        }
        let r = self.replacements();
        self.kans = self.kans.saturating_add(1); // below 4 just above
        let c = at_mut(&mut self.kan_counts, seat);
        *c = c.saturating_add(1); // at most 4 (the kans)
        self.take_replacement(seat, r, event)
    }

    /// Replacement draw `r` (0-based, kans and Norths in order) into `seat`'s hand.
    fn take_replacement(&mut self, seat: u8, r: u8, event: &mut Event) -> Result<(), Error> {
        let id = *self
            .wall
            .get(self.layout().replacement(r))
            .filter(|_| r < 8)
            .ok_or_else(|| internal("a replacement draw beyond the dead wall"))?;
        let w = self.seat_waits_bits(seat, &self.hand_bits(seat));
        self.set_waits(seat, w);
        bits_insert(at_mut(&mut self.hands, seat), id);
        self.phase = PHASE_TURN;
        self.actor = seat;
        self.drawn = id;
        self.rinshan = true;
        self.kuikae = 0;
        event.drew = Some((Seat(seat), id));
        Ok(())
    }

    fn push_meld(&mut self, seat: u8, meld: TableMeld) -> Result<(), Error> {
        let n = at_mut(&mut self.meld_counts, seat);
        let slot = at_mut(&mut self.melds, seat)
            .get_mut(usize::from(*n))
            .ok_or_else(|| internal("a fifth meld"))?;
        *slot = meld;
        *n = n.saturating_add(1);
        Ok(())
    }

    /// Interrupts: no first-turn wins or double riichi after a call, ippatsu broken.
    fn interrupt(&mut self) {
        self.interrupted = true;
        self.ippatsu = 0;
        self.first = 0;
    }

    fn make_call(&mut self, seat: u8, action: Action, event: &mut Event) -> Result<(), Error> {
        let discarder = self.actor;
        let tile = self.window_tile;
        let kind = kind_of(tile);
        let mut tiles = [tile, 0, 0, 0];
        let (meld_kind, used): (MeldKind, usize) = match action {
            Action::Pon { tiles: [a, b] } => {
                tiles = [tile, a, b, 0];
                (MeldKind::Pon, 2)
            }
            Action::Chii { tiles: [a, b] } => {
                tiles = [tile, a, b, 0];
                (MeldKind::Chii, 2)
            }
            Action::Kan => {
                let bits = self.hand_bits(seat);
                for (slot, id) in tiles.iter_mut().skip(1).zip(kind_ids(&bits, kind)) {
                    *slot = id;
                }
                (MeldKind::Minkan, 3)
            }
            _ => return Err(internal("a call resolved from an answer that is no call")),
        };
        let hand = at_mut(&mut self.hands, seat);
        for &id in tiles.iter().skip(1).take(used) {
            bits_remove(hand, id);
        }
        // Constant ranges of the fixed array: the pon's or chii's three ids, the kan's four.
        if meld_kind == MeldKind::Minkan {
            tiles.sort_unstable();
        } else {
            tiles[..3].sort_unstable();
        }
        self.push_meld(
            seat,
            TableMeld {
                kind: meld_kind,
                tiles,
                called: tile,
                from: discarder,
            },
        )?;
        let last = self
            .pond_len
            .checked_sub(1)
            .and_then(|i| self.pond_flags.get_mut(usize::from(i)))
            .ok_or_else(|| internal("a call without a discard"))?;
        *last |= POND_CALLED;
        self.interrupt();
        if meld_kind != MeldKind::Chii {
            self.note_pao(seat, discarder, kind);
        }
        event.called = Some(super::round::Call {
            seat: Seat(seat),
            meld: TableMeld {
                kind: meld_kind,
                tiles,
                called: tile,
                from: discarder,
            },
        });
        if meld_kind == MeldKind::Minkan {
            self.dora_pending = true;
            return self.draw_replacement(seat, event);
        }
        self.phase = PHASE_TURN;
        self.actor = seat;
        self.drawn = NONE;
        self.rinshan = false;
        self.set_waits(seat, 0);
        self.kuikae = 1u64 << kind;
        if meld_kind == MeldKind::Chii {
            // Constant indices into the meld's array (a chii's three ids, ascending).
            let low = kind_of(tiles[0]);
            let high = kind_of(tiles[2]);
            let number = Tile::new(kind)
                .ok_or_else(|| internal("a called tile above 135"))?
                .number();
            if kind == low && number <= 6 {
                self.kuikae |= 1u64 << high.wrapping_add(1);
            } else if kind == high && number >= 4 {
                self.kuikae |= 1u64 << low.wrapping_sub(1);
            }
        }
        Ok(())
    }

    /// Pao: `seat`'s third dragon set or fourth wind set, the pon or kan of `last` (its kind)
    /// just called from `from`.
    fn note_pao(&mut self, seat: u8, from: u8, last: u8) {
        if !self.config.pao {
            return;
        }
        let sets = |range: core::ops::RangeInclusive<u8>| {
            self.melds_of(seat)
                .iter()
                .filter(|m| m.kind != MeldKind::Chii && range.contains(&kind_of(m.tiles[0]))) // constant index
                .count()
        };
        let liable =
            ((31..=33).contains(&last) && sets(31..=33) == 3) || ((27..=30).contains(&last) && sets(27..=30) == 4);
        if liable {
            *at_mut(&mut self.pao, seat) = from.wrapping_add(1); // a seat 0–3: 1–4
        }
    }

    fn ankan(&mut self, seat: u8, kind: u8, event: &mut Event) -> Result<(), Error> {
        self.interrupt();
        // Thirteen orphans may rob a closed kan: the tiles stay in the hand until the window
        // closes.
        if self.config.kokushi_robs_ankan && is_orphan_kind(kind) {
            let tile = kind_ids(&self.hand_bits(seat), kind)
                .next()
                .ok_or_else(|| internal("a closed kan of a kind not in the hand"))?;
            self.phase = PHASE_CHANKAN;
            self.window_tile = tile;
            self.window_ankan = true;
            self.actor = seat;
            self.drawn = NONE;
            self.set_waits(seat, 0);
            let mut any = false;
            for k in 1..self.players() {
                any |= self.can_ron(self.next_seat(seat, k), tile, true);
            }
            if any {
                return self.open_window(event);
            }
        }
        self.finish_ankan(seat, kind, event)
    }

    fn finish_ankan(&mut self, seat: u8, kind: u8, event: &mut Event) -> Result<(), Error> {
        let hand = at_mut(&mut self.hands, seat);
        let mut tiles = [0u8; 4];
        for (slot, id) in tiles.iter_mut().zip(kind_ids(hand, kind)) {
            *slot = id;
        }
        for &id in &tiles {
            bits_remove(hand, id);
        }
        self.push_meld(
            seat,
            TableMeld {
                kind: MeldKind::Ankan,
                tiles,
                called: NONE,
                from: NONE,
            },
        )?;
        event.called = Some(Call {
            seat: Seat(seat),
            meld: TableMeld {
                kind: MeldKind::Ankan,
                tiles,
                called: NONE,
                from: NONE,
            },
        });
        // An earlier open or added kan's pending indicator first, now that this kan stands (a
        // thirteen-orphans hand that robs it ends the round with neither turned); then this
        // closed kan's at once (Tenhou).
        self.reveal_pending(event)?;
        self.reveal(event)?;
        self.draw_replacement(seat, event)
    }

    /// A North set aside: the window for a ron on it first (like an added kan's).
    fn kita(&mut self, seat: u8, event: &mut Event) -> Result<(), Error> {
        let tile = self.kita_tile().ok_or_else(|| internal("kita without a North"))?;
        self.phase = PHASE_CHANKAN;
        self.window_tile = tile;
        self.window_ankan = false;
        self.window_kita = true;
        self.actor = seat;
        self.drawn = NONE;
        self.set_waits(seat, 0);
        self.open_window(event)
    }

    /// The North set aside once nobody won on it: it leaves the hand, the seat draws a
    /// replacement tile. It interrupts like a call (ippatsu, first-turn wins, double riichi).
    fn finish_kita(&mut self, seat: u8, tile: u8, event: &mut Event) -> Result<(), Error> {
        self.window_kita = false;
        self.interrupt();
        let r = self.replacements();
        bits_remove(at_mut(&mut self.hands, seat), tile);
        *at_mut(&mut self.nuki, seat) |= 1u8 << (tile & 3);
        self.take_replacement(seat, r, event)
    }

    fn kakan(&mut self, seat: u8, tile: u8, event: &mut Event) -> Result<(), Error> {
        // The added kan interrupts (breaks ippatsu) only once nobody robs it, and an earlier
        // open or added kan's pending indicator is turned only then (`resolve_chankan`): a
        // robbing ron does not count it (Tenhou).
        self.phase = PHASE_CHANKAN;
        self.window_tile = tile;
        self.window_ankan = false;
        self.actor = seat;
        self.drawn = NONE;
        self.set_waits(seat, 0);
        self.open_window(event)
    }

    fn resolve_chankan(&mut self, event: &mut Event) -> Result<(), Error> {
        self.pending = 0;
        if let Some(done) = self.resolve_rons(true) {
            return done;
        }
        self.answers = [NO_ANSWER; SEATS];
        let seat = self.actor;
        let tile = self.window_tile;
        self.mark_missed(tile);
        if self.window_kita {
            return self.finish_kita(seat, tile, event);
        }
        if self.window_ankan {
            return self.finish_ankan(seat, kind_of(tile), event);
        }
        self.interrupt();
        bits_remove(at_mut(&mut self.hands, seat), tile);
        let kind = kind_of(tile);
        let n = usize::from(*at(&self.meld_counts, seat));
        let meld = at_mut(&mut self.melds, seat)
            .iter_mut()
            .take(n)
            .find(|m| m.kind == MeldKind::Pon && kind_of(m.tiles[0]) == kind) // constant index
            .ok_or_else(|| internal("an added kan without its pon"))?;
        meld.kind = MeldKind::Shouminkan;
        meld.tiles[3] = tile; // a constant index: a pon's fourth slot
        meld.tiles.sort_unstable();
        event.called = Some(Call {
            seat: Seat(seat),
            meld: *meld,
        });
        // The added kan stands: an earlier kan's pending indicator is turned before the
        // replacement draw, this kan's waits for the seat's discard or next kan.
        self.reveal_pending(event)?;
        self.dora_pending = true;
        self.draw_replacement(seat, event)
    }

    /// The waits cache of the actor once the round is over (0 when it holds `3n+2` tiles).
    fn settle_waits(&mut self) {
        let actor = self.actor;
        self.phase = PHASE_OVER;
        let w = self.fresh_waits(actor);
        self.set_waits(actor, w);
    }

    fn abort(&mut self, why: Abort) {
        self.settle_waits();
        self.riichi_declared = 0;
        self.phase = PHASE_OVER;
        self.pending = 0;
        self.end = END_ABORT.saturating_add(abort_code(why));
    }

    fn exhaustive_draw(&mut self) {
        self.phase = PHASE_OVER;
        self.pending = 0;
        let mut tenpai = 0u8;
        for s in 0..4u8 {
            if *at(&self.waits, s) != 0 {
                tenpai |= seat_bit(s);
            }
        }
        self.tenpai = tenpai;
        let mut nagashi = 0u8;
        if self.config.nagashi_mangan {
            for s in 0..4u8 {
                let mut any = false;
                let ok = self.discards().filter(|d| d.seat.0 == s).all(|d| {
                    any = true;
                    !d.called && is_orphan_kind(kind_of(d.tile))
                });
                if ok && any {
                    nagashi |= seat_bit(s);
                }
            }
        }
        self.nagashi = nagashi;
        let dealer = self.start.dealer.0 & 3;
        let n = self.players();
        let mut deltas = [0i32; SEATS];
        if nagashi != 0 {
            self.end = END_NAGASHI;
            for s in (0..n).filter(|&s| nagashi & seat_bit(s) != 0) {
                for p in (0..n).filter(|&p| p != s) {
                    let pay = if s == dealer || p == dealer { 4000 } else { 2000 };
                    add(&mut deltas, s, pay);
                    add(&mut deltas, p, pay.saturating_neg());
                }
            }
        } else {
            self.end = END_EXHAUSTIVE;
            // 3000 in all from the noten seats to the tenpai ones (three players: 2000).
            let ready = tenpai.count_ones();
            let (gain, loss): (i32, i32) = match (n, ready) {
                (4, 1) => (3000, 1000),
                (4, 2) => (1500, 1500),
                (4, 3) => (1000, 3000),
                (3, 1) => (2000, 1000),
                (3, 2) => (1000, 2000),
                _ => (0, 0),
            };
            if gain != 0 {
                for s in 0..n {
                    if tenpai & seat_bit(s) != 0 {
                        add(&mut deltas, s, gain);
                    } else {
                        add(&mut deltas, s, loss.saturating_neg());
                    }
                }
            }
        }
        self.deltas = deltas;
    }

    /// The score-side win of a record, written into `win` (a default one) in a frame of its own
    /// (not inlined): the meld and tile conversions are not on the stack while the hand is
    /// valued, and no second `Win` is moved out of a result. Each id is converted without a
    /// result of its own (an id above 135, only in forged bytes, is noted and refused once at
    /// the end: one error path, not one per id; `win_of_is_the_old_conversion` compares).
    #[inline(never)]
    pub(super) fn win_of(&self, record: &WinRecord, with_sticks: bool, win: &mut score::Win) -> Result<(), Error> {
        let seat = record.seat;
        let mut bad_id = false;
        let mut piece = |id: u8| {
            Piece::from_id(id).unwrap_or_else(|| {
                bad_id = true;
                Piece::default()
            })
        };
        let tsumo = record.from == NONE;
        win.winning = piece(record.tile);
        for id in bit_ids(self.hand_bits(seat)) {
            win.closed.push(piece(id))?;
        }
        if !tsumo {
            win.closed.push(win.winning)?;
        }
        let players = self.players();
        for m in self.melds_of(seat) {
            let mut pieces = [Piece::default(); 4];
            for (slot, &id) in pieces.iter_mut().zip(m.tiles()) {
                *slot = piece(id);
            }
            let called = m.called().map(&mut piece);
            let from = m.from().map(|s| self.start.seat_wind_in(s, players));
            win.melds
                .push(CalledMeld::new(m.kind, prefix(&pieces, m.kind.tiles()), called, from)?)?;
        }
        win.tsumo = tsumo;
        win.seat = self.start.seat_wind_in(Seat(seat), players);
        win.nukidora = self.nukidora(Seat(seat));
        win.round = self.start.round_wind;
        win.riichi = match self.riichi_of(seat) {
            0 => Riichi::None,
            1 => Riichi::Riichi,
            _ => Riichi::Double,
        };
        win.ippatsu = record.flags & WIN_IPPATSU != 0;
        win.rinshan = record.flags & WIN_RINSHAN != 0;
        win.chankan = record.flags & WIN_CHANKAN != 0;
        win.haitei = record.flags & WIN_HAITEI != 0;
        win.houtei = record.flags & WIN_HOUTEI != 0;
        let blessing = record.flags & WIN_BLESSING != 0;
        let dealer = seat == self.start.dealer.0;
        win.tenhou = blessing && dealer;
        win.chiihou = blessing && !dealer;
        // The dora and (after riichi) the ura indicators: as many of each (the lists hold five).
        let riichi = win.riichi != Riichi::None;
        for (&d, &u) in self.dora_indicators().iter().zip(self.ura_indicators()) {
            win.dora.push(piece(d))?;
            if riichi {
                win.ura.push(piece(u))?;
            }
        }
        if record.flags & WIN_HONBA != 0 {
            win.honba = u16::from(self.start.honba);
            if with_sticks {
                win.riichi_sticks = u16::from(self.sticks_on_table_now());
            }
        }
        if bad_id {
            return Err(internal("a tile id above 135"));
        }
        Ok(())
    }

    /// The old [`Round::win_of`] (an error path per id), the reference of the test
    /// `win_of_is_the_old_conversion`.
    #[cfg(test)]
    pub(super) fn win_of_old(&self, record: &WinRecord, with_sticks: bool, win: &mut score::Win) -> Result<(), Error> {
        let seat = record.seat;
        let bits = self.hand_bits(seat);
        for id in bit_ids(bits) {
            win.closed.push(piece(id)?)?;
        }
        let tsumo = record.from == NONE;
        if !tsumo {
            win.closed.push(piece(record.tile)?)?;
        }
        win.winning = piece(record.tile)?;
        let players = self.players();
        for m in self.melds_of(seat) {
            win.melds.push(called_meld(m, &self.start, players)?)?;
        }
        win.tsumo = tsumo;
        win.seat = self.start.seat_wind_in(Seat(seat), players);
        win.nukidora = self.nukidora(Seat(seat));
        win.round = self.start.round_wind;
        win.riichi = match self.riichi_of(seat) {
            0 => Riichi::None,
            1 => Riichi::Riichi,
            _ => Riichi::Double,
        };
        win.ippatsu = record.flags & WIN_IPPATSU != 0;
        win.rinshan = record.flags & WIN_RINSHAN != 0;
        win.chankan = record.flags & WIN_CHANKAN != 0;
        win.haitei = record.flags & WIN_HAITEI != 0;
        win.houtei = record.flags & WIN_HOUTEI != 0;
        let blessing = record.flags & WIN_BLESSING != 0;
        let dealer = seat == self.start.dealer.0;
        win.tenhou = blessing && dealer;
        win.chiihou = blessing && !dealer;
        for &id in self.dora_indicators() {
            win.dora.push(piece(id)?)?;
        }
        if win.riichi != Riichi::None {
            for &id in self.ura_indicators() {
                win.ura.push(piece(id)?)?;
            }
        }
        if record.flags & WIN_HONBA != 0 {
            win.honba = u16::from(self.start.honba);
            if with_sticks {
                win.riichi_sticks = u16::from(self.sticks_on_table_now());
            }
        }
        Ok(())
    }

    /// Sticks on the table while playing (start + accepted this round).
    fn sticks_on_table_now(&self) -> u8 {
        self.start.sticks.saturating_add(self.riichi_count_now())
    }

    fn riichi_count_now(&self) -> u8 {
        self.riichi
            .iter()
            .filter(|&&r| r != 0)
            .fold(0u8, |n, _| n.saturating_add(1))
    }

    /// The value of a win written into `out` (the whole value, what the win is settled by, or
    /// nothing: the round's checks of a tsumo or a ron hold no value on the stack).
    pub(super) fn value_into(&self, record: &WinRecord, with_sticks: bool, out: score::Place<'_>) -> Result<(), Error> {
        let mut win = score::Win::EMPTY;
        self.win_of(record, with_sticks, &mut win)?;
        score::score_into(&win, &self.config.score, out).map_err(Error::from)
    }

    /// The points each seat gains or pays for one win.
    ///
    /// Pao: on a tsumo the liable seat pays the liable yakuman whole as if it had dealt in (with
    /// the honba, 300 each); the other yakuman of a composite hand it pays too under
    /// [`Config::pao_tsumo_whole_hand`] (Tenhou), else they are paid as a normal tsumo. On a ron
    /// by another seat only the liable yakuman is shared: the discarder and the liable seat pay
    /// half of it each, the liable seat also the honba, the discarder the rest of the hand.
    #[inline(never)]
    fn win_deltas(&self, record: &WinRecord, value: &score::Paid) -> Result<[i32; SEATS], Error> {
        let mut deltas = [0i32; SEATS];
        let w = record.seat;
        let pay = value.payment;
        let pao = *at(&self.pao, w);
        let pao_seat = pao.wrapping_sub(1);
        let yakuman = i32::from(value.yakuman);
        let liable = if value.daisuushii && self.config.score.double_daisuushii {
            2
        } else {
            1
        };
        let pao_applies = pao != 0 && yakuman >= liable && (value.daisangen || value.daisuushii);
        let honba = if record.flags & WIN_HONBA != 0 {
            i32::from(self.start.honba)
        } else {
            0
        };
        // Payments are at most a few hundred thousand points (six yakuman by ron with 255 honba).
        let to_i = |x: u32| i32::try_from(x).map_err(|_| internal("a payment beyond i32"));
        let n = self.players();
        // A honba on a ron: 300, three players 200 (100 from each payer on a tsumo).
        let honba_unit = if n == 3 { 200 } else { HONBA_POINTS };
        let dealer = self.start.dealer.0 & 3;
        let winner_is_dealer = w == dealer;
        // One yakuman won by ron: 48,000 for the dealer, 32,000 otherwise.
        let ron_unit: i32 = if winner_is_dealer { 48_000 } else { 32_000 };
        if record.from != NONE {
            let total = to_i(pay.ron)?;
            if pao_applies && pao_seat != record.from {
                let honba_pts = honba.saturating_mul(honba_unit);
                let hand = total.saturating_sub(honba_pts);
                let shared = ron_unit.saturating_mul(liable).min(hand);
                let half = shared / 2;
                add(&mut deltas, pao_seat, half.saturating_add(honba_pts).saturating_neg());
                add(&mut deltas, record.from, hand.saturating_sub(half).saturating_neg());
            } else {
                add(&mut deltas, record.from, total.saturating_neg());
            }
            add(&mut deltas, w, total);
        } else {
            let total = to_i(pay.total)?;
            if pao_applies && self.config.pao_tsumo_whole_hand {
                // The whole hand, honba in, as its ron value (four players: a yakuman's tsumo
                // total; three players: more, tsumo-zon does not apply to it).
                let whole = ron_unit
                    .saturating_mul(yakuman)
                    .saturating_add(honba.saturating_mul(honba_unit));
                let whole = if n == 3 { whole } else { total };
                add(&mut deltas, pao_seat, whole.saturating_neg());
                add(&mut deltas, w, whole);
            } else if pao_applies {
                let rest = yakuman.saturating_sub(liable);
                let per_honba = honba.saturating_mul(100);
                // The other yakuman, per yakuman: the dealer's and a non-dealer's share
                // (`pao_applies` needs `yakuman >= liable >= 1`: no division by 0).
                let per_yakuman = |x: i32| {
                    x.saturating_sub(per_honba)
                        .checked_div(yakuman)
                        .map(|v| v.saturating_mul(rest))
                        .ok_or_else(|| internal("pao on a hand without yakuman"))
                };
                let dealer_share = per_yakuman(to_i(if winner_is_dealer { pay.non_dealer } else { pay.dealer })?)?;
                let other_share = per_yakuman(to_i(pay.non_dealer)?)?;
                let mut paid = 0i32;
                for p in (0..n).filter(|&p| p != w) {
                    let mut x = if p == dealer { dealer_share } else { other_share };
                    if p == pao_seat {
                        x = x
                            .saturating_add(ron_unit.saturating_mul(liable))
                            .saturating_add(honba.saturating_mul(honba_unit));
                    }
                    add(&mut deltas, p, x.saturating_neg());
                    paid = paid.saturating_add(x);
                }
                add(&mut deltas, w, paid);
            } else {
                for p in (0..n).filter(|&p| p != w) {
                    let x = if p == dealer { pay.dealer } else { pay.non_dealer };
                    add(&mut deltas, p, to_i(x)?.saturating_neg());
                }
                add(&mut deltas, w, total);
            }
        }
        add(&mut deltas, w, to_i(pay.sticks)?);
        Ok(deltas)
    }

    /// Ends the round with `records` (one tsumo, or rons nearest the discarder first).
    fn finish_wins(&mut self, records: &[WinRecord]) -> Result<(), Error> {
        let mut deltas = [0i32; SEATS];
        let mut kept = [WinRecord::default(); 3];
        let mut n = 0u8;
        for (slot, record) in kept.iter_mut().zip(records) {
            self.add_win_deltas(record, &mut deltas)?;
            *slot = *record;
            n = n.saturating_add(1);
        }
        self.riichi_declared = 0;
        self.winners = kept;
        self.winner_count = n;
        self.deltas = deltas;
        self.end = END_WIN;
        self.settle_waits();
        self.pending = 0;
        Ok(())
    }

    /// A finished round's end and whether the dealer keeps the seat ([`Outcome::end`] and
    /// [`Outcome::dealer_repeats`]). Errors: an end code that names nothing.
    pub(super) fn end_of(&self) -> Result<(End, bool), Error> {
        let end = match self.end {
            END_WIN => End::Win,
            END_EXHAUSTIVE => End::Exhaustive,
            END_NAGASHI => End::Nagashi,
            code => End::Abort(
                abort_of(code.wrapping_sub(END_ABORT)).ok_or_else(|| internal("an end code that names nothing"))?,
            ),
        };
        let dealer = self.start.dealer.0 & 3;
        let dealer_repeats = match end {
            End::Win => self
                .winners
                .iter()
                .take(usize::from(self.winner_count))
                .any(|w| w.seat == dealer),
            End::Exhaustive | End::Nagashi => self.tenpai & seat_bit(dealer) != 0,
            End::Abort(_) => true,
        };
        Ok((end, dealer_repeats))
    }

    /// The outcome of a finished round (values re-scored from the kept records): the end, the
    /// outcome without its wins ([`Round::outcome_head`]), then each win valued in its place
    /// ([`Round::value_wins`]). One outcome on the stack: the head is returned straight into
    /// it (no `Result` of an outcome moved), and the wins are valued in a frame of their own.
    pub(super) fn make_outcome(&self) -> Result<Outcome, Error> {
        let (end, dealer_repeats) = self.end_of()?;
        let mut outcome = self.outcome_head(end, dealer_repeats);
        self.value_wins(&mut outcome.wins)?;
        Ok(outcome)
    }

    /// The outcome of a finished round that ended as `end` (the dealer repeating or not), its
    /// wins not yet written (all `None`: [`Round::value_wins`] writes them).
    pub(super) fn outcome_head(&self, end: End, dealer_repeats: bool) -> Outcome {
        let mut riichi = [false; SEATS];
        for (r, &state) in riichi.iter_mut().zip(self.riichi.iter()) {
            *r = state != 0;
        }
        let mut tenpai = [false; SEATS];
        for (s, t) in (0u8..).zip(tenpai.iter_mut()) {
            *t = self.tenpai & seat_bit(s) != 0;
        }
        Outcome {
            end,
            wins: [None; 3],
            deltas: self.deltas,
            riichi,
            tenpai,
            honba: self.start.honba,
            sticks: self.sticks_on_table(),
            dealer_repeats,
            scores: self.scores(),
            players: self.players(),
        }
    }

    /// The kept wins, each valued and paid, written into `wins` (an outcome's, in order; the
    /// slots after the last win untouched), in a frame of its own: the outcome that holds them
    /// is the caller's, and its fields are not in the frames that value the hands.
    #[inline(never)]
    pub(super) fn value_wins(&self, wins: &mut [Option<Agari>; 3]) -> Result<(), Error> {
        for (slot, record) in wins
            .iter_mut()
            .zip(self.winners.iter())
            .take(usize::from(self.winner_count))
        {
            // The win's value written into its place in the outcome (no value, nor a win,
            // built beside it and moved in: a constant written there, then its fields).
            let agari = slot.insert(UNVALUED_WIN);
            agari.winner = Seat(record.seat);
            agari.from = (record.from != NONE).then_some(Seat(record.from));
            agari.tile = record.tile;
            self.value_into(record, true, score::Place::Value(&mut agari.value))?;
            let pao = *at(&self.pao, record.seat);
            let pao_applies = pao != 0 && (agari.value.has(Yaku::Daisangen) || agari.value.has(Yaku::Daisuushii));
            agari.pao = pao_applies.then_some(Seat(pao.wrapping_sub(1)));
            agari.deltas = self.win_deltas(record, &score::Paid::of(&agari.value))?;
        }
        Ok(())
    }

    /// Whether [`Round::make_outcome`] succeeds, without building the outcome (its wins' hand
    /// values beside the frames that score them: kilobytes of stack on a microcontroller): the
    /// same failures, in the same order (an end code that names nothing, then each kept win's
    /// value and payments). For the full decode's check of a finished round's end record.
    /// Returns [`Round::end_of`]'s answer (how the round ended, whether the dealer repeats).
    pub(super) fn outcome_ok(&self) -> Result<(End, bool), Error> {
        let end = self.end_of()?;
        for record in self.winners.iter().take(usize::from(self.winner_count)) {
            self.win_scores(record)?;
        }
        Ok(end)
    }

    /// Whether [`Round::outcome_ok`] succeeds, for the full decode's check of a finished round's
    /// end record: the same failures (an end code that names nothing, a kept win whose value or
    /// payments fail), each win checked holding only what it is settled by and the value's result,
    /// with no chain of `Result`s of errors kept beside the frames that value the hand (about 150
    /// bytes of stack less than `outcome_ok`'s frames on the Cortex-M0, under the decoded
    /// round).
    pub(super) fn end_settles(&self) -> bool {
        self.end_known()
            && self
                .winners
                .iter()
                .take(usize::from(self.winner_count))
                .all(|record| self.win_settles(record))
    }

    /// Whether [`Round::end_of`] succeeds, in a frame of its own (its result is not kept beside
    /// the frames that value the wins).
    #[inline(never)]
    fn end_known(&self) -> bool {
        self.end_of().is_ok()
    }

    /// Whether a kept win's value and payments are worked out ([`Round::win_scores`] succeeds):
    /// only what the win is settled by and the value's result are held beside the frames that
    /// value the hand.
    fn win_settles(&self, record: &WinRecord) -> bool {
        let mut paid = score::Paid::default();
        self.value_into(record, true, score::Place::Paid(&mut paid)).is_ok() && self.win_deltas(record, &paid).is_ok()
    }

    /// [`Outcome::deltas`] of the seats at the table (three players: seat 3 is absent), as
    /// the round keeps them.
    pub(super) fn table_deltas(&self) -> crate::game::Scores {
        crate::game::Scores::new(self.deltas.get(..usize::from(self.players())).unwrap_or(&self.deltas))
    }

    /// A kept win's value and payments worked out ([`Round::outcome_ok`]), in a frame of
    /// its own (one hand value at a time).
    #[inline(never)]
    fn win_scores(&self, record: &WinRecord) -> Result<(), Error> {
        self.add_win_deltas(record, &mut [0; SEATS])
    }

    /// The points each seat gains or pays for a kept win record after the end (its value with
    /// the sticks it collected) added to `deltas`, in a frame of its own: what the win is settled
    /// by is held here, not in the caller's frame, and [`Round::win_deltas`]'s locals are not on
    /// the stack while the hand is valued.
    #[inline(never)]
    fn add_win_deltas(&self, record: &WinRecord, deltas: &mut [i32; SEATS]) -> Result<(), Error> {
        // Only what the win is settled by, written where it lies here (not the whole value),
        // and the points added where the caller sums them (no result array moved back).
        let mut paid = score::Paid::default();
        self.value_into(record, true, score::Place::Paid(&mut paid))?;
        let d = self.win_deltas(record, &paid)?;
        for (t, x) in deltas.iter_mut().zip(d) {
            *t = t.saturating_add(x);
        }
        Ok(())
    }
}

/// The number kinds (1m–9s) with a kind `d` places up (`up`) or down in the same suit.
const fn suit_neighbours(d: u8, up: bool) -> u64 {
    let mut mask = 0u64;
    let mut k = 0u8;
    while k < 27 {
        let n = k % 9;
        if (up && n.wrapping_add(d) <= 8) || (!up && n >= d) {
            mask |= 1 << k;
        }
        k = k.wrapping_add(1);
    }
    mask
}

/// The terminals and honors as a bitmask over the kinds.
const ORPHANS: u64 = {
    let mut mask = 0u64;
    let mut k = 0u8;
    while k < KINDS as u8 {
        if k >= 27 || k.is_multiple_of(9) || k % 9 == 8 {
            mask |= 1 << k;
        }
        k = k.wrapping_add(1);
    }
    mask
};

/// `far_from_tenpai_bits` over counts, written with a byte per kind: its reference in the
/// tests.
#[cfg(test)]
pub(super) fn far_from_tenpai(counts: &[u8; KINDS], spare: u32) -> bool {
    // The kinds held once or more and twice or more, eight counts (at most 4 each) a word:
    // adding `0x80 − k` to a byte sets its top bit when the count is at least `k` (no carry),
    // and a multiply gathers the top bits (bit 0 of byte `i` to bit `i` of the top byte).
    const ONES: u64 = 0x0101_0101_0101_0101;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let gather = |word: u64| ((word >> 7) & ONES).wrapping_mul(GATHER) >> 56;
    let (whole, tail) = counts.as_chunks::<8>();
    let mut last = [0u8; 8];
    for (slot, &c) in last.iter_mut().zip(tail) {
        *slot = c;
    }
    let (mut held, mut twice) = (0u64, 0u64);
    for (chunk, shift) in whole.iter().chain(core::iter::once(&last)).zip((0u32..64).step_by(8)) {
        let word = u64::from_le_bytes(*chunk);
        held |= gather(word.wrapping_add(ONES.wrapping_mul(0x7F))) << shift;
        twice |= gather(word.wrapping_add(ONES.wrapping_mul(0x7E))) << shift;
    }
    const UP: [u64; 2] = [suit_neighbours(1, true), suit_neighbours(2, true)];
    const DOWN: [u64; 2] = [suit_neighbours(1, false), suit_neighbours(2, false)];
    let [up1, up2] = UP;
    let [down1, down2] = DOWN;
    let near = (held >> 1 & up1) | (held >> 2 & up2) | (held << 1 & down1) | (held << 2 & down2);
    let lone = held & !twice & !near;
    lone.count_ones() > spare && (held & ORPHANS).count_ones() < 12
}

/// The kinds a kind `d` places up (`up`) or down in the same suit has, as the low bits of the
/// nibbles of an id set's words (kind `k` at bit `4 × (k & 15)` of word `k >> 4`, as in
/// [`kind_count`]): [`suit_neighbours`] spread to the layout of [`Bits`].
const fn nibble_mask(kinds: u64) -> Bits {
    let (mut w0, mut w1, mut w2) = (0u64, 0u64, 0u64);
    let mut k = 0u32;
    while k < KINDS as u32 {
        if kinds & (1 << k) != 0 {
            let bit = 1 << ((k & 15) << 2);
            match k >> 4 {
                0 => w0 |= bit,
                1 => w1 |= bit,
                _ => w2 |= bit,
            }
        }
        k = k.wrapping_add(1);
    }
    [w0, w1, w2]
}

/// Whether the concealed set `bits` is provably not tenpai (shanten ≥ 1 in every form), from a
/// census alone, so that the shanten need not be computed: more than `spare` lone tiles (a
/// kind held once with no tile of its suit within two numbers; an honor held once) and fewer
/// than 12 terminal and honor kinds. For `3n+1` tiles `spare` is 1: a tenpai hand with its
/// winning tile is sets and a pair (or seven pairs), where every tile has a partner in its
/// group (the same kind, or its suit within two numbers) but the one whose pair the winning
/// tile makes, so at most one tile is lone; thirteen orphans tenpai holds 12 or 13 of its
/// kinds. For `3n+2` tiles `spare` is 2: at shanten 0 or below, some discard leaves a tenpai
/// hand (at most one lone tile), and putting the discard back adds at most itself as a lone
/// tile.
///
/// Read from the set's nibbles, without counts: each kind's flags (held, held twice, a suit
/// neighbour within two held, lone) are the low bit of its nibble, the neighbours found by
/// shifting the three words as one 192-bit number by one or two nibbles, and the flags summed
/// nibble by nibble. The same answer as the census over counts, `far_from_tenpai`, kept as the
/// tests' reference (`far_from_tenpai_bits_is_far_from_tenpai`).
pub(super) fn far_from_tenpai_bits(bits: &Bits, spare: u32) -> bool {
    const LOW: u64 = 0x1111_1111_1111_1111;
    const UP1: Bits = nibble_mask(suit_neighbours(1, true));
    const UP2: Bits = nibble_mask(suit_neighbours(2, true));
    const DOWN1: Bits = nibble_mask(suit_neighbours(1, false));
    const DOWN2: Bits = nibble_mask(suit_neighbours(2, false));
    const ORPH: Bits = nibble_mask(ORPHANS);
    // Each nibble's population (0–4), then held (≥ 1) and twice (≥ 2) as the nibble's low bit.
    let census = |w: u64| {
        let pairs = w.wrapping_sub((w >> 1) & 0x5555_5555_5555_5555);
        let c = (pairs & 0x3333_3333_3333_3333).wrapping_add((pairs >> 2) & 0x3333_3333_3333_3333);
        (
            (c.wrapping_add(LOW.wrapping_mul(7)) >> 3) & LOW,
            (c.wrapping_add(LOW.wrapping_mul(6)) >> 3) & LOW,
        )
    };
    let [w0, w1, w2] = *bits;
    let (h0, t0) = census(w0);
    let (h1, t1) = census(w1);
    let (h2, t2) = census(w2);
    // Held one (`>> 4`) or two (`>> 8`) kinds up, and down (`<< 4`, `<< 8`), across the words.
    let near = |h: u64, below: u64, above: u64, [up1, up2, down1, down2]: [u64; 4]| {
        (((h >> 4) | (above << 60)) & up1)
            | (((h >> 8) | (above << 56)) & up2)
            | (((h << 4) | (below >> 60)) & down1)
            | (((h << 8) | (below >> 56)) & down2)
    };
    let [up1, up2, down1, down2] = [UP1, UP2, DOWN1, DOWN2];
    let lone0 = h0 & !t0 & !near(h0, 0, h1, [up1[0], up2[0], down1[0], down2[0]]);
    let lone1 = h1 & !t1 & !near(h1, h0, h2, [up1[1], up2[1], down1[1], down2[1]]);
    let lone2 = h2 & !t2 & !near(h2, h1, 0, [up1[2], up2[2], down1[2], down2[2]]);
    // Nibbles of 0 or 1 summed: three words add to at most 3 a nibble, a byte to at most 6.
    let total = |a: u64, b: u64, c: u64| {
        let s = a.wrapping_add(b).wrapping_add(c);
        let bytes = (s.wrapping_add(s >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
        (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    };
    let [o0, o1, o2] = ORPH;
    total(lone0, lone1, lone2) > spare && total(h0 & o0, h1 & o1, h2 & o2) < 12
}

/// The waits of closed counts of `3n+1` tiles when they are tenpai (a shanten check first), 0
/// otherwise. Its callers have already ruled out most hands, which are far from tenpai: by the
/// census ([`Round::seat_waits_bits`]) or by the shanten (the riichi discards).
///
/// The counts are a seat's real hand (at most 14 tiles, 4 of a kind, `3n+1`), so no step can
/// fail; if one did (a broken invariant, asserted in debug builds) the answer is no wait: the
/// infallible enumerations that use it then list less, never an action the rules refuse.
pub(super) fn tenpai_waits(counts: &[u8; KINDS]) -> u64 {
    let Ok(hand) = Hand::from_counts(counts) else {
        debug_assert!(false, "mahjong round: a seat's counts are no hand");
        return 0;
    };
    match shanten(&hand, None) {
        Ok(0) => {}
        Ok(_) => return 0, // not tenpai: no wait, the real answer
        Err(_) => {
            debug_assert!(false, "mahjong round: shanten of a 3n+1 hand failed");
            return 0;
        }
    }
    match waits(&hand, Rules::RIICHI) {
        Ok(w) => w,
        Err(_) => {
            debug_assert!(false, "mahjong round: waits of a tenpai hand failed");
            0
        }
    }
}

fn add(deltas: &mut [i32; SEATS], seat: u8, x: i32) {
    let d = at_mut(deltas, seat);
    *d = d.saturating_add(x);
}

/// The code of an abort kind (0–4).
pub(super) const fn abort_code(why: Abort) -> u8 {
    match why {
        Abort::NineTerminals => 0,
        Abort::FourWinds => 1,
        Abort::FourRiichi => 2,
        Abort::FourKans => 3,
        Abort::TripleRon => 4,
    }
}

/// The abort of a code.
pub(super) const fn abort_of(code: u8) -> Option<Abort> {
    match code {
        0 => Some(Abort::NineTerminals),
        1 => Some(Abort::FourWinds),
        2 => Some(Abort::FourRiichi),
        3 => Some(Abort::FourKans),
        4 => Some(Abort::TripleRon),
        _ => None,
    }
}
