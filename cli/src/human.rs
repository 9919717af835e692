//! A person's seat: `parlor <game> play --human SEAT`.

use std::io::{BufRead, Write};

use crate::CliError;
use crate::play::{Game, PlayOptions};

/// Plays with a person at `options.human` and bots elsewhere.
pub fn play<G: Game>(
    config: &G::Config,
    words: &str,
    options: &PlayOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let _ = (config, words, options, input, out);
    Err(CliError::Input("--human: not yet".into()))
}
