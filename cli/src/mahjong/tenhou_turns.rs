//! One Tenhou round turned into a dealt wall and the actions in play order.
//!
//! A record keeps each seat's draws and discards in its own columns; the play order follows
//! from the rules: the dealer draws first; after a discard, a seat whose next take is a call
//! on that tile (pon or open kan by any seat, chii by the next seat; pon and kan before chii)
//! takes it and acts next, otherwise the next seat draws; after a kan the same seat draws the
//! replacement. The round ends when every column is used up, and the result says how: a win
//! on the last discard (ron, also chankan on an added kan), a win or nine terminals on the last
//! draw, or a draw.
//!
//! The wall is laid out as the engine deals it (`Deal::Given`): `wall[0..52]` the deal (seat
//! `(dealer + k) % 4` gets `wall[13k..13k+13]`), `wall[52..122]` the live draws from the front,
//! `wall[122..126]` the replacement tiles in draw order, `wall[126..131]` the dora indicators,
//! `wall[131..136]` the ura indicators. Tile ids are `kind * 4 + copy`, given to each tile in the
//! order it appears (deal, indicators, then draws), a red five always copy 0; a position the record
//! never shows gets the ids left over, in increasing order.
//!
//! Three players (seat 3's columns empty, [`RoundLog::players`]): the engine's three-player
//! layout — the deal `wall[0..39]` (seat `(dealer + k) % 3`), the live draws from `wall[39]`,
//! the first four replacement draws (after a kan or a North set aside, `f44`) at
//! `wall[94..98]`, the fifth to eighth at `wall[93]`, `wall[92]`, … backwards, the dora
//! indicators at `wall[98..103]`, the ura at `wall[103..108]`, and the 28 ids of 2m–8m (not in
//! play) at `wall[108..136]`. Every replacement draw shortens the live wall by one (55 draws in
//! all with them).

use super::tenhou::{Code, Discard, DrawKind, Result as RoundResult, RoundLog, Take};

/// One action in play order, with tile ids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// `seat` draws `tile` (from the live wall, or the replacement tile after a kan).
    Draw {
        /// The seat.
        seat: u8,
        /// The tile id.
        tile: u8,
        /// The replacement draw after a kan.
        rinshan: bool,
    },
    /// `seat` discards `tile` (`tsumogiri`: the tile just drawn), declaring riichi with it.
    Discard {
        /// The seat.
        seat: u8,
        /// The tile id.
        tile: u8,
        /// The tile just drawn.
        tsumogiri: bool,
        /// A riichi declaration.
        riichi: bool,
    },
    /// `seat` calls chii on `called` from the seat before it, with `own` from its hand.
    Chii {
        /// The caller.
        seat: u8,
        /// The called tile id.
        called: u8,
        /// The caller's two tile ids.
        own: [u8; 2],
    },
    /// `seat` calls pon on `called` (discarded by `from`).
    Pon {
        /// The caller.
        seat: u8,
        /// The discarder.
        from: u8,
        /// The called tile id.
        called: u8,
        /// The caller's two tile ids.
        own: [u8; 2],
    },
    /// `seat` calls an open kan on `called` (discarded by `from`).
    Daiminkan {
        /// The caller.
        seat: u8,
        /// The discarder.
        from: u8,
        /// The called tile id.
        called: u8,
        /// The caller's three tile ids.
        own: [u8; 3],
    },
    /// `seat` declares a closed kan of `tiles`.
    Ankan {
        /// The seat.
        seat: u8,
        /// The four tile ids.
        tiles: [u8; 4],
    },
    /// `seat` adds `tile` to its pon.
    Kakan {
        /// The seat.
        seat: u8,
        /// The added tile id.
        tile: u8,
    },
    /// `seat` wins on its draw.
    Tsumo {
        /// The winner.
        seat: u8,
    },
    /// `seats` win on `from`'s last discard or added kan (nearest to the discarder first).
    Ron {
        /// The winners.
        seats: Vec<u8>,
        /// The discarder.
        from: u8,
    },
    /// `seat` sets the North `tile` aside (three players; a replacement draw follows unless a
    /// seat wins on it).
    Kita {
        /// The seat.
        seat: u8,
        /// The North's tile id.
        tile: u8,
    },
    /// `seat` declares nine kinds of terminals and honors on its first draw.
    NineTerminals {
        /// The seat.
        seat: u8,
    },
}

