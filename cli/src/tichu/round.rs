//! `parlor tichu play` and `parlor tichu replay` — whole rounds on the core's
//! [`Round`] (log format in `docs/tichu.md`, "Replay logs").
//!
//! ```text
//! tichu seed 7                      # or: tichu deal <h0> <h1> <h2> <h3> (14 suited cards each)
//! 0 no-grand                        # seats 0-3 once each: grand | no-grand
//! 0 exchange 2j 5s 9p               # cards to seat+1, seat+2, seat+3 (all four seats)
//! 2 tichu
//! 1 play 1 wish 7                   # a play with the Mah Jong and its wish
//! 2 play 7s
//! 3 pass
//! 1 give 0                          # the Dragon's trick, by its winner
//! ```
//! Under `bomb-after-passes` (the default) a trick's winner gathers it with its own `pass` after
//! the others passed; a bomb may come before that pass.

use std::io::{BufRead, Write};

use parlor_core::game::Seat;
use parlor_core::tichu::bot::RandomBot;
use parlor_core::tichu::game_match::Match;
use parlor_core::tichu::round::{Action, Config, Deal, Event, Outcome, Round};
use parlor_core::tichu::text::Refusal;
use parlor_core::tichu::{self, notation};

use crate::play::{Extras, Game, PlayOptions, ReplayOptions};
use crate::{CliError, quoted};

/// The options of `parlor tichu play`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct PlayArgs {
    /// The rules preset: `standard` (default), `club`, `classic` (both bomb rules off: the rules
    /// before `bomb-after-passes` and `wish-bomb`) or `bsw` (Brettspielwelt).
    #[arg(long)]
    pub preset: Option<String>,
    /// What every game's `play` takes.
    #[command(flatten)]
    pub options: PlayOptions,
}

/// The options of `parlor tichu replay`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ReplayArgs {
    /// The log's format: `text` (the project's log) or `bsw` (Brettspielwelt's `.tch` game log,
    /// German, several rounds: each replayed under the `bsw` preset unless --preset/--rule say
    /// otherwise, printed as `round <k>: <team 0+2> <team 1+3>` and checked against its
    /// `Ergebnis`).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// What every game's `replay` takes.
    #[command(flatten)]
    pub options: ReplayOptions,
}

/// Plays a round (hands, or a match) with the bots or a person; prints its log and scores.
pub fn play(args: &PlayArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let config: Config =
        crate::play::config_of(args.preset.as_deref(), &args.options.rules).map_err(CliError::Input)?;
    let words = crate::play::rule_words::<Config>(args.preset.as_deref(), &args.options.rules);
    if args.options.human.is_some() {
        return crate::human::play::<Round>(&config, &words, &args.options, input, out);
    }
    crate::play::play::<Round>(&config, &words, &args.options, &Extras::default(), out)
}

/// A log format of `parlor tichu replay`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The project's text log.
    #[default]
    Text,
    /// Brettspielwelt's `.tch` game log.
    Bsw,
}

/// Replays a log: one line per action with its events, `scores: A B` after each round; with
/// `--format bsw` one line per round, an error if any round's replay differs from its record.
pub fn replay(args: &ReplayArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let preset = match (args.format, args.options.preset.as_deref()) {
        (Format::Bsw, None) => Some("bsw"),
        (_, preset) => preset,
    };
    let config: Config = crate::play::config_of(preset, &args.options.rules).map_err(CliError::Input)?;
    let bytes = crate::play::read_log(args.options.file.as_deref(), input)?;
    if args.format == Format::Bsw {
        let text = String::from_utf8_lossy(&bytes);
        let results = super::bsw::replay(&text, &config).map_err(|e| CliError::Exact(format!("error: {e}")))?;
        let mut wrong = 0usize;
        for r in &results {
            let line = match &r.computed {
                Ok([a, b]) if [*a, *b] == r.recorded => format!("round {}: {a} {b}", r.number),
                Ok([a, b]) => {
                    wrong += 1;
                    format!(
                        "round {}: {a} {b} (recorded {} {})",
                        r.number, r.recorded[0], r.recorded[1]
                    )
                }
                Err(e) => {
                    wrong += 1;
                    format!("round {}: not replayed: {e}", r.number)
                }
            };
            writeln!(out, "{line}").map_err(|e| CliError::Input(format!("cannot write: {e}")))?;
        }
        if wrong > 0 {
            return Err(CliError::Exact(format!(
                "error: {wrong} of {} rounds differ from the record",
                results.len()
            )));
        }
        return Ok(());
    }
    crate::play::replay::<Round>(&bytes, &config, &Extras::default(), out)
}

