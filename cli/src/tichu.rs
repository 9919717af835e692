//! `parlor tichu …` — play legality (the seed task), readings and move generation.
//!
//! ```text
//! parlor tichu legal <previous> <play>          # legal | illegal   (`-` or "" = the lead)
//! parlor tichu moves <hand> [<previous>] [--wish R]   # one play per line
//! parlor tichu readings <cards>                 # one reading per line: type, cards, key
//! ```
//! Batch lines: `previous<TAB>play` (legal), `hand[<TAB>previous]` (moves: the plays on one
//! line, separated by spaces), `cards` (readings: the readings separated by `; `).

use std::io::{BufRead, Write};
use std::ops::ControlFlow;

use parlor_core::tichu::{self, Cards, Combination, Kind, Rank};

use crate::CliError;

/// The `tichu` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Is PLAY legal on PREVIOUS? Prints `legal` or `illegal`.
    Legal {
        /// The previous play in seed notation (`-` or "" for the lead).
        #[arg(allow_hyphen_values = true)]
        previous: Option<String>,
        /// The play.
        play: Option<String>,
        /// Read `previous<TAB>play` lines from standard input.
        #[arg(long)]
        batch: bool,
    },
    /// Every distinct legal play from HAND on PREVIOUS, one per line (nothing when none).
    Moves {
        /// The hand (up to 14 cards).
        hand: Option<String>,
        /// The previous play (omitted, `-` or "" for the lead).
        #[arg(allow_hyphen_values = true)]
        previous: Option<String>,
        /// An open Mah Jong wish (a rank character `2`–`9`, `0`, `J`, `Q`, `K`, `A`).
        #[arg(long)]
        wish: Option<String>,
        /// Read `hand[<TAB>previous]` lines from standard input.
        #[arg(long)]
        batch: bool,
    },
    /// Every reading of a card set: `type cards key` per line (`none` when it is no combination).
    Readings {
        /// The card set.
        cards: Option<String>,
        /// Read one card set per line from standard input.
        #[arg(long)]
        batch: bool,
    },
}

fn cards(what: &str, text: &str) -> Result<Cards, String> {
    tichu::parse_cards(text).map_err(|error| format!("bad {what} {text:?}: {error}"))
}

fn legal(previous: &str, play: &str) -> Result<String, String> {
    let previous = cards("previous play", previous)?;
    let play = cards("play", play)?;
    let legal = tichu::is_legal(previous, play).map_err(|error| error.to_string())?;
    Ok(if legal { "legal" } else { "illegal" }.to_owned())
}

fn wish_rank(text: Option<&str>) -> Result<Option<Rank>, String> {
    match text {
        None => Ok(None),
        Some(text) => {
            let mut chars = text.chars();
            match (chars.next().and_then(Rank::from_symbol), chars.next()) {
                (Some(rank), None) => Ok(Some(rank)),
                _ => Err(format!("bad wish {text:?}: a rank character 2-9, 0, J, Q, K or A")),
            }
        }
    }
}

fn moves(hand: &str, previous: &str, wish: Option<Rank>) -> Result<Vec<String>, String> {
    let hand = cards("hand", hand)?;
    let previous = cards("previous play", previous)?;
    if !hand.is_disjoint_from(previous) {
        return Err(tichu::Error::CardsOverlap.to_string());
    }
    let previous = tichu::previous_play(previous).map_err(|error| error.to_string())?;
    let mut plays = Vec::new();
    tichu::for_each_move(hand, previous, wish, |play, _| {
        plays.push(play.to_string());
        ControlFlow::Continue(())
    })
    .map_err(|error| error.to_string())?;
    Ok(plays)
}

/// The key of a reading as notation: a rank character, `1` (Mah Jong), `R` (Dragon), `D`
/// (Dog), or `n.5` for a Phoenix single.
fn key_text(reading: Combination) -> String {
    let key = reading.key();
    match (reading.kind(), key) {
        (Kind::Dog, _) => "D".to_owned(),
        (_, 2) => "1".to_owned(),
        (_, 30) => "R".to_owned(),
        (_, k) if k % 2 == 1 => format!("{}.5", k / 2),
        (_, k) => Rank::new(k / 2).map_or_else(|| k.to_string(), |rank| rank.symbol().to_string()),
    }
}

fn readings(text: &str) -> Result<Vec<String>, String> {
    let set = cards("cards", text)?;
    let lines: Vec<String> = tichu::readings(set)
        .iter()
        .map(|r| format!("{} {} {}", r.kind().name(), r.len(), key_text(r)))
        .collect();
    Ok(if lines.is_empty() {
        vec!["none".to_owned()]
    } else {
        lines
    })
}

fn required(value: &Option<String>, name: &str) -> Result<String, CliError> {
    value
        .clone()
        .ok_or_else(|| CliError::Input(format!("missing <{name}> (or use --batch)")))
}

/// Runs one `tichu` subcommand.
pub fn run(command: &Command, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    match command {
        Command::Legal { previous, play, batch } => {
            if *batch {
                return crate::batch::run(input, out, |line| match line.split_once('\t') {
                    Some((previous, play)) => legal(previous, play),
                    None => Err("expected previous<TAB>play".to_owned()),
                });
            }
            let previous = required(previous, "previous")?;
            let play = required(play, "play")?;
            writeln!(out, "{}", legal(&previous, &play).map_err(CliError::Input)?)?;
        }
        Command::Moves {
            hand,
            previous,
            wish,
            batch,
        } => {
            let wish = wish_rank(wish.as_deref()).map_err(CliError::Input)?;
            if *batch {
                return crate::batch::run(input, out, |line| {
                    let (hand, previous) = line.split_once('\t').unwrap_or((line, "-"));
                    moves(hand, previous, wish).map(|plays| plays.join(" "))
                });
            }
            let hand = required(hand, "hand")?;
            let previous = previous.clone().unwrap_or_default();
            for play in moves(&hand, &previous, wish).map_err(CliError::Input)? {
                writeln!(out, "{play}")?;
            }
        }
        Command::Readings { cards, batch } => {
            if *batch {
                return crate::batch::run(input, out, |line| readings(line).map(|lines| lines.join("; ")));
            }
            let cards = required(cards, "cards")?;
            for line in readings(&cards).map_err(CliError::Input)? {
                writeln!(out, "{line}")?;
            }
        }
    }
    Ok(())
}
