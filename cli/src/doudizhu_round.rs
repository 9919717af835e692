//! `parlor doudizhu play` and `replay`: whole deals and matches with the built-in bots, and
//! replay logs.
//!
//! The replay log (one deal; a new header line starts the next deal of a match):
//!
//! ```text
//! doudizhu seed 7                  # or: doudizhu deal <h0> <h1> <h2> <kitty> [first <seat>]
//! 0 bid 1                          # the auction: bid 1|2|3 or pass (rob preset: call, rob, pass)
//! 1 pass
//! 2 bid 3
//! 2 play 33                        # play <cards> [<reading>], the reading only to pick one of
//! 0 play 55                        #   several (openspiel: `play 333444555666 airplane-singles/3@3`)
//! 1 pass
//! ```
//!
//! Hands are 17, 17, 17 and 3 cards in the one-character notation, before the landlord takes
//! the kitty; `first` is the first bidder (default 0; under `rlcard` the landlord). A seed header
//! may end in `first <seat>` too (a match's later deals). `#` starts a comment; blank lines are
//! ignored.
//!
//! `replay` prints one line per action with its events appended — `landlord <seat> kitty
//! <cards>` when the auction ends, `void` when everyone passed, `stake x2` for a bomb, rocket
//! or rob, `lead <seat>` after two passes, `out` on the last card — then an `outcome:` line and
//! `scores: <d0> <d1> <d2>` (all pass: `scores: 0 0 0`); a log of several deals (a match) ends
//! with `total: <t0> <t1> <t2>` after the last deal's `scores:` line. A bad or illegal line stops it:
//! `error: line N: <what is wrong>` on standard error, exit status 2.
//!
//! So `play`'s output replays as it is: an action line may carry its events (they must be the
//! ones replay prints for it), and `outcome:`, `scores:` and `total:` lines must equal what
//! replay computes at that point (they are checked, not echoed).

use std::fmt::Write as _;
use std::io::{BufRead, Write};

use parlor_core::doudizhu::bot::RandomBot;
use parlor_core::doudizhu::notation::{self, Written};
use parlor_core::doudizhu::{Action, Cards, Config, Deal, Error, Event, Match, Outcome, Round, Spring, classify};
use parlor_core::game::Seat;
use parlor_core::notation::InSource;

use crate::{CliError, quoted};

fn parse_config(name: &str) -> Result<Config, String> {
    Config::from_name(name).ok_or_else(|| format!("unknown preset {} (pagat, openspiel, rlcard or rob)", quoted(name)))
}

/// Arguments of `parlor doudizhu play`.
#[derive(Debug, Clone, clap::Args)]
pub struct PlayArgs {
    /// The whole-game preset: `pagat` (default), `openspiel`, `rlcard` or `rob`.
    #[arg(long, default_value = "pagat", value_parser = parse_config)]
    pub preset: Config,
    /// The seed of the deal (of the match) and of the random bot.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Play a whole match (the preset's number of deals) instead of one deal.
    #[arg(long = "match")]
    pub whole_match: bool,
    /// Also write the log (without the outcome lines) to this file.
    #[arg(long)]
    pub log: Option<std::path::PathBuf>,
}

/// Arguments of `parlor doudizhu replay`.
#[derive(Debug, Clone, clap::Args)]
pub struct ReplayArgs {
    /// The whole-game preset: `pagat` (default), `openspiel`, `rlcard` or `rob`.
    #[arg(long, default_value = "pagat", value_parser = parse_config)]
    pub preset: Config,
    /// The log file, or `-` (or nothing) for standard input.
    pub file: Option<String>,
}

fn seat_list(hands: &[Cards; 3]) -> String {
    hands.iter().map(Cards::to_string).collect::<Vec<_>>().join(" ")
}

/// The log line of an action (`<seat> <action>`), with the reading when the cards have several.
fn action_line(round: &Round, seat: Seat, action: &Action) -> String {
    match action {
        Action::Play(play) if classify(&play.cards, &round.config().rules).len() > 1 => {
            format!("{seat} play {} {}", play.cards, play.reading)
        }
        // The cards alone (the action's own text would add a reading it reads otherwise).
        Action::Play(play) => format!("{seat} play {}", play.cards),
        other => format!("{seat} {other}"),
    }
}

