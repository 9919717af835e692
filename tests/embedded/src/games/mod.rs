//! The per-game vector runners: each maps the `parlor <game> <command> …` lines that correspond
//! directly to core calls onto `parlor_core` and prints exactly what the CLI prints.
//!
//! A game plugs in with a module here, a cargo feature, and one arm in [`run`].

use crate::text::Text;

#[cfg(feature = "dominoes")]
pub mod dominoes;
#[cfg(feature = "doudizhu")]
pub mod doudizhu;
#[cfg(feature = "mahjong")]
pub mod mahjong;
#[cfg(feature = "tichu")]
pub mod tichu;

/// What a runner did with one vector.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The output is in the buffer (an error is written as the CLI's `error: …` text).
    Ran,
    /// The command line has no bare-metal runner (it is counted and listed as skipped, with
    /// [`skip_reason`]).
    Skipped,
}

/// Why the firmware skips the vectors of a command kind, as the skip line prints it.
///
/// Every Dou Dizhu, Tichu, dominoes and Mahjong vector runs (`mahjong score` too, printing
/// through `parlor_core::mahjong::text` as the CLI does). A skip is a command line a runner does
/// not map: standard input (`--batch`, `--judge`) or a clap usage error, whose text is clap's.
pub fn skip_reason(game: &str, command: &str) -> &'static str {
    let _ = (game, command);
    "no bare-metal runner for this command line (standard input or a clap usage text)"
}

/// The stack high-water mark of the core calls a runner makes (painted and scanned around each
/// call by [`Probe::call`], so the runner's own buffers do not count).
#[derive(Debug, Default, Clone, Copy)]
pub struct Probe {
    /// The deepest stack use of one core call so far, in bytes.
    pub max: usize,
}

impl Probe {
    /// Runs one core call, recording its stack use.
    pub fn call<R>(&mut self, f: impl FnOnce() -> R) -> R {
        let (result, used) = crate::stack::measure(f);
        self.max = self.max.max(used);
        result
    }
}

/// The stack high-water mark of the round engines' core calls, per [`crate::rounds::Call`] kind,
/// and, while [`RoundProbe::counting`], their SysTick ticks ([`crate::ticks`]).
#[derive(Debug, Default, Clone, Copy)]
pub struct RoundProbe {
    /// The deepest stack use of one call of each kind, in bytes.
    pub max: [usize; crate::rounds::CALLS.len()],
    /// Whether the calls' ticks are added up (the firmware counts the `lowest` rounds, the ones
    /// the C firmware plays through `parlor_round_*` with the same actions).
    pub counting: bool,
    /// The calls of each kind counted.
    pub calls: [u32; crate::rounds::CALLS.len()],
    /// Their ticks in all.
    pub ticks: [u64; crate::rounds::CALLS.len()],
}

impl crate::rounds::Meter for RoundProbe {
    fn call<R>(&mut self, what: crate::rounds::Call, f: impl FnOnce() -> R) -> R {
        let (result, used, ticks) = crate::stack::measure_timed(f);
        let k = what as usize;
        if let Some(max) = self.max.get_mut(k) {
            *max = (*max).max(used);
        }
        if self.counting
            && let (Some(calls), Some(sum)) = (self.calls.get_mut(k), self.ticks.get_mut(k))
        {
            *calls += 1;
            *sum += u64::from(ticks);
        }
        result
    }
}

/// Runs one vector's command line (`args` without the program name) into `out`, measuring the
/// core calls with `probe`.
pub fn run(args: &[&str], out: &mut Text, probe: &mut Probe) -> Outcome {
    let Some((game, rest)) = args.split_first() else {
        return Outcome::Skipped;
    };
    let _ = (&rest, &out, &probe);
    match *game {
        #[cfg(feature = "dominoes")]
        "dominoes" => dominoes::run(rest, out, probe),
        #[cfg(feature = "tichu")]
        "tichu" => tichu::run(rest, out, probe),
        #[cfg(feature = "doudizhu")]
        "doudizhu" => doudizhu::run(rest, out, probe),
        #[cfg(feature = "mahjong")]
        "mahjong" => mahjong::run(rest, out, probe),
        _ => Outcome::Skipped,
    }
}

