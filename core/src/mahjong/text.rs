//! The answer texts of `parlor mahjong …`, in one place: the CLI and the bare-metal vector runner
//! both print through these `Display` adapters, so no answer or message is written twice.
//!
//! - [`InSource`] (`error.in_source(text)`) — a parse error naming the bad token of its text
//!   (`unknown tile "0m"`, `fifth copy of 1m ("1m")`, `more than 14 tiles (from "5z" on)`);
//! - [`hand`], [`visible`] — a hand and the `--visible` tiles from their text, refused with an
//!   [`InputError`] naming the bad token;
//! - [`waits_from_text`], [`shanten_from_text`], [`ukeire_from_text`],
//!   [`decompositions_from_text`] — the `waits`, `shanten`, `ukeire` and `decompose` commands on
//!   a hand's text: [`TileList`] (`1m 4m`), the shanten number, [`UkeireText`] (`1m:4 4m:3`),
//!   [`Decompositions`] (`111m 234m … | …`), or the [`InputError`];
//! - [`ValueText`] — a Riichi hand value ([`score::score`](super::score::score)) as `parlor mahjong score` prints it:
//!   [`Headline`] (`4 han 20 fu 5200 points`), the yaku, dora, fu ([`FuName`]) and payments;
//! - [`ScoreArgError`] — a `parlor mahjong score` argument refused before the hand is valued
//!   (`--seat: expected E, S, W or N, not "X"`), from [`score_tiles`], [`score_wind`],
//!   [`score_meld`] and [`score_preset`].
//!
//! Quotes in messages are [`Quoted`] (cut after 40 characters).
//!
//! ```
//! use parlor_core::mahjong::Rules;
//! use parlor_core::mahjong::text::{ukeire_from_text, visible, waits_from_text};
//! let waits = waits_from_text("1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m", Rules::SEED).unwrap();
//! assert_eq!(waits.to_string(), "1m 2m 3m 4m 5m 6m 7m 8m 9m");
//! let seen = visible("9s9s9s").unwrap();
//! assert_eq!(ukeire_from_text("9s 1m 2m 3m", &seen, None).unwrap().to_string(), "9s:0");
//! assert_eq!(waits_from_text("1m 0m", Rules::SEED).unwrap_err().to_string(), "unknown tile \"0m\"");
//! ```
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::fmt;

use super::score::{CalledMeld, Config, FuKind, HandValue, List, Piece, Wait, Win, Wind};
use super::{
    Error, Form, Hand, KINDS, MAX_HAND, Rules, Size, Tile, TileCounts, Ukeire, for_each_decomposition, wait_tiles,
};
use crate::notation::Quoted;

/// A broken invariant of an adapter (a tile index outside the 34 kinds, a hand whose size was
/// checked failing the same check): `Display` fails rather than print a made-up answer.
fn broken(why: &str) -> fmt::Error {
    debug_assert!(false, "{why}");
    fmt::Error
}

/// A parse error of this game with the text it came from (the shared
/// [`crate::notation::InSource`]): `Display` names the bad token (quoted) where the error has
/// one, else it is the error's own text. Build it with [`Error::in_source`].
pub type InSource<'a> = crate::notation::InSource<'a, Error>;

impl Error {
    /// This error with the text it came from, for a message that names the bad token.
    ///
    /// ```
    /// use parlor_core::mahjong::Hand;
    /// let text = "111m222m333m444m5555z";
    /// let error = text.parse::<Hand>().unwrap_err();
    /// assert_eq!(error.in_source(text).to_string(), "more than 14 tiles (from \"5555z\" on)");
    /// ```
    pub const fn in_source(self, source: &str) -> InSource<'_> {
        InSource { error: self, source }
    }
}

impl fmt::Display for InSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let token = match self.error.span() {
            Some(span) => span.slice(self.source),
            None => "",
        };
        match self.error {
            Error::UnknownTile { .. } => write!(f, "{} {}", Error::UNKNOWN_TILE, Quoted(token)),
            // A fifth copy given as counts has no token.
            Error::FifthCopy { tile, .. } if token.is_empty() => write!(f, "fifth copy of {tile}"),
            Error::FifthCopy { tile, .. } => write!(f, "fifth copy of {tile} ({})", Quoted(token)),
            Error::TooManyTiles { .. } => write!(f, "more than {MAX_HAND} tiles (from {} on)", Quoted(token)),
            // A given deal's text: the token quoted before what it is not (none: the text).
            Error::DealText { why, .. } if token.is_empty() => f.write_str(why),
            Error::DealText { why, .. } => write!(f, "{} {why}", Quoted(token)),
            // Errors without a token (sizes, codes, internal) read as the core says them.
            error => error.fmt(f),
        }
    }
}

