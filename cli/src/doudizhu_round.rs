//! `parlor doudizhu play` and `replay`: whole deals and matches with the built-in bots, and
//! replay logs.
//!
//! The replay log (one deal; a match log starts `doudizhu match <S>` and each deal has its own
//! header; the driver is [`crate::play`]):
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
//! `scores: <d0> <d1> <d2>` (all pass: `scores: 0 0 0`); a log of several single deals ends
//! with `total: <t0> <t1> <t2>` after the last deal's `scores:` line, a match with its `match:`
//! line. A bad or illegal line stops it:
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

use crate::play::{Extras, Game, PlayOptions, ReplayOptions};
use crate::{CliError, quoted};

/// Arguments of `parlor doudizhu play`.
#[derive(Debug, Clone, clap::Args)]
pub struct PlayArgs {
    /// The whole-game preset: `pagat` (default), `openspiel`, `rlcard`, `rob`, `botzone` or `douzero`.
    #[arg(long)]
    pub preset: Option<String>,
    /// What every game's `play` takes.
    #[command(flatten)]
    pub options: PlayOptions,
}

/// Arguments of `parlor doudizhu replay`.
#[derive(Debug, Clone, clap::Args)]
pub struct ReplayArgs {
    /// What every game's `replay` takes.
    #[command(flatten)]
    pub options: ReplayOptions,
}

/// `parlor doudizhu play`: the bots (or a person and bots) play a deal, deals or a match.
pub fn play(args: &PlayArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let config: Config =
        crate::play::config_of(args.preset.as_deref(), &args.options.rules).map_err(CliError::Input)?;
    let words = crate::play::rule_words::<Config>(args.preset.as_deref(), &args.options.rules);
    if args.options.human.is_some() {
        return crate::human::play::<Round>(&config, &words, &args.options, input, out);
    }
    crate::play::play::<Round>(&config, &words, &args.options, &Extras::default(), out)
}

/// `parlor doudizhu replay`: reads the log from the file (or standard input), validates it.
pub fn replay(args: &ReplayArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let config: Config =
        crate::play::config_of(args.options.preset.as_deref(), &args.options.rules).map_err(CliError::Input)?;
    let bytes = crate::play::read_log(args.options.file.as_deref(), input)?;
    crate::play::replay::<Round>(&bytes, &config, &Extras::default(), out)
}

impl Game for Round {
    type Match = Match;
    type Random = RandomBot;

    fn random(seed: u64) -> RandomBot {
        RandomBot::new(seed)
    }

    fn round_words(round: &Round, _seed: u64, _k: u32) -> Option<String> {
        let hands = [0, 1, 2].map(|s| round.hand(Seat(s)));
        let hands = match round.landlord() {
            // rlcard: the landlord already holds the kitty.
            Some(l) => {
                let mut h = hands;
                if let Some(hand) = h.get_mut(l.index()) {
                    *hand = hand.minus(&round.kitty()).unwrap_or_default();
                }
                h
            }
            None => hands,
        };
        Some(format!(
            "deal {} {} first {}",
            seat_list(&hands),
            round.kitty(),
            round.first_bidder()
        ))
    }

    fn parse_deal(words: &[&str], config: &Config) -> Result<Round, String> {
        parse_header(words, config)
    }

    fn log_line(round: &Round, seat: Seat, action: Action) -> String {
        action_line(round, seat, &action)
    }

    fn play_events(event: &Event) -> String {
        events(event)
    }

    fn replay_line(before: &Round, seat: Seat, action: Action, event: &Event) -> String {
        format!("{}{}", action_line(before, seat, &action), events(event))
    }

    fn parse_line(round: &Round, line: &str) -> Result<(Seat, Action, String), String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let seat = parse_seat(words.first().copied().unwrap_or(""))?;
        let Some(to_act) = round.to_act() else {
            return Err("the deal is over".to_owned());
        };
        if seat != to_act {
            return Err(format!("it is seat {to_act}'s turn, not seat {seat}'s"));
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
        // Named by the whole quoted line, seat included, as the core's refusals are.
        let action = parse_action(round, seat, action_words).map_err(|e| format!("{}: {e}", quoted(line)))?;
        Ok((seat, action, annotation.join(" ")))
    }

    fn check_annotation(
        before: &Round,
        seat: Seat,
        action: Action,
        event: &Event,
        annotation: &str,
    ) -> Result<(), String> {
        let text = events(event);
        if annotation.is_empty() || annotation == text.trim_start() {
            return Ok(());
        }
        let is = if text.is_empty() {
            "has no events".to_owned()
        } else {
            format!("has the events {}", quoted(text.trim_start()))
        };
        Err(format!(
            "{} {is}, not {}",
            quoted(&action_line(before, seat, &action)),
            quoted(annotation)
        ))
    }

    fn end_lines(outcome: &Outcome, _k: u32, _finished: Option<&Round>, _extras: &Extras) -> Vec<String> {
        vec![outcome_line(outcome), scores_line(&outcome.scores.map(i64::from))]
    }

    fn rounds_tail(totals: &[i64]) -> Vec<String> {
        let shown: Vec<String> = totals.iter().map(i64::to_string).collect();
        vec![format!("total: {}", shown.join(" "))]
    }

    fn is_summary(word: &str) -> bool {
        matches!(word, "outcome:" | "scores:" | "total:")
    }

    /// The jokers in colour (B black-and-white bold, R red) within card strings.
    fn pretty(line: &str) -> String {
        crate::human::map_tokens(line, |token| {
            let cards = token.chars().all(|c| "3456789TJQKA2BR".contains(c));
            (cards && (token.contains('B') || token.contains('R')))
                .then(|| token.replace('B', "\x1b[1mB\x1b[0m").replace('R', "\x1b[1;31mR\x1b[0m"))
        })
    }

    const LEGEND: &'static str = "cards: 3-9, T ten, J Q K A 2, B the black joker, R the red joker; a play lists its cards (`play 33344456`), suits do not count";
    const LOG_IS_PRINTED: bool = false;
    const ECHO_HEADER: bool = true;
    const ROUND: &'static str = "deal";
    const NO_HEADER: &'static str = "expected a header `doudizhu seed <N>` or `doudizhu deal …` first";
    const EMPTY: &'static str = "the log holds no deal";
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
        Error::NoCombination { .. } => format!("{} is no combination", quoted(words.get(1).copied().unwrap_or(""))),
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
