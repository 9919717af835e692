//! The `play`, `replay` and `rules` driver of every game, written once over
//! [`game::Round`](parlor_core::game::Round), [`game::Match`](parlor_core::game::Match) and
//! [`game::Rules`](parlor_core::game::Rules). Each game keeps only what is its own ([`Game`]):
//! the text of its log header, how it prints an action and its events, and its end lines.
//!
//! # The log (every game)
//!
//! ```text
//! <game> [preset P] [rule KEY=VALUE]... <deal>     # one round: the game's own deal words
//! <game> [preset P] [rule KEY=VALUE]... match <S>  # a whole match seeded S (dominoes: players N match S)
//! <seat> <action>                                  # one action per line, the game's notation
//! ```
//!
//! `#` starts a comment; blank lines are ignored. `preset` and `rule` words are written only when
//! the preset is not the game's default or a rule was set with `--rule`; `replay` reads them (and
//! without them takes `--preset`/`--rule` from its command line). A match log holds the rounds of
//! one match, each after its own header where the game writes one; it must end with the match
//! (a log cut before the end, or with rounds after it, is an error naming the line). A finished
//! match prints one summary line in every game:
//!
//! ```text
//! match: rounds 7, scores 61 38, winners 0
//! ```
//!
//! (the running scores per seat, or per team in Tichu and partnership dominoes; the winners are
//! the seats at first place).

use std::cell::RefCell;
use std::collections::VecDeque;
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::rc::Rc;

use parlor_core::game::bot::{AnyBot, Bot, BotSpec, BotSpecError, Lowest};
use parlor_core::game::search::Node;
use parlor_core::game::{Match, Rng, Rules, Search, Seat};

use crate::{CliError, quoted};

/// The options every game's `play` takes.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct PlayOptions {
    /// The seed of the deal (of the match) and of the bots.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Set a rule: `KEY=VALUE` (repeatable; `parlor <game> rules` lists the keys).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// Play a whole match instead of one round.
    #[arg(long = "match", conflicts_with = "rounds")]
    pub whole_match: bool,
    /// Play K single rounds (K at least 1), seeded as a match's rounds would be
    /// (`game::round_seed(seed, k)`).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    pub rounds: Option<u32>,
    /// The bots, one per seat, separated by commas: `random` (the game's seeded random player,
    /// the default), `lowest` (the first legal action), `greedy` (the game's greedy player),
    /// `search[:easy|normal|hard|<iterations>]` (the search bot).
    #[arg(long, value_delimiter = ',')]
    pub bots: Vec<String>,
    /// The bot whose choice a person's `hint` shows (`--bots`' syntax; default `search:hard`;
    /// with --human only).
    #[arg(long = "hint", value_name = "BOT", value_parser = parse_bot_spec, requires = "human")]
    pub hint: Option<BotSpec>,
    /// Play seat SEAT yourself: the screen shows what that seat may see, you type the actions.
    #[arg(long, value_name = "SEAT", conflicts_with = "rounds")]
    pub human: Option<u8>,
    /// Also write the log to this file.
    #[arg(long)]
    pub log: Option<std::path::PathBuf>,
    /// A person's screen in plain text on a terminal too: no colour and no card or tile symbols
    /// (also when the environment variable NO_COLOR is set and not empty).
    #[arg(long)]
    pub plain: bool,
}

/// The options every game's `replay` takes.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ReplayOptions {
    /// The rules preset, when the log's header names none.
    #[arg(long)]
    pub preset: Option<String>,
    /// Set a rule: `KEY=VALUE` (repeatable), when the log's header sets none.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// The log file, or `-` (or nothing) for standard input.
    pub file: Option<String>,
}

/// Options of `parlor <game> rules`.
#[derive(Debug, Clone, clap::Args)]
pub struct RulesArgs {
    /// The preset whose values are listed (default: the game's first preset).
    #[arg(long)]
    pub preset: Option<String>,
    /// Set a rule before listing: `KEY=VALUE` (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
}

