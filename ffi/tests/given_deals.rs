//! `parlor_round_new_given` reads each game's deal as its header comment says: the text after
//! the log header's `deal` word (Mahjong's `wall`), without that word.
#![allow(missing_docs)]

use parlor::*;

fn given(game: ParlorGame, deal: &str) -> ParlorStatus {
    let mut config = ParlorConfig {
        opaque: [0; PARLOR_CONFIG_WORDS],
    };
    let mut round = ParlorRound {
        opaque: [0; PARLOR_STATE_WORDS],
    };
    // SAFETY: valid pointers and lengths, caller-owned states.
    unsafe {
        assert_eq!(parlor_config_preset(game, core::ptr::null(), 0, &mut config), PARLOR_OK);
        parlor_round_new_given(&config, deal.as_ptr().cast(), deal.len(), &mut round)
    }
}

/// Regression: the header said the deal is written "as the game's replay logs write it after
/// `deal`", but Mahjong's logs have no `deal` (its header is `mahjong wall …`) and a C
/// programmer could not tell whether the word itself belongs in the text. The comment names
/// each game's form; each is taken, and with the header's word in front it is a bad deal.
#[test]
fn each_game_takes_its_documented_deal_form() {
    let wall: String = (0..136).map(|id| format!("{id} ")).collect();
    let cases = [
        (
            PARLOR_GAME_DOMINOES,
            "deal ",
            "0-0 0-1 0-2 0-3 0-4 | 0-5 0-6 1-1 1-2 1-3 | boneyard 1-4 1-5 1-6 2-2 2-3 2-4 2-5 2-6 3-3 3-4 3-5 3-6 4-4 4-5 4-6 5-5 5-6 6-6",
        ),
        (
            PARLOR_GAME_TICHU,
            "deal ",
            "2j2s2p2t3j3s3p3t4j4s4p4t5j6j 0j6pAs6t7s7p5p9pR0tPAj8s6s 9sJj8tKp7tDQjKjAt5tQt9jJt8p JsQs0pKt8j9t7jKs0sQpAp5sJp1",
        ),
        (
            PARLOR_GAME_DOUDIZHU,
            "deal ",
            "33344455566677788 3456789999TTTTJJJ JQQQQKKKKAAAA2222 8BR first 1",
        ),
        (PARLOR_GAME_MAHJONG, "wall ", wall.as_str()),
    ];
    for (game, word, deal) in cases {
        assert_eq!(given(game, deal), PARLOR_OK, "game {game}: {deal}");
        assert_eq!(
            given(game, &format!("{word}{deal}")),
            PARLOR_ERR_BAD_DEAL,
            "game {game}"
        );
    }
}
