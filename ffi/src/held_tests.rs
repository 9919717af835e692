//! Tests of the rounds held in place (`Round::RAW`, `Match::RAW`: dominoes, Dou Dizhu, Tichu and Riichi rounds): the C calls on the
//! state's own bytes against the core, and the states they refuse.
#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects, clippy::unwrap_used)]

extern crate std;

use parlor_core::game::bot::lowest_legal_action;
use parlor_core::game::{GameId, Round, Seat};

use crate::state::{HEADER_BYTES, bytes_of, bytes_of_mut, covered, digest};
use crate::{
    PARLOR_ERR_ILLEGAL_ACTION, PARLOR_ERR_INVALID_STATE, PARLOR_ERR_NOT_YOUR_TURN, PARLOR_NO_SEAT, PARLOR_OK,
    PARLOR_STATE_WORDS, ParlorConfig, ParlorRound, ParlorStep, parlor_bot_choose, parlor_config_preset,
    parlor_round_apply, parlor_round_encode, parlor_round_legal_action_count, parlor_round_new, parlor_round_to_act,
    parlor_round_view,
};

fn config_of(game: GameId, preset: &str) -> ParlorConfig {
    let mut config = ParlorConfig { opaque: [0; 8] };
    // SAFETY: valid pointers and lengths.
    let status = unsafe { parlor_config_preset(game as u32, preset.as_ptr().cast(), preset.len(), &mut config) };
    assert_eq!(status, PARLOR_OK);
    config
}

fn new_round(config: &ParlorConfig, seed: u64) -> ParlorRound {
    let mut round = ParlorRound {
        opaque: [0; PARLOR_STATE_WORDS],
    };
    // SAFETY: valid pointers.
    assert_eq!(unsafe { parlor_round_new(config, seed, &mut round) }, PARLOR_OK);
    round
}

fn encoded(round: &ParlorRound) -> std::vec::Vec<u8> {
    let mut bytes = [0u8; 1024];
    let mut len = 0usize;
    // SAFETY: valid pointers and lengths.
    assert_eq!(
        unsafe { parlor_round_encode(round, bytes.as_mut_ptr(), bytes.len(), &mut len) },
        PARLOR_OK
    );
    bytes[..len].to_vec()
}

/// The lowest bot's choice for `seat` (the first legal action's code).
fn lowest_choice(round: &ParlorRound, seat: u32) -> u64 {
    let mut code = 0u64;
    // SAFETY: valid pointers; no scratch.
    let status = unsafe {
        parlor_bot_choose(
            round,
            seat,
            crate::PARLOR_BOT_LOWEST,
            0,
            core::ptr::null_mut(),
            0,
            &mut code,
        )
    };
    assert_eq!(status, PARLOR_OK);
    code
}

fn to_act(round: &ParlorRound) -> u32 {
    let mut seat = 0u32;
    // SAFETY: valid pointers.
    assert_eq!(unsafe { parlor_round_to_act(round, &mut seat) }, PARLOR_OK);
    seat
}

/// The status of parlor_round_to_act on `round` (a state it may refuse).
fn to_act_status(round: &ParlorRound) -> u32 {
    let mut seat = 0u32;
    // SAFETY: valid pointers.
    unsafe { parlor_round_to_act(round, &mut seat) }
}

/// Every status a reading call and the apply call give on `round`, which must be refused; the
/// apply leaves it unchanged.
fn refused_everywhere(round: &ParlorRound, what: &str) {
    assert_eq!(to_act_status(round), PARLOR_ERR_INVALID_STATE, "{what}: to_act");
    let mut count = 0usize;
    // SAFETY: valid pointers.
    let status = unsafe { parlor_round_legal_action_count(round, 0, &mut count) };
    assert_eq!(status, PARLOR_ERR_INVALID_STATE, "{what}: legal actions");
    let mut code = 0u64;
    // SAFETY: valid pointers (no scratch).
    let status = unsafe {
        parlor_bot_choose(
            round,
            0,
            crate::PARLOR_BOT_LOWEST,
            0,
            core::ptr::null_mut(),
            0,
            &mut code,
        )
    };
    assert_eq!(status, PARLOR_ERR_INVALID_STATE, "{what}: bot");
    let mut text = [0u8; 64];
    // SAFETY: valid pointers and lengths.
    let status = unsafe { parlor_round_view(round, 0, text.as_mut_ptr().cast(), text.len(), core::ptr::null_mut()) };
    assert_eq!(status, PARLOR_ERR_INVALID_STATE, "{what}: view");
    let mut len = 0usize;
    // SAFETY: valid pointers and lengths.
    let status = unsafe { parlor_round_encode(round, text.as_mut_ptr(), text.len(), &mut len) };
    assert_eq!(status, PARLOR_ERR_INVALID_STATE, "{what}: encode");
    let mut copy = *round;
    // SAFETY: valid pointers.
    let status = unsafe { parlor_round_apply(&mut copy, 0, 0, core::ptr::null_mut()) };
    assert_eq!(status, PARLOR_ERR_INVALID_STATE, "{what}: apply");
    assert_eq!(copy, *round, "{what}: a refused apply changed the state");
}

