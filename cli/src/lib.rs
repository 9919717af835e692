//! # parlor-cli
//!
//! The library behind the `parlor` command: every rule of Parlor on the seeds' notation.
//!
//! ```text
//! parlor dominoes five-up 0-6 6-5 5-3          # legal | illegal
//! parlor tichu legal 6 J                        # legal | illegal
//! parlor doudizhu classify 33344456             # reading names | invalid
//! parlor mahjong waits 1m 1m 1m 4s 4s 4s 7p 7p 7p 3m 3m 3m 9s
//! parlor check tests/vectors/*.tsv              # run vector files, `N passed, N failed`
//! parlor tichu play --seed 5 --match --rule target=500   # the bots play; one driver for every game
//! parlor mahjong rules                          # every rule key, its value and default
//! parlor dominoes play --human 0                # a person plays seat 0 against the bots
//! ```
//!
//! `play`, `replay` and `rules` are written once over the game interface ([`play`]); a
//! person's seat too ([`human`]).
//!
//! Every leaf command also takes `--batch`: one case per line on standard input, one answer per
//! line on standard output in the same order; a bad line prints `error: <what is wrong>` and
//! processing goes on (a blank line too: `error: empty line (one case per line)`); cases come
//! only from standard input then, so cases on the command line are refused. Outside batch mode, bad input prints a one-line message on standard error
//! and exits with status 2.

use std::ffi::OsString;
use std::io::{BufRead, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub mod arena;
pub mod batch;
pub mod check;
pub mod dominoes;
pub mod dominoes_round;
pub mod doudizhu;
pub mod human;
pub mod mahjong;
pub mod mahjong_round;
pub mod mahjong_score;
pub mod play;
pub mod tichu;

/// The command line of `parlor`.
#[derive(Debug, Parser)]
#[command(
    name = "parlor",
    version,
    about = "Exact rules for Tichu, Dou Dizhu, Mahjong and Five Up dominoes"
)]
pub struct Cli {
    /// The game (or `check` for vector files).
    #[command(subcommand)]
    pub command: Command,
}

/// The top-level commands: one per game, plus `check`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Five Up dominoes: play-order legality, layouts, hands and matches played, replayed, their rules.
    #[command(subcommand)]
    Dominoes(dominoes::Command),
    /// Tichu: play legality, move generation, a trick played out, card points, round scoring, whole rounds played and replayed, their rules.
    #[command(subcommand)]
    Tichu(tichu::Command),
    /// Dou Dizhu (Fight the Landlord): classification, beating, moves, spring, min-plays, deals played and replayed, their rules.
    #[command(subcommand)]
    Doudizhu(doudizhu::Command),
    /// Riichi Mahjong: waits, shanten, ukeire, decompositions, hand values, rounds played and replayed, their rules.
    #[command(subcommand)]
    Mahjong(mahjong::Command),
    /// Run vector files (each line: a parlor command line, TAB, the expected output).
    Check(check::Args),
}

/// A failure the command reports on standard error with a non-zero exit status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CliError {
    /// Bad input (a bad token, a bad count): exit status 2.
    Input(String),
    /// Some vectors failed in `parlor check`: exit status 1.
    Failed(String),
    /// Command-line usage error or help/version text from clap.
    Usage(String, i32),
    /// A message printed on standard error exactly as given (no `parlor: ` prefix), exit
    /// status 2: the `error: line N: …` of every `replay`.
    Exact(String),
    /// Standard output was closed by its reader (`parlor … | head`): the command stops quietly,
    /// exit status 0, as when the reader takes everything.
    Closed,
}

impl CliError {
    /// Prints the message to standard error (or help to standard output) and returns the exit code.
    pub fn report(self) -> ExitCode {
        match self {
            CliError::Input(message) => {
                eprintln!("parlor: {message}");
                ExitCode::from(2)
            }
            CliError::Exact(message) => {
                eprintln!("{message}");
                ExitCode::from(2)
            }
            CliError::Failed(message) => {
                eprintln!("parlor: {message}");
                ExitCode::from(1)
            }
            CliError::Closed => ExitCode::SUCCESS,
            CliError::Usage(text, code) => {
                if code == 0 {
                    // `print!` panics when the reader is gone (`parlor --help | head -1`).
                    let mut stdout = std::io::stdout();
                    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
                        Ok(()) => {}
                        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => {}
                        Err(error) => {
                            eprintln!("parlor: cannot write output: {error}");
                            return ExitCode::from(1);
                        }
                    }
                } else {
                    eprint!("{text}");
                }
                ExitCode::from(u8::try_from(code).unwrap_or(2))
            }
        }
    }
}

impl From<std::io::Error> for CliError {
    fn from(error: std::io::Error) -> Self {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            return CliError::Closed;
        }
        CliError::Input(format!("cannot read or write: {error}"))
    }
}