/// What one game brings to the driver: its log's words and lines. Everything else (the loop,
/// bots, matches, rule words, summary lines, errors naming the line) is [`play`] and
/// [`replay`].
pub trait Game: Search + 'static {
    /// The game's match.
    type Match: Match<Round = Self>;
    /// The game's seeded random player (`--bots random`, the default: one for the whole
    /// table, seeded with `--seed`).
    type Random: Bot<Self>;

    /// The game's random player seeded `seed`.
    fn random(seed: u64) -> Self::Random;

    /// The game's greedy player seeded `seed` (its search playout policy, `game::Search`).
    fn greedy(seed: u64) -> Option<Box<dyn Bot<Self>>> {
        Some(Box::new(<Self as Search>::playout(seed)))
    }

    /// The deal words of a single round seeded `seed` (after `<game> `): `seed 7`.
    fn seed_words(config: &Self::Config, seed: u64) -> String {
        let _ = config;
        format!("seed {seed}")
    }

    /// The deal words of a match seeded `seed`: `match 7`.
    fn match_words(config: &Self::Config, seed: u64) -> String {
        let _ = config;
        format!("match {seed}")
    }

    /// The config and seed of match deal words, `None` when the words are no match header.
    fn parse_match(words: &[&str], config: &Self::Config) -> Option<Result<(Self::Config, u64), String>> {
        match words {
            ["match", seed] => Some(
                seed.parse::<u64>()
                    .map(|seed| (config.clone(), seed))
                    .map_err(|_| format!("{} is no seed (an integer)", quoted(seed))),
            ),
            _ => None,
        }
    }

    /// The header line (after `<game> `) written before round `k` of a match seeded `seed`,
    /// whose round is `round`; `None` when the game writes none.
    fn round_words(round: &Self, seed: u64, k: u32) -> Option<String>;

    /// The round of a header's deal words (after the game's name and any preset and rule
    /// words), or a message naming what is wrong.
    fn parse_deal(words: &[&str], config: &Self::Config) -> Result<Self, String>;

    /// The log line of `seat`'s `action` on `round` (before it is applied).
    fn log_line(round: &Self, seat: Seat, action: Self::Action) -> String {
        let _ = round;
        format!("{seat} {action}")
    }

    /// What `play` prints after the log line (the events it shows; empty by default).
    fn play_events(event: &Self::Event) -> String {
        let _ = event;
        String::new()
    }

    /// What `replay` prints for an applied action (`before` is the round it was applied to).
    fn replay_line(before: &Self, seat: Seat, action: Self::Action, event: &Self::Event) -> String;

    /// An action line read: the seat, the action and what follows it (the annotation `play`
    /// wrote, empty when none).
    fn parse_line(round: &Self, line: &str) -> Result<(Seat, Self::Action, String), String>;

    /// Whether an annotation written after the action matches the event; the message when not.
    fn check_annotation(
        before: &Self,
        seat: Seat,
        action: Self::Action,
        event: &Self::Event,
        annotation: &str,
    ) -> Result<(), String> {
        let shown = Self::play_events(event);
        if annotation.is_empty() || annotation == shown.trim_start() {
            Ok(())
        } else {
            Err(format!(
                "{} is followed by {}, not {}",
                quoted(&Self::log_line(before, seat, action)),
                quoted(shown.trim_start()),
                quoted(annotation)
            ))
        }
    }

    /// The message of an action the round refused (`line` is the log line).
    fn refusal(round: &Self, line: &str, seat: Seat, action: Self::Action, error: Self::Error) -> String {
        let _ = (round, seat, action);
        format!("{}: {error}", quoted(line))
    }

    /// The lines printed when round `k` ends with `outcome` (`finished`: the round as it
    /// ended, when the driver has it).
    fn end_lines(outcome: &Self::Outcome, k: u32, finished: Option<&Self>, options: &Extras) -> Vec<String>;

    /// Lines a person's screen shows when a round ends, after its end lines: what the table
    /// turns face up then (Mahjong: each winner's hand with its yaku and dora; the tenpai hands
    /// of an exhaustive draw). Never written to a log. `finished` is the round as it ended.
    fn reveal_lines(outcome: &Self::Outcome, finished: &Self) -> Vec<String> {
        let _ = (outcome, finished);
        Vec::new()
    }

    /// Lines after a single round's end lines (Mahjong's `scores:`).
    fn single_tail(outcome: &Self::Outcome) -> Vec<String> {
        let _ = outcome;
        Vec::new()
    }

    /// Lines after a match's last end lines, before the `match:` line (Mahjong's `scores:`).
    fn match_tail(game: &Self::Match) -> Vec<String> {
        let _ = game;
        Vec::new()
    }

    /// Lines after a log of several single rounds (Dou Dizhu's `total:`), from the per-seat sums.
    fn rounds_tail(totals: &[i64]) -> Vec<String> {
        let _ = totals;
        Vec::new()
    }

    /// The line a person at seat `viewer` sees for `seat`'s `action` (applied to `before`): by
    /// default the log line and the events `play` prints; a game whose log names a card the
    /// viewer may not see (a card passed face down, a tile another seat drew) hides it.
    fn public_line(before: &Self, seat: Seat, action: Self::Action, event: &Self::Event, viewer: Seat) -> String {
        let _ = viewer;
        format!("{}{}", Self::log_line(before, seat, action), Self::play_events(event))
    }

    /// The action `hint` suggests to a person at `seat`: bot `spec`'s choice (`--hint`, by
    /// default `search:hard`), seeded by the seat; the first legal action when the bot has none
    /// for the seat in turn.
    fn hint(round: &Self, seat: Seat, spec: BotSpec) -> Option<Self::Action> {
        let mut nodes = vec![Node::EMPTY; spec.nodes::<Self>()];
        let choice = AnyBot::new(spec, u64::from(seat.0), &mut nodes).choose(round, seat);
        match choice {
            None if round.to_act() == Some(seat) => parlor_core::game::bot::lowest_legal_action(round, seat),
            choice => choice,
        }
    }

    /// An action of `seat` as a person's list shows it (by default its log notation).
    fn describe(round: &Self, seat: Seat, action: Self::Action) -> String {
        let _ = (round, seat);
        action.to_string()
    }

    /// A line of the person's screen with the game's symbols (only on a terminal).
    fn pretty(line: &str) -> String {
        line.to_owned()
    }

    /// What the person's `help` says about the game's card or tile letters (one line).
    const LEGEND: &'static str;

    /// Whether a line starting with `word` is a summary line `play` prints (checked by replay).
    fn is_summary(word: &str) -> bool;

    /// The message of a summary line that is not the one the replay computes.
    fn summary_mismatch(want: &str, line: &str) -> String {
        format!("the replay computes {}, not {}", quoted(want), quoted(line))
    }

    /// Whether the log written by `--log` is all `play` prints (otherwise the headers and action
    /// lines only).
    const LOG_IS_PRINTED: bool;
    /// Whether the line number of a log that ends too early is the one after the file's last
    /// line (dominoes) rather than its last line that holds something.
    const ENDS_AFTER_LAST_LINE: bool = false;
    /// Whether `replay` prints the header lines it reads.
    const ECHO_HEADER: bool;
    /// The noun of a round in messages: `hand`, `round`, `deal`.
    const ROUND: &'static str;
    /// The message of a log whose first line is no header.
    const NO_HEADER: &'static str;
    /// A hint added to the message of a log that is no text log when its first bytes look
    /// like another format `replay --format` reads (`--format bsw` for a Brettspielwelt log).
    fn other_format(_start: &[u8]) -> Option<&'static str> {
        None
    }
    /// The message of a round log that ends before the round does (default: `the log ends
    /// before the <round> is over`).
    const ENDS_EARLY: Option<&'static str> = None;
    /// The message of a log that holds nothing.
    const EMPTY: &'static str;
}

