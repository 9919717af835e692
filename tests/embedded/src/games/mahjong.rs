//! `parlor mahjong waits | shanten | ukeire | decompose` on the bare metal: the same core calls and
//! the same output as `cli/src/mahjong.rs`.

use core::fmt::Write;

use parlor_core::mahjong::{self, Error, Form, Hand, KINDS, Rules};

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
        "waits" => waits(text, rules, out, probe),
        "shanten" => shanten(text, form, out, probe),
        "ukeire" => {
            let visible = args.value("--visible").unwrap_or("");
            match probe.call(|| visible.parse::<mahjong::TileCounts>().map(|counts| counts.0)) {
                Ok(seen) => ukeire(text, &seen, form, out, probe),
                Err(error) => {
                    let mut message = Text::new();
                    describe(&mut message, error, visible);
                    super::fail(out, format_args!("--visible: {}", message.as_str()))
                }
            }
        }
        _ => decompose(text, rules, out, probe),
    };
    Outcome::Ran
}

/// The CLI's one-line message for a core error on `text`, naming the bad token.
fn describe(out: &mut Text, error: Error, text: &str) {
    let token = error.span().map(|span| span.slice(text)).unwrap_or_default();
    let _ = match error {
        Error::UnknownTile { .. } => write!(out, "unknown tile {token:?}"),
        Error::FifthCopy { tile, .. } if token.is_empty() => write!(out, "fifth copy of {tile}"),
        Error::FifthCopy { tile, .. } => write!(out, "fifth copy of {tile} ({token:?})"),
        Error::TooManyTiles { .. } => write!(out, "more than 14 tiles (from {token:?} on)"),
        // The rest (wrong size, unknown codes from C) print as the core's Display, as the CLI does.
        _ => write!(out, "{error}"),
    };
}

/// [`describe`] as the CLI's `error: …` output.
fn fail<T>(out: &mut Text, error: Error, text: &str) -> Result<T, ()> {
    out.clear();
    let _ = write!(out, "error: ");
    describe(out, error, text);
    Err(())
}

fn parse(text: &str, out: &mut Text, probe: &mut Probe) -> Result<Hand, ()> {
    probe
        .call(|| text.parse::<Hand>())
        .or_else(|error| fail(out, error, text))
}

fn waits(text: &str, rules: Rules, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let hand = parse(text, out, probe)?;
    let mask = probe
        .call(|| mahjong::waits(&hand, rules))
        .or_else(|error| super::error(out, error))?;
    for (i, tile) in mahjong::wait_tiles(mask).enumerate() {
        let _ = write!(out, "{}{tile}", if i > 0 { " " } else { "" });
    }
    let _ = writeln!(out);
    Ok(())
}

fn shanten(text: &str, form: Option<Form>, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let hand = parse(text, out, probe)?;
    let value = probe
        .call(|| mahjong::shanten(&hand, form))
        .or_else(|error| super::error(out, error))?;
    let _ = writeln!(out, "{value}");
    Ok(())
}

fn ukeire(text: &str, visible: &[u8; KINDS], form: Option<Form>, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let hand = parse(text, out, probe)?;
    let result = probe
        .call(|| mahjong::ukeire(&hand, Some(visible), form))
        .or_else(|error| match error {
            // The hand parsed, so a fifth copy is the hand and the visible tiles together.
            Error::FifthCopy { tile, .. } => super::fail(
                out,
                format_args!("fifth copy of {tile}: the hand and the visible tiles together hold five"),
            ),
            other => fail(out, other, text),
        })?;
    for (i, tile) in mahjong::wait_tiles(result.accepted).enumerate() {
        let count = result.remaining.get(tile.index()).copied().unwrap_or(0);
        let _ = write!(out, "{}{tile}:{count}", if i > 0 { " " } else { "" });
    }
    let _ = writeln!(out);
    Ok(())
}

fn decompose(text: &str, rules: Rules, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let hand = parse(text, out, probe)?;
    let mut first = true;
    let result = probe.call(|| {
        mahjong::for_each_decomposition(&hand, rules, |decomposition| {
            let _ = write!(out, "{}{decomposition}", if first { "" } else { " | " });
            first = false;
        })
    });
    if let Err(error) = result {
        return super::error(out, error);
    }
    let _ = writeln!(out);
    Ok(())
}
