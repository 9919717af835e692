//! A Tenhou record replayed through the engine: each round's wall dealt, each action applied
//! (the call window answered by every seat the engine asks: the record's caller with its call,
//! the others `pass`), each round's deltas and the match's next start compared with the record.
//!
//! Errors say whose they are: a record that does not read or whose columns do not fit together
//! ([`Failure::Record`]), an action the engine refuses ([`Failure::Illegal`]), or a result that
//! differs from the record ([`Failure::Mismatch`]).

use std::fmt;

use parlor_core::game::Seat;
use parlor_core::mahjong::score::{MeldKind, Wind};
use parlor_core::mahjong::{
    Abort, Action, Config, Deal, End as EngineEnd, Error, Event, Match, Outcome, Phase, Round, Start, Tile,
};

use super::tenhou::{DrawKind, Record, Result as RoundResult, RoundLog};
use super::tenhou_turns::{End, Step, Turns, turns};

/// Why a round did not replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The record itself: it does not read, or its columns do not fit together.
    Record(String),
    /// The engine refused an action of the record (or asked for one the record does not have).
    Illegal(String),
    /// The engine's result differs from the record's.
    Mismatch(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Record(what) => write!(f, "bad record: {what}"),
            Failure::Illegal(what) => write!(f, "engine refuses: {what}"),
            Failure::Mismatch(what) => write!(f, "differs from the record: {what}"),
        }
    }
}

/// A failure in round `round` (0-based index in the record's `log`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundFailure {
    /// The round index.
    pub round: usize,
    /// What failed.
    pub failure: Failure,
}

impl fmt::Display for RoundFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "round {}: {}", self.round, self.failure)
    }
}

/// A tile id for messages: `17 (5m)`, `16 (red 5m)`.
pub fn show_id(id: u8) -> String {
    let kind = Tile::new(id / 4)
        .map(|t| t.to_string())
        .unwrap_or_else(|| "?".to_owned());
    let red = matches!(id, 16 | 52 | 88);
    format!("{id} ({}{kind})", if red { "red " } else { "" })
}

fn show_action(action: Action) -> String {
    match action {
        Action::Discard { tile } => format!("discard {}", show_id(tile)),
        Action::Riichi { tile } => format!("riichi {}", show_id(tile)),
        Action::Kakan { tile } => format!("kakan {}", show_id(tile)),
        Action::Pon { tiles: [a, b] } => format!("pon {} {}", show_id(a), show_id(b)),
        Action::Chii { tiles: [a, b] } => format!("chii {} {}", show_id(a), show_id(b)),
        other => other.to_string(),
    }
}

/// The engine's start of a recorded round.
pub fn start_of(log: &RoundLog) -> Start {
    Start {
        round_wind: Wind::ALL.get(usize::from(log.kyoku / 4)).copied().unwrap_or(Wind::East),
        dealer: Seat(log.dealer()),
        honba: u8::try_from(log.honba).unwrap_or(u8::MAX),
        sticks: u8::try_from(log.sticks).unwrap_or(u8::MAX),
        scores: log.scores,
    }
}

/// A start as the record writes it: `kyoku 4 honba 1 sticks 0 scores 25000 …`.
pub fn show_start(start: &Start) -> String {
    format!(
        "kyoku {} honba {} sticks {} scores {}",
        start.kyoku(),
        start.honba,
        start.sticks,
        start.scores.map(|s| s.to_string()).join(" ")
    )
}

/// What the replay acts on: a round alone or the match around it.
trait Table {
    fn round(&self) -> &Round;
    fn act(&mut self, seat: Seat, action: Action) -> Result<Event, Error>;
}

/// A table that shows every action applied to `visit` (the round before it, the seat, the
/// action, its event).
struct Watched<'a, T, F> {
    table: &'a mut T,
    visit: F,
}

