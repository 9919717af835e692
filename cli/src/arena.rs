//! `parlor <game> arena --bots A,B[,C,D] --games N --seed S`: bots against each other on seeded
//! duplicate deals, written once over the one interface ([`Match`], [`Search`]).
//!
//! **Seating.** The bots listed are repeated around the table to fill its seats (`A,B` at four
//! seats sits `A,B,A,B`: partners in Tichu; `A,B` at three seats sits `A,B,A`). Each deal is then
//! replayed with the seating rotated by one seat at a time until it repeats (`A,B,A,B`: 2
//! seatings; `A,B,A`: 3; four different bots: 4), every seating on the same cards (the match
//! seed of deal `d` is [`round_seed`]`(seed, d)`), so the luck of the deal cancels: "duplicate".
//!
//! **Figures per bot** (one line per bot listed, over every seat it held): the win rate (a seat
//! wins when its place is 0: first, or tied first, partners and Dou Dizhu's peasants together),
//! the average final score (the match's running total, or the round's score with `--rounds`,
//! of the seat's own entry: its team's in Tichu), and the average place (1 = first). With
//! `--rounds` a round's places rank the score entries, ties sharing (competition ranking: one
//! entry above makes a seat second, two make it third). And the **duplicate deals won**: a bot
//! wins a deal when its average score over the deal's seatings is above the average of the other
//! kinds of bot listed (equal counts ½): with `A,B,B` at three seats, A against B on the same
//! cards in every seat.
//!
//! **Intervals.** Seats of one deal are not independent (partners share a result, the rotations
//! share the cards), so each bot's figures are first averaged per deal over its seats and
//! seatings, and the 95 % interval is the normal approximation over those per-deal means:
//! `mean ± 1.96 · s / √N`, `s` the sample standard deviation of the `N` per-deal means. An
//! interval needs `N` ≥ 2.

use std::fmt::Write as _;
use std::io::Write;
use std::time::{Duration, Instant};

use parlor_core::game::bot::{AnyBot, Bot, BotSpec, step};
use parlor_core::game::search::Node;
use parlor_core::game::{Match, Rng, Round, Scores, Search, Seat, round_seed};

use crate::{CliError, quoted};

/// The command line of `arena` (every game the same).
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The bots, comma-separated: lowest, random, greedy, search[:easy|normal|hard|N] (N
    /// iterations; `search` is `search:normal`); fewer than the seats repeat around the table.
    #[arg(long, value_delimiter = ',', required = true, value_parser = parse_spec)]
    pub bots: Vec<BotSpec>,
    /// Deals to play (each replayed once per seating).
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// The seed of the deals and of the bots' choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The rules preset (the game's default when absent).
    #[arg(long)]
    pub preset: Option<String>,
    /// A rule set on top of the preset, `KEY=VALUE` (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// One round per game instead of a whole match.
    #[arg(long)]
    pub rounds: bool,
    /// Also print each bot's time per decision (differs from run to run).
    #[arg(long)]
    pub time: bool,
    /// Print a line on standard error after every 10 deals.
    #[arg(long)]
    pub progress: bool,
}

fn parse_spec(text: &str) -> Result<BotSpec, String> {
    text.parse().map_err(|error| format!("{}: {error}", quoted(text)))
}

/// What to play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The bots as listed.
    pub bots: Vec<BotSpec>,
    /// Deals (each played once per seating).
    pub deals: u32,
    /// The seed.
    pub seed: u64,
    /// Single rounds instead of matches.
    pub rounds: bool,
}

/// A mean with its 95 % interval (normal approximation over per-deal means).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Estimate {
    /// Samples (deals).
    pub n: u32,
    /// The mean.
    pub mean: f64,
    /// The interval's half width (`None` below 2 samples).
    pub half_width: Option<f64>,
}

#[derive(Debug, Clone, Copy, Default)]
struct Accumulator {
    n: u32,
    sum: f64,
    squares: f64,
}

impl Accumulator {
    fn add(&mut self, value: f64) {
        self.n += 1;
        self.sum += value;
        self.squares += value * value;
    }

    fn estimate(&self) -> Estimate {
        let n = f64::from(self.n);
        let mean = if self.n == 0 { 0.0 } else { self.sum / n };
        let half_width = (self.n >= 2).then(|| {
            let variance = ((self.squares - n * mean * mean) / (n - 1.0)).max(0.0);
            1.96 * (variance / n).sqrt()
        });
        Estimate {
            n: self.n,
            mean,
            half_width,
        }
    }
}

