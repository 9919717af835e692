//! Tests of `search.rs` and the greedy bot: samples consistent with a seat's view, spread in
//! proportion, greedy against random, rewards.
#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects, clippy::unwrap_used)]

extern crate std;
use std::vec::Vec;

use super::bot::{Greedy, plays_left};
use super::{Action, Cards, Config, Rank, Round, Spring};
use crate::game::bot::{Bot, Uniform, step};
use crate::game::{self, Rng, Round as _, Search, Seat};

fn c(s: &str) -> Cards {
    s.parse().unwrap()
}

/// Every fact a sample must keep, for the observer `seat`.
fn check_sample(round: &Round, sample: &Round, seat: Seat) {
    assert_eq!(sample.observation(seat), round.observation(seat));
    let mut buf = [0u8; Round::ENCODED_BYTES];
    let n = game::Round::encode(sample, &mut buf).unwrap();
    assert_eq!(<Round as game::Round>::decode(&buf[..n]), Ok(*sample));
    assert_eq!(sample.to_act(), round.to_act());
    for s in (0..3).map(Seat) {
        assert_eq!(sample.hand(s).len(), round.hand(s).len());
    }
    // The unseen cards are the same multiset, only placed elsewhere.
    let hidden = |r: &Round| {
        let mut all = Cards::EMPTY;
        for s in (0..3).map(Seat).filter(|&s| s != seat) {
            all = all.plus(&r.hand(s)).unwrap();
        }
        if r.landlord().is_none() {
            all = all.plus(&r.kitty()).unwrap();
        }
        all
    };
    assert_eq!(hidden(sample), hidden(round));
    if let Some(l) = round.landlord() {
        assert_eq!(sample.kitty(), round.kitty());
        let held = sample
            .hand(l)
            .plus(&sample.observation(seat).unwrap().played[l.index()])
            .unwrap();
        assert!(held.contains(&round.kitty()), "the landlord keeps the kitty");
    }
}

#[test]
fn every_sample_keeps_the_seats_view() {
    let mut rng = Rng::new(11);
    let mut samples = 0;
    for config in [Config::PAGAT, Config::OPENSPIEL, Config::RLCARD, Config::ROB] {
        for seed in 0..8u64 {
            let mut round = Round::seeded(&config, seed).unwrap();
            let mut bots = [Greedy::new(seed), Greedy::new(seed + 1), Greedy::new(seed + 2)];
            loop {
                for seat in (0..3).map(Seat) {
                    let sample = round.determinize(seat, &mut rng).unwrap();
                    check_sample(&round, &sample, seat);
                    samples += 1;
                }
                let Some((s, a)) = step(&round, &mut bots) else { break };
                round.apply(s, a).unwrap();
            }
        }
    }
    assert!(samples > 1000, "{samples}");
    let round = Round::seeded(&Config::PAGAT, 1).unwrap();
    assert_eq!(
        round.determinize(Seat(3), &mut rng),
        Err(super::Error::NoSuchSeat { seat: 3 })
    );
}

/// Chi-square of observed against expected counts.
fn chi_square(observed: &[f64], expected: &[f64]) -> f64 {
    observed
        .iter()
        .zip(expected)
        .filter(|(_, e)| **e > 0.0)
        .map(|(o, e)| (o - e) * (o - e) / e)
        .sum()
}

