//! Unit tests of [`Round`](super::Round) (a child of [`round`](super)).
extern crate std;
use super::play::blocked_chain;
use super::*;

fn c(s: &str) -> Cards {
    s.parse().unwrap()
}

#[test]
fn sizes() {
    assert_eq!(core::mem::size_of::<Round>(), 168);
    assert_eq!(ENCODED_BYTES, 161);
    assert_eq!(core::mem::size_of::<Action>(), 18);
}

/// The raw form (`game::Round::raw_ref`): a round's own bytes read back as the same round at
/// every step of a deal, played in place as by value; a byte that is no enum variant or flag,
/// or a config that does not validate, is refused; a wrong length or alignment too.
#[test]
fn raw_bytes_read_back_in_place_and_invalid_bytes_are_refused() {
    use crate::game::Round as _;
    use crate::game::bot::lowest_legal_action;
    use zerocopy::IntoBytes;
    let size = core::mem::size_of::<Round>();
    for (config, seed) in [
        (Config::PAGAT, 3u64),
        (Config::OPENSPIEL, 8),
        (Config::ROB, 1),
        (Config::RLCARD, 5),
    ] {
        let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
        let mut words = [0u64; 32];
        words.as_mut_bytes()[..size].copy_from_slice(round.raw_bytes());
        let mut steps = 0;
        while let Some(seat) = round.to_act() {
            assert_eq!(Round::raw_ref(&words.as_bytes()[..size]), Some(&round));
            // Bid when the auction allows it (the lowest action, a pass, often voids the deal).
            let action = [Action::Bid(3), Action::Call]
                .into_iter()
                .find(|a| round.is_legal(seat, *a))
                .or_else(|| lowest_legal_action(&round, seat))
                .unwrap();
            let by_value = round.apply(seat, action).unwrap();
            let in_place = Round::raw_mut(&mut words.as_mut_bytes()[..size]).unwrap();
            assert_eq!(in_place.apply(seat, action).unwrap(), by_value);
            steps += 1;
        }
        assert!(steps > 3, "{config:?}");
        assert_eq!(words.as_bytes()[..size], *round.raw_bytes());
        assert_eq!(Round::raw_ref(&words.as_bytes()[..size - 1]), None);
        assert_eq!(Round::raw_ref(&words.as_bytes()[1..=size]), None);
        for (at, value) in [
            (core::mem::offset_of!(Round, phase), 3u8),
            (
                core::mem::offset_of!(Round, config) + core::mem::offset_of!(Config, auction),
                5,
            ),
            (
                core::mem::offset_of!(Round, config) + core::mem::offset_of!(Config, deal),
                2,
            ),
            (
                core::mem::offset_of!(Round, config) + core::mem::offset_of!(Config, bomb_follows_rocket),
                2,
            ),
            (
                core::mem::offset_of!(Round, top_play) + core::mem::offset_of!(Play, reading),
                15,
            ),
            (
                core::mem::offset_of!(Round, top_play) + core::mem::offset_of!(Play, reading) + 2,
                15,
            ),
            // A config that does not validate: 0 wing copies.
            (core::mem::offset_of!(Round, config), 0),
        ] {
            let mut bad = words;
            bad.as_mut_bytes()[at] = value;
            assert_eq!(Round::raw_ref(&bad.as_bytes()[..size]), None, "byte {at}");
            assert!(Round::raw_mut(&mut bad.as_mut_bytes()[..size]).is_none());
        }
    }
}

#[test]
fn seeded_deal_is_pinned() {
    // seed, face-up style, the three hands, the kitty, the first bidder: never changes.
    let vectors = [
        (
            0,
            false,
            ["3356666799TQQKA2R", "34458899TJJJKAA22", "44557778TTJQQKK2B"],
            "38A",
            0,
        ),
        (
            0,
            true,
            ["344455668889QQKKK", "3556799TTJQKAAA2B", "3467779TTJJJQA22R"],
            "382",
            0,
        ),
        (
            1,
            false,
            ["344567789TJJQKA2B", "33345556689TTJKAA", "46778899JQQKKA22R"],
            "TQ2",
            0,
        ),
        (
            1,
            true,
            ["345679TJJQQQKKA22", "33455566789TJQKAR", "3446778899TTJAA2B"],
            "8K2",
            1,
        ),
        (
            7,
            false,
            ["4567789TTJQKKAA2B", "333455567899TQQK2", "4466789TJJJQKA22R"],
            "38A",
            0,
        ),
        (
            7,
            true,
            ["34777889TJQQKKAA2", "34455668JJQKKA22B", "34556678999TTJQ2R"],
            "3TA",
            1,
        ),
    ];
    for (seed, face_up, hands, kitty, first) in vectors {
        let config = if face_up { Config::OPENSPIEL } else { Config::PAGAT };
        let dealt = Deal::Seeded(seed).cards(&config).unwrap();
        assert_eq!(
            dealt,
            (hands.map(c), c(kitty), Seat(first)),
            "seed {seed} face-up {face_up}"
        );
    }
}

