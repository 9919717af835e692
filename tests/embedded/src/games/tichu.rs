//! `parlor tichu legal | moves | readings` on the bare metal: the same core calls and the same
//! output as `cli/src/tichu.rs`.

use core::fmt::Write;
use core::ops::ControlFlow;

use parlor_core::tichu::{self, Cards, Combination, Kind, Rank};

use super::{Args, Outcome, Probe};
use crate::text::Text;

/// Runs `tichu <command> …` (not inlined: its buffers are not the other games').
#[inline(never)]
pub fn run(args: &[&str], out: &mut Text, probe: &mut Probe) -> Outcome {
    let Some((command, rest)) = args.split_first() else {
        return Outcome::Skipped;
    };
    // Only `moves` takes `--wish`; anything else clap would reject is skipped.
    let options: &[&str] = if *command == "moves" { &["--wish"] } else { &[] };
    let Some(args) = Args::parse(rest, options) else {
        return Outcome::Skipped;
    };
    let _ = match *command {
        "legal" if args.positional_count() <= 2 => legal(&args, out, probe),
        "moves" if args.positional_count() <= 2 => moves(&args, out, probe),
        "readings" if args.positional_count() <= 1 => readings(&args, out, probe),
        _ => return Outcome::Skipped,
    };
    Outcome::Ran
}

/// The CLI's message for a bad card set.
fn cards(what: &str, text: &str, out: &mut Text, probe: &mut Probe) -> Result<Cards, ()> {
    probe
        .call(|| tichu::parse_cards(text))
        .or_else(|error| super::fail(out, format_args!("bad {what} {text:?}: {error}")))
}

fn legal(args: &Args<'_>, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let previous = args.required(0, "previous", out)?;
    let play = args.required(1, "play", out)?;
    let (previous_text, play_text) = (previous, play);
    let previous = cards("previous play", previous_text, out, probe)?;
    let play = cards("play", play_text, out, probe)?;
    overlap(
        ("play", play_text, play),
        ("previous play", previous_text, previous),
        out,
    )?;
    match probe.call(|| tichu::is_legal(previous, play)) {
        Ok(legal) => {
            let _ = writeln!(out, "{}", if legal { "legal" } else { "illegal" });
            Ok(())
        }
        Err(error) => super::fail(out, format_args!("bad previous play {previous_text:?}: {error}")),
    }
}

/// The CLI's overlap message, naming the card held by both sets.
fn overlap(set: (&str, &str, Cards), other: (&str, &str, Cards), out: &mut Text) -> Result<(), ()> {
    let ((what, text, cards), (other_what, other_text, other_cards)) = (set, other);
    match other_cards.overlap(cards) {
        None => Ok(()),
        Some(card) => super::fail(
            out,
            format_args!(
                "card {card} of the {what} {text:?} is also in the {other_what} {other_text:?}, more often than the deck has it"
            ),
        ),
    }
}

fn moves(args: &Args<'_>, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let wish = match args.value("--wish") {
        None => None,
        Some(text) => {
            let mut chars = text.chars();
            match (chars.next().and_then(Rank::from_symbol), chars.next()) {
                (Some(rank), None) => Some(rank),
                _ => {
                    return super::fail(
                        out,
                        format_args!("bad wish {text:?}: a rank character 2-9, 0, J, Q, K or A"),
                    );
                }
            }
        }
    };
    let hand_text = args.required(0, "hand", out)?;
    let previous_text = args.positional(1).unwrap_or("");
    let hand = cards("hand", hand_text, out, probe)?;
    let previous = cards("previous play", previous_text, out, probe)?;
    overlap(
        ("hand", hand_text, hand),
        ("previous play", previous_text, previous),
        out,
    )?;
    if hand.len() > tichu::MAX_HAND {
        let (error, given) = (tichu::Error::HandTooLarge, hand.len());
        return super::fail(
            out,
            format_args!("bad hand {hand_text:?}: {error} ({given} cards given)"),
        );
    }
    let previous = probe
        .call(|| tichu::previous_play(previous))
        .or_else(|error| super::fail(out, format_args!("bad previous play {previous_text:?}: {error}")))?;
    // The CLI prints the plays after the search succeeds; so do we (the buffer is rewound on error).
    let mut failed = false;
    let result = probe.call(|| {
        tichu::for_each_move(hand, previous, wish, |play, _| {
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

/// The key of a reading as the CLI prints it: a rank character, `1` (Mah Jong), `R` (Dragon),
/// `D` (Dog), or `n.5` for a Phoenix single.
fn write_key(out: &mut Text, reading: Combination) {
    let key = reading.key();
    let _ = match (reading.kind(), key) {
        (Kind::Dog, _) => write!(out, "D"),
        (_, 2) => write!(out, "1"),
        (_, 30) => write!(out, "R"),
        (_, k) if k % 2 == 1 => write!(out, "{}.5", k / 2),
        (_, k) => match Rank::new(k / 2) {
            Some(rank) => write!(out, "{}", rank.symbol()),
            None => write!(out, "{k}"),
        },
    };
}

fn readings(args: &Args<'_>, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let text = args.required(0, "cards", out)?;
    let set = cards("cards", text, out, probe)?;
    let readings = probe.call(|| tichu::readings(set));
    let mut any = false;
    for reading in readings.iter() {
        any = true;
        let _ = write!(out, "{} {} ", reading.kind().name(), reading.len());
        write_key(out, reading);
        let _ = writeln!(out);
    }
    if !any {
        let _ = writeln!(out, "none");
    }
    Ok(())
}
