//! # Five Up dominoes
//!
//! Rules source: seed `004` (a code-golf task: "is this play order a legal game of Five Up?") and
//! the rulings in `docs/rules/dominoes.md`. Details, rulings and figures: `docs/dominoes.md`.
//!
//! - [`Tile`], [`Tiles`] — tiles as unordered pairs of `u32` pips and their notation
//!   (`0-6 6-5`, also `6|5` and `[6|5]`; tokens separated by spaces or commas).
//! - [`validate`] — the seed task, exact and polynomial: [`Verdict::Legal`] with a [`Witness`]
//!   (where every tile attached) or [`Verdict::Illegal`] naming the first tile that broke it.
//! - [`Layout`] — a layout for engines: open ends, legal placements, playing a tile, Five Up
//!   scoring.
//! - [`SpinnerRule`] — which doubles are spinners (every double = Five Up, the default; the first
//!   double = All Fives; none = a single line).
//!
//! - The whole game: [`Round`] (one hand: the deal, turns, the boneyard, scoring), [`Match`]
//!   (hands to the target score), [`Config`] presets [`Config::FIVE_UP`] (the default),
//!   [`Config::ALL_FIVES`], [`Config::BLOCK`], and the bot [`RandomBot`] (the lowest legal
//!   action is [`game::bot::lowest_legal_action`](crate::game::bot::lowest_legal_action)). All
//!   behind the one interface ([`crate::game`]): `engine.rs`.
//! - [`text`] — the answer texts of `parlor dominoes five-up` (the verdict explained, parse
//!   errors naming the bad token), one source for the CLI and the firmware.
//!
//! Files: `tile.rs` (the model), `notation.rs`, `validate.rs` (the seed task), `verdict.rs`
//! (its answer types), `flow.rs` (the flow search behind it), `layout.rs` (engines and
//! scoring), `table.rs` (pip numbering),
//! `round.rs` (the hand engine), `game_match.rs` (the match), `bot.rs` (the bots), `text.rs`
//! (the answer texts).
//!
//! ```
//! use parlor_core::dominoes::{validate, Reason, SpinnerRule, Tiles, Verdict};
//!
//! let tiles: Tiles = "6-6 6-5 5-3 3-0".parse()?;
//! assert!(validate(&tiles, SpinnerRule::EveryDouble)?.is_legal());
//!
//! // The seed calls this legal; under the rules it is not (spec, "The seed task").
//! let tiles: Tiles = "12-12 12-1 3-12 3-1 1-2 3-3".parse()?;
//! match validate(&tiles, SpinnerRule::EveryDouble)? {
//!     Verdict::Illegal(illegal) => {
//!         assert_eq!(illegal.tile, 5);
//!         assert_eq!(illegal.reason, Reason::NoOpenEnd);
//!     }
//!     Verdict::Legal(_) => unreachable!(),
//! }
//! # Ok::<(), parlor_core::dominoes::Error>(())
//! ```

mod bot;
mod draw;
mod engine;
mod error;
mod flow;
mod game_match;
mod layout;
mod notation;
mod round;
mod table;
pub mod text;
mod tile;
mod validate;
mod verdict;

pub use bot::{Greedy, RandomBot};
pub use engine::{ACTION_DRAW, ACTION_PASS};
pub use error::Error;
pub use flow::{SCRATCH_BYTES, SHORT_SCRATCH_BYTES, Scratch, ShortScratch};
pub use game_match::{MATCH_BYTES, MATCH_ENCODED_BYTES, Match, Step};
pub use layout::{BorrowedLayout, Layout, OpenEnd, Placements, Score};
pub use notation::{for_each_tile, parse_action, parse_deal, parse_tiles};
pub use round::{
    Action, CONFIG_BYTES, Config, Deal, DrawRule, ENCODED_BYTES, End, Event, FORMAT_VERSION, LeaderRule, MAX_ACTIONS,
    MAX_PIP, MAX_PLAYERS, MAX_SET_TILES, Observation, Outcome, ROUND_BYTES, Round, Unit,
};
pub use tile::{Tile, Tiles};
pub use validate::{validate, validate_each, validate_each_short, validate_each_short_with, validate_with};
pub use verdict::{Illegal, Placement, Reason, Verdict, Witness};
use zerocopy::{Immutable, IntoBytes, KnownLayout, TryFromBytes};

/// The most tiles a play order ([`Tiles`], [`validate`]) or a [`Layout`] can hold: 256, more
/// than a full double-18 set (190 tiles). Longer inputs get [`Error::TooManyTiles`].
pub const MAX_PLAY_ORDER: usize = 256;

/// The most tiles [`validate_each_short`] takes (and [`validate`] checks with its small,
/// stack-cheap engine): 32, enough for a double-6 game (28 tiles).
pub const SHORT_TILES: usize = flow::SMALL_TILES;

