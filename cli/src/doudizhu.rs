//! `parlor doudizhu …` — work in progress.

use std::io::{BufRead, Write};

use crate::CliError;

/// The `doudizhu` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {}

/// Runs one `doudizhu` subcommand.
pub fn run(command: &Command, _input: &mut dyn BufRead, _out: &mut dyn Write) -> Result<(), CliError> {
    match *command {}
}
