//! The one error type of the dominoes module.

use core::fmt;

use crate::notation::Span;

/// Everything that can be wrong with a dominoes input. Verdicts (a legal or illegal play order)
/// are not errors: an illegal order is a [`Verdict::Illegal`](super::Verdict::Illegal).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// The token at `span` is not a tile: expected `a-b`, `a|b` or `[a|b]` with decimal pips.
    UnknownTile {
        /// The whole token.
        span: Span,
    },
    /// The pip number at `span` does not fit a `u32` (more than 4294967295).
    PipOutOfRange {
        /// The number's digits.
        span: Span,
    },
    /// More tiles than [`MAX_PLAY_ORDER`](super::MAX_PLAY_ORDER). `span` is the first token past the
    /// capacity when the tiles came from text.
    TooManyTiles {
        /// The capacity, [`MAX_PLAY_ORDER`](super::MAX_PLAY_ORDER).
        capacity: usize,
        /// The first token that did not fit, when parsing text.
        span: Option<Span>,
    },
    /// An unknown spinner rule name (expected `every-double`, `first-double` or `none`).
    UnknownRule,
    /// A numeric code that names nothing: `what` is the enum (`"spinner rule"` from
    /// [`SpinnerRule::try_from`](super::SpinnerRule::try_from), which takes 0 every double,
    /// 1 first double, 2 none).
    UnknownCode {
        /// The enum the code was read as, e.g. `"spinner rule"`.
        what: &'static str,
        /// The code given.
        code: u32,
    },
    /// [`Layout::play`](super::Layout::play): the tile is already in the layout at index
    /// `earlier` (a set holds one tile of each pair).
    DuplicateTile {
        /// Index of the copy already played.
        earlier: usize,
    },
    /// [`Layout::play`](super::Layout::play): the placement names tile index `parent`, which
    /// is not in the layout.
    NoSuchTile {
        /// The index given.
        parent: usize,
    },
    /// [`Layout::play`](super::Layout::play): the played tile does not show `pip`.
    PipNotOnTile {
        /// The pip given.
        pip: u32,
    },
    /// [`Layout::play`](super::Layout::play): tile `parent` has no free end showing `pip` that
    /// can take a tile now.
    NoFreeEnd {
        /// The tile played on.
        parent: usize,
        /// The pip given.
        pip: u32,
    },
    /// [`Layout::play`](super::Layout::play): the layout is not empty, so the tile needs a
    /// placement.
    PlacementRequired,
    /// [`Layout::play`](super::Layout::play): the layout is empty; its first tile is played
    /// without a placement.
    OpeningTakesNoPlacement,
    /// [`Config::validate`](super::Config::validate): the config is not playable; `why` says
    /// which field.
    InvalidConfig {
        /// What is wrong.
        why: &'static str,
    },
    /// [`Round::new`](super::Round::new): the given deal is impossible (a tile twice, outside
    /// the set, wrong counts).
    BadDeal {
        /// What is wrong.
        why: &'static str,
    },
    /// A replay-log deal ([`parse_deal`](super::parse_deal)) whose shape is wrong: `why` says
    /// how (the tiles themselves are checked by the tile errors and [`Error::BadDeal`]).
    BadDealText {
        /// What is wrong, e.g. "the last part of a deal is `boneyard <tiles>`".
        why: &'static str,
    },
    /// The table has no seat `seat`.
    NoSuchSeat {
        /// The seat given.
        seat: u8,
    },
    /// The hand (or the match) is over: nobody may act.
    RoundOver,
    /// It is not seat `seat`'s turn.
    NotYourTurn {
        /// The seat that tried to act.
        seat: u8,
    },
    /// The tile played is not in the seat's hand.
    NotInHand {
        /// The tile.
        tile: super::Tile,
    },
    /// The tile named to attach to is not in the layout.
    NotInLayout {
        /// The tile named.
        on: super::Tile,
    },
    /// `tile` cannot attach to `on`: they share no number, or `on`'s end showing it is covered.
    NoOpenEndOn {
        /// The tile played.
        tile: super::Tile,
        /// The layout tile named.
        on: super::Tile,
    },
    /// Drawing or passing while a tile in hand can be played.
    MustPlay,
    /// Passing while the seat may (so must) draw.
    MustDraw,
    /// Drawing with nothing to draw (the boneyard is empty or held in reserve, the draw rule
    /// allows no draw, or the seat already drew its one tile).
    CannotDraw,
    /// An output buffer is too small: `needed` bytes.
    BufferTooSmall {
        /// Bytes needed.
        needed: usize,
    },
    /// [`Round::decode`](super::Round::decode) / [`Match::decode`](super::Match::decode): the
    /// bytes are not a valid state; `why` names the first problem.
    InvalidState {
        /// What is wrong.
        why: &'static str,
    },
    /// An action that is not legal now, with no more precise reason: what
    /// [`GameError::from_fault`](crate::game::GameError::from_fault) builds for
    /// [`Fault::IllegalAction`](crate::game::Fault::IllegalAction) (the round itself always names
    /// the reason: [`Error::NotInHand`], [`Error::MustPlay`], …).
    IllegalAction,
    /// The text at `span` is not an action in the replay-log notation: expected `play <tile>`,
    /// `play <tile> on <tile>`, `draw` or `pass` ([`parse_action`](super::parse_action)).
    UnknownAction {
        /// The whole text given.
        span: Span,
    },
    /// A broken internal invariant: a path the library's own reasoning says cannot be reached
    /// (a bug — please report it with the input). Never a rules answer; debug builds assert
    /// before returning it.
    Internal,
}