/// Why a command's hand or visible tiles were refused; its `Display` is the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputError<'a> {
    /// The hand's text does not parse (or, for `ukeire`, the hand is refused), naming the token.
    Hand(InSource<'a>),
    /// The visible tiles' text does not parse: `--visible: <why>`.
    Visible(InSource<'a>),
    /// The hand and the visible tiles together hold five copies of the tile.
    FifthWithVisible(Tile),
    /// The rules' own error (a wrong hand size).
    Core(Error),
}

impl fmt::Display for InputError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Hand(error) => error.fmt(f),
            InputError::Visible(error) => write!(f, "--visible: {error}"),
            InputError::FifthWithVisible(tile) => {
                write!(
                    f,
                    "fifth copy of {tile}: the hand and the visible tiles together hold five"
                )
            }
            InputError::Core(error) => error.fmt(f),
        }
    }
}

/// A hand from its text (`1m 1m 2m`, `112m456p11z` or a mix), or the message naming the bad token.
pub fn hand(text: &str) -> Result<Hand, InputError<'_>> {
    text.parse::<Hand>()
        .map_err(|error| InputError::Hand(error.in_source(text)))
}

/// The visible tiles (`ukeire --visible`) from their text as 34 counts, or the message naming
/// the bad token.
pub fn visible(text: &str) -> Result<[u8; KINDS], InputError<'_>> {
    text.parse::<TileCounts>()
        .map(|counts| counts.0)
        .map_err(|error| InputError::Visible(error.in_source(text)))
}

/// Tile kinds of a mask (bit `i`: [`Tile`] index `i`), in order m p s z then number, separated
/// by spaces (`1m 4m 7m`; the empty text for none): the `waits` answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileList(pub u64);

impl fmt::Display for TileList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, tile) in wait_tiles(self.0).enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{tile}")?;
        }
        Ok(())
    }
}

/// Tile acceptance as `tile:count` for each accepted kind (count = copies unseen), separated by
/// spaces (`1m:4 4m:3`; the empty text for none): the `ukeire` answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UkeireText(pub Ukeire);

impl fmt::Display for UkeireText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, tile) in wait_tiles(self.0.accepted).enumerate() {
            let count = self
                .0
                .remaining
                .get(tile.index())
                .ok_or_else(|| broken("a tile index is below KINDS"))?;
            let separator = if index > 0 { " " } else { "" };
            write!(f, "{separator}{tile}:{count}")?;
        }
        Ok(())
    }
}

/// Every decomposition of a complete hand under its rules, separated by ` | ` (the empty text
/// when it is not complete): the `decompose` answer, searched while it is written. Build it with
/// [`decompositions_from_text`] (which checks the hand's size).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decompositions {
    hand: Hand,
    rules: Rules,
}

impl fmt::Display for Decompositions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut written = Ok(());
        let mut first = true;
        for_each_decomposition(&self.hand, self.rules, |decomposition| {
            if written.is_ok() {
                let separator = if first { "" } else { " | " };
                written = write!(f, "{separator}{decomposition}");
                first = false;
            }
        })
        .map_err(|_| broken("the hand's size was checked when the answer was built"))?;
        written
    }
}

/// The `waits` command: the waits of the 3n+1-tile hand `text` under `rules`.
pub fn waits_from_text(text: &str, rules: Rules) -> Result<TileList, InputError<'_>> {
    let hand = hand(text)?;
    super::waits(&hand, rules).map(TileList).map_err(InputError::Core)
}

/// The `shanten` command: the shanten number of the hand `text` (the minimum over the forms
/// unless `form`).
pub fn shanten_from_text(text: &str, form: Option<Form>) -> Result<i8, InputError<'_>> {
    let hand = hand(text)?;
    super::shanten(&hand, form).map_err(InputError::Core)
}

