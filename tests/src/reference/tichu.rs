//! Naive Tichu reference, written from `docs/rules/tichu.md` only: cards are a plain list, every
//! Phoenix substitution is tried, each combination type is checked from its definition, and
//! move generation tries every subset of the hand.

use std::collections::BTreeSet;

/// A card: `rank` 1 = Mah Jong, 2..=14 naturals, 15 = Dragon, 16 = Phoenix, 0 = Dog; `suit`
/// 0..=3 (Jade, Sword, Pagoda, Star) for suited naturals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    /// Rank code (see the type docs).
    pub rank: u8,
    /// Suit 0..=3, if known.
    pub suit: Option<u8>,
}

const DOG: u8 = 0;
const MAHJONG: u8 = 1;
const DRAGON: u8 = 15;
const PHOENIX: u8 = 16;

/// A sorted card list (the canonical form used to compare sets).
pub type Set = Vec<Card>;

/// Parses either notation of the spec: rank characters `2-9 0 T J Q K A 1 D P R`, a natural
/// optionally followed by a suit letter `j s p t`; `-` or "" = empty.
pub fn parse(text: &str) -> Result<Set, String> {
    if text.trim() == "-" {
        return Ok(Vec::new());
    }
    // Separators (ASCII spaces, commas) may stand between cards, not between rank and suit.
    let chars: Vec<char> = text.chars().collect();
    let mut cards = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_whitespace() || c == ',' {
            i += 1;
            continue;
        }
        let rank = match c {
            '2'..='9' => c as u8 - b'0',
            '0' | 'T' => 10,
            'J' => 11,
            'Q' => 12,
            'K' => 13,
            'A' => 14,
            '1' => MAHJONG,
            'D' => DOG,
            'P' => PHOENIX,
            'R' => DRAGON,
            _ => return Err(format!("unknown card {c:?}")),
        };
        let mut suit = None;
        if (2..=14).contains(&rank)
            && let Some(s) = chars.get(i + 1).and_then(|n| "jspt".find(*n))
        {
            suit = Some(s as u8);
            i += 1;
        }
        cards.push(Card { rank, suit });
        i += 1;
    }
    let naturals: Vec<&Card> = cards.iter().filter(|c| (2..=14).contains(&c.rank)).collect();
    let suited = naturals.iter().filter(|c| c.suit.is_some()).count();
    if suited != 0 && suited != naturals.len() {
        return Err("mixed notation".into());
    }
    for (i, a) in cards.iter().enumerate() {
        if cards[..i].contains(a) && (a.suit.is_some() || !(2..=14).contains(&a.rank)) {
            return Err("duplicate card".into());
        }
        if cards.iter().filter(|b| b.rank == a.rank).count() > 4 {
            return Err("more than four of a rank".into());
        }
    }
    cards.sort();
    Ok(cards)
}

/// Whether two sets could be on the table at once (each card at most as often as in the deck).
pub fn compatible(a: &Set, b: &Set) -> bool {
    let mut all = a.clone();
    all.extend(b.iter().copied());
    let mut seen = BTreeSet::new();
    for c in &all {
        let exact = c.suit.is_some() || !(2..=14).contains(&c.rank);
        if exact && !seen.insert(*c) {
            return false;
        }
    }
    (0..=16).all(|r| all.iter().filter(|c| c.rank == r).count() <= 4)
}

