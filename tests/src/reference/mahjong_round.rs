//! A naive reference of the Riichi hand (kyoku), written from the rules (the project's rulings in
//! `docs/mahjong.md`, "The round engine"), not from `parlor-core`'s round engine: hands are
//! vectors of tile ids, completeness is a plain backtracking search over the 34 counts, every
//! legal action is found by trying each candidate. The value of a finished hand (whether it has
//! a yaku, han, fu, payments) comes from the naive hand-value reference
//! ([`super::mahjong_score`]), never from the core's scoring; turns, calls and their priority,
//! furiten, waits, riichi, draws and payments are all here. Only the core's plain data types
//! (`Win`, `CalledMeld`, `Piece`, the config) carry a hand to it.
//!
//! The wall layout (the team's fixed convention): `wall[0..52]` the deal, seat `(dealer + k) % 4`
//! takes `wall[13k .. 13k + 13]`; `wall[52..122]` the live wall drawn from the front, each kan
//! shortening its far end by one; `wall[122..126]` the kan replacement tiles in draw order;
//! `wall[126..131]` the dora indicators (the first, then one per kan); `wall[131..136]` the ura
//! indicators paired with them.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

use parlor_core::mahjong::Tile;
use parlor_core::mahjong::score::{self, CalledMeld, MeldKind, Piece, Riichi, Win, Wind, Yaku};

use super::mahjong_score::{self as hand_value, RefError, RefValue};

/// The rules variant, as plain values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefConfig {
    /// Copy 0 of 5m, 5p, 5s (ids 16, 52, 88) is a red five.
    pub red_fives: bool,
    /// Two seats may ron one discard and both win; when off, only the seat nearest the
    /// discarder in turn order wins (head bump).
    pub double_ron: bool,
    /// Three rons on one discard end the hand as an abortive draw (else the double-ron rule
    /// applies to all three).
    pub triple_ron_draw: bool,
    /// Nine different terminals/honors on a first uninterrupted draw may abort the hand.
    pub nine_terminals: bool,
    /// The same wind discarded by all four seats as their first uninterrupted discards aborts.
    pub four_winds: bool,
    /// A fourth riichi (established) aborts.
    pub four_riichi: bool,
    /// A fourth kan made by two or more seats aborts (after the discard that follows it).
    pub four_kans: bool,
    /// Kuikae forbidden: after a chii or pon, the called kind (and, for a chii on an end, the
    /// kind at the run's other end) may not be discarded.
    pub kuikae_forbidden: bool,
    /// Nagashi mangan at an exhaustive draw.
    pub nagashi: bool,
    /// Pao (liability) for big three dragons and big four winds.
    pub pao: bool,
    /// A thirteen-orphans hand may rob a closed kan.
    pub kokushi_robs_ankan: bool,
    /// Hand-value rules.
    pub score: score::Config,
}

impl RefConfig {
    /// Tenhou's ranked rules (the default preset).
    pub const TENHOU: RefConfig = RefConfig {
        red_fives: true,
        double_ron: true,
        triple_ron_draw: true,
        nine_terminals: true,
        four_winds: true,
        four_riichi: true,
        four_kans: true,
        kuikae_forbidden: true,
        nagashi: true,
        pao: true,
        kokushi_robs_ankan: true,
        score: score::Config::ONLINE,
    };
}

/// The match context of one hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefStart {
    /// The round wind (0 East … 3 North).
    pub round_wind: u8,
    /// The dealer's seat.
    pub dealer: usize,
    /// Honba (counters).
    pub honba: u32,
    /// Riichi sticks on the table at the start.
    pub sticks: u32,
    /// Points of each seat at the start.
    pub scores: [i32; 4],
}

impl RefStart {
    /// East 1, seat 0 deals, no counters, 25,000 each.
    pub const FIRST: RefStart = RefStart {
        round_wind: 0,
        dealer: 0,
        honba: 0,
        sticks: 0,
        scores: [25_000; 4],
    };
}

/// The documented seeded wall: ids `0..136` ascending, SplitMix64, Fisher–Yates from the back
/// with Lemire's bounded sampling on the upper 32 bits of each output.
pub fn seeded_wall(seed: u64) -> [u8; 136] {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut below = |n: u64| -> u64 {
        let threshold = (1u64 << 32) % n;
        loop {
            let m = (next() >> 32) * n;
            if m % (1u64 << 32) >= threshold {
                return m >> 32;
            }
        }
    };
    let mut wall: [u8; 136] = std::array::from_fn(|i| i as u8);
    for i in (1..136usize).rev() {
        let j = below(i as u64 + 1) as usize;
        wall.swap(i, j);
    }
    wall
}

/// An action as plain values; tiles are ids (`0..136`) in the seat's hand, every copy its own
/// action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RefAction {
    /// Discard this id (the drawn one: tsumogiri).
    Discard(u8),
    /// Declare riichi discarding this id.
    Riichi(u8),
    /// Win on the own draw.
    Tsumo,
    /// A closed kan of the four of this kind from the hand.
    Ankan(Tile),
    /// Add this id to the own pon of its kind.
    Kakan(u8),
    /// Abort the hand with nine different terminals and honors.
    NineTerminals,
    /// Win on the discard (or the kan tile).
    Ron,
    /// Pon the discard with these two ids (ascending).
    Pon([u8; 2]),
    /// Open kan on the discard with the three of its kind from the hand.
    Minkan,
    /// Chii the discard with these two ids (ascending).
    Chii([u8; 2]),
    /// Decline every call.
    Pass,
}

impl fmt::Display for RefAction {
    /// The core's replay-log words: `discard 12`, `riichi 12`, `tsumo`, `ankan 5m`, `kakan 17`,
    /// `kyuushu`, `ron`, `pon 17 18`, `kan`, `chii 12 17`, `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RefAction::Discard(t) => write!(f, "discard {t}"),
            RefAction::Riichi(t) => write!(f, "riichi {t}"),
            RefAction::Tsumo => write!(f, "tsumo"),
            RefAction::Ankan(t) => write!(f, "ankan {t}"),
            RefAction::Kakan(t) => write!(f, "kakan {t}"),
            RefAction::NineTerminals => write!(f, "kyuushu"),
            RefAction::Ron => write!(f, "ron"),
            RefAction::Pon([a, b]) => write!(f, "pon {a} {b}"),
            RefAction::Minkan => write!(f, "kan"),
            RefAction::Chii([a, b]) => write!(f, "chii {a} {b}"),
            RefAction::Pass => write!(f, "pass"),
        }
    }
}