/// One bot's figures.
#[derive(Debug, Clone, PartialEq)]
pub struct BotFigures {
    /// The bot.
    pub spec: BotSpec,
    /// The seats it holds in the first seating.
    pub seats: Vec<u8>,
    /// Games it played (one per seat it held in each game).
    pub games: u32,
    /// The win rate (0..=1).
    pub win_rate: Estimate,
    /// The average final score.
    pub score: Estimate,
    /// The average place, 1 = first.
    pub place: Estimate,
    /// Duplicate deals won: 1 when the bot's average score over the deal's seatings is above the
    /// average of the other kinds of bot listed, ½ when equal, 0 otherwise (`n` = 0 when every
    /// bot listed is the same kind).
    pub deals_won: Estimate,
    /// Its decisions (choices that were actions).
    pub decisions: u64,
    /// The time it spent choosing (out-of-turn questions included).
    pub time: Duration,
}

/// The arena's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The game's name.
    pub game: &'static str,
    /// Seats at the table.
    pub seats: u8,
    /// Seatings per deal.
    pub seatings: u32,
    /// Deals played.
    pub deals: u32,
    /// Whether each game was one round.
    pub rounds: bool,
    /// Per bot, in the order listed.
    pub bots: Vec<BotFigures>,
}

/// A finished game's result per seat: the seat's score and place (0 = first).
struct SeatResult {
    score: i64,
    place: u8,
}

/// A game in progress: a match, or a single round.
trait Table<R: Round> {
    fn round(&self) -> &R;
    fn apply(&mut self, seat: Seat, action: R::Action) -> Result<(), R::Error>;
    /// Each seat's result once over.
    fn result(&self) -> Option<Vec<SeatResult>>;
}

/// The score entry of `seat` (a team's entry where the game scores teams: Tichu's 2 entries for
/// 4 seats, seat `s` in team `s % 2`).
fn entry(scores: &Scores, seat: usize) -> Option<i64> {
    let len = scores.len().max(1);
    scores.as_slice().get(seat % len).map(|value| i64::from(*value))
}

struct MatchTable<M: Match>(M);

impl<M: Match> Table<M::Round> for MatchTable<M> {
    fn round(&self) -> &M::Round {
        self.0.round()
    }

    fn apply(&mut self, seat: Seat, action: <M::Round as Round>::Action) -> Result<(), <M::Round as Round>::Error> {
        self.0.apply(seat, action).map(|_| ())
    }

    fn result(&self) -> Option<Vec<SeatResult>> {
        let placement = self.0.result()?;
        let scores = self.0.scores();
        Some(
            (0..usize::from(self.0.round().seats()))
                .map(|seat| SeatResult {
                    score: entry(&scores, seat).unwrap_or(0),
                    place: placement.places().get(seat).copied().unwrap_or(u8::MAX),
                })
                .collect(),
        )
    }
}

struct RoundTable<R: Round>(R);

impl<R: Round> Table<R> for RoundTable<R> {
    fn round(&self) -> &R {
        &self.0
    }

    fn apply(&mut self, seat: Seat, action: R::Action) -> Result<(), R::Error> {
        self.0.apply(seat, action).map(|_| ())
    }

    fn result(&self) -> Option<Vec<SeatResult>> {
        let scores = R::outcome_scores(&self.0.outcome()?);
        let values = scores.as_slice();
        Some(
            (0..usize::from(self.0.seats()))
                .map(|seat| {
                    let score = entry(&scores, seat).unwrap_or(0);
                    let above = values.iter().filter(|value| i64::from(**value) > score).count();
                    SeatResult {
                        score,
                        place: u8::try_from(above).unwrap_or(u8::MAX),
                    }
                })
                .collect(),
        )
    }
}

/// A bot that counts its decisions and the time it takes.
struct Timed<B> {
    bot: B,
    decisions: u64,
    time: Duration,
}

impl<R: Round, B: Bot<R>> Bot<R> for Timed<B> {
    fn choose(&mut self, round: &R, seat: Seat) -> Option<R::Action> {
        let start = Instant::now();
        let choice = self.bot.choose(round, seat);
        self.time += start.elapsed();
        self.decisions += u64::from(choice.is_some());
        choice
    }
}

/// The most actions one game may take before the arena calls it stuck.
const MAX_ACTIONS_PER_GAME: u32 = 1_000_000;

/// The seating of the bots listed around `seats` seats (entry indices) and how many rotations
/// of it differ.
fn seating(bots: usize, seats: usize) -> (Vec<usize>, usize) {
    let base: Vec<usize> = (0..seats).map(|seat| seat % bots.max(1)).collect();
    let period = (1..=seats)
        .find(|shift| (0..seats).all(|seat| base[(seat + shift) % seats] == base[seat]))
        .unwrap_or(seats);
    (base, period)
}

