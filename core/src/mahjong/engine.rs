//! Riichi behind the one interface ([`crate::game`]): [`game::Round`] for [`Round`],
//! [`game::Match`] for [`Match`], [`game::Rules`] for [`Config`], [`game::GameError`] for
//! [`Error`]. Everything delegates to the inherent methods.
//!
//! # Action codes
//!
//! [`game::Round::action_code`] packs [`Action::to_code`]'s three bytes `[verb, a, b]` into the
//! low 24 bits of a `u64` (`verb | a << 8 | b << 16`); every higher bit is 0, and a code with a
//! higher bit set, an unknown verb, an id above 135, a kind above 33 or an unused byte not 0
//! names no action:
//!
//! | verb (bits 0–7) | action | `a` (bits 8–15) | `b` (bits 16–23) |
//! |---|---|---|---|
//! | 1 | `discard <id>` | tile id 0–135 | 0 |
//! | 2 | `riichi <id>` (the declaration discard) | tile id | 0 |
//! | 3 | `tsumo` | 0 | 0 |
//! | 4 | `ankan <kind>` | kind 0–33 (`1m` = 0 … `7z` = 33) | 0 |
//! | 5 | `kakan <id>` | tile id | 0 |
//! | 6 | `kyuushu` | 0 | 0 |
//! | 7 | `ron` | 0 | 0 |
//! | 8 | `pon <id> <id>` | first id | second id |
//! | 9 | `kan` (open kan on the discard) | 0 | 0 |
//! | 10 | `chii <id> <id>` | first id | second id |
//! | 11 | `pass` | 0 | 0 |
//! | 12 | `kita` (three players: a North set aside) | 0 | 0 |
//!
//! So `discard 17` is `0x1101`, `pon 17 18` is `0x12_1108`, `pass` is `11`.
//!
//! # Who acts
//!
//! [`game::Round::INTERRUPTS`] is `false`: in a call window several seats may answer, but
//! [`Round::to_act`] names the first one still to answer and the others answer in turn as it
//! reaches them (answers stay hidden until the window resolves), so a driver that always asks
//! `to_act` plays every window out.
//!
//! # Matches of given deals
//!
//! [`game::Match::new`] makes a seeded match (every round dealt from
//! [`game::round_seed`](crate::game::round_seed)). A match of given deals
//! ([`Match::new_given`], how a recorded game is replayed wall by wall) stops after each round
//! until [`Match::deal_round`]; meanwhile [`game::Match::apply`] answers [`Error::AwaitingDeal`]
//! (no shared kind) and [`Match::awaiting_deal`] says so. That part is outside the trait.
//!
//! ```
//! use parlor_core::game::{self, Match as _, Round as _, Seat};
//! use parlor_core::mahjong::{Action, Config, Round};
//! let round = Round::seeded(&Config::TENHOU, 7)?;
//! assert_eq!(Round::action_code(Action::Discard { tile: 17 }), 0x1101);
//! assert_eq!(Round::action_from_code(0x12_1108), Some(Action::Pon { tiles: [17, 18] }));
//! assert_eq!(Round::parse_action("chii 12 17")?, Action::Chii { tiles: [12, 17] });
//! assert_eq!(round.to_act(), Some(Seat(0)));
//! let mut view = String::new();
//! round.write_view(Seat(2), &mut view)?;
//! assert!(view.starts_with("mahjong: seat 2 (West), East 1"));
//! # Ok::<(), parlor_core::mahjong::Error>(())
//! ```
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::fmt;
use core::mem::MaybeUninit;
use core::ops::ControlFlow;

use super::game_match::MATCH_ENCODED_BYTES;
use super::notation::given_deal;
use super::round::{CONFIG_BYTES, ENCODED_BYTES, MAX_ACTIONS, SEATS, bits_len};
use super::score::{Kazoe, MeldKind, Wind};
use super::{Action, Config, Deal, Error, Event, Match, MultiRon, Observation, Outcome, Phase, Round, Tile};
use crate::game::{self, Fault, GameId, Placement, RuleError, RuleKey, Scores, Seat, Step};
use crate::notation::{Dec, Plain};

impl game::GameError for Error {
    fn fault(&self) -> Option<Fault> {
        Some(match self {
            Error::NoSuchSeat { .. } => Fault::NoSuchSeat,
            Error::NotYourTurn { .. } => Fault::NotYourTurn,
            Error::IllegalAction { .. } => Fault::IllegalAction,
            Error::RoundOver | Error::MatchOver => Fault::RoundOver,
            Error::InvalidConfig { .. } => Fault::InvalidConfig,
            Error::InvalidState { .. } => Fault::InvalidState,
            Error::BufferTooSmall { .. } => Fault::BufferTooSmall,
            Error::Internal => Fault::Internal,
            // Hand input, codes, deals, scoring and the awaited deal are this game's own.
            Error::UnknownTile { .. }
            | Error::FifthCopy { .. }
            | Error::TooManyTiles { .. }
            | Error::WrongSize { .. }
            | Error::UnknownCode { .. }
            | Error::BadDeal { .. }
            | Error::DealText { .. }
            | Error::UnknownAction { .. }
            | Error::Score(_)
            | Error::AwaitingDeal
            | Error::NotAwaitingDeal => return None,
        })
    }

