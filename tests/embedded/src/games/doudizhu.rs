//! `parlor doudizhu classify | beats | moves` on the bare metal: the same core calls and the same
//! output as `cli/src/doudizhu.rs`. `spring` and `min-plays` need the caller's search memory
//! (`SCRATCH_BYTES`, about 250 KB), more than the 64 KiB RAM of the emulated board: skipped.

use core::cmp::Ordering;
use core::fmt::Write;
use core::ops::ControlFlow;

use parlor_core::doudizhu::{self, Cards, Error, MAX_MOVES, MAX_READINGS, Preset, PresetId};

use super::{Args, Outcome, Probe};
use crate::text::Text;

/// Runs `doudizhu <command> …` (not inlined: its buffers are not the other games').
#[inline(never)]
pub fn run(args: &[&str], out: &mut Text, probe: &mut Probe) -> Outcome {
    let Some((command, rest)) = args.split_first() else {
        return Outcome::Skipped;
    };
    let flags: &[&str] = if *command == "classify" { &["--readings"] } else { &[] };
    let Some(args) = Args::parse_with_flags(rest, &["--preset"], flags) else {
        return Outcome::Skipped;
    };
    // An unknown preset is a clap usage error (its text is clap's): not ours to reproduce.
    let preset = match args.value("--preset") {
        None => PresetId::from_name("pagat"),
        Some(name) => PresetId::from_name(name),
    };
    let Some(preset) = preset.map(PresetId::preset) else {
        return Outcome::Skipped;
    };
    let _ = match *command {
        "classify" if args.positional_count() <= 1 => classify(&args, &preset, out, probe),
        "beats" if args.positional_count() <= 2 => beats(&args, &preset, out, probe),
        "moves" if args.positional_count() <= 2 => moves(&args, &preset, out, probe),
        _ => return Outcome::Skipped,
    };
    Outcome::Ran
}

/// One card-set argument, with the CLI's message naming the bad token.
fn cards(text: &str, out: &mut Text, probe: &mut Probe) -> Result<Cards, ()> {
    probe.call(|| text.parse::<Cards>()).or_else(|error| match error {
        Error::UnknownCard { span } | Error::TooManyCopies { span, .. } => {
            super::fail(out, format_args!("{error}: {:?} in {text:?}", span.slice(text)))
        }
        other => super::fail(out, format_args!("{other} in {text:?}")),
    })
}

fn classify(args: &Args<'_>, preset: &Preset, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let text = args.required(0, "the card set", out)?;
    let set = cards(text, out, probe)?;
    let found = probe.call(|| doudizhu::classify(&set, preset));
    if found.is_empty() {
        let _ = writeln!(out, "invalid");
        return Ok(());
    }
    if args.flag("--readings") {
        for (i, reading) in found.iter().enumerate() {
            let _ = write!(out, "{}{reading}", if i > 0 { " " } else { "" });
        }
    } else {
        // Kind names sorted and deduplicated, as the CLI prints them.
        let mut names = [""; MAX_READINGS];
        let mut count = 0;
        for (slot, reading) in names.iter_mut().zip(found.iter()) {
            *slot = reading.kind.name();
            count += 1;
        }
        let names = names.get_mut(..count).unwrap_or_default();
        names.sort_unstable();
        let mut previous = None;
        for name in names.iter() {
            if previous != Some(*name) {
                let _ = write!(out, "{}{name}", if previous.is_some() { " " } else { "" });
            }
            previous = Some(*name);
        }
    }
    let _ = writeln!(out);
    Ok(())
}

fn beats(args: &Args<'_>, preset: &Preset, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let prev = args.required(0, "the previous play", out)?;
    let play = args.required(1, "the play", out)?;
    let (prev_cards, play_cards) = (cards(prev, out, probe)?, cards(play, out, probe)?);
    match probe.call(|| doudizhu::beats(&prev_cards, &play_cards, preset)) {
        Ok(yes) => {
            let _ = writeln!(out, "{}", if yes { "yes" } else { "no" });
            Ok(())
        }
        Err(error) => super::fail(out, format_args!("{error}: {prev:?}")),
    }
}

/// The CLI's printing order: fewer cards first, then the ranks (with repeats) low to high.
fn print_order(a: &Cards, b: &Cards) -> Ordering {
    let ranks = |cards: &Cards| {
        let counts = cards.counts();
        (0..counts.len()).flat_map(move |i| core::iter::repeat_n(i, usize::from(counts.get(i).copied().unwrap_or(0))))
    };
    a.len().cmp(&b.len()).then_with(|| ranks(a).cmp(ranks(b)))
}

fn moves(args: &Args<'_>, preset: &Preset, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let hand = args.required(0, "the hand", out)?;
    let hand = cards(hand, out, probe)?;
    let prev = cards(args.positional(1).unwrap_or("-"), out, probe)?;
    let mut found = [Cards::EMPTY; MAX_MOVES];
    let mut count = 0usize;
    let result = probe.call(|| {
        doudizhu::for_each_move(&hand, &prev, preset, |play| match found.get_mut(count) {
            Some(slot) => {
                *slot = play;
                count += 1;
                ControlFlow::Continue(())
            }
            None => ControlFlow::Break(()),
        })
    });
    if let Err(error) = result {
        return super::fail(out, format_args!("{error}: {prev}"));
    }
    let found = found.get_mut(..count).unwrap_or_default();
    found.sort_unstable_by(print_order);
    for play in found.iter() {
        let _ = writeln!(out, "{play}");
    }
    Ok(())
}
