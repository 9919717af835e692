//! The search bot's own choice ([`game::Search::advice`](crate::game::Search::advice)): the
//! greedy policy ([`Greedy`]) with the decisions it gets wrong made by rules of thumb, each kept
//! only where it measured better against three greedy bots (`docs/search.md`). It reads only what
//! the seat sees.
//!
//! Where it differs from [`Greedy`]:
//!
//! - **hand value**: among the discards of the lowest shanten it keeps dora and red fives (a
//!   discarded one costs [`DORA_COST`] tiles of acceptance) instead of breaking ties at random;
//! - **calls for speed**: besides yakuhai pons, a pon or chii that lowers the shanten when the hand
//!   keeps a yaku once open — a yakuhai triplet held or called, or all simples (tanyao: every meld
//!   simple, at most [`TANYAO_STRAYS`] terminals or honors left, which it then discards first, and
//!   at least [`TANYAO_DORA`] dora); with fewer than [`LATE_WALL`] tiles in the wall, any call
//!   that makes the hand tenpai (paid at the draw); against a riichi, only calls that leave the
//!   hand at most one from tenpai;
//! - **push or fold** ([`pushes`]): against a riichi it keeps going when tenpai, one away from
//!   tenpai (against a single riichi) or two away with two dora, choosing among the discards that
//!   keep its shanten by acceptance less [`PUSH_DANGER`] per rank of danger; otherwise it folds
//!   with the safest tile by [`danger_against`] (genbutsu, then honors by copies seen, then suji,
//!   terminals before the middle). The greedy bot folds whenever it is not tenpai;
//! - **the last round of the match**: more than [`LEADER_MARGIN`] ahead of every other seat, it
//!   folds against any riichi and does not declare one itself.
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::bot::{Greedy, discard_values, hand_counts, red_rank, visible_counts, yaku_kind};
use super::round::MAX_ACTIONS;
use super::score::MeldKind;
use super::tile::{KINDS, Tile};
use super::{Action, Hand, Round, ukeire};
use crate::game::{Rng, Seat};

/// Acceptance (unseen tiles) a discarded dora or red five is worth.
pub const DORA_COST: u16 = 3;

/// The terminals and honors an open tanyao hand may still hold when it calls.
pub const TANYAO_STRAYS: u8 = 2;

/// An open tanyao hand calls only with at least this many dora (cheap open hands lost points).
pub const TANYAO_DORA: u8 = 2;

/// With fewer tiles left in the wall, a call that makes the hand tenpai is made without a yaku
/// (tenpai at the draw is paid).
pub const LATE_WALL: u8 = 12;

/// Acceptance a pushing discard gives up per rank of danger ([`danger_against`]).
pub const PUSH_DANGER: i32 = 2;

/// The lead over every other seat, in points, above which the last round is played safe.
pub const LEADER_MARGIN: i32 = 8000;

/// Whether a hand `shanten` from tenpai after its best discard, holding `dora` han of dora, pushes
/// against `riichis` riichi declarations: tenpai always (but when `leader` of the last round);
/// one away against a single riichi; two away against a single riichi with two dora or more.
pub fn pushes(shanten: i8, dora: u8, riichis: usize, leader: bool) -> bool {
    if leader {
        return false;
    }
    match shanten {
        i8::MIN..=0 => true,
        1 => riichis < 2,
        2 => riichis < 2 && dora >= 2,
        _ => false,
    }
}

/// The kinds safe against riichi seat `riichi` (bit per kind): those it discarded, and those any
/// seat discarded since its riichi (it let them pass).
fn safe_kinds(round: &Round, riichi: u8) -> u64 {
    let mut since = false;
    let mut safe = 0u64;
    for d in round.discards() {
        if d.seat.0 == riichi && d.riichi {
            since = true;
        }
        if d.seat.0 == riichi || since {
            safe |= 1u64 << (d.tile >> 2);
        }
    }
    safe
}