    /// The variant of the kind; a seat the kind does not know is 255, a `why` is the kind's
    /// shared text, a buffer's needed length is 0 (unknown).
    fn from_fault(fault: Fault) -> Error {
        match fault {
            Fault::NotYourTurn => Error::NotYourTurn { seat: u8::MAX },
            Fault::NoSuchSeat => Error::NoSuchSeat { seat: u8::MAX },
            Fault::IllegalAction => Error::IllegalAction {
                why: Fault::IllegalAction.text(),
            },
            Fault::RoundOver => Error::RoundOver,
            Fault::InvalidConfig => Error::InvalidConfig {
                why: Fault::InvalidConfig.text(),
            },
            Fault::InvalidState => Error::InvalidState {
                why: Fault::InvalidState.text(),
            },
            Fault::BufferTooSmall => Error::BufferTooSmall { needed: 0 },
            Fault::Internal => Error::Internal,
        }
    }
}

impl game::Round for Round {
    const GAME: GameId = GameId::Mahjong;
    const SEATS: usize = SEATS;
    const MAX_ACTIONS: usize = MAX_ACTIONS;
    const ENCODED_BYTES: usize = ENCODED_BYTES;
    const INTERRUPTS: bool = false;

    type Config = Config;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;
    type Outcome = Outcome;
    type Error = Error;

    fn seeded(config: &Config, seed: u64) -> Result<Round, Error> {
        Round::new(config, &Deal::Seeded(seed))
    }

