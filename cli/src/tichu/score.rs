//! `parlor tichu score <order> …` — one round's score on the core's [`score_round`] (spec
//! "Beyond the seed": card points, Tichu ±100, Grand Tichu ±200, the double victory).
//!
//! ```text
//! parlor tichu score 2103 --tricks 10,30,25,15 --hand 20 --tichu 2 --grand 1   # 170 -170
//! parlor tichu score 02 --tichu 2                                              # 100 0
//! ```
//! The answer is team 0's score (seats 0 and 2), a space, team 1's (seats 1 and 3).

use parlor_core::tichu::{Call, Seat, score_round};

use super::quoted;

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

/// Seats written as digits 0-3, commas allowed between them; each at most once.
fn seats(what: &str, text: &str) -> Result<Vec<Seat>, String> {
    let mut seats = Vec::new();
    for c in text.chars().filter(|&c| c != ',') {
        let seat = c
            .to_digit(10)
            .and_then(|d| u8::try_from(d).ok())
            .and_then(Seat::new)
            .ok_or_else(|| format!("bad {what} {}: seats are the digits 0-3", quoted(text)))?;
        if seats.contains(&seat) {
            return Err(format!("bad {what} {}: seat {c} twice", quoted(text)));
        }
        seats.push(seat);
    }
    Ok(seats)
}

fn finish_order(text: &str) -> Result<[Seat; 4], String> {
    let mut order = seats("finishing order", text)?;
    match order.as_slice() {
        [first, second] if first.partner() == *second => {}
        [_, _] => {
            return Err(format!(
                "bad finishing order {}: two seats are a double victory and must be partners; give three or four",
                quoted(text)
            ));
        }
        [_, _, _] | [_, _, _, _] => {}
        _ => {
            return Err(format!(
                "bad finishing order {}: the seats in the order they went out, first out first (two, three or four of 0-3)",
                quoted(text)
            ));
        }
    }
    // The seats not given went out last (a double victory's last two in any order).
    order.extend(
        (0..4)
            .filter_map(Seat::new)
            .filter(|seat| !order.contains(seat))
            .collect::<Vec<_>>(),
    );
    match order[..] {
        [a, b, c, d] => Ok([a, b, c, d]),
        _ => Err(format!("bad finishing order {}", quoted(text))),
    }
}

/// A number of card points: a multiple of 5 (every card's points are), at least −25 (the
/// Phoenix, the only negative card).
fn points(what: &str, text: &str) -> Result<i16, String> {
    let value: i16 = text
        .trim()
        .parse()
        .map_err(|_| format!("bad {what} {}: a whole number of card points", quoted(text)))?;
    if value % 5 != 0 {
        return Err(format!(
            "bad {what} {}: card points are multiples of 5 (5s 5, tens and Kings 10, Dragon 25, Phoenix -25)",
            quoted(text)
        ));
    }
    if !(-25..=125).contains(&value) {
        return Err(format!(
            "bad {what} {}: card points of a pile are -25..=125 (the Phoenix alone .. every positive card)",
            quoted(text)
        ));
    }
    Ok(value)
}

fn trick_points(text: &str) -> Result<[i16; 4], String> {
    let parts: Vec<&str> = text.split(',').collect();
    let [a, b, c, d] = parts[..] else {
        return Err(format!(
            "bad trick points {}: four numbers separated by commas, seat 0 first",
            quoted(text)
        ));
    };
    let what = |seat: usize| format!("trick points of seat {seat}");
    Ok([
        points(&what(0), a)?,
        points(&what(1), b)?,
        points(&what(2), c)?,
        points(&what(3), d)?,
    ])
}

/// The round's score, `team0 team1`, or the message naming what is wrong.
pub fn answer(args: &Args) -> Result<String, String> {
    let order = args
        .order
        .as_deref()
        .ok_or("missing <order>: the seats in the order they went out")?;
    let finish = finish_order(order)?;
    let mut calls = [Call::None; 4];
    for (text, call) in [(&args.tichu, Call::Tichu), (&args.grand, Call::GrandTichu)] {
        let what = if call == Call::Tichu { "--tichu" } else { "--grand" };
        for seat in seats(what, text.as_deref().unwrap_or_default())? {
            let slot = calls.get_mut(usize::from(seat.index())).ok_or("a seat is 0-3")?;
            if *slot != Call::None {
                return Err(format!("seat {} called both Tichu and Grand Tichu", seat.index()));
            }
            *slot = call;
        }
    }
    let [first, second, _, _] = finish;
    let double_victory = first.partner() == second;
    let tricks = match (&args.tricks, double_victory) {
        (Some(text), _) => trick_points(text)?,
        (None, true) => [0; 4],
        (None, false) => {
            return Err(
                "without a double victory the round needs --tricks: the card points each seat won, seat 0 first"
                    .to_owned(),
            );
        }
    };
    let hand = match &args.hand {
        Some(text) => points("hand points", text)?,
        None => 0,
    };
    if !double_victory {
        let total: i32 = tricks.iter().map(|&p| i32::from(p)).sum::<i32>() + i32::from(hand);
        if total != 100 {
            return Err(format!(
                "the card points in the tricks ({}) and in the last hand ({hand}) make {total}, not the deck's 100",
                tricks.map(|p| p.to_string()).join(",")
            ));
        }
        if tricks.iter().chain([&hand]).filter(|&&p| p < 0).count() > 1 {
            return Err(
                "two piles with negative card points: only the Phoenix (-25) is negative, and there is one".to_owned(),
            );
        }
    }
    let [team0, team1] = score_round(finish, tricks, hand, calls).map_err(|error| error.to_string())?;
    Ok(format!("{team0} {team1}"))
}