/// Game-specific options the driver passes through (dominoes' `--layout`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Extras {
    /// Print each finished hand's layout picture (dominoes).
    pub layout: bool,
}

/// The config of `preset` (default: the game's first) with `rules` set; the message names the
/// bad preset, key or value.
pub fn config_of<C: Rules>(preset: Option<&str>, rules: &[String]) -> Result<C, String> {
    let mut config = match preset {
        None => C::PRESETS
            .first()
            .map(|(_, c)| c.clone())
            .ok_or("the game has no preset")?,
        Some(name) => C::preset(name).ok_or_else(|| {
            let names: Vec<&str> = C::PRESETS.iter().map(|(n, _)| *n).collect();
            format!("unknown preset {} ({})", quoted(name), names.join(", "))
        })?,
    };
    for rule in rules {
        set_rule(&mut config, rule)?;
    }
    Ok(config)
}

/// Sets one `KEY=VALUE`; the message names the key or the value and what it takes.
pub fn set_rule<C: Rules>(config: &mut C, rule: &str) -> Result<(), String> {
    let Some((key, value)) = rule.split_once('=') else {
        return Err(format!("--rule {}: expected KEY=VALUE", quoted(rule)));
    };
    config.set(key, value).map_err(|error| match error {
        parlor_core::game::RuleError::UnknownKey => {
            let keys: Vec<&str> = C::KEYS.iter().map(|k| k.name).collect();
            format!("--rule: unknown rule key {} (keys: {})", quoted(key), keys.join(", "))
        }
        parlor_core::game::RuleError::BadValue => {
            let values = C::KEYS.iter().find(|k| k.name == key).map_or("?", |k| k.values);
            format!("--rule: {} is no value of {key} ({values})", quoted(value))
        }
    })
}

