//! Seeded whole rounds and matches played by the core's bots, for the round engines on the
//! emulator.
//!
//! The same file is compiled twice: into the vector firmware (for the target) and into
//! `build.rs` (for the host, `#[path]`-included), which plays every [`CASES`] entry with the
//! host's `parlor-core` and writes the lines it prints as the firmware's expected outcomes. The
//! firmware plays them again on the emulated part and compares line for line; the C firmware
//! plays the `lowest` cases through `include/parlor.h` and prints the same lines, which
//! `scripts/embedded-check` compares with these.
//!
//! A line: `round <game> <bot> seed <S>: <N> actions, scores <s0> <s1> …, digest <FNV-1a 32 of
//! the final encoded state>` (a match: `match …`, the match totals and the encoded match). The
//! bots are the core's: `lowest` = `lowest_legal_action` for the seat in turn, `random` =
//! `RandomBot::new(S)` driven exactly as `parlor <game> play --seed S [--match]` drives it, so
//! the random lines' scores are those `parlor <game> play` prints.
//!
//! The runner is written once over `parlor_core::game::{Round, Match}` ([`round`],
//! [`game_match`]); each game adds only its [`Game`] entry (config, random bot).
//! A new game's round engine: its entry in `games`, its arm in [`play`], its name in [`GAMES`],
//! and the C side in `c/rounds.c`; `scripts/embedded-check` picks the lines up unchanged.
//!
//! Mahjong: every seat that may act in a call window answers in turn, the engine's `to_act`
//! (the first seat from the discarder that has not answered), as `parlor mahjong play` asks;
//! a match is the default hanchan (about 1,400 actions for the lowest bot, seconds on the
//! emulator).
//!
//! Every game's scores are the one interface's (`Round::outcome_scores`, `Match::scores`), the
//! entries the C firmware's `parlor_round_outcome` / `parlor_match_scores` print.

// A firmware of a game without a round engine here compiles the module empty.
#![cfg_attr(
    not(any(feature = "dominoes", feature = "tichu", feature = "doudizhu", feature = "mahjong")),
    allow(dead_code, unreachable_code, unused_variables)
)]

use core::fmt;

use parlor_core::game::bot::lowest_legal_action;
use parlor_core::game::{Match, Round, Seat};

/// The most actions one case may take before it is reported as not ending (a bug, never a hang).
pub const ACTION_CAP: u32 = 200_000;

/// Which of the core's bots plays every seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bot {
    /// `lowest_legal_action` for the seat in turn (the first legal action in the core's order).
    Lowest,
    /// The core's `RandomBot` seeded with the case's seed, driven as `parlor <game> play` does.
    Random,
}

/// A round or a whole match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One seeded round (`Round::new(&Config::default(), &Deal::Seeded(seed))`).
    Round,
    /// One seeded match (`Match::new(&Config::default(), seed)`), played to its end.
    Match,
}

/// One case: a game, round or match, a bot and a seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Case {
    /// The game's name (`dominoes`, `tichu`, `doudizhu`).
    pub game: &'static str,
    /// Round or match.
    pub kind: Kind,
    /// The bot of every seat.
    pub bot: Bot,
    /// The seed of the deal (and of the random bot).
    pub seed: u64,
    /// The rules: `""` for the game's default `Config`, else a preset's name (Dou Dizhu
    /// `rlcard`: the landlord is dealt, so the lowest bot plays cards instead of passing the
    /// auction into a void deal).
    pub preset: &'static str,
}

/// The games that have a round engine here.
pub const GAMES: [&str; 4] = ["dominoes", "tichu", "doudizhu", "mahjong"];
/// The seeds of the rounds.
pub const ROUND_SEEDS: [u64; 3] = [1, 7, 2026];
/// The seeds of the matches.
pub const MATCH_SEEDS: [u64; 2] = [1, 7];

