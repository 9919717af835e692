//! `parlor dominoes play`, `replay` and `draw`: whole hands and matches with the built-in bots,
//! replay logs, and the layout picture.
//!
//! The replay log (one hand; a new header line starts the next hand of a match):
//!
//! ```text
//! dominoes players 2 seed 7            # or: dominoes deal 5-5 5-0 … | 5-6 4-4 … | boneyard 0-1 0-2 …
//! 0 play 5-5                           # the first tile
//! 1 play 5-6 on 5-5                    # attached to 5-5 at the number they share
//! 0 draw
//! 1 pass
//! ```
//!
//! A seeded header may end in `leader <seat>` (a match's later hands, led by the previous
//! winner). `replay` prints one line per action (`0 play 5-5 +2` with the points scored,
//! `1 draw 0-2` with the tile drawn), the end (`domino: 0 +3`, `blocked: 1 +30`,
//! `blocked: tie`) and `scores: <p0> <p1> …`, the points each seat scored in the hand.

use std::fmt::Write as _;
use std::io::{BufRead, Write};

use parlor_core::dominoes::{
    Action, Config, Deal, End, Error, Event, Layout, Match, Outcome, RandomBot, Round, Tiles, parse_action, parse_deal,
};
use parlor_core::game::Seat;

use crate::CliError;

/// The `--preset` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Preset {
    /// Five Up: every double a spinner, 5 tiles each, draw until playable, fives, target 61.
    FiveUp,
    /// All Fives: the first double the spinner, 7 tiles each, scores the total, target 250.
    AllFives,
    /// Block: no spinner, no drawing, 7 tiles each, the winner scores the pips, target 100.
    Block,
}

impl From<Preset> for Config {
    fn from(preset: Preset) -> Config {
        match preset {
            Preset::FiveUp => Config::FIVE_UP,
            Preset::AllFives => Config::ALL_FIVES,
            Preset::Block => Config::BLOCK,
        }
    }
}

/// Arguments of `parlor dominoes play`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The rules variant.
    #[arg(long, value_enum, default_value = "five-up")]
    pub preset: Preset,
    /// Seats at the table, 2–4 (with four, partners 0+2 and 1+3).
    #[arg(long)]
    pub players: Option<u8>,
    /// The seed of the deal and of the bot.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Play a whole match to the preset's target instead of one hand.
    #[arg(long = "match")]
    pub whole_match: bool,
    /// Also write the log (without the outcome lines) to this file.
    #[arg(long)]
    pub log: Option<std::path::PathBuf>,
    /// Print each finished hand's layout picture before its end line.
    #[arg(long)]
    pub layout: bool,
}

/// Arguments of `parlor dominoes replay`.
#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// The rules variant.
    #[arg(long, value_enum, default_value = "five-up")]
    pub preset: Preset,
    /// Print each finished hand's layout picture before its end line.
    #[arg(long)]
    pub layout: bool,
    /// The log file, or `-` for standard input.
    pub file: String,
}

/// The config of a preset with `players` seats (partnerships with four).
fn config_for(preset: Preset, players: Option<u8>) -> Result<Config, String> {
    let config = Config::from(preset);
    let config = players.map_or(config, |players| config.with_players(players));
    config.validate().map_err(|error| error.to_string())?;
    Ok(config)
}