/// Which doubles are spinners (spec, "Beyond the seed").
///
/// A spinner can be played on all four sides: played first it leaves four open ends of its
/// number, attached later it leaves three. Any other double is played crosswise in the line and
/// leaves two open ends played first, one attached later.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(u8)]
pub enum SpinnerRule {
    /// Every double is a spinner: Five Up (the seed's game, the default). Scoring: open-end total
    /// ÷ 5 when it is a multiple of 5.
    #[default]
    EveryDouble,
    /// Only the first double played (first in the play order, wherever it lands) is a spinner:
    /// All Fives. Scoring: the open-end total itself when it is a multiple of 5.
    FirstDouble,
    /// No spinners: a single line (block and draw games). Scored like Five Up.
    None,
}

impl SpinnerRule {
    /// Every rule, in code order.
    pub const ALL: [SpinnerRule; 3] = [SpinnerRule::EveryDouble, SpinnerRule::FirstDouble, SpinnerRule::None];

    /// The rule's code across the C ABI: 0 every double, 1 first double, 2 none.
    pub const fn code(self) -> u8 {
        match self {
            SpinnerRule::EveryDouble => 0,
            SpinnerRule::FirstDouble => 1,
            SpinnerRule::None => 2,
        }
    }

    /// The rule with code `code` (see [`SpinnerRule::code`]), or `None` for an unknown code.
    /// `const` twin of [`SpinnerRule::try_from`], which gives a typed error instead.
    pub const fn from_code(code: u8) -> Option<SpinnerRule> {
        match code {
            0 => Some(SpinnerRule::EveryDouble),
            1 => Some(SpinnerRule::FirstDouble),
            2 => Some(SpinnerRule::None),
            _ => None,
        }
    }

    /// The command-line name: `every-double`, `first-double` or `none`.
    pub const fn name(self) -> &'static str {
        match self {
            SpinnerRule::EveryDouble => "every-double",
            SpinnerRule::FirstDouble => "first-double",
            SpinnerRule::None => "none",
        }
    }

    /// Whether the `double_position`-th double of a play order (0 = the first double played)
    /// is a spinner under this rule.
    pub const fn is_spinner(self, double_position: usize) -> bool {
        match self {
            SpinnerRule::EveryDouble => true,
            SpinnerRule::FirstDouble => double_position == 0,
            SpinnerRule::None => false,
        }
    }

    /// Points for an open-end total (spec, "Beyond the seed"): 0 unless `total` is a positive
    /// multiple of 5; then `total / 5` (Five Up, also used for [`SpinnerRule::None`]) or `total`
    /// (All Fives, [`SpinnerRule::FirstDouble`]).
    pub const fn points(self, total: u64) -> u64 {
        // Exact division by 5 through its inverse modulo 2^64 (Granlund–Montgomery): `total` is
        // a multiple of 5 exactly when `total × 5⁻¹` (wrapping) is at most `u64::MAX / 5`, and
        // that product is then `total / 5`. A 64-bit multiply instead of `u64` division, which
        // 32-bit microcontrollers would do with a ~400-byte library routine.
        const INVERSE_OF_5: u64 = 0xCCCC_CCCC_CCCC_CCCD;
        let fifth = total.wrapping_mul(INVERSE_OF_5);
        if total == 0 || fifth > u64::MAX / 5 {
            return 0;
        }
        match self {
            SpinnerRule::FirstDouble => total,
            SpinnerRule::EveryDouble | SpinnerRule::None => fifth,
        }
    }
}

impl TryFrom<u8> for SpinnerRule {
    type Error = Error;

    /// The rule with C ABI code `code` (0 every double, 1 first double, 2 none; see
    /// [`SpinnerRule::code`]), or [`Error::UnknownCode`] naming the code (`what` =
    /// `"spinner rule"`). This is how rule codes from C are checked.
    ///
    /// ```
    /// use parlor_core::dominoes::{Error, SpinnerRule};
    /// assert_eq!(SpinnerRule::try_from(1), Ok(SpinnerRule::FirstDouble));
    /// assert_eq!(SpinnerRule::try_from(3), Err(Error::UnknownCode { what: "spinner rule", code: 3 }));
    /// ```
    fn try_from(code: u8) -> Result<SpinnerRule, Error> {
        SpinnerRule::from_code(code).ok_or(Error::UnknownCode {
            what: reason!("spinner rule"),
            code: u32::from(code),
        })
    }
}

impl core::fmt::Display for SpinnerRule {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for SpinnerRule {
    type Err = Error;

    /// Parses `every-double`, `first-double` or `none`.
    fn from_str(text: &str) -> Result<Self, Error> {
        SpinnerRule::ALL
            .into_iter()
            .find(|rule| rule.name() == text)
            .ok_or(Error::UnknownRule)
    }
}
