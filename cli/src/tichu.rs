//! `parlor tichu …` — play legality (the seed task), readings, move generation, a trick played
//! out, card points, round scoring, and whole rounds (`play`, `replay`).
//!
//! ```text
//! parlor tichu legal <previous> <play>          # legal | illegal   (`-` or "" = the lead)
//! parlor tichu moves <hand> [<previous>] [--wish R]   # one play per line
//! parlor tichu readings <cards>                 # one reading per line: type, cards, key
//! parlor tichu trick [--leader S] [--hands H0/H1/H2/H3] [--wish R] <action>...  # the state after
//! parlor tichu points <cards>                   # card points: 25
//! parlor tichu score <order> [--tricks P0,P1,P2,P3] [--hand P] [--tichu S] [--grand S]  # 170 -170
//! parlor tichu play [--seed S] [--match] [--log FILE]   # a round (or match) by the random players
//! parlor tichu replay [FILE|-]                  # a log replayed: one line per action, scores
//! parlor tichu replay --format bsw FILE          # Brettspielwelt .tch: `round k: A B`, checked
//! ```
//! Batch lines: `previous<TAB>play` (legal), `hand[<TAB>previous]` (moves: the plays on one
//! line, separated by spaces), `cards` (readings: the readings separated by `; `; points),
//! the words of one command line (trick, score: options on the command line apply to every
//! line that does not give its own).

use std::io::{BufRead, Write};
use std::ops::ControlFlow;

use parlor_core::tichu::text::{self, BadWish, ReadingText};
use parlor_core::tichu::{self, Cards, Rank};

use crate::CliError;

pub mod bsw;
pub mod round;
pub mod score;
pub mod trick;

/// The `tichu` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Is PLAY legal on PREVIOUS? Prints `legal` or `illegal`.
    Legal {
        /// The previous play in seed notation (`-` or "" for the lead).
        #[arg(conflicts_with = "batch")]
        previous: Option<String>,
        /// The play.
        #[arg(conflicts_with = "batch")]
        play: Option<String>,
        /// Read `previous<TAB>play` lines from standard input.
        #[arg(long)]
        batch: bool,
    },
    /// Every distinct legal play from HAND on PREVIOUS, one per line (nothing when none).
    Moves {
        /// The hand (up to 14 cards).
        #[arg(conflicts_with = "batch")]
        hand: Option<String>,
        /// The previous play (omitted, `-` or "" for the lead).
        #[arg(conflicts_with = "batch")]
        previous: Option<String>,
        /// An open Mah Jong wish (a rank character `2`–`9`, `0`, `J`, `Q`, `K`, `A`).
        #[arg(long)]
        wish: Option<String>,
        /// Read `hand[<TAB>previous]` lines from standard input.
        #[arg(long)]
        batch: bool,
    },
    /// Every reading of a card set: `kind length key` per line (`none` when it is no combination).
    Readings {
        /// The card set.
        #[arg(conflicts_with = "batch")]
        cards: Option<String>,
        /// Read one card set per line from standard input.
        #[arg(long)]
        batch: bool,
    },
    /// Play out one trick from a sequence of actions; print the state after the last one.
    ///
    /// The answer is one line: `turn S; top CARDS by S (kind length key); passes N; points P;
    /// wish R; out SEATS` (`turn S; lead; …` before the first play), or once the trick is over
    /// `over; taker S[; dog | dragon …]; points P; next leader S; wish R; out SEATS`. Example:
    /// `parlor tichu trick 9 R pass pass pass give=2`.
    Trick {
        /// The trick's options and actions.
        #[command(flatten)]
        args: trick::Args,
        /// Read one trick per line from standard input: the words of a command line (actions and
        /// options; options given here apply to every line that does not give its own).
        #[arg(long)]
        batch: bool,
    },
    /// The card points of a card set (5s 5, tens and Kings 10, Dragon 25, Phoenix -25).
    Points {
        /// The card set.
        #[arg(conflicts_with = "batch")]
        cards: Option<String>,
        /// Read one card set per line from standard input.
        #[arg(long)]
        batch: bool,
    },
    /// One round's score: team 0 (seats 0 and 2), a space, team 1 (seats 1 and 3).
    ///
    /// Example: `parlor tichu score 2103 --tricks 10,30,25,15 --hand 20 --tichu 2 --grand 1`
    /// prints `170 -170`.
    Score {
        /// The round.
        #[command(flatten)]
        args: score::Args,
        /// Read one round per line from standard input: the words of a command line (options
        /// given here apply to every line that does not give its own).
        #[arg(long)]
        batch: bool,
    },
    /// Play a whole round (or a match with --match) with the built-in players or as a person
    /// (--human SEAT); print the log (replayable) and `scores: <team 0+2> <team 1+3>`.
    Play {
        /// The options.
        #[command(flatten)]
        args: round::PlayArgs,
    },
    /// Replay a round's log: one line per action with its events, then `scores: <team 0+2>
    /// <team 1+3>`. A bad or illegal line: `error: line N: …` on standard error, exit status 2.
    /// `--format bsw`: a Brettspielwelt `.tch` game log, `round <k>: <team 0+2> <team 1+3>` per
    /// round, each checked against its recorded `Ergebnis` (rules: the `bsw` preset). Logs from
    /// before the rules `bomb-after-passes` and `wish-bomb` replay with `--preset classic`.
    Replay {
        /// The options.
        #[command(flatten)]
        args: round::ReplayArgs,
    },
    /// List the rule keys (for --rule KEY=VALUE), their values and the preset's defaults.
    Rules(crate::play::RulesArgs),
    /// Bots against each other on seeded duplicate deals: win rate, score and place per bot (95 % intervals).
    Arena(crate::arena::Args),
}

