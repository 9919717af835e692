//! `parlor tichu score <order> …` — one round's score by the core's
//! [`text::score`](parlor_core::tichu::text::score) (card points, Tichu ±100, Grand Tichu ±200,
//! the double victory), whose texts are the answer; this module only holds clap's arguments.
//!
//! ```text
//! parlor tichu score 2103 --tricks 10,30,25,15 --hand 20 --tichu 2 --grand 1   # 170 -170
//! parlor tichu score 02 --tichu 2                                              # 100 0
//! ```
//! The answer is team 0's score (seats 0 and 2), a space, team 1's (seats 1 and 3).

use parlor_core::tichu::text::{ScoreOptions, score};

/// The arguments of one round (the command line, or the words of one batch line).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Args {
    /// The seats in the order they went out, first out first (`2103` or `2,1,0,3`). Three seats
    /// imply the fourth; two partners alone are a double victory.
    pub order: Option<String>,
    /// Card points in the tricks each seat won, seat 0 first (`10,30,25,15`; a Dragon trick
    /// counts for the opponent it was given to). Not needed for a double victory.
    #[arg(long, allow_hyphen_values = true)]
    pub tricks: Option<String>,
    /// Card points still in the last player's hand (default 0).
    #[arg(long, allow_hyphen_values = true)]
    pub hand: Option<String>,
    /// The seats that called Tichu (`2` or `0,2`).
    #[arg(long)]
    pub tichu: Option<String>,
    /// The seats that called Grand Tichu.
    #[arg(long)]
    pub grand: Option<String>,
}

impl Args {
    /// These arguments with every one left out here taken from `defaults` (batch mode).
    pub fn or(self, defaults: &Args) -> Args {
        Args {
            order: self.order.or_else(|| defaults.order.clone()),
            tricks: self.tricks.or_else(|| defaults.tricks.clone()),
            hand: self.hand.or_else(|| defaults.hand.clone()),
            tichu: self.tichu.or_else(|| defaults.tichu.clone()),
            grand: self.grand.or_else(|| defaults.grand.clone()),
        }
    }
}

/// The round's score, `team0 team1`, or the message naming what is wrong (both texts the core's).
pub fn answer(args: &Args) -> Result<String, String> {
    let options = ScoreOptions {
        order: args.order.as_deref(),
        tricks: args.tricks.as_deref(),
        hand: args.hand.as_deref(),
        tichu: args.tichu.as_deref(),
        grand: args.grand.as_deref(),
    };
    score(&options)
        .map(|score| score.to_string())
        .map_err(|error| error.to_string())
}