/// The games whose rounds C holds in place, with configs that play several kinds of round.
fn cases() -> [(GameId, &'static str, u64); 9] {
    [
        (GameId::Mahjong, "", 3),
        (GameId::Mahjong, "tenhou-sanma", 6),
        (GameId::Tichu, "", 3),
        (GameId::Tichu, "club", 7),
        (GameId::Dominoes, "five-up", 3),
        (GameId::Dominoes, "block", 11),
        (GameId::Doudizhu, "", 4),
        (GameId::Doudizhu, "rob", 9),
        (GameId::Doudizhu, "openspiel", 2),
    ]
}

/// Plays `round` (C) and `core` (the same round through the core) to the end with the same
/// actions (the lowest legal action, a bid first where one is legal), checking at every step
/// that both give the same encode bytes, the same seat and the same step report.
fn play_alongside<R: Round>(round: &mut ParlorRound, core: &mut R, what: &str) {
    let mut steps = 0;
    loop {
        let mut bytes = [0u8; 1024];
        let len = core.encode(&mut bytes).unwrap();
        assert_eq!(encoded(round), bytes[..len], "{what}: step {steps}");
        let seat = to_act(round);
        assert_eq!(seat, core.to_act().map_or(PARLOR_NO_SEAT, |seat| u32::from(seat.0)));
        let Some(acting) = core.to_act() else { break };
        let action = (0..R::MAX_ACTIONS.min(64))
            .filter_map(|n| core.nth_legal_action(acting, n))
            .find(|action| std::format!("{action}").starts_with("bid 3") || std::format!("{action}") == "call")
            .or_else(|| lowest_legal_action(core, acting))
            .unwrap();
        let event = core.apply(acting, action);
        assert!(event.is_ok());
        let mut step = ParlorStep::default();
        // SAFETY: valid pointers.
        let status = unsafe { parlor_round_apply(round, seat, R::action_code(action), &mut step) };
        assert_eq!(status, PARLOR_OK, "{what}: step {steps}");
        assert_eq!(step.round_over != 0, core.to_act().is_none());
        steps += 1;
    }
    assert!(steps > 3, "{what}: {steps} steps");
}

#[test]
fn a_round_held_in_place_by_c_encodes_as_the_core_round_after_the_same_actions() {
    for (game, preset, seed) in cases() {
        let config = config_of(game, preset);
        let mut round = new_round(&config, seed);
        let what = std::format!("{game} {preset} {seed}");
        match game {
            GameId::Dominoes => {
                let rules = parlor_core::dominoes::Config::preset(preset).unwrap();
                let mut core = <parlor_core::dominoes::Round as Round>::seeded(&rules, seed).unwrap();
                play_alongside(&mut round, &mut core, &what);
            }
            GameId::Tichu => {
                let rules =
                    <parlor_core::tichu::round::Config as parlor_core::game::Rules>::preset(if preset.is_empty() {
                        "standard"
                    } else {
                        preset
                    })
                    .unwrap();
                let mut core = <parlor_core::tichu::round::Round as Round>::seeded(&rules, seed).unwrap();
                play_alongside(&mut round, &mut core, &what);
            }
            GameId::Mahjong => {
                let rules =
                    parlor_core::mahjong::Config::preset(if preset.is_empty() { "tenhou" } else { preset }).unwrap();
                let mut core = <parlor_core::mahjong::Round as Round>::seeded(&rules, seed).unwrap();
                play_alongside(&mut round, &mut core, &what);
            }
            _ => {
                let rules = <parlor_core::doudizhu::Config as parlor_core::game::Rules>::preset(if preset.is_empty() {
                    "pagat"
                } else {
                    preset
                })
                .unwrap();
                let mut core = <parlor_core::doudizhu::round::Round as Round>::seeded(&rules, seed).unwrap();
                play_alongside(&mut round, &mut core, &what);
            }
        }
    }
}

#[test]
fn a_round_held_in_place_with_any_one_bit_flipped_is_refused() {
    for (game, preset, seed) in cases() {
        let round = new_round(&config_of(game, preset), seed);
        for bit in 0..PARLOR_STATE_WORDS * 64 {
            let mut copy = round;
            copy.opaque[bit / 64] ^= 1 << (bit % 64);
            let status = to_act_status(&copy);
            if bit / 8 < covered_end(&round) {
                assert_eq!(status, PARLOR_ERR_INVALID_STATE, "{game} {preset}: bit {bit}");
                refused_everywhere(&copy, "a flipped bit");
            } else {
                // Past the bytes the digest covers (the payload and the zeros after it to a
                // multiple of 16) nothing is read: the state still answers.
                assert_eq!(status, PARLOR_OK, "{game} {preset}: bit {bit}");
            }
        }
    }
}

/// A round of `game` (default rules, seed 11) after `moves` actions of the lowest bot, each
/// applied through C.
fn lowest_round(game: GameId, moves: usize) -> ParlorRound {
    let config = config_of(game, "");
    let mut round = new_round(&config, 11);
    for _ in 0..moves {
        let seat = to_act(&round);
        let code = lowest_choice(&round, seat);
        // SAFETY: valid pointers.
        unsafe {
            assert_eq!(
                parlor_round_apply(&mut round, seat, code, core::ptr::null_mut()),
                PARLOR_OK
            );
        }
    }
    round
}

/// The Tichu round's log is the last of its bytes and only its entries are digested (the
/// payload is `Round::raw_len`, not the whole round): whatever lies in the rest of the log's
/// room, the round answers, plays on and encodes as the clean one; and a state whose payload
/// length is not the held round's own is refused even with a right digest.
#[test]
fn a_tichu_round_reads_nothing_of_its_log_past_its_entries() {
    let mut clean = lowest_round(GameId::Tichu, 40);
    let size = core::mem::size_of::<parlor_core::tichu::round::Round>();
    let len = payload_len(&clean);
    assert!(len < size - 200, "{len} of {size}");
    // The log's room past the bytes the digest covers, filled with junk.
    let mut dirty = junk_past_covered(&clean, size);
    for _ in 0..40 {
        step_alongside(&mut clean, &mut dirty);
    }
    // The header's payload length one entry short of the log's (digest rewritten): refused.
    let mut short = clean;
    let bytes = bytes_of_mut(&mut short.opaque);
    bytes[8..10].copy_from_slice(&u16::try_from(len - 1).unwrap().to_le_bytes());
    forge_digest(&mut short);
    let seat = to_act(&short);
    let mut count = 0usize;
    let mut code = 0u64;
    let mut text = [0u8; 1024];
    let mut written = 0usize;
    let before = short;
    // SAFETY: valid pointers and lengths.
    unsafe {
        assert_eq!(
            parlor_round_legal_action_count(&short, seat, &mut count),
            PARLOR_ERR_INVALID_STATE
        );
        assert_eq!(
            parlor_bot_choose(
                &short,
                seat,
                crate::PARLOR_BOT_LOWEST,
                0,
                core::ptr::null_mut(),
                0,
                &mut code
            ),
            PARLOR_ERR_INVALID_STATE
        );
        assert_eq!(
            parlor_round_encode(&short, text.as_mut_ptr(), text.len(), &mut written),
            PARLOR_ERR_INVALID_STATE
        );
        assert_eq!(
            parlor_round_apply(&mut short, seat, 0, core::ptr::null_mut()),
            PARLOR_ERR_INVALID_STATE
        );
    }
    assert_eq!(short, before);
}

/// Session 20 (issue 27): a dominoes round keeps the layout's parents last and its payload ends
/// with the parents of the tiles played (`Round::raw_len`): junk in the rest of their room
/// changes no answer, no apply and no byte form.
#[test]
fn a_dominoes_round_reads_nothing_of_its_parents_past_the_layout() {
    let mut clean = lowest_round(GameId::Dominoes, 3);
    let size = core::mem::size_of::<parlor_core::dominoes::Round>();
    let len = payload_len(&clean);
    assert!(len < size - 150, "{len} of {size}");
    let mut dirty = junk_past_covered(&clean, size);
    while to_act(&clean) != PARLOR_NO_SEAT {
        step_alongside(&mut clean, &mut dirty);
    }
    assert_eq!(to_act(&dirty), PARLOR_NO_SEAT);
}

/// `clean` with every byte from the end of what its digest covers to the end of its held round
/// (`size` bytes after the header) set to junk.
fn junk_past_covered(clean: &ParlorRound, size: usize) -> ParlorRound {
    let mut dirty = *clean;
    for byte in &mut bytes_of_mut(&mut dirty.opaque)[covered_end(clean)..HEADER_BYTES + size] {
        *byte = 0xA5;
    }
    dirty
}

/// One step of the lowest bot on `clean` and on `dirty` (junk past its covered bytes): the same
/// seat to act and choice, both applied, the same byte form after.
fn step_alongside(clean: &mut ParlorRound, dirty: &mut ParlorRound) {
    let seat = to_act(clean);
    assert_eq!(to_act(dirty), seat);
    let code = lowest_choice(clean, seat);
    assert_eq!(lowest_choice(dirty, seat), code);
    for round in [&mut *clean, &mut *dirty] {
        // SAFETY: valid pointers.
        assert_eq!(
            unsafe { parlor_round_apply(round, seat, code, core::ptr::null_mut()) },
            PARLOR_OK
        );
    }
    assert_eq!(encoded(dirty), encoded(clean));
}

/// Where the bytes the digest covers end in a sealed state: the payload rounded up to 16 bytes
/// ([`covered`]).
fn covered_end(round: &ParlorRound) -> usize {
    HEADER_BYTES + covered(&bytes_of(&round.opaque)[HEADER_BYTES..], payload_len(round)).len()
}

/// The payload length of a sealed state (header bytes 8..10).
fn payload_len(round: &ParlorRound) -> usize {
    let bytes = bytes_of(&round.opaque);
    usize::from(u16::from_le_bytes([bytes[8], bytes[9]]))
}

/// Rewrites a state's digest over its header and payload as this library computes it: a forged
/// state that passes the digest check.
fn forge_digest(round: &mut ParlorRound) {
    let len = payload_len(round);
    let bytes = bytes_of_mut(&mut round.opaque);
    let head: [u8; 16] = bytes[..16].try_into().unwrap();
    let sum = digest(&head, covered(&bytes[HEADER_BYTES..], len));
    bytes[16..24].copy_from_slice(&sum.to_le_bytes());
}

/// Session 23 (issue 27): `parlor_round_apply` matches the header's game byte as it is (no
/// mapping to a game first) and checks the seat with one compare: a forged header whose game
/// byte names no game (with a right digest) is still refused by every call, apply included,
/// and a seat past the table (256 + the seat in turn included: no truncation to a byte) is
/// still no such seat, the state unchanged.
#[test]
fn apply_refuses_a_forged_game_byte_and_a_seat_past_the_table_as_before() {
    for (game, preset, seed) in cases() {
        let round = new_round(&config_of(game, preset), seed);
        for code in [0u8, 5, 0x80, 0xFF] {
            let mut forged = round;
            bytes_of_mut(&mut forged.opaque)[5] = code;
            forge_digest(&mut forged);
            refused_everywhere(&forged, &std::format!("{game} {preset}: game byte {code}"));
        }
        let seat = to_act(&round);
        let code = lowest_choice(&round, seat);
        for wrong in [4, 5, 255, 256, 256 + seat, 0x1_0000 + seat, u32::MAX] {
            let mut copy = round;
            // SAFETY: valid pointers.
            let status = unsafe { parlor_round_apply(&mut copy, wrong, code, core::ptr::null_mut()) };
            assert_eq!(status, crate::PARLOR_ERR_NO_SUCH_SEAT, "{game} {preset}: seat {wrong}");
            assert_eq!(copy, round);
        }
    }
}

/// Where the config of `round` lies in its own bytes (found by its bytes: the round's fields
/// are private).
fn config_at(raw: &[u8], config: &[u8]) -> usize {
    raw.windows(config.len()).position(|window| window == config).unwrap()
}

#[test]
fn a_forged_round_with_a_right_digest_but_no_valid_enum_byte_is_refused() {
    use core::mem::offset_of;
    use parlor_core::dominoes::Config as HandConfig;
    use parlor_core::doudizhu::Config as DealConfig;
    use zerocopy::IntoBytes;
    let hand = <parlor_core::dominoes::Round as Round>::seeded(&HandConfig::FIVE_UP, 5).unwrap();
    let hand_config = config_at(hand.raw_bytes(), HandConfig::FIVE_UP.as_bytes());
    let deal = <parlor_core::doudizhu::round::Round as Round>::seeded(&DealConfig::PAGAT, 5).unwrap();
    let deal_config = config_at(deal.raw_bytes(), DealConfig::PAGAT.as_bytes());
    use parlor_core::tichu::round::Config as TichuConfig;
    let tichu = <parlor_core::tichu::round::Round as Round>::seeded(&TichuConfig::STANDARD, 5).unwrap();
    let tichu_config = config_at(tichu.raw_bytes(), TichuConfig::STANDARD.as_bytes());
    use parlor_core::mahjong::Config as KyokuConfig;
    let kyoku = <parlor_core::mahjong::Round as Round>::seeded(&KyokuConfig::TENHOU, 5).unwrap();
    let kyoku_config = config_at(kyoku.raw_bytes(), KyokuConfig::TENHOU.as_bytes());
    // The round's last 4 bytes are its padding (always 0).
    let kyoku_pad = kyoku.raw_bytes().len() - 1;
    // Enum bytes that name no variant, flag bytes that are not 0 or 1.
    let forged: [(GameId, &str, usize, u8); 16] = [
        (
            GameId::Mahjong,
            "",
            kyoku_config + offset_of!(KyokuConfig, multi_ron),
            2,
        ),
        (GameId::Mahjong, "", kyoku_config + offset_of!(KyokuConfig, pao), 2),
        (
            GameId::Mahjong,
            "",
            kyoku_config + offset_of!(KyokuConfig, score) + offset_of!(parlor_core::mahjong::score::Config, kazoe),
            7,
        ),
        // Rounds past 16: every byte valid, the config not.
        (GameId::Mahjong, "", kyoku_config + offset_of!(KyokuConfig, rounds), 17),
        (GameId::Mahjong, "", kyoku_pad, 1),
        (
            GameId::Tichu,
            "",
            tichu_config + offset_of!(TichuConfig, bomb_priority),
            2,
        ),
        (
            GameId::Tichu,
            "",
            tichu_config + offset_of!(TichuConfig, tichu_during_exchange),
            2,
        ),
        // A target past 10,000 (the high byte, little-endian): every byte valid, the config not.
        (
            GameId::Tichu,
            "",
            tichu_config + offset_of!(TichuConfig, target) + 1,
            0xFF,
        ),
        (
            GameId::Dominoes,
            "five-up",
            hand_config + offset_of!(HandConfig, spinner),
            3,
        ),
        (
            GameId::Dominoes,
            "five-up",
            hand_config + offset_of!(HandConfig, draw),
            0xFF,
        ),
        (
            GameId::Dominoes,
            "five-up",
            hand_config + offset_of!(HandConfig, leader),
            2,
        ),
        (
            GameId::Dominoes,
            "five-up",
            hand_config + offset_of!(HandConfig, partnerships),
            2,
        ),
        (GameId::Doudizhu, "", deal_config + offset_of!(DealConfig, auction), 7),
        (GameId::Doudizhu, "", deal_config + offset_of!(DealConfig, deal), 2),
        (
            GameId::Doudizhu,
            "",
            deal_config + offset_of!(DealConfig, bomb_follows_rocket),
            0x80,
        ),
        (
            GameId::Doudizhu,
            "",
            deal_config + offset_of!(DealConfig, rules) + offset_of!(parlor_core::doudizhu::Preset, quad_chains),
            3,
        ),
    ];
    for (game, preset, at, value) in forged {
        let mut round = new_round(&config_of(game, preset), 5);
        let before = to_act(&round);
        assert_ne!(before, PARLOR_NO_SEAT);
        bytes_of_mut(&mut round.opaque)[HEADER_BYTES + at] = value;
        forge_digest(&mut round);
        // The header and digest check passes (the facts are the header's) ...
        assert_eq!(to_act(&round), before, "{game}: byte {at}");
        // ... but every call that reads the round refuses the bytes, and apply changes nothing.
        let mut count = 0usize;
        // SAFETY: valid pointers.
        let status = unsafe { parlor_round_legal_action_count(&round, before, &mut count) };
        assert_eq!(status, PARLOR_ERR_INVALID_STATE, "{game}: byte {at}");
        let mut code = 0u64;
        // SAFETY: valid pointers (no scratch).
        let status = unsafe {
            parlor_bot_choose(
                &round,
                before,
                crate::PARLOR_BOT_LOWEST,
                0,
                core::ptr::null_mut(),
                0,
                &mut code,
            )
        };
        assert_eq!(status, PARLOR_ERR_INVALID_STATE, "{game}: byte {at}");
        let mut text = [0u8; 1024];
        // SAFETY: valid pointers and lengths.
        let status = unsafe {
            parlor_round_view(
                &round,
                before,
                text.as_mut_ptr().cast(),
                text.len(),
                core::ptr::null_mut(),
            )
        };
        assert_eq!(status, PARLOR_ERR_INVALID_STATE, "{game}: byte {at}");
        let mut len = 0usize;
        // SAFETY: valid pointers and lengths.
        let status = unsafe { parlor_round_encode(&round, text.as_mut_ptr(), text.len(), &mut len) };
        assert_eq!(status, PARLOR_ERR_INVALID_STATE, "{game}: byte {at}");
        // A legal action of the unforged round: refused as a state, nothing written.
        let mut code = 0u64;
        let clean = new_round(&config_of(game, preset), 5);
        // SAFETY: valid pointers (no scratch).
        let status = unsafe {
            parlor_bot_choose(
                &clean,
                before,
                crate::PARLOR_BOT_LOWEST,
                0,
                core::ptr::null_mut(),
                0,
                &mut code,
            )
        };
        assert_eq!(status, PARLOR_OK);
        let mut copy = round;
        // SAFETY: valid pointers.
        let status = unsafe { parlor_round_apply(&mut copy, before, code, core::ptr::null_mut()) };
        assert_eq!(status, PARLOR_ERR_INVALID_STATE, "{game}: byte {at}");
        assert_eq!(copy, round);
    }
}

/// Session 20 (issue 27): a held Riichi round's hand sizes are not counted on every call
/// (`Round::held_ok`); a forged round with a hand of 26 tiles and a right digest still gets a
/// status from every call (no panic, no undefined behaviour), and `parlor_round_encode` refuses
/// it (its byte form would not decode).
#[test]
fn a_forged_riichi_round_with_a_long_hand_gets_statuses_and_no_byte_form() {
    let config = config_of(GameId::Mahjong, "");
    let mut round = new_round(&config, 5);
    let core = <parlor_core::mahjong::Round as Round>::seeded(&parlor_core::mahjong::Config::TENHOU, 5).unwrap();
    // The hands are the round's first field (`[[u64; 3]; 4]`): seat 1's takes seat 2's tiles too.
    assert_eq!(
        &bytes_of(&round.opaque)[HEADER_BYTES..HEADER_BYTES + 720],
        core.raw_bytes()
    );
    let hand = |seat: usize| HEADER_BYTES + seat * 24;
    for at in 0..24 {
        let extra = bytes_of(&round.opaque)[hand(2) + at];
        bytes_of_mut(&mut round.opaque)[hand(1) + at] |= extra;
    }
    forge_digest(&mut round);
    let seat = to_act(&round);
    assert_ne!(seat, PARLOR_NO_SEAT);
    for s in 0..4 {
        let mut count = 0usize;
        // SAFETY: valid pointers.
        let status = unsafe { parlor_round_legal_action_count(&round, s, &mut count) };
        assert_eq!(status, PARLOR_OK, "seat {s}");
        let mut text = [0u8; 1024];
        // SAFETY: valid pointers and lengths.
        let status =
            unsafe { parlor_round_view(&round, s, text.as_mut_ptr().cast(), text.len(), core::ptr::null_mut()) };
        assert_eq!(status, PARLOR_OK, "seat {s}");
    }
    let code = lowest_choice(&round, seat);
    let mut played = round;
    // SAFETY: valid pointers.
    let _ = unsafe { parlor_round_apply(&mut played, seat, code, core::ptr::null_mut()) };
    let mut bytes = [0u8; 1024];
    let mut len = 0usize;
    // SAFETY: valid pointers and lengths.
    let status = unsafe { parlor_round_encode(&round, bytes.as_mut_ptr(), bytes.len(), &mut len) };
    assert_eq!(status, PARLOR_ERR_INVALID_STATE);
}

#[test]
fn an_illegal_action_leaves_all_800_bytes_of_a_held_round_unchanged() {
    for (game, preset, seed) in cases() {
        let config = config_of(game, preset);
        let mut round = new_round(&config, seed);
        // Stale bytes past the covered ones too: a refused action must not touch them either.
        let end = covered_end(&round);
        for (i, byte) in bytes_of_mut(&mut round.opaque).iter_mut().enumerate().skip(end) {
            *byte = i as u8;
        }
        let mut steps = 0;
        loop {
            let seat = to_act(&round);
            if seat == PARLOR_NO_SEAT || steps > 12 {
                break;
            }
            let seats = match game {
                GameId::Dominoes => 2,
                GameId::Tichu => 4,
                GameId::Mahjong if preset.is_empty() => 4,
                _ => 3,
            };
            let other = (seat + 1) % seats;
            // Every code the game may name, from another seat and from the seat in turn: each
            // refused one leaves every byte as it was.
            let mut legal = None;
            for code in codes(game) {
                for who in [other, seat] {
                    let before = round;
                    let mut step = ParlorStep::default();
                    // SAFETY: valid pointers.
                    let status = unsafe { parlor_round_apply(&mut round, who, code, &mut step) };
                    if status == PARLOR_OK {
                        // Tichu calls and bombs may come out of turn.
                        assert!(who == seat || game == GameId::Tichu);
                        if who == seat {
                            legal.get_or_insert((before, code));
                        }
                        round = before;
                    } else {
                        assert!(
                            status == PARLOR_ERR_ILLEGAL_ACTION
                                || status == PARLOR_ERR_NOT_YOUR_TURN
                                || status == crate::PARLOR_ERR_UNKNOWN_ACTION
                                || status >= 100,
                            "{game}: status {status}"
                        );
                        assert_eq!(round, before, "{game}: code {code:#x} seat {who}: status {status}");
                    }
                }
            }
            let (_, code) = legal.unwrap_or_else(|| {
                let mut code = 0u64;
                // SAFETY: valid pointers (no scratch).
                let status = unsafe {
                    parlor_bot_choose(
                        &round,
                        seat,
                        crate::PARLOR_BOT_LOWEST,
                        0,
                        core::ptr::null_mut(),
                        0,
                        &mut code,
                    )
                };
                assert_eq!(status, PARLOR_OK);
                (round, code)
            });
            // SAFETY: valid pointers.
            assert_eq!(
                unsafe { parlor_round_apply(&mut round, seat, code, core::ptr::null_mut()) },
                PARLOR_OK
            );
            steps += 1;
        }
    }
}

/// Action codes of `game` to try: every legal one of some round of it, and some that name
/// nothing.
fn codes(game: GameId) -> std::vec::Vec<u64> {
    let mut codes = std::vec![0, 1, 2, 3, u64::MAX, 0x0101_0101];
    match game {
        GameId::Dominoes => {
            let round = parlor_core::dominoes::Round::new(
                &parlor_core::dominoes::Config::FIVE_UP,
                &parlor_core::dominoes::Deal::Seeded(1),
            )
            .unwrap();
            for seat in 0..2 {
                round.for_each_legal_action(Seat(seat), |a| codes.push(parlor_core::dominoes::Round::action_code(a)));
            }
            for tile in parlor_core::dominoes::Tile::set(6).take(12) {
                codes.push(parlor_core::dominoes::Round::action_code(
                    parlor_core::dominoes::Action::Play { tile, on: None },
                ));
            }
        }
        GameId::Tichu => {
            use parlor_core::tichu::round::Round as Tichu;
            let mut round = <Tichu as Round>::seeded(&parlor_core::tichu::round::Config::STANDARD, 3).unwrap();
            for _ in 0..12 {
                for seat in 0..4 {
                    <Tichu as Round>::for_each_legal_action(&round, Seat(seat), |a| {
                        codes.push(<Tichu as Round>::action_code(a));
                    });
                }
                let Some(seat) = <Tichu as Round>::to_act(&round) else {
                    break;
                };
                let action = lowest_legal_action(&round, seat).unwrap();
                <Tichu as Round>::apply(&mut round, seat, action).unwrap();
            }
            codes.sort_unstable();
            codes.dedup();
        }
        GameId::Mahjong => {
            use parlor_core::mahjong::Round as Kyoku;
            let mut round = <Kyoku as Round>::seeded(&parlor_core::mahjong::Config::TENHOU, 3).unwrap();
            for _ in 0..24 {
                for seat in 0..4 {
                    <Kyoku as Round>::for_each_legal_action(&round, Seat(seat), |a| {
                        codes.push(<Kyoku as Round>::action_code(a));
                    });
                }
                let Some(seat) = <Kyoku as Round>::to_act(&round) else {
                    break;
                };
                let action = lowest_legal_action(&round, seat).unwrap();
                <Kyoku as Round>::apply(&mut round, seat, action).unwrap();
            }
            // Calls and a win, which the first steps may not have offered.
            for verb in [3u64, 7, 9, 11] {
                codes.push(verb);
            }
            codes.push(8 | 4 << 8 | 5 << 16);
            codes.push(10 | 4 << 8 | 8 << 16);
            codes.sort_unstable();
            codes.dedup();
        }
        _ => {
            use parlor_core::doudizhu::round::{Action, Round as Deal};
            for action in [
                Action::Pass,
                Action::Bid(1),
                Action::Bid(2),
                Action::Bid(3),
                Action::Call,
                Action::Rob,
            ] {
                codes.push(<Deal as Round>::action_code(action));
            }
            let round = <Deal as Round>::seeded(&parlor_core::doudizhu::Config::PAGAT, 4).unwrap();
            for seat in 0..3 {
                let hand = round.hand(Seat(seat));
                if let Some(Action::Play(play)) = round.play_of(Seat(seat), &hand) {
                    codes.push(<Deal as Round>::action_code(Action::Play(play)));
                }
            }
        }
    }
    codes
}

fn new_match(config: &ParlorConfig, seed: u64) -> crate::ParlorMatch {
    let mut game = crate::ParlorMatch {
        opaque: [0; PARLOR_STATE_WORDS],
    };
    // SAFETY: valid pointers.
    assert_eq!(unsafe { crate::parlor_match_new(config, seed, &mut game) }, PARLOR_OK);
    game
}

fn match_encoded(game: &crate::ParlorMatch) -> std::vec::Vec<u8> {
    let mut bytes = [0u8; 1024];
    let mut len = 0usize;
    // SAFETY: valid pointers and lengths.
    assert_eq!(
        unsafe { crate::parlor_match_encode(game, bytes.as_mut_ptr(), bytes.len(), &mut len) },
        PARLOR_OK
    );
    bytes[..len].to_vec()
}

/// Plays the match `game` (C) and `core` (the same match through the core) with the same
/// actions (the lowest legal one) for up to `steps` actions or to the end, checking the encode
/// bytes, the seat to act and the step reports at every step, and that every other seat's
/// attempt is refused with all 800 bytes unchanged.
fn play_match_alongside<M: parlor_core::game::Match>(game: &mut crate::ParlorMatch, core: &mut M, steps: usize) {
    for step_no in 0..steps {
        let mut bytes = [0u8; 1024];
        let len = core.encode(&mut bytes).unwrap();
        assert_eq!(match_encoded(game), bytes[..len], "step {step_no}");
        let mut seat = 0u32;
        // SAFETY: valid pointers.
        assert_eq!(unsafe { crate::parlor_match_to_act(game, &mut seat) }, PARLOR_OK);
        let round = core.round();
        let acting = if core.is_over() { None } else { round.to_act() };
        assert_eq!(seat, acting.map_or(PARLOR_NO_SEAT, |seat| u32::from(seat.0)));
        let Some(acting) = acting else { break };
        let action = lowest_legal_action(round, acting).unwrap();
        let code = <M::Round as Round>::action_code(action);
        let before = *game;
        let other = (seat + 1) % u32::from(round.seats());
        let mut report = ParlorStep::default();
        // SAFETY: valid pointers.
        let status = unsafe { crate::parlor_match_apply(game, other, code, &mut report) };
        if round.may_act(Seat(other as u8)) {
            // A Riichi call window: another seat may answer too (undone).
            *game = before;
        } else {
            assert_ne!(status, PARLOR_OK);
            assert_eq!(*game, before, "a refused match action changed the state");
        }
        let expected = core.apply(acting, action).unwrap();
        // SAFETY: valid pointers.
        assert_eq!(
            unsafe { crate::parlor_match_apply(game, seat, code, &mut report) },
            PARLOR_OK
        );
        assert_eq!(report.round_over != 0, expected.finished.is_some(), "step {step_no}");
        assert_eq!(report.match_over != 0, expected.match_over, "step {step_no}");
    }
}

#[test]
fn a_match_held_in_place_by_c_encodes_as_the_core_match_after_the_same_actions() {
    for (game, preset, seed) in cases() {
        let mut held = new_match(&config_of(game, preset), seed);
        match game {
            GameId::Dominoes => {
                let rules = parlor_core::dominoes::Config::preset(preset).unwrap();
                let mut core = <parlor_core::dominoes::Match as parlor_core::game::Match>::new(&rules, seed).unwrap();
                play_match_alongside(&mut held, &mut core, 400);
            }
            GameId::Tichu => {
                let name = if preset.is_empty() { "standard" } else { preset };
                let rules = <parlor_core::tichu::round::Config as parlor_core::game::Rules>::preset(name).unwrap();
                let mut core =
                    <parlor_core::tichu::game_match::Match as parlor_core::game::Match>::new(&rules, seed).unwrap();
                play_match_alongside(&mut held, &mut core, 400);
            }
            GameId::Mahjong => {
                let name = if preset.is_empty() { "tenhou" } else { preset };
                let rules = parlor_core::mahjong::Config::preset(name).unwrap();
                let mut core = <parlor_core::mahjong::Match as parlor_core::game::Match>::new(&rules, seed).unwrap();
                play_match_alongside(&mut held, &mut core, 400);
            }
            _ => {
                let name = if preset.is_empty() { "pagat" } else { preset };
                let rules = <parlor_core::doudizhu::Config as parlor_core::game::Rules>::preset(name).unwrap();
                let mut core =
                    <parlor_core::doudizhu::game_match::Match as parlor_core::game::Match>::new(&rules, seed).unwrap();
                play_match_alongside(&mut held, &mut core, 400);
            }
        }
        // Any one flipped bit of the header and the held match: refused.
        let len = payload_len_of(&held.opaque);
        for bit in (0..(HEADER_BYTES + len) * 8).step_by(3) {
            let mut copy = held;
            copy.opaque[bit / 64] ^= 1 << (bit % 64);
            let mut seat = 0u32;
            // SAFETY: valid pointers.
            let status = unsafe { crate::parlor_match_to_act(&copy, &mut seat) };
            assert_eq!(status, PARLOR_ERR_INVALID_STATE, "{game} {preset}: bit {bit}");
        }
    }
}

/// The payload length of sealed state words (header bytes 8..10).
fn payload_len_of(words: &[u64; PARLOR_STATE_WORDS]) -> usize {
    let bytes = bytes_of(words);
    usize::from(u16::from_le_bytes([bytes[8], bytes[9]]))
}
