//! Riichi round checker `mahjong_round`: one hand from a seeded wall, in a random match context,
//! played on the core's `Round` and on the naive reference round side by side. At every step:
//! the seats that may act are equal, every seat's legal actions are equal in order (as log
//! text), hands, melds, rivers, dora indicators, the wall count, riichi states and points are
//! equal, a stray (mostly illegal) action is legal exactly when the reference lists it and, when
//! refused, leaves the round unchanged, encode/decode round-trips, and each observation shows
//! its seat only its own tiles (the unseen wall can be shuffled without changing any
//! observation). At the end the outcomes are equal: how it ended, each win and its value, every
//! delta, tenpai seats, sticks, the dealer's repeat.

use arbitrary::Arbitrary;
use parlor_core::game::bot::Uniform;
use parlor_core::game::{Scores, Seat};
use parlor_core::mahjong::round::{self, ENCODED_BYTES};
use parlor_core::mahjong::score::{MeldKind, Wind};
use parlor_core::mahjong::{
    Abort, Action, Config, Deal, End, Hand, MultiRon, Outcome, Phase, Round, Start, Tile, shanten,
};

use crate::reference::mahjong_round::{self as reference, RefAction, RefConfig, RefDraw, RefRound, RefStart};

use super::round as generic;

/// The reference rules of a core config.
pub fn ref_config(config: &Config) -> RefConfig {
    RefConfig {
        red_fives: config.score.red_fives,
        double_ron: config.multi_ron == MultiRon::Double,
        triple_ron_draw: config.abort_triple_ron,
        nine_terminals: config.abort_nine_terminals,
        four_winds: config.abort_four_winds,
        four_riichi: config.abort_four_riichi,
        four_kans: config.abort_four_kans,
        kuikae_forbidden: config.kuikae_forbidden,
        nagashi: config.nagashi_mangan,
        pao: config.pao,
        kokushi_robs_ankan: config.kokushi_robs_ankan,
        score: config.score,
    }
}

/// The reference context of a core start.
pub fn ref_start(start: &Start) -> RefStart {
    RefStart {
        round_wind: start.round_wind.code(),
        dealer: start.dealer.index(),
        honba: u32::from(start.honba),
        sticks: u32::from(start.sticks),
        scores: start.scores,
    }
}

/// The core action of a reference one.
pub fn core_action(action: RefAction) -> Action {
    match action {
        RefAction::Discard(tile) => Action::Discard { tile },
        RefAction::Riichi(tile) => Action::Riichi { tile },
        RefAction::Tsumo => Action::Tsumo,
        RefAction::Ankan(kind) => Action::Ankan { kind },
        RefAction::Kakan(tile) => Action::Kakan { tile },
        RefAction::NineTerminals => Action::Kyuushu,
        RefAction::Ron => Action::Ron,
        RefAction::Pon(tiles) => Action::Pon { tiles },
        RefAction::Minkan => Action::Kan,
        RefAction::Chii(tiles) => Action::Chii { tiles },
        RefAction::Pass => Action::Pass,
    }
}

/// The setup of a `mahjong_round` case: the wall's seed, the rules and the match context.
#[derive(Debug, Clone, Arbitrary)]
pub struct Setup {
    /// The wall's seed.
    pub seed: u64,
    /// 0 Tenhou's rules, 1 the basic rules (head bump, no abortive draws, kuikae allowed), 2
    /// Tenhou's without red fives.
    pub preset: u8,
    /// Dealer, round wind, honba, sticks.
    pub context: (u8, u8, u8, u8),
    /// Points offsets (hundreds) from 25,000.
    pub points: [i16; 4],
}

/// One `mahjong_round` case (the generic checker's, [`generic::Case`]); when its choices run
/// out, greedy players ([`greedy`]) finish the hand.
pub type RoundCase = generic::Case<Setup>;

/// The config of a case's preset.
pub fn preset_config(preset: u8) -> Config {
    match preset % 3 {
        0 => Config::TENHOU,
        1 => Config::BASIC,
        _ => Config {
            score: parlor_core::mahjong::score::Config {
                red_fives: false,
                ..Config::TENHOU.score
            },
            ..Config::TENHOU
        },
    }
}

