//! A naive Dou Dizhu whole-deal engine, written from the rules (the auction variants, the kitty,
//! tricks, the stake) without looking at `parlor-core`'s round: the auction is decided by
//! re-reading its whole history at every step, legal plays are every play of the full-deck
//! table (see [`super::doudizhu`]) contained in the hand, and the seeded deal has its own
//! SplitMix64, Lemire sampling and Fisher–Yates shuffle.

use std::sync::{Arc, OnceLock};

use super::doudizhu::{self as dd, Hand, Kind, Preset, Reading};

/// How the landlord is chosen (the four whole-game presets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AuctionRule {
    /// Each seat speaks once: pass or bid above the best bid; 3 ends at once.
    Pagat,
    /// OpenSpiel: anyone may bid again; 3 ends, two passes after a bid end, three passes void.
    OpenSpiel,
    /// No auction: the first seat is the landlord, bid 1.
    Fixed,
    /// Call, then one rob each for the seats after the caller, then the caller's last word.
    Rob,
}

/// A whole-game variant of the reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The combination table.
    pub preset: Preset,
    /// The auction.
    pub auction: AuctionRule,
    /// RLCard's payoffs (1 per winner) instead of the stake.
    pub win_loss: bool,
    /// OpenSpiel's seeded deal (face-up card, round-robin) instead of blocks of 17.
    pub face_up: bool,
    /// OpenSpiel: no chain may start at a rank of which the hand holds four.
    pub quad_blocks_chain: bool,
    /// OpenSpiel: any bomb may follow the rocket.
    pub bomb_after_rocket: bool,
}

impl Variant {
    /// `pagat`, `openspiel`, `rlcard`, `rob`, by index 0–3.
    pub fn by_index(i: u8) -> (Variant, &'static str) {
        match i % 4 {
            0 => (
                Variant {
                    preset: Preset::Pagat,
                    auction: AuctionRule::Pagat,
                    win_loss: false,
                    face_up: false,
                    quad_blocks_chain: false,
                    bomb_after_rocket: false,
                },
                "pagat",
            ),
            1 => (
                Variant {
                    preset: Preset::OpenSpiel,
                    auction: AuctionRule::OpenSpiel,
                    win_loss: false,
                    face_up: true,
                    quad_blocks_chain: true,
                    bomb_after_rocket: true,
                },
                "openspiel",
            ),
            2 => (
                Variant {
                    preset: Preset::RlCard,
                    auction: AuctionRule::Fixed,
                    win_loss: true,
                    face_up: false,
                    quad_blocks_chain: false,
                    bomb_after_rocket: false,
                },
                "rlcard",
            ),
            _ => (
                Variant {
                    preset: Preset::Pagat,
                    auction: AuctionRule::Rob,
                    win_loss: false,
                    face_up: false,
                    quad_blocks_chain: false,
                    bomb_after_rocket: false,
                },
                "rob",
            ),
        }
    }
}

/// An action of the reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RefAction {
    /// Pass.
    Pass,
    /// Bid 1–3.
    Bid(u8),
    /// Call the landlord.
    Call,
    /// Rob the landlord.
    Rob,
    /// Play a card set read as the reading.
    Play(Hand, Reading),
}

/// SplitMix64 + Lemire + Fisher–Yates, written again from the published algorithms.
fn seeded_order(seed: u64, face_up: bool) -> (Vec<usize>, Option<u32>) {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 32) as u32
    };
    let mut below = |n: u32| -> u32 {
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u64::from(next()) * u64::from(n);
            if (m as u32) >= threshold {
                return (m >> 32) as u32;
            }
        }
    };
    let face = face_up.then(|| below(51));
    let mut deck: Vec<usize> = (0..15)
        .flat_map(|r| std::iter::repeat_n(r, if r >= 13 { 1 } else { 4 }))
        .collect();
    for i in (1..deck.len()).rev() {
        let j = below(i as u32 + 1) as usize;
        deck.swap(i, j);
    }
    (deck, face)
}