/// Plays the arena of `options` under `config`: matches of `M`, or single rounds of `M::Round`
/// with `options.rounds`. `progress` is called after every deal with the deals done.
pub fn run<M>(
    config: &<M::Round as Round>::Config,
    options: &Options,
    mut progress: impl FnMut(u32),
) -> Result<Report, CliError>
where
    M: Match,
    M::Round: Search,
{
    type Action<M> = <<M as Match>::Round as Round>::Action;
    let probe = <M::Round as Round>::seeded(config, 0).map_err(|error| CliError::Input(error.to_string()))?;
    let seats = usize::from(probe.seats());
    if options.bots.is_empty() || options.bots.len() > seats {
        return Err(CliError::Input(format!(
            "--bots lists {} bots; {} has {seats} seats (1 to {seats} bots)",
            options.bots.len(),
            <M::Round as Round>::GAME
        )));
    }
    if options.deals == 0 {
        return Err(CliError::Input("--games must be at least 1".to_string()));
    }
    let (base, seatings) = seating(options.bots.len(), seats);
    let node_count = options
        .bots
        .iter()
        .map(|spec| spec.nodes::<M::Round>())
        .max()
        .unwrap_or(0);
    let mut buffers: Vec<Vec<Node<Action<M>>>> = (0..seats).map(|_| vec![Node::EMPTY; node_count]).collect();
    let count = options.bots.len();
    let mut wins = vec![Accumulator::default(); count];
    let mut scores = vec![Accumulator::default(); count];
    let mut places = vec![Accumulator::default(); count];
    let mut deals_won = vec![Accumulator::default(); count];
    let mut games = vec![0u32; count];
    let mut decisions = vec![0u64; count];
    let mut time = vec![Duration::ZERO; count];
    let mut rng = Rng::new(options.seed ^ 0xA7E4_A5EE_D5EE_D5EE);
    for deal in 0..options.deals {
        let deal_seed = round_seed(options.seed, deal);
        // Per bot: (sum of wins, of scores, of places, seats counted) over this deal.
        let mut sums = vec![(0f64, 0f64, 0f64, 0u32); count];
        for rotation in 0..seatings {
            let holder: Vec<usize> = (0..seats).map(|seat| base[(seat + rotation) % seats]).collect();
            let mut bots: Vec<Timed<AnyBot<'_, M::Round>>> = buffers
                .iter_mut()
                .zip(&holder)
                .map(|(nodes, bot)| Timed {
                    bot: AnyBot::new(options.bots[*bot], rng.next_u64(), nodes),
                    decisions: 0,
                    time: Duration::ZERO,
                })
                .collect();
            let results = if options.rounds {
                let round = <M::Round as Round>::seeded(config, deal_seed)
                    .map_err(|error| CliError::Input(error.to_string()))?;
                play(RoundTable(round), &mut bots, &holder, options)?
            } else {
                let game = M::new(config, deal_seed).map_err(|error| CliError::Input(error.to_string()))?;
                play(MatchTable(game), &mut bots, &holder, options)?
            };
            for (seat, result) in results.iter().enumerate() {
                let bot = holder[seat];
                let sum = &mut sums[bot];
                sum.0 += f64::from(u8::from(result.place == 0));
                sum.1 += result.score as f64;
                sum.2 += f64::from(result.place) + 1.0;
                sum.3 += 1;
                games[bot] += 1;
            }
            for (bot, timed) in holder.iter().zip(&bots) {
                decisions[*bot] += timed.decisions;
                time[*bot] += timed.time;
            }
        }
        let means: Vec<f64> = sums
            .iter()
            .map(|(_, score, _, n)| score / f64::from((*n).max(1)))
            .collect();
        for (bot, (win, score, place, n)) in sums.into_iter().enumerate() {
            let n = f64::from(n.max(1));
            wins[bot].add(win / n);
            scores[bot].add(score / n);
            places[bot].add(place / n);
            let others: Vec<f64> = (0..count)
                .filter(|other| options.bots[*other] != options.bots[bot])
                .map(|other| means[other])
                .collect();
            if !others.is_empty() {
                let theirs = others.iter().sum::<f64>() / others.len() as f64;
                let mine = means[bot];
                deals_won[bot].add(if mine > theirs {
                    1.0
                } else if mine == theirs {
                    0.5
                } else {
                    0.0
                });
            }
        }
        progress(deal + 1);
    }
    let bots = options
        .bots
        .iter()
        .enumerate()
        .map(|(bot, spec)| BotFigures {
            spec: *spec,
            seats: (0..seats)
                .filter(|seat| base[*seat] == bot)
                .map(|seat| seat as u8)
                .collect(),
            games: games[bot],
            win_rate: wins[bot].estimate(),
            score: scores[bot].estimate(),
            place: places[bot].estimate(),
            deals_won: deals_won[bot].estimate(),
            decisions: decisions[bot],
            time: time[bot],
        })
        .collect();
    Ok(Report {
        game: <M::Round as Round>::GAME.name(),
        seats: probe.seats(),
        seatings: seatings as u32,
        deals: options.deals,
        rounds: options.rounds,
        bots,
    })
}