fn case_start(case: &Setup, config: &Config) -> Start {
    let (dealer, wind, honba, sticks) = case.context;
    Start {
        round_wind: Wind::ALL[usize::from(wind % 3)],
        dealer: Seat(dealer % 4),
        honba: honba % 6,
        sticks: sticks % 4,
        scores: case.points.map(|p| config.start_points + i32::from(p % 260) * 100),
    }
}

/// The log text of every legal action of `seat`, in the core's order.
fn core_actions(round: &Round, seat: Seat) -> Vec<String> {
    let mut all = Vec::new();
    round.for_each_legal_action(seat, |a| all.push(a.to_string()));
    all
}

/// The most hands whose shanten [`greedy_shanten`] remembers (then it starts afresh).
const MAX_REMEMBERED_SHANTEN: usize = 200_000;

thread_local! {
    /// The greedy players' shanten by kind counts, as computed (a fuzzer replays the same deals).
    static SHANTEN: std::cell::RefCell<std::collections::HashMap<[u8; 34], i8, crate::reference::QuickBuild>> =
        const { std::cell::RefCell::new(std::collections::HashMap::with_hasher(crate::reference::QuickBuild)) };
}

/// The shanten of a closed hand of these kind counts (the core's, for the greedy players'
/// choice only: no check depends on it), `i8::MAX` when it has none; remembered.
fn greedy_shanten(counts: &[u8; 34]) -> i8 {
    if let Some(known) = SHANTEN.with(|m| m.borrow().get(counts).copied()) {
        return known;
    }
    let s = Hand::from_counts(counts)
        .ok()
        .and_then(|h| shanten(&h, None).ok())
        .unwrap_or(i8::MAX);
    SHANTEN.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= MAX_REMEMBERED_SHANTEN {
            m.clear();
        }
        m.insert(*counts, s);
    });
    s
}

/// A greedy player over the core: wins, riichi, calls sometimes, else the discard that leaves
/// the lowest shanten (ties by `x`).
pub fn greedy(round: &Round, seat: Seat, x: u64) -> Option<Action> {
    let mut actions = Vec::new();
    round.for_each_legal_action(seat, |a| actions.push(a));
    if actions.is_empty() {
        return None;
    }
    if let Some(&a) = actions.iter().find(|a| matches!(a, Action::Tsumo | Action::Ron)) {
        return Some(a);
    }
    let riichi = actions.iter().find(|a| matches!(a, Action::Riichi { .. }));
    if let Some(&a) = riichi.filter(|_| !x.is_multiple_of(5)) {
        return Some(a);
    }
    if actions.contains(&Action::Pass) {
        return Some(if x.is_multiple_of(3) {
            actions[(x >> 8) as usize % actions.len()]
        } else {
            Action::Pass
        });
    }
    let kan = actions
        .iter()
        .find(|a| matches!(a, Action::Ankan { .. } | Action::Kakan { .. }));
    if let Some(&a) = kan.filter(|_| x.is_multiple_of(7)) {
        return Some(a);
    }
    let hand: Vec<u8> = round.hand(seat).collect();
    let mut held = [0u8; 34];
    for &t in &hand {
        held[usize::from(t / 4)] += 1;
    }
    // The shanten left by discarding a tile (the hand's counts without it): every copy of a
    // kind leaves the same counts, so worked out once per kind.
    let mut by_kind = [None::<i8>; 34];
    let mut best: Option<(i8, u64, Action)> = None;
    for (i, &a) in actions.iter().enumerate() {
        let Action::Discard { tile } = a else { continue };
        let kind = usize::from(tile / 4);
        let s = *by_kind[kind].get_or_insert_with(|| {
            let mut counts = held;
            counts[kind] -= u8::from(hand.contains(&tile));
            greedy_shanten(&counts)
        });
        let tie = x.rotate_left((i as u32).wrapping_mul(7)) & 0xFF;
        if best.is_none_or(|(bs, bt, _)| (s, tie) < (bs, bt)) {
            best = Some((s, tie, a));
        }
    }
    best.map(|(_, _, a)| a).or_else(|| actions.first().copied())
}

/// A meld as plain values: kind, sorted ids, called id, the seat it came from.
type MeldRow = (MeldKind, Vec<u8>, Option<u8>, Option<usize>);

