//! `parlor mahjong …`: waits, shanten, ukeire and decompositions (seed `003`,
//! `docs/rules/mahjong.md`). The hand is given as separate arguments (`1m 1m 2m`), one compact
//! argument (`112m456p11z`) or a mix; with `--batch`, one hand per input line.

use std::io::{BufRead, Write};

pub mod tenhou;
pub mod tenhou_replay;
pub mod tenhou_turns;

use parlor_core::mahjong::{self, Error, Form, Hand, KINDS, Rules};

use crate::{CliError, quoted};

/// The `mahjong` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// The waits of a 3n+1-tile hand, space-separated in order m p s z then number (an empty line
    /// when there are none). Default: the seed's rule, sets + pair only.
    Waits {
        /// Also count seven pairs and thirteen orphans (Riichi).
        #[arg(long)]
        riichi: bool,
        /// Read one hand per line from standard input.
        #[arg(long)]
        batch: bool,
        /// The tiles (`1m 1m 2m` or `112m`).
        tiles: Vec<String>,
    },
    /// The shanten number (-1 complete, 0 tenpai): the minimum over the forms unless `--form`.
    Shanten {
        /// Only this form.
        #[arg(long, value_enum)]
        form: Option<FormArg>,
        /// Read one hand per line from standard input.
        #[arg(long)]
        batch: bool,
        /// The tiles.
        tiles: Vec<String>,
    },
    /// Tile acceptance of a 3n+1-tile hand: `tile:count` for each kind that lowers the shanten,
    /// count = copies unseen (an empty line when none).
    Ukeire {
        /// Only this form (default: the minimum shanten over all forms).
        #[arg(long, value_enum)]
        form: Option<FormArg>,
        /// Tiles seen elsewhere (discards, melds, indicators), in the same notation.
        #[arg(long, default_value = "")]
        visible: String,
        /// Read one hand per line from standard input, optionally `hand<TAB>visible` (that line's
        /// visible tiles, instead of --visible).
        #[arg(long)]
        batch: bool,
        /// The tiles.
        tiles: Vec<String>,
    },
    /// Every decomposition of a complete 3n+2-tile hand, separated by ` | ` (an empty line when
    /// it is not complete); groups in compact notation, sets then pair.
    Decompose {
        /// Also count seven pairs and thirteen orphans (Riichi).
        #[arg(long)]
        riichi: bool,
        /// Read one hand per line from standard input.
        #[arg(long)]
        batch: bool,
        /// The tiles.
        tiles: Vec<String>,
    },
    /// The value of a Riichi winning hand: `<han> han <fu> fu <points> points[ <limit>]` (points:
    /// all the winner receives, honba in, riichi sticks out; `no yaku` for a hand without yaku),
    /// then the yaku, dora, fu breakdown and payments.
    Score(crate::mahjong_score::ScoreArgs),
    /// Plays a round (or `--match`) with the seeded random bot and prints the log: the project's
    /// text log or `--format tenhou6` (Tenhou's JSON record).
    Play(crate::mahjong_round::PlayArgs),
    /// Replays a log (`-` = standard input): the text log, or `--format tenhou6` (Tenhou's JSON
    /// record: `round <i>: <d0> <d1> <d2> <d3>` per round, then `scores: …`).
    Replay(crate::mahjong_round::ReplayArgs),
}

/// A hand form on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FormArg {
    /// Sets and a pair.
    Regular,
    /// Seven distinct pairs.
    SevenPairs,
    /// Thirteen orphans.
    ThirteenOrphans,
}

impl From<FormArg> for Form {
    fn from(form: FormArg) -> Form {
        match form {
            FormArg::Regular => Form::Regular,
            FormArg::SevenPairs => Form::SevenPairs,
            FormArg::ThirteenOrphans => Form::ThirteenOrphans,
        }
    }
}

/// A one-line message for a core error on `text`, naming the bad token.
pub fn describe(error: Error, text: &str) -> String {
    let token = error.span().map(|span| span.slice(text)).unwrap_or_default();
    match error {
        Error::UnknownTile { .. } => format!("unknown tile {}", quoted(token)),
        Error::FifthCopy { tile, .. } if token.is_empty() => format!("fifth copy of {tile}"),
        Error::FifthCopy { tile, .. } => format!("fifth copy of {tile} ({})", quoted(token)),
        Error::TooManyTiles { .. } => format!("more than 14 tiles (from {} on)", quoted(token)),
        // Errors without a token (sizes, codes, internal) read as the core says them.
        _ => error.to_string(),
    }
}