/// The value of `key` in `config` as `--rule` takes it.
fn value_of<C: Rules>(config: &C, key: &str) -> String {
    let mut text = String::new();
    if config.write_value(key, &mut text).is_err() {
        text.push('?');
    }
    text
}

/// `parlor <game> rules`: one line per key: `KEY=VALUE  (VALUES; default D)  what it does`.
pub fn rules<C: Rules>(args: &RulesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let base: C = config_of(args.preset.as_deref(), &[]).map_err(CliError::Input)?;
    let config: C = config_of(args.preset.as_deref(), &args.rules).map_err(CliError::Input)?;
    let preset = args
        .preset
        .clone()
        .or_else(|| C::PRESETS.first().map(|(n, _)| (*n).to_owned()))
        .unwrap_or_default();
    let width = C::KEYS
        .iter()
        .map(|k| k.name.len() + 1 + value_of(&config, k.name).len())
        .max()
        .unwrap_or(0);
    let mut text = String::new();
    let _ = writeln!(text, "# preset {preset}; presets: {}", preset_names::<C>());
    for key in C::KEYS {
        let pair = format!("{}={}", key.name, value_of(&config, key.name));
        let _ = writeln!(
            text,
            "{pair:width$}  ({}; default {})  {}",
            key.values,
            value_of(&base, key.name),
            key.doc
        );
    }
    out.write_all(text.as_bytes())?;
    Ok(())
}

fn preset_names<C: Rules>() -> String {
    C::PRESETS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
}

/// The `preset P` and `rule K=V` words of a header (empty for the default preset, no rules).
pub fn rule_words<C: Rules>(preset: Option<&str>, rules: &[String]) -> String {
    let mut words = String::new();
    let default = C::PRESETS.first().map(|(n, _)| *n);
    if let Some(p) = preset.filter(|p| Some(*p) != default) {
        let _ = write!(words, " preset {p}");
    }
    for rule in rules {
        let _ = write!(words, " rule {rule}");
    }
    words
}

/// A seat's player at a table of bots.
pub(crate) enum Player<G: Game> {
    /// A person (`--human`): never answers for the bots' step.
    Person,
    /// The game's random player, one for the whole table (so the default table plays as it
    /// always did).
    Random(Rc<RefCell<G::Random>>),
    /// The first legal action.
    Lowest,
    /// The game's greedy player.
    Greedy(Box<dyn Bot<G>>),
    /// The search bot of a spec: its tree's nodes, and the generator seeding each choice.
    Search {
        spec: BotSpec,
        nodes: Vec<Node<G::Action>>,
        rng: Rng,
    },
}

impl<G: Game> Player<G> {
    /// The player's choice (`None` for a person).
    pub(crate) fn pick(&mut self, round: &G, seat: Seat) -> Option<G::Action> {
        match self {
            Player::Person => None,
            Player::Random(bot) => bot.borrow_mut().choose(round, seat),
            Player::Lowest => Lowest.choose(round, seat),
            Player::Greedy(bot) => bot.choose(round, seat),
            Player::Search { spec, nodes, rng } => AnyBot::new(*spec, rng.next_u64(), nodes).choose(round, seat),
        }
    }
}

impl<G: Game> Bot<G> for Player<G> {
    fn choose(&mut self, round: &G, seat: Seat) -> Option<G::Action> {
        self.pick(round, seat)
    }
}

