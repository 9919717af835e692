//! Round scoring (spec "Beyond the seed"): card points, Tichu and Grand Tichu calls, the
//! double victory.

use super::Error;
use super::trick::Seat;
use zerocopy::{Immutable, IntoBytes, KnownLayout, TryFromBytes};

/// A player's call before or during the round. Codes (`as u8`) 0, 1, 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(u8)]
pub enum Call {
    /// No call.
    #[default]
    None = 0,
    /// Tichu: ±100 for going out first or not.
    Tichu = 1,
    /// Grand Tichu (called before the ninth card): ±200.
    GrandTichu = 2,
}

impl Call {
    /// The bonus for a caller who went out first (`won`) or did not.
    pub const fn bonus(self, won: bool) -> i16 {
        let value = match self {
            Call::None => 0,
            Call::Tichu => 100,
            Call::GrandTichu => 200,
        };
        if won { value } else { value.wrapping_neg() } // 0, 100 or 200: no wrap
    }
}

impl TryFrom<u8> for Call {
    type Error = Error;
    /// The call of a code 0..=2 (none, Tichu, Grand Tichu), else [`Error::UnknownCode`] `{ what: "call", .. }`.
    fn try_from(code: u8) -> Result<Call, Error> {
        match code {
            0 => Ok(Call::None),
            1 => Ok(Call::Tichu),
            2 => Ok(Call::GrandTichu),
            _ => Err(Error::UnknownCode {
                what: reason!("call"),
                code: u32::from(code),
            }),
        }
    }
}

/// The scores of team 0 (seats 0 and 2) and team 1 (seats 1 and 3) for one round.
///
/// - `finish`: the seats in the order they went out (with a double victory, the last two in any
///   order);
/// - `trick_points[seat]`: card points in the tricks each seat won (Dragon tricks counted for
///   the opponent they were given to);
/// - `last_hand_points`: card points still in the last player's hand;
/// - `calls[seat]`: each seat's call.
///
/// A double victory (the first two out are partners) scores 200 for that team and no card
/// points. Otherwise the last player's tricks go to the first player out and the last player's
/// hand to the opponents; card points then sum to 100. Each call scores ±100 (Tichu) or ±200
/// (Grand Tichu) for the caller's team, plus if the caller went out first.
///
/// Errors: [`Error::InvalidScore`] when `finish` is no permutation of the seats, when one of the
/// five amounts (four trick piles, the last hand) is no possible pile of card points (a multiple
/// of 5 in −25..=125; checked even on a double victory, where they do not count), or, without a
/// double victory, when they cannot come from one deck: they must sum to 100 with at most one
/// negative (only the Phoenix is).
///
/// ```
/// use parlor_core::tichu::{score_round, Call, Seat};
/// let s = |i| Seat::new(i).unwrap();
/// let calls = [Call::Tichu, Call::None, Call::None, Call::None];
/// // Seat 0 out first (Tichu made), seat 3 last with 10 points in hand and 5 in tricks: both
/// // go to team 0 (the tricks to the first out, the hand to the opponents).
/// let score = score_round([s(0), s(1), s(2), s(3)], [40, 20, 25, 5], 10, calls).unwrap();
/// assert_eq!(score, [100 + 40 + 25 + 5 + 10, 20]);
/// assert_eq!(score_round([s(1), s(3), s(0), s(2)], [0; 4], 0, [Call::None; 4]), Ok([0, 200]));
/// ```
pub fn score_round(
    finish: [Seat; 4],
    trick_points: [i16; 4],
    last_hand_points: i16,
    calls: [Call; 4],
) -> Result<[i16; 2], Error> {
    let mut seen = 0u8;
    for seat in finish {
        seen |= 1u8 << (seat.index() & 3); // a seat is 0..=3
    }
    if seen != 0xF {
        return Err(Error::InvalidScore);
    }
    // Every pile of card points is a multiple of 5 in −25..=125 (the Phoenix alone .. every
    // positive card), whether or not the round counts them. (The five piles as one array, the
    // seats by index: no iterator chains; the way before is the tests' reference.)
    let [a, b, c, d] = trick_points;
    let piles = [a, b, c, d, last_hand_points];
    let mut total = 0i32;
    let mut negative = 0u8;
    for p in piles {
        if !(-25..=125).contains(&p) || p % 5 != 0 {
            return Err(Error::InvalidScore);
        }
        // Five piles in −25..=125: the sum cannot wrap an i32.
        total = total.wrapping_add(i32::from(p));
        negative = negative.wrapping_add(u8::from(p < 0));
    }
    let [first, second, _, last] = finish;
    let mut score = [0i16; 2];
    if first.team() == second.team() {
        if let Some(slot) = score.get_mut(first.team()) {
            *slot = 200;
        }
    } else {
        // Five piles share the deck's point cards: at most one negative (the Phoenix is the only
        // negative card). Any such split of 100 is dealt by some round (the Dragon can always
        // join the Phoenix or a pile of 25 or more).
        if total != 100 || negative > 1 {
            return Err(Error::InvalidScore);
        }
        for k in 0..4u8 {
            let seat = Seat::wrap(k);
            let points = seat.of(&trick_points);
            let team = if seat == last { first.team() } else { seat.team() };
            if let Some(slot) = score.get_mut(team) {
                *slot = slot.saturating_add(points);
            }
        }
        if let Some(slot) = score.get_mut(last.team() ^ 1) {
            *slot = slot.saturating_add(last_hand_points);
        }
    }
    for k in 0..4u8 {
        let seat = Seat::wrap(k);
        let call = seat.of(&calls);
        if let Some(slot) = score.get_mut(seat.team()) {
            *slot = slot.saturating_add(call.bonus(seat == first));
        }
    }
    Ok(score)
}