/// The hands, kitty and first bidder of the seeded deal `seed`.
pub fn seeded_deal(seed: u64, face_up: bool) -> ([Hand; 3], Hand, usize) {
    let (deck, face) = seeded_order(seed, face_up);
    let mut hands = [dd::EMPTY; 3];
    let mut kitty = dd::EMPTY;
    for (k, &rank) in deck.iter().enumerate() {
        if k >= 51 {
            kitty[rank] += 1;
        } else if face_up {
            hands[k % 3][rank] += 1;
        } else {
            hands[k / 17][rank] += 1;
        }
    }
    (hands, kitty, face.map_or(0, |p| (p % 3) as usize))
}

/// The plays within a seat's dealt hand plus the kitty, each with its readings.
pub type Candidates = Vec<(Hand, Vec<Reading>)>;

/// The reference deal.
#[derive(Clone, Debug)]
pub struct RefRound {
    /// The variant.
    pub variant: Variant,
    /// The dealt hands (without the kitty; [`RefRound::current_hands`] are the hands now).
    pub hands: [Hand; 3],
    /// The kitty.
    pub kitty: Hand,
    /// The first bidder.
    pub first: usize,
    /// Every action so far, with its seat.
    pub history: Vec<(usize, RefAction)>,
    /// Every play within each seat's dealt hand plus the kitty, with its readings (a filter of
    /// the full-deck table, computed once per deal and seat when first listed; shared by the
    /// copies of a deal).
    pub candidates: Arc<[OnceLock<Candidates>; 3]>,
    /// The hands now, kept as [`RefRound::apply`] takes each action (the kitty joins the
    /// landlord's hand at the first play, each play leaves its seat's hand), so that a step does
    /// not re-read the whole history; [`RefRound::current_hands`] before the first play.
    now: [Hand; 3],
    /// The number of auction actions (the history before the first play), kept likewise.
    auction_len: usize,
}

/// The auction as read from its history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuctionState {
    /// Still running, this seat to act, these actions legal.
    Open(usize),
    /// Over, this landlord, bid and robs.
    Landlord(usize, u8, u8),
    /// Everyone passed.
    Void,
}

impl RefRound {
    /// A deal of these cards.
    pub fn new(variant: Variant, hands: [Hand; 3], kitty: Hand, first: usize) -> RefRound {
        RefRound {
            variant,
            hands,
            kitty,
            first,
            history: Vec::new(),
            candidates: Arc::new([OnceLock::new(), OnceLock::new(), OnceLock::new()]),
            now: hands,
            auction_len: 0,
        }
    }

    /// The plays within `seat`'s dealt hand plus the kitty, with their readings (computed when
    /// first asked, then kept for the deal).
    fn candidates(&self, seat: usize) -> &Candidates {
        self.candidates[seat].get_or_init(|| {
            let mut dealt = self.hands[seat];
            for (d, k) in dealt.iter_mut().zip(self.kitty.iter()) {
                *d += k; // any seat may become the landlord: include the kitty
            }
            // In no particular order: the lists are compared as sets.
            dd::plays_within_unordered(&dealt, self.variant.preset)
                .into_iter()
                .map(|play| (play, dd::readings(&play, self.variant.preset)))
                .collect()
        })
    }

