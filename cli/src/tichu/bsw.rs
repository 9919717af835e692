//! `parlor tichu replay --format bsw`: Brettspielwelt's `.tch` game logs (German), every round
//! replayed on the core's [`Round`] and its recorded result (`Ergebnis: A - B`) checked.
//!
//! A round of the log: `---------------Gr.Tichukarten---…` and the first 8 cards of each seat
//! (`(s)name cards`), `---…Startkarten---…` and all 14, `Grosses Tichu: (s)name`, `Tichu:
//! (s)name`, `Schupfen:` and one `(s)name gibt: name: card - name: card - name: card -` per seat,
//! `BOMBE: …` (information only), `---…Rundenverlauf---…`, then plays `(s)name: cards`,
//! passes `(s)name passt.`, `Wunsch:R` right after the Mah Jong, `Drache an: (s)name`, and
//! `Ergebnis: A - B` (team 0+2, team 1+3). Cards: colour `G` (green, Jade), `S` (black, Sword),
//! `B` (blue, Pagoda), `R` (red, Star) + rank `2`–`10`, `B` (J), `D` (Q), `K`, `A`; `Ma`, `Hu`
//! (Dog), `Ph`, `Dr`. A seat's name may be missing from the card lists; the seat number in
//! parentheses is what counts, and the exchange lines name each seat.
//!
//! BSW logs the trick winner's own pass when the trick is gathered: with the rule
//! `bomb-after-passes` (on in the `bsw` preset) that pass is the round's gathering pass.

use std::collections::HashMap;

use parlor_core::game::Seat;
use parlor_core::tichu::card::{Card, Cards, Rank, Suit};
use parlor_core::tichu::round::{Action, Config, Deal, HAND, Phase, Round, WINDOW};

/// One replayed round: its recorded and computed scores (team 0+2, team 1+3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundResult {
    /// The round's number in the file, from 1.
    pub number: usize,
    /// `Ergebnis: A - B`.
    pub recorded: [i16; 2],
    /// The replay's scores, or why the replay stopped (with the log's line number).
    pub computed: Result<[i16; 2], String>,
}

/// A BSW card, or `None`.
pub fn card(text: &str) -> Option<Card> {
    match text {
        "Ma" => return Some(Card::MahJong),
        "Hu" => return Some(Card::Dog),
        "Ph" => return Some(Card::Phoenix),
        "Dr" => return Some(Card::Dragon),
        _ => {}
    }
    let mut chars = text.chars();
    let suit = match chars.next()? {
        'G' => Suit::Jade,
        'S' => Suit::Sword,
        'B' => Suit::Pagoda,
        'R' => Suit::Star,
        _ => return None,
    };
    Some(Card::Natural(rank(chars.as_str())?, Some(suit)))
}

/// A BSW rank (`2`–`10`, `B`, `D`, `K`, `A`), or `None`.
pub fn rank(text: &str) -> Option<Rank> {
    let value = match text {
        "B" => 11,
        "D" => 12,
        "K" => 13,
        "A" => 14,
        _ => text.parse::<u8>().ok().filter(|v| (2..=10).contains(v))?,
    };
    Rank::new(value)
}

/// `(s)rest` → the seat and the rest.
fn seat_prefix(line: &str) -> Option<(Seat, &str)> {
    let rest = line.strip_prefix('(')?;
    let (digit, rest) = rest.split_once(')')?;
    let seat = digit.parse::<u8>().ok().filter(|s| *s < 4)?;
    Some((Seat(seat), rest))
}

fn cards_of(words: &[&str]) -> Result<Vec<Card>, String> {
    words
        .iter()
        .map(|w| card(w).ok_or_else(|| format!("{} is no card", crate::quoted(w))))
        .collect()
}

/// The card words of a card-list line, whose name may be missing.
fn list_cards(rest: &str) -> Result<Vec<Card>, String> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let start = usize::from(words.first().is_some_and(|w| card(w).is_none()));
    cards_of(words.get(start..).unwrap_or(&[]))
}

