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

use std::io::{BufRead, Write};

use parlor_core::game::Seat;
use parlor_core::tichu::bot::RandomBot;
use parlor_core::tichu::game_match::Match;
use parlor_core::tichu::round::{Action, Config, Deal, Event, Outcome, Round};
use parlor_core::tichu::text::Refusal;
use parlor_core::tichu::{self, notation};

use crate::{CliError, quoted};

/// The options of `parlor tichu play`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct PlayArgs {
    /// The seed of the deal (`tichu seed S`) and of the random players (default 0).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Play a whole match to 1000 (each round's log, then its scores; the deals come from the
    /// match's generator seeded with S).
    #[arg(long)]
    pub r#match: bool,
    /// Also write the log to FILE.
    #[arg(long)]
    pub log: Option<std::path::PathBuf>,
}

/// The options of `parlor tichu replay`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ReplayArgs {
    /// The log file, or `-` for standard input (the default).
    pub file: Option<String>,
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

/// `error: line N: what` on standard error, exit status 2 (the replay format scripts read).
fn line_error(line: usize, what: &str) -> CliError {
    CliError::Usage(format!("error: line {line}: {what}\n"), 2)
}

/// Replays a log: one line per action with its events, `scores: A B` after each round.
pub fn replay(args: &ReplayArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let text = match args.file.as_deref() {
        None | Some("-") => {
            let mut text = String::new();
            input.read_to_string(&mut text)?;
            text
        }
        Some(path) => std::fs::read_to_string(path)
            .map_err(|error| CliError::Input(format!("cannot read {}: {error}", quoted(path))))?,
    };
    let config = Config::default();
    let mut round: Option<Round> = None;
    let mut last_line = 0;
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        last_line = number;
        let line = raw.split('#').next().unwrap_or("");
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        if let Some(deal) = header(&words) {
            if round.as_ref().is_some_and(|r| r.outcome().is_none()) {
                return Err(line_error(number, "a new deal before the round is over"));
            }
            let deal = deal.map_err(|what| line_error(number, &what))?;
            let new = Round::new(&config, &deal).map_err(|error| line_error(number, &error.to_string()))?;
            writeln!(out, "{}", words.join(" "))?;
            round = Some(new);
            continue;
        }
        let Some(current) = round.as_mut() else {
            return Err(line_error(
                number,
                "the log starts with `tichu seed N` or `tichu deal H0 H1 H2 H3`",
            ));
        };
        if let ["scores:", a, b] = words.as_slice() {
            // A `scores:` line (as `parlor tichu play` prints) is checked against the round.
            let Some(outcome) = current.outcome() else {
                return Err(line_error(number, "scores before the round is over"));
            };
            if *a != outcome.scores[0].to_string() || *b != outcome.scores[1].to_string() {
                return Err(line_error(
                    number,
                    &format!(
                        "the round scores {} {}, not {a} {b}",
                        outcome.scores[0], outcome.scores[1]
                    ),
                ));
            }
            continue;
        }
        let (seat, action) = action_line(&words).map_err(|what| line_error(number, &what))?;
        // An illegal action leaves the round unchanged: the refusal reads the round as it was.
        let event = current.apply(seat, action).map_err(|error| {
            let why = Refusal {
                round: current,
                seat,
                error,
            };
            line_error(number, &format!("{}: {why}", action_text(seat, action)))
        })?;
        writeln!(out, "{}{}", action_text(seat, action), events_text(&event))?;
        if let Some(outcome) = current.outcome() {
            writeln!(out, "{}", scores_text(&outcome))?;
        }
    }
    match round {
        None => Err(line_error(
            last_line.max(1),
            "the log starts with `tichu seed N` or `tichu deal H0 H1 H2 H3`",
        )),
        Some(r) if r.outcome().is_none() => Err(line_error(last_line.max(1), "the log ends before the round does")),
        Some(_) => Ok(()),
    }
}

/// Plays one round from `round` with `bot`, writing its log lines to `lines`.
fn play_round(round: &mut Round, bot: &mut RandomBot, lines: &mut Vec<String>) -> Result<Outcome, CliError> {
    while let Some((seat, action)) = bot.step(round) {
        round
            .apply(seat, action)
            .map_err(|error| CliError::Input(format!("internal: a bot's action was refused: {error}")))?;
        lines.push(action_text(seat, action));
    }
    round
        .outcome()
        .ok_or_else(|| CliError::Input("internal: the round did not end".to_owned()))
}

/// Plays a round (or a match) with the random players and prints its log and scores.
pub fn play(args: &PlayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let seed = args.seed.unwrap_or(0);
    let config = Config::default();
    let mut bot = RandomBot::new(seed);
    let mut lines = Vec::new();
    if args.r#match {
        let mut game = Match::new(&config, seed).map_err(|error| CliError::Input(error.to_string()))?;
        while !game.is_over() {
            let (seat, action) = bot
                .step(game.round())
                .ok_or_else(|| CliError::Input("internal: no seat can act".to_owned()))?;
            if game.round().action_count() == 0 {
                lines.push(deal_header(game.round()));
            }
            let event = game
                .apply(seat, action)
                .map_err(|error| CliError::Input(format!("internal: a bot's action was refused: {error}")))?;
            lines.push(action_text(seat, action));
            if let Some(outcome) = event.finished {
                lines.push(scores_text(&outcome));
            }
        }
        let [a, b] = game.scores();
        // The winning team: seat 0's when seat 0 is at place 0.
        let winner = game.result().map_or_else(
            || "-".to_owned(),
            |result| u8::from(result.place(Seat(0)) != Some(0)).to_string(),
        );
        lines.push(format!(
            "# match: {a} {b}; team {winner} wins after {} rounds",
            game.rounds_played()
        ));
    } else {
        let mut round = Round::new(&config, &Deal::Seeded(seed)).map_err(|error| CliError::Input(error.to_string()))?;
        lines.push(format!("tichu seed {seed}"));
        let outcome = play_round(&mut round, &mut bot, &mut lines)?;
        lines.push(scores_text(&outcome));
    }
    let text = lines.join("\n") + "\n";
    if let Some(path) = &args.log {
        std::fs::write(path, &text)
            .map_err(|error| CliError::Input(format!("cannot write {}: {error}", path.display())))?;
    }
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// The `tichu deal …` header of a round: its hands in dealing order (the window first).
fn deal_header(round: &Round) -> String {
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
    format!("tichu deal {}", hands.join(" "))
}