#[test]
fn unseen_cards_land_with_each_holder_in_proportion() {
    // In the auction: seat 0 sees its hand; the 37 others go 17 / 17 / 3 to seats 1, 2, kitty.
    let round = Round::seeded(&Config::PAGAT, 5).unwrap();
    let mut rng = Rng::new(99);
    const N: usize = 3000;
    let pool = Cards::DECK.minus(&round.hand(Seat(0))).unwrap();
    let mut observed = [[0f64; 15]; 3];
    for _ in 0..N {
        let s = round.determinize(Seat(0), &mut rng).unwrap();
        for (i, rank) in Rank::ALL.into_iter().enumerate() {
            observed[0][i] += f64::from(s.hand(Seat(1)).count(rank));
            observed[1][i] += f64::from(s.hand(Seat(2)).count(rank));
            observed[2][i] += f64::from(s.kitty().count(rank));
        }
    }
    let mut o = std::vec::Vec::new();
    let mut e = std::vec::Vec::new();
    for (holder, share) in [17.0 / 37.0, 17.0 / 37.0, 3.0 / 37.0].into_iter().enumerate() {
        for (i, rank) in Rank::ALL.into_iter().enumerate() {
            o.push(observed[holder][i]);
            e.push(f64::from(pool.count(rank)) * share * N as f64);
        }
    }
    // 45 cells (30 free): the 99.9 % point of chi-square with 30 degrees is 59.7.
    let x = chi_square(&o, &e);
    assert!(x < 60.0, "chi-square {x}");

    // In play, seat 1 (a peasant) watching: the landlord keeps its unplayed kitty cards, the
    // rest of the unseen cards go in proportion to the hidden hands' room.
    let mut round = Round::seeded(&Config::PAGAT, 5).unwrap();
    round.apply(Seat(0), Action::Bid(3)).unwrap();
    let mut bots = [Greedy::new(1), Greedy::new(2), Greedy::new(3)];
    for _ in 0..4 {
        let (s, a) = step(&round, &mut bots).unwrap();
        round.apply(s, a).unwrap();
    }
    let kitty = round.kitty();
    let played0 = round.observation(Seat(1)).unwrap().played[0];
    let mut forced = Cards::EMPTY;
    for rank in Rank::ALL {
        forced.add(rank, kitty.count(rank).saturating_sub(played0.count(rank)));
    }
    let pool = round
        .hand(Seat(0))
        .plus(&round.hand(Seat(2)))
        .unwrap()
        .minus(&forced)
        .unwrap();
    let room0 = (round.hand(Seat(0)).len() - forced.len()) as f64;
    let room2 = round.hand(Seat(2)).len() as f64;
    let total = room0 + room2;
    let mut observed = [[0f64; 15]; 2];
    for _ in 0..N {
        let s = round.determinize(Seat(1), &mut rng).unwrap();
        for (i, rank) in Rank::ALL.into_iter().enumerate() {
            observed[0][i] += f64::from(s.hand(Seat(0)).count(rank) - forced.count(rank));
            observed[1][i] += f64::from(s.hand(Seat(2)).count(rank));
        }
    }
    let (mut o, mut e) = (std::vec::Vec::new(), std::vec::Vec::new());
    for (holder, share) in [room0 / total, room2 / total].into_iter().enumerate() {
        for (i, rank) in Rank::ALL.into_iter().enumerate() {
            o.push(observed[holder][i]);
            e.push(f64::from(pool.count(rank)) * share * N as f64);
        }
    }
    let x = chi_square(&o, &e);
    // 30 cells, at most 15 free: the 99.9 % point with 15 degrees is 37.7.
    assert!(x < 38.0, "chi-square {x}");
    assert_eq!(kitty.len(), 3);
}

#[test]
fn plays_left_is_pinned() {
    let cases = [
        ("3", 1),
        ("BR", 1),
        ("3333", 1),
        ("34567", 1),
        ("345678", 1),
        ("3344", 2),
        ("334455", 1),
        ("3334", 1),
        ("33344", 1),
        ("333444", 1),
        ("33344456", 1),
        ("333444555666777888", 1),
        ("3456789TJQKA2BR", 3),
        ("33344455566677788", 2),
        ("3568TQ2", 7),
        ("35", 2),
        ("3BR", 2),
        ("3B", 2),
    ];
    for (hand, expected) in cases {
        assert_eq!(plays_left(&c(hand).counts()), expected, "{hand}");
    }
}