impl Game for Round {
    type Match = Match;
    type Random = RandomBot;

    fn random(seed: u64) -> RandomBot {
        RandomBot::new(seed)
    }

    fn round_words(round: &Round, _seed: u64, _k: u32) -> Option<String> {
        Some(deal_words(round))
    }

    fn parse_deal(words: &[&str], config: &Config) -> Result<Round, String> {
        let mut all = vec!["tichu"];
        all.extend_from_slice(words);
        let deal = header(&all).unwrap_or_else(|| Err("bad header".to_owned()))?;
        Round::new(config, &deal).map_err(|error| error.to_string())
    }

    fn replay_line(_before: &Round, seat: Seat, action: Action, event: &Event) -> String {
        format!("{}{}", action_text(seat, action), events_text(event))
    }

    fn parse_line(_round: &Round, line: &str) -> Result<(Seat, Action, String), String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        // `replay` prints the events after ` | `; a log may carry them (not checked).
        let end = words.iter().position(|w| *w == "|").unwrap_or(words.len());
        let (seat, action) = action_line(words.get(..end).unwrap_or(&[]))?;
        Ok((seat, action, String::new()))
    }

    fn refusal(round: &Round, _line: &str, seat: Seat, action: Action, error: tichu::Error) -> String {
        let why = Refusal { round, seat, error };
        format!("{}: {why}", action_text(seat, action))
    }

    fn end_lines(outcome: &Outcome, _k: u32, _finished: Option<&Round>, _extras: &Extras) -> Vec<String> {
        vec![scores_text(outcome)]
    }

    fn is_summary(word: &str) -> bool {
        word == "scores:"
    }

    /// Suits in colour (jade green, pagoda blue, star red), the specials bold.
    fn pretty(line: &str) -> String {
        crate::human::map_tokens(line, |token| {
            let colour = match token.as_bytes() {
                [rank, b'j'] if rank.is_ascii_alphanumeric() => "32",
                [rank, b'p'] if rank.is_ascii_alphanumeric() => "34",
                [rank, b's'] if rank.is_ascii_alphanumeric() => "37",
                [rank, b't'] if rank.is_ascii_alphanumeric() => "31",
                [b'D' | b'P' | b'R'] => "1",
                _ => return None,
            };
            Some(format!("\x1b[{colour}m{token}\x1b[0m"))
        })
    }

    /// Another seat's exchange is face down: the cards it passed are not named.
    /// An exchange names where each card goes (`exchange 2j 5s 9p (2j to seat 1, 5s to seat 2, 9p
    /// to seat 3)`): the notation's order (the next seat, the partner, the seat before) is not
    /// on the screen.
    fn describe(_round: &Round, seat: Seat, action: Action) -> String {
        match action {
            Action::Exchange { left, partner, right } => {
                let to = |k: u8| Seat((seat.0 + k) % 4);
                format!(
                    "{action} ({left} to seat {}, {partner} to seat {}, {right} to seat {})",
                    to(1),
                    to(2),
                    to(3)
                )
            }
            _ => action.to_string(),
        }
    }

    fn public_line(_before: &Round, seat: Seat, action: Action, event: &Event, viewer: Seat) -> String {
        let shown = match action {
            Action::Exchange { .. } if seat != viewer => format!("{seat} exchange (three cards face down)"),
            _ => action_text(seat, action),
        };
        format!("{shown}{}", events_text(event))
    }

    fn summary_mismatch(want: &str, line: &str) -> String {
        let strip = |text: &str| text.strip_prefix("scores: ").unwrap_or(text).to_owned();
        format!("the round scores {}, not {}", strip(want), strip(line))
    }

    const LEGEND: &'static str = "cards: 2-9, 0 ten, J Q K A, each with its suit j (jade), s (sword), p (pagoda), t (star); 1 the Mah Jong, D the Dog, P the Phoenix, R the Dragon";
    const LOG_IS_PRINTED: bool = true;
    const ENDS_EARLY: Option<&'static str> = Some("the log ends before the round does");
    const ECHO_HEADER: bool = true;
    const ROUND: &'static str = "round";
    const NO_HEADER: &'static str = "the log starts with `tichu seed N` or `tichu deal H0 H1 H2 H3`";
    fn other_format(start: &[u8]) -> Option<&'static str> {
        // A Brettspielwelt `.tch` log opens with its rule of dashes and a German section name.
        let first = start.split(|b| *b == b'\n').next().unwrap_or(start);
        (first.starts_with(b"-----") || first.windows(7).any(|w| w == b"Tichuka"))
            .then_some("a Brettspielwelt .tch log? replay it with --format bsw")
    }
    const EMPTY: &'static str = "the log starts with `tichu seed N` or `tichu deal H0 H1 H2 H3`";
}

