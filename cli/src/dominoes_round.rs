//! `parlor dominoes play`, `replay` and `draw`: whole hands and matches with the built-in bots,
//! replay logs, and the layout picture.
//!
//! The replay log (one hand; a match log starts `dominoes players <n> match <S>` and each hand
//! has its own header; the driver is [`crate::play`]):
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
use crate::play::{Extras, Game, PlayOptions, ReplayOptions};

/// Arguments of `parlor dominoes play`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The rules preset: five-up (default), all-fives, block (`parlor dominoes rules` lists them).
    #[arg(long)]
    pub preset: Option<String>,
    /// Seats at the table, 2–4 (with four, partners 0+2 and 1+3).
    #[arg(long)]
    pub players: Option<u8>,
    /// Print each finished hand's layout picture before its end line.
    #[arg(long)]
    pub layout: bool,
    /// What every game's `play` takes.
    #[command(flatten)]
    pub options: PlayOptions,
}

/// Arguments of `parlor dominoes replay`.
#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// Print each finished hand's layout picture before its end line.
    #[arg(long)]
    pub layout: bool,
    /// What every game's `replay` takes.
    #[command(flatten)]
    pub options: ReplayOptions,
}

/// `parlor dominoes play`: the bots (or a person and bots) play a hand, hands or a match.
pub fn play(args: &PlayArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let mut config: Config =
        crate::play::config_of(args.preset.as_deref(), &args.options.rules).map_err(CliError::Input)?;
    if let Some(players) = args.players {
        config = config.with_players(players);
    }
    config.validate().map_err(|error| CliError::Input(error.to_string()))?;
    let words = crate::play::rule_words::<Config>(args.preset.as_deref(), &args.options.rules);
    let extras = Extras { layout: args.layout };
    if args.options.human.is_some() {
        return crate::human::play::<Round>(&config, &words, &args.options, input, out);
    }
    crate::play::play::<Round>(&config, &words, &args.options, &extras, out)
}

/// `parlor dominoes replay`: reads the log from the file (or standard input).
pub fn replay(args: &ReplayArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let config: Config =
        crate::play::config_of(args.options.preset.as_deref(), &args.options.rules).map_err(CliError::Input)?;
    let bytes = crate::play::read_log(args.options.file.as_deref(), input)?;
    crate::play::replay::<Round>(&bytes, &config, &Extras { layout: args.layout }, out)
}

impl Game for Round {
    type Match = Match;
    type Random = RandomBot;

    fn random(seed: u64) -> RandomBot {
        RandomBot::new(seed)
    }

    fn seed_words(config: &Config, seed: u64) -> String {
        format!("players {} seed {seed}", config.players)
    }

    fn match_words(config: &Config, seed: u64) -> String {
        format!("players {} match {seed}", config.players)
    }

    fn parse_match(words: &[&str], config: &Config) -> Option<Result<(Config, u64), String>> {
        let number = |text: &str, what: &str| {
            text.parse::<u64>()
                .map_err(|_| format!("{what} must be a number, not {}", crate::quoted(text)))
        };
        match words {
            ["players", players, "match", seed] => Some((|| {
                let players = u8::try_from(number(players, "players")?).map_err(|_| "2 to 4 players".to_owned())?;
                Ok((config.with_players(players), number(seed, "the seed")?))
            })()),
            ["match", seed] => Some(number(seed, "the seed").map(|seed| (*config, seed))),
            _ => None,
        }
    }

    fn round_words(round: &Round, seed: u64, k: u32) -> Option<String> {
        let hand_seed = parlor_core::game::round_seed(seed, k);
        let config = round.config();
        let mut header = format!("players {} seed {hand_seed}", config.players);
        let dealt = Round::new(config, &Deal::Seeded(hand_seed)).ok();
        if let Some(leader) = round
            .to_act()
            .filter(|&leader| dealt.as_ref().and_then(Round::to_act) != Some(leader))
        {
            write!(header, " leader {leader}").ok();
        }
        Some(header)
    }

    fn parse_deal(words: &[&str], config: &Config) -> Result<Round, String> {
        header(&format!("dominoes {}", words.join(" ")), *config)
    }

    fn replay_line(_before: &Round, seat: Seat, action: Action, event: &Event) -> String {
        match event {
            Event::Played { points: 0, .. } | Event::Passed { .. } => format!("{seat} {action}"),
            Event::Played { points, .. } => format!("{seat} {action} +{points}"),
            Event::Drew { tile } => format!("{seat} draw {tile}"),
        }
    }

    fn parse_line(_round: &Round, line: &str) -> Result<(Seat, Action, String), String> {
        parse_action_line(line).map(|(seat, action)| (seat, action, String::new()))
    }

    fn refusal(_round: &Round, _line: &str, seat: Seat, action: Action, error: Error) -> String {
        format!("{seat} {action}: {error}")
    }

    fn end_lines(outcome: &Outcome, _k: u32, finished: Option<&Round>, extras: &Extras) -> Vec<String> {
        let mut lines = Vec::new();
        if extras.layout
            && let Some(round) = finished
        {
            let picture = layout_picture(round);
            lines.extend(picture.lines().map(str::to_owned));
        }
        let mut text = String::new();
        end_lines(&mut text, outcome, outcome.players);
        lines.extend(text.lines().map(str::to_owned));
        lines
    }

    fn is_summary(word: &str) -> bool {
        matches!(word, "domino:" | "blocked:" | "scores:")
    }

    /// Tiles of a double-6 set as Unicode domino tiles (`3-5` → 🀹), bigger sets as written.
    fn pretty(line: &str) -> String {
        crate::human::map_tokens(line, |token| {
            let (a, b) = token.split_once('-')?;
            let (a, b) = (a.parse::<u32>().ok()?, b.parse::<u32>().ok()?);
            (a <= 6 && b <= 6)
                .then(|| char::from_u32(0x1F031 + a * 7 + b))
                .flatten()
                .map(|tile| format!("{tile} "))
        })
    }

    fn summary_mismatch(want: &str, line: &str) -> String {
        format!("the hand ended `{want}`, not `{line}`")
    }

    const LEGEND: &'static str = "tiles: a-b, the pips of each half; `play a-b on c-d` plays a tile against a layout tile (the first play: `play a-b`)";
    const LOG_IS_PRINTED: bool = false;
    const ENDS_AFTER_LAST_LINE: bool = true;
    const ECHO_HEADER: bool = false;
    const ROUND: &'static str = "hand";
    const NO_HEADER: &'static str =
        "expected the header `dominoes players <n> seed <N>` or `dominoes deal <hand> | … | boneyard <tiles>`";
    const EMPTY: &'static str = "no header: the log is empty";
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
    let scores: Vec<String> = outcome
        .scores
        .get(..usize::from(players))
        .unwrap_or(&[])
        .iter()
        .map(u16::to_string)
        .collect();
    writeln!(text, "scores: {}", scores.join(" ")).ok();
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