/// A meld on the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefMeld {
    /// Its kind.
    pub kind: MeldKind,
    /// Its tile ids (the called one included).
    pub tiles: Vec<u8>,
    /// The id taken from a discard (none for a closed kan).
    pub called: Option<u8>,
    /// The seat it was taken from.
    pub from: Option<usize>,
}

/// One discard in a seat's river.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefDiscard {
    /// The tile id.
    pub tile: u8,
    /// The drawn tile was discarded.
    pub tsumogiri: bool,
    /// Riichi was declared with it.
    pub riichi: bool,
    /// Another seat called it (chii, pon, open kan; not ron).
    pub called: bool,
}

/// Why a hand ended without a win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefDraw {
    /// The live wall ran out.
    Exhaustive,
    /// Nine terminals.
    NineTerminals,
    /// Four winds.
    FourWinds,
    /// Four riichi.
    FourRiichi,
    /// Four kans by two or more seats.
    FourKans,
    /// Three rons.
    TripleRon,
}

/// One winner's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefWin {
    /// The winner.
    pub seat: usize,
    /// The discarder (`None` on a tsumo).
    pub from: Option<usize>,
    /// The seat liable (pao), when it pays.
    pub pao: Option<usize>,
    /// The hand's value (with the honba and sticks this winner collects), from the naive
    /// hand-value reference.
    pub value: RefValue,
}

/// How the hand ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefOutcome {
    /// Winners in order from the discarder (empty on a draw).
    pub wins: Vec<RefWin>,
    /// The draw (None on a win).
    pub draw: Option<RefDraw>,
    /// Tenpai seats at an exhaustive draw (all false otherwise).
    pub tenpai: [bool; 4],
    /// Nagashi mangan seats at an exhaustive draw.
    pub nagashi: [bool; 4],
    /// Score changes as game records write them: payments and the sticks the winner collects,
    /// without the 1000 a riichi declarer put on the table this hand.
    pub deltas: [i32; 4],
    /// Riichi sticks left on the table (0 after a win).
    pub sticks: u32,
    /// The dealer keeps the seat (a dealer win, dealer tenpai at an exhaustive draw, an
    /// abortive draw).
    pub dealer_keeps: bool,
}

/// What opened a call window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WindowKind {
    /// A discard: ron, pon, open kan, chii.
    Discard,
    /// An added kan: ron only (chankan).
    Kakan,
    /// A closed kan: ron with thirteen orphans only.
    Ankan,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Phase {
    /// `seat` holds 3n+2 tiles and must act. `after_call`: a chii or pon was just made (only a
    /// discard, `forbidden` kinds excepted).
    Turn {
        seat: usize,
        after_call: bool,
        rinshan: bool,
        forbidden: Vec<usize>,
    },
    /// The tile `tile` discarded (or added to a kan, or one of a closed kan's four) by `from`;
    /// each seat in `eligible` answers once.
    Window {
        from: usize,
        tile: u8,
        kind: WindowKind,
        riichi: bool,
        eligible: [bool; 4],
        answers: [Option<RefAction>; 4],
    },
    Over,
}

/// One hand.
#[derive(Debug, Clone)]
pub struct RefRound {
    /// The rules.
    pub config: RefConfig,
    /// The match context.
    pub start: RefStart,
    /// The wall.
    pub wall: [u8; 136],
    /// Closed tiles of each seat (ids), in no particular order.
    pub hands: [Vec<u8>; 4],
    /// Melds of each seat, in the order made.
    pub melds: [Vec<RefMeld>; 4],
    /// Each seat's river.
    pub discards: [Vec<RefDiscard>; 4],
    /// Points of each seat (after riichi deposits of this hand).
    pub points: [i32; 4],
    /// Riichi sticks on the table.
    pub sticks: u32,
    /// Next live-wall index.
    pub next_live: usize,
    /// Kans made (completed).
    pub kans: usize,
    /// Who made each kan.
    pub kan_makers: Vec<usize>,
    /// Dora indicators face up.
    pub dora_shown: usize,
    /// Kan dora to turn at the next discard or at the next kan once it stands (open and added
    /// kans; a robbed kan turns none).
    pub dora_pending: usize,
    /// Riichi (established): `Some(double)`.
    pub riichi: [Option<bool>; 4],
    /// Ippatsu still possible.
    pub ippatsu: [bool; 4],
    /// Temporary furiten (a winning tile let pass since the seat's last discard).
    pub furiten_temp: [bool; 4],
    /// Riichi furiten (a winning tile let pass after riichi).
    pub furiten_riichi: [bool; 4],
    /// A call (chii, pon, any kan) has been made this hand.
    pub any_call: bool,
    /// The tile just drawn by the seat to act.
    pub drawn: Option<u8>,
    /// Liability: `pao[s]` is the seat that fed `s` the last dragon/wind set.
    pub pao: [Option<usize>; 4],
    phase: Phase,
    outcome: Option<RefOutcome>,
}

fn kind(id: u8) -> usize {
    usize::from(id / 4)
}

fn is_orphan(k: usize) -> bool {
    k >= 27 || k.is_multiple_of(9) || k % 9 == 8
}

fn tile(k: usize) -> Tile {
    Tile::new(k as u8).expect("a kind below 34")
}

/// Whether the counts (3n+2 tiles) are four sets and a pair (n sets), seven pairs or thirteen
/// orphans.
pub fn complete(counts: &[u8; 34]) -> bool {
    let n: u32 = counts.iter().map(|&c| u32::from(c)).sum();
    if n % 3 != 2 {
        return false;
    }
    let mut c = *counts;
    if regular(&mut c, true) {
        return true;
    }
    if n == 14 {
        if counts.iter().filter(|&&c| c == 2).count() == 7 {
            return true;
        }
        if (0..34).all(|k| if is_orphan(k) { counts[k] >= 1 } else { counts[k] == 0 }) {
            return true;
        }
    }
    false
}

/// The lowest tile left is in the pair, a triplet or a run starting at it.
fn regular(c: &mut [u8; 34], pair: bool) -> bool {
    let Some(i) = (0..34).find(|&i| c[i] > 0) else {
        return !pair;
    };
    if pair && c[i] >= 2 {
        c[i] -= 2;
        let ok = regular(c, false);
        c[i] += 2;
        if ok {
            return true;
        }
    }
    if c[i] >= 3 {
        c[i] -= 3;
        let ok = regular(c, pair);
        c[i] += 3;
        if ok {
            return true;
        }
    }
    if i < 27 && i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        let ok = regular(c, pair);
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
        if ok {
            return true;
        }
    }
    false
}

/// A closed hand's kind counts and its melds' kind counts.
type WaitsKey = ([u8; 34], [u8; 34]);