impl<T: Table, F: FnMut(&Round, Seat, Action, &Event)> Table for Watched<'_, T, F> {
    fn round(&self) -> &Round {
        self.table.round()
    }
    fn act(&mut self, seat: Seat, action: Action) -> Result<Event, Error> {
        let before = self.table.round().clone();
        let event = self.table.act(seat, action)?;
        (self.visit)(&before, seat, action, &event);
        Ok(event)
    }
}

impl Table for Round {
    fn round(&self) -> &Round {
        self
    }
    fn act(&mut self, seat: Seat, action: Action) -> Result<Event, Error> {
        self.apply(seat, action)
    }
}

impl Table for Match {
    fn round(&self) -> &Round {
        Match::round(self)
    }
    fn act(&mut self, seat: Seat, action: Action) -> Result<Event, Error> {
        self.apply(seat, action).map(|step| step.event)
    }
}

/// The actions the record's callers answer in the window after step `at` (the window's step is
/// consumed when it is a call or a ron).
fn callers(steps: &[Step], at: usize) -> ([Option<Action>; 4], bool) {
    let mut answers = [None; 4];
    let sorted = |a: u8, b: u8| [a.min(b), a.max(b)];
    let consumed = match steps.get(at) {
        Some(Step::Chii { seat, own, .. }) => {
            answers[usize::from(*seat)] = Some(Action::Chii {
                tiles: sorted(own[0], own[1]),
            });
            true
        }
        Some(Step::Pon { seat, own, .. }) => {
            answers[usize::from(*seat)] = Some(Action::Pon {
                tiles: sorted(own[0], own[1]),
            });
            true
        }
        Some(Step::Daiminkan { seat, .. }) => {
            answers[usize::from(*seat)] = Some(Action::Kan);
            true
        }
        Some(Step::Ron { seats, .. }) => {
            for s in seats {
                answers[usize::from(*s)] = Some(Action::Ron);
            }
            true
        }
        _ => false,
    };
    (answers, consumed)
}

fn apply(table: &mut impl Table, seat: u8, action: Action, at: usize) -> Result<Event, Failure> {
    table
        .act(Seat(seat), action)
        .map_err(|e| Failure::Illegal(format!("step {at}: seat {seat} {}: {e}", show_action(action))))
}

/// Answers an open window: every seat the engine asks answers its record action or `pass`
/// (with `ron_all`, the triple ron the record does not spell out: `ron` where it is legal).
fn answer_window(
    table: &mut impl Table,
    answers: [Option<Action>; 4],
    ron_all: bool,
    at: usize,
    last: &mut Event,
) -> Result<(), Failure> {
    let mut answered = [false; 4];
    loop {
        if !matches!(table.round().phase(), Phase::Calls { .. } | Phase::Chankan { .. }) {
            break;
        }
        let Some(seat) = (0..4u8).find(|s| table.round().may_act(Seat(*s)) && !answered[usize::from(*s)]) else {
            return Err(Failure::Illegal(format!(
                "step {at}: the window is open but no seat may answer"
            )));
        };
        answered[usize::from(seat)] = true;
        let ron = ron_all && table.round().is_legal(Seat(seat), Action::Ron);
        let action = answers[usize::from(seat)].unwrap_or(if ron { Action::Ron } else { Action::Pass });
        *last = apply(table, seat, action, at)?;
    }
    for (seat, answer) in answers.iter().enumerate() {
        if let Some(action) = answer
            && !answered[seat]
        {
            return Err(Failure::Illegal(format!(
                "step {at}: seat {seat} {} in the record, but the engine does not ask seat {seat} (no window for it)",
                show_action(*action)
            )));
        }
    }
    Ok(())
}

