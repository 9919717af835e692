//! The one state size holds every game's byte forms; the figures the docs give.
#![allow(missing_docs)]

use parlor::{PARLOR_CONFIG_WORDS, PARLOR_STATE_WORDS, ParlorConfig, ParlorMatch, ParlorRound};
use parlor_core::game::{Match, Round, Rules};

fn sizes<R: Round, M: Match<Round = R>>() -> (usize, usize, usize) {
    (R::ENCODED_BYTES, M::ENCODED_BYTES, <R::Config as Rules>::ENCODED_BYTES)
}

#[test]
fn one_size_holds_every_game() {
    assert_eq!(size_of::<ParlorRound>(), 800);
    assert_eq!(size_of::<ParlorMatch>(), 800);
    assert_eq!(size_of::<ParlorConfig>(), 64);
    assert_eq!((PARLOR_STATE_WORDS, PARLOR_CONFIG_WORDS), (100, 8));
    let all = [
        (
            "dominoes",
            sizes::<parlor_core::dominoes::Round, parlor_core::dominoes::Match>(),
        ),
        (
            "tichu",
            sizes::<parlor_core::tichu::round::Round, parlor_core::tichu::game_match::Match>(),
        ),
        (
            "doudizhu",
            sizes::<parlor_core::doudizhu::round::Round, parlor_core::doudizhu::game_match::Match>(),
        ),
        (
            "mahjong",
            sizes::<parlor_core::mahjong::Round, parlor_core::mahjong::Match>(),
        ),
    ];
    for (game, (round, game_match, config)) in all {
        eprintln!("{game}: round {round} B, match {game_match} B, config {config} B");
        // 24 header bytes, then the game's byte form.
        assert!(
            24 + round <= 800 && 24 + game_match <= 800 && 24 + config <= 64,
            "{game}"
        );
    }
}
