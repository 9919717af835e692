//! `parlor tichu …` — work in progress.

use std::io::{BufRead, Write};

use crate::CliError;

/// The `tichu` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {}

/// Runs one `tichu` subcommand.
pub fn run(command: &Command, _input: &mut dyn BufRead, _out: &mut dyn Write) -> Result<(), CliError> {
    match *command {}
}