/// Runs `parlor` with `args` (the first item is the program name), reading batch input from
/// `input` and writing answers to `out`.
pub fn run<I, T>(args: I, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<ExitCode, CliError>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = parse(args).map_err(|error| {
        let code = error.exit_code();
        let text = error.render().to_string();
        let missing_subcommand = error.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand;
        if missing_subcommand {
            CliError::Input(missing_command(&text))
        } else if error.use_stderr() {
            CliError::Input(format!("{} (see --help)", one_line_usage_error(&text)))
        } else {
            CliError::Usage(text, code)
        }
    })?;
    match &cli.command {
        Command::Dominoes(command) => dominoes::run(command, input, out)?,
        Command::Tichu(command) => tichu::run(command, input, out)?,
        Command::Doudizhu(command) => doudizhu::run(command, input, out)?,
        Command::Mahjong(command) => mahjong::run(command, input, out)?,
        Command::Check(args) => check::run(args, out)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Parses the command line with the list of every command in the top-level help.
fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    use clap::{CommandFactory, FromArgMatches};
    let command = Cli::command();
    let list = every_command(&command);
    let mut command = command.after_help(list);
    let matches = command.try_get_matches_from_mut(args)?;
    Cli::from_arg_matches(&matches)
}

/// `Every command:` and one line per leaf command (`parlor tichu play — what it does`).
fn every_command(command: &clap::Command) -> String {
    let mut text = String::from("Every command:\n");
    for game in command.get_subcommands() {
        let name = game.get_name();
        let leaves: Vec<&clap::Command> = game.get_subcommands().collect();
        if leaves.is_empty() {
            let about = game.get_about().map(ToString::to_string).unwrap_or_default();
            text.push_str(&format!("  parlor {name:<22} {about}\n"));
        }
        for leaf in leaves {
            let path = format!("{name} {}", leaf.get_name());
            let about = leaf.get_about().map(ToString::to_string).unwrap_or_default();
            let about = about.split(". ").next().unwrap_or("").trim_end_matches('.');
            text.push_str(&format!("  parlor {path:<22} {about}\n"));
        }
    }
    text
}

/// `text` quoted for a message, cut after 40 characters so that one bad argument or batch line
/// never makes a screen-long message (the error's byte span still locates the bad part).
pub fn quoted(text: &str) -> String {
    // The core's adapter, so that the firmware's messages quote alike.
    parlor_core::notation::Quoted(text).to_string()
}

/// The first 40 characters of `text` when it is longer (the limit of every quote in a message).
fn cut(text: &str) -> Option<&str> {
    let (end, _) = text.char_indices().nth(40)?;
    text.get(..end)
}

/// Folds clap's multi-line usage error into the one line that bad input gets: the first line
/// without its `error: ` prefix; when it ends in a colon, the indented items that follow it (the
/// missing or conflicting arguments); plus the possible values or the tip when clap gives them.
pub(crate) fn one_line_usage_error(text: &str) -> String {
    let mut lines = text.lines().skip_while(|line| line.trim().is_empty());
    let first = lines.next().map(str::trim).unwrap_or("bad command line");
    let mut message = String::new();
    message.push_str(first.strip_prefix("error: ").unwrap_or(first));
    if message.ends_with(':') {
        let items: Vec<&str> = lines
            .by_ref()
            .take_while(|line| line.starts_with(' ') && !line.trim().is_empty())
            .map(str::trim)
            .collect();
        message.push(' ');
        message.push_str(&items.join(", "));
    }
    for line in lines.map(str::trim) {
        if line.starts_with("[possible values:") {
            message.push(' ');
            message.push_str(line);
        } else if line.starts_with("tip:") {
            message.push_str("; ");
            message.push_str(line);
        }
    }
    shorten_quotes(&message)
}

/// Cuts every `'…'`-quoted value in clap's text after 40 characters ([`cut`]), as [`quoted`] does for the
/// tokens the commands report themselves (clap quotes a bad value or option whole, up to three
/// times in one message).
fn shorten_quotes(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(400));
    for (index, part) in text.split('\'').enumerate() {
        if index > 0 {
            out.push('\'');
        }
        // Odd parts sit between two quotes.
        match cut(part) {
            Some(head) if index % 2 == 1 => {
                out.push_str(head);
                out.push('…');
            }
            _ => out.push_str(part),
        }
    }
    out
}

/// The one line for a command given without its subcommand: the path and the choices, read off
/// clap's help text (`Usage: parlor tichu <COMMAND>` and the `Commands:` list).
fn missing_command(help: &str) -> String {
    let path = help
        .lines()
        .find_map(|line| line.trim().strip_prefix("Usage: "))
        .and_then(|usage| usage.strip_suffix(" <COMMAND>"))
        .unwrap_or("parlor");
    let choices: Vec<&str> = help
        .lines()
        .skip_while(|line| line.trim() != "Commands:")
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    format!("`{path}` needs a command: {} (see --help)", choices.join(", "))
}
