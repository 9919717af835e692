//! `parlor dominoes …`: Five Up dominoes from the command line.
//!
//! ```text
//! parlor dominoes five-up 0-6 6-5 5-3                  # legal
//! parlor dominoes five-up --explain 6-6 6-5 3-0 5-3    # illegal: #3 3-0: no open end shows 3 or 0, …
//! echo "0-6 6-0" | parlor dominoes five-up --batch     # illegal
//! ```

use std::io::{BufRead, Write};

use parlor_core::dominoes::{Error, SpinnerRule, Tiles, validate};

use crate::CliError;

/// The `dominoes` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Is this play order a legal game of Five Up? Prints `legal` or `illegal`.
    FiveUp(FiveUpArgs),
    /// Play a hand (or a match with --match) with the built-in bots or as a person (--human SEAT): prints the log, then the outcome.
    Play(crate::dominoes_round::PlayArgs),
    /// Replay a log (a file or - for standard input): one line per action, then `scores: …`.
    Replay(crate::dominoes_round::ReplayArgs),
    /// List the rule keys (for --rule KEY=VALUE), their values and the preset's defaults.
    Rules(crate::play::RulesArgs),
    /// Bots against each other on seeded duplicate deals: win rate, score and place per bot (95 % intervals).
    Arena(crate::arena::Args),
    /// Draw the layout of a legal play order as text (an illegal order: the verdict, explained).
    Draw(DrawArgs),
}

/// Arguments of `parlor dominoes draw`.
#[derive(Debug, clap::Args)]
pub struct DrawArgs {
    /// Which doubles are spinners: every-double (Five Up), first-double (All Fives), none.
    #[arg(long, value_enum, default_value = "every-double")]
    pub spinner: Spinner,
    /// The tiles in play order: `a-b` (or `a|b`, `[a|b]`), separated by spaces or commas.
    pub tiles: Vec<String>,
}

/// Arguments of `parlor dominoes five-up`.
#[derive(Debug, clap::Args)]
pub struct FiveUpArgs {
    /// Add the witness (where each tile attached) or the first tile that broke the game and why.
    #[arg(long)]
    pub explain: bool,
    /// Read one play order per line from standard input; one answer per line.
    #[arg(long)]
    pub batch: bool,
    /// Which doubles are spinners: every-double (Five Up), first-double (All Fives), none.
    #[arg(long, value_enum, default_value = "every-double")]
    pub spinner: Spinner,
    /// The tiles in play order: `a-b` (or `a|b`, `[a|b]`), separated by spaces or commas.
    pub tiles: Vec<String>,
}

/// The `--spinner` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Spinner {
    /// Every double is a spinner (Five Up).
    EveryDouble,
    /// Only the first double played is a spinner (All Fives).
    FirstDouble,
    /// No spinners: a single line.
    None,
}

impl From<Spinner> for SpinnerRule {
    fn from(spinner: Spinner) -> SpinnerRule {
        match spinner {
            Spinner::EveryDouble => SpinnerRule::EveryDouble,
            Spinner::FirstDouble => SpinnerRule::FirstDouble,
            Spinner::None => SpinnerRule::None,
        }
    }
}

/// Runs one `dominoes` subcommand.
pub fn run(command: &Command, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    match command {
        Command::FiveUp(args) => {
            let rule = SpinnerRule::from(args.spinner);
            if args.batch {
                if !args.tiles.is_empty() {
                    return Err(CliError::Input(
                        "--batch reads the tiles from standard input: give no tiles on the command line".into(),
                    ));
                }
                return crate::batch::run(input, out, |line| five_up(line, rule, args.explain));
            }
            let answer = five_up(&args.tiles.join(" "), rule, args.explain).map_err(CliError::Input)?;
            writeln!(out, "{answer}")?;
            Ok(())
        }
        Command::Play(args) => crate::dominoes_round::play(args, input, out),
        Command::Rules(args) => crate::play::rules::<parlor_core::dominoes::Config>(args, out),
        Command::Replay(args) => crate::dominoes_round::replay(args, input, out),
        Command::Arena(args) => crate::arena::command::<parlor_core::dominoes::Match>(args, out),
        Command::Draw(args) => {
            let answer = crate::dominoes_round::draw(&args.tiles.join(" "), SpinnerRule::from(args.spinner))
                .map_err(CliError::Input)?;
            write!(out, "{answer}")?;
            Ok(())
        }
    }
}

/// The one-line answer for a play order in text, or a one-line message naming the bad token
/// (both `parlor_core::dominoes::text`, which the firmware prints too).
pub fn five_up(text: &str, rule: SpinnerRule, explain: bool) -> Result<String, String> {
    let tiles: Tiles = text.parse().map_err(|error: Error| error.in_source(text).to_string())?;
    let verdict = validate(&tiles, rule).map_err(|error| error.in_source(text).to_string())?;
    Ok(verdict.answer(&tiles, explain).to_string())
}
