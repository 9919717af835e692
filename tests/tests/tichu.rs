//! Tichu: vectors through the CLI, the core and the reference; the checkers over regressions and
//! pseudo-random cases; unit tests with values from the rules (spec `docs/rules/tichu.md`).

use std::ops::ControlFlow;

use parlor_conformance::check::tichu as check;
use parlor_conformance::fuzzing::run_target;
use parlor_conformance::reference::tichu as reference;
use parlor_conformance::vectors;
use parlor_core::tichu::{self, Cards, Combination, Error, Kind, Rank};

fn cards(text: &str) -> Cards {
    text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn legal(previous: &str, play: &str) -> Result<bool, Error> {
    tichu::is_legal(previous.parse::<tichu::Cards>()?, play.parse::<tichu::Cards>()?)
}

fn moves(hand: &str, previous: Option<Combination>, wish: Option<Rank>) -> Vec<String> {
    let mut out = Vec::new();
    tichu::for_each_move(&cards(hand), previous, wish, |play, _| {
        out.push(play.to_string());
        ControlFlow::Continue(())
    })
    .unwrap();
    out
}

#[test]
fn vectors_pass_through_the_cli() {
    assert!(vectors::assert_cli("tichu") >= 47);
}

#[test]
fn legal_vectors_agree_with_core_and_reference() {
    let mut checked = 0;
    for (file, vector) in vectors::load("tichu") {
        let args: Vec<&str> = vector.args.iter().map(String::as_str).collect();
        if let ["tichu", "legal", previous, play] = args[..] {
            let expected = match vector.expected.as_str() {
                "legal" => Some(true),
                "illegal" => Some(false),
                _ => None,
            };
            assert_eq!(legal(previous, play).ok(), expected, "{file}:{} core", vector.line);
            assert_eq!(
                reference::is_legal(previous, play).ok(),
                expected,
                "{file}:{} reference",
                vector.line
            );
            checked += 1;
        }
        if let ["tichu", "moves", hand, rest @ ..] = &args[..] {
            let previous = rest.first().filter(|p| !p.starts_with("--")).copied().unwrap_or("-");
            let wish = rest.iter().position(|&a| a == "--wish").and_then(|i| rest.get(i + 1));
            let wish = wish.and_then(|w| w.chars().next()).and_then(Rank::from_symbol);
            if let (Ok(hand), Ok(Ok(previous))) = (
                hand.parse::<tichu::Cards>(),
                previous.parse::<tichu::Cards>().map(tichu::previous_play),
            ) && hand.len() <= tichu::MAX_HAND
                && !vector.expected.starts_with("error:")
            {
                check::check_moves(hand, previous, wish);
                checked += 1;
            }
        }
    }
    assert!(checked >= 47, "only {checked} vectors checked");
}

#[test]
fn trick_points_and_score_vectors_agree_with_the_reference() {
    let mut checked = 0;
    for (file, vector) in vectors::load("tichu") {
        let args: Vec<&str> = vector.args.iter().map(String::as_str).collect();
        let Some(("tichu", rest)) = args.split_first().map(|(first, rest)| (*first, rest)) else {
            continue;
        };
        if let Some(answer) = vectors::tichu::reference_answer(rest) {
            assert!(
                vectors::tichu::agrees(&answer, &vector.expected),
                "{file}:{}: reference {answer:?}, expected {:?}",
                vector.line,
                vector.expected
            );
            checked += 1;
        }
        // The core directly: card points.
        if let ["points", set] = rest
            && let Ok(set) = set.parse::<tichu::Cards>()
        {
            assert_eq!(set.points().to_string(), vector.expected, "{file}:{} core", vector.line);
        }
    }
    assert!(checked >= 100, "only {checked} vectors checked");
}

#[test]
fn diff_checker_over_regressions_and_random_cases() {
    assert!(run_target("tichu_diff", 3000, check::diff) > 0);
}

#[test]
fn trick_checker_over_regressions_and_random_cases() {
    assert!(run_target("tichu_trick", 3000, check::trick) > 0);
}

#[test]
fn ffi_checker_over_regressions_and_random_cases() {
    assert!(run_target("ffi_tichu", 3000, check::ffi) > 0);
}

fn combo(kind: Kind, len: u8, key: u8) -> Combination {
    Combination::new(kind, len, key).unwrap()
}

fn seat(i: u8) -> tichu::Seat {
    tichu::Seat::new(i).unwrap()
}

#[test]
fn notation_parses_the_seed_form_and_round_trips_the_suited_form() {
    let set = cards("6P0594J7");
    assert_eq!((set.len(), set.has_phoenix(), set.is_suited()), (8, true, false));
    assert_eq!(set.to_string(), "456790JP");
    assert_eq!(cards("T").to_string(), "0");
    assert_eq!(cards("-"), Cards::EMPTY);
    assert_eq!(cards(""), Cards::EMPTY);
    let suited = cards("Aj 0t,5s 1RPD");
    assert_eq!(suited.to_string(), "15s0tAjRPD");
    assert_eq!(cards(&suited.to_string()), suited);
    assert_eq!(suited.points(), 5 + 10 + 25 - 25);
}

#[test]
fn impossible_card_sets_are_typed_errors() {
    use parlor_core::notation::Span;
    let seven = Rank::from_symbol('7').unwrap();
    assert_eq!(
        "77777".parse::<tichu::Cards>(),
        Err(Error::TooManyOfRank {
            rank: seven,
            span: Span::new(4, 5)
        })
    );
    assert_eq!(
        "PP".parse::<tichu::Cards>(),
        Err(Error::DuplicateCard { span: Span::new(1, 2) })
    );
    assert_eq!(
        "5j5j".parse::<tichu::Cards>(),
        Err(Error::DuplicateCard { span: Span::new(2, 4) })
    );
    assert_eq!(
        "5j6".parse::<tichu::Cards>(),
        Err(Error::MixedNotation { span: Span::new(2, 3) })
    );
    assert_eq!(
        "5x".parse::<tichu::Cards>(),
        Err(Error::UnknownCard { span: Span::new(1, 2) })
    );
    assert_eq!(
        "1j".parse::<tichu::Cards>(),
        Err(Error::UnknownCard { span: Span::new(1, 2) })
    );
    // Across the previous play and the play: a fifth 7, two Phoenixes.
    assert_eq!(legal("777", "77"), Err(Error::CardsOverlap));
    assert_eq!(legal("P", "P"), Err(Error::CardsOverlap));
    assert_eq!(legal("5j", "5j"), Err(Error::CardsOverlap));
    assert_eq!(legal("D", "5"), Err(Error::PreviousIsDog));
    assert_eq!(legal("1234", "5"), Err(Error::PreviousNotACombination));
}

#[test]
fn phoenix_readings() {
    let keys = |text: &str| {
        tichu::readings(cards(text))
            .iter()
            .map(|r| (r.kind(), r.key()))
            .collect::<Vec<_>>()
    };
    assert_eq!(keys("P3456"), [(Kind::Straight, 12), (Kind::Straight, 14)]); // 2–6 or 3–7
    assert_eq!(keys("P2345"), [(Kind::Straight, 12)]); // never the 1
    assert_eq!(keys("P0JQK"), [(Kind::Straight, 26), (Kind::Straight, 28)]);
    assert_eq!(keys("P0JQKA"), [(Kind::Straight, 28)]); // never above the Ace
    assert_eq!(keys("1P345"), [(Kind::Straight, 10)]); // the Phoenix as the 2
    assert_eq!(keys("P5566"), [(Kind::FullHouse, 10), (Kind::FullHouse, 12)]);
    assert_eq!(keys("P5556"), [(Kind::FullHouse, 10)]);
    assert_eq!(keys("P5555"), []); // four of a kind + Phoenix: nothing
    assert_eq!(keys("P556"), [(Kind::Stairs, 12)]);
    assert_eq!(keys("P1"), []); // never the Mah Jong
    assert_eq!(keys("PR"), []);
    assert_eq!(keys("P"), [(Kind::Single, 3)]);
    // The previous play is read at its strongest: P3456 is 3–7, so 4–8 beats it and 3–7 does not.
    assert_eq!(legal("P3456", "45678"), Ok(true));
    assert_eq!(legal("P3456", "34567"), Ok(false));
    assert_eq!(legal("P5566", "77788"), Ok(true));
    assert_eq!(legal("P5566", "44433"), Ok(false));
}

#[test]
fn a_single_on_a_phoenix_is_judged_against_n_and_a_half() {
    let nine = combo(Kind::Single, 1, 18);
    let phoenix = tichu::resolve(Some(nine), cards("P")).unwrap();
    assert_eq!(phoenix.key(), 19);
    assert_eq!(tichu::is_legal_after(Some(phoenix), cards("9")), Ok(false));
    assert_eq!(tichu::is_legal_after(Some(phoenix), cards("0")), Ok(true));
    // The Dog ends its trick: every legality entry point says so (found in use:
    // the resolved form used to answer "illegal" where the others reported the Dog).
    let dog = tichu::Combination::new(tichu::Kind::Dog, 1, 0).unwrap();
    assert_eq!(
        tichu::is_legal_after(Some(dog), cards("5")),
        Err(tichu::Error::PreviousIsDog)
    );
    assert_eq!(
        tichu::is_legal_after(Some(phoenix), cards("P")),
        Err(Error::CardsOverlap)
    );
    let ace = combo(Kind::Single, 1, 28);
    let on_ace = tichu::resolve(Some(ace), cards("P")).unwrap();
    assert_eq!(on_ace.key(), 29);
    assert_eq!(tichu::is_legal_after(Some(on_ace), cards("R")), Ok(true));
    assert_eq!(tichu::resolve(Some(combo(Kind::Single, 1, 30)), cards("P")), None); // not on the Dragon
    // Led, the Phoenix is 1½: the Mah Jong does not beat it, a 2 does.
    assert_eq!(legal("P", "1"), Ok(false));
    assert_eq!(legal("P", "2"), Ok(true));
}

#[test]
fn straight_flush_bombs_need_suits() {
    assert_eq!(legal("AjAsApAt", "5j6j7j8j9j"), Ok(true)); // a straight flush beats any four of a kind
    assert_eq!(legal("5j6j7j8j9j", "AjAsApAt"), Ok(false));
    assert_eq!(legal("6s7s8s9s0s", "5j6j7j8j9j"), Ok(false)); // same length: higher top wins
    assert_eq!(legal("6s7s8s9s0s", "2j3j4j5j6j7j"), Ok(true)); // longer wins
    assert_eq!(legal("Rj", "5j6j7j8j9j").ok(), None); // the Dragon takes no suit: a parse error
    assert_eq!(legal("R", "5j6j7j8j9j"), Ok(true)); // bombs beat the Dragon
    assert_eq!(legal("6s7s8s9s0s", "7j8j9j0jJs"), Ok(false)); // mixed suits: a plain straight
    assert_eq!(legal("6s7s8s9s0s", "7j8j9j0jJj"), Ok(true));
    assert_eq!(legal("23456", "1j2j3j4j5j".replace("1j", "1").as_str()), Ok(false)); // Mah Jong: no flush
    let sf = tichu::readings(cards("9t0tJtQtKt")).strongest().unwrap();
    assert_eq!((sf.kind(), sf.len(), sf.key()), (Kind::StraightFlush, 5, 26));
    assert_eq!(legal("-", "5j6j7j8jP"), Ok(true)); // with the Phoenix: a plain straight
    assert_eq!(legal("45678", "5j6j7j8jP"), Ok(true));
}

#[test]
fn bombs_beat_everything_but_bigger_bombs() {
    assert_eq!(legal("R", "2222"), Ok(true));
    assert_eq!(legal("AAAKK", "3333"), Ok(true));
    assert_eq!(legal("3333", "AAAKK"), Ok(false));
    assert_eq!(legal("3333", "4444"), Ok(true));
    assert_eq!(legal("-", "3333"), Ok(true));
    assert_eq!(legal("3333", "R"), Ok(false));
}

#[test]
fn moves_on_the_lead_and_on_a_play() {
    assert_eq!(
        moves("1234P", None, None),
        ["1", "2", "3", "4", "P", "2P", "3P", "4P", "1234P"]
    );
    let pair_of_fives = combo(Kind::Pair, 2, 10);
    assert_eq!(
        moves("5667P9999R", Some(pair_of_fives), None),
        ["66", "6P", "7P", "99", "9P", "9999"]
    );
    let eight = combo(Kind::Single, 1, 16);
    assert_eq!(moves("27PRD", Some(eight), None), ["R", "P"]);
    assert_eq!(moves("D", None, None), ["D"]);
    assert!(moves("D", Some(eight), None).is_empty());
    // Suited: distinct card sets.
    assert_eq!(moves("5j5s", Some(combo(Kind::Single, 1, 8)), None), ["5j", "5s"]);
    assert_eq!(
        moves("5j5s5p", Some(combo(Kind::Pair, 2, 8)), None),
        ["5j5s", "5j5p", "5s5p"]
    );
}

#[test]
fn the_wish_binds_a_player_who_can_fulfil_it() {
    let seven = Rank::from_symbol('7');
    let six = Some(combo(Kind::Single, 1, 12));
    assert_eq!(moves("27KR", six, seven), ["7"]);
    // Holding the rank but unable to play it on the table: free.
    assert_eq!(moves("27KR", Some(combo(Kind::Single, 1, 20)), seven), ["K", "R"]);
    // A bomb containing the wished rank must be played.
    let king = Some(combo(Kind::Single, 1, 26));
    assert_eq!(moves("7777A", king, seven), ["7777"]);
    assert_eq!(tichu::can_pass(&cards("7777A"), king, seven), Ok(false));
    // The Phoenix's help counts, but the Phoenix is never the wished rank.
    let pair_of_sixes = Some(combo(Kind::Pair, 2, 12));
    assert_eq!(moves("7P", pair_of_sixes, seven), ["7P"]);
    assert_eq!(moves("8P", pair_of_sixes, seven), ["8P"]);
    assert_eq!(tichu::wish_forces(&cards("8P"), pair_of_sixes, seven), Ok(false));
}

#[test]
fn a_trick_with_a_bomb_out_of_turn_and_the_dragon_given_away() {
    use tichu::{Step, Trick};
    let mut trick = Trick::new(seat(0));
    assert_eq!(trick.pass(seat(0), cards("5")), Err(Error::CannotPassOnLead));
    assert_eq!(
        trick.play(seat(0), cards("K"), cards("5K"), None),
        Ok(Step::Next(seat(1)))
    );
    assert_eq!(
        trick.play(seat(2), cards("A"), cards("A"), None),
        Err(Error::NotYourTurn)
    );
    assert_eq!(
        trick.play(seat(1), cards("Q"), cards("Q"), None),
        Err(Error::IllegalPlay)
    );
    assert_eq!(
        trick.play(seat(1), cards("R"), cards("R2"), None),
        Ok(Step::Next(seat(2)))
    );
    // Out of turn, seat 3 bombs the Dragon.
    assert_eq!(
        trick.play(seat(3), cards("4444"), cards("44448"), None),
        Ok(Step::Next(seat(0)))
    );
    assert_eq!(trick.pass(seat(0), cards("5")), Ok(Step::Next(seat(1))));
    assert_eq!(trick.pass(seat(1), cards("2")), Ok(Step::Next(seat(2))));
    let Ok(Step::Over(end)) = trick.pass(seat(2), cards("A")) else {
        panic!("the trick should end")
    };
    assert_eq!(
        (end.taker, end.next_leader, end.points, end.dragon),
        (seat(3), Some(seat(3)), 35, false)
    );
    assert_eq!(trick.pass(seat(3), cards("8")), Err(Error::TrickOver));
    // A Dragon trick goes to an opponent.
    let mut trick = Trick::new(seat(2));
    trick.play(seat(2), cards("R"), cards("R3"), None).unwrap();
    trick.pass(seat(3), cards("4")).unwrap();
    trick.pass(seat(0), cards("4")).unwrap();
    let Ok(Step::Over(end)) = trick.pass(seat(1), cards("4")) else {
        panic!("the trick should end")
    };
    assert!(end.dragon);
    assert_eq!(end.give_to(seat(0)), Err(Error::NotAnOpponent));
    assert_eq!(end.give_to(seat(3)), Ok(seat(3)));
}

#[test]
fn the_dog_hands_the_lead_to_the_partner() {
    use tichu::{Step, Trick};
    let mut trick = Trick::new(seat(1));
    let Ok(Step::Over(end)) = trick.play(seat(1), cards("D"), cards("D5"), None) else {
        panic!()
    };
    assert_eq!(
        (end.taker, end.next_leader, end.dog, end.points),
        (seat(1), Some(seat(3)), true, 0)
    );
    // Partner out: the next seat after the partner with cards.
    let mut trick = Trick::with(seat(1), [false, false, false, true], None).unwrap();
    let Ok(Step::Over(end)) = trick.play(seat(1), cards("D"), cards("D5"), None) else {
        panic!()
    };
    assert_eq!(end.next_leader, Some(seat(0)));
}

#[test]
fn the_wish_in_a_trick() {
    use tichu::{Step, Trick};
    let seven = Rank::from_symbol('7');
    let mut trick = Trick::new(seat(0));
    assert_eq!(
        trick.play(seat(0), cards("5"), cards("15"), seven),
        Err(Error::UnexpectedWish)
    );
    assert_eq!(
        trick.play(seat(0), cards("1"), cards("15"), seven),
        Ok(Step::Next(seat(1)))
    );
    assert_eq!(trick.wish(), seven);
    assert_eq!(
        trick.play(seat(1), cards("8"), cards("78"), None),
        Err(Error::MustFulfilWish)
    );
    assert_eq!(trick.pass(seat(1), cards("78")), Err(Error::MustFulfilWish));
    assert_eq!(trick.pass(seat(1), cards("88")), Ok(Step::Next(seat(2)))); // no 7: free
    assert_eq!(
        trick.play(seat(2), cards("7"), cards("7K"), None),
        Ok(Step::Next(seat(3)))
    );
    assert_eq!(trick.wish(), None);
    // The last card goes out and the trick ends when the others pass.
    assert_eq!(trick.pass(seat(3), cards("2")), Ok(Step::Next(seat(0))));
    assert_eq!(
        trick.play(seat(0), cards("A"), cards("A"), None),
        Ok(Step::Next(seat(1)))
    );
    trick.pass(seat(1), cards("88")).unwrap();
    trick.pass(seat(2), cards("K")).unwrap();
    let Ok(Step::Over(end)) = trick.pass(seat(3), cards("2")) else {
        panic!()
    };
    assert_eq!((end.taker, end.next_leader), (seat(0), Some(seat(1))));
}

#[test]
fn scoring_a_round() {
    use tichu::{Call, score_round};
    let finish = [seat(2), seat(1), seat(0), seat(3)];
    let calls = [Call::None, Call::GrandTichu, Call::Tichu, Call::None];
    // Seat 3 last: its 15 trick points go to seat 2's team, its 20 hand points to the opponents.
    assert_eq!(
        score_round(finish, [10, 30, 25, 15], 20, calls),
        Ok([100 + 10 + 25 + 15 + 20, 30 - 200])
    );
    assert_eq!(
        score_round([seat(0), seat(2), seat(1), seat(3)], [0; 4], 0, calls),
        Ok([200 - 100, -200])
    ); // seat 2's Tichu failed
    assert_eq!(
        score_round(finish, [10, 30, 25, 15], 0, calls),
        Err(Error::InvalidScore)
    );
    assert_eq!(score_round([seat(0); 4], [25; 4], 0, calls), Err(Error::InvalidScore));
}

#[test]
fn full_hands_match_the_reference() {
    // 14-card hands: move generation against the subset enumeration of the reference.
    for (hand, previous) in [
        ("1234567890JQKP", "-"),
        ("22334455667788", "-"),
        ("2j2s3j3s4j4s5j5s6j6s7jPRD", "-"),
        ("2j3j4j5j6j7j8j9j0jJjQjKjAj1", "-"),
        ("5555666677P889", "-"),
        ("5555666677P889", "JJ"),
        ("2j2s2p3j3s3p4j4s4p5j5sP1D", "-"),
        ("2j2s2p3j3s3p4j4s4p5j5sP1D", "6677"),
        ("1234567890JQKP", "23456"),
        ("234567890JQKAP", "-"),
        ("9j9p9t0j0s0p0tJjJsJpJtQjQpP", "-"),
    ] {
        let previous = tichu::previous_play(cards(previous)).unwrap();
        check::check_moves(cards(hand), previous, None);
    }
}

#[test]
fn move_buffer_too_small_reports_the_size_needed() {
    let mut out = [Cards::EMPTY; 4];
    assert_eq!(
        tichu::moves(&cards("1234P"), None, None, &mut out),
        Err(Error::BufferTooSmall { needed: 9 })
    );
    assert_eq!(out[3], cards("4"));
    let too_many = "1234567890JQKAR";
    let mut big = vec![Cards::EMPTY; tichu::MAX_MOVES];
    assert_eq!(
        tichu::moves(&cards(too_many), None, None, &mut big),
        Err(Error::HandTooLarge)
    );
}

/// Fuzz finding `tests/fuzz-regressions/tichu_diff/phoenix-on-phoenix`: a led Phoenix (1½) as
/// the table and a hand with the Phoenix — an impossible position, now a typed error in move
/// generation as in `is_legal_after`.
#[test]
fn regression_phoenix_on_phoenix_is_an_overlap() {
    let led_phoenix = tichu::previous_play(cards("P")).unwrap();
    let mut out = [Cards::EMPTY; 8];
    assert_eq!(
        tichu::moves(&cards("5P"), led_phoenix, None, &mut out),
        Err(Error::CardsOverlap)
    );
    assert_eq!(tichu::is_legal_after(led_phoenix, cards("P")), Err(Error::CardsOverlap));
    assert_eq!(tichu::moves(&cards("5"), led_phoenix, None, &mut out), Ok(1));
}

#[test]
fn bombs_out_of_turn_on_ones_own_play_but_never_on_the_lead() {
    use tichu::{Step, Trick};
    let mut trick = Trick::new(seat(0));
    // Out of turn on an empty table: refused even for a bomb.
    assert_eq!(
        trick.play(seat(2), cards("8888"), cards("8888"), None),
        Err(Error::NotYourTurn)
    );
    assert_eq!(
        trick.play(seat(0), cards("9"), cards("93333"), None),
        Ok(Step::Next(seat(1)))
    );
    // Seat 0 bombs its own single out of turn.
    assert_eq!(
        trick.play(seat(0), cards("3333"), cards("3333"), None),
        Ok(Step::Next(seat(1)))
    );
    // Seat 0 is now out: the trick ends after the three others pass, the lead goes on to seat 1.
    trick.pass(seat(1), cards("2")).unwrap();
    trick.pass(seat(2), cards("2")).unwrap();
    let Ok(Step::Over(end)) = trick.pass(seat(3), cards("2")) else {
        panic!("the trick should end")
    };
    assert_eq!((end.taker, end.next_leader), (seat(0), Some(seat(1))));
    assert_eq!(trick.parts().out, [true, false, false, false]);
}

#[test]
fn saved_trick_parts_must_be_reachable() {
    use tichu::Trick;
    // Every state a real trick passes through round-trips through its parts.
    let mut trick = Trick::new(seat(0));
    trick.play(seat(0), cards("9"), cards("9K"), None).unwrap();
    assert_eq!(Trick::from_parts(trick.parts()).map(|t| t.parts()), Ok(trick.parts()));
    trick.pass(seat(1), cards("2")).unwrap();
    assert_eq!(Trick::from_parts(trick.parts()).map(|t| t.parts()), Ok(trick.parts()));
    // The turn never comes back to the top play's seat (the trick ends first), and the passes
    // count the seats between the top play and the turn (found in use: a C caller
    // could set turn = top seat and pass on its own play).
    let mut parts = trick.parts();
    parts.turn = seat(0);
    parts.passes = 0;
    assert_eq!(Trick::from_parts(parts).map(|t| t.parts()), Err(Error::InvalidTrick));
    let mut parts = trick.parts();
    parts.passes = 0; // seat 1 passed, seat 2 to act: one pass, not none
    assert_eq!(Trick::from_parts(parts).map(|t| t.parts()), Err(Error::InvalidTrick));
    let mut parts = trick.parts();
    parts.points = 7; // card points come in fives
    assert_eq!(Trick::from_parts(parts).map(|t| t.parts()), Err(Error::InvalidTrick));
}

#[test]
fn a_play_must_come_from_the_hand() {
    use tichu::Trick;
    let mut trick = Trick::new(seat(0));
    assert_eq!(
        trick.play(seat(0), cards("99"), cards("9K"), None),
        Err(Error::NotInHand)
    );
    assert_eq!(
        trick.play(seat(0), cards("5j"), cards("5"), None),
        Err(Error::NotInHand)
    );
    assert_eq!(
        trick.play(seat(0), cards("-"), cards("5"), None),
        Err(Error::IllegalPlay)
    );
    assert_eq!(
        trick.play(seat(0), cards("56"), cards("56"), None),
        Err(Error::IllegalPlay)
    );
    // Nothing changed on error.
    assert_eq!(trick.parts(), Trick::new(seat(0)).parts());
}

#[test]
fn the_largest_move_lists_found() {
    // Found by a hill-climbing search over 14-card hands (docs/tichu.md, "Move generation").
    let count = |hand: &str| {
        let mut out = vec![Cards::EMPTY; tichu::MAX_MOVES];
        tichu::moves(&cards(hand), None, None, &mut out).unwrap()
    };
    assert_eq!(count("234567890JQKAP"), 381);
    assert_eq!(count("1234567890JQKP"), 381);
    assert_eq!(count("9j9p9t0j0s0p0tJjJsJpJtQjQpP"), 1674);
}

#[test]
fn the_wish_survives_the_wishers_own_straight_and_bombs_out_of_turn_fulfil_it() {
    use tichu::{Step, Trick};
    let five = Rank::from_symbol('5');
    let mut trick = Trick::new(seat(0));
    // The wish is made with the play: a 5 inside the wisher's own straight does not fulfil it.
    assert_eq!(
        trick.play(seat(0), cards("1 2j 3j 4j 5j"), cards("1 2j 3j 4j 5j 9j"), five),
        Ok(Step::Next(seat(1)))
    );
    assert_eq!(trick.wish(), five);
    // Seat 1 holds a 5 but no straight above 1-5 with it: free to pass.
    assert_eq!(trick.pass(seat(1), cards("5t Ks")), Ok(Step::Next(seat(2))));
    // Seat 2 could play 4-8 holding its 5 only with the Phoenix: it must, a pass is refused.
    assert_eq!(trick.pass(seat(2), cards("5p 6j 7j 8j P")), Err(Error::MustFulfilWish));
    // Out of turn the wish does not bind, but a bomb with the rank fulfils it.
    assert_eq!(
        trick.play(seat(3), cards("5555"), cards("55552"), None),
        Err(Error::PlayedTwice) // a fifth 5 within the trick
    );
    assert_eq!(
        trick.play(seat(3), cards("5s6s7s8s9s"), cards("5s6s7s8s9s2j"), None),
        Ok(Step::Next(seat(0)))
    );
    assert_eq!(trick.wish(), None);
    // With the wish gone, seat 2 (after 0 and 1 pass) may pass.
    trick.pass(seat(0), cards("9j")).unwrap();
    trick.pass(seat(1), cards("5t Ks")).unwrap();
    let Ok(Step::Over(end)) = trick.pass(seat(2), cards("5p 6j 7j 8j P")) else {
        panic!("the trick should end")
    };
    assert_eq!((end.taker, end.next_leader, end.points), (seat(3), Some(seat(3)), 10));
}

#[test]
fn a_dragon_as_the_last_card() {
    use tichu::{Step, Trick};
    let mut trick = Trick::new(seat(1));
    trick.play(seat(1), cards("9"), cards("92"), None).unwrap();
    // Seat 2 goes out with the Dragon: three seats must pass, then the lead moves on.
    assert_eq!(
        trick.play(seat(2), cards("R"), cards("R"), None),
        Ok(Step::Next(seat(3)))
    );
    assert_eq!(
        trick.play(seat(3), cards("P"), cards("PA"), None),
        Err(Error::IllegalPlay)
    );
    trick.pass(seat(3), cards("PA")).unwrap();
    trick.pass(seat(0), cards("K")).unwrap();
    let Ok(Step::Over(end)) = trick.pass(seat(1), cards("2")) else {
        panic!("the trick should end")
    };
    assert_eq!(
        (end.taker, end.next_leader, end.points, end.dragon),
        (seat(2), Some(seat(3)), 25, true)
    );
    assert_eq!(end.give_to(seat(0)), Err(Error::NotAnOpponent));
    assert_eq!(end.give_to(seat(1)), Ok(seat(1)));
}

#[test]
fn enum_codes_from_c_are_typed_errors() {
    use tichu::{Call, Seat, Suit};
    assert_eq!(Rank::try_from(2).map(Rank::value), Ok(2));
    assert_eq!(Rank::try_from(15), Err(Error::UnknownCode { what: "rank", code: 15 }));
    assert_eq!(Rank::try_from(0), Err(Error::UnknownCode { what: "rank", code: 0 }));
    assert_eq!(Suit::try_from(3), Ok(Suit::Star));
    assert_eq!(Suit::try_from(4), Err(Error::UnknownCode { what: "suit", code: 4 }));
    assert_eq!(Kind::try_from(8), Ok(Kind::Dog));
    assert_eq!(Kind::try_from(9), Err(Error::UnknownCode { what: "kind", code: 9 }));
    assert_eq!(Call::try_from(2), Ok(Call::GrandTichu));
    assert_eq!(Call::try_from(3), Err(Error::UnknownCode { what: "call", code: 3 }));
    assert_eq!(Seat::try_from(4), Err(Error::UnknownCode { what: "seat", code: 4 }));
}

#[test]
fn overlap_names_the_card() {
    use tichu::Card;
    let seven = Rank::from_symbol('7').map(|r| Card::Natural(r, None));
    assert_eq!(cards("777").overlap(cards("577")), seven);
    assert_eq!(cards("777").overlap(cards("57")), None);
    assert_eq!(cards("P").overlap(cards("9P")), Some(Card::Phoenix));
    let five_jade = cards("5j").iter().next();
    assert_eq!(cards("5555").overlap(cards("3j4j5j6j7j")), five_jade);
    assert_eq!(cards("5j").overlap(cards("5s5j")), five_jade);
    assert_eq!(cards("5j").overlap(cards("5s")), None);
    for (a, b) in [
        ("777", "577"),
        ("P", "P"),
        ("5j", "5j5s"),
        ("5555", "5j"),
        ("1R", "1"),
        ("12", "R"),
    ] {
        assert_eq!(
            cards(a).overlap(cards(b)).is_none(),
            cards(a).is_disjoint_from(cards(b)),
            "{a} {b}"
        );
    }
}

/// The number of plays on the lead from a 14-card suited hand holding `counts[r - 2]` cards of
/// each natural rank `r` (the low suits of each rank), plus the Mah Jong / the Phoenix.
fn lead_plays(counts: &[u8; 13], mahjong: bool, phoenix: bool) -> usize {
    let mut mask = 1u64 << 63; // suited
    for (i, &c) in counts.iter().enumerate() {
        mask |= ((1u64 << c) - 1) << (4 * i);
    }
    mask |= u64::from(mahjong) << 52 | u64::from(phoenix) << 54;
    let hand = Cards::from_mask(mask).unwrap();
    let mut n = 0;
    tichu::for_each_move(&hand, None, None, |_, _| {
        n += 1;
        ControlFlow::Continue(())
    })
    .unwrap();
    n
}

/// Every count vector of `left` natural cards over ranks `rank..13`, folded with `visit`.
fn each_count_vector(counts: &mut [u8; 13], rank: usize, left: u8, visit: &mut dyn FnMut(&[u8; 13])) {
    if rank == 13 {
        if left == 0 {
            visit(counts);
        }
        return;
    }
    let rest = (13 - rank - 1) as u8 * 4;
    for c in left.saturating_sub(rest)..=left.min(4) {
        counts[rank] = c;
        each_count_vector(counts, rank + 1, left - c, visit);
    }
    counts[rank] = 0;
}

/// The proof behind `MAX_MOVES` (docs/tichu.md, "Capacities"), by exhaustion: a play on any
/// table is a combination, hence also a play on the lead, and the wish only removes plays, so the
/// lead bounds every turn; on the lead the plays are the subsets that are combinations, which
/// depends on the number of cards of each rank only (suits decide straight flush or straight,
/// both plays), and a suited hand has at least the plays of the rank-only one; adding a card
/// never removes a play, so 14-card hands suffice; and the Dog or the Dragon (one play each) is
/// never better than a natural card (its own single plus more). So the maximum over the 15.2
/// million count vectors of 14 cards with the Mah Jong and the Phoenix or not is the maximum
/// over every situation. Run: `cargo test --release -p parlor-conformance --test conformance --
/// --ignored tichu::max_moves_is_the_proven_maximum` (about a minute).
#[test]
#[ignore = "exhaustive: about a minute in release mode"]
fn max_moves_is_the_proven_maximum() {
    let mut best = (0, [0u8; 13], false, false);
    for (mahjong, phoenix) in [(false, false), (true, false), (false, true), (true, true)] {
        let naturals = 14 - u8::from(mahjong) - u8::from(phoenix);
        each_count_vector(&mut [0; 13], 0, naturals, &mut |counts| {
            let n = lead_plays(counts, mahjong, phoenix);
            if n > best.0 {
                best = (n, *counts, mahjong, phoenix);
            }
        });
    }
    println!("maximum {} at {:?}", best.0, best);
    assert_eq!(best.0, tichu::MAX_MOVES);
}

#[test]
fn lead_play_counts_do_not_depend_on_the_suits() {
    // The claim the proof above rests on, for the largest hand found and a mixed one.
    for (a, b) in [
        ("9j9p9t0j0s0p0tJjJsJpJtQjQpP", "9s9p9t0j0s0p0tJjJsJpJtQsQtP"),
        ("2j3j4j5j6j7j8j9j0jJjQjKj1P", "2s3j4p5j6t7j8j9s0jJjQpKj1P"),
    ] {
        let count = |hand: &str| moves(hand, None, None).len();
        assert_eq!(count(a), count(b), "{a} vs {b}");
    }
}

#[test]
fn max_moves_is_reached_and_suffices() {
    // The proven maximum (see `max_moves_is_the_proven_maximum`): JJ QQQQ KKKK AAA + Phoenix.
    let hand = cards("JjJsQjQsQpQtKjKsKpKtAjAsApP");
    let mut out = vec![Cards::EMPTY; tichu::MAX_MOVES];
    assert_eq!(tichu::moves(&hand, None, None, &mut out), Ok(1674));
    let mut short = vec![Cards::EMPTY; tichu::MAX_MOVES - 1];
    assert_eq!(
        tichu::moves(&hand, None, None, &mut short),
        Err(Error::BufferTooSmall { needed: 1674 })
    );
    assert_eq!(tichu::MAX_MOVES, 1674);
}

fn cli(args: &[&str], input: &str) -> Result<String, parlor_cli::CliError> {
    let mut out = Vec::new();
    let mut input = input.as_bytes();
    let argv = std::iter::once("parlor").chain(args.iter().copied());
    parlor_cli::run(argv, &mut input, &mut out)?;
    Ok(String::from_utf8(out).expect("UTF-8"))
}

#[test]
fn batch_lines_with_extra_fields_and_long_tokens() {
    // One answer per line, errors named, processing goes on (CRLF too).
    let out = cli(&["tichu", "legal", "--batch"], "6\tJ\r\n6\tJ\tQ\nA\tA\n77\n-\t1\n").unwrap();
    assert_eq!(
        out,
        "legal\nerror: expected previous<TAB>play, got more tab-separated fields\nillegal\n\
         error: expected previous<TAB>play\nlegal\n"
    );
    let out = cli(
        &["tichu", "moves", "--batch", "--wish", "7"],
        "27KR\t6\n7\t-\textra\n2233\t5566\n",
    )
    .unwrap();
    assert_eq!(
        out,
        "7\nerror: expected hand[<TAB>previous], got more tab-separated fields\n\n"
    );
    // A screen-long bad argument is quoted cut short; the span still locates the card.
    let long = "5".repeat(1000);
    let Err(parlor_cli::CliError::Input(message)) = cli(&["tichu", "legal", &long, "6"], "") else {
        panic!("bad input")
    };
    assert_eq!(
        message,
        format!(
            "bad previous play \"{}\"…: a fifth card of one rank (5) at bytes 4..5",
            "5".repeat(40)
        )
    );
}

/// Found while adding `parlor tichu score`: `score_round` accepted card points that no deal
/// makes (a pile of 1 point, two negative piles, a last hand of −50); now `InvalidScore`.
#[test]
fn regression_score_round_rejects_card_points_no_deck_makes() {
    use tichu::{Call, score_round};
    let finish = [seat(0), seat(1), seat(2), seat(3)];
    let calls = [Call::None; 4];
    assert_eq!(score_round(finish, [1, 24, 25, 50], 0, calls), Err(Error::InvalidScore));
    assert_eq!(
        score_round(finish, [-25, -25, 75, 75], 0, calls),
        Err(Error::InvalidScore)
    );
    assert_eq!(
        score_round(finish, [-25, 50, 75, 50], -50, calls),
        Err(Error::InvalidScore)
    );
    assert_eq!(score_round(finish, [-25, 50, 25, 50], 0, calls), Ok([50, 50])); // one Phoenix pile
    assert_eq!(
        score_round(finish, [150, 0, 0, -25], -25, calls),
        Err(Error::InvalidScore)
    );
    // The extremes a deal does make: the Phoenix alone in a pile, every positive card in one.
    assert_eq!(score_round(finish, [-25, 125, 0, 0], 0, calls), Ok([-25, 125]));
    assert_eq!(score_round(finish, [0, 0, 0, -25], 125, calls), Ok([100, 0])); // all to team 0
    // A double victory counts no card points, but each must still be a possible pile (as the CLI
    // checks; the C entry point was found taking 32767); the sum is not checked
    // (two hands are left, only one is given).
    let double = [seat(1), seat(3), seat(0), seat(2)];
    assert_eq!(score_round(double, [1, 2, 3, 4], 7, calls), Err(Error::InvalidScore));
    assert_eq!(
        score_round(double, [i16::MAX, 0, 0, 0], 0, calls),
        Err(Error::InvalidScore)
    );
    assert_eq!(score_round(double, [5, 10, 15, 20], 25, calls), Ok([0, 200]));
}