/// A reading: type name (as the core's `Kind::name`), number of cards, key in half ranks.
pub type Reading = (&'static str, usize, u32);

/// The most sets whose readings [`readings`] remembers (then it starts afresh).
const MAX_REMEMBERED_READINGS: usize = 1 << 18;

thread_local! {
    /// The readings of a set as computed ([`readings_from_definitions`]), by [`reading_key`]:
    /// the same few thousand rank patterns come up in every deal's hands.
    static READINGS: std::cell::RefCell<std::collections::HashMap<u64, Vec<Reading>, super::QuickBuild>> =
        const { std::cell::RefCell::new(std::collections::HashMap::with_hasher(super::QuickBuild)) };
}

/// What the readings of a set depend on, packed: how many cards of each rank (three bits per
/// rank code 0..=16) and whether every card has a suit and they all share it (bit 63); `None`
/// for a set no deck holds (a rank code past 16, more than seven cards of a rank). Two sets
/// with one key have the same [`readings`]: the definitions read ranks, the Phoenix (rank 16),
/// the Mah Jong, Dog and Dragon (ranks 1, 0, 15) and, for a straight flush, only whether the
/// naturals share a suit (a set holding a special card has a card without a suit).
fn reading_key(set: &Set) -> Option<u64> {
    let mut counts = [0u8; 17];
    for c in set {
        let count = counts.get_mut(usize::from(c.rank))?;
        *count += 1;
        if *count > 7 {
            return None;
        }
    }
    let packed = counts
        .iter()
        .enumerate()
        .fold(0u64, |key, (rank, &n)| key | u64::from(n) << (3 * rank));
    let suit = set.first().and_then(|c| c.suit);
    let flush = suit.is_some() && set.iter().all(|c| c.suit == suit);
    Some(packed | u64::from(flush) << 63)
}

/// Every reading of a set, from the definitions (`readings_from_definitions`), remembered by
/// what they depend on (`reading_key`). A lone Phoenix reads ("single", 1, 3).
pub fn readings(set: &Set) -> Vec<Reading> {
    let Some(key) = reading_key(set) else {
        return readings_from_definitions(set);
    };
    if let Some(known) = READINGS.with(|r| r.borrow().get(&key).cloned()) {
        return known;
    }
    let read = readings_from_definitions(set);
    READINGS.with(|r| {
        let mut r = r.borrow_mut();
        if r.len() >= MAX_REMEMBERED_READINGS {
            r.clear();
        }
        r.insert(key, read.clone());
    });
    read
}

/// Every reading of a set, from the definitions: each Phoenix substitution tried, each
/// combination type checked as defined.
fn readings_from_definitions(set: &Set) -> Vec<Reading> {
    let mut out = BTreeSet::new();
    if set.len() == 1 {
        let r = set[0].rank;
        out.insert(match r {
            DOG => ("dog", 1, 0),
            PHOENIX => ("single", 1, 3),
            _ => ("single", 1, u32::from(r) * 2),
        });
        return out.into_iter().collect();
    }
    if set.iter().any(|c| c.rank == DOG || c.rank == DRAGON) {
        return Vec::new();
    }
    let has_phoenix = set.iter().any(|c| c.rank == PHOENIX);
    let base: Vec<Card> = set.iter().copied().filter(|c| c.rank != PHOENIX).collect();
    let substitutions: Vec<Option<u8>> = if has_phoenix {
        (2..=14).map(Some).collect()
    } else {
        vec![None]
    };
    for sub in substitutions {
        let mut ranks: Vec<u8> = base.iter().map(|c| c.rank).collect();
        if let Some(s) = sub {
            ranks.push(s);
        }
        ranks.sort();
        let n = ranks.len();
        let count = |r: u8| ranks.iter().filter(|&&x| x == r).count();
        let mut distinct = ranks.clone();
        distinct.dedup();
        let has_mahjong = ranks.contains(&MAHJONG);
        let consecutive = distinct.windows(2).all(|w| w[1] == w[0] + 1);
        let top = u32::from(*ranks.last().unwrap_or(&0)) * 2;
        if !has_mahjong && distinct.len() == 1 {
            match n {
                2 => {
                    out.insert(("pair", 2, top));
                }
                3 => {
                    out.insert(("triple", 3, top));
                }
                4 if !has_phoenix => {
                    out.insert(("bomb", 4, top));
                }
                _ => {}
            }
        }
        if n == 5 && !has_mahjong && distinct.len() == 2 {
            for &t in &distinct {
                if count(t) == 3 {
                    out.insert(("full-house", 5, u32::from(t) * 2));
                }
            }
        }
        if n >= 5 && distinct.len() == n && consecutive {
            let flush = !has_phoenix && !has_mahjong && base.iter().all(|c| c.suit.is_some() && c.suit == base[0].suit);
            out.insert((if flush { "straight-flush" } else { "straight" }, n, top));
        }
        if n >= 4 && n.is_multiple_of(2) && !has_mahjong && consecutive && distinct.iter().all(|&r| count(r) == 2) {
            out.insert(("stairs", n, top));
        }
    }
    out.into_iter().collect()
}

fn is_bomb(r: &Reading) -> bool {
    r.0 == "bomb" || r.0 == "straight-flush"
}

/// Whether reading `play` beats `prev` (`None` = lead), from the spec's rules.
pub fn beats(prev: Option<Reading>, play: Reading) -> bool {
    let Some(prev) = prev else { return true };
    if prev.0 == "dog" {
        return false;
    }
    if is_bomb(&play) {
        return !is_bomb(&prev) || (play.1, play.2) > (prev.1, prev.2);
    }
    if is_bomb(&prev) || play.0 == "dog" {
        return false;
    }
    play.0 == prev.0 && play.1 == prev.1 && play.2 > prev.2
}

/// The reading `play` takes on `prev` if legal (the strongest that beats it).
pub fn resolve(prev: Option<Reading>, play: &Set) -> Option<Reading> {
    resolve_read(prev, play, &readings(play))
}

/// [`resolve`] with the play's [`readings`] already worked out (those of a remembered play).
fn resolve_read(prev: Option<Reading>, play: &Set, readings: &[Reading]) -> Option<Reading> {
    if play.len() == 1 && play[0].rank == PHOENIX {
        return match prev {
            None => Some(("single", 1, 3)),
            Some(p) if p.0 == "single" && p.2 < 30 => Some(("single", 1, p.2 + 1)),
            _ => None,
        };
    }
    readings.iter().copied().filter(|r| beats(prev, *r)).max_by_key(|r| r.2)
}

/// The previous play read at its strongest; `Err` for the Dog or a non-combination.
pub fn previous(prev: &Set) -> Result<Option<Reading>, String> {
    if prev.is_empty() {
        return Ok(None);
    }
    match readings(prev).into_iter().max_by_key(|r| r.2) {
        Some(r) if r.0 == "dog" => Err("previous is the Dog".into()),
        Some(r) => Ok(Some(r)),
        None => Err("previous is not a combination".into()),
    }
}

/// The seed's question, on text: `Ok(legal)` or `Err(why the input is bad)`.
pub fn is_legal(prev: &str, play: &str) -> Result<bool, String> {
    let prev = parse(prev)?;
    let play = parse(play)?;
    if !compatible(&prev, &play) {
        return Err("overlap".into());
    }
    Ok(resolve(previous(&prev)?, &play).is_some())
}

/// Every distinct legal play from `hand` on `prev`, by trying every subset; with a `wish` rank
/// (2..=14) that some legal play contains, only those plays. Sorted canonical sets.
///
/// The subsets of a hand of [`ROOT_CARDS`] or more different cards that are plays at all are
/// remembered (per thread, the last [`MAX_ROOTS`] such hands): the plays of any hand within a
/// remembered one are the remembered plays it contains, so a seat's shrinking hand is not
/// enumerated again, and the plays on `prev` are those that beat it.
pub fn moves(hand: &Set, prev: Option<Reading>, wish: Option<u8>) -> BTreeSet<Set> {
    let all: BTreeSet<Set> = match remembered_plays(hand, |play, read| {
        size_may_beat(prev, play.len()) && resolve_read(prev, play, read).is_some()
    }) {
        Some(plays) => plays.into_iter().collect(),
        None => subsets_that_play(hand, prev),
    };
    if let Some(w) = wish {
        let with: BTreeSet<Set> = all.iter().filter(|s| s.iter().any(|c| c.rank == w)).cloned().collect();
        if !with.is_empty() {
            return with;
        }
    }
    all
}

/// What [`may_play_counted`] counts of a hand, by place (worked out once per hand, not per subset):
/// each card's rank as a bit (none for the Phoenix), and the places of the Dog and the Dragon.
struct Counting {
    rank_bit: Vec<u32>,
    dog_or_dragon: u32,
}

impl Counting {
    fn of(hand: &Set) -> Counting {
        let mut dog_or_dragon = 0;
        let rank_bit = hand
            .iter()
            .enumerate()
            .map(|(i, card)| match card.rank {
                DOG | DRAGON => {
                    dog_or_dragon |= 1 << i;
                    0
                }
                PHOENIX => 0,
                rank => 1u32 << rank,
            })
            .collect();
        Counting {
            rank_bit,
            dog_or_dragon,
        }
    }
}

/// Whether the cards `bits` of a hand (counted in `counting`) may be a play on `prev` at all, by
/// counting what the definitions imply (a necessary condition only, [`resolve`] decides): one
/// card may be; two or more hold neither the Dog nor the Dragon, and either at most two ranks
/// besides the Phoenix in at most five cards (pair, triple, bomb, full house, stairs of two
/// pairs) or ranks that span no more ranks than there are cards (a gap only the Phoenix fills)
/// and are either each held once in five or more cards (straight) or each held twice but at
/// most one, in an even number of cards (stairs: the Phoenix pairs the one); on a previous play
/// the same number of cards or a bomb's four or more.
///
/// The ranks of the cards `bits` counted (`[once, twice, thrice]`: the rank bits held at least
/// once, twice and three times, the Phoenix apart; worked out by the caller from a smaller
/// subset's).
fn may_play_counted(counting: &Counting, bits: u32, [once, twice, thrice]: [u32; 3], prev: Option<Reading>) -> bool {
    let n = bits.count_ones() as usize;
    if !size_may_beat(prev, n) {
        return false;
    }
    if n == 1 {
        return true;
    }
    if bits & counting.dog_or_dragon != 0 {
        return false;
    }
    if once.count_ones() <= 2 {
        return n <= 5;
    }
    let span = (31 - once.leading_zeros() - once.trailing_zeros()) as usize + 1;
    let straight = twice == 0 && n >= 5;
    let stairs = thrice == 0 && n.is_multiple_of(2) && (once & !twice).count_ones() <= 1;
    span <= n && (straight || stairs)
}

/// Whether a play of `n` cards may beat `prev` by its size alone: a lead any size; on a play the
/// same number of cards, or a bomb's four or more.
fn size_may_beat(prev: Option<Reading>, n: usize) -> bool {
    prev.is_none_or(|prev| n == prev.1 || n >= 4)
}

/// Every distinct bomb (four of a rank, a straight flush) from `hand` that beats `prev`: the
/// bombs among [`moves`] without the wish, tried only among subsets of four or more cards of one
/// rank or of one suit (every bomb is one).
pub fn bombs(hand: &Set, prev: Option<Reading>) -> BTreeSet<Set> {
    let bomb = |play: &Set, read: &[Reading]| {
        play.len() >= 4
            && (play.iter().all(|c| c.rank == play[0].rank)
                || play.iter().all(|c| c.suit.is_some() && c.suit == play[0].suit))
            && resolve_read(prev, play, read).is_some_and(|r| is_bomb(&r))
    };
    if let Some(plays) = remembered_plays(hand, bomb) {
        return plays.into_iter().collect();
    }
    // The places of each rank's cards and of each suit's: a bomb's cards are all of one of
    // these groups, so only the subsets of four or more cards of a group are read.
    let n = hand.len();
    let mut groups = [0u32; 17 + 4];
    for (i, card) in hand.iter().enumerate() {
        groups[usize::from(card.rank)] |= 1 << i;
        if let Some(suit) = card.suit {
            groups[17 + usize::from(suit)] |= 1 << i;
        }
    }
    let mut all = BTreeSet::new();
    for group in groups {
        if group.count_ones() < 4 {
            continue;
        }
        // Every non-empty subset of the group (the usual walk down its submasks).
        let mut bits = group;
        while bits != 0 {
            if bits.count_ones() >= 4 {
                let subset: Set = (0..n).filter(|i| bits & (1 << i) != 0).map(|i| hand[i]).collect();
                if bomb(&subset, &readings(&subset)) {
                    all.insert(subset);
                }
            }
            bits = (bits - 1) & group;
        }
    }
    all
}

/// Every distinct subset of `hand` that is a legal play on `prev`, by trying each one (those
/// that [`may_play_counted`] rules out by counting are not read).
fn subsets_that_play(hand: &Set, prev: Option<Reading>) -> BTreeSet<Set> {
    let n = hand.len();
    let counting = Counting::of(hand);
    let mut all = BTreeSet::new();
    // The counts of each subset from those of the subset without its lowest card (each subset
    // counted once, not card by card): `counted[bits]` is `[once, twice, thrice]` of `bits`.
    let mut counted = vec![[0u32; 3]; 1 << n];
    for bits in 1u32..(1 << n) {
        let rest = bits & (bits - 1);
        let [once, twice, thrice] = counted[rest as usize];
        let bit = counting.rank_bit[bits.trailing_zeros() as usize];
        let counts = [once | bit, twice | (once & bit), thrice | (twice & bit)];
        counted[bits as usize] = counts;
        if !may_play_counted(&counting, bits, counts, prev) {
            continue;
        }
        let subset: Set = (0..n).filter(|i| bits & (1 << i) != 0).map(|i| hand[i]).collect();
        if all.contains(&subset) {
            continue;
        }
        if resolve(prev, &subset).is_some() {
            all.insert(subset);
        }
    }
    all
}

/// Hands of at least this many cards have their plays remembered.
pub const ROOT_CARDS: usize = 9;

/// The plays within a remembered hand, each with the bits of its cards' places in that hand and
/// its [`readings`] (worked out once, when the hand is remembered).
type PlacedPlays = Vec<(u32, Set, Vec<Reading>)>;

/// The most hands whose plays are remembered.
pub const MAX_ROOTS: usize = 64;

thread_local! {
    /// Remembered hands (all cards different) and every subset of each that is a play, the most
    /// recently used first.
    /// Each play is kept with the bits of its cards' places in the remembered hand, so that
    /// whether a play lies within a smaller hand is one mask test.
    static ROOTS: std::cell::RefCell<Vec<(Set, std::rc::Rc<PlacedPlays>)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Whether the plays within `hand` are remembered (so [`moves`] filters them instead of trying
/// every subset), or `hand` is small enough to enumerate cheaply.
pub fn plays_known(hand: &Set) -> bool {
    hand.len() < ROOT_CARDS
        || ROOTS.with(|roots| {
            roots
                .borrow()
                .iter()
                .any(|(root, _)| hand.iter().all(|c| root.contains(c)))
        })
}

/// The plays within `hand` (every subset that is a play on no previous play), from a remembered
/// hand that holds it, else enumerated and remembered; `None` for a small hand or one with a card
/// twice (unsuited notation), which [`moves`] enumerates directly.
/// Only the plays that `keep` (given each play and its readings) are copied out of the
/// remembered list.
fn remembered_plays(hand: &Set, keep: impl Fn(&Set, &[Reading]) -> bool) -> Option<Vec<Set>> {
    let distinct = hand.iter().enumerate().all(|(i, c)| !hand[..i].contains(c));
    if hand.len() < ROOT_CARDS || !distinct {
        return None;
    }
    // The bits of `cards`' places in `root` (every card is in it).
    let places = |root: &Set, cards: &Set| {
        cards
            .iter()
            .map(|c| root.iter().position(|r| r == c).map_or(0, |i| 1u32 << i))
            .fold(0u32, |a, b| a | b)
    };
    let found = ROOTS.with(|roots| {
        let mut roots = roots.borrow_mut();
        let at = roots
            .iter()
            .position(|(root, _)| hand.iter().all(|c| root.contains(c)))?;
        let entry = roots.remove(at);
        let found = (places(&entry.0, hand), std::rc::Rc::clone(&entry.1));
        roots.insert(0, entry);
        Some(found)
    });
    let (within, plays) = match found {
        Some(found) => found,
        None => {
            let plays = std::rc::Rc::new(
                subsets_that_play(hand, None)
                    .into_iter()
                    .map(|play| {
                        let read = readings(&play);
                        (places(hand, &play), play, read)
                    })
                    .collect::<PlacedPlays>(),
            );
            ROOTS.with(|roots| {
                let mut roots = roots.borrow_mut();
                roots.truncate(MAX_ROOTS - 1);
                roots.insert(0, (hand.clone(), std::rc::Rc::clone(&plays)));
            });
            ((1u32 << hand.len()) - 1, plays)
        }
    };
    Some(
        plays
            .iter()
            .filter(|(bits, play, read)| bits & !within == 0 && keep(play, read))
            .map(|(_, play, _)| play.clone())
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every subset of `hand` that reads as a play on `prev`, with no counting first.
    fn every_subset(hand: &Set, prev: Option<Reading>) -> BTreeSet<Set> {
        (1u32..(1 << hand.len()))
            .map(|bits| {
                (0..hand.len())
                    .filter(|i| bits & (1 << i) != 0)
                    .map(|i| hand[i])
                    .collect::<Set>()
            })
            .filter(|subset| resolve(prev, subset).is_some())
            .collect()
    }

    /// The remembered readings are those of the definitions: sets drawn from the deck (every
    /// size up to 14, the Phoenix and the specials among them, flushes of one suit), each set's
    /// answer compared with the definitions after other sets of its key filled the memory.
    #[test]
    fn remembered_readings_are_the_definitions() {
        let ranks = parse("23456789TJQKA").expect("ranks");
        let mut deck: Set = Vec::new();
        for suit in 0..4u8 {
            deck.extend(ranks.iter().map(|c| Card {
                rank: c.rank,
                suit: Some(suit),
            }));
        }
        deck.extend(parse("1 D R P").expect("specials"));
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..4000 {
            // One suit (runs and flushes), two or three ranks and the Phoenix (pairs, triples,
            // full houses, bombs, stairs), or the whole deck.
            let (a, b, c) = (2 + next() % 13, 2 + next() % 13, 2 + next() % 13);
            let pool: Set = match round % 3 {
                0 => deck
                    .iter()
                    .copied()
                    .filter(|c| c.suit == Some((round / 3 % 4) as u8))
                    .collect(),
                1 => deck
                    .iter()
                    .copied()
                    .filter(|d| [a, b, c, u64::from(PHOENIX)].contains(&u64::from(d.rank)))
                    .collect(),
                _ => deck.clone(),
            };
            let n = 1 + (next() % pool.len().min(14) as u64) as usize;
            let mut cards = pool.clone();
            for i in (1..cards.len()).rev() {
                cards.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            let mut set: Set = cards.into_iter().take(n).collect();
            set.sort();
            assert_eq!(readings(&set), readings_from_definitions(&set), "{set:?}");
        }
    }

    /// The counting of `may_play` rules out no play: on random hands of 10 and 8 cards and previous
    /// plays drawn from other hands, the plays found are those of every subset (and `bombs` are
    /// its bombs).
    #[test]
    fn counting_rules_out_no_play() {
        let deck = parse("23456789TJQKA").expect("ranks");
        let mut all: Set = Vec::new();
        for suit in 0..4u8 {
            all.extend(deck.iter().map(|c| Card {
                rank: c.rank,
                suit: Some(suit),
            }));
        }
        all.extend(parse("1 D R P").expect("specials"));
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for round in 0..64 {
            let mut cards = all.clone();
            for i in (1..cards.len()).rev() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                cards.swap(i, (x % (i as u64 + 1)) as usize);
            }
            // Every other pair of rounds the Phoenix is in the hand (its gaps and pairs).
            if round % 4 >= 2 {
                let at = cards.iter().position(|c| c.rank == PHOENIX).expect("the Phoenix");
                cards.swap(0, at);
            }
            // Hands of 10 cards (their plays remembered) and of 8 (enumerated each time).
            let hand: Set = cards[..if round % 2 == 0 { 10 } else { 8 }].to_vec();
            let other: Set = cards[10..16].to_vec();
            let mut prevs = vec![None];
            prevs.extend(
                subsets_that_play(&other, None)
                    .iter()
                    .filter_map(|p| previous(p).ok())
                    .take(12),
            );
            for prev in prevs {
                let every = every_subset(&hand, prev);
                assert_eq!(subsets_that_play(&hand, prev), every, "{hand:?} on {prev:?}");
                let every_bomb: BTreeSet<Set> = every
                    .into_iter()
                    .filter(|play| resolve(prev, play).is_some_and(|r| is_bomb(&r)))
                    .collect();
                assert_eq!(bombs(&hand, prev), every_bomb, "bombs of {hand:?} on {prev:?}");
            }
        }
    }
}