/// How dangerous discarding `kind` is against a riichi whose safe kinds are `safe` (0 = safe; up
/// to 9), from the ranks players use: a safe kind; honors by copies visible; suji (the kind three
/// away on each side a ryanmen wait would need is safe) before the rest; terminals before twos
/// and eights before the middle.
pub fn danger_against(kind: u8, safe: u64, visible: &[u8; KINDS]) -> u8 {
    if safe & (1u64 << kind) != 0 {
        return 0;
    }
    if kind >= 27 {
        let seen = visible.get(usize::from(kind)).copied().unwrap_or(0);
        return 4u8.saturating_sub(seen.min(3));
    }
    let n = kind % 9; // 0-based number
    let below = n >= 3 && safe & (1u64 << kind.saturating_sub(3)) != 0;
    let above = n <= 5 && safe & (1u64 << kind.saturating_add(3)) != 0;
    let suji = match n {
        0..=2 => above,
        6..=8 => below,
        _ => below && above,
    };
    match (n, suji) {
        (0 | 8, true) => 2,
        (1 | 7, true) => 3,
        (2 | 6, true) => 4,
        (_, true) => 5,
        (0 | 8, false) => 5,
        (1 | 7, false) => 6,
        _ => 7,
    }
}

/// [`danger_against`] of `tile` against every riichi seat but `seat`: the highest.
fn danger(round: &Round, seat: Seat, tile: u8, visible: &[u8; KINDS]) -> u8 {
    (0..4u8)
        .filter(|&s| s != seat.0 && round.in_riichi(Seat(s)))
        .map(|s| danger_against(tile >> 2, safe_kinds(round, s), visible))
        .max()
        .unwrap_or(0)
}

/// Whether `kind` is a simple (2–8 of a suit).
fn simple(kind: u8) -> bool {
    kind < 27 && (1..=7).contains(&(kind % 9))
}

/// The dora per kind: how many of the shown indicators point at it (three players: `1m` points
/// at `9m`).
fn dora_counts(round: &Round) -> [u8; KINDS] {
    let mut dora = [0u8; KINDS];
    for &id in round.dora_indicators() {
        let Some(t) = Tile::new(id >> 2) else { continue };
        let next = if round.players() == 3 && t.index() == 0 {
            8
        } else {
            t.dora_next().index()
        };
        if let Some(d) = dora.get_mut(next) {
            *d = d.saturating_add(1);
        }
    }
    dora
}

/// The han of dora (dora indicators and red fives) in `seat`'s hand and melds.
fn dora_in_hand(round: &Round, seat: Seat, dora: &[u8; KINDS]) -> u8 {
    let red = round.config().score.red_fives;
    let mut han = 0u8;
    let mut add = |id: u8| {
        han = han
            .saturating_add(dora.get(usize::from(id >> 2)).copied().unwrap_or(0))
            .saturating_add(u8::from(red && matches!(id, 16 | 52 | 88)));
    };
    round.hand(seat).for_each(&mut add);
    for m in round.melds(seat) {
        m.tiles().iter().copied().for_each(&mut add);
    }
    han
}

/// (shanten, acceptance) of `counts` (a `3n+1` hand); `None` for another size.
fn rate(counts: &[u8; KINDS], visible: &[u8; KINDS]) -> Option<(i8, u8)> {
    let u = Hand::from_counts(counts)
        .and_then(|h| ukeire(&h, Some(visible), None))
        .ok()?;
    Some((u.shanten, u.total))
}

/// The best (shanten, acceptance) after one discard from `counts` (a `3n+2` hand).
fn best_after_discard(counts: &[u8; KINDS], visible: &[u8; KINDS]) -> Option<(i8, u8)> {
    let mut best: Option<(i8, u8)> = None;
    for kind in 0..KINDS {
        if counts.get(kind).copied().unwrap_or(0) == 0 {
            continue;
        }
        let mut rest = *counts;
        if let Some(c) = rest.get_mut(kind) {
            *c = c.saturating_sub(1);
        }
        if let Some(v) = rate(&rest, visible)
            && best.is_none_or(|b| (v.0, core::cmp::Reverse(v.1)) < (b.0, core::cmp::Reverse(b.1)))
        {
            best = Some(v);
        }
    }
    best
}

/// What the seat's melds say about the yaku of an open hand.
#[derive(Clone, Copy)]
struct Melds {
    /// No melds but closed kans.
    closed: bool,
    /// A called yakuhai triplet or kan.
    yakuhai: bool,
    /// Every called meld all simples.
    simples: bool,
}