    /// [`game::Round::seeded_in`]: dealt in place.
    fn seeded_in<'p>(place: &'p mut MaybeUninit<Round>, config: &Config, seed: u64) -> Result<&'p mut Round, Error> {
        let round = Round::seeded_to(place, config, seed)?;
        round.refresh_waits();
        Ok(round)
    }

    /// The text after `mahjong wall` in a replay log: `<136 ids> [start <kyoku> <honba>
    /// <sticks> <p0> <p1> <p2> <p3>]` ([`given_deal`]).
    fn given(config: &Config, deal: &str) -> Result<Round, Error> {
        let (deal, start) = given_deal(deal, config)?;
        Round::with_start(config, &deal, &start)
    }

    fn config(&self) -> &Config {
        Round::config(self)
    }

    /// 4, or 3 under three-player rules (seat 3 is then absent: it never acts).
    fn seats(&self) -> u8 {
        self.players()
    }

    fn to_act(&self) -> Option<Seat> {
        Round::to_act(self)
    }

    fn may_act(&self, seat: Seat) -> bool {
        Round::may_act(self, seat)
    }

    fn for_each_legal_action<F: FnMut(Action)>(&self, seat: Seat, f: F) {
        Round::for_each_legal_action(self, seat, f);
    }

    /// The enumeration cannot stop early: the actions after a `Break` are skipped, not
    /// computed less (at most [`MAX_ACTIONS`] of them).
    fn try_for_each_legal_action<F: FnMut(Action) -> ControlFlow<()>>(&self, seat: Seat, mut f: F) {
        let mut done = false;
        Round::for_each_legal_action(self, seat, |action| {
            if !done {
                done = f(action).is_break();
            }
        });
    }

    fn legal_actions(&self, seat: Seat, out: &mut [Action]) -> usize {
        Round::legal_actions(self, seat, out)
    }

    /// [`Round::count_legal_actions`]: the discards counted as a set.
    fn count_legal_actions(&self, seat: Seat) -> usize {
        Round::count_legal_actions(self, seat)
    }

    /// [`Round::nth_legal_action`]: a discard or a pass found without the rarer actions.
    fn nth_legal_action(&self, seat: Seat, n: usize) -> Option<Action> {
        Round::nth_legal_action(self, seat, n)
    }

    fn is_legal(&self, seat: Seat, action: Action) -> bool {
        Round::is_legal(self, seat, action)
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<Event, Error> {
        Round::apply(self, seat, action)
    }

    fn observation(&self, seat: Seat) -> Result<Observation, Error> {
        Round::observation(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        Round::outcome(self)
    }

    /// [`Round::outcome_deltas`]: the deltas once the outcome is known to build, without
    /// building it (its wins' hand values).
    fn outcome_deltas(&self) -> Option<Scores> {
        Round::outcome_deltas(self)
    }

    /// [`Outcome::deltas`]: each seat's change as Tenhou records it (the sticks a riichi
    /// declarer put down this round not deducted), the replay log's `round <i>:` line.
    fn outcome_scores(outcome: &Outcome) -> Scores {
        // The deltas of the seats at the table (three players: seat 3 is absent).
        Scores::new(
            outcome
                .deltas
                .get(..usize::from(outcome.players))
                .unwrap_or(&outcome.deltas),
        )
    }

    fn encode(&self, out: &mut [u8]) -> Result<usize, Error> {
        Round::encode(self, out)
    }

    fn decode(bytes: &[u8]) -> Result<Round, Error> {
        Round::decode(bytes)
    }

    /// [`Round::decode_trusted`]: the fields read, the waits computed once, nothing re-checked.
    fn decode_trusted(bytes: &[u8]) -> Result<Round, Error> {
        Round::decode_trusted(bytes)
    }

    /// Each seat's waits: [`CACHE_BYTES`](super::round::CACHE_BYTES).
    const CACHE_BYTES: usize = super::round::CACHE_BYTES;

    /// [`Round::encode_cache`]: the four seats' waits.
    fn encode_cache(&self, out: &mut [u8]) -> Result<usize, Error> {
        Round::encode_cache(self, out)
    }

    /// [`Round::decode_trusted_cached`]: the fields read, the waits taken from the cache.
    fn decode_trusted_cached(bytes: &[u8], cache: &[u8]) -> Result<Round, Error> {
        Round::decode_trusted_cached(bytes, cache)
    }

    const IN_PLACE: bool = true;

    /// [`Round::decode_trusted_cached_in`]: read in place.
    fn decode_trusted_cached_in<'p>(
        place: &'p mut MaybeUninit<Round>,
        bytes: &[u8],
        cache: &[u8],
    ) -> Result<&'p mut Round, Error> {
        Round::decode_trusted_cached_in(place, bytes, cache)
    }

    const DECODES_IN_PLACE: bool = true;

    /// [`Round::decode_in`]: read and checked in place.
    fn decode_in<'p>(place: &'p mut MaybeUninit<Round>, bytes: &[u8]) -> Result<&'p mut Round, Error> {
        Round::decode_in(place, bytes)
    }

    /// The round's own bytes are held in place (`repr(C)`, no padding byte, the waits cache
    /// included).
    const RAW: bool = true;

    /// zerocopy's bit-validity check of the round's bytes (every enum and flag byte), then
    /// [`Round::held_ok`].
    fn raw_ref(bytes: &[u8]) -> Option<&Round> {
        crate::game::held_ref(bytes, Round::held_ok)
    }

    /// As `raw_ref`, writable.
    fn raw_mut(bytes: &mut [u8]) -> Option<&mut Round> {
        crate::game::held_mut(bytes, Round::held_ok)
    }

    fn raw_bytes(&self) -> &[u8] {
        zerocopy::IntoBytes::as_bytes(self)
    }

    fn action_code(action: Action) -> u64 {
        let [verb, a, b] = action.to_code();
        u64::from(verb) | (u64::from(a) << 8) | (u64::from(b) << 16)
    }

    fn action_from_code(code: u64) -> Option<Action> {
        if code >> 24 != 0 {
            return None;
        }
        let [verb, a, b, ..] = code.to_le_bytes();
        Action::from_code([verb, a, b]).ok()
    }

    fn parse_action(text: &str) -> Result<Action, Error> {
        text.parse()
    }

    /// The seat's view, from its [`Observation`] only:
    ///
    /// ```text
    /// mahjong: seat 1 (South), East 1, honba 0, sticks 0, dealer 0
    /// turn: seat 0
    /// hand: 1m 3m 3m 0p 7p 2s 3s 4s 9s 1z 1z 5z 7z
    /// ids: 0 9 10 52 62 76 80 84 104 108 109 124 132
    /// seat 0 (East): 14 tiles, 25000 points; melds: -; discards: -
    /// seat 1 (South): 13 tiles, 25000 points; melds: -; discards: -
    /// ...
    /// dora indicators: 3p; wall 69 left
    /// ```
    ///
    /// The phase line is `turn: seat N`, `call window: seat N discarded 5m (id 17)` or
    /// `chankan window: seat N added 5m (id 17)` (who may answer a window is hidden), then
    /// `you may act` when the seat may, or `over` at the end. The hand is sorted (ids
    /// ascending: kind order, a red five written `0m`/`0p`/`0s`), the drawn tile on its own
    /// `drawn:` line; melds as `pon 5m 5m 5m <2` (called from seat 2), discards in order with
    /// `*` after a riichi discard and `'` after a called one.
    fn write_view(&self, seat: Seat, out: &mut dyn fmt::Write) -> Result<(), Error> {
        if seat.0 >= self.players() {
            return Err(Error::NoSuchSeat { seat: seat.0 });
        }
        // Written from the round itself, as its [`Observation`] shows it: no 700-byte observation
        // (and its copies) on the stack.
        write_seat_view(self, seat, self.config().score.red_fives, out).map_err(|_| Error::BufferTooSmall { needed: 0 })
    }
}