/// Every case of `game`, in the order they are printed: rounds (lowest, random) then matches;
/// Dou Dizhu adds its `rlcard` preset for the lowest bot.
pub fn cases(game: &'static str, mut f: impl FnMut(Case)) {
    for (kind, seeds) in [(Kind::Round, &ROUND_SEEDS[..]), (Kind::Match, &MATCH_SEEDS[..])] {
        for (bot, preset) in [(Bot::Lowest, ""), (Bot::Random, ""), (Bot::Lowest, "rlcard")] {
            if !preset.is_empty() && game != "doudizhu" {
                continue;
            }
            for &seed in seeds {
                f(Case {
                    game,
                    kind,
                    bot,
                    seed,
                    preset,
                });
            }
        }
    }
}

/// Which kind of core call a [`Meter`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    /// `Round::new` / `Match::new`.
    New = 0,
    /// The bot's choice (legal-action generation).
    Bot = 1,
    /// `apply`.
    Apply = 2,
}

/// The names of the [`Call`] kinds, by their number.
pub const CALLS: [&str; 3] = ["new", "bot", "apply"];

/// What one case ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The case.
    pub case: Case,
    /// Actions applied.
    pub actions: u32,
    /// The round (match) ended.
    pub over: bool,
    /// A bot found no action or the engine refused one (an engine bug).
    pub error: bool,
    /// The round's scores (the match's totals), `count` of them.
    pub scores: [i64; 4],
    /// How many scores the game has (dominoes 4 seats, Tichu 2 teams, Dou Dizhu 3 seats,
    /// Mahjong 4 seats' points).
    pub count: usize,
    /// FNV-1a (32 bits) of the final round's (match's) `encode` bytes.
    pub digest: u32,
}

impl Played {
    fn new(case: Case) -> Played {
        Played {
            case,
            actions: 0,
            over: false,
            error: false,
            scores: [0; 4],
            count: 0,
            digest: 0,
        }
    }

    /// The scores as the one interface gives them (`Round::outcome_scores`, `Match::scores`): the
    /// C firmware's `parlor_round_outcome` / `parlor_match_scores` print the same entries.
    fn set_game_scores(&mut self, scores: &parlor_core::game::Scores) {
        self.set_scores(scores.as_slice().iter().map(|&score| i64::from(score)));
    }

    fn set_scores(&mut self, scores: impl IntoIterator<Item = i64>) {
        self.count = 0;
        for (slot, score) in self.scores.iter_mut().zip(scores) {
            *slot = score;
            self.count += 1;
        }
    }

    /// Counts one action; false once the cap is reached.
    fn step(&mut self) -> bool {
        if self.actions >= ACTION_CAP {
            return false;
        }
        self.actions += 1;
        true
    }
}

impl fmt::Display for Played {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let case = &self.case;
        let kind = match case.kind {
            Kind::Round => "round",
            Kind::Match => "match",
        };
        let bot = match case.bot {
            Bot::Lowest => "lowest",
            Bot::Random => "random",
        };
        f.write_str(kind)?;
        f.write_str(" ")?;
        f.write_str(case.game)?;
        if !case.preset.is_empty() {
            f.write_str(" ")?;
            f.write_str(case.preset)?;
        }
        write!(f, " {bot} seed {}: {} actions, ", case.seed, self.actions)?;
        if self.error {
            return f.write_str("error: a bot found no action or the engine refused one");
        }
        if !self.over {
            return f.write_str("did not end");
        }
        f.write_str("scores")?;
        for score in self.scores.iter().take(self.count) {
            write!(f, " {score}")?;
        }
        write!(f, ", digest {:08x}", self.digest)
    }
}

/// FNV-1a, 32 bits, of the first `len` bytes an `encode` wrote (0 when it failed).
fn digest(encoded: Option<(&[u8; 1024], usize)>) -> u32 {
    let Some((bytes, len)) = encoded else {
        return 0;
    };
    let mut hash = 0x811c_9dc5u32;
    for &byte in bytes.iter().take(len) {
        hash = (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193);
    }
    hash
}

/// Runs each core call of a case (the firmware measures their stack; the host just calls).
pub trait Meter {
    /// Runs `f`, a call of kind `what`.
    fn call<R>(&mut self, what: Call, f: impl FnOnce() -> R) -> R;
}

/// A [`Meter`] that only calls.
pub struct NoMeter;

impl Meter for NoMeter {
    fn call<R>(&mut self, _what: Call, f: impl FnOnce() -> R) -> R {
        f()
    }
}

