//! Tichu round checker `tichu_round`: the generic [`generic::check`] with the naive reference
//! round as its adapter (legal action sets of every seat equal as log text, the events, hands,
//! points taken, each seat's observation holding only its own cards, and the scores at the end).

use arbitrary::Arbitrary;
use parlor_core::game::{Scores, Seat};
use parlor_core::tichu::Cards;
use parlor_core::tichu::bot::RandomBot;
use parlor_core::tichu::round::{self, Action, Config, Deal, Phase, Round, card_of_index};

use crate::reference::tichu as ref_cards;
use crate::reference::tichu_round as reference;

use super::round as generic;

/// The setup of a `tichu_round` case.
#[derive(Debug, Clone, Arbitrary)]
pub struct Setup {
    /// The deal's seed.
    pub seed: u64,
    /// The club variant (no Tichu during the exchange, claims by seat number).
    pub club: bool,
}

/// One `tichu_round` case (the generic checker's, [`generic::Case`]).
pub type RoundCase = generic::Case<Setup>;

/// The hands of a round's deal in dealing order (the window first), as reference card lists.
pub fn reference_hands(round: &Round) -> [ref_cards::Set; 4] {
    let (dealt, window) = round.deal();
    dealt.map(|hand| {
        let mask = hand.mask() & ((1 << 56) - 1);
        let order = (0..56u8)
            .filter(|i| mask & window & (1 << i) != 0)
            .chain((0..56u8).filter(|i| mask & !window & (1 << i) != 0));
        order
            .filter_map(card_of_index)
            .flat_map(|card| ref_cards::parse(&card.to_string()).expect("one card"))
            .collect()
    })
}

/// The log text of an action without its seat (the core's `Display`).
pub fn action_text(action: Action) -> String {
    action.to_string()
}