/// A tile id written for a person: its kind (`5m`), or `0m`/`0p`/`0s` for a red five.
#[derive(Clone, Copy)]
struct Id(u8, bool);

impl Id {
    /// The text, after a space: the view's lists, written without format arguments (the same
    /// text as `" {}"` of [`Id`]'s [`fmt::Display`]).
    fn write_spaced(self, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_char(' ')?;
        self.write_to(out)
    }

    fn write_to(self, out: &mut dyn fmt::Write) -> fmt::Result {
        let Id(id, red_fives) = self;
        match Tile::new(id >> 2) {
            Some(tile) if red_fives && matches!(id, 16 | 52 | 88) => {
                out.write_char('0')?;
                out.write_char(tile.suit().letter())
            }
            Some(tile) => {
                Dec::from(tile.number()).write_to(out)?;
                out.write_char(tile.suit().letter())
            }
            None => {
                out.write_char('?')?;
                Dec::from(id).write_to(out)
            }
        }
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

fn wind_name(wind: Wind) -> &'static str {
    match wind {
        Wind::East => "East",
        Wind::South => "South",
        Wind::West => "West",
        Wind::North => "North",
    }
}

fn meld_name(kind: MeldKind) -> &'static str {
    match kind {
        MeldKind::Chii => "chii",
        MeldKind::Pon => "pon",
        MeldKind::Minkan => "kan",
        MeldKind::Shouminkan => "added-kan",
        MeldKind::Ankan => "closed-kan",
    }
}

/// [`Round::write_view`]'s text of `seat` (a seat of the table), read from the round: what its
/// [`Round::observation`] holds.
fn write_seat_view(round: &Round, seat: Seat, red: bool, out: &mut dyn fmt::Write) -> fmt::Result {
    let start = round.start();
    let players = round.players();
    // The observation's drawn tile: the seat's own, on its turn after a draw.
    let drawn = round.drawn().filter(|_| round.actor == seat.0);
    let kyoku = (start.dealer.0 & 3).saturating_add(1);
    writeln!(
        out,
        "mahjong: seat {} ({}), {} {}, honba {}, sticks {}, dealer {}",
        seat,
        Plain(wind_name(start.seat_wind_in(seat, players))),
        Plain(wind_name(start.round_wind)),
        Dec::from(kyoku),
        Dec::from(start.honba),
        Dec::from(round.sticks_on_table()),
        start.dealer
    )?;
    match round.phase() {
        Phase::Turn { seat } => writeln!(out, "turn: seat {}", seat)?,
        Phase::Calls { discarder, tile } => {
            writeln!(
                out,
                "call window: seat {} discarded {} (id {})",
                discarder,
                Id(tile, red),
                Dec::from(tile)
            )?;
        }
        Phase::Chankan { seat, tile } => writeln!(
            out,
            "chankan window: seat {} added {} (id {})",
            seat,
            Id(tile, red),
            Dec::from(tile)
        )?,
        Phase::Over => writeln!(out, "over")?,
    }
    if round.may_act(seat) {
        writeln!(out, "you may act")?;
    }
    let own = || round.hand(seat).take(14).filter(|&id| Some(id) != drawn);
    out.write_str("hand:")?;
    for id in own() {
        Id(id, red).write_spaced(out)?;
    }
    out.write_str("\nids:")?;
    for id in own() {
        out.write_char(' ')?;
        Dec::from(id).write_to(out)?;
    }
    out.write_str("\n")?;
    if let Some(id) = drawn {
        writeln!(out, "drawn: {} (id {})", Id(id, red), Dec::from(id))?;
    }
    let scores = round.scores();
    for (s, (hand, &points)) in (0u8..)
        .zip(round.hands.iter().zip(scores.iter()))
        .take(usize::from(players))
    {
        let seat = Seat(s);
        let count = bits_len(hand);
        let riichi = round.in_riichi(seat);
        write!(
            out,
            "seat {} ({}): {} tiles, {} points{}; melds:",
            Dec::from(s),
            Plain(wind_name(start.seat_wind_in(seat, players))),
            Dec::from(count),
            Dec::from(points),
            Plain(if riichi { ", riichi" } else { "" })
        )?;
        if let n @ 1.. = round.nukidora(seat) {
            write!(out, " north x{},", Dec::from(n))?;
        }
        let melds = round.melds(seat);
        if melds.is_empty() {
            out.write_str(" -")?;
        }
        for (i, meld) in melds.iter().enumerate() {
            out.write_str(if i == 0 { " " } else { ", " })?;
            out.write_str(meld_name(meld.kind))?;
            for &id in meld.tiles() {
                Id(id, red).write_spaced(out)?;
            }
            if let Some(from) = meld.from() {
                write!(out, " <{}", from)?;
            }
        }
        out.write_str("; discards:")?;
        let mut any = false;
        for d in round.discards().filter(|d| d.seat == seat) {
            any = true;
            Id(d.tile, red).write_spaced(out)?;
            if d.riichi {
                out.write_str("*")?;
            }
            if d.called {
                out.write_str("'")?;
            }
        }
        if !any {
            out.write_str(" -")?;
        }
        out.write_str("\n")?;
    }
    out.write_str("dora indicators:")?;
    for &id in round.dora_indicators().iter().take(5) {
        Id(id, red).write_spaced(out)?;
    }
    writeln!(out, "; wall {} left", Dec::from(round.wall_left()))
}

