//! `parlor mahjong …`: waits, shanten, ukeire and decompositions (seed `003`,
//! `docs/rules/mahjong.md`). The hand is given as separate arguments (`1m 1m 2m`), one compact
//! argument (`112m456p11z`) or a mix; with `--batch`, one hand per input line.

use std::io::{BufRead, Write};

pub mod builder;
pub mod majsoul;
pub mod mjai;
pub mod mjlog;
pub mod records;
pub mod tenhou;
pub mod tenhou_replay;
pub mod tenhou_turns;

use parlor_core::mahjong::text as answer;
use parlor_core::mahjong::{Form, KINDS, Rules};

use crate::CliError;

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
    /// Plays a round (or `--match`) with the bots or as a person (--human SEAT) and prints the log: the project's
    /// text log, `--format tenhou6` (Tenhou's JSON record), `mjlog` (Tenhou's XML log) or `mjai`
    /// (mjai's JSON event lines).
    Play(crate::mahjong_round::PlayArgs),
    /// Replays a log (`-` = standard input): the text log, or `--format tenhou6` (Tenhou's JSON
    /// record), `mjlog` (Tenhou's XML log, gzipped or plain) or `mjai` (JSON event lines):
    /// `round <i>: <d0> <d1> <d2> <d3>` per round, then `scores: …`.
    Replay(crate::mahjong_round::ReplayArgs),
    /// List the rule keys (for --rule KEY=VALUE), their values and the preset's defaults.
    Rules(crate::play::RulesArgs),
    /// Bots against each other on seeded duplicate deals: win rate, score and place per bot (95 % intervals).
    Arena(crate::arena::Args),
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

// The answers and messages are `parlor_core::mahjong::text`'s, which the firmware prints too.

fn waits(text: &str, rules: Rules) -> Result<String, String> {
    answer::waits_from_text(text, rules)
        .map(|waits| waits.to_string())
        .map_err(|error| error.to_string())
}

fn shanten(text: &str, form: Option<Form>) -> Result<String, String> {
    answer::shanten_from_text(text, form)
        .map(|shanten| shanten.to_string())
        .map_err(|error| error.to_string())
}

/// Parses `--visible` (or a batch line's second column) into tile counts.
fn visible_counts(text: &str) -> Result<[u8; KINDS], String> {
    answer::visible(text).map_err(|error| error.to_string())
}

fn ukeire(text: &str, visible: &[u8; KINDS], form: Option<Form>) -> Result<String, String> {
    answer::ukeire_from_text(text, visible, form)
        .map(|ukeire| ukeire.to_string())
        .map_err(|error| error.to_string())
}

fn decompose(text: &str, rules: Rules) -> Result<String, String> {
    answer::decompositions_from_text(text, rules)
        .map(|all| all.to_string())
        .map_err(|error| error.to_string())
}

/// Answers one hand's text with one output line or an error message.
type Answer = dyn Fn(&str) -> Result<String, String>;

/// Runs one `mahjong` subcommand.
pub fn run(command: &Command, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    match command {
        Command::Score(args) => return crate::mahjong_score::run(args, input, out),
        Command::Play(args) => return crate::mahjong_round::play(args, input, out),
        Command::Rules(args) => return crate::play::rules::<parlor_core::mahjong::Config>(args, out),
        Command::Replay(args) => return crate::mahjong_round::replay(args, input, out),
        Command::Arena(args) => return crate::arena::command::<parlor_core::mahjong::Match>(args, out),
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
        Command::Score(_) | Command::Play(_) | Command::Replay(_) | Command::Rules(_) | Command::Arena(_) => {
            return Ok(());
        }
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