/// `parlor dominoes play`: the bots play a hand (or a match); prints the log then the outcome.
pub fn play(args: &PlayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let config = config_for(args.preset, args.players).map_err(CliError::Input)?;
    let mut log = String::new();
    let mut text = String::new();
    let mut bot = RandomBot::new(args.seed);
    if args.whole_match {
        let mut game = Match::new(&config, args.seed).map_err(|error| CliError::Input(error.to_string()))?;
        let mut hand = 0u32;
        while !game.is_over() {
            let header = header_of(game.round(), args.seed, hand);
            writeln!(log, "{header}").ok();
            writeln!(text, "{header}").ok();
            loop {
                let seat = game
                    .round()
                    .to_act()
                    .ok_or_else(|| CliError::Input("internal: nobody to act".into()))?;
                let action = bot
                    .choose(game.round(), seat)
                    .ok_or_else(|| CliError::Input("internal: no legal action".into()))?;
                let mut finished = game.round().clone();
                let step = game
                    .apply(seat, action)
                    .map_err(|error| CliError::Input(error.to_string()))?;
                // The hand as it ended (the match has dealt the next one already).
                finished.apply(seat, action).ok();
                writeln!(log, "{seat} {action}").ok();
                writeln!(text, "{seat} {action}").ok();
                if let Some(outcome) = step.finished {
                    if args.layout {
                        text.push_str(&layout_picture(&finished));
                    }
                    end_lines(&mut text, &outcome, config.players);
                    break;
                }
            }
            hand += 1;
        }
        let totals: Vec<String> = game.totals()[..usize::from(config.players)]
            .iter()
            .map(i32::to_string)
            .collect();
        // The first winning seat: with partnerships seat 0 or 1 names the team.
        let winner = game
            .result()
            .and_then(|placement| placement.winners().next())
            .map_or_else(|| "none".to_owned(), |seat| seat.to_string());
        let side = if config.partnerships { "team" } else { "winner" };
        writeln!(text, "match: {} {side} {winner}", totals.join(" ")).ok();
    } else {
        let mut round =
            Round::new(&config, &Deal::Seeded(args.seed)).map_err(|error| CliError::Input(error.to_string()))?;
        let header = format!("dominoes players {} seed {}", config.players, args.seed);
        writeln!(log, "{header}").ok();
        writeln!(text, "{header}").ok();
        while let Some(seat) = round.to_act() {
            let action = bot
                .choose(&round, seat)
                .ok_or_else(|| CliError::Input("internal: no legal action".into()))?;
            round
                .apply(seat, action)
                .map_err(|error| CliError::Input(error.to_string()))?;
            writeln!(log, "{seat} {action}").ok();
            writeln!(text, "{seat} {action}").ok();
        }
        let outcome = round
            .outcome()
            .ok_or_else(|| CliError::Input("internal: the hand did not end".into()))?;
        if args.layout {
            text.push_str(&layout_picture(&round));
        }
        end_lines(&mut text, &outcome, config.players);
    }
    if let Some(path) = &args.log {
        std::fs::write(path, &log)
            .map_err(|error| CliError::Input(format!("cannot write {}: {error}", path.display())))?;
    }
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// The header of a match's hand `hand`: its seed, and its leader when the previous hand's
/// winner leads.
fn header_of(round: &Round, seed: u64, hand: u32) -> String {
    let hand_seed = parlor_core::game::round_seed(seed, hand);
    let config = round.config();
    let mut header = format!("dominoes players {} seed {hand_seed}", config.players);
    let dealt = Round::new(config, &Deal::Seeded(hand_seed)).ok();
    if let Some(leader) = round
        .to_act()
        .filter(|&leader| dealt.as_ref().and_then(Round::to_act) != Some(leader))
    {
        write!(header, " leader {leader}").ok();
    }
    header
}

/// The end line and the `scores:` line of a finished hand.
fn end_lines(text: &mut String, outcome: &Outcome, players: u8) {
    match (outcome.end, outcome.bonus) {
        (End::Domino { seat }, Some((_, points))) => writeln!(text, "domino: {seat} +{points}"),
        (End::Domino { seat }, None) => writeln!(text, "domino: {seat} +0"),
        (End::Blocked, Some((seat, points))) => writeln!(text, "blocked: {seat} +{points}"),
        (End::Blocked, None) => writeln!(text, "blocked: tie"),
    }
    .ok();
    let scores: Vec<String> = outcome.scores[..usize::from(players)]
        .iter()
        .map(u16::to_string)
        .collect();
    writeln!(text, "scores: {}", scores.join(" ")).ok();
}

/// The `match:` line `play --match` prints: each seat's total, then the winning side (the
/// highest unique total at or above the target; with partnerships team 0 (0+2) or 1 (1+3)).
fn match_line(config: &Config, totals: &[u32; 4]) -> String {
    let players = usize::from(config.players).min(totals.len());
    let seats = totals.get(..players).unwrap_or(&[]);
    let side_total = |side: usize| -> u32 {
        if config.partnerships {
            seats.iter().skip(side).step_by(2).sum()
        } else {
            seats.get(side).copied().unwrap_or(0)
        }
    };
    let sides = if config.partnerships { 2 } else { players };
    let best = (0..sides).map(side_total).max().unwrap_or(0);
    let leaders: Vec<usize> = (0..sides).filter(|&side| side_total(side) == best).collect();
    let winner = match leaders.as_slice() {
        [only] if best >= u32::from(config.target) => only.to_string(),
        _ => "none".to_owned(),
    };
    let side = if config.partnerships { "team" } else { "winner" };
    let shown: Vec<String> = seats.iter().map(u32::to_string).collect();
    format!("match: {} {side} {winner}", shown.join(" "))
}

/// `parlor dominoes replay`: reads the log from `args.file` (or `input` for `-`).
pub fn replay(args: &ReplayArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let text = if args.file == "-" {
        let mut text = String::new();
        input.read_to_string(&mut text)?;
        text
    } else {
        std::fs::read_to_string(&args.file)
            .map_err(|error| CliError::Input(format!("cannot read {}: {error}", args.file)))?
    };
    let mut printed = String::new();
    let result = replay_text(&text, Config::from(args.preset), args.layout, &mut printed);
    out.write_all(printed.as_bytes())?;
    result.map_err(|(line, message)| CliError::Exact(format!("error: line {line}: {message}")))
}

/// Replays a log, appending the output lines to `printed`; a bad line is `(line number, what)`.
pub fn replay_text(text: &str, preset: Config, layout: bool, printed: &mut String) -> Result<(), (usize, String)> {
    let mut round: Option<Round> = None;
    let mut last = 0;
    // Per-seat points over the finished hands, the end lines still expected after the last one,
    // and whether the `match:` line was read.
    let mut totals = [0u32; 4];
    let mut expected_end: Vec<String> = Vec::new();
    let mut match_line_seen = false;
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        last = number;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let playing = round.as_ref().is_some_and(|round| round.to_act().is_some());
        if line.starts_with("dominoes") {
            if playing {
                return Err((number, "a new header before the hand is over".into()));
            }
            if match_line_seen {
                return Err((number, "a new header after the match line".into()));
            }
            round = Some(header(line, preset).map_err(|message| (number, message))?);
            expected_end.clear();
            continue;
        }
        let Some(current) = round.as_mut() else {
            return Err((
                number,
                "expected the header `dominoes players <n> seed <N>` or `dominoes deal <hand> | … | boneyard <tiles>`"
                    .into(),
            ));
        };
        if !playing {
            // What `play` prints after a hand (its end lines, and the match line after the last
            // hand) is accepted and checked, so `play | replay -` round-trips.
            if expected_end.first().is_some_and(|expected| expected == line) {
                expected_end.remove(0);
                continue;
            }
            if line.starts_with("match:") && expected_end.is_empty() && !match_line_seen {
                let expected = match_line(current.config(), &totals);
                if line != expected {
                    return Err((number, format!("the match ended `{expected}`, not `{line}`")));
                }
                writeln!(printed, "{expected}").ok();
                match_line_seen = true;
                continue;
            }
            if let Some(expected) = expected_end.first() {
                return Err((number, format!("the hand ended `{expected}`, not `{line}`")));
            }
            return Err((number, "the hand is over: expected a new header".into()));
        }
        let (seat, action) = parse_action_line(line).map_err(|message| (number, message))?;
        let event = current
            .apply(seat, action)
            .map_err(|error| (number, format!("{seat} {action}: {error}")))?;
        match event {
            Event::Played { points: 0, .. } | Event::Passed { .. } => writeln!(printed, "{seat} {action}"),
            Event::Played { points, .. } => writeln!(printed, "{seat} {action} +{points}"),
            Event::Drew { tile } => writeln!(printed, "{seat} draw {tile}"),
        }
        .ok();
        if let Some(outcome) = current.outcome() {
            if layout {
                printed.push_str(&layout_picture(current));
            }
            let mut end = String::new();
            end_lines(&mut end, &outcome, current.config().players);
            printed.push_str(&end);
            expected_end = end.lines().map(str::to_owned).collect();
            for (total, &points) in totals.iter_mut().zip(outcome.scores.iter()) {
                *total = total.saturating_add(u32::from(points));
            }
        }
    }
    match round {
        None => Err((last.max(1), "no header: the log is empty".into())),
        Some(round) if round.to_act().is_some() => Err((last + 1, "the log ends before the hand is over".into())),
        Some(_) => Ok(()),
    }
}