/// How the round ends, seen from the actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// By the last [`Step::Tsumo`] or [`Step::Ron`].
    Win,
    /// By the last [`Step::NineTerminals`].
    NineTerminals,
    /// The live wall ran out after the last discard.
    Exhaustive,
    /// The engine ends it after the last discard (four winds, four riichi, four kans, and a
    /// triple ron whose callers the record leaves out).
    Abortive(DrawKind),
}

/// A round as the engine plays it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turns {
    /// The wall in the engine's layout.
    pub wall: [u8; 136],
    /// The actions in order.
    pub steps: Vec<Step>,
    /// How it ends.
    pub end: End,
    /// Tiles drawn from the live wall.
    pub live_draws: usize,
    /// Kans declared.
    pub kans: usize,
    /// Norths set aside (three players).
    pub kitas: usize,
    /// The players at the table (3 or 4).
    pub players: u8,
    /// Which seats declared riichi and kept their stick down (not robbed on the declaring
    /// discard).
    pub sticks_down: [bool; 4],
}

/// Hands out tile ids per code: a red five is copy 0, the other copies in order.
struct Pools {
    next: [Vec<u8>; 34],
    red: [Option<u8>; 3],
    aka: bool,
}

impl Pools {
    /// The pools of `players` (three: without 2m–8m, kinds 1–7).
    fn new(aka: bool, players: u8) -> Pools {
        let mut next: [Vec<u8>; 34] = std::array::from_fn(|_| Vec::new());
        let mut red = [None; 3];
        for (kind, pool) in (0u8..).zip(next.iter_mut()) {
            if players == 3 && (1..=7).contains(&kind) {
                continue;
            }
            let five = matches!(kind, 4 | 13 | 22);
            let first = if aka && five {
                red[usize::from(kind / 9)] = Some(kind * 4);
                1
            } else {
                0
            };
            *pool = (first..4).map(|c| kind * 4 + c).collect();
        }
        Pools { next, red, aka }
    }

    fn take(&mut self, code: Code) -> Result<u8, String> {
        // Without red fives a red code (51–53) is read as a plain five.
        if code.is_red() && self.aka {
            let slot = &mut self.red[usize::from(code.kind() / 9)];
            return slot
                .take()
                .ok_or_else(|| format!("a second red five {code} (or a red 5m at three players)"));
        }
        let pool = &mut self.next[usize::from(code.kind())];
        if pool.is_empty() {
            return Err(format!("a fifth {code} (or 2m-8m at three players)"));
        }
        Ok(pool.remove(0))
    }

    fn leftover(self) -> Vec<u8> {
        let mut all: Vec<u8> = self
            .next
            .into_iter()
            .flatten()
            .chain(self.red.into_iter().flatten())
            .collect();
        all.sort_unstable();
        all
    }
}

/// Where a round's tiles sit in the engine's wall, by the players at the table.
#[derive(Clone, Copy)]
struct Layout {
    players: u8,
    /// The first live draw.
    live_at: usize,
    /// Live draws and replacement draws together.
    draws: usize,
    /// The first four replacement draws.
    rinshan_at: usize,
    /// Replacement draws at most (4 kans; three players: and 4 Norths).
    rinshan_max: usize,
    dora_at: usize,
    ura_at: usize,
    /// The tiles in play (136 or 108).
    end: usize,
}

