//! `parlor mahjong …` — work in progress.

use std::io::{BufRead, Write};

use crate::CliError;

/// The `mahjong` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {}

/// Runs one `mahjong` subcommand.
pub fn run(command: &Command, _input: &mut dyn BufRead, _out: &mut dyn Write) -> Result<(), CliError> {
    match *command {}
}
