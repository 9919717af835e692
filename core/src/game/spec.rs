//! Bot specs, parsed once for every game — `lowest`, `random`, `greedy`, `search[:easy|normal|hard]`
//! — and [`AnyBot`], the one bot type that plays any of them in any game (the CLI's `--bots` and
//! the C ABI's bot codes).

use core::fmt;
use core::str::FromStr;

use super::bot::{Bot, Lowest, Uniform};
use super::search::{Level, MAX_NODES, Node, SearchBot};
use super::{Round, Search, Seat};

/// Which bot: what `--bots` lists, one per seat.
///
/// ```
/// use parlor_core::game::bot::BotSpec;
/// use parlor_core::game::search::Level;
/// assert_eq!("search:hard".parse(), Ok(BotSpec::Search(Level::Hard)));
/// assert_eq!("search".parse(), Ok(BotSpec::Search(Level::Normal)));
/// assert_eq!(BotSpec::Greedy.to_string(), "greedy");
/// assert!("search:insane".parse::<BotSpec>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BotSpec {
    /// The first legal action ([`Lowest`]).
    Lowest,
    /// A uniformly random legal action ([`Uniform`]).
    Random,
    /// The game's greedy bot, its playout policy ([`Search::Playout`]).
    Greedy,
    /// The search bot at a level ([`SearchBot`]); `search` alone is [`Level::Normal`].
    Search(Level),
    /// The search bot with its own iteration budget, `search:<iterations>` (for measuring: its
    /// tree may use up to [`MAX_NODES`](super::search::MAX_NODES) nodes, past the levels' 32 KiB).
    SearchIterations(u32),
}

impl BotSpec {
    /// Every spec, in the order the help text lists them.
    pub const ALL: [BotSpec; 6] = [
        BotSpec::Lowest,
        BotSpec::Random,
        BotSpec::Greedy,
        BotSpec::Search(Level::Easy),
        BotSpec::Search(Level::Normal),
        BotSpec::Search(Level::Hard),
    ];

    /// The syntax every spec is written in, for help and error texts.
    pub const SYNTAX: &'static str = "lowest, random, greedy or search[:easy|normal|hard|<iterations>]";

    /// The nodes this bot's search can use in `R`'s game ([`Level::nodes`]); 0 for a bot that does
    /// not search.
    #[must_use]
    pub const fn nodes<R: Search>(self) -> usize {
        match self {
            BotSpec::Search(level) => level.nodes::<R>(),
            BotSpec::SearchIterations(iterations) => {
                let wanted = (iterations as usize).saturating_add(1);
                if wanted < MAX_NODES { wanted } else { MAX_NODES }
            }
            _ => 0,
        }
    }
}

impl fmt::Display for BotSpec {
    /// The spec as it parses back: `lowest`, `random`, `greedy`, `search:<level>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Lowest => f.write_str("lowest"),
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy => f.write_str("greedy"),
            BotSpec::Search(level) => write!(f, "search:{level}"),
            BotSpec::SearchIterations(iterations) => write!(f, "search:{iterations}"),
        }
    }
}

/// Why a text is not a [`BotSpec`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BotSpecError {
    /// The bot's name is none of `lowest`, `random`, `greedy`, `search`.
    UnknownBot,
    /// `search:` followed by something other than `easy`, `normal`, `hard` or an iteration count.
    UnknownLevel,
}

impl BotSpecError {
    /// The wording of [`BotSpecError::UnknownBot`].
    pub const UNKNOWN_BOT: &'static str =
        "unknown bot (expected lowest, random, greedy or search[:easy|normal|hard|<iterations>])";
    /// The wording of [`BotSpecError::UnknownLevel`].
    pub const UNKNOWN_LEVEL: &'static str = "unknown search level (expected easy, normal, hard or an iteration count)";
}

impl fmt::Display for BotSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BotSpecError::UnknownBot => BotSpecError::UNKNOWN_BOT,
            BotSpecError::UnknownLevel => BotSpecError::UNKNOWN_LEVEL,
        })
    }
}

impl core::error::Error for BotSpecError {}

impl FromStr for BotSpec {
    type Err = BotSpecError;

    fn from_str(text: &str) -> Result<BotSpec, BotSpecError> {
        let (name, level) = match text.split_once(':') {
            Some((name, level)) => (name, Some(level)),
            None => (text, None),
        };
        match (name, level) {
            ("lowest", None) => Ok(BotSpec::Lowest),
            ("random", None) => Ok(BotSpec::Random),
            ("greedy", None) => Ok(BotSpec::Greedy),
            ("search", None) => Ok(BotSpec::Search(Level::Normal)),
            ("search", Some(level)) => match Level::from_name(level) {
                Some(level) => Ok(BotSpec::Search(level)),
                // Digits only (no sign, no spaces), as the spec prints.
                None if !level.is_empty() && level.bytes().all(|b| b.is_ascii_digit()) => level
                    .parse()
                    .map(BotSpec::SearchIterations)
                    .map_err(|_| BotSpecError::UnknownLevel),
                None => Err(BotSpecError::UnknownLevel),
            },
            _ => Err(BotSpecError::UnknownBot),
        }
    }
}

/// Any bot of a [`BotSpec`] in `R`'s game: one type for a table of mixed bots. The search bot's
/// tree lives in the caller's `nodes` (give it [`BotSpec::nodes`] of them).
pub enum AnyBot<'n, R: Search> {
    /// [`BotSpec::Lowest`].
    Lowest(Lowest),
    /// [`BotSpec::Random`].
    Random(Uniform),
    /// [`BotSpec::Greedy`].
    Greedy(R::Playout),
    /// [`BotSpec::Search`].
    Search(SearchBot<'n, R>),
}

impl<'n, R: Search> AnyBot<'n, R> {
    /// The bot of `spec`, its choices seeded by `seed`; a search bot keeps its tree in `nodes`
    /// (the other bots ignore them).
    #[must_use]
    pub fn new(spec: BotSpec, seed: u64, nodes: &'n mut [Node<R::Action>]) -> AnyBot<'n, R> {
        match spec {
            BotSpec::Lowest => AnyBot::Lowest(Lowest),
            BotSpec::Random => AnyBot::Random(Uniform::new(seed)),
            BotSpec::Greedy => AnyBot::Greedy(R::playout(seed)),
            BotSpec::Search(level) => AnyBot::Search(SearchBot::with_level(level, nodes, seed)),
            BotSpec::SearchIterations(iterations) => AnyBot::Search(SearchBot::new(iterations, nodes, seed)),
        }
    }
}

impl<R: Search> Bot<R> for AnyBot<'_, R> {
    fn choose(&mut self, round: &R, seat: Seat) -> Option<<R as Round>::Action> {
        match self {
            AnyBot::Lowest(bot) => bot.choose(round, seat),
            AnyBot::Random(bot) => bot.choose(round, seat),
            AnyBot::Greedy(bot) => bot.choose(round, seat),
            AnyBot::Search(bot) => bot.choose(round, seat),
        }
    }
}

impl<R: Search> fmt::Debug for AnyBot<'_, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AnyBot::Lowest(_) => "AnyBot::Lowest",
            AnyBot::Random(_) => "AnyBot::Random",
            AnyBot::Greedy(_) => "AnyBot::Greedy",
            AnyBot::Search(_) => "AnyBot::Search",
        })
    }
}