/// Plays one case with the core (returns `None` for a game without a round engine here).
pub fn play(case: Case, m: &mut impl Meter) -> Option<Played> {
    let played = match (case.game, case.kind) {
        #[cfg(feature = "dominoes")]
        ("dominoes", Kind::Round) => round::<games::Dominoes>(case, m),
        #[cfg(feature = "dominoes")]
        ("dominoes", Kind::Match) => game_match::<games::Dominoes>(case, m),
        #[cfg(feature = "tichu")]
        ("tichu", Kind::Round) => round::<games::Tichu>(case, m),
        #[cfg(feature = "tichu")]
        ("tichu", Kind::Match) => game_match::<games::Tichu>(case, m),
        #[cfg(feature = "doudizhu")]
        ("doudizhu", Kind::Round) => round::<games::Doudizhu>(case, m),
        #[cfg(feature = "doudizhu")]
        ("doudizhu", Kind::Match) => game_match::<games::Doudizhu>(case, m),
        #[cfg(feature = "mahjong")]
        ("mahjong", Kind::Round) => round::<games::Mahjong>(case, m),
        #[cfg(feature = "mahjong")]
        ("mahjong", Kind::Match) => game_match::<games::Mahjong>(case, m),
        _ => return None,
    };
    Some(played)
}

/// What the runner needs of a game beyond [`Round`] and [`Match`]: its config and its random bot.
trait Game {
    type Round: Round;
    type Match: Match<Round = Self::Round>;
    /// The game's `RandomBot`.
    type Random;

    /// The case's rules (`case.preset`, else the game's default).
    fn config(case: Case) -> <Self::Round as Round>::Config;

    /// The random bot of seed `seed`.
    fn random(seed: u64) -> Self::Random;

    /// The random bot's next (seat, action), as `parlor <game> play` asks it: for the seat in
    /// turn (Tichu: its own table step, out-of-turn calls and bombs included).
    fn random_step(
        random: &mut Self::Random,
        round: &Self::Round,
    ) -> Option<(Seat, <Self::Round as Round>::Action)>;
}

/// The next (seat, action) of `bot`: `lowest` for the seat in turn, `random` as the CLI asks.
fn next<G: Game>(bot: Bot, random: &mut G::Random, round: &G::Round) -> Option<(Seat, <G::Round as Round>::Action)> {
    match bot {
        Bot::Lowest => {
            let seat = round.to_act()?;
            lowest_legal_action(round, seat).map(|action| (seat, action))
        }
        Bot::Random => G::random_step(random, round),
    }
}

fn round<G: Game>(case: Case, m: &mut impl Meter) -> Played {
    let mut played = Played::new(case);
    let Ok(mut round) = m.call(Call::New, || G::Round::seeded(&G::config(case), case.seed)) else {
        played.error = true;
        return played;
    };
    let mut random = G::random(case.seed);
    // Mahjong: in a call window `to_act` is each seat that may still answer, in turn from the
    // discarder.
    while round.to_act().is_some() {
        let Some((seat, action)) = m.call(Call::Bot, || next::<G>(case.bot, &mut random, &round)) else {
            played.error = true;
            break;
        };
        if m.call(Call::Apply, || round.apply(seat, action)).is_err() || !played.step() {
            played.error |= played.actions < ACTION_CAP;
            break;
        }
    }
    if let Some(outcome) = round.outcome() {
        played.over = true;
        played.set_game_scores(&G::Round::outcome_scores(&outcome));
    }
    let mut bytes = [0u8; 1024];
    played.digest = digest(Round::encode(&round, &mut bytes).ok().map(|len| (&bytes, len)));
    played
}

fn game_match<G: Game>(case: Case, m: &mut impl Meter) -> Played {
    let mut played = Played::new(case);
    let Ok(mut game) = m.call(Call::New, || G::Match::new(&G::config(case), case.seed)) else {
        played.error = true;
        return played;
    };
    let mut random = G::random(case.seed);
    while !game.is_over() {
        let Some((seat, action)) = m.call(Call::Bot, || next::<G>(case.bot, &mut random, game.round())) else {
            played.error = true;
            break;
        };
        if m.call(Call::Apply, || game.apply(seat, action)).is_err() || !played.step() {
            played.error |= played.actions < ACTION_CAP;
            break;
        }
    }
    if game.is_over() {
        played.over = true;
        played.set_game_scores(&Match::scores(&game));
    }
    let mut bytes = [0u8; 1024];
    played.digest = digest(Match::encode(&game, &mut bytes).ok().map(|len| (&bytes, len)));
    played
}