/// The key of an action's log text: its 64-bit FNV-1a hash. The core's and the reference's lists
/// (up to 2,184 actions each) are compared as multisets of hashes: no text kept per action
/// (the core's is hashed as it is written, [`TextHash`]). Two different texts with one hash would hide a difference only if it
/// exactly made up for another (about 2^-64 per pair); a difference is reported with the texts
/// ([`generic::Reference::explain_legal`]).
fn text_key(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A `fmt::Write` that hashes what is written ([`text_key`] of the whole text, no text kept).
struct TextHash(u64);

impl std::fmt::Write for TextHash {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        self.0 = text
            .bytes()
            .fold(self.0, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
        Ok(())
    }
}

/// The slots of [`KEYS`].
const KEY_SLOTS: usize = 1 << 16;

thread_local! {
    /// The keys of the core's actions as computed ([`generic::Reference::key`]), by action
    /// code: [`KEY_SLOTS`] slots (allocated once, overwritten in place), a code's slot drawn from
    /// its hash; a slot keeps the latest code that falls on it.
    static KEYS: std::cell::RefCell<Vec<Option<(u64, u64)>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Checks that `seat`'s observation shows only its own cards and public ones.
fn check_observation(round: &Round, seat: Seat) {
    let obs = round.observation(seat).expect("a seat");
    let hand = round.hand(seat).expect("a seat");
    if round.phase() == Phase::GrandTichu {
        assert!(obs.hand.is_subset_of(hand) && obs.hand.len() == round::WINDOW);
    } else {
        assert_eq!(obs.hand, hand);
    }
    // The cards passed to this seat are in its hand or already played by it.
    let played_by_seat = obs
        .history()
        .filter(|r| r.seat == seat)
        .filter_map(|r| match r.kind {
            round::RecordKind::Play { cards, .. } => Some(cards.mask()),
            _ => None,
        })
        .fold(0u64, |a, b| a | b);
    for card in obs.received.iter().flatten() {
        let mut single = Cards::EMPTY;
        assert!(single.insert(*card).is_ok());
        assert_ne!(single.mask() & (hand.mask() | played_by_seat) & ((1 << 56) - 1), 0);
    }
    let counts: usize = obs.card_counts.iter().map(|&c| usize::from(c)).sum();
    let played: usize = (1..=obs.plays()).map(|n| obs.play_cards(n).len()).sum();
    if round.phase() == Phase::GrandTichu {
        assert_eq!(counts, 32);
    } else {
        assert_eq!(counts + played, 56);
    }
}

/// The naive reference round as the generic checker drives it.
#[derive(Clone)]
pub struct Adapter(reference::Round);

impl generic::Reference for Adapter {
    type Core = Round;
    type Setup = Setup;
    type Key = u64;
    type Bot = RandomBot;
    const ORDERED: bool = false;
    /// A round takes 8 calls and exchanges, then some 40–90 plays and passes.
    const PLIES: usize = 96;

    fn start(setup: &Setup) -> Option<(Round, Adapter)> {
        let config = if setup.club { Config::CLUB } else { Config::STANDARD };
        let core = Round::new(&config, &Deal::Seeded(setup.seed)).expect("a seeded round");
        let mut naive = reference::Round::new(reference_hands(&core), config.tichu_during_exchange);
        naive.late_bombs = config.bomb_after_passes;
        naive.wish_bombs = config.wish_bomb;
        Some((core, Adapter(naive)))
    }

    /// `text_key` of the core's log text of the action (its `Display`), remembered per
    /// action code (`KEYS`: the text of an action is a function of the action alone).
    fn key(action: &Action) -> u64 {
        let code = <Round as parlor_core::game::Round>::action_code(*action);
        let mut z = code ^ (code >> 29);
        z = z.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let slot = (z ^ (z >> 32)) as usize % KEY_SLOTS;
        KEYS.with(|keys| {
            let mut keys = keys.borrow_mut();
            if keys.is_empty() {
                keys.resize(KEY_SLOTS, None);
            }
            match keys[slot] {
                Some((kept, key)) if kept == code => key,
                _ => {
                    use std::fmt::Write as _;
                    let mut hash = TextHash(text_key(""));
                    write!(hash, "{action}").expect("an action's text");
                    keys[slot] = Some((code, hash.0));
                    hash.0
                }
            }
        })
    }

    /// An action's log text names it one to one (the replay log reads it back).
    fn same_key(a: &Action, b: &Action) -> bool {
        a == b
    }

    fn legal(&self, seat: Seat) -> Vec<u64> {
        if seat.0 > 3 {
            return Vec::new();
        }
        let mut keys = Vec::new();
        self.0
            .for_each_action(usize::from(seat.0), &mut |text| keys.push(text_key(text)));
        keys
    }

    /// As multisets of hashes: equal counts and equal wrapping sums of two mixes of the keys
    /// (no sort: a sort's comparisons are most of the cost under comparison tracing). Two
    /// different lists of the same length pass only if both sums of their differences vanish
    /// (about 2^-128 for hash-like keys).
    fn same_keys(ours: &mut Vec<u64>, theirs: &mut Vec<u64>) -> bool {
        let sums = |keys: &[u64]| {
            keys.iter().fold((0u64, 0u64), |(a, b), &key| {
                let mut z = key.wrapping_add(0x9e37_79b9_7f4a_7c15);
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                (
                    a.wrapping_add(z ^ (z >> 31)),
                    b.wrapping_add(key.rotate_left(17).wrapping_mul(0xd6e8_feb8_6659_fd93)),
                )
            })
        };
        ours.len() == theirs.len() && sums(ours) == sums(theirs)
    }

    /// The log texts listed by one side only.
    fn explain_legal(&self, core: &Round, seat: Seat) -> String {
        let mut ours: Vec<String> = Vec::new();
        parlor_core::game::Round::for_each_legal_action(core, seat, |action| ours.push(action_text(action)));
        let theirs = if seat.0 > 3 {
            Vec::new()
        } else {
            self.0.actions(usize::from(seat.0))
        };
        let only =
            |a: &[String], b: &[String]| -> Vec<String> { a.iter().filter(|t| !b.contains(t)).cloned().collect() };
        format!(
            "; the core lists {} actions, the reference {}; only the core lists {:?}; only the reference lists {:?}",
            ours.len(),
            theirs.len(),
            only(&ours, &theirs),
            only(&theirs, &ours)
        )
    }

    /// Listing a play stage's moves tries every subset of a hand whose plays are not
    /// remembered yet: 2^n subsets, counted in units of 2^8. An exchange lists its 2,184
    /// orderings of three cards as text on both sides: 64 units.
    fn listing_cost(&self, seat: Seat) -> u64 {
        if seat.0 > 3 {
            return 1;
        }
        if self.0.stage == reference::Stage::Exchange {
            return if self.0.given[usize::from(seat.0)].is_none() {
                64
            } else {
                1
            };
        }
        if self.0.stage != reference::Stage::Play {
            return 1;
        }
        let hand = self.0.hand(usize::from(seat.0));
        if ref_cards::plays_known(&hand) {
            1
        } else {
            (1u64 << hand.len()) >> 8
        }
    }

    fn is_over(&self) -> bool {
        self.0.stage == reference::Stage::Over
    }

    fn apply(&mut self, seat: Seat, action: Action, event: &round::Event, context: &str) {
        let naive = &mut self.0;
        naive
            .apply(usize::from(seat.0), &action_text(action))
            .unwrap_or_else(|e| panic!("{context}: reference refused {seat} {action}: {e}"));
        assert_eq!(
            event.round_over,
            naive.stage == reference::Stage::Over,
            "{context}: over"
        );
    }

    fn scores(&self) -> Option<Scores> {
        self.0.outcome().map(|scores| Scores::new(&scores))
    }

    fn compare(&self, core: &Round, context: &str) {
        let naive = &self.0;
        for s in 0..4u8 {
            let want = if naive.hand(usize::from(s)).is_empty() {
                "-".to_owned()
            } else {
                reference::set_text(&naive.hand(usize::from(s)))
            };
            assert_eq!(
                core.hand(Seat(s)).expect("seat").to_string(),
                want,
                "{context}: hand of {s}"
            );
            check_observation(core, Seat(s));
        }
        assert_eq!(
            core.points_taken().map(i32::from),
            naive.taken,
            "{context}: points taken"
        );
    }

    fn bot(seed: u64) -> RandomBot {
        RandomBot::new(seed)
    }

    fn believe(core: &Round, seat: Seat, salt: u64) -> Option<Round> {
        parlor_core::game::Search::determinize(core, seat, &mut parlor_core::game::Rng::new(salt)).ok()
    }
}

/// The checker: [`generic::check`] with the Tichu reference.
pub fn round(case: RoundCase) {
    generic::check::<Adapter>(case);
}