/// Compares everything public and private of the two rounds.
fn compare_state(core: &Round, naive: &RefRound, context: &str) {
    for s in 0..4usize {
        let seat = Seat(s as u8);
        assert_eq!(core.may_act(seat), naive.may_act(s), "{context}: may_act seat {s}");
        let mut hand: Vec<u8> = core.hand(seat).collect();
        hand.sort();
        let mut naive_hand = naive.hands[s].clone();
        naive_hand.sort();
        assert_eq!(hand, naive_hand, "{context}: hand of seat {s}");
        let melds: Vec<MeldRow> = core
            .melds(seat)
            .iter()
            .map(|m| {
                let mut t = m.tiles().to_vec();
                t.sort();
                (m.kind, t, m.called(), m.from().map(|f| f.index()))
            })
            .collect();
        let naive_melds: Vec<MeldRow> = naive.melds[s]
            .iter()
            .map(|m| {
                let mut t = m.tiles.clone();
                t.sort();
                (m.kind, t, m.called, m.from)
            })
            .collect();
        assert_eq!(melds, naive_melds, "{context}: melds of seat {s}");
        let river: Vec<(u8, bool, bool, bool)> = core
            .discards()
            .filter(|d| d.seat == seat)
            .map(|d| (d.tile, d.tsumogiri, d.riichi, d.called))
            .collect();
        let naive_river: Vec<(u8, bool, bool, bool)> = naive.discards[s]
            .iter()
            .map(|d| (d.tile, d.tsumogiri, d.riichi, d.called))
            .collect();
        assert_eq!(river, naive_river, "{context}: river of seat {s}");
        assert_eq!(
            core.in_riichi(seat),
            naive.riichi[s].is_some(),
            "{context}: riichi of seat {s}"
        );
    }
    let expected_to_act = match naive.window() {
        Some((from, _, _)) => (1..4).map(|i| (from + i) % 4).find(|&s| naive.may_act(s)),
        None => naive.turn(),
    };
    assert_eq!(core.to_act().map(Seat::index), expected_to_act, "{context}: to_act");
    if naive.turn().is_some() {
        assert_eq!(core.drawn(), naive.drawn, "{context}: drawn");
    }
    let dora: Vec<u8> = core.dora_indicators().to_vec();
    assert_eq!(
        dora,
        naive.wall[126..126 + naive.dora_shown].to_vec(),
        "{context}: dora"
    );
    assert_eq!(usize::from(core.wall_left()), naive.live_left(), "{context}: wall left");
    // Points: deposits taken; once over, the payments added.
    // (At the end the outcome comparison says more.)
    if !naive.is_over() {
        assert_eq!(core.scores(), naive.points, "{context}: points");
    }
}

/// Checks `seat`'s observation against what it may know.
fn check_observation(core: &Round, seat: Seat) {
    let obs = core.observation(seat).expect("a seat");
    let mut hand: Vec<u8> = core.hand(seat).collect();
    hand.sort();
    let mut seen = obs.hand().to_vec();
    seen.sort();
    assert_eq!(seen, hand, "observation: own hand");
    assert_eq!(obs.seat, seat);
    assert_eq!(obs.may_act, core.may_act(seat));
    if core.to_act() == Some(seat) && matches!(core.phase(), Phase::Turn { .. }) {
        assert_eq!(obs.drawn, core.drawn());
    } else {
        assert_eq!(obs.drawn, None, "observation: another seat's draw");
    }
    for s in 0..4u8 {
        assert_eq!(usize::from(obs.hand_counts[usize::from(s)]), core.hand(Seat(s)).count());
        assert_eq!(obs.melds(Seat(s)), core.melds(Seat(s)));
        assert_eq!(obs.riichi[usize::from(s)], core.in_riichi(Seat(s)));
    }
    assert_eq!(obs.discards().to_vec(), core.discards().collect::<Vec<_>>());
    assert_eq!(obs.dora_indicators(), core.dora_indicators());
    assert_eq!(obs.scores, core.scores());
    assert_eq!(obs.wall_left, core.wall_left());
    assert_eq!(obs.phase, core.phase());
}

