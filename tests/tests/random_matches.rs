//! Regression: a Tichu match with the random bot (`Uniform`, the C ABI's `PARLOR_BOT_RANDOM`) at
//! every seat never ended: choosing uniformly among the legal actions called Tichu about every
//! other round, both teams sank below zero for good (−102,350 / −112,550 after 2,020 rounds).
//! `Uniform` now takes a call only when it is the only legal action (`Round::is_call`). Every
//! game's match of four random bots must end within a bound, for several seeds.

use parlor_core::game::bot::{Bot, Uniform};
use parlor_core::game::{Match, Round, Rules};

/// Plays a match of `M` from `seed` with a fresh `Uniform` choice per action (as the C ABI draws
/// one per call); returns the rounds played and the actions, or `None` past `max_actions`.
fn random_match<M: Match>(seed: u64, max_actions: u64) -> Option<(u32, u64)> {
    let config = <<M::Round as Round>::Config as Rules>::PRESETS[0].1.clone();
    let mut game = M::new(&config, seed).expect("the default preset plays");
    let mut bot_seed = seed;
    let mut actions = 0u64;
    while !game.is_over() {
        let seat = game.round().to_act().expect("a match not over has a seat to act");
        bot_seed = bot_seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let action = Uniform::new(bot_seed)
            .choose(game.round(), seat)
            .expect("the seat in turn acts");
        game.apply(seat, action).expect("a bot's action is legal");
        actions += 1;
        if actions > max_actions {
            return None;
        }
    }
    Some((game.rounds_played(), actions))
}

fn rounds_of<M: Match>(max_rounds: u32) -> Vec<u32> {
    (0..6u64)
        .map(|seed| {
            let (rounds, _) = random_match::<M>(seed, 2_000_000).unwrap_or_else(|| {
                panic!(
                    "{} seed {seed}: the random match does not end",
                    <M::Round as Round>::GAME.name()
                )
            });
            assert!(
                rounds <= max_rounds,
                "{} seed {seed}: {rounds} rounds",
                <M::Round as Round>::GAME.name()
            );
            rounds
        })
        .collect()
}

#[test]
fn a_random_bot_tichu_match_ends() {
    // To 1,000 points: 12 to 15 rounds of card points and double victories, no calls.
    assert_eq!(
        rounds_of::<parlor_core::tichu::game_match::Match>(30),
        [12, 13, 13, 12, 14, 15]
    );
}

#[test]
fn every_game_random_bot_match_ends() {
    assert_eq!(rounds_of::<parlor_core::dominoes::Match>(40), [16, 16, 15, 16, 20, 19]);
    assert_eq!(rounds_of::<parlor_core::doudizhu::Match>(20), [9, 9, 9, 9, 9, 9]);
    assert_eq!(rounds_of::<parlor_core::mahjong::Match>(30), [13, 12, 12, 12, 12, 12]);
}
