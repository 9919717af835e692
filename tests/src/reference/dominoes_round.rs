//! A naive reference of the whole dominoes hand, written from the rules (the project's rulings
//! in `docs/dominoes.md`, "The whole game"), not from `parlor-core`: the layout is a list of
//! tiles each holding a list of free points, hands are vectors, the seeded deal is the
//! documented algorithm typed out again.

use std::collections::VecDeque;

/// The rules variant, as plain values (mirrors the fields of the core's `Config`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefConfig {
    /// Highest pip of the set.
    pub high: u32,
    /// Seats.
    pub players: usize,
    /// Partners 0+2 and 1+3 (four players).
    pub partnerships: bool,
    /// Tiles per hand.
    pub hand_size: usize,
    /// 0 every double spins, 1 the first double, 2 none.
    pub spinner: u8,
    /// 0 draw until playable, 1 draw one, 2 never.
    pub draw: u8,
    /// Boneyard tiles never drawn.
    pub reserve: usize,
    /// Points in fives (true) or the total (false).
    pub fives: bool,
    /// Plays score.
    pub scores_plays: bool,
    /// First leader: the highest double (true) or seat 0.
    pub highest_double_leads: bool,
}

/// A tile as (low, high).
pub type RefTile = (u32, u32);

fn norm(a: u32, b: u32) -> RefTile {
    (a.min(b), a.max(b))
}

/// The documented seeded deal: SplitMix64, Lemire's bounded sampling, Fisher–Yates from the
/// back over `0-0 0-1 … 0-n 1-1 …`.
pub fn seeded_deck(high: u32, seed: u64) -> Vec<RefTile> {
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
    let mut deck: Vec<RefTile> = (0..=high).flat_map(|a| (a..=high).map(move |b| (a, b))).collect();
    for i in (1..deck.len()).rev() {
        let j = below(i as u64 + 1) as usize;
        deck.swap(i, j);
    }
    deck
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    End,
    Side,
    SpinnerEnd,
}

#[derive(Debug, Clone)]
struct Node {
    tile: RefTile,
    /// Free points: (pip, kind).
    free: Vec<(u32, Kind)>,
}

/// An action as plain values: `Play(tile, on)`, `Draw`, `Pass`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RefAction {
    /// Play a tile, on an earlier tile (None: the opening).
    Play(RefTile, Option<RefTile>),
    /// Draw.
    Draw,
    /// Pass.
    Pass,
}

/// One hand.
#[derive(Debug, Clone)]
pub struct RefRound {
    /// The config.
    pub config: RefConfig,
    /// Each seat's tiles.
    pub hands: Vec<Vec<RefTile>>,
    /// The boneyard, front drawn first.
    pub boneyard: VecDeque<RefTile>,
    layout: Vec<Node>,
    doubles: usize,
    /// The seat to act.
    pub turn: usize,
    passes: usize,
    drew: bool,
    /// Points per seat in this hand.
    pub scores: Vec<u32>,
    /// None while playing; Some(true) domino, Some(false) blocked.
    pub ended: Option<bool>,
    /// The seat credited with the end bonus and the bonus.
    pub bonus: Option<(usize, u32)>,
}

impl RefRound {
    /// Deals: seat s takes positions s·h .. (s+1)·h of the deck, the rest is the boneyard.
    pub fn new(config: RefConfig, deck: &[RefTile], leader: Option<usize>) -> RefRound {
        let h = config.hand_size;
        let hands: Vec<Vec<RefTile>> = (0..config.players).map(|s| deck[s * h..(s + 1) * h].to_vec()).collect();
        let boneyard: VecDeque<RefTile> = deck[config.players * h..].iter().copied().collect();
        let turn = leader.unwrap_or_else(|| {
            if !config.highest_double_leads {
                return 0;
            }
            // The highest double; else the heaviest tile, ties to the higher end.
            let mut best: Option<((bool, u32, u32), usize)> = None;
            for (seat, hand) in hands.iter().enumerate() {
                for &(a, b) in hand {
                    let key = (a == b, a + b, a.max(b));
                    if best.is_none_or(|(k, _)| key > k) {
                        best = Some((key, seat));
                    }
                }
            }
            best.map_or(0, |(_, seat)| seat)
        });
        RefRound {
            config,
            hands,
            boneyard,
            layout: Vec::new(),
            doubles: 0,
            turn,
            passes: 0,
            drew: false,
            scores: vec![0; config.players],
            ended: None,
            bonus: None,
        }
    }