/// The most wait lists [`WAITS`] keeps (then it starts afresh).
const MAX_REMEMBERED_WAITS: usize = 200_000;

thread_local! {
    /// The waits of a closed hand (its kind counts) beside its melds (their kind counts), as
    /// computed: the reference asks the same hands' waits at every call window and every riichi
    /// listing, and a fuzzer replays the same deals.
    static WAITS: RefCell<HashMap<WaitsKey, u64, super::QuickBuild>> = const { RefCell::new(HashMap::with_hasher(super::QuickBuild)) };
}

fn counts_of(ids: &[u8]) -> [u8; 34] {
    let mut c = [0u8; 34];
    for &id in ids {
        c[kind(id)] += 1;
    }
    c
}

impl RefRound {
    /// Deals `wall` for `start`: the dealer then draws first.
    pub fn new(config: RefConfig, wall: [u8; 136], start: RefStart) -> RefRound {
        let mut hands: [Vec<u8>; 4] = Default::default();
        for k in 0..4 {
            hands[(start.dealer + k) % 4] = wall[13 * k..13 * k + 13].to_vec();
        }
        let mut round = RefRound {
            config,
            start,
            wall,
            hands,
            melds: Default::default(),
            discards: Default::default(),
            points: start.scores,
            sticks: start.sticks,
            next_live: 52,
            kans: 0,
            kan_makers: Vec::new(),
            dora_shown: 1,
            dora_pending: 0,
            riichi: [None; 4],
            ippatsu: [false; 4],
            furiten_temp: [false; 4],
            furiten_riichi: [false; 4],
            any_call: false,
            drawn: None,
            pao: [None; 4],
            phase: Phase::Over,
            outcome: None,
        };
        round.draw_live(start.dealer);
        round
    }

    /// The piece of tile id `id` under the rules (red only with red fives).
    pub fn piece(&self, id: u8) -> Piece {
        let p = Piece::from_id(id).expect("an id below 136");
        if self.config.red_fives {
            p
        } else {
            Piece::plain(p.tile())
        }
    }

    /// The seat wind of `seat`.
    pub fn wind(&self, seat: usize) -> Wind {
        Wind::ALL[(seat + 4 - self.start.dealer) % 4]
    }

    /// Draws left in the live wall.
    pub fn live_left(&self) -> usize {
        (122 - self.kans) - self.next_live
    }

    /// The hand's outcome, once over.
    pub fn outcome(&self) -> Option<&RefOutcome> {
        self.outcome.as_ref()
    }

    /// Whether the hand is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The seat whose turn it is (None during a call window and at the end).
    pub fn turn(&self) -> Option<usize> {
        match self.phase {
            Phase::Turn { seat, .. } => Some(seat),
            _ => None,
        }
    }

    /// Whether `seat` has a decision to make now.
    pub fn may_act(&self, seat: usize) -> bool {
        match &self.phase {
            Phase::Turn { seat: s, .. } => *s == seat,
            Phase::Window { eligible, answers, .. } => eligible[seat] && answers[seat].is_none(),
            Phase::Over => false,
        }
    }

    /// The discarded (or added-kan) tile now open to calls, with its discarder.
    pub fn window(&self) -> Option<(usize, u8, WindowKind)> {
        match self.phase {
            Phase::Window { from, tile, kind, .. } => Some((from, tile, kind)),
            _ => None,
        }
    }

    /// Closed pieces of `seat`, sorted.
    pub fn hand_pieces(&self, seat: usize) -> Vec<Piece> {
        let mut v: Vec<Piece> = self.hands[seat].iter().map(|&id| self.piece(id)).collect();
        v.sort();
        v
    }

    /// The waits of `seat` holding `closed` (3n+1 tiles): kinds that complete the hand, except a
    /// kind whose four copies the seat holds itself; bit `k` set for kind `k`.
    fn waits_of(&self, seat: usize, closed: &[u8]) -> u64 {
        let c = counts_of(closed);
        let mut melded = [0u8; 34];
        for m in &self.melds[seat] {
            for &id in &m.tiles {
                melded[kind(id)] += 1;
            }
        }
        // The answer depends on these counts alone: remembered (see [`WAITS`]).
        if let Some(known) = WAITS.with(|w| w.borrow().get(&(c, melded)).copied()) {
            return known;
        }
        let mut waits = 0u64;
        for k in 0..34 {
            if c[k] + melded[k] >= 4 {
                continue;
            }
            let mut with = c;
            with[k] += 1;
            if complete(&with) {
                waits |= 1 << k;
            }
        }
        WAITS.with(|w| {
            let mut w = w.borrow_mut();
            if w.len() >= MAX_REMEMBERED_WAITS {
                w.clear();
            }
            w.insert((c, melded), waits);
        });
        waits
    }

    /// The waits of `seat` (its closed tiles must number 3n+1), as kinds in increasing order.
    pub fn waits(&self, seat: usize) -> Vec<usize> {
        let mask = self.wait_mask(seat);
        (0..34).filter(|&k| mask >> k & 1 == 1).collect()
    }

    /// The waits of `seat` as a mask (bit `k`: kind `k`).
    fn wait_mask(&self, seat: usize) -> u64 {
        self.waits_of(seat, &self.hands[seat])
    }

    /// Whether `seat` is furiten (for ron): a wait in its own river, a winning tile let pass
    /// since its last discard, or one let pass after its riichi.
    pub fn furiten(&self, seat: usize) -> bool {
        if self.furiten_temp[seat] || self.furiten_riichi[seat] {
            return true;
        }
        let waits = self.wait_mask(seat);
        self.discards[seat].iter().any(|d| waits >> kind(d.tile) & 1 == 1)
    }

    fn open(&self, seat: usize) -> bool {
        self.melds[seat].iter().any(|m| m.kind != MeldKind::Ankan)
    }

    /// The value of `seat` winning on `id` (tsumo: the drawn tile, already in the hand).
    fn value(&self, seat: usize, id: u8, tsumo: bool, chankan: bool, collect: bool) -> Result<RefValue, RefError> {
        let win = self
            .win_of(seat, id, tsumo, chankan, collect)
            .expect("a hand the lists hold");
        hand_value::value(&win, &self.config.score)
    }