/// A command line's words after `<game> <command>`, as the CLI's clap parser sees them:
/// positional words, `--option value` / `--option=value` options and boolean `--flag`s.
pub struct Args<'a> {
    words: &'a [&'a str],
    flags: &'a [&'a str],
}

impl<'a> Args<'a> {
    /// Reads `words` whose options all take a value (`options`).
    pub fn parse(words: &'a [&'a str], options: &'a [&'a str]) -> Option<Args<'a>> {
        Self::parse_with_flags(words, options, &[])
    }

    /// Reads `words`; `None` when a word is an option that is neither in `options` (taking a
    /// value) nor in `flags` (boolean) — for example `--batch`, which needs standard input — or
    /// an option lacks its value: the runner skips such vectors.
    pub fn parse_with_flags(words: &'a [&'a str], options: &[&str], flags: &'a [&'a str]) -> Option<Args<'a>> {
        let mut rest = words.iter();
        while let Some(word) = rest.next() {
            if !word.starts_with("--") || flags.contains(word) {
                continue;
            }
            let name = word.split_once('=').map_or(*word, |(name, _)| name);
            if !options.contains(&name) {
                return None;
            }
            if !word.contains('=') {
                rest.next()?;
            }
        }
        Some(Args { words, flags })
    }

    /// The positional words, in order.
    pub fn positionals(&self) -> impl Iterator<Item = &'a str> + '_ {
        let mut skip_next = false;
        self.words.iter().copied().filter(move |word| {
            if skip_next {
                skip_next = false;
                return false;
            }
            if word.starts_with("--") {
                skip_next = !word.contains('=') && !self.flags.contains(word);
                return false;
            }
            true
        })
    }

    /// How many positional words there are.
    pub fn positional_count(&self) -> usize {
        self.positionals().count()
    }

    /// The `index`-th positional word.
    pub fn positional(&self, index: usize) -> Option<&'a str> {
        self.positionals().nth(index)
    }

    /// The `index`-th positional word, or the CLI's `missing <name>` error.
    pub fn required(&self, index: usize, name: &str, out: &mut Text) -> Result<&'a str, ()> {
        match self.positional(index) {
            Some(word) => Ok(word),
            None => fail(out, format_args!("missing <{name}> (or use --batch)")),
        }
    }

    /// The value of option `name` (`--name value` or `--name=value`), the last one given.
    pub fn value(&self, name: &str) -> Option<&'a str> {
        let mut found = None;
        let mut words = self.words.iter();
        while let Some(word) = words.next() {
            if *word == name {
                found = words.next().copied();
            } else if let Some(value) = word.strip_prefix(name).and_then(|rest| rest.strip_prefix('=')) {
                found = Some(value);
            }
        }
        found
    }

    /// Every value of option `name` (`--name value` or `--name=value`), in order (a repeatable
    /// option, such as `mahjong score --meld`).
    pub fn values(&self, name: &str) -> impl Iterator<Item = &'a str> {
        let mut words = self.words.iter();
        core::iter::from_fn(move || {
            while let Some(word) = words.next() {
                if *word == name {
                    return words.next().copied();
                }
                if let Some(value) = word.strip_prefix(name).and_then(|rest| rest.strip_prefix('=')) {
                    return Some(value);
                }
            }
            None
        })
    }

    /// Whether the boolean option `name` is given.
    pub fn flag(&self, name: &str) -> bool {
        self.words.contains(&name)
    }
}

/// Replaces the output with the CLI's `error: <message>` line (what `parlor check` compares
/// for a command that exits with status 2).
pub fn fail<T>(out: &mut Text, message: core::fmt::Arguments<'_>) -> Result<T, ()> {
    use core::fmt::Write as _;
    out.clear();
    let _ = write!(out, "error: {message}");
    Err(())
}

/// [`fail`] with an error's `Display` text.
pub fn error<T>(out: &mut Text, error: impl core::fmt::Display) -> Result<T, ()> {
    fail(out, format_args!("{error}"))
}