    /// The open-end total: a non-double's free end counts its pip; a double counts both halves
    /// while a side is free; a spinner's ends never count.
    pub fn open_total(&self) -> u32 {
        self.layout
            .iter()
            .map(|node| {
                if node.tile.0 == node.tile.1 {
                    if node.free.iter().any(|&(_, kind)| kind == Kind::Side) {
                        2 * node.tile.0
                    } else {
                        0
                    }
                } else {
                    node.free
                        .iter()
                        .filter(|&&(_, kind)| kind == Kind::End)
                        .map(|&(pip, _)| pip)
                        .sum()
                }
            })
            .sum()
    }

    /// Whether `node` can take a tile by `pip` now (a spinner's ends only after its sides).
    fn takes(node: &Node, pip: u32) -> bool {
        let sides_left = node.free.iter().any(|&(_, kind)| kind == Kind::Side);
        node.free
            .iter()
            .any(|&(p, kind)| p == pip && (kind != Kind::SpinnerEnd || !sides_left))
    }

    fn plays(&self, seat: usize) -> Vec<RefAction> {
        let mut hand = self.hands[seat].clone();
        // Legal-action order: by higher pip, then lower pip; then the layout tile in play order.
        hand.sort_by_key(|&(a, b)| (b, a));
        let mut out = Vec::new();
        for tile in hand {
            if self.layout.is_empty() {
                out.push(RefAction::Play(tile, None));
                continue;
            }
            for node in &self.layout {
                let pips = [tile.0, tile.1];
                if pips
                    .iter()
                    .any(|&pip| (node.tile.0 == pip || node.tile.1 == pip) && Self::takes(node, pip))
                {
                    out.push(RefAction::Play(tile, Some(node.tile)));
                }
            }
        }
        out
    }

    fn may_draw(&self) -> bool {
        self.boneyard.len() > self.config.reserve
            && match self.config.draw {
                0 => true,
                1 => !self.drew,
                _ => false,
            }
    }

    /// Every legal action of `seat`, in the documented order.
    pub fn legal(&self, seat: usize) -> Vec<RefAction> {
        if self.ended.is_some() || seat != self.turn {
            return Vec::new();
        }
        let plays = self.plays(seat);
        if !plays.is_empty() {
            return plays;
        }
        vec![if self.may_draw() {
            RefAction::Draw
        } else {
            RefAction::Pass
        }]
    }

    fn round_pips(&self, pips: u32) -> u32 {
        let fives = (pips + 2) / 5;
        if self.config.fives { fives } else { fives * 5 }
    }

    fn pips(&self, seat: usize) -> u32 {
        self.hands[seat].iter().map(|&(a, b)| a + b).sum()
    }

