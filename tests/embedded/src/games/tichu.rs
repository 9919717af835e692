//! `parlor tichu legal | moves | readings | trick | points | score` on the bare metal: the same
//! core calls as `cli/src/tichu.rs`, printing through the same texts (`parlor_core::tichu::text`).
//! Every Tichu vector runs here; the one text not ours is clap's for a `--leader` out of range.

use core::fmt::Write;
use core::ops::ControlFlow;

use parlor_core::tichu::text::{self as answer, BadWish, ReadingText, ScoreOptions, TrickOptions};
use parlor_core::tichu::{self, Cards};

use super::{Args, Outcome, Probe};
use crate::text::Text;

/// Runs `tichu <command> …` (not inlined: its buffers are not the other games').
#[inline(never)]
pub fn run(args: &[&str], out: &mut Text, probe: &mut Probe) -> Outcome {
    let Some((command, rest)) = args.split_first() else {
        return Outcome::Skipped;
    };
    // Each command's options (all take a value); anything else clap would reject is skipped.
    let options: &[&str] = match *command {
        "moves" => &["--wish"],
        "trick" => &["--leader", "--wish", "--hands"],
        "score" => &["--tricks", "--hand", "--tichu", "--grand"],
        _ => &[],
    };
    let Some(args) = Args::parse(rest, options) else {
        return Outcome::Skipped;
    };
    let _ = match *command {
        "legal" if args.positional_count() <= 2 => legal(&args, out, probe),
        "moves" if args.positional_count() <= 2 => moves(&args, out, probe),
        "readings" if args.positional_count() <= 1 => readings(&args, out, probe),
        "points" if args.positional_count() <= 1 => points(&args, out, probe),
        "score" if args.positional_count() <= 1 => score(&args, out, probe),
        "trick" => match trick(&args, out, probe) {
            Some(result) => result,
            None => return Outcome::Skipped,
        },
        _ => return Outcome::Skipped,
    };
    Outcome::Ran
}

/// A card set, or the core's message for a bad one.
fn cards(what: &str, text: &str, out: &mut Text, probe: &mut Probe) -> Result<Cards, ()> {
    probe
        .call(|| answer::cards(what, text))
        .or_else(|error| super::error(out, error))
}

fn legal(args: &Args<'_>, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let previous = args.required(0, "previous", out)?;
    let play = args.required(1, "play", out)?;
    match probe.call(|| answer::legal_from_text(previous, play)) {
        Ok(legal) => {
            let _ = writeln!(out, "{}", if legal { "legal" } else { "illegal" });
            Ok(())
        }
        Err(error) => super::error(out, error),
    }
}

fn moves(args: &Args<'_>, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let wish = match args.value("--wish") {
        None => None,
        Some(text) => match answer::wish_rank(text) {
            Some(rank) => Some(rank),
            None => return super::error(out, BadWish(text)),
        },
    };
    let hand = args.required(0, "hand", out)?;
    let previous = args.positional(1).unwrap_or("");
    // The plays are written as they come; on an error the buffer holds only the message.
    let mut failed = false;
    let result = probe.call(|| {
        answer::for_each_move_from_text(hand, previous, wish, |play, _| {
            if writeln!(out, "{play}").is_err() {
                failed = true;
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        })
    });
    if let Err(error) = result {
        return super::error(out, error);
    }
    if failed { Err(()) } else { Ok(()) }
}

fn readings(args: &Args<'_>, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let text = args.required(0, "cards", out)?;
    let set = cards("cards", text, out, probe)?;
    let readings = probe.call(|| tichu::readings(set));
    let mut any = false;
    for reading in readings.iter() {
        any = true;
        let _ = writeln!(out, "{}", ReadingText(reading));
    }
    if !any {
        let _ = writeln!(out, "none");
    }
    Ok(())
}

fn points(args: &Args<'_>, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let text = args.required(0, "cards", out)?;
    let set = cards("cards", text, out, probe)?;
    let _ = writeln!(out, "{}", probe.call(|| set.points()));
    Ok(())
}

fn score(args: &Args<'_>, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let options = ScoreOptions {
        order: args.positional(0),
        tricks: args.value("--tricks"),
        hand: args.value("--hand"),
        tichu: args.value("--tichu"),
        grand: args.value("--grand"),
    };
    match probe.call(|| answer::score(&options)) {
        Ok(score) => {
            let _ = writeln!(out, "{score}");
            Ok(())
        }
        Err(error) => super::error(out, error),
    }
}

/// `None`: a `--leader` that is no number (clap's own text, not ours): skipped.
fn trick(args: &Args<'_>, out: &mut Text, probe: &mut Probe) -> Option<Result<(), ()>> {
    let leader = match args.value("--leader") {
        None => None,
        Some(text) => match text.parse::<u8>().ok()? {
            leader @ 0..=3 => Some(leader),
            // The CLI's clap range check (`value_parser!(u8).range(0..=3)`), folded to one line.
            _ => {
                return Some(super::fail(
                    out,
                    format_args!("invalid value '{text}' for '--leader <LEADER>': {text} is not in 0..=3 (see --help)"),
                ));
            }
        },
    };
    let options = TrickOptions {
        leader,
        wish: args.value("--wish"),
        hands: args.value("--hands"),
    };
    Some(match probe.call(|| answer::play_trick(&options, args.positionals())) {
        Ok(table) => {
            let _ = writeln!(out, "{table}");
            Ok(())
        }
        Err(error) => super::error(out, error),
    })
}