#[test]
fn given_deal_checks() {
    let (hands, kitty, _) = Deal::Seeded(3).cards(&Config::PAGAT).unwrap();
    let mut bad_hands = hands;
    bad_hands[0] = hands[1];
    let e = Round::new(
        &Config::PAGAT,
        &Deal::Given {
            hands: bad_hands,
            kitty,
            first_bidder: Seat(0),
        },
    );
    assert_eq!(
        e,
        Err(Error::InvalidDeal {
            what: "a card is dealt twice"
        })
    );
}

#[test]
fn openspiel_chain_head_quirk() {
    let hand = c("33334567");
    let r = Reading {
        kind: Kind::Sequence,
        chain: 5,
        key: Rank::Three,
    };
    assert!(blocked_chain(&hand, &r));
    assert!(!blocked_chain(&c("3334567"), &r));
}

#[test]
fn pagat_auction_all_pass_is_void() {
    let mut r = Round::new(&Config::PAGAT, &Deal::Seeded(5)).unwrap();
    for s in 0..3 {
        let e = r.apply(Seat(s), Action::Pass).unwrap();
        assert_eq!(e.void, s == 2);
    }
    assert_eq!(r.outcome().unwrap().scores, [0, 0, 0]);
    assert_eq!(r.to_act(), None);
}

#[test]
fn botzone_all_pass_makes_the_first_bidder_landlord_at_bid_1() {
    // Botzone's judge (checkLandlord): three passes, seat 0 (the first bidder) is the
    // landlord and the final bid is max(bids + [1]) = 1.
    let mut r = Round::new(&Config::BOTZONE, &Deal::Seeded(5)).unwrap();
    let first = r.first_bidder();
    for k in 0..3u8 {
        let seat = Seat((first.0 + k) % 3);
        let e = r.apply(seat, Action::Pass).unwrap();
        assert!(!e.void);
        assert_eq!(e.landlord, (k == 2).then_some(first));
    }
    assert_eq!(r.hand(first).len(), 20);
    assert_eq!(r.to_act(), Some(first));
    assert_eq!(r.stake_factors().0, 1);
    // A bid still wins as under Pagat's auction.
    let mut r = Round::new(&Config::BOTZONE, &Deal::Seeded(5)).unwrap();
    let second = Seat((first.0 + 1) % 3);
    r.apply(first, Action::Pass).unwrap();
    r.apply(second, Action::Bid(2)).unwrap();
    assert!(!r.is_legal(Seat((first.0 + 2) % 3), Action::Bid(2)));
    let e = r.apply(Seat((first.0 + 2) % 3), Action::Pass).unwrap();
    assert_eq!(e.landlord, Some(second));
    assert_eq!(r.stake_factors().0, 2);
}

#[test]
fn pagat_highest_bid_wins_after_three_turns() {
    let mut r = Round::new(&Config::PAGAT, &Deal::Seeded(5)).unwrap();
    r.apply(Seat(0), Action::Bid(1)).unwrap();
    assert!(!r.is_legal(Seat(1), Action::Bid(1)));
    r.apply(Seat(1), Action::Bid(2)).unwrap();
    let e = r.apply(Seat(2), Action::Pass).unwrap();
    assert_eq!(e.landlord, Some(Seat(1)));
    assert_eq!(r.hand(Seat(1)).len(), 20);
    assert_eq!(r.to_act(), Some(Seat(1)));
}

#[test]
fn openspiel_auction_rebid_after_pass() {
    let mut r = Round::new(&Config::OPENSPIEL, &Deal::Seeded(9)).unwrap();
    let f = r.first_bidder().0;
    let s = |k: u8| Seat((f + k) % 3);
    r.apply(s(0), Action::Pass).unwrap();
    r.apply(s(1), Action::Bid(1)).unwrap();
    r.apply(s(2), Action::Pass).unwrap();
    r.apply(s(0), Action::Bid(2)).unwrap(); // passed before, bids again
    r.apply(s(1), Action::Pass).unwrap();
    let e = r.apply(s(2), Action::Pass).unwrap();
    assert_eq!(e.landlord, Some(s(0)));
    assert_eq!(r.stake_factors().0, 2);
}

#[test]
fn rob_auction_doubles() {
    let mut r = Round::new(&Config::ROB, &Deal::Seeded(2)).unwrap();
    r.apply(Seat(0), Action::Call).unwrap();
    r.apply(Seat(1), Action::Rob).unwrap();
    r.apply(Seat(2), Action::Pass).unwrap();
    assert_eq!(r.to_act(), Some(Seat(0))); // the caller's final say
    let e = r.apply(Seat(0), Action::Rob).unwrap();
    assert_eq!(e.landlord, Some(Seat(0)));
    assert_eq!(r.stake_factors(), (1, 0, 2));
    // A call by the last seat ends at once.
    let mut r = Round::new(&Config::ROB, &Deal::Seeded(2)).unwrap();
    r.apply(Seat(0), Action::Pass).unwrap();
    r.apply(Seat(1), Action::Pass).unwrap();
    let e = r.apply(Seat(2), Action::Call).unwrap();
    assert_eq!(e.landlord, Some(Seat(2)));
}