impl Layout {
    const FOUR: Layout = Layout {
        players: 4,
        live_at: 52,
        draws: 70,
        rinshan_at: 122,
        rinshan_max: 4,
        dora_at: 126,
        ura_at: 131,
        end: 136,
    };
    const THREE: Layout = Layout {
        players: 3,
        live_at: 39,
        draws: 55,
        rinshan_at: 94,
        rinshan_max: 8,
        dora_at: 98,
        ura_at: 103,
        end: 108,
    };

    /// The wall position of replacement draw `k` (1-based): the first four in order, then
    /// backwards from the live wall's end.
    fn rinshan(self, k: usize) -> usize {
        if k <= 4 {
            self.rinshan_at + k - 1
        } else {
            self.rinshan_at + 4 - k
        }
    }
}

struct Sim<'a> {
    log: &'a RoundLog,
    layout: Layout,
    aka: bool,
    pools: Pools,
    wall: [Option<u8>; 136],
    hands: [Vec<u8>; 4],
    takes: [usize; 4],
    discards: [usize; 4],
    live: usize,
    rinshan: usize,
    kans: usize,
    kitas: usize,
    steps: Vec<Step>,
    riichi_pending: Option<u8>,
    sticks_down: [bool; 4],
}

impl Sim<'_> {
    fn place(&mut self, at: usize, code: Code) -> Result<u8, String> {
        let id = self.pools.take(code)?;
        if let Some(slot) = self.wall.get_mut(at) {
            *slot = Some(id);
        }
        Ok(id)
    }

    fn done(&self) -> bool {
        (0..4).all(|p| {
            let s = &self.log.seats[p];
            self.takes[p] == s.takes.len() && self.discards[p] == s.discards.len()
        })
    }

    /// Takes a tile of `code` out of `seat`'s hand, preferring one that is not `avoid`.
    fn remove(&mut self, seat: u8, code: Code, avoid: Option<u8>) -> Result<u8, String> {
        let hand = &mut self.hands[usize::from(seat)];
        let fits = |id: &u8| code.matches(*id, self.aka);
        let at = hand
            .iter()
            .position(|id| fits(id) && Some(*id) != avoid)
            .or_else(|| hand.iter().position(fits))
            .ok_or_else(|| format!("seat {seat}: {code} is not in the hand"))?;
        Ok(hand.remove(at))
    }

    fn draw(&mut self, seat: u8, rinshan: bool) -> Result<u8, String> {
        let s = usize::from(seat);
        let Some(take) = self.log.seats[s].takes.get(self.takes[s]) else {
            return Err(format!("seat {seat}: the take column ends where a draw is due"));
        };
        let Take::Draw(code) = take else {
            return Err(format!(
                "seat {seat}: take {} is a call where a draw is due",
                self.takes[s]
            ));
        };
        let layout = self.layout;
        let at = if rinshan {
            if self.rinshan >= layout.rinshan_max {
                return Err(format!(
                    "seat {seat}: replacement draw {} of {} at most",
                    self.rinshan + 1,
                    layout.rinshan_max
                ));
            }
            self.rinshan += 1;
            layout.rinshan(self.rinshan)
        } else {
            if self.live + self.kans + self.kitas >= layout.draws {
                return Err(format!("seat {seat}: draw {code} from an empty live wall"));
            }
            self.live += 1;
            layout.live_at + self.live - 1
        };
        let id = self.place(at, *code)?;
        self.takes[s] += 1;
        self.hands[s].push(id);
        self.steps.push(Step::Draw {
            seat,
            tile: id,
            rinshan,
        });
        Ok(id)
    }

    /// The seat's actions after a draw (`drawn`) or a call (`None`): kans, then a discard.
    /// Returns the discarded id, or `None` when the round ended.
    fn act(&mut self, seat: u8, mut drawn: Option<u8>) -> Result<Option<u8>, String> {
        let s = usize::from(seat);
        loop {
            let at = self.discards[s];
            let Some(entry) = self.log.seats[s].discards.get(at) else {
                // The round ends on this draw: a tsumo or nine terminals.
                if drawn.is_none() {
                    return Err(format!("seat {seat}: the discard column ends after a call"));
                }
                if !self.done() {
                    return Err(format!(
                        "seat {seat}: the discard column ends before the other columns do"
                    ));
                }
                match &self.log.result {
                    RoundResult::Win(wins) if wins.len() == 1 && wins[0].who == seat && wins[0].from == seat => {
                        self.steps.push(Step::Tsumo { seat });
                    }
                    RoundResult::Draw(DrawKind::NineTerminals, _) => self.steps.push(Step::NineTerminals { seat }),
                    _ => {
                        return Err(format!(
                            "seat {seat}: the round ends on its draw, but the result is no tsumo by it nor nine terminals"
                        ));
                    }
                }
                return Ok(None);
            };
            self.discards[s] += 1;
            let (code, riichi) = match entry {
                Discard::Placeholder => {
                    return Err(format!(
                        "seat {seat}: discard {at} is the placeholder 0 without an open kan"
                    ));
                }
                Discard::Ankan { tiles, .. } => {
                    let mut ids = [0; 4];
                    for (slot, code) in ids.iter_mut().zip(tiles) {
                        *slot = self.remove(seat, *code, None)?;
                    }
                    self.kans += 1;
                    self.steps.push(Step::Ankan { seat, tiles: ids });
                    if self.robbed(seat)? {
                        return Ok(None);
                    }
                    drawn = Some(self.draw(seat, true)?);
                    continue;
                }
                Discard::Kita => {
                    // The North the engine sets aside: the drawn one, else the lowest id.
                    let hand = &mut self.hands[s];
                    let tile = drawn
                        .filter(|d| d / 4 == 30)
                        .or_else(|| hand.iter().copied().filter(|id| id / 4 == 30).min())
                        .ok_or_else(|| format!("seat {seat}: sets a North aside (f44) without one in the hand"))?;
                    hand.retain(|x| *x != tile);
                    self.kitas += 1;
                    self.steps.push(Step::Kita { seat, tile });
                    if self.robbed(seat)? {
                        return Ok(None);
                    }
                    drawn = Some(self.draw(seat, true)?);
                    continue;
                }
                Discard::Kakan { tiles, .. } => {
                    // The added tile is the one of that kind still in the hand.
                    let hand = &self.hands[s];
                    let kind = tiles[0].kind();
                    let id =
                        hand.iter().copied().find(|id| id / 4 == kind).ok_or_else(|| {
                            format!("seat {seat}: added kan {} without the tile in the hand", tiles[0])
                        })?;
                    self.hands[s].retain(|x| *x != id);
                    self.kans += 1;
                    self.steps.push(Step::Kakan { seat, tile: id });
                    if self.robbed(seat)? {
                        return Ok(None);
                    }
                    drawn = Some(self.draw(seat, true)?);
                    continue;
                }
                Discard::Tile(code) => (*code, false),
                Discard::Riichi(code) => (*code, true),
            };
            let (id, tsumogiri) = match code {
                None => {
                    let id = drawn.ok_or_else(|| format!("seat {seat}: tsumogiri (60) after a call"))?;
                    self.hands[s].retain(|x| *x != id);
                    (id, true)
                }
                Some(code) => {
                    let id = self.remove(seat, code, drawn)?;
                    (id, Some(id) == drawn)
                }
            };
            self.steps.push(Step::Discard {
                seat,
                tile: id,
                tsumogiri,
                riichi,
            });
            if riichi {
                self.riichi_pending = Some(seat);
            }
            return Ok(Some(id));
        }
    }

    /// After a kan or a discard by `seat`: when every column is used up and the result is a
    /// ron on `seat`, the winners take it.
    fn robbed(&mut self, seat: u8) -> Result<bool, String> {
        if !self.done() {
            return Ok(false);
        }
        match &self.log.result {
            RoundResult::Win(wins) if wins.iter().all(|w| w.from == seat && w.who != seat) => {
                let n = self.layout.players;
                let mut seats: Vec<u8> = wins.iter().map(|w| w.who).collect();
                seats.sort_by_key(|w| (w + n - seat) % n);
                self.steps.push(Step::Ron { seats, from: seat });
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// The seat that calls `id` discarded by `seat`, with its call (pon and kan before chii).
    fn caller(&self, seat: u8, id: u8) -> Option<(u8, &Take)> {
        let mut chii = None;
        let n = self.layout.players;
        for k in 1..n {
            let j = (seat + k) % n;
            let Some(take) = self.log.seats[usize::from(j)].takes.get(self.takes[usize::from(j)]) else {
                continue;
            };
            let fits = |called: &Code| called.matches(id, self.aka);
            match take {
                Take::Pon { called, from, .. } | Take::Daiminkan { called, from, .. }
                    if from.seat(j) == seat && fits(called) =>
                {
                    return Some((j, take));
                }
                Take::Chii { called, .. } if k == 1 && fits(called) => chii = Some((j, take)),
                _ => {}
            }
        }
        chii
    }

    fn run(&mut self) -> Result<End, String> {
        let dealer = self.log.dealer();
        // (seat, is the next draw a replacement tile)
        let mut turn = (dealer, false);
        loop {
            let (seat, rinshan) = turn;
            let drawn = self.draw(seat, rinshan)?;
            let mut acted = self.act(seat, Some(drawn))?;
            let mut current = seat;
            // Discards and the calls on them, until a seat draws.
            loop {
                let Some(id) = acted else {
                    return Ok(match self.steps.last() {
                        Some(Step::NineTerminals { .. }) => End::NineTerminals,
                        _ => End::Win,
                    });
                };
                let riichi = self.riichi_pending.take();
                if self.robbed(current)? {
                    return Ok(End::Win);
                }
                if let Some(r) = riichi {
                    self.sticks_down[usize::from(r)] = true;
                }
                let Some((j, take)) = self.caller(current, id) else {
                    if self.done() {
                        return match &self.log.result {
                            RoundResult::Draw(kind, _) if kind.is_exhaustive() => {
                                if self.live + self.kans + self.kitas != self.layout.draws {
                                    let norths = if self.layout.players == 3 {
                                        format!(", {} Norths set aside", self.kitas)
                                    } else {
                                        String::new()
                                    };
                                    return Err(format!(
                                        "exhaustive draw with {} live draws and {} kans{norths} ({} in all expected)",
                                        self.live, self.kans, self.layout.draws
                                    ));
                                }
                                Ok(End::Exhaustive)
                            }
                            RoundResult::Draw(
                                kind @ (DrawKind::FourWinds
                                | DrawKind::FourRiichi
                                | DrawKind::FourKans
                                | DrawKind::TripleRon),
                                _,
                            ) => Ok(End::Abortive(*kind)),
                            _ => Err(format!(
                                "every column ends with seat {current}'s discard, but the result is {}",
                                match &self.log.result {
                                    RoundResult::Win(_) => "a win not on it".to_owned(),
                                    RoundResult::Draw(k, _) => k.name().to_owned(),
                                }
                            )),
                        };
                    }
                    turn = ((current + 1) % self.layout.players, false);
                    break;
                };
                let take = take.clone();
                let ju = usize::from(j);
                self.takes[ju] += 1;
                match take {
                    Take::Chii { own, .. } => {
                        let own = [self.remove(j, own[0], None)?, self.remove(j, own[1], None)?];
                        self.steps.push(Step::Chii {
                            seat: j,
                            called: id,
                            own,
                        });
                    }
                    Take::Pon { own, .. } => {
                        let own = [self.remove(j, own[0], None)?, self.remove(j, own[1], None)?];
                        self.steps.push(Step::Pon {
                            seat: j,
                            from: current,
                            called: id,
                            own,
                        });
                    }
                    Take::Daiminkan { own, .. } => {
                        let own = [
                            self.remove(j, own[0], None)?,
                            self.remove(j, own[1], None)?,
                            self.remove(j, own[2], None)?,
                        ];
                        self.steps.push(Step::Daiminkan {
                            seat: j,
                            from: current,
                            called: id,
                            own,
                        });
                        match self.log.seats[ju].discards.get(self.discards[ju]) {
                            Some(Discard::Placeholder) => self.discards[ju] += 1,
                            // A record may leave the 0 out when the replacement draw wins (the
                            // seat's discard column ends there).
                            None if matches!(&self.log.result,
                                RoundResult::Win(w) if w.len() == 1 && w[0].who == j && w[0].from == j) => {}
                            _ => return Err(format!("seat {j}: an open kan without the placeholder 0 after it")),
                        }
                        self.kans += 1;
                        turn = (j, true);
                        break;
                    }
                    Take::Draw(_) => return Err("internal: a draw taken for a call".to_owned()),
                }
                current = j;
                acted = self.act(j, None)?;
            }
        }
    }
}

/// Turns one round of a record into the engine's wall and the actions in order; `aka`: red
/// fives are in play. An error names the seat and what does not fit.
pub fn turns(log: &RoundLog, aka: bool) -> Result<Turns, String> {
    let layout = if log.players() == 3 {
        Layout::THREE
    } else {
        Layout::FOUR
    };
    if usize::from(log.dealer()) >= usize::from(layout.players) {
        return Err(format!(
            "round {} has dealer seat {} at a three-player table",
            log.kyoku,
            log.dealer()
        ));
    }
    let mut sim = Sim {
        log,
        layout,
        aka,
        pools: Pools::new(aka, layout.players),
        wall: [None; 136],
        hands: Default::default(),
        takes: [0; 4],
        discards: [0; 4],
        live: 0,
        rinshan: 0,
        kans: 0,
        kitas: 0,
        steps: Vec::new(),
        riichi_pending: None,
        sticks_down: [false; 4],
    };
    let dealer = log.dealer();
    for k in 0..layout.players {
        let seat = (dealer + k) % layout.players;
        for (j, code) in log.seats[usize::from(seat)].haipai.iter().enumerate() {
            let id = sim.place(13 * usize::from(k) + j, *code)?;
            sim.hands[usize::from(seat)].push(id);
        }
    }
    if log.dora.is_empty() || log.dora.len() > 5 || log.ura.len() > 5 {
        return Err(format!(
            "{} dora and {} ura indicators (1 to 5, and at most 5)",
            log.dora.len(),
            log.ura.len()
        ));
    }
    for (i, code) in log.dora.iter().enumerate() {
        sim.place(layout.dora_at + i, *code)?;
    }
    for (i, code) in log.ura.iter().enumerate() {
        sim.place(layout.ura_at + i, *code)?;
    }
    let end = sim.run()?;
    let kans = sim.kans;
    let live_draws = sim.live;
    let steps = std::mem::take(&mut sim.steps);
    let sticks_down = sim.sticks_down;
    let slots = sim.wall;
    let mut rest = sim.pools.leftover().into_iter();
    // Three players: 2m-8m (ids 4..32) after the tiles in play.
    let mut out_of_play = 4u8..32;
    let mut wall = [0u8; 136];
    for (at, (out, slot)) in wall.iter_mut().zip(slots).enumerate() {
        *out = match slot {
            Some(id) => id,
            None if at >= layout.end => out_of_play.next().ok_or("internal: more than 28 ids out of play")?,
            None => rest.next().ok_or("internal: fewer than 136 ids")?,
        };
    }
    Ok(Turns {
        wall,
        steps,
        end,
        live_draws,
        kans,
        kitas: sim.kitas,
        players: layout.players,
        sticks_down,
    })
}

#[cfg(test)]
mod tests {
    use super::super::tenhou::parse;
    use super::*;

    /// Three players: the first four replacement draws at `wall[94..98]`, the fifth to eighth
    /// backwards from the live wall's end (`wall[93]` first), as the engine deals them (a
    /// record with five replacement draws failed at the fifth when it was `wall[92]`).
    #[test]
    fn the_fifth_replacement_draw_is_the_live_walls_last_tile() {
        let places: Vec<usize> = (1..=8).map(|k| Layout::THREE.rinshan(k)).collect();
        assert_eq!(places, [94, 95, 96, 97, 93, 92, 91, 90]);
        let places: Vec<usize> = (1..=4).map(|k| Layout::FOUR.rinshan(k)).collect();
        assert_eq!(places, [122, 123, 124, 125]);
    }

    const ROUND: &str = r#"{"title":["",""],"name":["A","B","C","D"],"rule":{"disp":"鳳南喰赤","aka":1},"log":[
[[0,0,0],[25000,25000,25000,25000],[16],[],[11,12,13,21,22,23,31,32,33,41,41,45,46],[47,26],[46,60],[14,15,16,24,25,27,27,34,35,36,42,42,42],[],[],[17,18,19,29,29,37,38,39,43,43,44,46,46],["46p4646"],[44],[12,13,14,24,25,26,34,35,36,43,44,47,47],[15],[60],["和了",[-5200,5200,0,0],[1,0,1,"40符3飜5200点","自風 南(1飜)","三色同順(2飜)"]]]]}"#;

    /// A made-up round: the dealer discards green, seat 2 pons it (from across), discards N;
    /// seat 3 draws and discards; the dealer draws 6p, discards it; seat 1 wins on it.
    #[test]
    fn a_round_lays_out_its_wall_and_turns() {
        let record = parse(ROUND).map_err(|e| e.to_string());
        let record = record.as_ref().map(|r| &r.rounds[0]);
        let t = turns(record.unwrap_or_else(|e| panic!("{e}")), true).unwrap_or_else(|e| panic!("{e}"));
        // Every id once.
        let mut sorted = t.wall;
        sorted.sort_unstable();
        assert_eq!(sorted.to_vec(), (0..136).collect::<Vec<u8>>());
        // The dealer's haipai first (1m 2m 3m: ids 0, 4, 8), ids given in order of appearance:
        // the dealer's first draw is the third red dragon (two went to seat 3): 134.
        assert_eq!(&t.wall[..3], &[0, 4, 8]);
        assert_eq!(t.wall[52], 134);
        // Dora indicator 6m after seat 1's: id 21.
        assert_eq!(t.wall[126], 21);
        assert_eq!(
            t.steps,
            vec![
                Step::Draw {
                    seat: 0,
                    tile: 134,
                    rinshan: false
                },
                Step::Discard {
                    seat: 0,
                    tile: 128,
                    tsumogiri: false,
                    riichi: false
                },
                Step::Pon {
                    seat: 2,
                    from: 0,
                    called: 128,
                    own: [129, 130]
                },
                Step::Discard {
                    seat: 2,
                    tile: 120,
                    tsumogiri: false,
                    riichi: false
                },
                Step::Draw {
                    seat: 3,
                    tile: 18,
                    rinshan: false
                },
                Step::Discard {
                    seat: 3,
                    tile: 18,
                    tsumogiri: true,
                    riichi: false
                },
                Step::Draw {
                    seat: 0,
                    tile: 57,
                    rinshan: false
                },
                Step::Discard {
                    seat: 0,
                    tile: 57,
                    tsumogiri: true,
                    riichi: false
                },
                Step::Ron {
                    seats: vec![1],
                    from: 0
                },
            ]
        );
        // Seat 1 was dealt the first plain 5m (17) and seat 3 the first 6p (56).
        assert_eq!((t.wall[53], t.wall[54]), (18, 57));
        assert_eq!(t.end, End::Win);
        assert_eq!(t.live_draws, 3);
        assert_eq!(t.sticks_down, [false; 4]);
    }
}
