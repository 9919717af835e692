//! Tichu: vectors through the CLI, the core and the reference; the checkers over regressions and
//! pseudo-random cases; unit tests with values from the rules (spec `shared/spec/tichu.md`).

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
    tichu::is_legal(tichu::parse_cards(previous)?, tichu::parse_cards(play)?)
}

fn moves(hand: &str, previous: Option<Combination>, wish: Option<Rank>) -> Vec<String> {
    let mut out = Vec::new();
    tichu::for_each_move(cards(hand), previous, wish, |play, _| {
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
                tichu::parse_cards(hand),
                tichu::parse_cards(previous).map(tichu::previous_play),
            ) && hand.len() <= tichu::MAX_HAND
            {
                check::check_moves(hand, previous, wish);
                checked += 1;
            }
        }
    }
    assert!(checked >= 47, "only {checked} vectors checked");
}

#[test]
fn diff_checker_over_regressions_and_random_cases() {
    assert!(run_target("tichu_diff", 3000, check::diff) > 0);
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
        tichu::parse_cards("77777"),
        Err(Error::TooManyOfRank {
            rank: seven,
            span: Span::new(4, 5)
        })
    );
    assert_eq!(
        tichu::parse_cards("PP"),
        Err(Error::DuplicateCard { span: Span::new(1, 2) })
    );
    assert_eq!(
        tichu::parse_cards("5j5j"),
        Err(Error::DuplicateCard { span: Span::new(2, 4) })
    );
    assert_eq!(
        tichu::parse_cards("5j6"),
        Err(Error::MixedNotation { span: Span::new(2, 3) })
    );
    assert_eq!(
        tichu::parse_cards("5x"),
        Err(Error::UnknownCard { span: Span::new(1, 2) })
    );
    assert_eq!(
        tichu::parse_cards("1j"),
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
    assert_eq!(tichu::can_pass(cards("7777A"), king, seven), Ok(false));
    // The Phoenix's help counts, but the Phoenix is never the wished rank.
    let pair_of_sixes = Some(combo(Kind::Pair, 2, 12));
    assert_eq!(moves("7P", pair_of_sixes, seven), ["7P"]);
    assert_eq!(moves("8P", pair_of_sixes, seven), ["8P"]);
    assert_eq!(tichu::wish_forces(cards("8P"), pair_of_sixes, seven), Ok(false));
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
        tichu::legal_moves(cards("1234P"), None, None, &mut out),
        Err(Error::OutputTooSmall { needed: 9 })
    );
    assert_eq!(out[3], cards("4"));
    let too_many = "1234567890JQKAR";
    let mut big = vec![Cards::EMPTY; tichu::MAX_MOVES];
    assert_eq!(
        tichu::legal_moves(cards(too_many), None, None, &mut big),
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
        tichu::legal_moves(cards("5P"), led_phoenix, None, &mut out),
        Err(Error::CardsOverlap)
    );
    assert_eq!(tichu::is_legal_after(led_phoenix, cards("P")), Err(Error::CardsOverlap));
    assert_eq!(tichu::legal_moves(cards("5"), led_phoenix, None, &mut out), Ok(1));
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
        tichu::legal_moves(cards(hand), None, None, &mut out).unwrap()
    };
    assert_eq!(count("234567890JQKAP"), 381);
    assert_eq!(count("1234567890JQKP"), 381);
    assert_eq!(count("9j9p9t0j0s0p0tJjJsJpJtQjQpP"), 1674);
}