/// The `ukeire` command: the tile acceptance of the 3n+1-tile hand `text` with the `visible`
/// tiles seen elsewhere (see [`visible`]).
pub fn ukeire_from_text<'a>(
    text: &'a str,
    visible: &[u8; KINDS],
    form: Option<Form>,
) -> Result<UkeireText, InputError<'a>> {
    let hand = hand(text)?;
    super::ukeire(&hand, Some(visible), form)
        .map(UkeireText)
        .map_err(|error| match error {
            // The hand parsed, so a fifth copy is the hand and the visible tiles together.
            Error::FifthCopy { tile, .. } => InputError::FifthWithVisible(tile),
            other => InputError::Hand(other.in_source(text)),
        })
}

/// The `decompose` command: every decomposition of the 3n+2-tile hand `text` under `rules`
/// (searched when the answer is written).
pub fn decompositions_from_text(text: &str, rules: Rules) -> Result<Decompositions, InputError<'_>> {
    let hand = hand(text)?;
    hand.expect_size(Size::Complete).map_err(InputError::Core)?;
    Ok(Decompositions { hand, rules })
}

// ---------------------------------------------------------------------------------------------
// The hand value.

/// The first line of a hand value: `<han> han <fu> fu <points> points[ <limit>]` (points: all the
/// winner receives, honba in, riichi sticks out).
#[derive(Clone, Copy, Debug)]
pub struct Headline<'a>(pub &'a HandValue);

impl fmt::Display for Headline<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = self.0;
        write!(
            f,
            "{} han {} fu {} points",
            value.han(),
            value.fu(),
            value.payment().total
        )?;
        match value.limit_name() {
            Some(limit) => write!(f, " {limit}"),
            None => Ok(()),
        }
    }
}

/// What a fu item is for, as the breakdown names it (`base`, `closed ron`, `concealed triplet
/// 5z`, `pair 7z`, `kanchan`).
#[derive(Clone, Copy, Debug)]
pub struct FuName(pub FuKind);

impl fmt::Display for FuName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            FuKind::Base => f.write_str("base"),
            FuKind::Chiitoitsu => f.write_str("chiitoitsu"),
            FuKind::ClosedRon => f.write_str("closed ron"),
            FuKind::Tsumo => f.write_str("tsumo"),
            FuKind::OpenPinfu => f.write_str("open hand without fu"),
            FuKind::Set { tile, kan, concealed } => {
                let how = if concealed { "concealed" } else { "open" };
                let what = if kan { "kan" } else { "triplet" };
                write!(f, "{how} {what} {tile}")
            }
            FuKind::Pair { tile } => write!(f, "pair {tile}"),
            FuKind::Wait(Wait::Kanchan) => f.write_str("kanchan"),
            FuKind::Wait(Wait::Penchan) => f.write_str("penchan"),
            FuKind::Wait(_) => f.write_str("tanki"),
        }
    }
}

/// A hand value as `parlor mahjong score` prints it, one item a line (no final line break): the
/// [`Headline`], each yaku and its han, the dora, ura-dora and red-five counts that are not 0,
/// the fu breakdown (`fu: base 20, closed ron 10 = 30 -> 30`; none for thirteen orphans), the
/// payments (`ron: 3900 from the discarder`, `tsumo: 2600 from the dealer, 1300 from each other
/// seat`) and the riichi sticks collected.
///
/// ```
/// use parlor_core::mahjong::score::{score, Config, Win};
/// use parlor_core::mahjong::text::ValueText;
/// let win = Win::from_text("1133m 55p 2288s 3377z", "7z").unwrap();
/// let value = score(&win, &Config::default()).unwrap();
/// assert_eq!(
///     ValueText { win: &win, value: &value }.to_string(),
///     "2 han 25 fu 1600 points\nchiitoitsu 2\nfu: chiitoitsu 25 = 25 -> 25\nron: 1600 from the discarder"
/// );
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ValueText<'a> {
    /// The winning hand (ron or tsumo, the dealer or not: the payment line).
    pub win: &'a Win,
    /// Its value ([`score::score`](super::score::score)).
    pub value: &'a HandValue,
}