/// The wall positions no seat has seen after `naive`'s play so far: the live wall not drawn
/// (including the part kans cut off), the replacement tiles not drawn, the dora indicators not
/// turned and every ura indicator (while the hand goes on).
fn unseen_positions(naive: &RefRound) -> Vec<usize> {
    let mut out: Vec<usize> = (naive.next_live..122).collect();
    out.extend(122 + naive.kans..126);
    if !naive.is_over() {
        // (At the end the ura indicators are shown with a riichi win.)
        out.extend(126 + naive.dora_shown + naive.dora_pending..136);
    }
    out
}

/// `core`'s play `log` replayed on a wall whose unseen tiles are shuffled (`None` when fewer
/// than two tiles are unseen): every seat's observation must be the same as in `core`.
fn twin_wall(
    config: &Config,
    start: &Start,
    core: &Round,
    naive: &RefRound,
    log: &[(Seat, Action)],
    salt: u64,
) -> Option<Round> {
    let positions = unseen_positions(naive);
    if positions.len() < 2 {
        return None;
    }
    let mut wall = *core.wall();
    let mut x = salt | 1;
    for i in (1..positions.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let j = (x % (i as u64 + 1)) as usize;
        wall.swap(positions[i], positions[j]);
    }
    let mut other = Round::with_start(config, &Deal::Given { wall }, start).expect("the shuffled wall deals");
    for &(seat, action) in log {
        other
            .apply(seat, action)
            .expect("the same play is legal on the shuffled wall");
    }
    Some(other)
}

/// Compares the two outcomes.
fn compare_outcome(outcome: &Outcome, naive: &RefRound, context: &str) {
    let o = naive.outcome().expect("the reference ended too");
    let hands: Vec<String> = (0..4)
        .map(|s| {
            let mut kinds: Vec<String> = naive.hands[s]
                .iter()
                .map(|&t| format!("{}", Tile::new(t / 4).unwrap_or(Tile::FIRST)))
                .collect();
            kinds.sort();
            let melds: Vec<String> = naive.melds[s]
                .iter()
                .map(|m| format!("{:?}{:?}", m.kind, m.tiles.iter().map(|t| t / 4).collect::<Vec<_>>()))
                .collect();
            format!("seat {s}: {} | {}", kinds.join(" "), melds.join(" "))
        })
        .collect();
    let detail = format!("{context}\ncore: {outcome:?}\nreference: {o:?}\n{}", hands.join("\n"));
    let context = detail.as_str();
    let end = match o.draw {
        None => End::Win,
        Some(RefDraw::Exhaustive) if o.nagashi.iter().any(|&n| n) => End::Nagashi,
        Some(RefDraw::Exhaustive) => End::Exhaustive,
        Some(RefDraw::NineTerminals) => End::Abort(Abort::NineTerminals),
        Some(RefDraw::FourWinds) => End::Abort(Abort::FourWinds),
        Some(RefDraw::FourRiichi) => End::Abort(Abort::FourRiichi),
        Some(RefDraw::FourKans) => End::Abort(Abort::FourKans),
        Some(RefDraw::TripleRon) => End::Abort(Abort::TripleRon),
    };
    assert_eq!(outcome.end, end, "{context}: end");
    let wins: Vec<_> = outcome.wins.iter().flatten().collect();
    assert_eq!(wins.len(), o.wins.len(), "{context}: winners");
    for (w, n) in wins.iter().zip(&o.wins) {
        assert_eq!(w.winner.index(), n.seat, "{context}: winner");
        assert_eq!(w.from.map(Seat::index), n.from, "{context}: from");
        assert_eq!(w.pao.map(Seat::index), n.pao, "{context}: pao");
        if let Err(why) = crate::check::mahjong_score::same_value(&w.value, &n.value) {
            panic!(
                "{context}: hand value of seat {} ({why})\ncore: {:?}\nreference: {:?}",
                n.seat, w.value, n.value
            );
        }
    }
    assert_eq!(outcome.deltas, o.deltas, "{context}: deltas");
    assert_eq!(outcome.tenpai, o.tenpai, "{context}: tenpai");
    assert_eq!(u32::from(outcome.sticks), o.sticks, "{context}: sticks");
    assert_eq!(outcome.dealer_repeats, o.dealer_keeps, "{context}: dealer repeats");
    assert_eq!(Some(outcome.scores), naive.final_points(), "{context}: scores");
    let riichi: [bool; 4] = std::array::from_fn(|s| naive.riichi[s].is_some());
    assert_eq!(outcome.riichi, riichi, "{context}: riichi sticks put down");
}