/// The seat's melds summed up.
fn melds(round: &Round, seat: Seat) -> Melds {
    let mut m = Melds {
        closed: true,
        yakuhai: false,
        simples: true,
    };
    for meld in round.melds(seat) {
        let kind = meld.tiles.first().map_or(0, |id| id >> 2);
        if meld.kind != MeldKind::Ankan {
            m.closed = false;
        }
        if meld.kind != MeldKind::Chii && yaku_kind(round, seat, kind) {
            m.yakuhai = true;
        }
        if !meld.tiles().iter().all(|id| simple(id >> 2)) {
            m.simples = false;
        }
    }
    m
}

/// Whether `counts` (closed tiles) hold a yakuhai triplet for `seat`.
fn yakuhai_triplet(round: &Round, seat: Seat, counts: &[u8; KINDS]) -> bool {
    (27u8..34).any(|k| counts.get(usize::from(k)).is_some_and(|&c| c >= 3) && yaku_kind(round, seat, k))
}

/// Terminals and honors among `counts`.
fn strays(counts: &[u8; KINDS]) -> u8 {
    (0u8..34)
        .filter(|&k| !simple(k))
        .map(|k| counts.get(usize::from(k)).copied().unwrap_or(0))
        .fold(0u8, u8::saturating_add)
}

/// Whether this is the match's last round by its length (East 4 of an East-only match, South 4 of
/// a hanchan, and every extension round after it) and `seat` leads every other seat by more than
/// `margin` points.
fn last_round_leader(round: &Round, seat: Seat, margin: i32) -> bool {
    let start = round.start();
    let rounds = round.config().rounds;
    let last = u16::from(start.kyoku()).saturating_add(1) >= u16::from(rounds);
    if !last {
        return false;
    }
    let scores = round.scores();
    let own = scores.get(seat.index()).copied().unwrap_or(0);
    (0..round.players())
        .filter(|&s| s != seat.0)
        .all(|s| own.saturating_sub(scores.get(usize::from(s)).copied().unwrap_or(0)) > margin)
}