#[test]
fn illegal_actions_leave_the_round_unchanged() {
    let mut r = Round::new(&Config::PAGAT, &Deal::Seeded(4)).unwrap();
    let before = r;
    assert_eq!(r.apply(Seat(1), Action::Pass), Err(Error::NotYourTurn { seat: 1 }));
    assert_eq!(
        r.apply(Seat(0), Action::Bid(4)),
        Err(Error::IllegalAction {
            why: "a bid must be above the current bid, at most 3"
        })
    );
    assert_eq!(
        r.apply(Seat(0), Action::Rob),
        Err(Error::IllegalAction {
            why: "only the call-and-rob auction calls or robs"
        })
    );
    assert_eq!(r, before);
    r.apply(Seat(0), Action::Bid(3)).unwrap();
    let before = r;
    assert_eq!(
        r.apply(Seat(0), Action::Pass),
        Err(Error::IllegalAction {
            why: "the leader of a trick may not pass"
        })
    );
    let rank = Rank::ALL.into_iter().find(|&k| r.hand(Seat(0)).count(k) == 0).unwrap();
    let mut one = Cards::EMPTY;
    one.add(rank, 1);
    let play = Action::Play(Play {
        cards: one,
        reading: Reading {
            kind: Kind::Single,
            chain: 1,
            key: rank,
        },
    });
    if !r.hand(Seat(0)).contains(&one) {
        assert_eq!(
            r.apply(Seat(0), play),
            Err(Error::IllegalAction {
                why: "the cards are not in the hand"
            })
        );
    }
    assert_eq!(r, before);
}

#[test]
fn observation_hides_other_hands() {
    // Two deals that differ only in how seats 1 and 2 hold their cards: seat 0 sees the same.
    let (hands, kitty, _) = Deal::Seeded(3).cards(&Config::PAGAT).unwrap();
    let swapped = [hands[0], hands[2], hands[1]];
    let deal = |hands| Deal::Given {
        hands,
        kitty,
        first_bidder: Seat(0),
    };
    let mut a = Round::new(&Config::PAGAT, &deal(hands)).unwrap();
    let mut b = Round::new(&Config::PAGAT, &deal(swapped)).unwrap();
    assert_eq!(a.observation(Seat(0)), b.observation(Seat(0)));
    assert_ne!(a.observation(Seat(1)), b.observation(Seat(1)));
    for r in [&mut a, &mut b] {
        r.apply(Seat(0), Action::Bid(3)).unwrap();
    }
    let lead = crate::game::bot::lowest_legal_action(&a, Seat(0)).unwrap();
    a.apply(Seat(0), lead).unwrap();
    b.apply(Seat(0), lead).unwrap();
    let (oa, ob) = (a.observation(Seat(0)).unwrap(), b.observation(Seat(0)).unwrap());
    assert_eq!(oa, ob);
    assert_eq!(oa.kitty, Some(kitty));
    assert_eq!(oa.counts, [19, 17, 17]);
    assert_eq!(oa.others_cards().len(), 34);
}

#[test]
fn solvers_run_on_a_position() {
    let hands = [c("33344455566677788"), c("3456789999TTTTJJJ"), c("JQQQQKKKKAAAA2222")];
    let deal = Deal::Given {
        hands,
        kitty: c("8BR"),
        first_bidder: Seat(0),
    };
    let mut r = Round::new(&Config::PAGAT, &deal).unwrap();
    r.apply(Seat(0), Action::Bid(3)).unwrap();
    let mut scratch = crate::doudizhu::Scratch::new();
    let obs = r.observation(Seat(0)).unwrap();
    assert_eq!(obs.min_plays(&mut scratch), Ok(2));
    // The other seats together could beat the airplane (bombs, 999…AAA), never the rocket:
    // the rocket first, the airplane last.
    let plan = obs.spring(&mut scratch).unwrap().unwrap();
    assert_eq!(plan.plays(), [c("BR"), c("333444555666777888")]);
    let exact = r.spring_plan(Seat(0), &mut scratch).unwrap().unwrap();
    assert_eq!(exact.plays().len(), 2);
    // A peasant cannot spring from its 17 cards against the landlord's 20.
    let peasant = r.observation(Seat(1)).unwrap();
    assert_eq!(peasant.spring(&mut scratch), Ok(None));
}

#[test]
fn rlcard_starts_in_play() {
    let r = Round::new(&Config::RLCARD, &Deal::Seeded(1)).unwrap();
    assert_eq!(r.landlord(), Some(Seat(0)));
    assert_eq!(r.hand(Seat(0)).len(), 20);
    assert!(!r.in_auction());
}

