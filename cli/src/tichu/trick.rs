//! `parlor tichu trick <action>…` — one trick played out by the core's
//! [`play_trick`], whose texts are the answer (notation in
//! `docs/tichu.md`, "CLI"); this module only holds clap's arguments.
//!
//! ```text
//! parlor tichu trick 9 R pass pass pass give=2
//! over; taker 1; dragon given to 2; points 25; next leader 1; wish -; out -
//! ```
//! Actions: a play in card notation (`9`, `77`, `1=7` = the Mah Jong wishing a 7) or `pass`,
//! either optionally prefixed `S:` to name the seat (a bomb out of turn needs it), and
//! `give=S` to hand a finished Dragon trick to seat S. Options: `--leader S`, `--wish R` (a wish
//! still open from an earlier trick), `--hands H0/H1/H2/H3` (`?` unknown, `-` no cards: out).

use parlor_core::tichu::text::{TrickOptions, play_trick};

/// The options and actions of one trick (the command line, or the words of one batch line).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Args {
    /// The actions in order: a play (`9`, `77`, `12345`, `1=7` = the Mah Jong wishing a 7) or
    /// `pass`, each optionally prefixed `S:` (seat 0-3; else the seat whose turn it is; a bomb
    /// out of turn needs it); `give=S` gives a finished Dragon trick to seat S.
    pub actions: Vec<String>,
    /// The seat that leads (0-3; default 0). Seats play 0, 1, 2, 3, 0…; partners sit opposite.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=3))]
    pub leader: Option<u8>,
    /// A wish still open from an earlier trick (a rank character 2-9, 0, J, Q, K or A).
    #[arg(long)]
    pub wish: Option<String>,
    /// The four hands at the start of the trick, seat 0 first, separated by `/`: `?` = not
    /// known (plays are not checked against it, the wish is not enforced on it), `-` = no cards
    /// (the seat is out). Default `?/?/?/?`.
    #[arg(long, allow_hyphen_values = true)]
    pub hands: Option<String>,
}

impl Args {
    /// These arguments with every option left out here taken from `defaults` (batch mode: the
    /// command line's options apply to every line that does not give its own).
    pub fn or(self, defaults: &Args) -> Args {
        Args {
            actions: self.actions,
            leader: self.leader.or(defaults.leader),
            wish: self.wish.or_else(|| defaults.wish.clone()),
            hands: self.hands.or_else(|| defaults.hands.clone()),
        }
    }
}

/// Plays out one trick and returns the one-line state after the last action, or the message
/// naming the first bad option or the first action refused and why.
pub fn answer(args: &Args) -> Result<String, String> {
    let options = TrickOptions {
        leader: args.leader,
        wish: args.wish.as_deref(),
        hands: args.hands.as_deref(),
    };
    play_trick(&options, args.actions.iter().map(String::as_str))
        .map(|table| table.to_string())
        .map_err(|error| error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(words: &[&str]) -> Result<String, String> {
        answer(&Args {
            actions: words.iter().map(|w| (*w).to_owned()).collect(),
            ..Args::default()
        })
    }

    #[test]
    fn a_dragon_trick_given_away() {
        assert_eq!(
            run(&["9", "R", "pass", "pass", "pass", "give=2"]).as_deref(),
            Ok("over; taker 1; dragon given to 2; points 25; next leader 1; wish -; out -")
        );
    }

    #[test]
    fn unknown_hands_never_give_a_card_twice() {
        assert!(run(&["P", "P"]).is_err_and(|e| e.contains("card P was played before")));
        assert!(run(&["5555", "5"]).is_err());
    }

    #[test]
    fn bad_actions_are_named() {
        assert_eq!(
            run(&["4:pass"]).err().as_deref(),
            Some("bad action 1 \"4:pass\": bad seat \"4\": a seat is 0, 1, 2 or 3")
        );
        assert_eq!(
            run(&["-"]).err().as_deref(),
            Some("bad action 1 \"-\": an empty play (write pass to pass)")
        );
        assert_eq!(
            run(&["1=1"]).err().as_deref(),
            Some("bad action 1 \"1=1\": bad wish \"1\": a rank character 2-9, 0, J, Q, K or A")
        );
    }
}