fn events(event: &Event) -> String {
    let mut text = String::new();
    if let (Some(landlord), Some(kitty)) = (event.landlord, event.kitty) {
        let _ = write!(text, " landlord {landlord} kitty {kitty}");
    }
    if event.void {
        text.push_str(" void");
    }
    if event.doubled {
        text.push_str(" stake x2");
    }
    if let Some(lead) = event.lead {
        let _ = write!(text, " lead {lead}");
    }
    if event.outcome.is_some() && !event.void {
        text.push_str(" out");
    }
    text
}

/// The first words of the events `events` prints.
const EVENT_WORDS: [&str; 5] = ["landlord", "void", "stake", "lead", "out"];

fn outcome_line(outcome: &Outcome) -> String {
    let Some(landlord) = outcome.landlord else {
        return "outcome: void (everyone passed)".to_owned();
    };
    let side = if outcome.landlord_won {
        "landlord wins"
    } else {
        "peasants win"
    };
    let spring = match outcome.spring {
        Spring::None => "",
        Spring::Spring => ", spring",
        Spring::AntiSpring => ", anti-spring",
    };
    format!(
        "outcome: {side} (landlord {landlord}), stake {} = bid {} x2^{} (bombs {}, robs {}{spring})",
        outcome.stake,
        outcome.bid,
        u32::from(outcome.bombs) + u32::from(outcome.robs) + u32::from(outcome.spring != Spring::None),
        outcome.bombs,
        outcome.robs,
    )
}

fn scores_line(scores: &[i64; 3]) -> String {
    format!("scores: {} {} {}", scores[0], scores[1], scores[2])
}

/// `parlor doudizhu play`: plays with the seeded random bot, prints the log, outcome and scores.
pub fn play(args: &PlayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut log = String::new();
    let mut printed = String::new();
    let fail = |error: parlor_core::doudizhu::Error| CliError::Input(error.to_string());
    let mut bot = RandomBot::new(args.seed);
    if args.whole_match {
        let mut game = Match::new(&args.preset, args.seed).map_err(fail)?;
        let mut fresh = true;
        while !game.is_over() {
            if fresh {
                let round = game.round();
                let hands = [0, 1, 2].map(|s| round.hand(Seat(s)));
                let hands = match round.landlord() {
                    // rlcard: the landlord already holds the kitty.
                    Some(l) => {
                        let mut h = hands;
                        h[l.index()] = h[l.index()].minus(&round.kitty()).unwrap_or_default();
                        h
                    }
                    None => hands,
                };
                let header = format!(
                    "doudizhu deal {} {} first {}\n",
                    seat_list(&hands),
                    round.kitty(),
                    round.first_bidder()
                );
                log.push_str(&header);
                printed.push_str(&header);
                fresh = false;
            }
            let round = *game.round();
            let seat = round.to_act().ok_or(CliError::Input("no seat to act".to_owned()))?;
            let action = bot
                .choose(&round, seat)
                .ok_or(CliError::Input("no legal action".to_owned()))?;
            let line = action_line(&round, seat, &action);
            let event = game.apply(seat, action).map_err(fail)?.event;
            log.push_str(&line);
            log.push('\n');
            let _ = writeln!(printed, "{line}{}", events(&event));
            if let Some(outcome) = event.outcome {
                let scores = outcome.scores.map(i64::from);
                let _ = writeln!(printed, "{}\n{}", outcome_line(&outcome), scores_line(&scores));
                fresh = true;
            }
        }
        let s = game.scores().map(i64::from);
        let _ = writeln!(printed, "total: {} {} {}", s[0], s[1], s[2]);
    } else {
        let header = format!("doudizhu seed {}\n", args.seed);
        log.push_str(&header);
        printed.push_str(&header);
        let mut round = Round::new(&args.preset, &Deal::Seeded(args.seed)).map_err(fail)?;
        while let Some(seat) = round.to_act() {
            let action = bot
                .choose(&round, seat)
                .ok_or(CliError::Input("no legal action".to_owned()))?;
            let line = action_line(&round, seat, &action);
            let event = round.apply(seat, action).map_err(fail)?;
            log.push_str(&line);
            log.push('\n');
            let _ = writeln!(printed, "{line}{}", events(&event));
        }
        let outcome = round
            .outcome()
            .ok_or(CliError::Input("the deal did not end".to_owned()))?;
        let _ = writeln!(
            printed,
            "{}\n{}",
            outcome_line(&outcome),
            scores_line(&outcome.scores.map(i64::from))
        );
    }
    if let Some(path) = &args.log {
        std::fs::write(path, &log).map_err(|e| CliError::Input(format!("cannot write {}: {e}", path.display())))?;
    }
    out.write_all(printed.as_bytes())?;
    Ok(())
}