/// The advice for `seat` in `round` (see the [module docs](self)): `None` when it may not act.
pub fn advise(round: &Round, seat: Seat, seed: u64) -> Option<Action> {
    let mut buffer = [Action::Pass; MAX_ACTIONS];
    let total = round.legal_actions(seat, &mut buffer).min(MAX_ACTIONS);
    let actions = buffer.get(..total)?;
    let first = *actions.first()?;
    if let Some(&win) = actions.iter().find(|a| matches!(a, Action::Tsumo | Action::Ron)) {
        return Some(win);
    }
    let mut greedy = Greedy::new(seed);
    let threat = (0..4u8).any(|s| s != seat.0 && round.in_riichi(Seat(s)));
    let leader = last_round_leader(round, seat, LEADER_MARGIN);
    let visible = visible_counts(round, seat);
    let hand = hand_counts(round, seat);
    let open = melds(round, seat);
    if first == Action::Pass {
        return call(round, seat, actions, threat, &hand, &visible, open).or_else(|| greedy.choose(round, seat));
    }
    if actions.contains(&Action::Kita) {
        return Some(Action::Kita);
    }
    let dora = dora_counts(round);
    let red = round.config().score.red_fives;
    // Shanten and acceptance after discarding each kind.
    let mut value = [(i8::MAX, 0u8); KINDS];
    discard_values(&hand, &visible, &mut value);
    let kind_of = |a: &Action| match a {
        Action::Discard { tile } | Action::Riichi { tile } => Some(usize::from(tile >> 2)),
        _ => None,
    };
    let rate_of = |a: &Action| kind_of(a).and_then(|k| value.get(k).copied()).unwrap_or((i8::MAX, 0));
    let is_discard = |a: &&Action| matches!(a, Action::Discard { .. });
    let best_shanten = actions.iter().filter(is_discard).map(|a| rate_of(a).0).min()?;
    // The value of keeping the tile: dora and red fives.
    let keep = |a: &Action| -> u16 {
        let (Action::Discard { tile } | Action::Riichi { tile }) = a else {
            return 0;
        };
        let d = u16::from(dora.get(usize::from(tile >> 2)).copied().unwrap_or(0))
            .saturating_add(u16::from(red && matches!(tile, 16 | 52 | 88)));
        d.saturating_mul(DORA_COST)
    };
    let danger_of = |a: &Action| match a {
        Action::Discard { tile } | Action::Riichi { tile } => danger(round, seat, *tile, &visible),
        _ => u8::MAX,
    };
    // Riichi when tenpai (the greedy bot's rule; keeping dama did no better against it): the
    // declaration with the most winning tiles, then the safest against a riichi. Not when leading
    // the last round (the discard kept dama).
    let riichis = || actions.iter().filter(|a| matches!(a, Action::Riichi { .. }));
    if riichis().next().is_some() {
        let best = riichis().copied().max_by_key(|a| {
            let waits = rate_of(a).1;
            let d = if threat { danger_of(a) } else { 0 };
            (waits / 2, core::cmp::Reverse(d), core::cmp::Reverse(red_rank(round, a)))
        })?;
        return match best {
            Action::Riichi { tile } if leader => Some(Action::Discard { tile }),
            _ => Some(best),
        };
    }
    // Against a riichi: push or fold.
    if threat {
        let riichis = (0..4u8).filter(|&s| s != seat.0 && round.in_riichi(Seat(s))).count();
        if pushes(best_shanten, dora_in_hand(round, seat, &dora), riichis, leader) {
            // The discards keeping the shanten: acceptance less `PUSH_DANGER` per danger rank.
            return actions
                .iter()
                .filter(is_discard)
                .filter(|a| rate_of(a).0 == best_shanten)
                .copied()
                .max_by_key(|a| {
                    let (_, t) = rate_of(a);
                    (
                        i32::from(t).saturating_sub(i32::from(danger_of(a)).saturating_mul(PUSH_DANGER)),
                        core::cmp::Reverse(red_rank(round, a)),
                    )
                });
        }
        // Fold: the safest discard, then the lowest shanten and the most acceptance.
        return actions.iter().filter(is_discard).copied().min_by_key(|a| {
            let (s, t) = rate_of(a);
            (danger_of(a), s, core::cmp::Reverse(t), red_rank(round, a))
        });
    }
    // An open tanyao hand discards its terminals and honors first.
    let tanyao_open = !open.closed && !open.yakuhai && open.simples && !yakuhai_triplet(round, seat, &hand);
    let mut rng = Rng::new(seed);
    let stray = |a: &&Action| kind_of(a).is_some_and(|k| !simple(k as u8));
    let strays_first = tanyao_open && actions.iter().filter(is_discard).any(|a| stray(&a));
    let candidates = || {
        actions
            .iter()
            .filter(is_discard)
            .filter(move |a| !strays_first || stray(a))
    };
    let shanten_floor = candidates().map(|a| rate_of(a).0).min()?;
    let key = |a: &Action| {
        let (_, t) = rate_of(a);
        (
            u16::from(t).saturating_mul(1).saturating_sub(keep(a)),
            core::cmp::Reverse(red_rank(round, a)),
        )
    };
    let best = candidates().filter(|a| rate_of(a).0 == shanten_floor).map(key).max()?;
    let ties = candidates()
        .filter(|a| rate_of(a).0 == shanten_floor && key(a) == best)
        .count();
    let pick = rng.below(u32::try_from(ties).unwrap_or(1)) as usize;
    candidates()
        .filter(|a| rate_of(a).0 == shanten_floor && key(a) == best)
        .nth(pick)
        .copied()
}