    /// The auction's state, from the history alone.
    pub fn auction(&self) -> AuctionState {
        // The auction's actions are those before the first play (a leader must play, so play
        // begins with a play).
        let log = &self.history[..self.auction_len()];
        let seat_at = |i: usize| (self.first + i) % 3;
        match self.variant.auction {
            AuctionRule::Fixed => AuctionState::Landlord(self.first, 1, 0),
            AuctionRule::Pagat => {
                let mut best: Option<(usize, u8)> = None;
                for (i, (s, a)) in log.iter().enumerate() {
                    if let RefAction::Bid(b) = a {
                        best = Some((*s, *b));
                        if *b == 3 {
                            return AuctionState::Landlord(*s, 3, 0);
                        }
                    }
                    if i == 2 {
                        return match best {
                            Some((s, b)) => AuctionState::Landlord(s, b, 0),
                            None => AuctionState::Void,
                        };
                    }
                }
                AuctionState::Open(seat_at(log.len()))
            }
            AuctionRule::OpenSpiel => {
                let mut best: Option<(usize, u8)> = None;
                let mut passes = 0;
                for (s, a) in log {
                    match a {
                        RefAction::Bid(b) => {
                            best = Some((*s, *b));
                            passes = 0;
                            if *b == 3 {
                                return AuctionState::Landlord(*s, 3, 0);
                            }
                        }
                        _ => {
                            passes += 1;
                            if passes == 3 {
                                return AuctionState::Void;
                            }
                            if let (2, Some((s, b))) = (passes, best) {
                                return AuctionState::Landlord(s, b, 0);
                            }
                        }
                    }
                }
                AuctionState::Open(seat_at(log.len()))
            }
            AuctionRule::Rob => {
                // Calling: seats in order until someone calls.
                let Some(caller_index) = log.iter().position(|(_, a)| *a == RefAction::Call) else {
                    return if log.len() >= 3 {
                        AuctionState::Void
                    } else {
                        AuctionState::Open(seat_at(log.len()))
                    };
                };
                let caller = log[caller_index].0;
                // Robbers: the seats after the caller, up to the first bidder (exclusive).
                let robbers = 2 - caller_index;
                let rob_actions = &log[caller_index + 1..];
                if rob_actions.len() < robbers {
                    return AuctionState::Open(seat_at(caller_index + 1 + rob_actions.len()));
                }
                let robs: Vec<usize> = rob_actions[..robbers]
                    .iter()
                    .filter(|(_, a)| *a == RefAction::Rob)
                    .map(|(s, _)| *s)
                    .collect();
                if robs.is_empty() {
                    return AuctionState::Landlord(caller, 1, 0);
                }
                match rob_actions.get(robbers) {
                    None => AuctionState::Open(caller),
                    Some((_, RefAction::Rob)) => AuctionState::Landlord(caller, 1, robs.len() as u8 + 1),
                    Some(_) => AuctionState::Landlord(*robs.last().unwrap(), 1, robs.len() as u8),
                }
            }
        }
    }

    /// The current hands (the landlord's with the kitty).
    pub fn current_hands(&self) -> [Hand; 3] {
        let auction = self.auction();
        if self.auction_len < self.history.len() {
            // Play has begun: the kitty is the landlord's and the plays left the hands.
            return if matches!(auction, AuctionState::Landlord(..)) {
                self.now
            } else {
                self.hands
            };
        }
        let mut hands = self.hands;
        if let AuctionState::Landlord(l, _, _) = auction {
            for (h, k) in hands[l].iter_mut().zip(self.kitty.iter()) {
                *h += k;
            }
        }
        hands
    }

    /// The number of auction actions: the history before the first play.
    fn auction_len(&self) -> usize {
        self.auction_len
    }