fn check_draw(table: &impl Table, last: &Event, seat: u8, tile: u8, at: usize) -> Result<(), Failure> {
    let engine = match last.drew {
        Some(drew) => Some(drew),
        None if at == 0 => table.round().drawn().map(|t| (Seat(seat), t)),
        None => None,
    };
    if engine != Some((Seat(seat), tile)) {
        return Err(Failure::Illegal(format!(
            "step {at}: the record has seat {seat} draw {}, the engine {}",
            show_id(tile),
            match engine {
                Some((s, t)) => format!("seat {s} draw {}", show_id(t)),
                None => "no draw".to_owned(),
            }
        )));
    }
    Ok(())
}

/// Plays the record's actions on `table` (dealt with `turns.wall`), through the end.
fn play(table: &mut impl Table, turns: &Turns) -> Result<(), Failure> {
    let steps = &turns.steps;
    let mut last = Event::default();
    let mut at = 0;
    while let Some(step) = steps.get(at) {
        let window = match step {
            Step::Draw { seat, tile, .. } => {
                check_draw(table, &last, *seat, *tile, at)?;
                at += 1;
                continue;
            }
            Step::Discard { seat, tile, riichi, .. } => {
                let action = if *riichi {
                    Action::Riichi { tile: *tile }
                } else {
                    Action::Discard { tile: *tile }
                };
                last = apply(table, *seat, action, at)?;
                true
            }
            Step::Ankan { seat, tiles } => {
                let kind = Tile::new(tiles[0] / 4).ok_or_else(|| Failure::Record("bad tile id".to_owned()))?;
                last = apply(table, *seat, Action::Ankan { kind }, at)?;
                true
            }
            Step::Kakan { seat, tile } => {
                last = apply(table, *seat, Action::Kakan { tile: *tile }, at)?;
                true
            }
            Step::Kita { seat, .. } => {
                last = apply(table, *seat, Action::Kita, at)?;
                true
            }
            Step::Tsumo { seat } => {
                last = apply(table, *seat, Action::Tsumo, at)?;
                false
            }
            Step::NineTerminals { seat } => {
                last = apply(table, *seat, Action::Kyuushu, at)?;
                false
            }
            Step::Chii { .. } | Step::Pon { .. } | Step::Daiminkan { .. } | Step::Ron { .. } => {
                return Err(Failure::Record(format!("step {at}: a call outside a window")));
            }
        };
        at += 1;
        if window {
            let (answers, consumed) = callers(steps, at);
            let triple_ron = at == steps.len() && turns.end == End::Abortive(DrawKind::TripleRon);
            answer_window(table, answers, triple_ron, at, &mut last)?;
            if consumed {
                let want = match steps.get(at) {
                    Some(Step::Chii { seat, .. }) => Some((*seat, MeldKind::Chii)),
                    Some(Step::Pon { seat, .. }) => Some((*seat, MeldKind::Pon)),
                    Some(Step::Daiminkan { seat, .. }) => Some((*seat, MeldKind::Minkan)),
                    _ => None,
                };
                let got = last.called.map(|c| (c.seat.0, c.meld.kind));
                if want.is_some() && got != want {
                    let show = |c: Option<(u8, MeldKind)>| match c {
                        Some((seat, kind)) => format!("seat {seat} {kind:?}"),
                        None => "no call".to_owned(),
                    };
                    return Err(Failure::Mismatch(format!(
                        "step {at}: the window resolved into {}, the record has {}",
                        show(got),
                        show(want)
                    )));
                }
                at += 1;
            }
        }
    }
    if table.round().outcome().is_none() {
        return Err(Failure::Mismatch(format!(
            "the record's actions end, the round does not ({} live tiles left, phase {:?})",
            table.round().wall_left(),
            table.round().phase()
        )));
    }
    Ok(())
}

fn end_name(end: EngineEnd) -> &'static str {
    match end {
        EngineEnd::Win => "a win",
        EngineEnd::Exhaustive => "an exhaustive draw",
        EngineEnd::Nagashi => "nagashi mangan",
        EngineEnd::Abort(Abort::NineTerminals) => "nine terminals",
        EngineEnd::Abort(Abort::FourWinds) => "four winds",
        EngineEnd::Abort(Abort::FourRiichi) => "four riichi",
        EngineEnd::Abort(Abort::FourKans) => "four kans",
        EngineEnd::Abort(Abort::TripleRon) => "triple ron",
    }
}