/// A call worth making in this window, or `None` (the greedy bot then decides: a yakuhai pon, or
/// a pass under a riichi). `careful`: another seat is in riichi (only calls leaving the hand at
/// most one from tenpai).
fn call(
    round: &Round,
    seat: Seat,
    actions: &[Action],
    careful: bool,
    hand: &[u8; KINDS],
    visible: &[u8; KINDS],
    open: Melds,
) -> Option<Action> {
    let now = rate(hand, visible)?;
    let dora_han = dora_in_hand(round, seat, &dora_counts(round));
    let yakuhai = open.yakuhai || yakuhai_triplet(round, seat, hand);
    let tanyao = open.simples && strays(hand) <= TANYAO_STRAYS;
    let mut best: Option<(Action, (i8, u8))> = None;
    for &a in actions {
        let (ids, called) = match a {
            Action::Pon { tiles } | Action::Chii { tiles } => (tiles, round_window_tile(round)?),
            _ => continue,
        };
        let kinds = [ids[0] >> 2, ids[1] >> 2, called >> 2];
        let pon_yaku = matches!(a, Action::Pon { .. }) && yaku_kind(round, seat, called >> 2);
        let keeps_tanyao = tanyao && kinds.iter().all(|&k| simple(k)) && dora_han >= TANYAO_DORA;
        let late = round.wall_left() < LATE_WALL;
        if !(pon_yaku || yakuhai || keeps_tanyao || late) {
            continue;
        }
        let mut rest = *hand;
        for id in ids {
            if let Some(c) = rest.get_mut(usize::from(id >> 2)) {
                *c = c.saturating_sub(1);
            }
        }
        let Some(after) = best_after_discard(&rest, visible) else {
            continue;
        };
        if after.0 >= now.0 && !pon_yaku {
            continue;
        }
        if late && !(pon_yaku || yakuhai || keeps_tanyao) && after.0 > 0 {
            continue;
        }
        if careful && after.0 > 1 {
            continue;
        }
        if best.is_none_or(|(_, b)| (after.0, core::cmp::Reverse(after.1)) < (b.0, core::cmp::Reverse(b.1))) {
            best = Some((a, after));
        }
    }
    best.map(|(a, _)| a)
}