/// The dora a hand value counts, by the names [`ValueText`] writes them (`dora`, `ura dora`,
/// `red five`, `nukidora`), in that order; only those above 0.
pub fn dora_counts(value: &HandValue) -> impl Iterator<Item = (&'static str, u8)> {
    [
        ("dora", value.dora()),
        ("ura dora", value.ura()),
        ("red five", value.red()),
        ("nukidora", value.nukidora()),
    ]
    .into_iter()
    .filter(|&(_, count)| count > 0)
}

impl fmt::Display for ValueText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = self.value;
        Headline(value).fmt(f)?;
        for yaku in value.yaku() {
            write!(f, "\n{} {}", yaku.yaku, yaku.han)?;
        }
        for (name, count) in dora_counts(value) {
            write!(f, "\n{name} {count}")?;
        }
        if !value.fu_items().is_empty() {
            f.write_str("\nfu: ")?;
            for (index, item) in value.fu_items().iter().enumerate() {
                let separator = if index > 0 { ", " } else { "" };
                write!(f, "{separator}{} {}", FuName(item.kind), item.fu)?;
            }
            write!(f, " = {} -> {}", value.raw_fu(), value.fu())?;
        }
        let payment = value.payment();
        if !self.win.tsumo {
            write!(f, "\nron: {} from the discarder", payment.ron)?;
        } else if self.win.dealer() {
            write!(f, "\ntsumo: {} from each", payment.non_dealer)?;
        } else if payment.total == payment.dealer.saturating_add(payment.non_dealer) {
            // Three players: one other seat besides the dealer.
            write!(
                f,
                "\ntsumo: {} from the dealer, {} from the other seat",
                payment.dealer, payment.non_dealer
            )?;
        } else {
            write!(
                f,
                "\ntsumo: {} from the dealer, {} from each other seat",
                payment.dealer, payment.non_dealer
            )?;
        }
        if payment.sticks > 0 {
            write!(f, "\nriichi sticks: {}", payment.sticks)?;
        }
        Ok(())
    }
}

/// A `parlor mahjong score` argument refused before the hand is valued: the CLI and the
/// bare-metal runner print the same message (`Display`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreArgError<'a> {
    /// `--preset` names no rule set ([`Config::preset`]).
    Preset(&'a str),
    /// Neither `--ron` nor `--tsumo`.
    RonOrTsumo,
    /// No `--win`.
    NoWinningTile,
    /// `--win` is not a tile.
    WinningTile(&'a str),
    /// A tile list (`what`: `tiles`, `--dora`, `--ura`) holds more tiles than it may.
    TooManyTiles {
        /// The argument.
        what: &'a str,
        /// Its text.
        text: &'a str,
    },
    /// A tile list (`what`) holds something that is not a tile.
    UnknownTile {
        /// The argument.
        what: &'a str,
        /// Its text.
        text: &'a str,
    },
    /// A wind argument (`what`: `--seat`, `--round`) is not `E`, `S`, `W` or `N`.
    Wind {
        /// The argument.
        what: &'a str,
        /// Its text.
        text: &'a str,
    },
    /// A `--meld` that is not a meld.
    Meld(&'a str),
    /// A fifth `--meld`.
    TooManyMelds,
}

impl fmt::Display for ScoreArgError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Preset(name) => write!(
                f,
                "unknown preset {} (online, mahjong-soul, mahjong-pypi)",
                Quoted(name)
            ),
            Self::RonOrTsumo => f.write_str("give --ron or --tsumo"),
            Self::NoWinningTile => f.write_str("give the winning tile: --win TILE"),
            Self::WinningTile(text) => write!(f, "--win: unknown tile {}", Quoted(text)),
            Self::TooManyTiles { what, text } => write!(f, "{what}: too many tiles in {}", Quoted(text)),
            Self::UnknownTile { what, text } => write!(f, "{what}: unknown tile in {}", Quoted(text)),
            Self::Wind { what, text } => write!(f, "{what}: expected E, S, W or N, not {}", Quoted(text)),
            Self::Meld(spec) => write!(
                f,
                "--meld: not a meld {} (chii:123s, pon:555p, minkan:7777z, shouminkan:2222p, ankan:1111m, then @E|S|W|N)",
                Quoted(spec)
            ),
            Self::TooManyMelds => f.write_str("more than four melds"),
        }
    }
}