impl game::Match for Match {
    type Round = Round;

    const ENCODED_BYTES: usize = MATCH_ENCODED_BYTES;

    fn new(config: &Config, seed: u64) -> Result<Match, Error> {
        Match::new(config, seed)
    }

    /// [`Match::new_in`]: its first round dealt in place.
    fn new_in<'p>(place: &'p mut MaybeUninit<Match>, config: &Config, seed: u64) -> Result<&'p mut Match, Error> {
        Match::new_in(place, config, seed)
    }

    fn round(&self) -> &Round {
        Match::round(self)
    }

    /// Also [`Error::AwaitingDeal`] (no shared kind) while a match of given deals waits for
    /// [`Match::deal_round`].
    fn apply(&mut self, seat: Seat, action: Action) -> Result<Step<Event, Outcome>, Error> {
        Match::apply(self, seat, action)
    }

    /// [`Match::apply_deltas`]: the finished round's deltas without building its outcome.
    fn apply_deltas(&mut self, seat: Seat, action: Action) -> Result<(Option<Scores>, bool), Error> {
        Match::apply_deltas(self, seat, action)
    }

    /// Each seat's points: while playing, the current points (riichi sticks put down
    /// deducted); once over, [`Match::final_scores`] (the sticks left on the table given to
    /// first place).
    fn scores(&self) -> Scores {
        let all = self.final_scores().unwrap_or_else(|| Match::scores(self));
        Scores::new(all.get(..usize::from(self.round().players())).unwrap_or(&all))
    }

    fn rounds_played(&self) -> u32 {
        Match::rounds_played(self)
    }

    fn result(&self) -> Option<Placement> {
        Match::result(self)
    }

    fn is_over(&self) -> bool {
        Match::is_over(self)
    }

    /// Whether the match was made by [`Match::new_given`] (its rounds dealt by
    /// [`Match::deal_round`]).
    fn deals_given(&self) -> bool {
        Match::deals_given(self)
    }

    fn encode(&self, out: &mut [u8]) -> Result<usize, Error> {
        Match::encode(self, out)
    }

    fn decode(bytes: &[u8]) -> Result<Match, Error> {
        Match::decode(bytes)
    }

    /// [`Match::decode_trusted`]: its round read by [`Round::decode_trusted`].
    fn decode_trusted(bytes: &[u8]) -> Result<Match, Error> {
        Match::decode_trusted(bytes)
    }

    /// [`Match::decode_trusted_cached`]: its round's waits taken from the cache.
    fn decode_trusted_cached(bytes: &[u8], cache: &[u8]) -> Result<Match, Error> {
        Match::decode_trusted_cached(bytes, cache)
    }

    /// [`Match::decode_in`]: read and checked in place.
    fn decode_in<'p>(place: &'p mut MaybeUninit<Match>, bytes: &[u8]) -> Result<&'p mut Match, Error> {
        Match::decode_in(place, bytes)
    }

    /// [`Match::decode_trusted_cached_in`]: read in place.
    fn decode_trusted_cached_in<'p>(
        place: &'p mut MaybeUninit<Match>,
        bytes: &[u8],
        cache: &[u8],
    ) -> Result<&'p mut Match, Error> {
        Match::decode_trusted_cached_in(place, bytes, cache)
    }

    /// The match's own bytes are held in place (`repr(C)`, no padding byte, its round's waits
    /// included).
    const RAW: bool = true;

    /// zerocopy's bit-validity check of the match's bytes, then [`Match::held_ok`].
    fn raw_ref(bytes: &[u8]) -> Option<&Match> {
        crate::game::held_ref(bytes, Match::held_ok)
    }

    /// As `raw_ref`, writable.
    fn raw_mut(bytes: &mut [u8]) -> Option<&mut Match> {
        crate::game::held_mut(bytes, Match::held_ok)
    }

    fn raw_bytes(&self) -> &[u8] {
        zerocopy::IntoBytes::as_bytes(self)
    }
}

