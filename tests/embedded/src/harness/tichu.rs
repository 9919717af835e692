//! Tichu: every public function of `parlor_core::tichu` and every `parlor_tichu_*` entry point,
//! on opaque inputs.

use core::fmt::Write as _;
use core::hint::black_box;
use core::ops::ControlFlow;

use parlor::tichu as ffi;
use parlor_core::tichu::{self, Call, Cards, Combination, Kind, Rank, Seat, Suit, Trick, TrickParts};

use super::{Sink, opaque};

/// Calls everything once; returns a fold of the results.
pub fn exercise() -> u32 {
    let mut sink = Sink::default();
    core_api(&mut sink);
    c_api(&mut sink);
    sink.0
}

fn core_api(sink: &mut Sink) {
    let hand = opaque("1234567890JQKAPR").parse::<tichu::Cards>().unwrap_or_default();
    let previous = opaque("5P304967").parse::<Cards>().unwrap_or_default();
    let suited = opaque("5j6j7j8j9j").parse::<tichu::Cards>().unwrap_or_default();
    sink.add(tichu::is_legal(previous, hand));
    sink.add(tichu::is_legal(black_box(Cards::default()), suited));
    let top = tichu::previous_play(previous).ok().flatten();
    sink.add(tichu::is_legal_after(top, suited));
    sink.add(tichu::resolve(top, hand));
    sink.add(tichu::phoenix_single_on(top));
    let readings = tichu::readings(hand);
    sink.add(readings.strongest());
    sink.add(readings.is_combination());
    for reading in readings.iter() {
        sink.add((
            reading.kind().name().len(),
            reading.len(),
            reading.key(),
            reading.is_bomb(),
        ));
        sink.add(reading.beats(top));
        sink.add(reading.is_empty());
    }
    let kind = Kind::try_from(black_box(3u8)).unwrap_or(Kind::Single);
    sink.add(kind.is_bomb());
    let made = Combination::new(kind, black_box(5), black_box(20));
    sink.add(made);
    let wish = Rank::new(black_box(7));
    sink.add(tichu::wish_forces(&hand, top, wish));
    sink.add(tichu::can_pass(&hand, top, wish));
    let mut moves = [Cards::default(); 64];
    sink.add(tichu::moves(&hand, top, wish, &mut moves));
    let mut seen = 0u64;
    let result = tichu::for_each_move(&hand, None, None, |play, reading| {
        seen ^= play.mask() ^ u64::from(reading.key());
        ControlFlow::Continue(())
    });
    sink.add((result, seen));
    // The card model.
    sink.add((
        hand.len(),
        hand.is_empty(),
        hand.is_suited(),
        hand.points(),
        hand.mask(),
    ));
    sink.add((
        hand.has_mahjong(),
        hand.has_dog(),
        hand.has_phoenix(),
        hand.has_dragon(),
    ));
    if let Some(rank) = Rank::from_symbol(black_box('Q')) {
        sink.add((hand.count(rank), rank.value(), rank.symbol()));
    }
    sink.add(Rank::all().count());
    sink.add(Suit::from_letter(black_box('j')).map(Suit::letter));
    sink.add(previous.is_subset_of(hand));
    sink.add(previous.removed_from(hand).mask());
    sink.add(previous.is_disjoint_from(hand));
    sink.add(Cards::from_mask(black_box(u64::MAX)).map(Cards::mask));
    let mut grown = previous;
    for card in suited.iter() {
        sink.add(card.points());
        sink.add(grown.insert(card));
    }
    let mut text = crate::text::Text::new();
    let _ = write!(text, "{hand} {suited} {previous:?}");
    sink.add(text.as_str().len());
    // The trick state machine and scoring.
    let (Some(s0), Some(s1), Some(s2), Some(s3)) = (
        Seat::new(black_box(0)),
        Seat::new(black_box(1)),
        Seat::new(black_box(2)),
        Seat::new(black_box(3)),
    ) else {
        return;
    };
    let seat = |i: u8| [s0, s1, s2, s3].get(usize::from(i)).copied().unwrap_or(s0);
    let mut trick = Trick::new(seat(0));
    sink.add((trick.turn().index(), trick.top(), trick.wish(), trick.end()));
    sink.add(trick.play(seat(0), previous, hand, wish));
    sink.add(trick.pass(seat(1), hand));
    sink.add(trick.play(seat(2), suited, suited, None));
    let parts: TrickParts = trick.parts();
    sink.add(Trick::from_parts(parts).map(|t| t.turn().index()));
    sink.add(Trick::with(seat(1), [false, true, false, false], wish).map(|t| t.turn().index()));
    if let Some(end) = trick.end() {
        sink.add(end.give_to(seat(3)));
    }
    sink.add((
        seat(2).next().index(),
        seat(2).partner().index(),
        seat(2).team(),
        seat(1).is_opponent(seat(2)),
    ));
    let calls = [Call::Tichu, Call::None, Call::GrandTichu, Call::None];
    sink.add(calls[0].bonus(black_box(true)));
    sink.add(tichu::score_round(
        [seat(0), seat(1), seat(2), seat(3)],
        [40, 20, 25, 15],
        10,
        calls,
    ));
}