    /// Applies a legal action (panics on an illegal one: the checker only feeds legal ones).
    /// Returns (points scored by a play, the tile drawn).
    pub fn apply(&mut self, seat: usize, action: RefAction) -> (u32, Option<RefTile>) {
        assert!(self.legal(seat).contains(&action), "reference: illegal {action:?}");
        let players = self.config.players;
        match action {
            RefAction::Play(tile, on) => {
                let at = self.hands[seat].iter().position(|&t| t == tile).expect("in hand");
                self.hands[seat].remove(at);
                let double = tile.0 == tile.1;
                let spinner = double
                    && match self.config.spinner {
                        0 => true,
                        1 => self.doubles == 0,
                        _ => false,
                    };
                if double {
                    self.doubles += 1;
                }
                let mut free = Vec::new();
                match on {
                    None => {
                        if double {
                            free.extend([(tile.0, Kind::Side), (tile.0, Kind::Side)]);
                        } else {
                            free.extend([(tile.0, Kind::End), (tile.1, Kind::End)]);
                        }
                    }
                    Some(parent) => {
                        let node = self.layout.iter_mut().find(|node| node.tile == parent).expect("parent");
                        let pip = if tile.0 == parent.0 || tile.1 == parent.0 {
                            parent.0
                        } else {
                            parent.1
                        };
                        // Cover one point: a side before anything else.
                        let sides_left = node.free.iter().any(|&(_, kind)| kind == Kind::Side);
                        let index = node
                            .free
                            .iter()
                            .position(|&(p, kind)| p == pip && (kind == Kind::Side || !sides_left))
                            .expect("a free point");
                        node.free.remove(index);
                        if double {
                            free.push((tile.0, Kind::Side));
                        } else {
                            let other = if tile.0 == pip { tile.1 } else { tile.0 };
                            free.push((other, Kind::End));
                        }
                    }
                }
                if spinner {
                    free.extend([(tile.0, Kind::SpinnerEnd), (tile.0, Kind::SpinnerEnd)]);
                }
                self.layout.push(Node { tile, free });
                let total = self.open_total();
                let points = if !self.config.scores_plays || total == 0 || !total.is_multiple_of(5) {
                    0
                } else if self.config.fives {
                    total / 5
                } else {
                    total
                };
                self.scores[seat] += points;
                self.passes = 0;
                self.drew = false;
                if self.hands[seat].is_empty() {
                    self.ended = Some(true);
                    let team = |s: usize| if self.config.partnerships { s % 2 } else { s };
                    let pips: u32 = (0..players)
                        .filter(|&s| team(s) != team(seat))
                        .map(|s| self.pips(s))
                        .sum();
                    let bonus = self.round_pips(pips);
                    self.scores[seat] += bonus;
                    self.bonus = Some((seat, bonus));
                } else {
                    self.turn = (seat + 1) % players;
                }
                (points, None)
            }
            RefAction::Draw => {
                let tile = self.boneyard.pop_front().expect("a tile");
                self.hands[seat].push(tile);
                self.drew = true;
                (0, Some(tile))
            }
            RefAction::Pass => {
                self.passes += 1;
                self.drew = false;
                self.turn = (seat + 1) % players;
                let can_draw = self.config.draw != 2 && self.boneyard.len() > self.config.reserve;
                if self.passes >= players && !can_draw {
                    self.ended = Some(false);
                    self.block();
                }
                (0, None)
            }
        }
    }

    fn block(&mut self) {
        let players = self.config.players;
        let pips: Vec<u32> = (0..players).map(|s| self.pips(s)).collect();
        let winner = if self.config.partnerships {
            let (t0, t1) = (pips[0] + pips[2], pips[1] + pips[3]);
            if t0 == t1 {
                None
            } else {
                let (low, other) = if t0 < t1 { (0, t1) } else { (1, t0) };
                let member = if pips[low + 2] < pips[low] { low + 2 } else { low };
                Some((member, other))
            }
        } else {
            let min = *pips.iter().min().expect("seats");
            let lows: Vec<usize> = (0..players).filter(|&s| pips[s] == min).collect();
            (lows.len() == 1).then(|| (lows[0], pips.iter().sum::<u32>() - min))
        };
        if let Some((seat, pips)) = winner {
            let bonus = self.round_pips(pips);
            self.scores[seat] += bonus;
            self.bonus = Some((seat, bonus));
        }
    }
}

/// Normalises a tile for comparisons.
pub fn tile(a: u32, b: u32) -> RefTile {
    norm(a, b)
}