#[test]
fn spring_when_the_peasants_always_pass() {
    let mut r = Round::new(&Config::PAGAT, &Deal::Seeded(8)).unwrap();
    r.apply(Seat(0), Action::Bid(3)).unwrap();
    while let Some(seat) = r.to_act() {
        let action = if r.is_legal(seat, Action::Pass) {
            Action::Pass
        } else {
            let mut first = None;
            r.for_each_legal_action(seat, |a| {
                first.get_or_insert(a);
            });
            first.unwrap()
        };
        r.apply(seat, action).unwrap();
    }
    let o = r.outcome().unwrap();
    assert_eq!(o.spring, Spring::Spring);
    assert!(o.landlord_won);
    assert_eq!(o.stake, 3 << (1 + u32::from(o.bombs)));
    let s = o.stake as i32;
    assert_eq!(o.scores, [2 * s, -s, -s]);
}

/// The closed-form count and the skipping `nth` agree with the enumeration, for random
/// hands of 1–20 cards over random previous plays, under the presets and house-rule mixes.
#[test]
fn counts_and_nth_agree_with_the_enumeration() {
    let mut configs = std::vec::Vec::new();
    for base in [Config::PAGAT, Config::RLCARD, Config::OPENSPIEL] {
        configs.push(base);
        for wing_copies in [1, 2, 3, 4] {
            for next in [false, true] {
                for jokers in [false, true] {
                    let mut c = base;
                    c.rules.wing_copies = wing_copies;
                    c.rules.wing_triplet_next_to_chain = next;
                    c.rules.both_jokers_as_kickers = jokers;
                    c.rules.quad_pair_as_singles = !c.rules.quad_pair_as_singles;
                    c.rules.quad_with_two = true;
                    configs.push(c);
                }
            }
        }
        let mut small = base;
        small.rules.max_cards = 6;
        small.quad_blocks_chain_head = !small.quad_blocks_chain_head;
        configs.push(small);
    }
    let mut rng = Rng::new(77);
    let mut checked = 0usize;
    let mut most = 0usize;
    for config in &configs {
        let config = Config {
            auction: Auction::None,
            ..*config
        };
        let base = Round::new(&config, &Deal::Seeded(1)).unwrap();
        for case in 0..200 {
            let mut deck = CANONICAL_DECK;
            shuffle(&mut deck, &mut rng);
            let size = if case % 2 == 0 {
                1 + rng.below(20) as usize
            } else {
                15 + rng.below(6) as usize
            };
            let mut hand = Cards::EMPTY;
            let mut other = Cards::EMPTY;
            for (k, &card) in deck.iter().enumerate() {
                if k < size {
                    add_card(&mut hand, card);
                } else if k < size + 20 {
                    add_card(&mut other, card);
                }
            }
            if case % 4 == 3 {
                // Airplane-rich: three or four consecutive triplets, then random cards.
                hand = Cards::EMPTY;
                let start = rng.below(9) as usize;
                for rank in Rank::ALL.into_iter().skip(start).take(3 + (case / 4) % 2) {
                    hand.add(rank, 3);
                }
                for &card in &deck {
                    let rank = Rank::from_index(usize::from(card)).unwrap();
                    if hand.len() < size.max(16) && hand.count(rank) < rank.copies() {
                        hand.add(rank, 1);
                    }
                }
            }
            let mut r = base;
            r.hands[0] = hand;
            r.turn = 0;
            r.set_top(None);
            if rng.below(3) > 0 {
                // A previous play by seat 2: a random lead from another hand.
                let mut leads = std::vec::Vec::new();
                generate(&other, None, &config.rules, 20, &mut |cards, reading| {
                    leads.push(Play { cards, reading });
                    true
                });
                if let Some(&p) = leads.get(rng.below(leads.len() as u32) as usize) {
                    r.set_top(Some((2, p)));
                }
            }
            let mut all = std::vec::Vec::new();
            r.for_each_legal_action(Seat(0), |a| all.push(a));
            assert_eq!(
                r.count_legal_actions(Seat(0)),
                all.len(),
                "{config:?} hand {hand} top {:?}",
                r.top_entry()
            );
            for (i, a) in all.iter().enumerate() {
                assert_eq!(r.nth_legal_action(Seat(0), i), Some(*a), "{config:?} hand {hand} #{i}");
                // Session 23: the bare-metal form (the plays counted down one by one).
                assert_eq!(r.nth_visited(Seat(0), i), Some(*a), "{config:?} hand {hand} #{i}");
            }
            assert_eq!(r.nth_legal_action(Seat(0), all.len()), None);
            assert_eq!(r.nth_visited(Seat(0), all.len()), None);
            checked += all.len();
            most = most.max(all.len());
        }
    }
    assert!(checked > 200_000 && most > 300, "{checked} actions, at most {most}");
}