/// A `--bots` entry or `--hint` value as a [`BotSpec`] (the error names the text and the syntax).
pub(crate) fn parse_bot_spec(text: &str) -> Result<BotSpec, String> {
    text.parse::<BotSpec>().map_err(|e| match e {
        BotSpecError::UnknownBot => format!("unknown bot {} (expected {})", quoted(text), BotSpec::SYNTAX),
        BotSpecError::UnknownLevel => format!(
            "unknown search level in {} (expected easy, normal, hard or an iteration count)",
            quoted(text)
        ),
    })
}

/// The players of `specs` (empty: random everywhere), one per seat of a `seats` table; seat `s`'s
/// greedy or search bot is seeded `game::round_seed(seed, s)`.
pub(crate) fn players<G: Game>(specs: &[String], seats: usize, seed: u64) -> Result<Vec<Player<G>>, String> {
    if !specs.is_empty() && specs.len() != seats {
        let bots = if specs.len() == 1 { "bot" } else { "bots" };
        return Err(format!(
            "--bots: {} {bots} for {seats} seats (one per seat)",
            specs.len()
        ));
    }
    let shared = Rc::new(RefCell::new(G::random(seed)));
    (0..seats)
        .map(|seat| {
            let text = specs.get(seat).map_or("random", String::as_str);
            let spec = parse_bot_spec(text).map_err(|e| format!("--bots: {e}"))?;
            let seat_seed = parlor_core::game::round_seed(seed, u32::try_from(seat).unwrap_or(0));
            match spec {
                BotSpec::Random => Ok(Player::Random(Rc::clone(&shared))),
                BotSpec::Lowest => Ok(Player::Lowest),
                BotSpec::Greedy => G::greedy(seat_seed)
                    .map(Player::Greedy)
                    .ok_or_else(|| format!("--bots: {} has no greedy bot", G::GAME.name())),
                BotSpec::Search(_) | BotSpec::SearchIterations(_) => Ok(Player::Search {
                    spec,
                    nodes: vec![Node::EMPTY; spec.nodes::<G>()],
                    rng: Rng::new(seat_seed),
                }),
            }
        })
        .collect()
}

/// The `match:` line of a finished match: `match: rounds N, scores a b …, winners s …`.
pub fn match_line<M: Match>(game: &M) -> String {
    let winners: Vec<String> = game
        .result()
        .map(|placement| placement.winners().map(|seat| seat.to_string()).collect())
        .unwrap_or_default();
    format!(
        "match: rounds {}, scores {}, winners {}",
        game.rounds_played(),
        game.scores(),
        if winners.is_empty() {
            "none".to_owned()
        } else {
            winners.join(" ")
        }
    )
}

fn internal(what: &str) -> CliError {
    CliError::Input(format!("internal: {what}"))
}

/// What `play` writes: the printed text and the log.
#[derive(Default)]
struct Written {
    printed: String,
    log: String,
}

impl Written {
    fn both(&mut self, line: &str) {
        self.printed.push_str(line);
        self.printed.push('\n');
        self.log.push_str(line);
        self.log.push('\n');
    }

    fn printed(&mut self, line: &str) {
        self.printed.push_str(line);
        self.printed.push('\n');
    }
}