/// Plays one game to its end: `bots[s]` in seat `s` (`holder[s]` the bot listed).
fn play<R: Search, T: Table<R>>(
    mut table: T,
    bots: &mut [Timed<AnyBot<'_, R>>],
    holder: &[usize],
    options: &Options,
) -> Result<Vec<SeatResult>, CliError> {
    for _ in 0..MAX_ACTIONS_PER_GAME {
        if let Some(result) = table.result() {
            return Ok(result);
        }
        let Some((seat, action)) = step(table.round(), bots) else {
            let seat = table.round().to_act().map_or(0, |seat| seat.index());
            let spec = holder.get(seat).and_then(|bot| options.bots.get(*bot));
            return Err(CliError::Input(format!(
                "the bot in seat {seat} ({}) made no choice",
                spec.map_or_else(|| "?".to_string(), ToString::to_string)
            )));
        };
        table
            .apply(seat, action)
            .map_err(|error| CliError::Input(format!("seat {seat} chose {action}: {error}")))?;
    }
    Err(CliError::Input(format!(
        "a game took more than {MAX_ACTIONS_PER_GAME} actions"
    )))
}

/// `value ± half` with `decimals` decimals (`value` alone when there is no interval).
fn with_interval(estimate: &Estimate, scale: f64, decimals: usize, signed: bool) -> String {
    let mean = estimate.mean * scale;
    let mut text = if signed {
        format!("{mean:+.decimals$}")
    } else {
        format!("{mean:.decimals$}")
    };
    if let Some(half) = estimate.half_width {
        let _ = write!(text, " ± {:.decimals$}", half * scale);
    }
    text
}

/// The report as text: a header line, then one line per bot.
pub fn write_report(report: &Report, time: bool, out: &mut dyn Write) -> std::io::Result<()> {
    let unit = if report.rounds { "rounds" } else { "matches" };
    writeln!(
        out,
        "{}: {} deals x {} seatings = {} {unit}, {} seats; 95% intervals over deals",
        report.game,
        report.deals,
        report.seatings,
        u64::from(report.deals) * u64::from(report.seatings),
        report.seats
    )?;
    for bot in &report.bots {
        let seats: Vec<String> = bot.seats.iter().map(ToString::to_string).collect();
        write!(
            out,
            "{:<14} seats {:<8} win {:<15} score {:<20} place {:<13}",
            bot.spec.to_string(),
            seats.join(","),
            format!("{}%", with_interval(&bot.win_rate, 100.0, 1, false)),
            with_interval(&bot.score, 1.0, 1, true),
            with_interval(&bot.place, 1.0, 2, false)
        )?;
        if bot.deals_won.n > 0 {
            write!(out, " deals won {}%", with_interval(&bot.deals_won, 100.0, 1, false))?;
        }
        if time {
            let per = if bot.decisions == 0 {
                0.0
            } else {
                bot.time.as_secs_f64() * 1e3 / bot.decisions as f64
            };
            write!(out, " time {per:.3} ms/decision ({} decisions)", bot.decisions)?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// `parlor <game> arena`: the hook each game's command calls with its match type.
pub fn command<M>(args: &Args, out: &mut dyn Write) -> Result<(), CliError>
where
    M: Match,
    M::Round: Search,
{
    let config: <M::Round as Round>::Config =
        crate::play::config_of(args.preset.as_deref(), &args.rules).map_err(CliError::Input)?;
    let options = Options {
        bots: args.bots.clone(),
        deals: args.games,
        seed: args.seed,
        rounds: args.rounds,
    };
    let started = Instant::now();
    let report = run::<M>(&config, &options, |done| {
        if args.progress && (done % 10 == 0 || done == args.games) {
            eprintln!("{done}/{} deals, {:.0} s", args.games, started.elapsed().as_secs_f64());
        }
    })?;
    write_report(&report, args.time, out)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seatings_rotate_until_they_repeat() {
        assert_eq!(seating(2, 4), (vec![0, 1, 0, 1], 2));
        assert_eq!(seating(2, 3), (vec![0, 1, 0], 3));
        assert_eq!(seating(1, 4), (vec![0, 0, 0, 0], 1));
        assert_eq!(seating(4, 4), (vec![0, 1, 2, 3], 4));
        assert_eq!(seating(3, 3), (vec![0, 1, 2], 3));
        assert_eq!(seating(2, 2), (vec![0, 1], 2));
    }

    #[test]
    fn intervals_are_the_normal_approximation() {
        let mut acc = Accumulator::default();
        for value in [1.0, 0.0, 1.0, 1.0] {
            acc.add(value);
        }
        let estimate = acc.estimate();
        assert_eq!(estimate.n, 4);
        assert!((estimate.mean - 0.75).abs() < 1e-12);
        // s² = (3 − 4·0.5625)/3 = 0.25; 1.96·sqrt(0.25/4) = 0.49.
        assert!((estimate.half_width.unwrap() - 0.49).abs() < 1e-12);
        let mut one = Accumulator::default();
        one.add(3.0);
        assert_eq!(one.estimate().half_width, None);
        assert_eq!(with_interval(&estimate, 100.0, 1, false), "75.0 ± 49.0");
        assert_eq!(with_interval(&one.estimate(), 1.0, 1, true), "+3.0");
    }

    fn without_time(mut report: Report) -> Report {
        for bot in &mut report.bots {
            bot.time = Duration::ZERO;
        }
        report
    }

    #[test]
    fn mahjong_rounds_are_seated_rotated_and_reproducible() {
        type M = parlor_core::mahjong::Match;
        let config: <<M as Match>::Round as Round>::Config = crate::play::config_of(None, &[]).unwrap();
        let options = Options {
            bots: vec![BotSpec::Greedy, BotSpec::Random],
            deals: 3,
            seed: 5,
            rounds: true,
        };
        let mut done = Vec::new();
        let report = run::<M>(&config, &options, |deal| done.push(deal)).unwrap();
        assert_eq!(done, [1, 2, 3]);
        assert_eq!(
            (report.game, report.seats, report.seatings, report.deals),
            ("mahjong", 4, 2, 3)
        );
        // Greedy holds seats 0 and 2, then 1 and 3: 3 deals x 2 seatings x 2 seats.
        assert_eq!(report.bots[0].seats, [0, 2]);
        assert_eq!(report.bots[1].seats, [1, 3]);
        for bot in &report.bots {
            assert_eq!(bot.games, 12);
            assert_eq!(
                (bot.win_rate.n, bot.score.n, bot.place.n, bot.deals_won.n),
                (3, 3, 3, 3)
            );
            assert!((0.0..=1.0).contains(&bot.win_rate.mean));
            assert!((1.0..=4.0).contains(&bot.place.mean));
        }
        // Two kinds of bot: their deals won add up to one per deal.
        assert!((report.bots[0].deals_won.mean + report.bots[1].deals_won.mean - 1.0).abs() < 1e-9);
        // The same seed plays the same games.
        let again = run::<M>(&config, &options, |_| {}).unwrap();
        assert_eq!(without_time(again), without_time(report.clone()));
        // One kind of bot only: no deals won to count; the text says so by leaving it out.
        let same = Options {
            bots: vec![BotSpec::Lowest, BotSpec::Lowest],
            deals: 1,
            seed: 5,
            rounds: true,
        };
        let report = run::<M>(&config, &same, |_| {}).unwrap();
        assert_eq!(report.bots[0].deals_won.n, 0);
        let mut text = Vec::new();
        write_report(&report, false, &mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(
            text.starts_with("mahjong: 1 deals x 2 seatings = 2 rounds, 4 seats; 95% intervals over deals\nlowest")
        );
        assert!(!text.contains("deals won"));
    }

    #[test]
    fn bad_tables_are_refused() {
        type M = parlor_core::mahjong::Match;
        let config: <<M as Match>::Round as Round>::Config = crate::play::config_of(None, &[]).unwrap();
        let five = Options {
            bots: vec![BotSpec::Lowest; 5],
            deals: 1,
            seed: 0,
            rounds: true,
        };
        assert_eq!(
            run::<M>(&config, &five, |_| {}).unwrap_err(),
            CliError::Input("--bots lists 5 bots; mahjong has 4 seats (1 to 4 bots)".to_string())
        );
        let none = Options {
            bots: vec![BotSpec::Lowest],
            deals: 0,
            seed: 0,
            rounds: true,
        };
        assert_eq!(
            run::<M>(&config, &none, |_| {}).unwrap_err(),
            CliError::Input("--games must be at least 1".to_string())
        );
    }
}