    /// The hand of `seat` winning on `id` as the hand-value input (plain data).
    fn win_of(&self, seat: usize, id: u8, tsumo: bool, chankan: bool, collect: bool) -> Result<Win, score::Error> {
        let mut closed: Vec<u8> = self.hands[seat].clone();
        if !tsumo {
            closed.push(id);
        }
        let mut win = Win {
            winning: self.piece(id),
            tsumo,
            seat: self.wind(seat),
            round: Wind::ALL[usize::from(self.start.round_wind)],
            ..Win::default()
        };
        for &t in &closed {
            win.closed.push(self.piece(t))?;
        }
        for m in &self.melds[seat] {
            let pieces: Vec<Piece> = m.tiles.iter().map(|&t| self.piece(t)).collect();
            win.melds.push(CalledMeld::new(
                m.kind,
                &pieces,
                m.called.map(|t| self.piece(t)),
                m.from.map(|s| self.wind(s)),
            )?)?;
        }
        let first_draw = self.discards[seat].is_empty() && !self.any_call;
        let rinshan = matches!(self.phase, Phase::Turn { rinshan: true, .. });
        win.riichi = match self.riichi[seat] {
            None => Riichi::None,
            Some(false) => Riichi::Riichi,
            Some(true) => Riichi::Double,
        };
        win.ippatsu = self.ippatsu[seat];
        win.rinshan = tsumo && rinshan;
        win.chankan = chankan;
        win.haitei = tsumo && !rinshan && self.live_left() == 0;
        win.houtei = !tsumo && !chankan && self.live_left() == 0;
        win.tenhou = tsumo && first_draw && seat == self.start.dealer;
        win.chiihou = tsumo && first_draw && seat != self.start.dealer;
        for i in 0..self.dora_shown {
            win.dora.push(self.piece(self.wall[126 + i]))?;
            if self.riichi[seat].is_some() {
                win.ura.push(self.piece(self.wall[131 + i]))?;
            }
        }
        if collect {
            win.honba = self.start.honba as u16;
            win.riichi_sticks = self.sticks as u16;
        }
        Ok(win)
    }

    fn can_win(&self, seat: usize, id: u8, tsumo: bool, chankan: bool) -> bool {
        // A hand whose closed tiles (with the winning one) are no complete shape of any form has
        // no value: the naive shape test ([`complete`]) first, the value only for complete shapes.
        let mut counts = [0u8; 34];
        for &t in self.hands[seat].iter().chain((!tsumo).then_some(&id)) {
            counts[kind(t)] += 1;
        }
        complete(&counts) && self.value(seat, id, tsumo, chankan, true).is_ok()
    }

    /// Every legal action of `seat` now, in the core's documented order: on turn discards,
    /// riichi discards (ascending ids), tsumo, closed kans, added kans, kyuushu; in a window
    /// pass, ron, pons, kan, chiis.
    pub fn actions(&self, seat: usize) -> Vec<RefAction> {
        let mut out = match &self.phase {
            Phase::Turn {
                seat: s,
                after_call,
                forbidden,
                ..
            } if *s == seat => self.turn_actions(seat, *after_call, forbidden),
            Phase::Window {
                eligible,
                answers,
                from,
                tile,
                kind,
                ..
            } if eligible[seat] && answers[seat].is_none() => {
                let mut v = self.call_options(seat, *from, *tile, *kind);
                v.push(RefAction::Pass);
                v
            }
            _ => Vec::new(),
        };
        out.sort();
        out.dedup();
        // In a window the pass comes first (the most passive action first).
        if out.last() == Some(&RefAction::Pass) {
            out.rotate_right(1);
        }
        out
    }

    fn turn_actions(&self, seat: usize, after_call: bool, forbidden: &[usize]) -> Vec<RefAction> {
        let hand = &self.hands[seat];
        let mut out = Vec::new();
        if after_call {
            for &t in hand {
                if !forbidden.contains(&kind(t)) {
                    out.push(RefAction::Discard(t));
                }
            }
            return out;
        }
        let d = self.drawn.expect("a turn without a call follows a draw");
        // The hand before the draw.
        let rest: Vec<u8> = hand.iter().copied().filter(|&t| t != d).collect();
        let in_riichi = self.riichi[seat].is_some();
        if self.can_win(seat, d, true, false) {
            out.push(RefAction::Tsumo);
        }
        if self.config.nine_terminals && self.discards[seat].is_empty() && !self.any_call {
            let c = counts_of(hand);
            if (0..34).filter(|&k| is_orphan(k) && c[k] > 0).count() >= 9 {
                out.push(RefAction::NineTerminals);
            }
        }
        // Kans: not on the last draw, at most four in a hand.
        if self.live_left() > 0 && self.kans < 4 {
            let c = counts_of(hand);
            for k in (0..34).filter(|&k| c[k] == 4) {
                let ok = !in_riichi || {
                    // After riichi only with the drawn tile, and the waits must stay the same.
                    kind(d) == k && {
                        let before = self.waits_of(seat, &rest);
                        let after: Vec<u8> = hand.iter().copied().filter(|&t| kind(t) != k).collect();
                        let mut copy = self.clone();
                        copy.melds[seat].push(RefMeld {
                            kind: MeldKind::Ankan,
                            tiles: hand.iter().copied().filter(|&t| kind(t) == k).collect(),
                            called: None,
                            from: None,
                        });
                        copy.waits_of(seat, &after) == before
                    }
                };
                if ok {
                    out.push(RefAction::Ankan(tile(k)));
                }
            }
            if !in_riichi {
                for m in &self.melds[seat] {
                    if m.kind == MeldKind::Pon {
                        let k = kind(m.tiles[0]);
                        for &t in hand.iter().filter(|&&t| kind(t) == k) {
                            out.push(RefAction::Kakan(t));
                        }
                    }
                }
            }
        }
        if in_riichi {
            out.push(RefAction::Discard(d));
            return out;
        }
        let may_riichi = !self.open(seat) && self.points[seat] >= 1000 && self.live_left() >= 4;
        for &t in hand {
            out.push(RefAction::Discard(t));
            if may_riichi {
                let after: Vec<u8> = hand.iter().copied().filter(|&x| x != t).collect();
                if self.waits_of(seat, &after) != 0 {
                    out.push(RefAction::Riichi(t));
                }
            }
        }
        out
    }

    /// Whether `seat` could rob a closed kan of `id`: the rules allow it and `id` completes its
    /// hand as thirteen orphans (the only hand that may).
    fn robs_ankan(&self, seat: usize, id: u8) -> bool {
        self.config.kokushi_robs_ankan
            && self.wait_mask(seat) >> kind(id) & 1 == 1
            && matches!(self.value(seat, id, false, true, true), Ok(v) if v.has(Yaku::Kokushi) || v.has(Yaku::Kokushi13))
    }