/// The byte form's writer before session 21 (field by field), the reference of [`Round::encode`].
#[allow(clippy::all)]
fn old_encode(round: &Round, out: &mut [u8]) -> Result<usize, Error> {
    if out.len() < ENCODED_BYTES {
        return Err(Error::BufferTooSmall { needed: ENCODED_BYTES });
    }
    let mut w = Writer::new(out);
    w.put(&[FORMAT_VERSION])?;
    encode_config(&round.config, &mut w)?;
    for c in round.hands.iter().chain(round.played.iter()) {
        w.put(&c.counts())?;
    }
    w.put(&round.kitty.counts())?;
    let (top_seat, top_play) = round.top_entry().unwrap_or((NONE, NO_PLAY));
    w.put(&top_play.cards.counts())?;
    w.put(&[
        top_play.reading.kind as u8,
        top_play.reading.chain,
        top_play.reading.key as u8,
    ])?;
    w.put(&round.auction)?;
    w.put(&[
        round.auction_len,
        top_seat,
        round.first,
        round.turn,
        round.phase as u8,
        round.landlord,
        round.bid,
        round.bidder,
        round.caller,
        round.stage,
        round.passes,
        round.robs,
        round.bombs,
    ])?;
    w.put(&round.plays)?;
    Ok(w.len())
}

fn old_bad(what: &'static str) -> Error {
    Error::InvalidState { what }
}

fn old_cards_from(bytes: [u8; RANKS]) -> Result<Cards, Error> {
    Cards::from_counts(bytes).map_err(|_| old_bad(reason!("a card count exceeds the deck")))
}

/// The trusted reader before session 21 (field by field), the reference of
/// [`Round::decode_trusted`].
fn old_decode_trusted(bytes: &[u8]) -> Result<Round, Error> {
    let mut r = Reader::new(bytes);
    if r.byte()? != FORMAT_VERSION {
        return Err(old_bad(reason!("unknown format version")));
    }
    let config = decode_config_fields(&mut r)?;
    config.validate()?;
    let mut cards = [Cards::EMPTY; 7];
    for c in cards.iter_mut() {
        *c = old_cards_from(r.take::<RANKS>()?)?;
    }
    let [h0, h1, h2, p0, p1, p2, kitty] = cards;
    let top_cards = old_cards_from(r.take::<RANKS>()?)?;
    let [kind, chain, key] = r.take::<3>()?;
    let auction = r.take::<MAX_AUCTION>()?;
    let [
        auction_len,
        top_seat,
        first,
        turn,
        phase,
        landlord,
        bid,
        bidder,
        caller,
        stage,
        passes,
        robs,
        bombs,
    ] = r.take::<13>()?;
    let plays = r.take::<SEATS>()?;
    let phase = match phase {
        0 => Phase::Auction,
        1 => Phase::Play,
        2 => Phase::Over,
        _ => return Err(old_bad(reason!("unknown phase"))),
    };
    let top = if top_seat == NONE {
        None
    } else {
        let reading = Reading {
            kind: Kind::from_code(kind).ok_or(old_bad(reason!("unknown kind")))?,
            chain,
            key: Rank::from_index(usize::from(key)).ok_or(old_bad(reason!("unknown rank")))?,
        };
        Some((
            top_seat,
            Play {
                cards: top_cards,
                reading,
            },
        ))
    };
    let (top_seat, top_play) = top.unwrap_or((NONE, NO_PLAY));
    Ok(Round {
        config,
        hands: [h0, h1, h2],
        played: [p0, p1, p2],
        kitty,
        top_seat,
        top_play,
        auction,
        auction_len,
        first,
        turn,
        phase,
        landlord,
        bid,
        bidder,
        caller,
        stage,
        passes,
        robs,
        bombs,
        plays,
    })
}

/// Whether two decode answers are the same: the same round, or errors of the same kind (for a
/// form cut short the reason may differ: the new reader sees it is short before it reads the
/// card sets).
fn same_answer(a: &Result<Round, Error>, b: &Result<Round, Error>, short: bool) -> bool {
    match (a, b) {
        (Ok(a), Ok(b)) => a == b,
        (Err(a), Err(b)) => core::mem::discriminant(a) == core::mem::discriminant(b) && (short || a == b),
        _ => false,
    }
}