fn c_api(sink: &mut Sink) {
    let text = opaque("6P0594J7");
    let mut mask = 0u64;
    let mut offset = 0usize;
    // SAFETY (all calls below): pointers to live locals, lengths of the buffers they name.
    unsafe {
        sink.add(ffi::parlor_tichu_parse(
            text.as_ptr().cast(),
            text.len(),
            &mut mask,
            &mut offset,
        ));
        let mut buf = [0 as core::ffi::c_char; 32];
        let mut len = 0usize;
        sink.add(ffi::parlor_tichu_format(
            mask,
            buf.as_mut_ptr(),
            black_box(buf.len()),
            &mut len,
        ));
        let previous = opaque("58304967");
        let mut legal = 0u8;
        sink.add(ffi::parlor_tichu_is_legal(
            previous.as_ptr().cast(),
            previous.len(),
            text.as_ptr().cast(),
            text.len(),
            &mut legal,
        ));
        let mut has = 0u8;
        let mut top = ffi::ParlorTichuCombination::default();
        sink.add(ffi::parlor_tichu_previous(black_box(mask), &mut has, &mut top));
        let mut reading = ffi::ParlorTichuCombination::default();
        sink.add(ffi::parlor_tichu_resolve(
            &top,
            black_box(mask),
            &mut legal,
            &mut reading,
        ));
        let mut moves = [0u64; 16];
        let mut count = 0usize;
        sink.add(ffi::parlor_tichu_moves(
            black_box(mask),
            core::ptr::null(),
            black_box(0),
            moves.as_mut_ptr(),
            black_box(moves.len()),
            &mut count,
        ));
        let mut trick = ffi::ParlorTichuTrick::default();
        sink.add(ffi::parlor_tichu_trick_new(
            black_box(0),
            black_box(0),
            black_box(0),
            &mut trick,
        ));
        let mut next = 0u8;
        sink.add(ffi::parlor_tichu_trick_play(
            &mut trick,
            0,
            moves[0],
            black_box(mask),
            0,
            &mut next,
        ));
        sink.add(ffi::parlor_tichu_trick_pass(
            &mut trick,
            next,
            black_box(mask),
            &mut next,
        ));
        let mut points = 0i16;
        sink.add(ffi::parlor_tichu_card_points(black_box(mask), &mut points));
        let finish = black_box([0u8, 1, 2, 3]);
        let trick_points = black_box([40i16, 20, 25, 15]);
        let calls = black_box([1u8, 0, 0, 0]);
        let mut scores = [0i16; 2];
        sink.add(ffi::parlor_tichu_score_round(
            finish.as_ptr(),
            trick_points.as_ptr(),
            black_box(0),
            calls.as_ptr(),
            scores.as_mut_ptr(),
        ));
        sink.add(scores);
        sink.add((
            len,
            offset,
            legal,
            has,
            count,
            next,
            points,
            trick.turn,
            reading.key,
            buf[0],
        ));
    }
}