#[test]
fn greedy_is_deterministic_and_sheds() {
    // rlcard: seat 0 is the landlord and leads 3456789TJQKA222BR + 444.
    let round = Round::given(
        &Config::RLCARD,
        "3456789TJQKA222BR 33355566677788899 9TTTJJJQQQKKKAAA2 444",
    )
    .unwrap();
    assert_eq!(round.landlord(), Some(Seat(0)));
    let a = Greedy::new(1).choose(&round, Seat(0));
    assert_eq!(a, Greedy::new(1).choose(&round, Seat(0)));
    let Some(Action::Play(play)) = a else { panic!("{a:?}") };
    // The least plays left after it among all leads, without the bomb or the rocket.
    let hand = round.hand(Seat(0));
    let mut least = u32::MAX;
    round.for_each_legal_action(Seat(0), |x| {
        if let Action::Play(p) = x {
            least = least.min(plays_left(&hand.minus(&p.cards).unwrap().counts()));
        }
    });
    // 444 with a joker leaves 3456789TJQKA and 222 + the other joker: two plays; but it
    // breaks the bomb and the rocket (and 34444B spends the bomb), so the greedy leads the
    // sequence that keeps both, three plays left.
    assert_eq!(least, 2);
    assert_eq!(plays_left(&hand.minus(&play.cards).unwrap().counts()), 3);
    assert_eq!(play.cards, c("56789TJQKA"), "{}", play.cards);
    assert_eq!(Greedy::new(1).choose(&round, Seat(1)), None);
}

/// Plays `seeds` deals with `greedy_seat` played by the greedy bot (or by `Uniform` when
/// `greedy` is false) and the other seats by `Uniform`; how many deals the seat's side won.
fn side_wins(config: &Config, seeds: u64, greedy: bool) -> u32 {
    let mut wins = 0;
    for seed in 0..seeds {
        let seat = Seat((seed % 3) as u8);
        let mut round = Round::seeded(config, 1000 + seed).unwrap();
        let mut greedy_bot = Greedy::new(seed);
        let mut others = [
            Uniform::new(seed * 3),
            Uniform::new(seed * 3 + 1),
            Uniform::new(seed * 3 + 2),
        ];
        while let Some(s) = round.to_act() {
            let action = if greedy && s == seat {
                Bot::<Round>::choose(&mut greedy_bot, &round, s)
            } else {
                others[s.index()].choose(&round, s)
            };
            round.apply(s, action.unwrap()).unwrap();
        }
        let outcome = round.outcome().unwrap();
        if Round::reward(&outcome, seat) > 0.5 {
            wins += 1;
        }
    }
    wins
}

#[test]
fn greedy_beats_uniform() {
    // The same deals and seats, one seat played by the greedy bot or by a random one.
    for config in [Config::RLCARD, Config::PAGAT] {
        let greedy = side_wins(&config, 300, true);
        let random = side_wins(&config, 300, false);
        // Measured: rlcard 272 against 168, pagat 269 against 164.
        assert!(
            greedy >= random + 60,
            "{config:?}: greedy {greedy}, random {random} of 300"
        );
        assert!(greedy >= 240, "{config:?}: greedy {greedy} of 300");
    }
}

#[test]
fn rewards() {
    let round = {
        let mut r = Round::seeded(&Config::PAGAT, 8).unwrap();
        r.apply(Seat(0), Action::Bid(3)).unwrap();
        while let Some(seat) = r.to_act() {
            let action = if r.is_legal(seat, Action::Pass) {
                Action::Pass
            } else {
                crate::game::bot::lowest_legal_action(&r, seat).unwrap()
            };
            r.apply(seat, action).unwrap();
        }
        r
    };
    let o = round.outcome().unwrap();
    assert_eq!(o.spring, Spring::Spring);
    let big = super::Outcome { stake: 48, ..o };
    assert_eq!(Round::reward(&big, Seat(0)), 1.0);
    assert_eq!(Round::reward(&big, Seat(1)), 0.0);
    assert_eq!(Round::reward(&big, Seat(2)), 0.0);
    assert!(Round::reward(&o, Seat(0)) > 0.9 && Round::reward(&o, Seat(1)) < 0.1);
    let small = super::Outcome { stake: 4, ..o };
    assert!((Round::reward(&small, Seat(0)) - 0.925).abs() < 1e-6);
    assert!((Round::reward(&small, Seat(2)) - 0.075).abs() < 1e-6);
    let mut void = Round::seeded(&Config::PAGAT, 5).unwrap();
    for s in 0..3 {
        void.apply(Seat(s), Action::Pass).unwrap();
    }
    assert_eq!(Round::reward(&void.outcome().unwrap(), Seat(1)), 0.5);
    let _ = Round::playout(3);
}