struct Builder {
    window: [Vec<Card>; 4],
    hands: [Vec<Card>; 4],
    grand: [bool; 4],
    early_tichu: Vec<Seat>,
    exchanges: Vec<(Seat, String)>,
    names: HashMap<String, Seat>,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            window: Default::default(),
            hands: Default::default(),
            grand: [false; 4],
            early_tichu: Vec::new(),
            exchanges: Vec::new(),
            names: HashMap::new(),
        }
    }

    /// The round after the deal, the Grand Tichu decisions, early calls and the exchange.
    fn start(&self, config: &Config) -> Result<Round, String> {
        let mut hands = [[Card::Dog; HAND]; 4];
        for (s, slot) in hands.iter_mut().enumerate() {
            let window = self.window.get(s).ok_or("no seat")?;
            let all = self.hands.get(s).ok_or("no seat")?;
            if window.len() != WINDOW || all.len() != HAND || window.iter().any(|c| !all.contains(c)) {
                return Err(format!("seat {s}: the 8 and 14 cards do not fit"));
            }
            let ordered: Vec<Card> = window
                .iter()
                .copied()
                .chain(all.iter().copied().filter(|c| !window.contains(c)))
                .collect();
            slot.copy_from_slice(&ordered);
        }
        let mut round = Round::new(config, &Deal::Given { hands }).map_err(|e| format!("the deal: {e}"))?;
        for (s, &grand) in self.grand.iter().enumerate() {
            let seat = Seat(s as u8);
            round
                .apply(seat, Action::GrandTichu(grand))
                .map_err(|e| format!("seat {s} grand tichu: {e}"))?;
        }
        for &seat in &self.early_tichu {
            round
                .apply(seat, Action::Tichu)
                .map_err(|e| format!("seat {seat} tichu: {e}"))?;
        }
        for (giver, rest) in &self.exchanges {
            let mut to = [None; 3];
            for part in rest.split(" - ") {
                let part = part.trim().trim_end_matches('-').trim();
                if part.is_empty() {
                    continue;
                }
                let (name, card_text) = part
                    .rsplit_once(": ")
                    .ok_or_else(|| format!("exchange {}: expected name: card", crate::quoted(part)))?;
                let receiver = *self
                    .names
                    .get(name.trim())
                    .ok_or_else(|| format!("exchange: unknown player {}", crate::quoted(name)))?;
                let given = card(card_text.trim()).ok_or_else(|| format!("{} is no card", crate::quoted(card_text)))?;
                let k = (receiver.0 + 4 - giver.0) % 4;
                let slot = to
                    .get_mut(usize::from(k).wrapping_sub(1))
                    .ok_or_else(|| format!("seat {giver} gives to itself"))?;
                *slot = Some(given);
            }
            let [Some(left), Some(partner), Some(right)] = to else {
                return Err(format!("seat {giver}: the exchange needs one card to each other seat"));
            };
            round
                .apply(*giver, Action::Exchange { left, partner, right })
                .map_err(|e| format!("seat {giver} exchange: {e}"))?;
        }
        Ok(round)
    }
}

#[derive(PartialEq)]
enum Section {
    Window,
    Hands,
    Calls,
    Play,
}

