//! `parlor dominoes five-up [--explain] [--spinner RULE] TILES…` on the bare metal: the same
//! answers and output as `cli/src/dominoes.rs`, printed through the same texts
//! (`parlor_core::dominoes::text`), except that the tiles are parsed in place
//! (`Tiles::extend_from_text`, what `text.parse()` does) and the check gets its working memory
//! from the caller and streams the witness (`validate_each`, the same check as `validate`):
//! `validate` keeps its `SCRATCH_BYTES` working memory on the stack for long orders and builds
//! a 2 KB `Witness` in its frame, more than the 2 KiB stack budget. The firmware keeps one
//! `Scratch` in static RAM, as the core's docs advise for small stacks, and the placements in
//! its own frame (outside the measured call).

use core::fmt::Write;

use parlor_core::dominoes::text::Answer;
use parlor_core::dominoes::{MAX_PLAY_ORDER, Placement, Scratch, SpinnerRule, Tiles, validate_each};

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
        .or_else(|error| super::error(out, error.in_source(text)))?;
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
    .or_else(|error| super::error(out, error.in_source(text)))?;
    let answer = Answer {
        tiles: &tiles,
        verdict: illegal.map_or(Ok(&placements[..]), Err),
        explain,
    };
    let _ = writeln!(out, "{answer}");
    Ok(())
}

/// Runs `f` with the firmware's one `Scratch` (static RAM, built at compile time: no stack copy).
fn scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    static mut SCRATCH: Scratch = Scratch::new();
    // SAFETY: single-threaded firmware without interrupts; the only reference lives for `f`,
    // and `f` never calls back into this function.
    f(unsafe { &mut *core::ptr::addr_of_mut!(SCRATCH) })
}