/// The version byte in front of [`Config::to_bytes`] in [`game::Rules::encode`].
const RULES_VERSION: u8 = 1;
/// The length of [`game::Rules::encode`]'s form.
const RULES_BYTES: usize = 1 + CONFIG_BYTES;

const YES_NO: &str = "yes|no";
const POINTS: &str = "100..=999900 (a multiple of 100)";

/// Every field of [`Config`] (and of its hand-value part, [`super::score::Config`]) as a rule
/// key. Sources: Tenhou's published rule list (the `TENHOU` preset), Mahjong Soul's rule page,
/// the PyPI package `mahjong`'s `OptionalRules`, and `docs/mahjong.md`.
const KEYS: &[RuleKey] = &[
    RuleKey {
        name: "open-tanyao",
        values: YES_NO,
        doc: "all simples counts on an open hand (kuitan; Tenhou: yes, PyPI mahjong: no)",
    },
    RuleKey {
        name: "red-fives",
        values: YES_NO,
        doc: "one red 5m 5p 5s (ids 16 52 88) count one han of dora each (Tenhou aka-ari: yes)",
    },
    RuleKey {
        name: "kan-dora",
        values: YES_NO,
        doc: "the indicators kans reveal count (Tenhou: yes)",
    },
    RuleKey {
        name: "ura-dora",
        values: YES_NO,
        doc: "ura-dora count for a riichi hand (Tenhou: yes)",
    },
    RuleKey {
        name: "kiriage",
        values: YES_NO,
        doc: "4 han 30 fu and 3 han 60 fu pay a mangan (kiriage mangan; Tenhou: no)",
    },
    RuleKey {
        name: "kazoe",
        values: "yakuman|sanbaiman",
        doc: "13 han or more without a yakuman: a counted yakuman, or capped at sanbaiman (Tenhou: yakuman)",
    },
    RuleKey {
        name: "composite-yakuman",
        values: YES_NO,
        doc: "several yakuman in one hand add up (Tenhou: yes)",
    },
    RuleKey {
        name: "double-kokushi-13",
        values: YES_NO,
        doc: "thirteen orphans on the 13-sided wait is a double yakuman (Tenhou: no, Mahjong Soul: yes)",
    },
    RuleKey {
        name: "double-suuankou-tanki",
        values: YES_NO,
        doc: "four concealed triplets won on the pair is a double yakuman (Tenhou: no, Mahjong Soul: yes)",
    },
    RuleKey {
        name: "double-junsei-chuuren",
        values: YES_NO,
        doc: "nine gates on the nine-sided wait is a double yakuman (Tenhou: no, Mahjong Soul: yes)",
    },
    RuleKey {
        name: "double-daisuushii",
        values: YES_NO,
        doc: "big four winds is a double yakuman (Tenhou: no, Mahjong Soul: yes)",
    },
    RuleKey {
        name: "double-wind-pair-fu",
        values: "2|4",
        doc: "fu of a pair of the seat wind that is also the round wind (Tenhou: 4)",
    },
    RuleKey {
        name: "three-player",
        values: YES_NO,
        doc: "three-player Riichi (sanma): 108 tiles without 2m-8m, North set aside as dora (kita), no chii, tsumo-zon, 200-point honba (Tenhou sanma: yes)",
    },
    RuleKey {
        name: "rounds",
        values: "1..=16",
        doc: "rounds before any extension: 8 hanchan, 4 tonpuusen (Tenhou: 8; tenhou-east: 4)",
    },
    RuleKey {
        name: "start-points",
        values: POINTS,
        doc: "each seat's points at the start of the match (Tenhou: 25000)",
    },
    RuleKey {
        name: "target-points",
        values: POINTS,
        doc: "points a seat needs to end the match after the last scheduled round (Tenhou: 30000)",
    },
    RuleKey {
        name: "extension",
        values: YES_NO,
        doc: "play on into the next wind while nobody has the target points (Tenhou: yes)",
    },
    RuleKey {
        name: "multi-ron",
        values: "double|head-bump",
        doc: "two seats may win on one discard, or only the nearest one (atamahane) (Tenhou: double)",
    },
    RuleKey {
        name: "abort-triple-ron",
        values: YES_NO,
        doc: "three rons on one discard are an abortive draw (sanchahou; Tenhou: yes)",
    },
    RuleKey {
        name: "abort-nine-terminals",
        values: YES_NO,
        doc: "nine kinds of terminals and honors on a first draw may abort (kyuushu kyuuhai; Tenhou: yes)",
    },
    RuleKey {
        name: "abort-four-winds",
        values: YES_NO,
        doc: "four first discards of the same wind abort (suufon renda; Tenhou: yes)",
    },
    RuleKey {
        name: "abort-four-riichi",
        values: YES_NO,
        doc: "a fourth accepted riichi aborts (suucha riichi; Tenhou: yes)",
    },
    RuleKey {
        name: "abort-four-kans",
        values: YES_NO,
        doc: "four kans by two or more seats abort (suukaikan; Tenhou: yes)",
    },
    RuleKey {
        name: "kuikae-forbidden",
        values: YES_NO,
        doc: "after a call the called kind (and a chii's far end) may not be discarded (Tenhou: yes)",
    },
    RuleKey {
        name: "busting",
        values: YES_NO,
        doc: "a seat below 0 points ends the match (tobi; Tenhou: yes)",
    },
    RuleKey {
        name: "nagashi-mangan",
        values: YES_NO,
        doc: "all-terminal-and-honor discards none called pay a mangan at an exhaustive draw (Tenhou: yes)",
    },
    RuleKey {
        name: "pao",
        values: YES_NO,
        doc: "feeding the last set of big three dragons or big four winds makes a seat liable (Tenhou: yes)",
    },
    RuleKey {
        name: "pao-tsumo-whole-hand",
        values: YES_NO,
        doc: "with pao, a tsumo of a composite yakuman is paid whole by the liable seat, not only the liable yakuman (Tenhou: yes)",
    },
    RuleKey {
        name: "agari-yame",
        values: YES_NO,
        doc: "a first-place dealer in the last round ends the match after its win (Tenhou: yes)",
    },
    RuleKey {
        name: "tenpai-yame",
        values: YES_NO,
        doc: "a first-place dealer in the last round ends the match when tenpai at an exhaustive draw (Tenhou: yes since mid-2010)",
    },
    RuleKey {
        name: "kokushi-robs-ankan",
        values: YES_NO,
        doc: "thirteen orphans may rob a closed kan (Tenhou: yes)",
    },
];