/// The tiles of argument `what` (`tiles`, `--dora`, `--ura`) from `text`.
pub fn score_tiles<'a, const N: usize>(what: &'a str, text: &'a str) -> Result<List<Piece, N>, ScoreArgError<'a>> {
    text.parse().map_err(|error| match error {
        super::score::Error::TooManyTiles => ScoreArgError::TooManyTiles { what, text },
        _ => ScoreArgError::UnknownTile { what, text },
    })
}

/// The wind of argument `what` (`--seat`, `--round`) from `text`.
pub fn score_wind<'a>(what: &'a str, text: &'a str) -> Result<Wind, ScoreArgError<'a>> {
    text.parse().map_err(|_| ScoreArgError::Wind { what, text })
}

/// The winning tile (`--win`) from `text`.
pub fn score_winning(text: &str) -> Result<Piece, ScoreArgError<'_>> {
    text.parse().map_err(|_| ScoreArgError::WinningTile(text))
}

/// One `--meld` from its `spec`.
pub fn score_meld(spec: &str) -> Result<CalledMeld, ScoreArgError<'_>> {
    spec.parse().map_err(|_| ScoreArgError::Meld(spec))
}

/// The rule set named `name` (`--preset`).
pub fn score_preset(name: &str) -> Result<Config, ScoreArgError<'_>> {
    Config::preset(name).ok_or(ScoreArgError::Preset(name))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

    extern crate std;
    use std::string::ToString;

    use super::*;

    #[test]
    fn messages_name_the_bad_token() {
        let message = |text| hand(text).map(|_| ()).unwrap_err().to_string();
        assert_eq!(message("1m 1m 0m 2m"), "unknown tile \"0m\"");
        assert_eq!(message("1m 1m 1m 1m 1m"), "fifth copy of 1m (\"1m\")");
        assert_eq!(
            message("111m222m333m444m5555z"),
            "more than 14 tiles (from \"5555z\" on)"
        );
        assert_eq!(
            message(&"x".repeat(41)),
            std::format!("unknown tile {:?}…", "x".repeat(40))
        );
        assert_eq!(
            visible("99999s").map(|_| ()).unwrap_err().to_string(),
            "--visible: fifth copy of 9s (\"99999s\")"
        );
        let seen = visible("99s").unwrap();
        assert_eq!(
            ukeire_from_text("9s9s9s 1m", &seen, None).unwrap_err().to_string(),
            "fifth copy of 9s: the hand and the visible tiles together hold five"
        );
        assert_eq!(
            decompositions_from_text("1m", Rules::SEED).unwrap_err().to_string(),
            "wrong hand size: 1 tile, expected 3n+2 tiles (2, 5, 8, 11 or 14)"
        );
    }

    #[test]
    fn score_arguments_name_the_bad_token() {
        let message = |error: ScoreArgError<'_>| error.to_string();
        assert_eq!(
            message(score_wind("--seat", "X").unwrap_err()),
            "--seat: expected E, S, W or N, not \"X\""
        );
        assert_eq!(
            message(score_meld("minkan:777z").unwrap_err()),
            "--meld: not a meld \"minkan:777z\" (chii:123s, pon:555p, minkan:7777z, shouminkan:2222p, ankan:1111m, then @E|S|W|N)"
        );
        assert_eq!(
            message(score_preset("x").unwrap_err()),
            "unknown preset \"x\" (online, mahjong-soul, mahjong-pypi)"
        );
        assert_eq!(
            message(score_tiles::<5>("--dora", "123456m").unwrap_err()),
            "--dora: too many tiles in \"123456m\""
        );
        assert_eq!(message(score_winning("0z").unwrap_err()), "--win: unknown tile \"0z\"");
    }

    #[test]
    fn answers_list_tiles_and_decompositions() {
        assert_eq!(TileList(0).to_string(), "");
        assert_eq!(shanten_from_text("1m 1m 1m 2m", None), Ok(0));
        let all = decompositions_from_text("111222333m 789p 55z", Rules::SEED).unwrap();
        assert_eq!(all.to_string(), "111m 222m 333m 789p 55z | 123m 123m 123m 789p 55z");
        let none = decompositions_from_text("1m 2m 4m 5m 5m", Rules::SEED).unwrap();
        assert_eq!(none.to_string(), "");
        let accepted = ukeire_from_text("1m 2m 3m 5m", &[0; KINDS], None).unwrap();
        assert_eq!(accepted.to_string(), "5m:3");
    }
}