#[test]
fn the_byte_form_is_the_field_by_field_one() {
    use crate::game::bot::{Bot, Uniform};
    let mut rng = crate::game::Rng::new(21);
    for (_, config) in <Config as crate::game::Rules>::PRESETS {
        for seed in 0..12u64 {
            let mut round = Round::new(config, &Deal::Seeded(seed)).unwrap();
            let mut bot = Uniform::new(seed);
            loop {
                let (mut a, mut b) = ([0u8; ENCODED_BYTES], [0u8; ENCODED_BYTES]);
                assert_eq!(old_encode(&round, &mut a), round.encode(&mut b));
                assert_eq!(a, b);
                assert_eq!(
                    old_encode(&round, &mut a[..ENCODED_BYTES - 1]),
                    round.encode(&mut b[..ENCODED_BYTES - 1])
                );
                assert!(same_answer(&old_decode_trusted(&a), &Round::decode_trusted(&a), false));
                // Every byte flipped to a few values, every length cut short.
                for i in 0..ENCODED_BYTES {
                    for v in [0u8, 1, 2, 3, 4, 5, 7, 14, 15, 16, 0x80, 0xFF, rng.below(256) as u8] {
                        let mut c = a;
                        c[i] = v;
                        assert!(
                            same_answer(&old_decode_trusted(&c), &Round::decode_trusted(&c), false),
                            "byte {i} = {v}"
                        );
                    }
                    assert!(same_answer(
                        &old_decode_trusted(&a[..i]),
                        &Round::decode_trusted(&a[..i]),
                        true
                    ));
                }
                let Some(seat) = round.to_act() else { break };
                let action = bot.choose(&round, seat).unwrap();
                round.apply(seat, action).unwrap();
            }
        }
    }
}

#[test]
fn encode_round_trips_and_rejects_garbage() {
    let mut r = Round::new(&Config::OPENSPIEL, &Deal::Seeded(11)).unwrap();
    let mut buf = [0u8; ENCODED_BYTES];
    let mut rng = Rng::new(3);
    loop {
        let n = r.encode(&mut buf).unwrap();
        assert_eq!(n, ENCODED_BYTES);
        assert_eq!(Round::decode(&buf), Ok(r));
        let mut broken = buf;
        broken[20] ^= 1;
        assert!(Round::decode(&broken).is_err());
        let Some(seat) = r.to_act() else { break };
        let total = r.count_legal_actions(seat);
        let mut out = [Action::Pass; 1];
        let pick = rng.below(total as u32) as usize;
        let mut i = 0;
        let mut chosen = Action::Pass;
        r.for_each_legal_action(seat, |a| {
            if i == pick {
                chosen = a;
            }
            i += 1;
        });
        let _ = r.legal_actions(seat, &mut out);
        r.apply(seat, chosen).unwrap();
    }
    assert!(r.outcome().is_some());
}

/// A deal's bomb count is held to the bombs its played piles hold (four of a rank, or both
/// jokers, each): found by flipping bit 5 of the bomb count of a match's deal (config OpenSpiel,
/// match seed 38, the flip stress of `game::trusted_tests`), which decoded 32 bombs, clamped the
/// stake to `u32::MAX` and saturated the match's totals so that its own decode refused them.
#[test]
fn bombs_beyond_the_played_quads_are_refused() {
    // Play a deal to its end with the first legal action (bombs allowed), keeping each state.
    for seed in 0..40u64 {
        let mut r = Round::new(&Config::OPENSPIEL, &Deal::Seeded(seed)).unwrap();
        while let Some(seat) = r.to_act() {
            let mut first = None;
            r.for_each_legal_action(seat, |a| {
                first.get_or_insert(a);
            });
            r.apply(seat, first.unwrap()).unwrap();
            if r.phase != Phase::Play {
                continue;
            }
            let mut pile = Cards::EMPTY;
            for p in &r.played {
                pile = pile.plus(p).unwrap();
            }
            let held = Rank::ALL.into_iter().filter(|&x| pile.count(x) == 4).count()
                + usize::from(pile.count(Rank::BlackJoker) == 1 && pile.count(Rank::RedJoker) == 1);
            let total_plays: usize = r.plays.iter().map(|&n| usize::from(n)).sum();
            let mut buf = [0u8; ENCODED_BYTES];
            r.encode(&mut buf).unwrap();
            assert_eq!(Round::decode(&buf), Ok(r), "a played state decodes");
            // One bomb more than the piles hold, within the old bound (the plays).
            if held <= total_plays {
                // As many bombs as the piles hold (the count masks' reading, session 22): kept.
                let mut forged = r;
                forged.bombs = held as u8;
                forged.encode(&mut buf).unwrap();
                assert_eq!(
                    Round::decode(&buf),
                    Ok(forged),
                    "seed {seed}: {held} bombs, {held} held"
                );
            }
            if held < total_plays {
                let mut forged = r;
                forged.bombs = held as u8 + 1;
                forged.encode(&mut buf).unwrap();
                assert_eq!(
                    Round::decode(&buf),
                    Err(Error::InvalidState {
                        what: "more bombs than the played cards hold"
                    }),
                    "seed {seed}: {} bombs with {held} quads played",
                    held + 1
                );
            }
        }
    }
}

