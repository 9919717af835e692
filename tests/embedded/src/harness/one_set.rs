//! The one C function set (`parlor_config_*`, `parlor_round_*`, `parlor_match_*`,
//! `parlor_action_*`, `parlor_bot_*`): every entry point, for every game built in (the game code
//! comes through `black_box`, so every game's arm stays in the image).

use core::hint::black_box;
use core::ptr::{null, null_mut};

use parlor::{ParlorConfig, ParlorMatch, ParlorRound, ParlorStep};

use super::Sink;

/// Calls every function of the one set for `game`; folds the statuses.
#[allow(clippy::too_many_lines)] // one call per entry point, in header order
pub fn exercise_game(game: u32) -> u32 {
    let mut sink = Sink::default();
    let game = black_box(game);
    let mut config = ParlorConfig {
        opaque: [0; parlor::PARLOR_CONFIG_WORDS],
    };
    let mut round = ParlorRound {
        opaque: [0; parlor::PARLOR_STATE_WORDS],
    };
    let mut other = ParlorRound {
        opaque: [0; parlor::PARLOR_STATE_WORDS],
    };
    let mut played = ParlorMatch {
        opaque: [0; parlor::PARLOR_STATE_WORDS],
    };
    let mut copy = ParlorMatch {
        opaque: [0; parlor::PARLOR_STATE_WORDS],
    };
    let mut text = [0u8; 512];
    let mut bytes = [0u8; 800];
    let mut codes = [0u64; 8];
    let mut scores = [0i32; 4];
    let mut places = [0u8; 4];
    let mut step = ParlorStep::default();
    let (mut len, mut total, mut seat, mut code, mut flag, mut number) = (0usize, 0usize, 0u32, 0u64, 0u8, 0u32);
    let name = black_box("");
    let key = black_box("target");
    let value = black_box("100");
    let deal = black_box("0 1 2");
    let buf = text.as_mut_ptr().cast::<core::ffi::c_char>();
    // SAFETY: every pointer is valid for the lengths given; the library checks the rest.
    unsafe {
        sink.add(parlor::parlor_game_name(game));
        sink.add(parlor::parlor_config_preset(
            game,
            name.as_ptr().cast(),
            name.len(),
            &mut config,
        ));
        sink.add(parlor::parlor_config_preset_name(
            game,
            black_box(0),
            buf,
            text.len(),
            &mut len,
        ));
        sink.add(parlor::parlor_config_set(
            &mut config,
            key.as_ptr().cast(),
            key.len(),
            value.as_ptr().cast(),
            value.len(),
        ));
        sink.add(parlor::parlor_config_get(
            &config,
            key.as_ptr().cast(),
            key.len(),
            buf,
            text.len(),
            &mut len,
        ));
        sink.add(parlor::parlor_config_key(
            game,
            black_box(1),
            black_box(2),
            buf,
            text.len(),
            &mut len,
        ));
        sink.add(parlor::parlor_config_game(&config, &mut number));
        sink.add(parlor::parlor_round_new(&config, black_box(7), &mut round));
        sink.add(parlor::parlor_round_new_given(
            &config,
            deal.as_ptr().cast(),
            deal.len(),
            &mut other,
        ));
        sink.add(parlor::parlor_round_game(&round, &mut number));
        sink.add(parlor::parlor_round_seats(&round, &mut number));
        sink.add(parlor::parlor_round_to_act(&round, &mut seat));
        sink.add(parlor::parlor_round_may_act(&round, seat, &mut flag));
        sink.add(parlor::parlor_round_legal_actions(
            &round,
            seat,
            codes.as_mut_ptr(),
            codes.len(),
            &mut total,
        ));
        sink.add(parlor::parlor_round_legal_action_count(&round, seat, &mut total));
        sink.add(parlor::parlor_round_legal_action_at(
            &round,
            seat,
            black_box(0),
            &mut code,
        ));
        sink.add(parlor::parlor_bot_scratch_bytes(game, black_box(2), &mut len));
        sink.add(parlor::parlor_bot_choose(
            &round,
            seat,
            black_box(2),
            black_box(9),
            null_mut(),
            0,
            &mut code,
        ));
        sink.add(parlor::parlor_action_text(game, code, buf, text.len(), &mut len));
        sink.add(parlor::parlor_action_parse(
            game,
            text.as_ptr().cast(),
            len.min(text.len()),
            &mut code,
        ));
        sink.add(parlor::parlor_round_apply(&mut round, seat, code, &mut step));
        sink.add(parlor::parlor_round_outcome(
            &round,
            scores.as_mut_ptr(),
            scores.len(),
            &mut total,
        ));
        sink.add(parlor::parlor_round_view(&round, seat, buf, text.len(), &mut len));
        sink.add(parlor::parlor_round_encode(
            &round,
            bytes.as_mut_ptr(),
            bytes.len(),
            &mut len,
        ));
        sink.add(parlor::parlor_round_decode(
            game,
            bytes.as_ptr(),
            len.min(bytes.len()),
            &mut other,
        ));
        sink.add(parlor::parlor_match_new(&config, black_box(7), &mut played));
        sink.add(parlor::parlor_match_game(&played, &mut number));
        sink.add(parlor::parlor_match_seats(&played, &mut number));
        sink.add(parlor::parlor_match_round(&played, &mut other));
        sink.add(parlor::parlor_match_to_act(&played, &mut seat));
        sink.add(parlor::parlor_match_may_act(&played, seat, &mut flag));
        sink.add(parlor::parlor_match_apply(&mut played, seat, code, &mut step));
        sink.add(parlor::parlor_match_scores(
            &played,
            scores.as_mut_ptr(),
            scores.len(),
            &mut total,
        ));
        sink.add(parlor::parlor_match_rounds_played(&played, &mut number));
        sink.add(parlor::parlor_match_result(
            &played,
            places.as_mut_ptr(),
            places.len(),
            &mut total,
        ));
        sink.add(parlor::parlor_match_encode(
            &played,
            bytes.as_mut_ptr(),
            bytes.len(),
            &mut len,
        ));
        sink.add(parlor::parlor_match_decode(
            game,
            bytes.as_ptr(),
            len.min(bytes.len()),
            &mut copy,
        ));
        sink.add(parlor::parlor_round_apply(&mut other, seat, code, null_mut()));
        sink.add(parlor::parlor_config_preset(game, null(), 0, &mut config));
    }
    #[cfg(feature = "doudizhu")]
    {
        let mut id = 0u32;
        // SAFETY: valid pointers.
        unsafe {
            sink.add(parlor::doudizhu_openspiel::parlor_doudizhu_openspiel_action(black_box(number), &mut code));
            sink.add(parlor::doudizhu_openspiel::parlor_doudizhu_openspiel_action_id(code, &mut id));
        }
        black_box(id);
    }
    black_box((&step, &places, &flag, &total));
    sink.0
}

/// Every game code, and one that names no game.
pub fn exercise() -> u32 {
    (0..=5).fold(0, |sink, game| sink ^ exercise_game(game))
}
