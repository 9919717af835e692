//! `parlor doudizhu …`: classification, beating, moves, spring and min-plays on the spec's
//! notation (`33344456`, `10`/`T`, either case, `-` = none), under a rule preset.
//!
//! ```text
//! parlor doudizhu classify 33344456              # airplane-singles | invalid
//! parlor doudizhu beats QQQKKK34 KKKAAA56        # yes | no
//! parlor doudizhu moves 3445556 33               # one play per line
//! parlor doudizhu spring <landlord> [<p1> [<p2>]]  # yes + plan lines | no
//! parlor doudizhu spring --judge < input         # Case k: Yes | Case k: No
//! parlor doudizhu min-plays 34567BR              # 2
//! parlor doudizhu play --seed 7 [--match]         # a whole deal with the bots: log + scores
//! parlor doudizhu replay log.txt                  # checks a log, `scores: <d0> <d1> <d2>`
//! ```
//! Every command takes `--preset pagat|rlcard|openspiel` (default `pagat`) and `--batch`
//! (one case per standard-input line, columns separated by TAB, one answer line per case).
//!
//! The answers and messages are the core's (`parlor_core::doudizhu::text`, which the bare-metal
//! vector runner prints too); only the batch and judge input messages are this file's.

use std::io::{BufRead, Write};

use parlor_core::doudizhu::text::{
    self, BeatsRefusal, JudgeAnswer, KindNames, Missing, MovesRefusal, ReadingList, SpringAnswer, YesNo,
};
use parlor_core::doudizhu::{
    Cards, Opponents, Plan, Preset, PresetId, Scratch, beats, classify, for_each_move, min_plays, spring,
};

use crate::{CliError, batch, quoted};

#[path = "doudizhu_round.rs"]
pub mod round;

/// Options every `doudizhu` command takes.
#[derive(Debug, Clone, clap::Args)]
pub struct Common {
    /// Rule preset: `pagat` (the seed's rules, default), `rlcard` or `openspiel`.
    #[arg(long, default_value = "pagat", value_parser = parse_preset)]
    pub preset: PresetId,
    /// Set a combination rule: `KEY=VALUE` (repeatable; `parlor doudizhu rules` lists the keys;
    /// the combination keys are `wing-copies` … `max-cards`, `bomb-follows-rocket`).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// Read cases from standard input, one per line, columns separated by TAB.
    #[arg(long)]
    pub batch: bool,
}

impl Common {
    /// The combination rules of `--preset` with every `--rule` set; a key that is no
    /// combination rule (the auction, the scoring, …) is refused by name.
    pub fn combination_rules(&self) -> Result<Preset, CliError> {
        let mut config = parlor_core::doudizhu::Config {
            rules: self.preset.preset(),
            ..Default::default()
        };
        let base = config;
        for rule in &self.rules {
            crate::play::set_rule(&mut config, rule).map_err(CliError::Input)?;
            let mut only_rules = config;
            only_rules.rules = base.rules;
            if only_rules != base {
                return Err(CliError::Input(format!(
                    "--rule {}: not a combination rule (it applies to play and replay)",
                    quoted(rule)
                )));
            }
        }
        Ok(config.rules)
    }
}

fn parse_preset(name: &str) -> Result<PresetId, String> {
    PresetId::from_name(name).ok_or_else(|| format!("unknown preset {} (pagat, rlcard or openspiel)", quoted(name)))
}

