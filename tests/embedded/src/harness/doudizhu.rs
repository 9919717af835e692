//! Dou Dizhu: every public function of `parlor_core::doudizhu` and every `parlor_doudizhu_*`
//! entry point, on opaque inputs. The searches get a small scratch buffer of opaque length: the
//! optimizer must keep every path, the scratch-too-small one included.

use core::fmt::Write as _;
use core::hint::black_box;
use core::ops::ControlFlow;

use parlor::doudizhu as ffi;
use parlor_core::doudizhu::{self, Cards, Kind, Opponents, Preset, PresetId, RANKS, Rank};

use super::{Sink, opaque};

/// Scratch memory the harness gives the searches (far less than `SCRATCH_BYTES`).
const SCRATCH: usize = 1024;

/// Calls everything once; returns a fold of the results.
pub fn exercise() -> u32 {
    let mut sink = Sink::default();
    core_api(&mut sink);
    c_api(&mut sink);
    sink.0
}

fn core_api(sink: &mut Sink) {
    let preset = PresetId::from_code(black_box(0)).map_or(Preset::PAGAT, PresetId::preset);
    sink.add(PresetId::from_name(opaque("rlcard")).map(PresetId::name));
    sink.add((Preset::RLCARD.wing_copies, Preset::OPENSPIEL.wing_triplet_next_to_chain));
    let hand = opaque("3334445566789TJQKA2BR").parse::<Cards>().unwrap_or(Cards::EMPTY);
    let prev = opaque("QQQKKK34").parse::<Cards>().unwrap_or(Cards::EMPTY);
    let play = opaque("KKKAAA56").parse::<Cards>().unwrap_or(Cards::EMPTY);
    let readings = doudizhu::classify(&play, &preset);
    sink.add((readings.len(), readings.is_empty(), readings.strongest()));
    sink.add(readings.beats(&doudizhu::classify(&prev, &preset)));
    for reading in readings.iter() {
        sink.add((reading.kind.name(), reading.chain, reading.key.index()));
        if let Some(other) = readings.strongest() {
            sink.add(reading.beats(&other));
        }
    }
    sink.add(Kind::from_code(black_box(7)).map(Kind::name));
    sink.add(doudizhu::beats(&prev, &play, &preset));
    let mut moves = [Cards::EMPTY; 32];
    sink.add(doudizhu::moves(&hand, &prev, &preset, &mut moves));
    let mut seen = 0usize;
    let result = doudizhu::for_each_move(&hand, &Cards::EMPTY, &preset, |cards| {
        seen = seen.wrapping_add(cards.len());
        ControlFlow::Continue(())
    });
    sink.add((result, seen));
    let mut scratch = [0u8; SCRATCH];
    let scratch = black_box(&mut scratch[..]);
    sink.add(doudizhu::min_plays_in(&hand, &preset, scratch).ok());
    let opponents = [
        Opponents::Both(prev, Cards::EMPTY),
        Opponents::One(prev),
        Opponents::Unknown,
    ];
    for opponents in &opponents {
        let mut plan = doudizhu::Plan::new();
        let yes = doudizhu::spring_in(&hand, opponents, &preset, scratch, &mut plan);
        sink.add((yes, plan.plays().len()));
        sink.add(doudizhu::is_safe(&play, &hand, opponents, &preset));
    }
    // The card model.
    sink.add((
        hand.len(),
        hand.is_empty(),
        hand.contains(&prev),
        hand.minus(&prev),
        hand.plus(&prev),
    ));
    sink.add((hand.complement().len(), hand.lowest(), hand.counts()));
    sink.add(Cards::from_counts(black_box([5; RANKS])));
    if let Some(rank) = Rank::from_index(black_box(12)) {
        sink.add((
            hand.count(rank),
            rank.copies(),
            rank.is_joker(),
            rank.symbol(),
            rank.index(),
        ));
        sink.add(Rank::from_symbol(black_box('T')));
    }
    sink.add(Rank::ALL.len());
    sink.add(Cards::DECK.len());
    let mut text = crate::text::Text::new();
    let _ = write!(text, "{hand} {}", Rank::ALL[0]);
    for reading in readings.iter() {
        let _ = write!(text, "{reading} {}", reading.kind);
    }
    sink.add(text.as_str().len());
}

fn c_api(sink: &mut Sink) {
    let text = opaque("33344456");
    let mut cards = ffi::ParlorDoudizhuCards { counts: [0; RANKS] };
    let mut offset = 0usize;
    // SAFETY (all calls below): pointers to live locals, lengths of the buffers they name.
    unsafe {
        sink.add(ffi::parlor_doudizhu_parse(
            text.as_ptr().cast(),
            text.len(),
            &mut cards,
            &mut offset,
        ));
        let mut buf = [0 as core::ffi::c_char; 64];
        let mut len = 0usize;
        sink.add(ffi::parlor_doudizhu_format(
            &cards,
            buf.as_mut_ptr(),
            black_box(buf.len()),
            &mut len,
        ));
        let mut readings = [ffi::ParlorDoudizhuReading {
            kind: 0,
            chain: 0,
            key: 0,
        }; 4];
        let mut count = 0usize;
        let preset = black_box(0u8);
        sink.add(ffi::parlor_doudizhu_classify(
            &cards,
            preset,
            readings.as_mut_ptr(),
            black_box(readings.len()),
            &mut count,
        ));
        let mut yes = 0u8;
        sink.add(ffi::parlor_doudizhu_beats(core::ptr::null(), &cards, preset, &mut yes));
        let mut moves = [ffi::ParlorDoudizhuCards { counts: [0; RANKS] }; 8];
        sink.add(ffi::parlor_doudizhu_moves(
            &cards,
            core::ptr::null(),
            preset,
            moves.as_mut_ptr(),
            black_box(moves.len()),
            &mut count,
        ));
        let mut scratch = [0u8; SCRATCH];
        let mut plan = [ffi::ParlorDoudizhuCards { counts: [0; RANKS] }; 4];
        let mut plan_len = 0usize;
        sink.add(ffi::parlor_doudizhu_spring(
            &cards,
            core::ptr::null(),
            core::ptr::null(),
            preset,
            scratch.as_mut_ptr(),
            black_box(scratch.len()),
            plan.as_mut_ptr(),
            black_box(plan.len()),
            &mut plan_len,
            &mut yes,
        ));
        let mut plays = 0u8;
        let mut need = 0usize;
        sink.add(ffi::parlor_doudizhu_scratch_bytes(&cards, preset, &mut need));
        sink.add(need);
        sink.add(ffi::parlor_doudizhu_min_plays(
            &cards,
            preset,
            scratch.as_mut_ptr(),
            black_box(scratch.len()),
            &mut plays,
        ));
        sink.add((
            len,
            offset,
            count,
            yes,
            plan_len,
            plays,
            buf[0],
            readings[0].kind,
            moves[0].counts[0],
        ));
    }
}