/// The fixed wording of each error that has its own C status code: `Display` prints it (then the
/// details: ` at <span>`, ` (<values>)` or `: <why>`), and `parlor_status_str` returns it after
/// `"dominoes: "`, so the text exists once.
impl Error {
    /// The text of [`Error::UnknownTile`] (C `PARLOR_DOMINOES_ERR_UNKNOWN_TILE`).
    pub const UNKNOWN_TILE: &'static str = "not a tile (expected a-b, a|b or [a|b])";
    /// The text of [`Error::PipOutOfRange`] (C `PARLOR_DOMINOES_ERR_PIP_OUT_OF_RANGE`).
    pub const PIP_OUT_OF_RANGE: &'static str = "a pip number is larger than 4294967295";
    /// The text of [`Error::DuplicateTile`] (C `PARLOR_DOMINOES_ERR_DUPLICATE_TILE`).
    pub const DUPLICATE_TILE: &'static str = "the tile is already in the layout";
    /// The text of [`Error::NoSuchTile`] (C `PARLOR_DOMINOES_ERR_NO_SUCH_TILE`).
    pub const NO_SUCH_TILE: &'static str = "the placement's parent is not an earlier tile";
    /// The text of [`Error::PipNotOnTile`] (C `PARLOR_DOMINOES_ERR_PIP_NOT_ON_TILE`).
    pub const PIP_NOT_ON_TILE: &'static str = "the placement's pip is not on the tile";
    /// The text of [`Error::NoFreeEnd`] (C `PARLOR_DOMINOES_ERR_NO_FREE_END`).
    pub const NO_FREE_END: &'static str = "the parent tile has no free end showing that pip";
    /// The text of [`Error::PlacementRequired`] (C `PARLOR_DOMINOES_ERR_PLACEMENT_REQUIRED`).
    pub const PLACEMENT_REQUIRED: &'static str = "a tile after the first needs a placement";
    /// The text of [`Error::OpeningTakesNoPlacement`] (C `PARLOR_DOMINOES_ERR_OPENING_TAKES_NO_PLACEMENT`).
    pub const OPENING_TAKES_NO_PLACEMENT: &'static str = "the opening tile takes no placement";
    /// The text of [`Error::InvalidConfig`] (C `PARLOR_DOMINOES_ERR_BAD_CONFIG`).
    pub const INVALID_CONFIG: &'static str = "the config is not playable";
    /// The text of [`Error::BadDeal`] (C `PARLOR_DOMINOES_ERR_BAD_DEAL`).
    pub const BAD_DEAL: &'static str = "the deal is impossible";
    /// The text of [`Error::NoSuchSeat`] (C `PARLOR_DOMINOES_ERR_NO_SUCH_SEAT`).
    pub const NO_SUCH_SEAT: &'static str = "no such seat at this table";
    /// The text of [`Error::RoundOver`] (C `PARLOR_DOMINOES_ERR_HAND_OVER`).
    pub const ROUND_OVER: &'static str = "the hand is over";
    /// The text of [`Error::NotYourTurn`] (C `PARLOR_DOMINOES_ERR_NOT_YOUR_TURN`).
    pub const NOT_YOUR_TURN: &'static str = "it is not this seat's turn";
    /// The text of [`Error::NotInHand`] (C `PARLOR_DOMINOES_ERR_NOT_IN_HAND`).
    pub const NOT_IN_HAND: &'static str = "the tile is not in the hand";
    /// The text of [`Error::NotInLayout`] (C `PARLOR_DOMINOES_ERR_NOT_IN_LAYOUT`).
    pub const NOT_IN_LAYOUT: &'static str = "the tile attached to is not in the layout";
    /// The text of [`Error::NoOpenEndOn`] (C `PARLOR_DOMINOES_ERR_NO_OPEN_END_ON`).
    pub const NO_OPEN_END_ON: &'static str = "the tile cannot attach there: no free end shows its number";
    /// The text of [`Error::MustPlay`] (C `PARLOR_DOMINOES_ERR_MUST_PLAY`).
    pub const MUST_PLAY: &'static str = "a tile in hand can be played, so the seat must play";
    /// The text of [`Error::MustDraw`] (C `PARLOR_DOMINOES_ERR_MUST_DRAW`).
    pub const MUST_DRAW: &'static str =
        "no tile can be played and the boneyard can be drawn from, so the seat must draw";
    /// The text of [`Error::CannotDraw`] (C `PARLOR_DOMINOES_ERR_CANNOT_DRAW`).
    pub const CANNOT_DRAW: &'static str = "nothing may be drawn now";
    /// The text of [`Error::InvalidState`] (C `PARLOR_DOMINOES_ERR_BAD_STATE`).
    pub const INVALID_STATE: &'static str = "the state bytes are not a valid round or match";
    /// The text of [`Error::IllegalAction`].
    pub const ILLEGAL_ACTION: &'static str = "the action is not legal now";
    /// The text of [`Error::UnknownAction`].
    pub const UNKNOWN_ACTION: &'static str = "not an action (expected play <tile> [on <tile>], draw or pass)";
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownTile { span } => write!(f, "{} at {span}", Error::UNKNOWN_TILE),
            Error::PipOutOfRange { span } => write!(f, "{} at {span}", Error::PIP_OUT_OF_RANGE),
            Error::TooManyTiles { capacity, .. } => write!(f, "more than {capacity} tiles"),
            Error::UnknownRule => f.write_str("unknown spinner rule (expected every-double, first-double or none)"),
            Error::UnknownCode { what, code } => write!(f, "unknown {what} code {code}"),
            Error::DuplicateTile { earlier } => write!(f, "{} (index {earlier})", Error::DUPLICATE_TILE),
            Error::NoSuchTile { parent } => write!(f, "{} (index {parent})", Error::NO_SUCH_TILE),
            Error::PipNotOnTile { pip } => write!(f, "{} (pip {pip})", Error::PIP_NOT_ON_TILE),
            Error::NoFreeEnd { parent, pip } => write!(f, "{} (tile {parent}, pip {pip})", Error::NO_FREE_END),
            Error::PlacementRequired => f.write_str(Error::PLACEMENT_REQUIRED),
            Error::OpeningTakesNoPlacement => f.write_str(Error::OPENING_TAKES_NO_PLACEMENT),
            Error::InvalidConfig { why } => write!(f, "{}: {why}", Error::INVALID_CONFIG),
            Error::BadDeal { why } => write!(f, "{}: {why}", Error::BAD_DEAL),
            Error::BadDealText { why } => f.write_str(why),
            Error::NoSuchSeat { seat } => write!(f, "{} (seat {seat})", Error::NO_SUCH_SEAT),
            Error::RoundOver => f.write_str(Error::ROUND_OVER),
            Error::NotYourTurn { seat } => write!(f, "{} (seat {seat})", Error::NOT_YOUR_TURN),
            Error::NotInHand { tile } => write!(f, "{} ({tile})", Error::NOT_IN_HAND),
            Error::NotInLayout { on } => write!(f, "{} ({on})", Error::NOT_IN_LAYOUT),
            Error::NoOpenEndOn { tile, on } => write!(f, "{} ({tile} on {on})", Error::NO_OPEN_END_ON),
            Error::MustPlay => f.write_str(Error::MUST_PLAY),
            Error::MustDraw => f.write_str(Error::MUST_DRAW),
            Error::CannotDraw => f.write_str(Error::CANNOT_DRAW),
            Error::BufferTooSmall { needed } => write!(f, "the buffer is too small ({needed} bytes needed)"),
            Error::InvalidState { why } => write!(f, "{}: {why}", Error::INVALID_STATE),
            Error::IllegalAction => f.write_str(Error::ILLEGAL_ACTION),
            Error::UnknownAction { span } => write!(f, "{} at {span}", Error::UNKNOWN_ACTION),
            Error::Internal => f.write_str(crate::INTERNAL_TEXT),
        }
    }
}

impl core::error::Error for Error {}