/// Every per-step comparison of the core and the reference: state, each seat's legal actions
/// in order, observations, the byte form's round trip.
pub fn check_step(core: &Round, naive: &RefRound, context: &str) {
    compare_state(core, naive, context);
    for s in 0..4u8 {
        let naive_actions: Vec<String> = naive.actions(usize::from(s)).iter().map(|a| a.to_string()).collect();
        let core_list = core_actions(core, Seat(s));
        if core_list != naive_actions {
            let r = usize::from(s);
            panic!(
                "{context}: legal actions of seat {s}\ncore: {core_list:?}\nreference: {naive_actions:?}\nhand {:?} melds {:?} points {} live {} riichi {:?} furiten {:?}/{:?} rivers {:?}",
                naive.hands[r]
                    .iter()
                    .map(|t| Tile::new(t / 4).map(|k| k.to_string()))
                    .collect::<Vec<_>>(),
                naive.melds[r],
                naive.points[r],
                naive.live_left(),
                naive.riichi,
                naive.furiten_temp,
                naive.furiten_riichi,
                naive.discards[r].iter().map(|d| d.tile).collect::<Vec<_>>()
            );
        }
        check_observation(core, Seat(s));
    }
    let mut bytes = vec![0u8; ENCODED_BYTES];
    assert_eq!(core.encode(&mut bytes), Ok(ENCODED_BYTES), "{context}: encode");
    assert_eq!(Round::decode(&bytes).as_ref(), Ok(core), "{context}: decode");
}

/// The naive reference hand as the generic checker drives it (with the config and context
/// it was dealt under, for the twin wall and the conservation of points).
#[derive(Clone)]
pub struct Adapter {
    naive: RefRound,
    config: Config,
    start: Start,
}

impl generic::Reference for Adapter {
    type Core = Round;
    type Setup = Setup;
    type Key = String;
    type Bot = Uniform;
    const ORDERED: bool = true;
    /// A hand takes up to 70 draws and discards, with the call windows between.
    const PLIES: usize = 160;

    fn start(setup: &Setup) -> Option<(Round, Adapter)> {
        let config = preset_config(setup.preset);
        let start = case_start(setup, &config);
        let core = Round::with_start(&config, &Deal::Seeded(setup.seed), &start).expect("a seeded round");
        let naive = RefRound::new(
            ref_config(&config),
            reference::seeded_wall(setup.seed),
            ref_start(&start),
        );
        assert_eq!(core.wall(), &naive.wall, "seed {}: the seeded wall", setup.seed);
        Some((core, Adapter { naive, config, start }))
    }

    fn key(action: &Action) -> String {
        action.to_string()
    }

    fn legal(&self, seat: Seat) -> Vec<String> {
        if seat.0 > 3 {
            return Vec::new();
        }
        self.naive.actions(seat.index()).iter().map(|a| a.to_string()).collect()
    }

    fn is_over(&self) -> bool {
        self.naive.is_over()
    }

    fn to_act(&self) -> Option<Option<Seat>> {
        let naive = &self.naive;
        let seat = match naive.window() {
            Some((from, _, _)) => (1..4).map(|i| (from + i) % 4).find(|&s| naive.may_act(s)),
            None => naive.turn(),
        };
        Some(seat.map(|s| Seat(s as u8)))
    }

    fn apply(&mut self, seat: Seat, action: Action, event: &round::Event, context: &str) {
        // Legality is the sampled steps' question (whole lists compared): not listed again here.
        self.naive
            .apply_listed(seat.index(), &reference_action(action))
            .unwrap_or_else(|e| panic!("{context}: reference refused {action}: {e}"));
        assert_eq!(event.over, self.naive.is_over(), "{context}: over after {action}");
    }

    fn scores(&self) -> Option<Scores> {
        self.naive.outcome().map(|o| Scores::new(&o.deltas))
    }

    fn compare(&self, core: &Round, context: &str) {
        compare_state(core, &self.naive, context);
        for s in 0..4u8 {
            check_observation(core, Seat(s));
        }
    }

