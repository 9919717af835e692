//! `parlor dominoes five-up [--explain] [--spinner RULE] TILES…` on the bare metal: the same
//! answers and output as `cli/src/dominoes.rs`, except that the tiles are parsed in place
//! (`Tiles::extend_from_text`, what `text.parse()` does) and the check gets its working memory
//! from the caller and streams the witness (`validate_each`, the same check as `validate`):
//! `validate` keeps its `SCRATCH_BYTES` working memory on the stack for long orders and builds
//! a 2 KB `Witness` in its frame, more than the 2 KiB stack budget. The firmware keeps one
//! `Scratch` in static RAM, as the core's docs advise for small stacks, and the placements in
//! its own frame (outside the measured call).

use core::fmt::Write;

use parlor_core::dominoes::{Error, MAX_PLAY_ORDER, Placement, Reason, Scratch, SpinnerRule, Tile, Tiles, validate_each};

use super::{Args, Outcome, Probe};
use crate::text::Text;

/// Runs `dominoes <command> …` (not inlined: its buffers are not the other games').
#[inline(never)]
pub fn run(args: &[&str], out: &mut Text, probe: &mut Probe) -> Outcome {
    let Some((&"five-up", rest)) = args.split_first() else {
        return Outcome::Skipped;
    };
    let Some(args) = Args::parse_with_flags(rest, &["--spinner"], &["--explain"]) else {
        return Outcome::Skipped;
    };
    // clap's value names; another value is a clap usage error (clap's text): skipped.
    let rule = match args.value("--spinner") {
        None | Some("every-double") => SpinnerRule::EveryDouble,
        Some("first-double") => SpinnerRule::FirstDouble,
        Some("none") => SpinnerRule::None,
        Some(_) => return Outcome::Skipped,
    };
    // The CLI joins the tile words with spaces and parses the whole text (spans refer to it).
    let mut text = Text::new();
    for (i, word) in (0..).zip(args.positionals()) {
        if write!(text, "{}{word}", if i > 0 { " " } else { "" }).is_err() {
            return Outcome::Skipped;
        }
    }
    let _ = five_up(text.as_str(), rule, args.flag("--explain"), out, probe);
    Outcome::Ran
}

fn five_up(text: &str, rule: SpinnerRule, explain: bool, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    // Parsed in place (what `text.parse::<Tiles>()` does, without returning the 2 KB list by value).
    let mut tiles = Tiles::new();
    probe
        .call(|| tiles.extend_from_text(text))
        .or_else(|error| describe(&error, text, out))?;
    // The witness: placements[i] for tile i ≥ 1, as `validate_each` reports them.
    let mut placements = [Placement { parent: 0, pip: 0 }; MAX_PLAY_ORDER];
    let illegal = scratch(|scratch| {
        probe.call(|| {
            validate_each(&tiles, rule, scratch, |index, placement| {
                if let Some(slot) = placements.get_mut(index) {
                    *slot = placement;
                }
            })
        })
    })
    .or_else(|error| describe(&error, text, out))?;
    let _ = match (illegal, explain) {
        (None, false) => writeln!(out, "legal"),
        (Some(_), false) => writeln!(out, "illegal"),
        (None, true) => {
            if tiles.is_empty() {
                let _ = write!(out, "legal: no tiles");
            } else {
                let _ = write!(out, "legal: ");
            }
            for (index, tile) in tiles.iter().enumerate() {
                let separator = if index > 0 { "; " } else { "" };
                let _ = match placements.get(index).filter(|_| index > 0) {
                    None => write!(out, "{separator}{tile} opens"),
                    Some(placement) => write!(
                        out,
                        "{separator}{tile} on #{} at {}",
                        placement.parent.saturating_add(1),
                        placement.pip
                    ),
                };
            }
            writeln!(out)
        }
        (Some(illegal), true) => {
            let number = illegal.tile.saturating_add(1);
            let tile = tiles.get(illegal.tile).copied().unwrap_or_else(|| Tile::new(0, 0));
            match illegal.reason {
                Reason::Duplicate { earlier } => {
                    let first = tiles.get(earlier).copied().unwrap_or_else(|| Tile::new(0, 0));
                    writeln!(
                        out,
                        "illegal: #{number} {tile} duplicates #{} {first}",
                        earlier.saturating_add(1)
                    )
                }
                Reason::NoOpenEnd => {
                    let _ = write!(out, "illegal: #{number} {tile}: no open end shows ");
                    let _ = if tile.is_double() {
                        write!(out, "{}", tile.a)
                    } else {
                        write!(out, "{} or {}", tile.a, tile.b)
                    };
                    if illegal.tile == 1 {
                        writeln!(out, ", however #1 is played")
                    } else {
                        writeln!(out, ", however #1..#{} are played", illegal.tile)
                    }
                }
            }
        }
    };
    Ok(())
}

/// Runs `f` with the firmware's one `Scratch` (static RAM, built at compile time: no stack copy).
fn scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    static mut SCRATCH: Scratch = Scratch::new();
    // SAFETY: single-threaded firmware without interrupts; the only reference lives for `f`,
    // and `f` never calls back into this function.
    f(unsafe { &mut *core::ptr::addr_of_mut!(SCRATCH) })
}

/// The CLI's one-line description of a core error, quoting the offending token of `text`.
fn describe<T>(error: &Error, text: &str, out: &mut Text) -> Result<T, ()> {
    match error {
        Error::UnknownTile { span } => super::fail(
            out,
            format_args!("not a tile: {:?} (expected a-b, a|b or [a|b])", span.slice(text)),
        ),
        Error::PipOutOfRange { span } => super::fail(
            out,
            format_args!("pip number out of range: {:?} (at most 4294967295)", span.slice(text)),
        ),
        Error::TooManyTiles {
            capacity,
            span: Some(span),
        } => super::fail(
            out,
            format_args!(
                "too many tiles: {:?} is tile {} (at most {capacity})",
                span.slice(text),
                capacity.saturating_add(1)
            ),
        ),
        other => super::error(out, other),
    }
}