/// The `doudizhu` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Play a deal (or `--match`) with the bots or as a person (--human SEAT): the log, the outcome, `scores:`.
    Play(round::PlayArgs),
    /// Check a replay log: one line per action with its events, then the outcome and `scores:`.
    Replay(round::ReplayArgs),
    /// List the rule keys (for --rule KEY=VALUE), their values and the preset's defaults.
    Rules(crate::play::RulesArgs),
    /// Bots against each other on seeded duplicate deals: win rate, score and place per bot (95 % intervals).
    Arena(crate::arena::Args),
    /// Print the kinds a card set reads as (sorted, space-separated), or `invalid`.
    Classify {
        /// The card set, e.g. `33344456`.
        #[arg(conflicts_with = "batch")]
        cards: Option<String>,
        /// Print every reading as `kind/chain@key` (strongest first) instead of kind names.
        #[arg(long)]
        readings: bool,
        /// Preset and batch options.
        #[command(flatten)]
        common: Common,
    },
    /// Print `yes` if PLAY may follow PREV (`-` = no previous play), else `no`.
    Beats {
        /// The previous play.
        #[arg(conflicts_with = "batch")]
        prev: Option<String>,
        /// The play.
        #[arg(conflicts_with = "batch")]
        play: Option<String>,
        /// Preset and batch options.
        #[command(flatten)]
        common: Common,
    },
    /// Print every distinct play from HAND that beats PREV (every lead without PREV), one per line.
    Moves {
        /// The hand.
        #[arg(conflicts_with = "batch")]
        hand: Option<String>,
        /// The previous play (`-` or absent = lead).
        #[arg(conflicts_with = "batch")]
        prev: Option<String>,
        /// Preset and batch options.
        #[command(flatten)]
        common: Common,
    },
    /// Can the landlord play out alone with no peasant ever able to beat him? `yes` + plan, or `no`.
    Spring {
        /// The landlord's hand (at most 20 cards).
        #[arg(conflicts_with_all = ["batch", "judge"])]
        landlord: Option<String>,
        /// One peasant's hand (the other then holds the rest of the deck).
        #[arg(conflicts_with_all = ["batch", "judge"])]
        first: Option<String>,
        /// The other peasant's hand.
        #[arg(conflicts_with_all = ["batch", "judge"])]
        second: Option<String>,
        /// Read the original judge's input (T, then per case the three hands) from standard input.
        #[arg(long, conflicts_with = "batch")]
        judge: bool,
        /// Preset and batch options.
        #[command(flatten)]
        common: Common,
    },
    /// Print the fewest plays that empty HAND (NOIP 2015 "斗地主").
    MinPlays {
        /// The hand (at most 20 cards).
        #[arg(conflicts_with = "batch")]
        hand: Option<String>,
        /// Preset and batch options.
        #[command(flatten)]
        common: Common,
    },
}

/// Parses one card-set argument, naming the bad token on error.
pub fn cards(text: &str) -> Result<Cards, String> {
    text::cards(text).map_err(|error| error.to_string())
}

/// Every play from `hand` beating `prev`, in printing order.
pub fn move_list(hand: &Cards, prev: &Cards, preset: &Preset) -> Result<Vec<Cards>, String> {
    let mut all = Vec::new();
    for_each_move(hand, prev, preset, |play| {
        all.push(play);
        std::ops::ControlFlow::Continue(())
    })
    .map_err(|error| MovesRefusal { previous: *prev, error }.to_string())?;
    all.sort_by(text::print_order);
    Ok(all)
}

/// Solves one spring case; `Ok(None)` is `no`.
pub fn spring_case(
    landlord: &str,
    first: Option<&str>,
    second: Option<&str>,
    preset: &Preset,
    scratch: &mut Scratch,
) -> Result<Option<Plan>, String> {
    let landlord = cards(landlord)?;
    let opponents = match (first, second) {
        (Some(a), Some(b)) => Opponents::Both(cards(a)?, cards(b)?),
        (Some(a), None) => Opponents::One(cards(a)?),
        _ => Opponents::Unknown,
    };
    spring(&landlord, &opponents, preset, scratch).map_err(|error| error.to_string())
}

fn required<'a>(value: Option<&'a String>, what: &str) -> Result<&'a str, CliError> {
    value
        .map(String::as_str)
        .ok_or_else(|| CliError::Input(Missing(what).to_string()))
}

fn columns(line: &str) -> Vec<&str> {
    line.split('\t').map(str::trim).collect()
}