    /// The calls `seat` may make on `id` discarded (or used in a kan) by `from`, without Pass.
    fn call_options(&self, seat: usize, from: usize, id: u8, window: WindowKind) -> Vec<RefAction> {
        let mut out = Vec::new();
        if seat == from {
            return out;
        }
        let ron = match window {
            WindowKind::Discard | WindowKind::Kakan => self.can_win(seat, id, false, window == WindowKind::Kakan),
            WindowKind::Ankan => self.robs_ankan(seat, id),
        };
        if ron && !self.furiten(seat) {
            out.push(RefAction::Ron);
        }
        if window != WindowKind::Discard || self.riichi[seat].is_some() || self.live_left() == 0 {
            return out;
        }
        let k = kind(id);
        let hand = &self.hands[seat];
        let same: Vec<u8> = hand.iter().copied().filter(|&t| kind(t) == k).collect();
        for (i, &a) in same.iter().enumerate() {
            for &b in &same[i + 1..] {
                if self.discard_left_after(seat, &[a, b], &[k]) {
                    out.push(RefAction::Pon([a.min(b), a.max(b)]));
                }
            }
        }
        if same.len() == 3 && self.kans < 4 {
            out.push(RefAction::Minkan);
        }
        if seat == (from + 1) % 4 && k < 27 {
            let n = k % 9; // 0-based number
            // (low, high) partner kinds and the kind kuikae also forbids.
            let mut shapes: Vec<(usize, usize, Option<usize>)> = Vec::new();
            if n >= 2 {
                shapes.push((k - 2, k - 1, if n >= 3 { Some(k - 3) } else { None }));
            }
            if (1..=7).contains(&n) {
                shapes.push((k - 1, k + 1, None));
            }
            if n <= 6 {
                shapes.push((k + 1, k + 2, if n <= 5 { Some(k + 3) } else { None }));
            }
            for (lo, hi, other) in shapes {
                for &a in hand.iter().filter(|&&t| kind(t) == lo) {
                    for &b in hand.iter().filter(|&&t| kind(t) == hi) {
                        let mut forbidden = vec![k];
                        forbidden.extend(other);
                        if self.discard_left_after(seat, &[a, b], &forbidden) {
                            out.push(RefAction::Chii([a, b]));
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether, after taking `used` out of `seat`'s hand for a call, some tile may be discarded.
    fn discard_left_after(&self, seat: usize, used: &[u8], forbidden: &[usize]) -> bool {
        let rest: Vec<u8> = self.hands[seat].iter().copied().filter(|t| !used.contains(t)).collect();
        if !self.config.kuikae_forbidden {
            return !rest.is_empty();
        }
        rest.iter().any(|&t| !forbidden.contains(&kind(t)))
    }

    fn remove(&mut self, seat: usize, id: u8) {
        let i = self.hands[seat].iter().position(|&t| t == id).expect("in the hand");
        self.hands[seat].remove(i);
    }

    fn draw_live(&mut self, seat: usize) {
        let id = self.wall[self.next_live];
        self.next_live += 1;
        self.hands[seat].push(id);
        self.drawn = Some(id);
        self.phase = Phase::Turn {
            seat,
            after_call: false,
            rinshan: false,
            forbidden: Vec::new(),
        };
    }

    fn draw_rinshan(&mut self, seat: usize) {
        let id = self.wall[122 + self.kans - 1];
        self.hands[seat].push(id);
        self.drawn = Some(id);
        self.phase = Phase::Turn {
            seat,
            after_call: false,
            rinshan: true,
            forbidden: Vec::new(),
        };
    }

    fn flip_pending(&mut self) {
        self.dora_shown += self.dora_pending;
        self.dora_pending = 0;
    }

    /// A kan is made (completed) by `seat`: counts, dora, the first go-around and ippatsu end.
    fn kan_made(&mut self, seat: usize, closed: bool) {
        self.flip_pending();
        self.kans += 1;
        self.kan_makers.push(seat);
        if closed {
            self.dora_shown += 1;
        } else {
            self.dora_pending += 1;
        }
        self.call_made();
    }

    fn call_made(&mut self) {
        self.any_call = true;
        self.ippatsu = [false; 4];
    }

    /// Applies `action` by `seat`; an illegal one is an error and changes nothing.
    pub fn apply(&mut self, seat: usize, action: &RefAction) -> Result<(), String> {
        if seat >= 4 || !self.actions(seat).contains(action) {
            return Err(format!("seat {seat} may not {action}"));
        }
        self.apply_listed(seat, action)
    }

    /// [`RefRound::apply`] without listing `seat`'s actions first: the caller vouches that
    /// `action` is among them (the round checker compares whole lists at sampled steps and
    /// plays the steps between with this). Only whether `seat` may act at all is checked.
    pub fn apply_listed(&mut self, seat: usize, action: &RefAction) -> Result<(), String> {
        if seat >= 4 || !self.may_act(seat) {
            return Err(format!("seat {seat} may not act"));
        }
        match self.phase {
            Phase::Turn { .. } => self.apply_turn(seat, *action),
            Phase::Window { .. } => {
                if let Phase::Window { answers, .. } = &mut self.phase {
                    answers[seat] = Some(*action);
                }
                self.resolve_if_answered();
            }
            Phase::Over => unreachable!("no action is legal at the end"),
        }
        Ok(())
    }

    fn apply_turn(&mut self, seat: usize, action: RefAction) {
        match action {
            RefAction::Tsumo => {
                let d = self.drawn.expect("drawn");
                self.settle_wins(&[seat], None, d, false);
            }
            RefAction::NineTerminals => self.abort(RefDraw::NineTerminals),
            RefAction::Ankan(t) => {
                let k = t.index();
                let lowest = *self.hands[seat].iter().filter(|&&x| kind(x) == k).min().expect("four");
                self.drawn = None;
                self.open_window(seat, lowest, WindowKind::Ankan, false);
            }
            RefAction::Kakan(id) => {
                // The tile stays in the hand until the kan stands (nobody robs it).
                self.drawn = None;
                self.open_window(seat, id, WindowKind::Kakan, false);
            }
            RefAction::Discard(id) | RefAction::Riichi(id) => {
                let riichi = matches!(action, RefAction::Riichi(_));
                let tsumogiri = self.drawn == Some(id);
                self.remove(seat, id);
                if self.riichi[seat].is_some() {
                    self.ippatsu[seat] = false;
                }
                self.flip_pending();
                self.furiten_temp[seat] = false;
                self.drawn = None;
                self.discards[seat].push(RefDiscard {
                    tile: id,
                    tsumogiri,
                    riichi,
                    called: false,
                });
                self.open_window(seat, id, WindowKind::Discard, riichi);
            }
            _ => unreachable!("not a turn action"),
        }
    }

    fn open_window(&mut self, from: usize, tile: u8, kind: WindowKind, riichi: bool) {
        let mut eligible = [false; 4];
        for (s, e) in eligible.iter_mut().enumerate() {
            *e = s != from && !self.call_options(s, from, tile, kind).is_empty();
        }
        self.phase = Phase::Window {
            from,
            tile,
            kind,
            riichi,
            eligible,
            answers: [None; 4],
        };
        self.resolve_if_answered();
    }

    fn resolve_if_answered(&mut self) {
        let Phase::Window {
            from,
            tile,
            kind: window,
            riichi,
            eligible,
            answers,
        } = self.phase.clone()
        else {
            return;
        };
        if (0..4).any(|s| eligible[s] && answers[s].is_none()) {
            return;
        }
        let order: Vec<usize> = (1..4).map(|i| (from + i) % 4).collect();
        let rons: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&s| answers[s] == Some(RefAction::Ron))
            .collect();
        if !rons.is_empty() {
            if rons.len() == 3 && self.config.double_ron && self.config.triple_ron_draw {
                self.abort(RefDraw::TripleRon);
                return;
            }
            let winners: Vec<usize> = if self.config.double_ron { rons } else { vec![rons[0]] };
            self.settle_wins(&winners, Some(from), tile, window != WindowKind::Discard);
            return;
        }
        // Let pass: every seat that could have won on the tile is furiten until its next
        // discard (for good after riichi): whose waits hold it — of a closed kan only a
        // thirteen-orphans hand, as no other hand may rob it.
        for s in order.iter().copied() {
            let missed = match window {
                WindowKind::Ankan => self.robs_ankan(s, tile),
                _ => self.wait_mask(s) >> kind(tile) & 1 == 1,
            };
            if missed {
                self.furiten_temp[s] = true;
                if self.riichi[s].is_some() {
                    self.furiten_riichi[s] = true;
                }
            }
        }
        match window {
            WindowKind::Kakan => {
                // The added kan stands.
                let k = kind(tile);
                let m = self.melds[from]
                    .iter_mut()
                    .find(|m| m.kind == MeldKind::Pon && kind(m.tiles[0]) == k)
                    .expect("the pon");
                m.kind = MeldKind::Shouminkan;
                m.tiles.push(tile);
                m.tiles.sort();
                self.remove(from, tile);
                self.kan_made(from, false);
                self.draw_rinshan(from);
                return;
            }
            WindowKind::Ankan => {
                let k = kind(tile);
                let tiles: Vec<u8> = self.hands[from].iter().copied().filter(|&x| kind(x) == k).collect();
                self.hands[from].retain(|&x| kind(x) != k);
                self.melds[from].push(RefMeld {
                    kind: MeldKind::Ankan,
                    tiles,
                    called: None,
                    from: None,
                });
                self.kan_made(from, true);
                self.draw_rinshan(from);
                return;
            }
            WindowKind::Discard => {}
        }
        if riichi {
            let double = self.discards[from].len() == 1 && !self.any_call;
            self.riichi[from] = Some(double);
            self.ippatsu[from] = true;
            self.points[from] -= 1000;
            self.sticks += 1;
            if self.config.four_riichi && self.riichi.iter().all(|r| r.is_some()) {
                self.abort(RefDraw::FourRiichi);
                return;
            }
        }
        if self.config.four_winds && !self.any_call && (0..4).all(|s| self.discards[s].len() == 1) {
            let k = kind(self.discards[0][0].tile);
            if (27..31).contains(&k) && (0..4).all(|s| kind(self.discards[s][0].tile) == k) {
                self.abort(RefDraw::FourWinds);
                return;
            }
        }
        if self.config.four_kans && self.kans == 4 {
            let first = self.kan_makers[0];
            if self.kan_makers.iter().any(|&s| s != first) {
                self.abort(RefDraw::FourKans);
                return;
            }
        }
        if self.live_left() == 0 {
            self.exhaustive();
            return;
        }
        let call = order
            .iter()
            .copied()
            .find(|&s| matches!(answers[s], Some(RefAction::Pon(..) | RefAction::Minkan)))
            .or_else(|| {
                order
                    .iter()
                    .copied()
                    .find(|&s| matches!(answers[s], Some(RefAction::Chii(..))))
            });
        let Some(caller) = call else {
            self.draw_live((from + 1) % 4);
            return;
        };
        let action = answers[caller].expect("answered");
        self.discards[from].last_mut().expect("the discard").called = true;
        let k = kind(tile);
        let (kind_made, used, forbidden) = match action {
            RefAction::Pon([a, b]) => (MeldKind::Pon, vec![a, b], vec![k]),
            RefAction::Minkan => {
                let used: Vec<u8> = self.hands[caller].iter().copied().filter(|&x| kind(x) == k).collect();
                (MeldKind::Minkan, used, Vec::new())
            }
            RefAction::Chii([a, b]) => {
                let (lo, hi) = (kind(a).min(kind(b)), kind(a).max(kind(b)));
                let mut forbidden = vec![k];
                if k < lo && hi % 9 < 8 {
                    forbidden.push(hi + 1);
                }
                if k > hi && lo % 9 > 0 {
                    forbidden.push(lo - 1);
                }
                (MeldKind::Chii, vec![a, b], forbidden)
            }
            _ => unreachable!("a call"),
        };
        for &u in &used {
            self.remove(caller, u);
        }
        let mut tiles = used;
        tiles.push(tile);
        tiles.sort();
        self.melds[caller].push(RefMeld {
            kind: kind_made,
            tiles,
            called: Some(tile),
            from: Some(from),
        });
        // Pao: this call completed the third dragon set or the fourth wind set.
        if self.config.pao && kind_made != MeldKind::Chii && k >= 27 {
            let sets = |range: std::ops::Range<usize>| {
                self.melds[caller]
                    .iter()
                    .filter(|m| m.kind != MeldKind::Chii && range.contains(&kind(m.tiles[0])))
                    .count()
            };
            if (k >= 31 && sets(31..34) == 3) || (k < 31 && sets(27..31) == 4) {
                self.pao[caller] = Some(from);
            }
        }
        if kind_made == MeldKind::Minkan {
            self.kan_made(caller, false);
            self.draw_rinshan(caller);
        } else {
            self.call_made();
            self.drawn = None;
            self.phase = Phase::Turn {
                seat: caller,
                after_call: true,
                rinshan: false,
                forbidden: if self.config.kuikae_forbidden {
                    forbidden
                } else {
                    Vec::new()
                },
            };
        }
    }

    fn finish(&mut self, outcome: RefOutcome) {
        self.outcome = Some(outcome);
        self.phase = Phase::Over;
    }

    fn abort(&mut self, draw: RefDraw) {
        self.finish(RefOutcome {
            wins: Vec::new(),
            draw: Some(draw),
            tenpai: [false; 4],
            nagashi: [false; 4],
            deltas: [0; 4],
            sticks: self.sticks,
            dealer_keeps: true,
        });
    }

    fn exhaustive(&mut self) {
        let tenpai: [bool; 4] = std::array::from_fn(|s| self.wait_mask(s) != 0);
        let nagashi: [bool; 4] = std::array::from_fn(|s| {
            self.config.nagashi
                && !self.discards[s].is_empty()
                && self.discards[s].iter().all(|d| is_orphan(kind(d.tile)) && !d.called)
        });
        let mut deltas = [0i32; 4];
        if nagashi.iter().any(|&n| n) {
            for s in (0..4).filter(|&s| nagashi[s]) {
                for p in (0..4).filter(|&p| p != s) {
                    let pay = if s == self.start.dealer || p == self.start.dealer {
                        4000
                    } else {
                        2000
                    };
                    deltas[p] -= pay;
                    deltas[s] += pay;
                }
            }
        } else {
            let n = tenpai.iter().filter(|&&t| t).count() as i32;
            if n > 0 && n < 4 {
                for s in 0..4 {
                    deltas[s] = if tenpai[s] { 3000 / n } else { -3000 / (4 - n) };
                }
            }
        }
        self.finish(RefOutcome {
            wins: Vec::new(),
            draw: Some(RefDraw::Exhaustive),
            tenpai,
            nagashi,
            deltas,
            sticks: self.sticks,
            dealer_keeps: tenpai[self.start.dealer],
        });
    }

    /// Pays the win(s) on `id`: `from` the discarder (None: tsumo by `winners[0]`). Honba and
    /// sticks go to the first winner (the nearest to the discarder).
    fn settle_wins(&mut self, winners: &[usize], from: Option<usize>, id: u8, chankan: bool) {
        let mut deltas = [0i32; 4];
        let mut wins = Vec::new();
        for (i, &w) in winners.iter().enumerate() {
            let collect = i == 0;
            let value = self
                .value(w, id, from.is_none(), chankan, collect)
                .expect("a listed win scores");
            let pao =
                self.pao[w].filter(|_| self.config.pao && (value.has(Yaku::Daisangen) || value.has(Yaku::Daisuushii)));
            match from {
                None => match pao {
                    Some(l) => {
                        deltas[l] -= value.total as i32;
                    }
                    None => {
                        for p in (0..4).filter(|&p| p != w) {
                            let amount = if p == self.start.dealer {
                                value.dealer
                            } else {
                                value.non_dealer
                            };
                            deltas[p] -= amount as i32;
                        }
                    }
                },
                Some(d) => match pao.filter(|&l| l != d) {
                    Some(l) => {
                        // Half each, the honba too.
                        let all = value.ron as i32;
                        deltas[l] -= all / 2;
                        deltas[d] -= all - all / 2;
                    }
                    None => deltas[d] -= value.ron as i32,
                },
            }
            deltas[w] += value.total as i32 + value.sticks as i32;
            wins.push(RefWin {
                seat: w,
                from,
                pao,
                value,
            });
        }
        let dealer_keeps = winners.contains(&self.start.dealer);
        self.sticks = 0;
        self.finish(RefOutcome {
            wins,
            draw: None,
            tenpai: [false; 4],
            nagashi: [false; 4],
            deltas,
            sticks: 0,
            dealer_keeps,
        });
    }

    /// The points of each seat after the hand (deposits taken, deltas added).
    pub fn final_points(&self) -> Option<[i32; 4]> {
        let o = self.outcome.as_ref()?;
        Some(std::array::from_fn(|s| self.points[s] + o.deltas[s]))
    }
}

/// A random player over the reference: the whole hand with choices from `pick`.
pub fn play_out(round: &mut RefRound, mut pick: impl FnMut(&[RefAction]) -> usize) {
    let mut steps = 0;
    while !round.is_over() {
        let seat = (0..4).find(|&s| round.may_act(s)).expect("someone acts");
        let actions = round.actions(seat);
        let a = actions[pick(&actions) % actions.len()];
        round.apply(seat, &a).expect("a listed action applies");
        steps += 1;
        assert!(steps < 2000, "the hand does not end");
    }
}

/// The match rules (the match part of the core's `Config`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefMatchRules {
    /// Scheduled hands: 8 (East and South) or 4 (East only).
    pub rounds: u8,
    /// Points that end the match after the scheduled hands.
    pub target: i32,
    /// Play on into the next wind (at most four more hands) while nobody has `target`.
    pub extension: bool,
    /// Below 0 ends the match.
    pub busting: bool,
    /// The last hands' leading dealer ends the match by a win or tenpai.
    pub agari_yame: bool,
}

/// The seed of hand `k` of a seeded match: the `(k+1)`-th SplitMix64 output of `seed`.
pub fn hand_seed(seed: u64, k: usize) -> u64 {
    let mut state = seed;
    let mut out = 0;
    for _ in 0..=k {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        out = z ^ (z >> 31);
    }
    out
}

/// The match: hands until the end conditions (see `docs/mahjong.md`, "The match").
#[derive(Debug, Clone)]
pub struct RefMatch {
    /// Hand rules.
    pub config: RefConfig,
    /// Match rules.
    pub rules: RefMatchRules,
    /// The match's seed.
    pub seed: u64,
    /// The current hand.
    pub round: RefRound,
    /// Hands finished.
    pub hands: usize,
    /// Over.
    pub over: bool,
    /// Points after the last finished hand (final points, leftover sticks to the top, once over).
    pub scores: [i32; 4],
}

impl RefMatch {
    /// A seeded match: hand `k` is dealt from [`seeded_wall`]`(`[`hand_seed`]`(seed, k))`.
    pub fn new(config: RefConfig, rules: RefMatchRules, start_points: i32, seed: u64) -> RefMatch {
        let start = RefStart {
            scores: [start_points; 4],
            ..RefStart::FIRST
        };
        RefMatch {
            config,
            rules,
            seed,
            round: RefRound::new(config, seeded_wall(hand_seed(seed, 0)), start),
            hands: 0,
            over: false,
            scores: [start_points; 4],
        }
    }

    /// After the current hand ended: the points, the end check, the next hand dealt. Returns
    /// whether the match goes on.
    pub fn next_hand(&mut self) -> bool {
        let o = self.round.outcome().expect("the hand is over").clone();
        let points = self.round.final_points().expect("over");
        self.scores = points;
        self.hands += 1;
        let start = self.round.start;
        // Hands are numbered wind × 4 + dealer: East 1 = 0, South 4 = 7, West 1 = 8.
        let number = usize::from(start.round_wind) * 4 + start.dealer;
        let keeps = o.dealer_keeps;
        let next = if keeps { number } else { number + 1 };
        let honba = if keeps || o.draw.is_some() { start.honba + 1 } else { 0 };
        let last = usize::from(self.rules.rounds) - 1;
        let best = *points.iter().max().expect("four");
        let top = top_seat(&points);
        let mut end = self.rules.busting && points.iter().any(|&p| p < 0);
        if !end && next > last {
            // Past the scheduled hands: over with a seat at the target, or without the
            // extension, or after its fourth hand.
            end = !self.rules.extension || best >= self.rules.target || next > last + 4 || next >= 16;
        }
        let aborted = !matches!(o.draw, None | Some(RefDraw::Exhaustive));
        if !end && keeps && number >= last && self.rules.agari_yame && !aborted {
            end = top == start.dealer && points[top] >= self.rules.target;
        }
        if end {
            self.over = true;
            self.scores[top] += 1000 * o.sticks as i32;
            return false;
        }
        let start = RefStart {
            round_wind: (next / 4) as u8,
            dealer: next % 4,
            honba,
            sticks: o.sticks,
            scores: points,
        };
        let wall = seeded_wall(hand_seed(self.seed, self.hands));
        self.round = RefRound::new(self.config, wall, start);
        true
    }
}

/// The top seat: most points, ties to the lower seat.
pub fn top_seat(points: &[i32; 4]) -> usize {
    (0..4)
        .max_by_key(|&s| (points[s], std::cmp::Reverse(s)))
        .expect("four seats")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(text: &str) -> [u8; 34] {
        crate::reference::mahjong::parse(text, 14).expect("tiles")
    }

    /// A greedy player: wins, riichi, keeps the discard that leaves the lowest shanten.
    pub(super) fn greedy(round: &RefRound, seat: usize, actions: &[RefAction], x: u64) -> usize {
        use parlor_core::mahjong::{Hand, shanten};
        if let Some(i) = actions
            .iter()
            .position(|a| matches!(a, RefAction::Tsumo | RefAction::Ron))
        {
            return i;
        }
        if let Some(i) = actions.iter().position(|a| matches!(a, RefAction::Riichi(_))) {
            return i;
        }
        if let Some(i) = actions.iter().position(|a| *a == RefAction::Pass) {
            if !x.is_multiple_of(3) {
                return i;
            }
            return (x % actions.len() as u64) as usize;
        }
        let mut best = (i8::MAX, 0u64, 0usize);
        for (i, a) in actions.iter().enumerate() {
            if let RefAction::Discard(id) = a {
                let mut c = counts_of(&round.hands[seat]);
                c[kind(*id)] -= 1;
                let s = Hand::from_counts(&c)
                    .ok()
                    .and_then(|h| shanten(&h, None).ok())
                    .unwrap_or(i8::MAX);
                let tie = x.rotate_left(i as u32 * 7) & 0xFF;
                if (s, tie) < (best.0, best.1) {
                    best = (s, tie, i);
                }
            }
        }
        if best.0 == i8::MAX {
            (x % actions.len() as u64) as usize
        } else {
            best.2
        }
    }

    #[test]
    fn greedy_players_win_hands() {
        let mut kinds = std::collections::BTreeMap::new();
        for seed in 0..60u64 {
            let mut round = RefRound::new(RefConfig::TENHOU, seeded_wall(seed), RefStart::FIRST);
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut steps = 0;
            while !round.is_over() {
                let seat = (0..4).find(|&s| round.may_act(s)).expect("someone acts");
                let actions = round.actions(seat);
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let a = actions[greedy(&round, seat, &actions, x)];
                round.apply(seat, &a).expect("applies");
                steps += 1;
                assert!(steps < 2000);
            }
            let o = round.outcome().expect("over");
            let total: i32 = round.final_points().expect("over").iter().sum::<i32>() + 1000 * o.sticks as i32;
            assert_eq!(total, 100_000, "seed {seed}: {o:?}");
            let key = match o.draw {
                Some(d) => format!("{d:?}"),
                None => format!(
                    "win{}{}",
                    o.wins.len(),
                    if o.wins[0].from.is_none() { " tsumo" } else { " ron" }
                ),
            };
            *kinds.entry(key).or_insert(0) += 1;
        }
        println!("{kinds:?}");
        assert!(kinds.keys().any(|k| k.starts_with("win")));
    }

    #[test]
    fn completeness_and_forms() {
        assert!(complete(&counts("123m 456p 789s 234s 11z")));
        assert!(complete(&counts("1133m 55p 2288s 3377z")));
        assert!(!complete(&counts("1111m 55p 2288s 3377z")));
        assert!(complete(&counts("19m 19p 19s 12345677z")));
        assert!(!complete(&counts("123m 456p 789s 234s 12z")));
    }

    #[test]
    fn seeded_wall_is_a_permutation_and_plays_out() {
        for seed in 0..40u64 {
            let wall = seeded_wall(seed);
            let mut sorted = wall;
            sorted.sort();
            assert_eq!(sorted.to_vec(), (0..136u8).collect::<Vec<_>>());
            let mut round = RefRound::new(RefConfig::TENHOU, wall, RefStart::FIRST);
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            play_out(&mut round, |actions| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Win when possible, else mostly pass on calls and discard at random.
                if let Some(i) = actions
                    .iter()
                    .position(|a| matches!(a, RefAction::Tsumo | RefAction::Ron))
                {
                    return i;
                }
                let pass = actions.iter().position(|a| *a == RefAction::Pass);
                match pass.filter(|_| !x.is_multiple_of(4)) {
                    Some(i) => i,
                    None => (x % actions.len() as u64) as usize,
                }
            });

            let o = round.outcome().expect("over");
            // Points are conserved (deposits and sticks included).
            let total: i32 = round.final_points().expect("over").iter().sum::<i32>() + 1000 * o.sticks as i32;
            assert_eq!(total, 100_000, "seed {seed}: {o:?}");
        }
    }

    #[test]
    fn dealer_draws_first_and_deal_follows_layout() {
        let wall: [u8; 136] = std::array::from_fn(|i| i as u8);
        let start = RefStart {
            dealer: 2,
            ..RefStart::FIRST
        };
        let round = RefRound::new(RefConfig::TENHOU, wall, start);
        assert_eq!(round.turn(), Some(2));
        assert_eq!(round.hands[2].len(), 14);
        assert_eq!(round.hands[2][13], 52);
        assert_eq!(round.hands[3][0], 13);
        assert_eq!(round.hands[1][0], 39);
        assert_eq!(round.live_left(), 69);
    }
}