/// Compares the engine's outcome with the record's result.
fn check_outcome(outcome: &Outcome, log: &RoundLog) -> Result<(), Failure> {
    let want = match &log.result {
        RoundResult::Win(_) => EngineEnd::Win,
        RoundResult::Draw(DrawKind::Nagashi, _) => EngineEnd::Nagashi,
        RoundResult::Draw(kind, _) if kind.is_exhaustive() => EngineEnd::Exhaustive,
        RoundResult::Draw(DrawKind::NineTerminals, _) => EngineEnd::Abort(Abort::NineTerminals),
        RoundResult::Draw(DrawKind::FourWinds, _) => EngineEnd::Abort(Abort::FourWinds),
        RoundResult::Draw(DrawKind::FourRiichi, _) => EngineEnd::Abort(Abort::FourRiichi),
        RoundResult::Draw(DrawKind::FourKans, _) => EngineEnd::Abort(Abort::FourKans),
        RoundResult::Draw(_, _) => EngineEnd::Abort(Abort::TripleRon),
    };
    if outcome.end != want {
        return Err(Failure::Mismatch(format!(
            "the engine ends it with {}, the record with {}",
            end_name(outcome.end),
            end_name(want)
        )));
    }
    if let RoundResult::Win(wins) = &log.result {
        for (k, w) in wins.iter().enumerate() {
            let Some(agari) = outcome.wins.get(k).copied().flatten() else {
                return Err(Failure::Mismatch(format!("the engine has no win {k} (seat {})", w.who)));
            };
            if agari.winner.0 != w.who || agari.deltas != w.deltas {
                let v = &agari.value;
                let yaku: Vec<String> = v.yaku().iter().map(|y| format!("{} {}", y.yaku, y.han)).collect();
                return Err(Failure::Mismatch(format!(
                    "win {k}: the engine pays seat {} {:?} ({} han {} fu, {} points: {}, dora {} ura {} red {}), the record seat {} {:?} ({})",
                    agari.winner,
                    agari.deltas,
                    v.han(),
                    v.fu(),
                    v.payment().total,
                    yaku.join(", "),
                    v.dora(),
                    v.ura(),
                    v.red(),
                    w.who,
                    w.deltas,
                    w.text.join(" ")
                )));
            }
        }
    }
    let want = log.result.deltas();
    if outcome.deltas != want {
        return Err(Failure::Mismatch(format!(
            "deltas {}, the record {}",
            outcome.deltas.map(|d| d.to_string()).join(" "),
            want.map(|d| d.to_string()).join(" ")
        )));
    }
    Ok(())
}

/// Replays one recorded round alone (dealt in its recorded context; red fives as `config`
/// says) and returns its outcome.
pub fn replay_round(log: &RoundLog, config: &Config) -> Result<Outcome, Failure> {
    let t = turns(log, config.score.red_fives).map_err(Failure::Record)?;
    let mut round = Round::with_start(config, &Deal::Given { wall: t.wall }, &start_of(log))
        .map_err(|e| Failure::Illegal(format!("the deal: {e}")))?;
    play(&mut round, &t)?;
    let outcome = round
        .outcome()
        .ok_or_else(|| Failure::Mismatch("the round is not over".to_owned()))?;
    check_outcome(&outcome, log)?;
    Ok(outcome)
}

/// Replays one recorded round alone like [`replay_round`], showing every action the engine
/// took (window answers included) to `visit(before, seat, action, event)`; returns the finished
/// round (its outcome not compared with the record).
pub fn watch_round(
    log: &RoundLog,
    config: &Config,
    visit: impl FnMut(&Round, Seat, Action, &Event),
) -> Result<Round, Failure> {
    let t = turns(log, config.score.red_fives).map_err(Failure::Record)?;
    let mut round = Round::with_start(config, &Deal::Given { wall: t.wall }, &start_of(log))
        .map_err(|e| Failure::Illegal(format!("the deal: {e}")))?;
    play(
        &mut Watched {
            table: &mut round,
            visit,
        },
        &t,
    )?;
    Ok(round)
}