/// The position of `key` in [`KEYS`]: one loop over the names instead of a string match per
/// caller (`set`, `write_value`, the flags).
pub(super) fn key_at(key: &str) -> Option<usize> {
    KEYS.iter().position(|k| k.name == key)
}

/// The positions in [`KEYS`] of the keys that are no flag (`key_positions_name_their_keys`
/// checks them).
pub(super) const KAZOE: usize = 5;
pub(super) const DOUBLE_WIND_PAIR_FU: usize = 11;
pub(super) const ROUNDS: usize = 13;
pub(super) const START_POINTS: usize = 14;
pub(super) const TARGET_POINTS: usize = 15;
pub(super) const MULTI_RON: usize = 17;

/// A flag of a config by its key's position in [`KEYS`]: the field to read and write.
pub(super) fn flag_at(config: &mut Config, key: usize) -> Option<&mut bool> {
    let s = &mut config.score;
    Some(match key {
        0 => &mut s.open_tanyao,                // open-tanyao
        1 => &mut s.red_fives,                  // red-fives
        2 => &mut s.kan_dora,                   // kan-dora
        3 => &mut s.ura_dora,                   // ura-dora
        4 => &mut s.kiriage,                    // kiriage
        6 => &mut s.composite_yakuman,          // composite-yakuman
        7 => &mut s.double_kokushi_13,          // double-kokushi-13
        8 => &mut s.double_suuankou_tanki,      // double-suuankou-tanki
        9 => &mut s.double_junsei_chuuren,      // double-junsei-chuuren
        10 => &mut s.double_daisuushii,         // double-daisuushii
        12 => &mut s.three_player,              // three-player
        16 => &mut config.extension,            // extension
        18 => &mut config.abort_triple_ron,     // abort-triple-ron
        19 => &mut config.abort_nine_terminals, // abort-nine-terminals
        20 => &mut config.abort_four_winds,     // abort-four-winds
        21 => &mut config.abort_four_riichi,    // abort-four-riichi
        22 => &mut config.abort_four_kans,      // abort-four-kans
        23 => &mut config.kuikae_forbidden,     // kuikae-forbidden
        24 => &mut config.busting,              // busting
        25 => &mut config.nagashi_mangan,       // nagashi-mangan
        26 => &mut config.pao,                  // pao
        27 => &mut config.pao_tsumo_whole_hand, // pao-tsumo-whole-hand
        28 => &mut config.agari_yame,           // agari-yame
        29 => &mut config.tenpai_yame,          // tenpai-yame
        30 => &mut config.kokushi_robs_ankan,   // kokushi-robs-ankan
        _ => return None,
    })
}