/// The greedy bot's `plays_left` as it was before it worked on count masks (session 18), kept
/// as the reference the mask version is compared with: rank by rank over the counts.
mod plays_left_reference {
    use super::super::cards::{RANKS, Rank};
    use super::Vec;

    const ACE: usize = Rank::Ace as usize;
    const BLACK: usize = Rank::BlackJoker as usize;
    const RED: usize = Rank::RedJoker as usize;

    fn at(c: &[u8; RANKS], i: usize) -> u8 {
        c[i]
    }

    fn groups(c: &[u8; RANKS], planes: &[u8]) -> u32 {
        let rocket = at(c, BLACK) > 0 && at(c, RED) > 0;
        let (mut loose, mut triplets, mut bombs) = (0u32, 0u32, 0u32);
        for (i, &n) in c.iter().enumerate() {
            if rocket && (i == BLACK || i == RED) {
                continue;
            }
            match n {
                1 | 2 => loose += 1,
                3 => triplets += 1,
                4 => bombs += 1,
                _ => {}
            }
        }
        loose = loose.saturating_sub(triplets);
        for &len in planes {
            if loose >= u32::from(len) {
                loose -= u32::from(len);
            }
        }
        u32::from(rocket) + bombs + triplets + loose
    }

    fn take_chain(c: &mut [u8; RANKS], per: u8, min: usize) -> usize {
        let (mut best_start, mut best_len) = (0usize, 0usize);
        let (mut start, mut len) = (0usize, 0usize);
        for i in 0..=ACE {
            if at(c, i) >= per {
                if len == 0 {
                    start = i;
                }
                len += 1;
                if len > best_len {
                    (best_start, best_len) = (start, len);
                }
            } else {
                len = 0;
            }
        }
        if best_len < min {
            return 0;
        }
        for slot in &mut c[best_start..best_start + best_len] {
            *slot -= per;
        }
        best_len
    }

    pub fn plays_left(c: &[u8; RANKS]) -> u32 {
        let mut best = groups(c, &[]);
        let orders: [[(u8, usize); 3]; 3] = [
            [(1, 5), (2, 3), (3, 2)],
            [(3, 2), (2, 3), (1, 5)],
            [(2, 3), (1, 5), (3, 2)],
        ];
        for order in orders {
            let mut rest = *c;
            let mut chains = 0u32;
            let mut planes = Vec::new();
            for (per, min) in order {
                loop {
                    let len = take_chain(&mut rest, per, min);
                    if len == 0 {
                        break;
                    }
                    chains += 1;
                    if per == 3 {
                        planes.push(len as u8);
                    }
                }
            }
            best = best.min(chains + groups(&rest, &planes));
        }
        best
    }
}

/// Issue 27: `plays_left` by count masks gives the rank-by-rank answer on random hands (dealt
/// from the deck, every size to 20), on hands rich in chains (2 to 4 of most ranks), after each
/// play the greedy bot weighs in random positions, and on count vectors no deck holds (more
/// than 4 of a rank).
#[test]
fn plays_left_by_masks_matches_the_rank_by_rank_reference() {
    let mut rng = Rng::new(27);
    let mut checked = 0u32;
    let mut chained = 0u32;
    let mut check = |counts: &[u8; 15]| {
        let expected = plays_left_reference::plays_left(counts);
        assert_eq!(plays_left(counts), expected, "{counts:?}");
        checked += 1;
    };
    let mut deck = Vec::new();
    for (i, &n) in Cards::DECK.counts().iter().enumerate() {
        for _ in 0..n {
            deck.push(i);
        }
    }
    for _ in 0..40_000 {
        game::shuffle(&mut deck, &mut rng);
        let size = rng.below(21) as usize;
        let mut counts = [0u8; 15];
        for &i in &deck[..size] {
            counts[i] += 1;
        }
        check(&counts);
        // Chain-rich: most ranks 2 to 4 times, jokers at random.
        let mut rich = [0u8; 15];
        for (i, slot) in rich.iter_mut().enumerate() {
            *slot = if i >= 13 {
                rng.below(2) as u8
            } else {
                rng.below(5).max(rng.below(5)) as u8
            };
        }
        check(&rich);
        if plays_left_reference::plays_left(&rich) < 4 {
            chained += 1;
        }
        // No deck holds these.
        let mut wild = [0u8; 15];
        for slot in wild.iter_mut() {
            *slot = rng.below(8) as u8;
        }
        check(&wild);
    }
    // The greedy bot's questions: every play of the seat in turn, in random positions.
    for seed in 0..300u64 {
        let mut round = Round::new(&Config::OPENSPIEL, &super::Deal::Seeded(seed)).unwrap();
        let mut bots = [0, 1, 2].map(|k| Uniform::new(seed + k));
        while let Some(seat) = round.to_act() {
            let hand = round.hand(seat);
            round.for_each_legal_action(seat, |a| {
                if let Action::Play(p) = a {
                    check(&hand.minus(&p.cards).unwrap().counts());
                }
            });
            let Some((seat, action)) = step(&round, &mut bots) else {
                break;
            };
            round.apply(seat, action).unwrap();
        }
    }
    assert!(checked > 100_000, "{checked}");
    assert!(chained > 1_000, "{chained}");
}