    fn compare_outcome(&self, outcome: &Outcome, context: &str) {
        compare_outcome(outcome, &self.naive, context);
        let total: i32 = outcome.scores.iter().sum::<i32>() + 1000 * i32::from(outcome.sticks);
        let before: i32 = self.start.scores.iter().sum::<i32>() + 1000 * i32::from(self.start.sticks);
        assert_eq!(total, before, "{context}: points are conserved");
    }

    fn bot(seed: u64) -> Uniform {
        Uniform::new(seed)
    }

    fn believe(core: &Round, seat: Seat, salt: u64) -> Option<Round> {
        parlor_core::game::Search::determinize(core, seat, &mut parlor_core::game::Rng::new(salt)).ok()
    }

    /// A seat among those that may act, then the greedy player's choice.
    fn choose(core: &Round, x: u64) -> Option<(Seat, Action)> {
        let seats: Vec<Seat> = (0..4u8).map(Seat).filter(|&s| core.may_act(s)).collect();
        let seat = *seats.get((x >> 40) as usize % seats.len().max(1))?;
        greedy(core, seat, x).map(|action| (seat, action))
    }

    /// The same play on a wall whose unseen tiles are shuffled.
    fn twin(&self, _setup: &Setup, core: &Round, log: &[(Seat, Action)], salt: u64) -> Option<Round> {
        twin_wall(&self.config, &self.start, core, &self.naive, log, salt)
    }
}

/// The checker: [`generic::check`] with the Riichi reference.
pub fn round(case: RoundCase) {
    generic::check::<Adapter>(case);
}

/// The checker, returning the hand's outcome and how many steps it took.
pub fn round_outcome(case: RoundCase) -> (Outcome, usize) {
    let (core, steps) = generic::check::<Adapter>(case).expect("every preset is valid");
    (core.outcome().expect("over"), steps)
}

/// The reference action of a core one.
pub fn reference_action(action: Action) -> RefAction {
    match action {
        Action::Discard { tile } => RefAction::Discard(tile),
        Action::Riichi { tile } => RefAction::Riichi(tile),
        Action::Tsumo => RefAction::Tsumo,
        Action::Ankan { kind } => RefAction::Ankan(kind),
        Action::Kakan { tile } => RefAction::Kakan(tile),
        Action::Kyuushu => RefAction::NineTerminals,
        Action::Ron => RefAction::Ron,
        Action::Pon { tiles } => RefAction::Pon(tiles),
        Action::Kan => RefAction::Minkan,
        Action::Chii { tiles } => RefAction::Chii(tiles),
        Action::Pass => RefAction::Pass,
        // The reference is four-player and so are the checker's presets (`preset_config`):
        // no kita is ever legal there.
        Action::Kita => unreachable!("kita in a four-player reference case"),
    }
}

/// The number of bytes [`round()`] needs at least (for the harness's size hints).
pub const ROUND_ENCODED_BYTES: usize = round::ENCODED_BYTES;

/// A wall built from tile text (`0m` the red five), for hand-made scenarios: `hands[s]` seat
/// `s`'s 13 tiles, `live` the front of the live wall in draw order, `dora` / `ura` the first
/// indicators; every other place gets the unused ids in increasing order. Each piece takes the
/// lowest unused id of its kind (a plain five never the red copy 0 when `red_fives`).
pub fn build_wall(dealer: u8, hands: [&str; 4], live: &str, dora: &str, ura: &str, red_fives: bool) -> [u8; 136] {
    use parlor_core::mahjong::score::{Piece, parse_pieces};
    let mut used = [false; 136];
    let mut take = |text: &str| -> Vec<u8> {
        let mut pieces = [Piece::default(); 136];
        let n = parse_pieces(text, &mut pieces).unwrap_or_else(|e| panic!("tiles {text}: {e}"));
        pieces[..n]
            .iter()
            .map(|p| {
                let kind = p.tile().index() as u8;
                let five = p.tile().number() == 5 && kind < 27;
                let copies: Vec<u8> = if p.is_red() {
                    vec![0]
                } else if five && red_fives {
                    vec![1, 2, 3]
                } else {
                    vec![0, 1, 2, 3]
                };
                let id = copies
                    .iter()
                    .map(|c| kind * 4 + c)
                    .find(|&id| !used[usize::from(id)])
                    .unwrap_or_else(|| panic!("no copy of {p} left in {text}"));
                used[usize::from(id)] = true;
                id
            })
            .collect()
    };
    let mut slots: [Option<u8>; 136] = [None; 136];
    for (k, s) in (0..4u8).map(|k| (k, (dealer + k) % 4)) {
        let ids = take(hands[usize::from(s)]);
        assert_eq!(ids.len(), 13, "seat {s} needs 13 tiles");
        for (i, id) in ids.into_iter().enumerate() {
            slots[13 * usize::from(k) + i] = Some(id);
        }
    }
    for (i, id) in take(live).into_iter().enumerate() {
        slots[52 + i] = Some(id);
    }
    for (i, id) in take(dora).into_iter().enumerate() {
        slots[126 + i] = Some(id);
    }
    for (i, id) in take(ura).into_iter().enumerate() {
        slots[131 + i] = Some(id);
    }
    let mut rest = (0..136u8).filter(|&id| !used[usize::from(id)]);
    slots.map(|slot| slot.unwrap_or_else(|| rest.next().expect("136 ids")))
}