/// One batch line of `trick` or `score`: the words of a command line.
#[derive(Debug, clap::Parser)]
#[command(no_binary_name = true, disable_help_flag = true)]
struct Line<T: clap::Args> {
    #[command(flatten)]
    args: T,
}

/// Parses the words of a batch line into `T`, clap's error folded to one line.
fn line_args<T: clap::Args>(line: &str) -> Result<T, String> {
    <Line<T> as clap::Parser>::try_parse_from(line.split_whitespace())
        .map(|line| line.args)
        .map_err(|error| crate::one_line_usage_error(&error.render().to_string()))
}

fn cards(what: &str, text: &str) -> Result<Cards, String> {
    text::cards(what, text).map_err(|error| error.to_string())
}

/// Splits a batch line into one or two tab-separated fields; more is an error.
fn fields(line: &str, expected: &str) -> Result<(String, Option<String>), String> {
    let mut parts = line.split('\t');
    let first = parts.next().unwrap_or_default().to_owned();
    let second = parts.next().map(str::to_owned);
    match parts.next() {
        Some(_) => Err(format!("expected {expected}, got more tab-separated fields")),
        None => Ok((first, second)),
    }
}

fn legal(previous_text: &str, play_text: &str) -> Result<String, String> {
    let legal = text::legal_from_text(previous_text, play_text).map_err(|error| error.to_string())?;
    Ok(if legal { "legal" } else { "illegal" }.to_owned())
}

fn wish_rank(text: Option<&str>) -> Result<Option<Rank>, String> {
    match text {
        None => Ok(None),
        Some(text) => text::wish_rank(text).map(Some).ok_or_else(|| BadWish(text).to_string()),
    }
}

fn moves(hand_text: &str, previous_text: &str, wish: Option<Rank>) -> Result<Vec<String>, String> {
    let mut plays = Vec::new();
    text::for_each_move_from_text(hand_text, previous_text, wish, |play, _| {
        plays.push(play.to_string());
        ControlFlow::Continue(())
    })
    .map_err(|error| error.to_string())?;
    Ok(plays)
}

fn readings(text: &str) -> Result<Vec<String>, String> {
    let set = cards("cards", text)?;
    let lines: Vec<String> = tichu::readings(set)
        .iter()
        .map(|r| ReadingText(r).to_string())
        .collect();
    Ok(if lines.is_empty() {
        vec!["none".to_owned()]
    } else {
        lines
    })
}

fn points(text: &str) -> Result<String, String> {
    Ok(cards("cards", text)?.points().to_string())
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
                return crate::batch::run(input, out, |line| match fields(line, "previous<TAB>play")? {
                    (previous, Some(play)) => legal(&previous, &play),
                    (_, None) => Err("expected previous<TAB>play".to_owned()),
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
                    let (hand, previous) = fields(line, "hand[<TAB>previous]")?;
                    moves(&hand, previous.as_deref().unwrap_or("-"), wish).map(|plays| plays.join(" "))
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
        Command::Trick { args, batch } => {
            if *batch {
                if !args.actions.is_empty() {
                    return Err(CliError::Input(
                        "with --batch the actions come from standard input, one trick per line".to_owned(),
                    ));
                }
                return crate::batch::run(input, out, |line| {
                    trick::answer(&line_args::<trick::Args>(line)?.or(args))
                });
            }
            writeln!(out, "{}", trick::answer(args).map_err(CliError::Input)?)?;
        }
        Command::Points { cards, batch } => {
            if *batch {
                return crate::batch::run(input, out, points);
            }
            let cards = required(cards, "cards")?;
            writeln!(out, "{}", points(&cards).map_err(CliError::Input)?)?;
        }
        Command::Score { args, batch } => {
            if *batch {
                if args.order.is_some() {
                    return Err(CliError::Input(
                        "with --batch the finishing order comes from standard input, one round per line".to_owned(),
                    ));
                }
                return crate::batch::run(input, out, |line| {
                    score::answer(&line_args::<score::Args>(line)?.or(args))
                });
            }
            writeln!(out, "{}", score::answer(args).map_err(CliError::Input)?)?;
        }
        Command::Play { args } => round::play(args, input, out)?,
        Command::Rules(args) => crate::play::rules::<tichu::round::Config>(args, out)?,
        Command::Replay { args } => round::replay(args, input, out)?,
        Command::Arena(args) => crate::arena::command::<tichu::game_match::Match>(args, out)?,
    }
    Ok(())
}
