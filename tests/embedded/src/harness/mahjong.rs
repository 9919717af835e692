//! Mahjong: every public function of `parlor_core::mahjong` and every `parlor_mahjong_*` entry
//! point, on opaque inputs.

use core::fmt::Write as _;
use core::hint::black_box;

use parlor::mahjong as ffi;
use parlor_core::mahjong::{self, Form, Hand, KINDS, Rules, Size, Suit, Tile};

use super::{Sink, opaque};

/// Calls everything once; returns a fold of the results.
pub fn exercise() -> u32 {
    let mut sink = Sink::default();
    core_api(&mut sink);
    c_api(&mut sink);
    sink.0
}

fn core_api(sink: &mut Sink) {
    let hand: Hand = opaque("1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m")
        .parse()
        .unwrap_or_default();
    let complete: Hand = opaque("111m222m333m789p55z").parse().unwrap_or_default();
    let seen = opaque("1m 5z")
        .parse::<mahjong::TileCounts>()
        .map_or([0; KINDS], |counts| counts.0);
    for rules in [Rules::SEED, Rules::RIICHI] {
        let mask = mahjong::waits(&hand, rules);
        sink.add(mask.map(|mask| mahjong::wait_tiles(mask).count()));
        sink.add(mahjong::is_complete(&complete, rules));
        let mut found = 0usize;
        let result = mahjong::for_each_decomposition(&complete, rules, |decomposition| {
            found = found.wrapping_add(usize::from(decomposition.form() == Form::Regular));
            if let mahjong::Decomposition::Regular(regular) = decomposition {
                found = found.wrapping_add(regular.sets().len() + regular.pair().index());
            }
        });
        sink.add((result, found));
    }
    for form in [
        None,
        Some(Form::Regular),
        Some(Form::SevenPairs),
        Some(Form::ThirteenOrphans),
    ] {
        sink.add(mahjong::shanten(&hand, form));
        sink.add(mahjong::ukeire(&hand, Some(&seen), form).map(|u| (u.shanten, u.accepted, u.total)));
    }
    // The hand and tile model.
    let mut copy = Hand::from_counts(hand.counts()).unwrap_or_default();
    if let Some(tile) = Tile::new(black_box(33)) {
        sink.add(copy.add(tile, parlor_core::notation::Span::new(0, 2)));
        sink.add(copy.remove(tile));
        sink.add((
            tile.index(),
            tile.suit().letter(),
            tile.number(),
            tile.is_orphan(),
            tile.next_in_suit(),
        ));
        sink.add(copy.count(tile));
    }
    sink.add(Tile::from_parts(
        Suit::from_letter(black_box(b'p')).unwrap_or(Suit::Man),
        black_box(5),
    ));
    sink.add((Suit::Sou.numbers(), Suit::Honor.first_index()));
    sink.add((copy.len(), copy.is_empty(), copy.sets_needed(), copy.tiles().count()));
    sink.add(copy.expect_size(Size::Waiting));
    sink.add(Tile::all().count());
    let mut text = crate::text::Text::new();
    let _ = write!(text, "{hand} {}", Size::Complete);
    if let Some(tile) = Tile::new(black_box(0)) {
        let _ = write!(text, "{tile}");
    }
    if let Err(error) = opaque("1m 1m 1m 1m 1m").parse::<Hand>() {
        let _ = write!(text, "{error} {:?}", error.span());
    }
    sink.add(text.as_str().len());
}

fn c_api(sink: &mut Sink) {
    let text = opaque("1m 1m 1m 4s 4s 4s 7p 7p 7p 3m 3m 3m 9s");
    let mut counts = [0u8; KINDS];
    let mut tiles = 0usize;
    let (mut start, mut end) = (0usize, 0usize);
    let rules = black_box(ffi::PARLOR_MAHJONG_RULES_SEED);
    let form = black_box(ffi::PARLOR_MAHJONG_FORM_MINIMUM);
    // SAFETY (all calls below): pointers to live locals, lengths of the buffers they name.
    unsafe {
        sink.add(ffi::parlor_mahjong_parse(
            text.as_ptr().cast(),
            text.len(),
            counts.as_mut_ptr(),
            black_box(counts.len()),
            &mut tiles,
            &mut start,
            &mut end,
        ));
        let mut buf = [0 as core::ffi::c_char; 64];
        let mut len = 0usize;
        sink.add(ffi::parlor_mahjong_format(
            counts.as_ptr(),
            counts.len(),
            black_box(1),
            buf.as_mut_ptr(),
            black_box(buf.len()),
            &mut len,
        ));
        let mut mask = 0u64;
        sink.add(ffi::parlor_mahjong_waits(
            counts.as_ptr(),
            counts.len(),
            rules,
            &mut mask,
        ));
        let mut waits = [0u8; KINDS];
        let mut count = 0usize;
        sink.add(ffi::parlor_mahjong_waits_list(
            counts.as_ptr(),
            counts.len(),
            rules,
            waits.as_mut_ptr(),
            black_box(waits.len()),
            &mut count,
        ));
        let mut complete = 0u8;
        sink.add(ffi::parlor_mahjong_is_complete(
            counts.as_ptr(),
            counts.len(),
            rules,
            &mut complete,
        ));
        let mut shanten = 0i8;
        sink.add(ffi::parlor_mahjong_shanten(
            counts.as_ptr(),
            counts.len(),
            form,
            &mut shanten,
        ));
        let mut ukeire = core::mem::MaybeUninit::<ffi::ParlorMahjongUkeire>::zeroed().assume_init();
        sink.add(ffi::parlor_mahjong_ukeire(
            counts.as_ptr(),
            counts.len(),
            core::ptr::null(),
            0,
            form,
            &mut ukeire,
        ));
        let mut decompositions = [core::mem::MaybeUninit::<ffi::ParlorMahjongDecomposition>::zeroed().assume_init(); 4];
        sink.add(ffi::parlor_mahjong_decompositions(
            counts.as_ptr(),
            counts.len(),
            rules,
            decompositions.as_mut_ptr(),
            black_box(decompositions.len()),
            &mut count,
        ));
        sink.add((
            tiles,
            start,
            end,
            len,
            mask,
            count,
            complete,
            shanten,
            ukeire.total,
            buf[0],
            waits[0],
        ));
        sink.add(decompositions[0].form);
    }
}