/// `parlor doudizhu replay`: reads the log from `args.file` (or `input` for `-`), validates it.
pub fn replay(args: &ReplayArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let text = match args.file.as_deref() {
        None | Some("-") => {
            let mut text = String::new();
            input.read_to_string(&mut text)?;
            text
        }
        Some(path) => std::fs::read_to_string(path).map_err(|e| CliError::Input(format!("cannot read {path}: {e}")))?,
    };
    let mut printed = String::new();
    let result = replay_text(&text, &args.preset, &mut printed);
    out.write_all(printed.as_bytes())?;
    match result {
        Ok(()) => Ok(()),
        Err((line, what)) => Err(CliError::Usage(format!("error: line {line}: {what}\n"), 2)),
    }
}

fn parse_seat(token: &str) -> Result<Seat, String> {
    match token {
        "0" => Ok(Seat(0)),
        "1" => Ok(Seat(1)),
        "2" => Ok(Seat(2)),
        _ => Err(format!("{} is no seat (0, 1 or 2)", quoted(token))),
    }
}

fn parse_header(rest: &[&str], config: &Config) -> Result<Round, String> {
    let (deal, tail) = match rest {
        ["seed", n, tail @ ..] => {
            let seed: u64 = n
                .parse()
                .map_err(|_| format!("{} is no seed (an integer)", quoted(n)))?;
            (Deal::Seeded(seed), tail)
        }
        ["deal", h0, h1, h2, kitty, tail @ ..] => {
            let c = |t: &str| crate::doudizhu::cards(t);
            (
                Deal::Given {
                    hands: [c(h0)?, c(h1)?, c(h2)?],
                    kitty: c(kitty)?,
                    first_bidder: Seat(0),
                },
                tail,
            )
        }
        _ => {
            return Err(
                "expected a header `doudizhu seed <N>` or `doudizhu deal <h0> <h1> <h2> <kitty> [first <seat>]`"
                    .to_owned(),
            );
        }
    };
    let first = match tail {
        [] => None,
        ["first", s] => Some(parse_seat(s)?),
        _ => {
            return Err(format!(
                "unexpected {} after the deal (only `first <seat>`)",
                quoted(&tail.join(" "))
            ));
        }
    };
    let deal = match (deal, first) {
        (deal, None) => deal,
        (d, Some(first_bidder)) => {
            let (hands, kitty, _) = d.cards(config).map_err(|e| e.to_string())?;
            Deal::Given {
                hands,
                kitty,
                first_bidder,
            }
        }
    };
    Round::new(config, &deal).map_err(|e| e.to_string())
}

fn parse_action(round: &Round, seat: Seat, words: &[&str]) -> Result<Action, String> {
    // The core reads the words; the round decides what they mean under its rules.
    let text = words.join(" ");
    let written = notation::parse_action(&text).map_err(|error| match error {
        Error::UnknownBid { span } => format!("{} is no bid (1, 2 or 3)", quoted(span.slice(&text))),
        Error::UnknownCard { .. } | Error::TooManyCopies { .. } => InSource { error, source: &text }.to_string(),
        Error::NotACombination => format!("{} is no combination", quoted(words.get(1).copied().unwrap_or(""))),
        Error::UnknownReading { span } => format!(
            "{} is no reading of {}",
            quoted(span.slice(&text)),
            words.get(1).and_then(|w| w.parse::<Cards>().ok()).unwrap_or_default()
        ),
        _ => "expected `<seat> bid <1|2|3>`, `<seat> pass` or `<seat> play <cards>`".to_owned(),
    })?;
    let rules = &round.config().rules;
    match written {
        Written::Cards(set) => {
            if classify(&set, rules).is_empty() {
                return Err(format!(
                    "{} is no combination",
                    quoted(words.get(1).copied().unwrap_or(""))
                ));
            }
            round
                .play_of(seat, &set)
                .ok_or_else(|| format!("seat {seat} may not play {set} now"))
        }
        Written::Action(Action::Play(play)) => {
            let readings = classify(&play.cards, rules);
            if readings.is_empty() {
                return Err(format!(
                    "{} is no combination",
                    quoted(words.get(1).copied().unwrap_or(""))
                ));
            }
            if !readings.iter().any(|r| r == play.reading) {
                return Err(format!(
                    "{} is no reading of {}",
                    quoted(words.get(2).copied().unwrap_or("")),
                    play.cards
                ));
            }
            Ok(Action::Play(play))
        }
        Written::Action(action) => Ok(action),
    }
}