    /// The play phase's actions: (seat, play or pass).
    fn play_log(&self) -> impl DoubleEndedIterator<Item = (usize, Option<(Hand, Reading)>)> + '_ {
        self.history[self.auction_len..].iter().map(|(s, a)| match a {
            RefAction::Play(h, r) => (*s, Some((*h, *r))),
            _ => (*s, None),
        })
    }

    /// Whether the deal is over, and the seat to act otherwise.
    pub fn to_act(&self) -> Option<usize> {
        match self.auction() {
            AuctionState::Open(s) => Some(s),
            AuctionState::Void => None,
            AuctionState::Landlord(l, _, _) => {
                if self.current_hands().iter().any(|h| dd::size(h) == 0) {
                    return None;
                }
                match self.play_log().next_back() {
                    None => Some(l),
                    Some((s, _)) => Some((s + 1) % 3),
                }
            }
        }
    }

    /// The current trick's top play (seat, cards, reading), `None` when the seat to act leads.
    pub fn top(&self) -> Option<(usize, Hand, Reading)> {
        let mut top = None;
        let mut passes = 0;
        for (s, a) in self.play_log() {
            match a {
                Some((h, r)) => {
                    top = Some((s, h, r));
                    passes = 0;
                }
                None => {
                    passes += 1;
                    if passes == 2 {
                        top = None;
                        passes = 0;
                    }
                }
            }
        }
        top
    }

    /// Every legal action of the seat to act, sorted.
    pub fn legal(&self) -> Vec<RefAction> {
        let Some(seat) = self.to_act() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        match self.auction() {
            AuctionState::Open(_) => {
                out.push(RefAction::Pass);
                match self.variant.auction {
                    AuctionRule::Pagat | AuctionRule::OpenSpiel => {
                        let best = self
                            .history
                            .iter()
                            .filter_map(|(_, a)| if let RefAction::Bid(b) = a { Some(*b) } else { None })
                            .max()
                            .unwrap_or(0);
                        for b in best + 1..=3 {
                            out.push(RefAction::Bid(b));
                        }
                    }
                    AuctionRule::Rob => {
                        if self.history.iter().any(|(_, a)| *a == RefAction::Call) {
                            out.push(RefAction::Rob);
                        } else {
                            out.push(RefAction::Call);
                        }
                    }
                    AuctionRule::Fixed => {}
                }
            }
            AuctionState::Landlord(..) => {
                let hand = self.current_hands()[seat];
                let top = self.top();
                if top.is_some() {
                    out.push(RefAction::Pass);
                }
                for (play, readings) in self.candidates(seat) {
                    if !dd::contains(&hand, play) {
                        continue;
                    }
                    for &reading in readings {
                        let chain = matches!(reading.kind, Kind::Sequence | Kind::PairSequence | Kind::Airplane);
                        if self.variant.quad_blocks_chain && chain && hand[usize::from(reading.key)] == 4 {
                            continue;
                        }
                        let ok = match top {
                            None => true,
                            Some((_, _, t)) => {
                                reading.beats(&t)
                                    || (self.variant.bomb_after_rocket
                                        && t.kind == Kind::Rocket
                                        && reading.kind == Kind::Bomb)
                            }
                        };
                        if ok {
                            out.push(RefAction::Play(*play, reading));
                        }
                    }
                }
            }
            AuctionState::Void => {}
        }
        out.sort();
        out.dedup();
        out
    }

    /// Applies an action (the caller checks legality with [`RefRound::legal`]).
    pub fn apply(&mut self, seat: usize, action: RefAction) {
        if let RefAction::Play(cards, _) = action {
            if self.auction_len == self.history.len() {
                // The first play: the auction is over, the kitty joins the landlord's hand.
                self.now = self.current_hands();
            }
            self.now[seat] = dd::minus(&self.now[seat], &cards);
        } else if self.auction_len == self.history.len() {
            self.auction_len += 1;
        }
        self.history.push((seat, action));
    }

    /// The scores once over: `None` while the deal runs.
    pub fn scores(&self) -> Option<[i64; 3]> {
        if self.to_act().is_some() {
            return None;
        }
        let AuctionState::Landlord(l, bid, robs) = self.auction() else {
            return Some([0; 3]);
        };
        let hands = self.current_hands();
        let winner = (0..3).find(|&s| dd::size(&hands[s]) == 0)?;
        let log: Vec<(usize, Option<(Hand, Reading)>)> = self.play_log().collect();
        let plays_of = |s: usize| log.iter().filter(|(p, a)| *p == s && a.is_some()).count();
        let bombs = log
            .iter()
            .filter(|(_, a)| matches!(a, Some((_, r)) if matches!(r.kind, Kind::Bomb | Kind::Rocket)))
            .count() as u32;
        let landlord_won = winner == l;
        let spring =
            (landlord_won && plays_of((l + 1) % 3) + plays_of((l + 2) % 3) == 0) || (!landlord_won && plays_of(l) == 1);
        let stake = i64::from(bid) * 2i64.pow(bombs + u32::from(robs) + u32::from(spring));
        let mut scores = [0i64; 3];
        for (s, score) in scores.iter_mut().enumerate() {
            let mine = (s == l) == landlord_won;
            *score = if self.variant.win_loss {
                i64::from(mine)
            } else {
                let base = if s == l { 2 * stake } else { stake };
                if mine { base } else { -base }
            };
        }
        Some(scores)
    }
}