/// Parses a header line into the dealt hand.
fn header(line: &str, preset: Config) -> Result<Round, String> {
    let rest = line.strip_prefix("dominoes").unwrap_or(line).trim_start();
    if let Some(deal) = rest.strip_prefix("deal") {
        return parse_deal(&preset, deal).map_err(|error| deal_message(deal, error));
    }
    let words: Vec<&str> = rest.split_whitespace().collect();
    let number = |text: &str, what: &str| -> Result<u64, String> {
        text.parse::<u64>()
            .map_err(|_| format!("{what} must be a number, not {}", crate::quoted(text)))
    };
    match words.as_slice() {
        ["players", players, "seed", seed, tail @ ..] => {
            let players = u8::try_from(number(players, "players")?).map_err(|_| "2 to 4 players".to_owned())?;
            let config = preset.with_players(players);
            let deal = Deal::Seeded(number(seed, "the seed")?);
            match tail {
                [] => Round::new(&config, &deal),
                ["leader", leader] => {
                    let leader = u8::try_from(number(leader, "the leader")?).unwrap_or(u8::MAX);
                    Round::with_leader(&config, &deal, Seat(leader))
                }
                _ => return Err(format!("unexpected {} after the seed", crate::quoted(&tail.join(" ")))),
            }
            .map_err(|error| error.to_string())
        }
        _ => Err("expected `dominoes players <n> seed <N>` or `dominoes deal <hand> | … | boneyard <tiles>`".into()),
    }
}