/// `parlor <game> play` with bots (the person's seat is [`crate::human`]): a round, K rounds
/// or a match; prints the log with the game's events and end lines.
pub fn play<G: Game>(
    config: &G::Config,
    words: &str,
    options: &PlayOptions,
    extras: &Extras,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let probe = G::seeded(config, options.seed).map_err(|e| CliError::Input(e.to_string()))?;
    let seats = usize::from(probe.seats());
    let mut bots = players::<G>(&options.bots, seats, options.seed).map_err(CliError::Input)?;
    let mut written = Written::default();
    let game = G::GAME.name();
    if options.whole_match {
        let mut table = G::Match::new(config, options.seed).map_err(|e| CliError::Input(e.to_string()))?;
        written.both(&format!("{game}{words} {}", G::match_words(config, options.seed)));
        let mut k = 0u32;
        let mut fresh = true;
        while !table.is_over() {
            if fresh {
                if let Some(header) = G::round_words(table.round(), options.seed, k) {
                    written.both(&format!("{game} {header}"));
                }
                fresh = false;
            }
            let (seat, action) =
                parlor_core::game::bot::step(table.round(), &mut bots).ok_or_else(|| internal("no seat can act"))?;
            let line = G::log_line(table.round(), seat, action);
            // Only for a picture of the finished round (dominoes' --layout).
            let before = extras.layout.then(|| table.round().clone());
            let step = table
                .apply(seat, action)
                .map_err(|e| internal(&format!("a bot's action was refused: {e}")))?;
            written.log.push_str(&line);
            written.log.push('\n');
            written.printed(&format!("{line}{}", G::play_events(&step.event)));
            if let Some(outcome) = step.finished {
                let finished = before.and_then(|mut r| r.apply(seat, action).ok().map(|_| r));
                for end in G::end_lines(&outcome, k, finished.as_ref(), extras) {
                    written.printed(&end);
                }
                k = k.saturating_add(1);
                fresh = true;
            }
        }
        for tail in G::match_tail(&table) {
            written.printed(&tail);
        }
        written.printed(&match_line(&table));
    } else {
        let count = options.rounds.unwrap_or(1);
        let mut totals = vec![0i64; seats];
        for k in 0..count {
            let seed = if options.rounds.is_some() {
                parlor_core::game::round_seed(options.seed, k)
            } else {
                options.seed
            };
            let mut round = G::seeded(config, seed).map_err(|e| CliError::Input(e.to_string()))?;
            written.both(&format!("{game}{words} {}", G::seed_words(config, seed)));
            while let Some((seat, action)) = parlor_core::game::bot::step(&round, &mut bots) {
                let line = G::log_line(&round, seat, action);
                let event = round
                    .apply(seat, action)
                    .map_err(|e| internal(&format!("a bot's action was refused: {e}")))?;
                written.log.push_str(&line);
                written.log.push('\n');
                written.printed(&format!("{line}{}", G::play_events(&event)));
            }
            let outcome = round.outcome().ok_or_else(|| internal("the round did not end"))?;
            for end in G::end_lines(&outcome, 0, Some(&round), extras) {
                written.printed(&end);
            }
            for tail in G::single_tail(&outcome) {
                written.printed(&tail);
            }
            for (total, score) in totals.iter_mut().zip(G::outcome_scores(&outcome).as_slice()) {
                *total = total.saturating_add(i64::from(*score));
            }
        }
        if count > 1 {
            for tail in G::rounds_tail(&totals) {
                written.printed(&tail);
            }
        }
    }
    if let Some(path) = &options.log {
        let log = if G::LOG_IS_PRINTED {
            &written.printed
        } else {
            &written.log
        };
        std::fs::write(path, log).map_err(|e| CliError::Input(format!("cannot write {}: {e}", path.display())))?;
    }
    out.write_all(written.printed.as_bytes())?;
    Ok(())
}

/// Reads a log from `file` (`None` or `-`: `input`) as bytes.
pub fn read_log(file: Option<&str>, input: &mut dyn BufRead) -> Result<Vec<u8>, CliError> {
    match file {
        None | Some("-") => {
            let mut bytes = Vec::new();
            input.read_to_end(&mut bytes)?;
            Ok(bytes)
        }
        Some(path) => std::fs::read(path).map_err(|e| CliError::Input(format!("cannot read {path}: {e}"))),
    }
}

/// What a log plays.
enum Table<G: Game> {
    /// One round (or one of several single rounds).
    Round(G),
    /// A whole match seeded `seed`: `header` is the header its next round must have (`None`
    /// once read, or when the game writes none).
    Match {
        game: Box<G::Match>,
        seed: u64,
        header: Option<String>,
    },
}

impl<G: Game> Table<G> {
    fn round(&self) -> &G {
        match self {
            Table::Round(round) => round,
            Table::Match { game, .. } => game.round(),
        }
    }

    fn over(&self) -> bool {
        match self {
            Table::Round(round) => round.outcome().is_some(),
            Table::Match { game, .. } => game.is_over(),
        }
    }
}

/// The lines of a log, each decoded alone so that a bad byte names its line.
pub fn log_lines(bytes: &[u8]) -> impl Iterator<Item = (usize, Result<&str, String>)> {
    // A byte order mark (a log saved by a Windows editor) is no part of the header.
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let mut lines: Vec<&[u8]> = bytes.split(|b| *b == b'\n').collect();
    if bytes.ends_with(b"\n") {
        lines.pop();
    }
    lines.into_iter().enumerate().map(|(index, line)| {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        (
            index + 1,
            std::str::from_utf8(line).map_err(|e| format!("not UTF-8 (byte {} of the line)", e.valid_up_to() + 1)),
        )
    })
}