/// Regression: every action the rules refused was `the action is not legal now` with no reason
/// (the other games name theirs), so a person at `parlor doudizhu play --human` could not tell
/// a card not held from a play that does not beat the table. Each refusal names its rule.
#[test]
fn every_refusal_names_its_rule() {
    let why = |r: &Round, seat: u8, action: Action| match { *r }.apply(Seat(seat), action) {
        Err(Error::IllegalAction { why }) => why,
        other => panic!("{action:?}: {other:?}"),
    };
    let single = |rank: Rank| {
        let mut cards = Cards::EMPTY;
        cards.add(rank, 1);
        Action::Play(Play {
            cards,
            reading: Reading {
                kind: Kind::Single,
                chain: 1,
                key: rank,
            },
        })
    };
    let mut r = Round::new(&Config::PAGAT, &Deal::Seeded(4)).unwrap();
    fn held(r: &Round, seat: u8) -> std::vec::Vec<Rank> {
        Rank::ALL
            .into_iter()
            .filter(|&k| r.hand(Seat(seat)).count(k) > 0)
            .collect()
    }
    let low = held(&r, 0)[0];
    assert_eq!(
        why(&r, 0, single(low)),
        "the auction is not over: bid, call, rob or pass first"
    );
    r.apply(Seat(0), Action::Bid(1)).unwrap();
    assert_eq!(
        why(&r, 1, Action::Bid(1)),
        "a bid must be above the current bid, at most 3"
    );
    r.apply(Seat(1), Action::Bid(3)).unwrap();
    // Seat 1 is the landlord and leads.
    assert_eq!(why(&r, 1, Action::Bid(3)), "the auction is over");
    assert_eq!(why(&r, 1, Action::Pass), "the leader of a trick may not pass");
    // Two different ranks of the hand read as a pair.
    let ranks = held(&r, 1);
    let (a, b) = (ranks[0], ranks[1]);
    let mut two = Cards::EMPTY;
    two.add(a, 1);
    two.add(b, 1);
    let not_a_pair = Action::Play(Play {
        cards: two,
        reading: Reading {
            kind: Kind::Pair,
            chain: 1,
            key: a,
        },
    });
    assert_eq!(
        why(&r, 1, not_a_pair),
        "the cards do not make that combination under these rules"
    );
    // Seat 1 leads its highest single; seat 2's lowest does not beat it.
    let top = *held(&r, 1).last().unwrap();
    r.apply(Seat(1), single(top)).unwrap();
    let under = held(&r, 2)
        .into_iter()
        .find(|&k| k <= top)
        .expect("seat 2 holds a rank at most the lead");
    assert_eq!(why(&r, 2, single(under)), "the play does not beat the table");
    let absent = Rank::ALL.into_iter().find(|&k| r.hand(Seat(2)).count(k) == 0).unwrap();
    assert_eq!(why(&r, 2, single(absent)), "the cards are not in the hand");
    // The call-and-rob auction: no bids; a second call.
    let mut rob = Round::new(&Config::ROB, &Deal::Seeded(4)).unwrap();
    let first = rob.to_act().unwrap().0;
    assert_eq!(
        why(&rob, first, Action::Bid(1)),
        "this auction takes no bids: call, rob or pass"
    );
    rob.apply(Seat(first), Action::Call).unwrap();
    let next = rob.to_act().unwrap().0;
    assert_eq!(
        why(&rob, next, Action::Call),
        "the landlord is already called: rob or pass"
    );
    // The shared fault's text alone, without a reason.
    assert_eq!(
        std::string::ToString::to_string(&Error::IllegalAction { why: "" }),
        "the action is not legal now"
    );
}

