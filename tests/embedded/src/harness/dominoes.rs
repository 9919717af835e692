//! Five Up dominoes: every public function of `parlor_core::dominoes` and every
//! `parlor_dominoes_*` entry point, on opaque inputs.

use core::fmt::Write as _;
use core::hint::black_box;

use parlor::dominoes as ffi;
use parlor_core::dominoes::{
    BorrowedLayout, Layout, MAX_PLAY_ORDER, Placement, Scratch, ShortScratch, SpinnerRule, Tile, Tiles, Verdict,
    parse_tiles, validate, validate_each_short_with, validate_with,
};

use super::{Sink, opaque};

/// Calls everything once; returns a fold of the results.
pub fn exercise() -> u32 {
    let mut sink = Sink::default();
    core_api(&mut sink);
    c_api(&mut sink);
    sink.0
}

fn core_api(sink: &mut Sink) {
    let text = opaque("5-5 5-4 5-0 0-6 6-6 6-4 6-2 2-1 6-3 5-1 1-1 1-6 4-1 1-0 0-0 2-0 3-0 0-4");
    let rule = SpinnerRule::from_code(black_box(0)).unwrap_or(SpinnerRule::EveryDouble);
    sink.add((
        rule.code(),
        rule.name(),
        rule.is_spinner(black_box(3)),
        rule.points(black_box(25)),
    ));
    sink.add(SpinnerRule::ALL.len());
    let tiles: Tiles = text.parse().unwrap_or_else(|_| Tiles::new());
    for parsed in parse_tiles(text) {
        sink.add(parsed.map(|(span, tile)| (span.start, tile.pips())));
    }
    let mut copy = Tiles::new();
    for tile in tiles.iter() {
        sink.add(copy.push(*tile));
        sink.add((
            tile.is_double(),
            tile.low(),
            tile.high(),
            tile.shows(black_box(5)),
            tile.other(black_box(5)),
        ));
    }
    sink.add(Tiles::try_from(black_box(tiles.as_slice())).map(|t| t.len()));
    let mut appended = Tiles::new();
    sink.add((appended.extend_from_text(text), appended.len()));
    sink.add((tiles.len(), tiles.is_empty(), MAX_PLAY_ORDER));
    // validate() keeps its Scratch on the stack; the harness calls it too (it is public API).
    let verdict = validate(&tiles, rule);
    sink.add(verdict.as_ref().map(Verdict::is_legal));
    if let Ok(Verdict::Legal(witness)) = &verdict {
        sink.add((witness.len(), witness.is_empty(), witness.get(black_box(3))));
        for placement in witness.iter() {
            sink.add((placement.parent, placement.pip));
        }
    }
    if let Ok(Verdict::Illegal(illegal)) = &verdict {
        sink.add((illegal.tile, illegal.reason));
    }
    let mut scratch = Scratch::new();
    sink.add(validate_with(&tiles, SpinnerRule::FirstDouble, &mut scratch).map(|v| v.is_legal()));
    let mut short = ShortScratch::new();
    sink.add(validate_each_short_with(
        &tiles,
        rule,
        &mut short,
        |index, placement| {
            black_box((index, placement.parent));
        },
    ));
    // The borrowed layout over the same order.
    if let Ok(mut borrowed) = BorrowedLayout::new(rule, tiles.as_slice()) {
        sink.add(borrowed.play_next(None));
        sink.add(borrowed.placements(Tile::new(black_box(5), 1)).count());
        for end in borrowed.open_ends() {
            sink.add((end.tile, end.pip));
        }
        sink.add((
            borrowed.rule(),
            borrowed.len(),
            borrowed.is_empty(),
            borrowed.played().len(),
        ));
        sink.add((borrowed.open_total(), borrowed.score()));
    }
    // The layout: play, placements, open ends, score.
    let mut layout = Layout::new(SpinnerRule::EveryDouble);
    sink.add(layout.play(Tile::new(black_box(5), 5), None));
    let placement = Placement {
        parent: 0,
        pip: black_box(5),
    };
    sink.add(layout.placements(Tile::new(5, 0)).count());
    sink.add(layout.play(Tile::new(5, black_box(0)), Some(placement)));
    sink.add(layout.play(Tile::new(black_box(9), 9), Some(placement)));
    for end in layout.open_ends() {
        sink.add((end.tile, end.pip, end.playable));
    }
    sink.add((
        layout.rule(),
        layout.len(),
        layout.is_empty(),
        layout.tile(black_box(1)),
        layout.open_total(),
    ));
    sink.add((layout.position(Tile::new(0, 5)), layout.score()));
    let mut out = crate::text::Text::new();
    if let Some(tile) = tiles.first() {
        let _ = write!(out, "{tile}");
    }
    if let Err(error) = opaque("1-x").parse::<Tiles>() {
        let _ = write!(out, "{error}");
    }
    sink.add(out.as_str().len());
}

fn c_api(sink: &mut Sink) {
    let text = opaque("6-6 6-5 5-3 3-0");
    let mut tiles = [ffi::ParlorDominoTile::default(); 8];
    let mut count = 0usize;
    let mut offset = 0usize;
    // SAFETY (all calls below): pointers to live locals, lengths of the buffers they name.
    unsafe {
        sink.add(ffi::parlor_dominoes_parse(
            text.as_ptr().cast(),
            text.len(),
            tiles.as_mut_ptr(),
            black_box(tiles.len()),
            &mut count,
            &mut offset,
        ));
        let len = count.min(tiles.len());
        let mut verdict = ffi::ParlorDominoVerdict::default();
        let mut witness = [ffi::ParlorDominoPlacement::default(); 8];
        let rule = black_box(ffi::PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE);
        let mut bytes = 0usize;
        sink.add(ffi::parlor_dominoes_scratch_bytes(len, &mut bytes));
        let mut scratch = [0u32; ffi::PARLOR_DOMINOES_SHORT_SCRATCH_BYTES / 4];
        sink.add(ffi::parlor_dominoes_validate_scratch(
            tiles.as_ptr(),
            len,
            rule,
            scratch.as_mut_ptr().cast(),
            black_box(bytes.min(ffi::PARLOR_DOMINOES_SHORT_SCRATCH_BYTES)),
            &mut verdict,
            witness.as_mut_ptr(),
            black_box(witness.len()),
        ));
        let mut scores = [ffi::ParlorDominoScore::default(); 8];
        let mut failed = 0usize;
        sink.add(ffi::parlor_dominoes_play(
            tiles.as_ptr(),
            witness.as_ptr(),
            len,
            rule,
            scores.as_mut_ptr(),
            black_box(scores.len()),
            &mut failed,
        ));
        let mut places = [ffi::ParlorDominoPlacement::default(); 8];
        sink.add(ffi::parlor_dominoes_placements(
            tiles.as_ptr(),
            witness.as_ptr(),
            len,
            rule,
            ffi::ParlorDominoTile { a: black_box(0), b: 4 },
            places.as_mut_ptr(),
            black_box(places.len()),
            &mut count,
        ));
        sink.add((verdict.legal, failed, count, scores[3].points, places[0].parent));
    }
}