/// The greedy bot as it was before session 18 (its `plays_left` the reference above, the play
/// weighed rank by rank), kept to compare choices with: the same choice and the same random
/// draws (a bot's choices for a seed unchanged).
mod greedy_reference {
    use super::super::cards::{RANKS, Rank};
    use super::super::combination::Kind;
    use super::super::round::{Action, Round};
    use super::plays_left_reference::plays_left;
    use crate::game::{Rng, Seat};

    const ACE: usize = Rank::Ace as usize;
    const TWO: usize = Rank::Two as usize;
    const BLACK: usize = Rank::BlackJoker as usize;
    const RED: usize = Rank::RedJoker as usize;

    fn at(c: &[u8; RANKS], i: usize) -> u8 {
        c[i]
    }

    fn strength(c: &[u8; RANKS]) -> u32 {
        let (b, r) = (at(c, BLACK), at(c, RED));
        let jokers = if b > 0 && r > 0 {
            4
        } else {
            u32::from(r) * 3 + u32::from(b) * 2
        };
        let bombs = c.iter().take(TWO + 1).filter(|&&n| n == 4).count() as u32;
        jokers + u32::from(at(c, TWO)) * 2 + u32::from(at(c, ACE)) + bombs * 3
    }

    pub struct Greedy {
        rng: Rng,
    }

    impl Greedy {
        /// A greedy bot seeded with `seed`.
        pub const fn new(seed: u64) -> Greedy {
            Greedy { rng: Rng::new(seed) }
        }

