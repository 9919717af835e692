//! `parlor mahjong waits | shanten | ukeire | decompose` on the bare metal: the same core calls as
//! `cli/src/mahjong.rs`, printing through the same texts (`parlor_core::mahjong::text`).

use core::fmt::Write;

use parlor_core::mahjong::text as answer;
use parlor_core::mahjong::{Form, Rules};

use super::{Args, Outcome, Probe};
use crate::text::Text;

/// Runs `mahjong <command> …` (not inlined: its buffers are not the other games').
#[inline(never)]
pub fn run(args: &[&str], out: &mut Text, probe: &mut Probe) -> Outcome {
    let Some((command, rest)) = args.split_first() else {
        return Outcome::Skipped;
    };
    let (options, flags): (&[&str], &[&str]) = match *command {
        "waits" | "decompose" => (&[], &["--riichi"]),
        "shanten" => (&["--form"], &[]),
        "ukeire" => (&["--form", "--visible"], &[]),
        _ => return Outcome::Skipped,
    };
    let Some(args) = Args::parse_with_flags(rest, options, flags) else {
        return Outcome::Skipped;
    };
    // clap's value names; another value is a clap usage error (clap's text): skipped.
    let form = match args.value("--form") {
        None => None,
        Some("regular") => Some(Form::Regular),
        Some("seven-pairs") => Some(Form::SevenPairs),
        Some("thirteen-orphans") => Some(Form::ThirteenOrphans),
        Some(_) => return Outcome::Skipped,
    };
    let rules = if args.flag("--riichi") {
        Rules::RIICHI
    } else {
        Rules::SEED
    };
    // The CLI joins the tile words with spaces and parses the whole text (spans refer to it).
    let mut text = Text::new();
    for (i, word) in (0..).zip(args.positionals()) {
        if write!(text, "{}{word}", if i > 0 { " " } else { "" }).is_err() {
            return Outcome::Skipped;
        }
    }
    let text = text.as_str();
    let _ = match *command {
        "waits" => print(probe.call(|| answer::waits_from_text(text, rules)), out),
        "shanten" => print(probe.call(|| answer::shanten_from_text(text, form)), out),
        "ukeire" => {
            // The visible tiles first, as the CLI reads them.
            let visible = args.value("--visible").unwrap_or("");
            probe
                .call(|| answer::visible(visible))
                .or_else(|error| super::error(out, error))
                .and_then(|seen| print(probe.call(|| answer::ukeire_from_text(text, &seen, form)), out))
        }
        _ => decompose(text, rules, out, probe),
    };
    Outcome::Ran
}

/// The answer's line, or the CLI's `error: …` message.
fn print<T: core::fmt::Display>(result: Result<T, answer::InputError<'_>>, out: &mut Text) -> Result<(), ()> {
    let value = result.or_else(|error| super::error(out, error))?;
    let _ = writeln!(out, "{value}");
    Ok(())
}

fn decompose(text: &str, rules: Rules, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let all = probe
        .call(|| answer::decompositions_from_text(text, rules))
        .or_else(|error| super::error(out, error))?;
    // The search runs as the answer is written.
    let _ = probe.call(|| writeln!(out, "{all}"));
    Ok(())
}