/// `apply`'s legality test reads a play against its one reading (`reads_as`) instead of
/// classifying the cards: for random card sets of every size (a few above each preset's limit)
/// and every set the generator reports from random hands, under every preset, every reading
/// (every kind, chain length 0 … 13, key 3 … red joker) is accepted exactly when `classify`
/// lists it.
#[test]
fn reading_a_play_as_one_reading_agrees_with_the_classifier() {
    use super::reads_as;
    let presets = [
        Preset::PAGAT,
        Preset::RLCARD,
        Preset::OPENSPIEL,
        Preset::DOUZERO,
        Preset::BOTZONE,
    ];
    let mut rng = Rng::new(0x5eed);
    let mut sets = std::vec::Vec::new();
    for _ in 0..1500 {
        // A random sub-multiset of the deck: a random hand, then a random part of it.
        let mut deck = [0u8; 54];
        for (i, d) in deck.iter_mut().enumerate() {
            *d = (i / 4).min(13) as u8 + u8::from(i == 53);
        }
        shuffle(&mut deck, &mut rng);
        let size = 1 + rng.below(22) as usize;
        let mut counts = [0u8; RANKS];
        for &r in &deck[..size] {
            counts[usize::from(r)] += 1;
        }
        let hand = Cards::from_counts(counts).unwrap();
        sets.push(hand);
        // Every play the generator reports from it (and a few of them only: big hands).
        let mut n = 0;
        generate(&hand, None, &Preset::DOUZERO, 20, &mut |cards, _| {
            n += 1;
            if n % 7 == 0 {
                sets.push(cards);
            }
            n < 400
        });
    }
    // Every set over a few ranks: 3 4 5 held 0 … 4 times, 2 up to twice, each joker (near
    // misses of every one-rank play, triplet + kicker and short chain), and 3 … 7 held 0 … 2
    // times with a 2 (sequences, pair sequences and their near misses).
    for code in 0..5 * 5 * 5 * 3 * 4 {
        let mut counts = [0u8; RANKS];
        let mut rest = code;
        for (slot, base) in [(0usize, 5u32), (1, 5), (2, 5), (12, 3), (13, 2), (14, 2)] {
            counts[slot] = (rest % base) as u8;
            rest /= base;
        }
        sets.push(Cards::from_counts(counts).unwrap());
    }
    for code in 0..3u32.pow(5) * 2 {
        let mut counts = [0u8; RANKS];
        let mut rest = code;
        for slot in counts.iter_mut().take(5) {
            *slot = (rest % 3) as u8;
            rest /= 3;
        }
        counts[12] = rest as u8;
        sets.push(Cards::from_counts(counts).unwrap());
    }
    let (mut yes, mut checked) = (0usize, 0usize);
    for cards in &sets {
        for preset in &presets {
            let listed = classify(cards, preset);
            for kind in Kind::ALL {
                for chain in 0..=13u8 {
                    for key in Rank::ALL {
                        let r = Reading { kind, chain, key };
                        let expected = listed.iter().any(|x| x == r);
                        assert_eq!(reads_as(cards, &r, preset), expected, "{cards} as {r} under {preset:?}");
                        yes += usize::from(expected);
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(yes > 15_000 && checked > 5_000_000, "{yes} of {checked}");
}

/// The scores of an ended deal as the loop over the seats before session 22 wrote them, the
/// reference of `deal_scores`.
fn old_deal_scores(scoring: Scoring, landlord: usize, landlord_won: bool, unit: i32) -> [i32; SEATS] {
    let mut scores = [0i32; SEATS];
    for (s, score) in scores.iter_mut().enumerate() {
        let is_landlord = s == landlord;
        *score = match scoring {
            Scoring::Stake => {
                let base = if is_landlord { unit.saturating_mul(2) } else { unit };
                if is_landlord == landlord_won {
                    base
                } else {
                    base.saturating_neg()
                }
            }
            Scoring::WinLoss => i32::from(is_landlord == landlord_won),
        };
    }
    scores
}

#[test]
fn deal_scores_are_the_loop_over_the_seats() {
    for scoring in [Scoring::Stake, Scoring::WinLoss] {
        for landlord in 0..SEATS {
            for won in [false, true] {
                for unit in [0, 1, 2, 3, 48, 1 << 20, i32::MAX / 2, i32::MAX / 2 + 1, i32::MAX] {
                    assert_eq!(
                        play::deal_scores(scoring, landlord, won, unit),
                        old_deal_scores(scoring, landlord, won, unit),
                        "{scoring:?} {landlord} {won} {unit}"
                    );
                }
            }
        }
    }
}

/// Session 22 dropped the given deal's test of its sum against the deck: 17, 17, 17 and 3 cards
/// that fit in the deck together are the deck. Random sets of those sizes (each within the
/// deck, often overlapping, often a split of the deck): accepted exactly when they fit
/// together, and then they are the deck.
#[test]
fn a_given_deal_that_fits_in_the_deck_is_the_deck() {
    let mut rng = Rng::new(22);
    let mut accepted = 0;
    for _ in 0..20_000 {
        let mut deck = CANONICAL_DECK;
        shuffle(&mut deck, &mut rng);
        let mut sets = [Cards::EMPTY; 4];
        for (k, &card) in deck.iter().enumerate() {
            let set = if k < 51 { k / HAND_CARDS } else { 3 };
            add_card(&mut sets[set], card);
        }
        // Now and then a card moved to another set's rank (an overlap, the sizes kept).
        if rng.below(2) == 0 {
            let (from, to) = (rng.below(4) as usize, rng.below(15) as usize);
            let rank = Rank::ALL.into_iter().find(|&r| sets[from].count(r) > 0).unwrap();
            let mut counts = sets[from].counts();
            counts[rank as usize] -= 1;
            counts[to] += 1;
            if let Ok(moved) = Cards::from_counts(counts) {
                sets[from] = moved;
            }
        }
        let [a, b, c, kitty] = sets;
        let deal = Deal::Given {
            hands: [a, b, c],
            kitty,
            first_bidder: Seat(0),
        };
        let sum = sets.iter().try_fold(Cards::EMPTY, |acc, s| acc.plus(s));
        match deal.cards(&Config::PAGAT) {
            Ok(_) => {
                accepted += 1;
                assert_eq!(sum, Some(Cards::DECK));
            }
            Err(_) => assert_ne!(sum, Some(Cards::DECK)),
        }
    }
    assert!(accepted > 5_000 && accepted < 15_000, "{accepted}");
}