fn seat_of(text: &str) -> Result<Seat, String> {
    notation::parse_seat(text).map_err(|error| error.in_source(text).to_string())
}

/// A header line: the deal, or `None` when the line is no header.
fn header(words: &[&str]) -> Option<Result<Deal, String>> {
    match words {
        ["tichu", "seed", seed] => Some(
            seed.parse::<u64>()
                .map(Deal::Seeded)
                .map_err(|_| format!("bad seed {}: a number 0..2^64", quoted(seed))),
        ),
        ["tichu", "deal", h0, h1, h2, h3] => Some({
            let text = [*h0, *h1, *h2, *h3].join(" ");
            notation::parse_deal(&text).map_err(|error| error.in_source(&text).to_string())
        }),
        ["tichu", ..] => Some(Err(
            "bad header: `tichu seed N` or `tichu deal H0 H1 H2 H3` (14 suited cards each)".to_owned(),
        )),
        _ => None,
    }
}

/// An action line: `<seat> <action…>`.
fn action_line(words: &[&str]) -> Result<(Seat, Action), String> {
    let Some((seat, rest)) = words.split_first() else {
        return Err("empty action".to_owned());
    };
    let seat = seat_of(seat)?;
    // The core's parser on the words joined by one space (the text its messages quote).
    let text = rest.join(" ");
    let action = notation::parse_action(&text).map_err(|error| error.in_source(&text).to_string())?;
    Ok((seat, action))
}

/// The log line of an action (the notation above; the action's text is its `Display`).
pub fn action_text(seat: Seat, action: Action) -> String {
    format!("{seat} {action}")
}

/// The events of an action, as ` | event, event` (empty when nothing happened).
fn events_text(event: &Event) -> String {
    let mut parts = Vec::new();
    if event.exchange_done {
        parts.push("cards exchanged".to_owned());
    }
    if let Some(rank) = event.wish_fulfilled {
        parts.push(format!("wish {} fulfilled", rank.symbol()));
    }
    if let Some(seat) = event.out {
        parts.push(format!("{seat} out"));
    }
    if let Some(taken) = event.trick_taken {
        let dragon = if taken.dragon { ", dragon to give" } else { "" };
        parts.push(format!("trick to {} ({} points{dragon})", taken.taker, taken.points));
    }
    if let Some(to) = event.dragon_given_to {
        parts.push(format!("dragon trick to {to}"));
    }
    if event.round_over {
        parts.push("round over".to_owned());
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!(" | {}", parts.join(", "))
    }
}

fn scores_text(outcome: &Outcome) -> String {
    format!("scores: {} {}", outcome.scores[0], outcome.scores[1])
}

/// The deal words of a round's header (`deal H0 H1 H2 H3`): its hands in dealing order (the
/// window first).
fn deal_words(round: &Round) -> String {
    let (dealt, window) = round.deal();
    let hands: Vec<String> = dealt
        .iter()
        .map(|hand| {
            let mask = hand.mask() & ((1 << 56) - 1);
            let order = (0..56u8)
                .filter(|i| mask & window & (1 << i) != 0)
                .chain((0..56u8).filter(|i| mask & !window & (1 << i) != 0));
            order
                .filter_map(tichu::round::card_of_index)
                .map(|card| card.to_string())
                .collect::<String>()
        })
        .collect();
    format!("deal {}", hands.join(" "))
}