fn parse(text: &str) -> Result<Hand, String> {
    text.parse::<Hand>().map_err(|error| describe(error, text))
}

fn waits(text: &str, rules: Rules) -> Result<String, String> {
    let hand = parse(text)?;
    let mask = mahjong::waits(&hand, rules).map_err(|e| e.to_string())?;
    Ok(mahjong::wait_tiles(mask)
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(" "))
}

fn shanten(text: &str, form: Option<Form>) -> Result<String, String> {
    let hand = parse(text)?;
    Ok(mahjong::shanten(&hand, form).map_err(|e| e.to_string())?.to_string())
}

/// Parses `--visible` (or a batch line's second column) into tile counts.
fn visible_counts(text: &str) -> Result<[u8; KINDS], String> {
    text.parse::<mahjong::TileCounts>()
        .map(|counts| counts.0)
        .map_err(|error| format!("--visible: {}", describe(error, text)))
}

fn ukeire(text: &str, visible: &[u8; KINDS], form: Option<Form>) -> Result<String, String> {
    let hand = parse(text)?;
    let result = mahjong::ukeire(&hand, Some(visible), form).map_err(|error| match error {
        // The hand parsed, so a fifth copy is the hand and the visible tiles together.
        Error::FifthCopy { tile, .. } => {
            format!("fifth copy of {tile}: the hand and the visible tiles together hold five")
        }
        other => describe(other, text),
    })?;
    Ok(mahjong::wait_tiles(result.accepted)
        .map(|t| format!("{t}:{}", result.remaining.get(t.index()).copied().unwrap_or(0)))
        .collect::<Vec<_>>()
        .join(" "))
}

fn decompose(text: &str, rules: Rules) -> Result<String, String> {
    let hand = parse(text)?;
    let mut all = Vec::new();
    mahjong::for_each_decomposition(&hand, rules, |d| all.push(d.to_string())).map_err(|e| e.to_string())?;
    Ok(all.join(" | "))
}

/// Answers one hand's text with one output line or an error message.
type Answer = dyn Fn(&str) -> Result<String, String>;

/// Runs one `mahjong` subcommand.
pub fn run(command: &Command, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    match command {
        Command::Score(args) => return crate::mahjong_score::run(args, input, out),
        Command::Play(args) => return crate::mahjong_round::play(args, out),
        Command::Replay(args) => return crate::mahjong_round::replay(args, input, out),
        _ => {}
    }
    let rules = |riichi: bool| if riichi { Rules::RIICHI } else { Rules::SEED };
    let (batch, tiles, answer): (bool, &[String], Box<Answer>) = match command {
        Command::Waits { riichi, batch, tiles } => {
            let rules = rules(*riichi);
            (*batch, tiles, Box::new(move |text| waits(text, rules)))
        }
        Command::Shanten { form, batch, tiles } => {
            let form = form.map(Form::from);
            (*batch, tiles, Box::new(move |text| shanten(text, form)))
        }
        Command::Ukeire {
            form,
            visible,
            batch,
            tiles,
        } => {
            let form = form.map(Form::from);
            let seen = visible_counts(visible).map_err(CliError::Input)?;
            // A batch line may give its own visible tiles after a TAB.
            let answer = move |line: &str| match line.split('\t').collect::<Vec<_>>().as_slice() {
                [hand] => ukeire(hand, &seen, form),
                [hand, shown] => ukeire(hand, &visible_counts(shown)?, form),
                _ => Err("expected hand or hand<TAB>visible".to_owned()),
            };
            (*batch, tiles, Box::new(answer))
        }
        Command::Decompose { riichi, batch, tiles } => {
            let rules = rules(*riichi);
            (*batch, tiles, Box::new(move |text| decompose(text, rules)))
        }
        Command::Score(_) | Command::Play(_) | Command::Replay(_) => return Ok(()),
    };
    if batch {
        if !tiles.is_empty() {
            return Err(CliError::Input(
                "--batch reads hands from standard input; give no tiles".into(),
            ));
        }
        return crate::batch::run(input, out, answer);
    }
    let text = tiles.join(" ");
    let line = answer(&text).map_err(CliError::Input)?;
    writeln!(out, "{line}")?;
    Ok(())
}