/// [`score_round`] the way before (iterator chains over the piles and the seats; the tests'
/// reference).
#[cfg(test)]
pub(super) fn score_round_before(
    finish: [Seat; 4],
    trick_points: [i16; 4],
    last_hand_points: i16,
    calls: [Call; 4],
) -> Result<[i16; 2], Error> {
    let mut seen = [false; 4];
    for seat in finish {
        if let Some(slot) = seen.get_mut(usize::from(seat.index())) {
            *slot = true;
        }
    }
    if seen.contains(&false) {
        return Err(Error::InvalidScore);
    }
    // Every pile of card points is a multiple of 5 in −25..=125 (the Phoenix alone .. every
    // positive card), whether or not the round counts them.
    let piles = || trick_points.iter().chain(core::iter::once(&last_hand_points));
    if piles().any(|p| !(-25..=125).contains(p) || p % 5 != 0) {
        return Err(Error::InvalidScore);
    }
    let [first, second, _, last] = finish;
    let mut score = [0i16; 2];
    if first.team() == second.team() {
        if let Some(slot) = score.get_mut(first.team()) {
            *slot = 200;
        }
    } else {
        let total = trick_points
            .iter()
            // Five piles checked to -25..=125 above: the sum cannot wrap an i32.
            .fold(i32::from(last_hand_points), |sum, &p| sum.wrapping_add(i32::from(p)));
        // Five piles share the deck's point cards: at most one negative (the Phoenix is the only
        // negative card). Any such split of 100 is dealt by some round (the Dragon can always
        // join the Phoenix or a pile of 25 or more).
        if total != 100 || piles().filter(|&&p| p < 0).count() > 1 {
            return Err(Error::InvalidScore);
        }
        for seat in (0..4u8).filter_map(Seat::new) {
            let points = seat.of(&trick_points);
            let team = if seat == last { first.team() } else { seat.team() };
            if let Some(slot) = score.get_mut(team) {
                *slot = slot.saturating_add(points);
            }
        }
        if let Some(slot) = score.get_mut(last.team() ^ 1) {
            *slot = slot.saturating_add(last_hand_points);
        }
    }
    for seat in (0..4u8).filter_map(Seat::new) {
        let call = seat.of(&calls);
        if let Some(slot) = score.get_mut(seat.team()) {
            *slot = slot.saturating_add(call.bonus(seat == first));
        }
    }
    Ok(score)
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects, clippy::indexing_slicing)] // tests may index and panic
mod tests {
    use super::{Call, Seat, score_round, score_round_before};

    /// The scoring against the way before on 300,000 pseudo-random inputs: every finish order
    /// (repeated seats too), piles around and outside the allowed range, every call.
    #[test]
    fn scoring_is_the_scoring_before() {
        let mut state = 0x853c_49e6_748f_ea9bu64;
        let mut next = |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % below
        };
        let calls_of = [Call::None, Call::Tichu, Call::GrandTichu];
        let (mut scored, mut refused) = (0, 0);
        for _ in 0..300_000 {
            let finish = [0; 4].map(|_| Seat::wrap(next(4) as u8));
            // Piles mostly multiples of 5 in range, some not: a split of 100 now and then.
            let mut pile = || {
                if next(8) == 0 {
                    next(200) as i16 - 60
                } else {
                    (next(31) as i16 - 5) * 5
                }
            };
            let mut trick_points = [0; 4].map(|_| pile());
            let last_hand = pile();
            if next(2) == 0 {
                trick_points[3] = 100 - trick_points[0] - trick_points[1] - trick_points[2] - last_hand;
            }
            let calls = [0; 4].map(|_| calls_of[next(3) as usize]);
            let now = score_round(finish, trick_points, last_hand, calls);
            assert_eq!(now, score_round_before(finish, trick_points, last_hand, calls));
            if now.is_ok() {
                scored += 1;
            } else {
                refused += 1;
            }
        }
        assert!(scored > 1_000 && refused > 1_000, "{scored} {refused}");
    }
}