/// Every round of a BSW log replayed under `config` (normally [`Config::BSW`]). Errors: a log
/// with no round, or a line that cannot be read (named by its number).
pub fn replay(text: &str, config: &Config) -> Result<Vec<RoundResult>, String> {
    let mut results = Vec::new();
    let mut builder = Builder::new();
    let mut section = Section::Window;
    let mut round: Option<Round> = None;
    let mut failure: Option<String> = None;
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let mut i = 0usize;
    while i < lines.len() {
        let line = lines[i];
        let n = i + 1;
        i += 1;
        if line.trim().is_empty() {
            continue;
        }
        if line.starts_with("---") {
            if line.contains("Gr.Tichukarten") {
                builder = Builder::new();
                round = None;
                failure = None;
                section = Section::Window;
            } else if line.contains("Startkarten") {
                section = Section::Hands;
            } else if line.contains("Rundenverlauf") {
                section = Section::Play;
                match builder.start(config) {
                    Ok(r) => round = Some(r),
                    Err(e) => failure = Some(format!("line {n}: {e}")),
                }
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("Ergebnis:") {
            let (a, b) = rest
                .split_once(" - ")
                .ok_or_else(|| format!("line {n}: expected Ergebnis: A - B"))?;
            let parse = |t: &str| {
                t.trim()
                    .parse::<i16>()
                    .map_err(|_| format!("line {n}: {} is no score", crate::quoted(t)))
            };
            let recorded = [parse(a)?, parse(b)?];
            let computed = match (&failure, &round) {
                (Some(e), _) => Err(e.clone()),
                (None, Some(r)) => r
                    .outcome()
                    .map(|o| o.scores)
                    .ok_or_else(|| format!("line {n}: the round is not over")),
                (None, None) => Err(format!("line {n}: no round")),
            };
            results.push(RoundResult {
                number: results.len() + 1,
                recorded,
                computed,
            });
            continue;
        }
        if let Some(rest) = line.strip_prefix("Grosses Tichu:") {
            let (seat, _) = seat_prefix(rest.trim()).ok_or_else(|| format!("line {n}: expected (seat)"))?;
            if let Some(g) = builder.grand.get_mut(usize::from(seat.0)) {
                *g = true;
            }
            continue;
        }
        if line.starts_with("Schupfen:") {
            section = Section::Calls;
            continue;
        }
        if line.starts_with("BOMBE:") || line.starts_with("Wunsch:") {
            // Information only; a wish is read with its Mah Jong.
            continue;
        }
        let action: (Seat, Action) = if let Some(rest) = line.strip_prefix("Tichu:") {
            let (seat, _) = seat_prefix(rest.trim()).ok_or_else(|| format!("line {n}: expected (seat)"))?;
            if section != Section::Play {
                builder.early_tichu.push(seat);
                continue;
            }
            (seat, Action::Tichu)
        } else if let Some(rest) = line.strip_prefix("Drache an:") {
            let (to, _) = seat_prefix(rest.trim()).ok_or_else(|| format!("line {n}: expected (seat)"))?;
            // BSW may leave out the Dragon winner's gathering pass: the gift gathers the trick.
            if failure.is_none()
                && let Some(r) = round.as_mut()
                && r.phase() == Phase::Play
                && r.trick().gathering()
                && let Some(gatherer) = r.to_act()
                && let Err(e) = r.apply(gatherer, Action::Pass)
            {
                failure = Some(format!("line {n}: seat {gatherer} gathers: {e}"));
            }
            let giver = round.as_ref().and_then(Round::to_act).unwrap_or(Seat(0));
            (giver, Action::GiveDragonTrick(to))
        } else if let Some((seat, rest)) = seat_prefix(line) {
            match section {
                Section::Window => {
                    builder.window[usize::from(seat.0)] = list_cards(rest).map_err(|e| format!("line {n}: {e}"))?;
                    continue;
                }
                Section::Hands => {
                    builder.hands[usize::from(seat.0)] = list_cards(rest).map_err(|e| format!("line {n}: {e}"))?;
                    continue;
                }
                Section::Calls => {
                    let (name, given) = rest
                        .split_once(" gibt:")
                        .ok_or_else(|| format!("line {n}: expected name gibt: …"))?;
                    builder.names.insert(name.trim().to_owned(), seat);
                    builder.exchanges.push((seat, given.to_owned()));
                    continue;
                }
                Section::Play => {
                    if rest.trim_end().ends_with(" passt.") || rest.trim() == "passt." {
                        (seat, Action::Pass)
                    } else {
                        let (_, played) = rest
                            .split_once(':')
                            .ok_or_else(|| format!("line {n}: expected name: cards"))?;
                        let words: Vec<&str> = played.split_whitespace().collect();
                        let mut cards = Cards::EMPTY;
                        for c in cards_of(&words).map_err(|e| format!("line {n}: {e}"))? {
                            cards.insert(c).map_err(|e| format!("line {n}: {e}"))?;
                        }
                        let wish = match lines.get(i).and_then(|l| l.strip_prefix("Wunsch:")) {
                            Some(w) if cards.has_mahjong() => Some(
                                rank(w.trim())
                                    .ok_or_else(|| format!("line {}: {} is no rank", n + 1, crate::quoted(w)))?,
                            ),
                            _ => None,
                        };
                        (seat, Action::Play { cards, wish })
                    }
                }
            }
        } else {
            return Err(format!("line {n}: cannot read {}", crate::quoted(line)));
        };
        if failure.is_some() {
            continue;
        }
        if let Some(r) = round.as_mut()
            && let Err(e) = r.apply(action.0, action.1)
        {
            failure = Some(format!("line {n}: seat {} {}: {e}", action.0, action.1));
        }
    }
    if results.is_empty() {
        return Err("no round (no Ergebnis line)".to_owned());
    }
    Ok(results)
}