/// One recorded round as the project's text log (`mahjong wall <ids> start …` and one `<seat>
/// <action>` line per action the engine took, window answers included), replayed on the way.
pub fn text_log(log: &RoundLog, config: &Config) -> Result<String, Failure> {
    let mut lines = String::new();
    let round = watch_round(log, config, |_, seat, action, _| {
        lines.push_str(&format!("{seat} {action}\n"));
    })?;
    let start = round.start();
    let ids: Vec<String> = round.wall().iter().map(u8::to_string).collect();
    Ok(format!(
        "mahjong wall {} start {} {} {} {}\n{lines}",
        ids.join(" "),
        start.kyoku(),
        start.honba,
        start.sticks,
        start.scores.map(|s| s.to_string()).join(" ")
    ))
}

/// What a whole record's replay through [`Match`] gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchReplay {
    /// Each round's deltas (the engine's, equal to the record's).
    pub deltas: Vec<[i32; 4]>,
    /// The match's final points when it is over after the record's last round, else `None`
    /// (a record that stops before the match ends).
    pub final_scores: Option<[i32; 4]>,
    /// The points after the record's last round (the final points when the match is over;
    /// else the sticks on the table are not given out).
    pub scores: [i32; 4],
}

/// Replays a whole record through [`Match`]: every round as [`replay_round`] does, plus each
/// next round's start (round, dealer, honba, sticks, points); the match must not end before the
/// record does ([`MatchReplay::final_scores`] says whether it ends with it). Calls `each(i,
/// deltas)` after each round reproduced.
pub fn replay_match(
    record: &Record,
    config: &Config,
    mut each: impl FnMut(usize, [i32; 4]),
) -> Result<MatchReplay, RoundFailure> {
    let mut game: Option<Match> = None;
    let mut deltas = Vec::new();
    for (i, log) in record.rounds.iter().enumerate() {
        let fail = |failure| RoundFailure { round: i, failure };
        let t = turns(log, config.score.red_fives).map_err(|w| fail(Failure::Record(w)))?;
        let deal = Deal::Given { wall: t.wall };
        let want = start_of(log);
        let m = match game.as_mut() {
            None => {
                let m =
                    Match::new_given(config, &deal).map_err(|e| fail(Failure::Illegal(format!("the deal: {e}"))))?;
                game.insert(m)
            }
            Some(m) => {
                if m.is_over() {
                    return Err(fail(Failure::Mismatch(format!(
                        "the match ended after round {}, the record goes on",
                        i - 1
                    ))));
                }
                m.deal_round(&deal)
                    .map_err(|e| fail(Failure::Illegal(format!("the deal: {e}"))))?;
                m
            }
        };
        let got = *m.round().start();
        if got != want {
            return Err(fail(Failure::Mismatch(format!(
                "the match starts the round with {}, the record with {}",
                show_start(&got),
                show_start(&want)
            ))));
        }
        play(m, &t).map_err(fail)?;
        let outcome = m
            .round()
            .outcome()
            .ok_or_else(|| fail(Failure::Mismatch("the round is not over".to_owned())))?;
        check_outcome(&outcome, log).map_err(fail)?;
        each(i, outcome.deltas);
        deltas.push(outcome.deltas);
    }
    let m = game.ok_or(RoundFailure {
        round: 0,
        failure: Failure::Record("no round".to_owned()),
    })?;
    Ok(MatchReplay {
        deltas,
        final_scores: m.final_scores(),
        // Awaiting the next deal, the next start holds the points after the last round.
        scores: m.final_scores().unwrap_or(m.next_start().scores),
    })
}