/// The text of an action with its ids written as tiles (`discard 5m`, `pon 0p 5p`).
pub fn tile_text(action: Action, red_fives: bool) -> String {
    let t = |id: u8| {
        let p = parlor_core::mahjong::score::Piece::from_id(id).expect("an id");
        if red_fives { p.to_string() } else { p.tile().to_string() }
    };
    match action {
        Action::Discard { tile } => format!("discard {}", t(tile)),
        Action::Riichi { tile } => format!("riichi {}", t(tile)),
        Action::Kakan { tile } => format!("kakan {}", t(tile)),
        Action::Pon { tiles: [a, b] } => format!("pon {} {}", t(a), t(b)),
        Action::Chii { tiles: [a, b] } => format!("chii {} {}", t(a), t(b)),
        other => other.to_string(),
    }
}

/// A scripted hand on the core and the reference side by side, every step checked as in
/// [`round()`]. Each script line is `(seat, action)` with tiles written as tiles (see
/// [`tile_text`]; a discard prefers the drawn tile). Seats in a call window that the script
/// does not name pass first. After the script, `then` plays on: `true` every seat discards
/// its drawn tile and passes on every call (to the end of the hand), `false` stops.
pub fn scripted(
    config: &Config,
    start: &Start,
    wall: [u8; 136],
    script: &[(u8, &str)],
    then: bool,
) -> (Round, RefRound) {
    let red = config.score.red_fives;
    let mut core = Round::with_start(config, &Deal::Given { wall }, start).expect("a given wall");
    let mut naive = RefRound::new(ref_config(config), wall, ref_start(start));
    let mut step = 0usize;
    let mut next = 0usize;
    let apply = |core: &mut Round, naive: &mut RefRound, seat: Seat, action: Action, step: usize| {
        core.apply(seat, action)
            .unwrap_or_else(|e| panic!("step {step}: core refused {seat:?} {action}: {e}"));
        naive
            .apply(seat.index(), &reference_action(action))
            .unwrap_or_else(|e| panic!("step {step}: reference refused {action}: {e}"));
    };
    loop {
        let context = format!("scripted step {step}");
        check_step(&core, &naive, &context);
        if core.outcome().is_some() {
            compare_outcome(&core.outcome().expect("over"), &naive, &context);
            break;
        }
        let Some(&(seat, text)) = script.get(next) else {
            if !then {
                break;
            }
            // Tsumogiri and pass.
            let seat = (0..4u8).map(Seat).find(|&s| core.may_act(s)).expect("someone acts");
            let action = if matches!(core.phase(), Phase::Turn { .. }) {
                Action::Discard {
                    tile: core.drawn().or_else(|| core.hand(seat).next()).expect("a tile"),
                }
            } else {
                Action::Pass
            };
            apply(&mut core, &mut naive, seat, action, step);
            step += 1;
            continue;
        };
        let seat = Seat(seat);
        if !core.may_act(seat) || (!matches!(core.phase(), Phase::Turn { .. }) && text != "pass") {
            // Others in the window pass first (not the scripted seat, unless it passes).
            // Seats the script answers for in this window keep their answers.
            let answering: Vec<u8> = script[next..]
                .iter()
                .take_while(|(_, t)| ["ron", "pon", "kan", "chii", "pass"].iter().any(|w| t.starts_with(w)))
                .map(|&(s, _)| s)
                .collect();
            let turn_line = !["ron", "pon", "kan", "chii", "pass"]
                .iter()
                .any(|w| text.starts_with(w));
            if let Some(other) = (0..4u8)
                .map(Seat)
                .find(|&s| core.may_act(s) && (turn_line || (s != seat && !answering.contains(&s.0))))
            {
                apply(&mut core, &mut naive, other, Action::Pass, step);
                step += 1;
                continue;
            }
        }
        let mut candidates = Vec::new();
        core.for_each_legal_action(seat, |a| {
            if tile_text(a, red) == text {
                candidates.push(a)
            }
        });
        let drawn = core.drawn();
        let action = candidates
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Discard { tile } | Action::Riichi { tile } if Some(*tile) == drawn))
            .or_else(|| candidates.first().copied())
            .unwrap_or_else(|| {
                let legal: Vec<String> = core_actions(&core, seat);
                panic!("step {step}: {seat:?} may not {text}; legal: {legal:?}")
            });
        apply(&mut core, &mut naive, seat, action, step);
        next += 1;
        step += 1;
        assert!(step < 1000);
    }
    (core, naive)
}