/// Replays `text` under `config`, appending the printed lines to `printed`; a bad line is
/// `Err((line number, what is wrong))`.
pub fn replay_text(text: &str, config: &Config, printed: &mut String) -> Result<(), (usize, String)> {
    let mut round: Option<Round> = None;
    let mut deals = 0usize;
    let mut total = [0i64; 3];
    let mut last = 0usize;
    for (index, raw) in text.lines().enumerate() {
        let n = index + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        last = n;
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"doudizhu") {
            if round.is_some_and(|r| r.outcome().is_none()) {
                return Err((n, "a new deal before the previous one is over".to_owned()));
            }
            round = Some(parse_header(words.get(1..).unwrap_or(&[]), config).map_err(|e| (n, e))?);
            printed.push_str(line);
            printed.push('\n');
            continue;
        }
        let Some(r) = round.as_mut() else {
            return Err((
                n,
                "expected a header `doudizhu seed <N>` or `doudizhu deal …` first".to_owned(),
            ));
        };
        if let Some(&head @ ("outcome:" | "scores:" | "total:")) = words.first() {
            // The summary lines `play` prints are checked against the replay's own.
            let Some(outcome) = r.outcome() else {
                return Err((n, format!("{} before the deal is over", quoted(head))));
            };
            let expected = match head {
                "outcome:" => outcome_line(&outcome),
                "scores:" => scores_line(&outcome.scores.map(i64::from)),
                _ => format!("total: {} {} {}", total[0], total[1], total[2]),
            };
            if words.join(" ") != expected {
                return Err((
                    n,
                    format!("the replay computes {}, not {}", quoted(&expected), quoted(line)),
                ));
            }
            continue;
        }
        let seat = parse_seat(words.first().copied().unwrap_or("")).map_err(|e| (n, e))?;
        let Some(to_act) = r.to_act() else {
            return Err((n, "the deal is over".to_owned()));
        };
        if seat != to_act {
            return Err((n, format!("it is seat {to_act}'s turn, not seat {seat}'s")));
        }
        let rest = words.get(1..).unwrap_or(&[]);
        // `play` prints the events after the action; they start at the first event word (a
        // reading, the optional third word of `play`, always holds `@`, so none is one).
        let split = rest
            .iter()
            .skip(1)
            .position(|w| EVENT_WORDS.contains(w))
            .map_or(rest.len(), |at| at + 1);
        let (action_words, annotation) = rest.split_at(split);
        // Named by the whole quoted line, seat included, as the core's refusals below are.
        let action = parse_action(r, seat, action_words).map_err(|e| (n, format!("{}: {e}", quoted(line))))?;
        let shown = action_line(r, seat, &action);
        let event = r
            .apply(seat, action)
            .map_err(|e| (n, format!("{}: {e}", quoted(line))))?;
        let text = events(&event);
        if !annotation.is_empty() && annotation.join(" ") != text.trim_start() {
            let is = if text.is_empty() {
                "has no events".to_owned()
            } else {
                format!("has the events {}", quoted(text.trim_start()))
            };
            return Err((
                n,
                format!("{} {is}, not {}", quoted(&shown), quoted(&annotation.join(" "))),
            ));
        }
        let _ = writeln!(printed, "{shown}{text}");
        if let Some(outcome) = event.outcome {
            deals += 1;
            for (t, s) in total.iter_mut().zip(outcome.scores) {
                *t += i64::from(s);
            }
            let _ = writeln!(
                printed,
                "{}\n{}",
                outcome_line(&outcome),
                scores_line(&outcome.scores.map(i64::from))
            );
        }
    }
    match round {
        None => Err((last.max(1), "the log holds no deal".to_owned())),
        Some(r) if r.outcome().is_none() => Err((last.max(1), "the log ends before the deal is over".to_owned())),
        Some(_) => {
            if deals > 1 {
                let _ = writeln!(printed, "total: {} {} {}", total[0], total[1], total[2]);
            }
            Ok(())
        }
    }
}