        /// The greedy choice of `seat`, or `None` when `seat` is not to act.
        pub fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
            if round.to_act() != Some(seat) {
                return None;
            }
            let hand = round.hand(seat).counts();
            if round.in_auction() {
                return self.bid(round, seat, &hand);
            }
            let landlord = round.landlord();
            let top = round.top();
            let counts = round.observation(seat).map(|o| o.counts).unwrap_or([20; 3]);
            let opponent_low = (0u8..3).map(Seat).any(|s| {
                s != seat
                    && (landlord == Some(seat) || landlord == Some(s))
                    && counts.get(s.index()).is_some_and(|&n| n <= 2)
            });
            let partner_on_top = matches!((top, landlord), (Some((t, _)), Some(l)) if t != seat && l != seat && t != l);
            let now = plays_left(&hand).saturating_mul(32);
            let rocket = at(&hand, BLACK) > 0 && at(&hand, RED) > 0;
            let mut best: Option<(u32, Action)> = None;
            let mut ties = 0u32;
            let mut winning = None;
            let rng = &mut self.rng;
            round.for_each_legal_action(seat, |action| {
                let Action::Play(play) = action else { return };
                if winning.is_some() {
                    return;
                }
                let mut after = hand;
                let mut spent_control = 0u32;
                let mut breaks_bomb = false;
                // A quad + two spends a bomb as surely as the bomb itself.
                let mut bomb = matches!(play.reading.kind, Kind::Bomb | Kind::Rocket);
                for (i, (slot, used)) in after.iter_mut().zip(play.cards.counts()).enumerate() {
                    if used > 0 && *slot == 4 {
                        if used < 4 {
                            breaks_bomb = true;
                        } else {
                            bomb = true;
                        }
                    }
                    *slot = slot.saturating_sub(used);
                    if i >= TWO {
                        spent_control = spent_control.saturating_add(u32::from(used));
                    }
                }
                // One joker of the rocket.
                if rocket && play.reading.kind != Kind::Rocket && (at(&after, BLACK) > 0) != (at(&after, RED) > 0) {
                    breaks_bomb = true;
                }
                if after.iter().all(|&n| n == 0) {
                    winning = Some(action);
                    return;
                }
                let mut cost = plays_left(&after)
                    .saturating_mul(32)
                    .saturating_add(play.reading.key as u32);
                if !opponent_low {
                    if bomb {
                        cost = cost.saturating_add(50);
                    }
                    if breaks_bomb {
                        cost = cost.saturating_add(30);
                    }
                    cost = cost.saturating_add(spent_control.saturating_mul(6));
                }
                match best {
                    Some((b, _)) if cost > b => {}
                    Some((b, _)) if cost == b => {
                        ties = ties.saturating_add(1);
                        if rng.below(ties.saturating_add(1)) == 0 {
                            best = Some((cost, action));
                        }
                    }
                    _ => {
                        ties = 0;
                        best = Some((cost, action));
                    }
                }
            });
            if let Some(action) = winning {
                return Some(action);
            }
            match (top, best) {
                (None, Some((_, action))) => Some(action),
                (None, None) => None, // a leader always has a play
                (Some(_), _) if partner_on_top => Some(Action::Pass),
                (Some(_), Some((cost, action))) if opponent_low || cost <= now => Some(action),
                (Some(_), _) => Some(Action::Pass),
            }
        }

        fn bid(&mut self, round: &Round, seat: Seat, hand: &[u8; RANKS]) -> Option<Action> {
            let strength = strength(hand);
            let wanted = [
                Action::Bid(3),
                Action::Bid(2),
                Action::Bid(1),
                Action::Rob,
                Action::Call,
            ];
            let want = |a: &Action| match a {
                Action::Bid(3) => strength >= 10,
                Action::Bid(2) => strength >= 8,
                Action::Bid(1) | Action::Call => strength >= 7,
                Action::Rob => strength >= 9,
                _ => false,
            };
            wanted
                .into_iter()
                .find(|a| want(a) && round.is_legal(seat, *a))
                .or(Some(Action::Pass))
        }
    }
}

/// Issue 27: the greedy bot weighs plays on count masks (session 18); its choices and its
/// random draws are those of the bot before (`greedy_reference`), in every position of many
/// deals under each preset: one bot of each kind with the same seed asked at every decision
/// (so a draw more or fewer would show in a later tie), the deals played on by `Uniform`.
#[test]
fn greedy_chooses_as_before_session_18() {
    let mut decisions = 0u32;
    let mut plays = 0u32;
    for (name, config) in <Config as crate::game::Rules>::PRESETS {
        for seed in 0..120u64 {
            let Ok(mut round) = Round::new(config, &super::Deal::Seeded(seed)) else {
                continue;
            };
            let mut new = Greedy::new(seed);
            let mut old = greedy_reference::Greedy::new(seed);
            let mut bots = [0, 1, 2].map(|k| Uniform::new(seed ^ (0x5eed + k)));
            while let Some(seat) = round.to_act() {
                let choice = new.choose(&round, seat);
                assert_eq!(choice, old.choose(&round, seat), "{name} seed {seed}");
                decisions += 1;
                plays += u32::from(matches!(choice, Some(Action::Play(_))));
                // Half the deals go on by the greedy bot's own choices, half by random ones.
                let (seat, action) = match choice {
                    Some(action) if seed % 2 == 0 => (seat, action),
                    _ => step(&round, &mut bots).unwrap(),
                };
                round.apply(seat, action).unwrap();
            }
        }
    }
    assert!(decisions > 20_000, "{decisions}");
    assert!(plays > 5_000, "{plays}");
}