/// Splits a header's words after the game name into the config (preset and rule words read)
/// and the deal words.
fn header_config<'a, G: Game>(words: &'a [&'a str], base: &G::Config) -> Result<(G::Config, &'a [&'a str]), String> {
    let mut rest = words;
    let mut config = base.clone();
    if let ["preset", name, tail @ ..] = rest {
        config = config_of(Some(name), &[])?;
        rest = tail;
    }
    while let ["rule", rule, tail @ ..] = rest {
        set_rule(&mut config, rule)?;
        rest = tail;
    }
    Ok((config, rest))
}

/// Whether a line starting with `word` is a summary line (the game's, or `match:`).
fn summary<G: Game>(word: &str) -> bool {
    word == "match:" || G::is_summary(word)
}

/// `parlor <game> replay`: replays `bytes` under `base` (the command line's preset and rules,
/// which a header's own words replace); prints what the game prints.
pub fn replay<G: Game>(bytes: &[u8], base: &G::Config, extras: &Extras, out: &mut dyn Write) -> Result<(), CliError> {
    let mut printed = String::new();
    let result = replay_into::<G>(bytes, base, extras, &mut printed);
    out.write_all(printed.as_bytes())?;
    result.map_err(|(line, what)| CliError::Exact(format!("error: line {line}: {what}")))
}

/// [`replay`] into a string; a bad line is `Err((line number, what is wrong))`.
pub fn replay_into<G: Game>(
    bytes: &[u8],
    base: &G::Config,
    extras: &Extras,
    printed: &mut String,
) -> Result<(), (usize, String)> {
    let game_name = G::GAME.name();
    let round_noun = G::ROUND;
    let mut table: Option<Table<G>> = None;
    let mut expected: VecDeque<String> = VecDeque::new();
    let mut last = 0usize;
    let mut last_any = 0usize;
    let mut singles = 0u32;
    let mut expected_tail: Vec<String> = Vec::new();
    let mut totals: Vec<i64> = Vec::new();
    let mut k = 0u32;
    // A record of another format read as a text log: its first line says so.
    let hinted = |what: String| match G::other_format(bytes) {
        Some(hint) => format!("{what} ({hint})"),
        None => what,
    };
    for (n, line) in log_lines(bytes) {
        last_any = n;
        let raw = line.map_err(|what| (n, if table.is_none() { hinted(what) } else { what }))?;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        last = n;
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&game_name) {
            let rest = words.get(1..).unwrap_or(&[]);
            if let Some(Table::Match { header, game, .. }) = table.as_mut() {
                if game.is_over() {
                    return Err((n, format!("a new {round_noun} after the end of the match")));
                }
                match header.take() {
                    Some(want) if want == words.join(" ") => {
                        if G::ECHO_HEADER {
                            let _ = writeln!(printed, "{}", words.join(" "));
                        }
                        continue;
                    }
                    Some(want) => return Err((n, format!("the match deals {}, not {}", quoted(&want), quoted(line)))),
                    None => {
                        return Err((n, format!("a new header before the {round_noun} is over")));
                    }
                }
            }
            if table.as_ref().is_some_and(|t| !t.over()) {
                return Err((n, format!("a new header before the {round_noun} is over")));
            }
            let (config, deal) = header_config::<G>(rest, base).map_err(|e| (n, e))?;
            if let Some(parsed) = G::parse_match(deal, &config) {
                if table.is_some() {
                    return Err((n, "a match header after a round (one match per log)".to_owned()));
                }
                let (config, seed) = parsed.map_err(|e| (n, e))?;
                let game = G::Match::new(&config, seed).map_err(|e| (n, e.to_string()))?;
                let header = G::round_words(game.round(), seed, 0).map(|w| format!("{game_name} {w}"));
                table = Some(Table::Match {
                    game: Box::new(game),
                    seed,
                    header,
                });
            } else {
                table = Some(Table::Round(G::parse_deal(deal, &config).map_err(|e| (n, e))?));
            }
            expected.clear();
            if G::ECHO_HEADER {
                let _ = writeln!(printed, "{}", words.join(" "));
            }
            continue;
        }
        let Some(current) = table.as_mut() else {
            return Err((n, hinted(G::NO_HEADER.to_owned())));
        };
        if words.first().is_some_and(|w| summary::<G>(w)) {
            // What `play` prints after a round (its end lines, the match line) is checked.
            match expected.pop_front() {
                Some(want) if want == words.join(" ") => continue,
                Some(want) => return Err((n, G::summary_mismatch(&want, line))),
                None if current.over() => {
                    return Err((
                        n,
                        format!("{} is not what play prints after this {round_noun}", quoted(line)),
                    ));
                }
                None => return Err((n, format!("{} before the {round_noun} is over", quoted(words[0])))),
            }
        }
        // The end lines are optional (a log written by `--log` has none).
        expected.clear();
        if current.over() {
            return Err((
                n,
                match current {
                    Table::Match { .. } => "the match is over".to_owned(),
                    Table::Round(_) => format!("the {round_noun} is over: expected a new header"),
                },
            ));
        }
        if let Table::Match { header: Some(want), .. } = current {
            return Err((n, format!("expected the header {}", quoted(want))));
        }
        let (seat, action, annotation) = G::parse_line(current.round(), line).map_err(|e| (n, e))?;
        let before = current.round().clone();
        let (event, finished, finished_round) = match current {
            Table::Round(round) => {
                let event = round
                    .apply(seat, action)
                    .map_err(|e| (n, G::refusal(&before, line, seat, action, e)))?;
                (event, round.outcome(), Some(round.clone()))
            }
            Table::Match { game, seed, header } => {
                let step = game
                    .apply(seat, action)
                    .map_err(|e| (n, G::refusal(&before, line, seat, action, e)))?;
                let mut finished_round = None;
                if step.finished.is_some() && !step.match_over {
                    *header =
                        G::round_words(game.round(), *seed, k.saturating_add(1)).map(|w| format!("{game_name} {w}"));
                }
                if step.finished.is_some() && extras.layout {
                    // Only for a picture of the finished round (dominoes' --layout).
                    let mut r = before.clone();
                    finished_round = r.apply(seat, action).ok().map(|_| r);
                }
                (step.event, step.finished, finished_round)
            }
        };
        G::check_annotation(&before, seat, action, &event, &annotation).map_err(|e| (n, e))?;
        let _ = writeln!(printed, "{}", G::replay_line(&before, seat, action, &event));
        if let Some(outcome) = finished {
            let mut lines = G::end_lines(&outcome, k, finished_round.as_ref(), extras);
            match table.as_ref() {
                Some(Table::Match { game, .. }) => {
                    k = k.saturating_add(1);
                    if game.is_over() {
                        lines.extend(G::match_tail(game));
                        lines.push(match_line(game.as_ref()));
                    }
                }
                _ => {
                    lines.extend(G::single_tail(&outcome));
                    singles = singles.saturating_add(1);
                    let scores = G::outcome_scores(&outcome);
                    totals.resize(totals.len().max(scores.len()), 0);
                    for (total, score) in totals.iter_mut().zip(scores.as_slice()) {
                        *total = total.saturating_add(i64::from(*score));
                    }
                    if singles > 1 {
                        // What `play --rounds K` prints after the last round (checked, printed
                        // once at the end).
                        expected_tail = G::rounds_tail(&totals);
                    }
                }
            }
            for end in &lines {
                let _ = writeln!(printed, "{end}");
            }
            expected = lines
                .into_iter()
                .chain(expected_tail.drain(..))
                .filter(|l| l.split_whitespace().next().is_some_and(summary::<G>))
                .collect();
        }
    }
    let end = if G::ENDS_AFTER_LAST_LINE {
        last_any.saturating_add(1)
    } else {
        last.max(1)
    };
    match table {
        None => Err((last.max(1), G::EMPTY.to_owned())),
        Some(Table::Match { game, .. }) if !game.is_over() => {
            Err((end, "the log ends before the match is over".to_owned()))
        }
        Some(Table::Round(round)) if round.outcome().is_none() => Err((
            end,
            G::ENDS_EARLY.map_or_else(
                || format!("the log ends before the {round_noun} is over"),
                str::to_owned,
            ),
        )),
        Some(_) => {
            if singles > 1 {
                for tail in G::rounds_tail(&totals) {
                    let _ = writeln!(printed, "{tail}");
                }
            }
            Ok(())
        }
    }
}