/// The tile an open call window is on.
fn round_window_tile(round: &Round) -> Option<u8> {
    match round.phase() {
        super::round::Phase::Calls { tile, .. } => Some(tile),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects, clippy::unwrap_used)]

    use super::*;
    use crate::game::Round as _;
    use crate::game::bot::{self, Bot};
    use crate::mahjong::score::Wind;
    use crate::mahjong::{Config, Deal, Start};

    /// A bit per kind from tile names (`1m` = 0, `1p` = 9, `1s` = 18, `1z` = 27).
    fn kinds(list: &[u8]) -> u64 {
        list.iter().fold(0, |bits, &k| bits | 1u64 << k)
    }

    #[test]
    fn danger_ranks_genbutsu_honors_suji_and_the_rest() {
        let mut visible = [0u8; KINDS];
        // The riichi seat's safe kinds: 1m (0), 7m (6), 4p (12).
        let safe = kinds(&[0, 6, 12]);
        assert_eq!(danger_against(0, safe, &visible), 0, "1m: genbutsu");
        assert_eq!(danger_against(3, safe, &visible), 5, "4m: suji of 1m and 7m");
        assert_eq!(danger_against(9, safe, &visible), 2, "1p: suji terminal (4p)");
        assert_eq!(danger_against(15, safe, &visible), 4, "7p: suji of 4p");
        assert_eq!(danger_against(16, safe, &visible), 6, "8p: no suji (5p not safe)");
        assert_eq!(danger_against(18, safe, &visible), 5, "1s: terminal, no suji");
        assert_eq!(danger_against(22, safe, &visible), 7, "5s: the middle");
        assert_eq!(
            danger_against(13, safe, &visible),
            7,
            "5p: half suji (2p unsafe) is the middle"
        );
        visible[31] = 3;
        visible[32] = 1;
        assert_eq!(danger_against(31, safe, &visible), 1, "white, three seen");
        assert_eq!(danger_against(32, safe, &visible), 3, "green, one seen");
        assert_eq!(danger_against(33, safe, &visible), 4, "red, none seen");
    }

    #[test]
    fn push_or_fold_by_shanten_dora_riichis_and_the_lead() {
        assert!(pushes(0, 0, 2, false), "tenpai pushes against two riichis");
        assert!(!pushes(0, 5, 1, true), "the leader of the last round folds even tenpai");
        assert!(pushes(1, 0, 1, false), "one away against one riichi");
        assert!(!pushes(1, 3, 2, false), "one away against two riichis folds");
        assert!(pushes(2, 2, 1, false), "two away with two dora");
        assert!(!pushes(2, 1, 1, false), "two away with one dora folds");
        assert!(!pushes(3, 8, 1, false), "three away folds");
    }

    #[test]
    fn simples_and_strays() {
        assert!(!simple(0) && simple(1) && simple(7) && !simple(8) && !simple(27));
        let mut counts = [0u8; KINDS];
        counts[0] = 1; // 1m
        counts[4] = 2; // 5m
        counts[26] = 1; // 9s
        counts[33] = 3; // red dragon
        assert_eq!(strays(&counts), 5);
    }

    #[test]
    fn the_last_round_leader_is_ahead_by_the_margin_in_the_last_kyoku() {
        let config = Config::TENHOU_EAST;
        let start = |dealer: u8| Start {
            round_wind: Wind::East,
            dealer: Seat(dealer),
            honba: 0,
            sticks: 0,
            scores: [40_000, 25_000, 20_000, 15_000],
        };
        let east4 = Round::with_start(&config, &Deal::Seeded(5), &start(3)).unwrap();
        assert!(last_round_leader(&east4, Seat(0), LEADER_MARGIN));
        assert!(!last_round_leader(&east4, Seat(1), LEADER_MARGIN));
        assert!(
            !last_round_leader(&east4, Seat(0), 15_000),
            "15,000 ahead is not more than 15,000"
        );
        let east3 = Round::with_start(&config, &Deal::Seeded(5), &start(2)).unwrap();
        assert!(!last_round_leader(&east3, Seat(0), LEADER_MARGIN), "not the last round");
        // A hanchan's East 4 is not its last round.
        let hanchan = Round::with_start(&Config::TENHOU, &Deal::Seeded(5), &start(3)).unwrap();
        assert!(!last_round_leader(&hanchan, Seat(0), LEADER_MARGIN));
    }

    #[test]
    fn dora_follow_the_indicators() {
        for seed in 0..20 {
            let round = Round::seeded(&Config::TENHOU, seed).unwrap();
            let indicator = round.dora_indicators()[0] >> 2;
            let expect = Tile::new(indicator).unwrap().dora_next().index();
            let dora = dora_counts(&round);
            assert_eq!(dora[expect], 1, "seed {seed}");
            assert_eq!(dora.iter().map(|&d| u32::from(d)).sum::<u32>(), 1);
        }
    }

    /// The advice in every seat of whole rounds: legal, deterministic for its seed, a win taken
    /// when offered, and against a riichi a hand three or more from tenpai discards a tile of the
    /// lowest danger.
    #[test]
    fn advice_is_legal_deterministic_and_folds_far_hands() {
        struct Advised(u64);
        impl Bot<Round> for Advised {
            fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
                self.0 = self.0.wrapping_add(1);
                advise(round, seat, self.0)
            }
        }
        let mut folds = 0;
        for seed in 0..30u64 {
            let mut round = Round::seeded(&Config::TENHOU, seed).unwrap();
            let mut bots = [Advised(seed), Advised(seed + 1), Advised(seed + 2), Advised(seed + 3)];
            while let Some((seat, action)) = bot::step(&round, &mut bots) {
                assert!(round.is_legal(seat, action), "{action:?}");
                assert_eq!(advise(&round, seat, 7), advise(&round, seat, 7));
                let mut can_win = false;
                round.for_each_legal_action(seat, |a| can_win |= matches!(a, Action::Tsumo | Action::Ron));
                if can_win {
                    assert!(matches!(action, Action::Tsumo | Action::Ron));
                }
                let threat = (0..4u8).any(|s| s != seat.0 && round.in_riichi(Seat(s)));
                if threat && round.phase() == (crate::mahjong::Phase::Turn { seat }) && !round.in_riichi(seat) {
                    let visible = visible_counts(&round, seat);
                    let hand = hand_counts(&round, seat);
                    if best_after_discard(&hand, &visible).is_some_and(|(s, _)| s >= 3)
                        && let Action::Discard { tile } = action
                    {
                        let mut lowest = u8::MAX;
                        round.for_each_legal_action(seat, |a| {
                            if let Action::Discard { tile } = a {
                                lowest = lowest.min(danger(&round, seat, tile, &visible));
                            }
                        });
                        assert_eq!(danger(&round, seat, tile, &visible), lowest);
                        folds += 1;
                    }
                }
                round.apply(seat, action).unwrap();
            }
        }
        assert!(folds > 0, "no fold checked");
    }
}