/// The message of a deal header the core refused: a bad tile names its part (`hand <n>: …` or
/// `boneyard: …`), anything else is the core's text.
fn deal_message(deal: &str, error: Error) -> String {
    let part = |span: parlor_core::notation::Span| {
        let before = deal.get(..span.start).unwrap_or("");
        let index = before.matches('|').count();
        if deal.get(span.start..).unwrap_or("").contains('|') {
            format!("hand {index}")
        } else {
            "boneyard".to_owned()
        }
    };
    match error {
        Error::UnknownTile { span } | Error::PipOutOfRange { span } => format!("{}: {error}", part(span)),
        Error::TooManyTiles { span: Some(span), .. } => format!("{}: {error}", part(span)),
        other => other.to_string(),
    }
}

/// Parses an action line: `<seat> play <tile> [on <tile>]`, `<seat> draw`, `<seat> pass` (the
/// action by the core's [`parse_action`]).
fn parse_action_line(line: &str) -> Result<(Seat, Action), String> {
    let trimmed = line.trim_start();
    let (seat, rest) = trimmed.split_once(char::is_whitespace).unwrap_or((trimmed, ""));
    if seat.is_empty() {
        return Err("empty line".into());
    }
    let seat = seat
        .parse::<u8>()
        .map(Seat)
        .map_err(|_| format!("expected a seat number, not {}", crate::quoted(seat)))?;
    let action = parse_action(rest).map_err(|error| match error {
        Error::UnknownTile { span } | Error::PipOutOfRange { span } => {
            // The whole word holding the bad pip or tile.
            let start = rest
                .get(..span.start)
                .unwrap_or("")
                .rfind(char::is_whitespace)
                .map_or(0, |at| at + 1);
            let end = rest
                .get(span.start..)
                .unwrap_or("")
                .find(char::is_whitespace)
                .map_or(rest.len(), |at| span.start + at);
            format!(
                "not a tile: {} (expected a-b)",
                crate::quoted(rest.get(start..end).unwrap_or(""))
            )
        }
        _ => format!(
            "expected `<seat> play <tile> [on <tile>]`, `<seat> draw` or `<seat> pass`, not {}",
            crate::quoted(line)
        ),
    })?;
    Ok((seat, action))
}

/// `parlor dominoes draw`: the picture of a legal order, or the verdict of `five-up --explain`.
pub fn draw(text: &str, rule: parlor_core::dominoes::SpinnerRule) -> Result<String, String> {
    let tiles: Tiles = text
        .parse()
        .map_err(|error: parlor_core::dominoes::Error| error.in_source(text).to_string())?;
    let verdict = parlor_core::dominoes::validate(&tiles, rule).map_err(|error| error.in_source(text).to_string())?;
    match &verdict {
        parlor_core::dominoes::Verdict::Legal(witness) => picture(|out| Layout::draw(&tiles, witness, out)),
        parlor_core::dominoes::Verdict::Illegal(_) => Ok(format!("{}\n", verdict.explain(&tiles))),
    }
}

/// Runs a core drawing into a growing buffer.
fn picture(draw: impl Fn(&mut [u8]) -> Result<usize, parlor_core::dominoes::Error>) -> Result<String, String> {
    let mut buffer = vec![0u8; 4096];
    let len = match draw(&mut buffer) {
        Err(parlor_core::dominoes::Error::BufferTooSmall { needed }) => {
            buffer = vec![0u8; needed];
            draw(&mut buffer)
        }
        other => other,
    }
    .map_err(|error| error.to_string())?;
    buffer.truncate(len);
    String::from_utf8(buffer).map_err(|error| error.to_string())
}

/// The picture of a hand's layout ([`Round::draw`]).
fn layout_picture(round: &Round) -> String {
    picture(|out| round.draw(out)).unwrap_or_default()
}
