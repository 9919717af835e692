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
    BadConfig {
        /// What is wrong.
        why: &'static str,
    },
    /// [`Round::new`](super::Round::new): the given deal is impossible (a tile twice, outside
    /// the set, wrong counts).
    BadDeal {
        /// What is wrong.
        why: &'static str,
    },
    /// The table has no seat `seat`.
    NoSuchSeat {
        /// The seat given.
        seat: u8,
    },
    /// The hand (or the match) is over: nobody may act.
    HandOver,
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
    BadEncoding {
        /// What is wrong.
        why: &'static str,
    },
    /// A broken internal invariant: a path the library's own reasoning says cannot be reached
    /// (a bug — please report it with the input). Never a rules answer; debug builds assert
    /// before returning it.
    Internal,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownTile { span } => write!(f, "not a tile (expected a-b, a|b or [a|b]) at {span}"),
            Error::PipOutOfRange { span } => write!(f, "pip number larger than 4294967295 at {span}"),
            Error::TooManyTiles { capacity, .. } => write!(f, "more than {capacity} tiles"),
            Error::UnknownRule => f.write_str("unknown spinner rule (expected every-double, first-double or none)"),
            Error::UnknownCode { what, code } => write!(f, "unknown {what} code {code}"),
            Error::DuplicateTile { earlier } => write!(f, "the tile is already in the layout (index {earlier})"),
            Error::NoSuchTile { parent } => write!(f, "no tile with index {parent} in the layout"),
            Error::PipNotOnTile { pip } => write!(f, "the tile does not show {pip}"),
            Error::NoFreeEnd { parent, pip } => write!(f, "tile {parent} has no free end showing {pip}"),
            Error::PlacementRequired => f.write_str("the layout is not empty: the tile needs a placement"),
            Error::OpeningTakesNoPlacement => f.write_str("the layout is empty: the opening tile takes no placement"),
            Error::BadConfig { why } => write!(f, "bad config: {why}"),
            Error::BadDeal { why } => write!(f, "bad deal: {why}"),
            Error::NoSuchSeat { seat } => write!(f, "no seat {seat} at this table"),
            Error::HandOver => f.write_str("the hand is over"),
            Error::NotYourTurn { seat } => write!(f, "it is not seat {seat}'s turn"),
            Error::NotInHand { tile } => write!(f, "{tile} is not in the hand"),
            Error::NotInLayout { on } => write!(f, "{on} is not in the layout"),
            Error::NoOpenEndOn { tile, on } => {
                write!(f, "{tile} cannot attach to {on}: no free end of {on} shows its number")
            }
            Error::MustPlay => f.write_str("a tile in hand can be played, so the seat must play"),
            Error::MustDraw => {
                f.write_str("no tile can be played and the boneyard can be drawn from, so the seat must draw")
            }
            Error::CannotDraw => f.write_str("nothing may be drawn now"),
            Error::BufferTooSmall { needed } => write!(f, "the buffer is too small ({needed} bytes needed)"),
            Error::BadEncoding { why } => write!(f, "not a valid state: {why}"),
            Error::Internal => f.write_str(crate::INTERNAL_TEXT),
        }
    }
}

impl core::error::Error for Error {}