/// Runs one `doudizhu` subcommand.
pub fn run(command: &Command, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    match command {
        Command::Play(args) => return round::play(args, input, out),
        Command::Rules(args) => return crate::play::rules::<parlor_core::doudizhu::Config>(args, out),
        Command::Replay(args) => return round::replay(args, input, out),
        Command::Arena(args) => return crate::arena::command::<parlor_core::doudizhu::Match>(args, out),
        Command::Classify {
            cards: text,
            readings,
            common,
        } => {
            let preset = common.combination_rules()?;
            let answer = |text: &str| -> Result<String, String> {
                let set = cards(text)?;
                let found = classify(&set, &preset);
                Ok(if *readings {
                    ReadingList(&found).to_string()
                } else {
                    KindNames(&found).to_string()
                })
            };
            if common.batch {
                return batch::run(input, out, |line| answer(line.trim()));
            }
            let text = required(text.as_ref(), "the card set")?;
            writeln!(out, "{}", answer(text).map_err(CliError::Input)?)?;
        }
        Command::Beats { prev, play, common } => {
            let preset = common.combination_rules()?;
            let answer = |prev: &str, play: &str| -> Result<String, String> {
                let (prev_cards, play_cards) = (cards(prev)?, cards(play)?);
                let yes = beats(&prev_cards, &play_cards, &preset)
                    .map_err(|error| BeatsRefusal { previous: prev, error }.to_string())?;
                Ok(YesNo(yes).to_string())
            };
            if common.batch {
                return batch::run(input, out, |line| match columns(line).as_slice() {
                    [prev, play] => answer(prev, play),
                    _ => Err("expected two TAB-separated columns: previous play, play".to_owned()),
                });
            }
            let text = answer(
                required(prev.as_ref(), "the previous play")?,
                required(play.as_ref(), "the play")?,
            )
            .map_err(CliError::Input)?;
            writeln!(out, "{text}")?;
        }
        Command::Moves { hand, prev, common } => {
            let preset = common.combination_rules()?;
            let list = |hand: &str, prev: Option<&str>| -> Result<Vec<Cards>, String> {
                move_list(&cards(hand)?, &cards(prev.unwrap_or("-"))?, &preset)
            };
            if common.batch {
                return batch::run(input, out, |line| {
                    let cols = columns(line);
                    let found = match cols.as_slice() {
                        [hand] => list(hand, None)?,
                        [hand, prev] => list(hand, Some(prev))?,
                        _ => return Err("expected one or two TAB-separated columns: hand, previous play".to_owned()),
                    };
                    Ok(found.iter().map(Cards::to_string).collect::<Vec<_>>().join(" "))
                });
            }
            let found = list(required(hand.as_ref(), "the hand")?, prev.as_deref()).map_err(CliError::Input)?;
            for play in found {
                writeln!(out, "{play}")?;
            }
        }
        Command::Spring {
            landlord,
            first,
            second,
            judge,
            common,
        } => {
            let preset = common.combination_rules()?;
            let mut scratch = Box::new(Scratch::new());
            if *judge {
                return run_judge(input, out, &preset, &mut scratch);
            }
            if common.batch {
                return batch::run(input, out, |line| {
                    let cols = columns(line);
                    let (landlord, first, second) = match cols.as_slice() {
                        [l] => (*l, None, None),
                        [l, a] => (*l, Some(*a), None),
                        [l, a, b] => (*l, Some(*a), Some(*b)),
                        _ => return Err("expected one to three TAB-separated columns: landlord, peasants".to_owned()),
                    };
                    let plan = spring_case(landlord, first, second, &preset, &mut scratch)?;
                    Ok(SpringAnswer::one_line(plan.as_ref()).to_string())
                });
            }
            let landlord = required(landlord.as_ref(), "the landlord's hand")?;
            let plan = spring_case(landlord, first.as_deref(), second.as_deref(), &preset, &mut scratch)
                .map_err(CliError::Input)?;
            writeln!(out, "{}", SpringAnswer::lines(plan.as_ref()))?;
        }
        Command::MinPlays { hand, common } => {
            let preset = common.combination_rules()?;
            let mut scratch = Box::new(Scratch::new());
            let mut answer = |text: &str| -> Result<String, String> {
                let hand = cards(text)?;
                min_plays(&hand, &preset, &mut scratch)
                    .map(|n| n.to_string())
                    .map_err(|error| error.to_string())
            };
            if common.batch {
                return batch::run(input, out, |line| answer(line.trim()));
            }
            let text = answer(required(hand.as_ref(), "the hand")?).map_err(CliError::Input)?;
            writeln!(out, "{text}")?;
        }
    }
    Ok(())
}

/// `spring --judge`: the original judge's input (T, then per case the landlord's 20 cards and
/// the peasants' 17 each, whitespace-separated) to `Case k: Yes` / `Case k: No` lines.
fn run_judge(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    preset: &Preset,
    scratch: &mut Scratch,
) -> Result<(), CliError> {
    let mut text = String::new();
    input.read_to_string(&mut text)?;
    let mut tokens = text.split_whitespace();
    let first = tokens
        .next()
        .ok_or_else(|| CliError::Input("judge input: missing the number of cases".to_owned()))?;
    let count: usize = first.parse().map_err(|_| {
        CliError::Input(format!(
            "judge input: the first token must be the number of cases, not {}",
            quoted(first)
        ))
    })?;
    for case in 1..=count {
        let mut hand = |who: &str| -> Result<Cards, CliError> {
            let token = tokens
                .next()
                .ok_or_else(|| CliError::Input(format!("judge input: case {case}: missing the {who}'s hand")))?;
            cards(token).map_err(|error| CliError::Input(format!("judge input: case {case}: {error}")))
        };
        let landlord = hand("landlord")?;
        let first = hand("first peasant")?;
        let second = hand("second peasant")?;
        let plan = spring(&landlord, &Opponents::Both(first, second), preset, scratch)
            .map_err(|error| CliError::Input(format!("judge input: case {case}: {error}")))?;
        writeln!(
            out,
            "{}",
            JudgeAnswer {
                case,
                springs: plan.is_some()
            }
        )?;
    }
    Ok(())
}