/// The reference match rules of a core config.
pub fn ref_match_rules(config: &Config) -> reference::RefMatchRules {
    reference::RefMatchRules {
        rounds: config.rounds,
        target: config.target_points,
        extension: config.extension,
        busting: config.busting,
        agari_yame: config.agari_yame,
    }
}

/// A whole seeded match on the core's `Match` and the reference match, greedy players: at every
/// step the acting seat's legal actions are equal; after each hand the outcomes, the points and
/// the next hand's context (round wind, dealer, honba, sticks) are equal, and the match ends on
/// the same hand with the same final points. Returns the hands played.
pub fn whole_match(preset: u8, seed: u64, bot_seed: u64) -> usize {
    let config = match preset % 3 {
        0 => Config::TENHOU,
        1 => Config::TENHOU_EAST,
        _ => Config::BASIC,
    };
    let mut core = parlor_core::mahjong::Match::new(&config, seed).expect("a match");
    let mut naive = reference::RefMatch::new(ref_config(&config), ref_match_rules(&config), config.start_points, seed);
    let mut x = bot_seed | 1;
    let mut steps = 0usize;
    while !core.is_over() {
        let context = format!(
            "match preset {} seed {seed} hand {} step {steps}",
            preset % 3,
            naive.hands
        );
        assert!(!naive.over, "{context}: the reference match ended first");
        assert_eq!(core.round().wall(), &naive.round.wall, "{context}: the hand's wall");
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let round = core.round();
        let seats: Vec<Seat> = (0..4u8).map(Seat).filter(|&s| round.may_act(s)).collect();
        let seat = seats[(x >> 40) as usize % seats.len()];
        let naive_actions: Vec<String> = naive
            .round
            .actions(seat.index())
            .iter()
            .map(|a| a.to_string())
            .collect();
        assert_eq!(
            core_actions(round, seat),
            naive_actions,
            "{context}: legal actions of seat {}",
            seat.0
        );
        let action = greedy(round, seat, x).expect("an action");
        let step = core
            .apply(seat, action)
            .unwrap_or_else(|e| panic!("{context}: core refused {action}: {e}"));
        naive
            .round
            .apply(seat.index(), &reference_action(action))
            .unwrap_or_else(|e| panic!("{context}: reference refused {action}: {e}"));
        if let Some(outcome) = step.finished {
            compare_outcome(&outcome, &naive.round, &context);
            let goes_on = naive.next_hand();
            assert_eq!(goes_on, !core.is_over(), "{context}: the match's end");
            if goes_on {
                assert_eq!(
                    ref_start(core.round().start()),
                    naive.round.start,
                    "{context}: the next hand"
                );
            }
        }
        steps += 1;
        assert!(steps < 20_000, "{context}: the match does not end");
    }
    assert!(naive.over);
    assert_eq!(
        core.final_scores(),
        Some(naive.scores),
        "match seed {seed}: final points"
    );
    assert_eq!(core.rounds_played() as usize, naive.hands);
    naive.hands
}