/// Each game's [`Game`]: its config, random bot and printed scores.
mod games {
    #[cfg(any(feature = "dominoes", feature = "tichu", feature = "doudizhu", feature = "mahjong"))]
    use super::{Case, Game, Seat};

    #[cfg(feature = "dominoes")]
    pub struct Dominoes;

    #[cfg(feature = "dominoes")]
    impl Game for Dominoes {
        type Round = parlor_core::dominoes::Round;
        type Match = parlor_core::dominoes::Match;
        type Random = parlor_core::dominoes::RandomBot;

        fn config(_case: Case) -> parlor_core::dominoes::Config {
            parlor_core::dominoes::Config::default()
        }

        fn random(seed: u64) -> Self::Random {
            parlor_core::dominoes::RandomBot::new(seed)
        }

        fn random_step(random: &mut Self::Random, round: &Self::Round) -> Option<(Seat, parlor_core::dominoes::Action)> {
            let seat = round.to_act()?;
            random.choose(round, seat).map(|action| (seat, action))
        }


    }

    #[cfg(feature = "tichu")]
    pub struct Tichu;

    #[cfg(feature = "tichu")]
    impl Game for Tichu {
        type Round = parlor_core::tichu::round::Round;
        type Match = parlor_core::tichu::game_match::Match;
        type Random = parlor_core::tichu::bot::RandomBot;

        fn config(_case: Case) -> parlor_core::tichu::round::Config {
            parlor_core::tichu::round::Config::default()
        }

        fn random(seed: u64) -> Self::Random {
            parlor_core::tichu::bot::RandomBot::new(seed)
        }

        fn random_step(random: &mut Self::Random, round: &Self::Round) -> Option<(Seat, parlor_core::tichu::round::Action)> {
            random.step(round)
        }


    }

    #[cfg(feature = "doudizhu")]
    pub struct Doudizhu;

    #[cfg(feature = "doudizhu")]
    impl Game for Doudizhu {
        type Round = parlor_core::doudizhu::round::Round;
        type Match = parlor_core::doudizhu::Match;
        type Random = parlor_core::doudizhu::bot::RandomBot;

        /// `rlcard`: the landlord is dealt, so the lowest bot plays cards.
        fn config(case: Case) -> parlor_core::doudizhu::round::Config {
            match case.preset {
                "rlcard" => parlor_core::doudizhu::round::Config::RLCARD,
                _ => parlor_core::doudizhu::round::Config::default(),
            }
        }

        fn random(seed: u64) -> Self::Random {
            parlor_core::doudizhu::bot::RandomBot::new(seed)
        }

        fn random_step(
            random: &mut Self::Random,
            round: &Self::Round,
        ) -> Option<(Seat, parlor_core::doudizhu::round::Action)> {
            let seat = round.to_act()?;
            random.choose(round, seat).map(|action| (seat, action))
        }


    }

    #[cfg(feature = "mahjong")]
    pub struct Mahjong;

    #[cfg(feature = "mahjong")]
    impl Game for Mahjong {
        type Round = parlor_core::mahjong::Round;
        type Match = parlor_core::mahjong::Match;
        type Random = parlor_core::mahjong::RandomBot;

        fn config(case: Case) -> parlor_core::mahjong::Config {
            parlor_core::mahjong::Config::preset(case.preset).unwrap_or_default()
        }

        fn random(seed: u64) -> Self::Random {
            parlor_core::mahjong::RandomBot::new(seed)
        }

        fn random_step(random: &mut Self::Random, round: &Self::Round) -> Option<(Seat, parlor_core::mahjong::Action)> {
            let seat = round.to_act()?;
            random.choose(round, seat).map(|action| (seat, action))
        }


    }
}