fn points(value: &str) -> Result<i32, RuleError> {
    // `value.parse::<i32>()`, without linking it.
    crate::notation::parse_i32(value)
        .filter(|p| (100..1_000_000).contains(p) && p % 100 == 0)
        .ok_or(RuleError::BadValue)
}

impl game::Rules for Config {
    /// `tenhou` (the default), `tenhou-east`, `basic`, `tenhou-sanma`, `tenhou-sanma-east`,
    /// `mahjong-soul`, `mahjong-soul-sanma` ([`Config::PRESETS`], the names of
    /// `parlor mahjong play --preset`). The hand-value presets (`online`, `mahjong-soul`,
    /// `mahjong-pypi`, [`super::score::Config::PRESETS`]) are hand-value rules only; their
    /// fields are the keys `open-tanyao` … `double-wind-pair-fu`.
    const PRESETS: &'static [(&'static str, Config)] = &Config::PRESETS;
    const KEYS: &'static [RuleKey] = KEYS;
    /// A version byte (1) and [`Config::to_bytes`] (24 bytes).
    const ENCODED_BYTES: usize = RULES_BYTES;

    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        let key = key_at(key).ok_or(RuleError::UnknownKey)?;
        if let Some(field) = flag_at(self, key) {
            *field = match value {
                "yes" => true,
                "no" => false,
                _ => return Err(RuleError::BadValue),
            };
            return Ok(());
        }
        match key {
            KAZOE => {
                self.score.kazoe = match value {
                    "yakuman" => Kazoe::Yakuman,
                    "sanbaiman" => Kazoe::Sanbaiman,
                    _ => return Err(RuleError::BadValue),
                };
            }
            DOUBLE_WIND_PAIR_FU => {
                self.score.double_wind_pair_fu = match value {
                    "2" => 2,
                    "4" => 4,
                    _ => return Err(RuleError::BadValue),
                };
            }
            ROUNDS => {
                self.rounds = super::notation::parse_u8(value)
                    .filter(|r| (1..=16).contains(r))
                    .ok_or(RuleError::BadValue)?;
            }
            START_POINTS => self.start_points = points(value)?,
            TARGET_POINTS => self.target_points = points(value)?,
            MULTI_RON => {
                self.multi_ron = match value {
                    "double" => MultiRon::Double,
                    "head-bump" => MultiRon::HeadBump,
                    _ => return Err(RuleError::BadValue),
                };
            }
            _ => return Err(RuleError::UnknownKey),
        }
        Ok(())
    }

    fn write_value(&self, key: &str, out: &mut dyn fmt::Write) -> Result<(), RuleError> {
        let key = key_at(key).ok_or(RuleError::UnknownKey)?;
        let mut copy = *self;
        let written = if let Some(&mut on) = flag_at(&mut copy, key) {
            out.write_str(if on { "yes" } else { "no" })
        } else {
            match key {
                KAZOE => out.write_str(match self.score.kazoe {
                    Kazoe::Yakuman => "yakuman",
                    Kazoe::Sanbaiman => "sanbaiman",
                }),
                DOUBLE_WIND_PAIR_FU => Dec::from(self.score.double_wind_pair_fu).write_to(out),
                ROUNDS => Dec::from(self.rounds).write_to(out),
                START_POINTS => Dec::from(self.start_points).write_to(out),
                TARGET_POINTS => Dec::from(self.target_points).write_to(out),
                MULTI_RON => out.write_str(match self.multi_ron {
                    MultiRon::Double => "double",
                    MultiRon::HeadBump => "head-bump",
                }),
                _ => return Err(RuleError::UnknownKey),
            }
        };
        // A writer that fails is the caller's; the key and value were good.
        let _ = written;
        Ok(())
    }

    fn encode(&self, out: &mut [u8]) -> Option<usize> {
        let (version, rest) = out.split_first_mut()?;
        let body = rest.get_mut(..CONFIG_BYTES)?;
        *version = RULES_VERSION;
        for (slot, byte) in body.iter_mut().zip(self.to_bytes()) {
            *slot = byte;
        }
        Some(RULES_BYTES)
    }

    /// The config of [`game::Rules::encode`]'s 25 bytes (exactly), every field checked and the
    /// whole validated ([`Config::from_bytes`]).
    fn decode(bytes: &[u8]) -> Option<Config> {
        match bytes.split_first() {
            Some((&RULES_VERSION, rest)) if rest.len() == CONFIG_BYTES => Config::from_bytes(rest).ok(),
            _ => None,
        }
    }
}

impl game::bot::Bot<Round> for super::RandomBot {
    fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        super::RandomBot::choose(self, round, seat)
    }
}
