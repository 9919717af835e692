//! The per-game vector runners: each maps the `parlor <game> <command> …` lines that correspond
//! directly to core calls onto `parlor_core` and prints exactly what the CLI prints.
//!
//! A game plugs in with a module here, a cargo feature, and one arm in [`run`].

use crate::text::Text;

/// What a runner did with one vector.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The output is in the buffer (an error is written as the CLI's `error: …` text).
    Ran,
    /// The command kind has no bare-metal runner (it is counted and listed as skipped).
    Skipped,
}

/// Runs one vector's command line (`args` without the program name) into `out`.
pub fn run(args: &[&str], out: &mut Text) -> Outcome {
    let Some((game, rest)) = args.split_first() else {
        return Outcome::Skipped;
    };
    let _ = (&rest, &out);
    match *game {
        _ => Outcome::Skipped,
    }
}

/// Splits `args` into flags (`--name`) and the other words, as the CLI's clap parser would see
/// them; `Err` names an unknown flag (the runner then skips the vector).
pub fn split_flags<'a, const N: usize>(
    args: &'a [&'a str],
    known: [&str; N],
) -> Result<([bool; N], impl Iterator<Item = &'a str> + Clone), ()> {
    let mut seen = [false; N];
    for arg in args.iter().filter(|arg| arg.starts_with("--")) {
        let index = known.iter().position(|flag| flag == arg).ok_or(())?;
        if let Some(slot) = seen.get_mut(index) {
            *slot = true;
        }
    }
    Ok((seen, args.iter().copied().filter(|arg| !arg.starts_with("--"))))
}
