//! Builds a Tenhou record ([`Record`], the tenhou.net/6 columns) from a game's events in
//! order — a round's start, draws, discards, riichi, calls, kans, dora, wins and draws — as
//! Tenhou's XML log (`mjlog`) and mjai's event log list them. Both readers feed this builder,
//! so their records replay with exactly the checks of a tenhou6 record.

use serde_json::Value;

use super::tenhou::{
    Code, Discard, DrawKind, Giver, Record, Result as RoundResult, RoundLog, SeatLog, Take, Win, calls,
};

/// The round being built.
struct Open {
    log: RoundLog,
    /// Seats whose next discard declares riichi.
    riichi: [bool; 4],
    /// Pons made, for an added kan: (seat, called, own, giver).
    pons: Vec<(u8, Code, [Code; 2], Giver)>,
    /// Wins announced (a double ron has two).
    wins: Vec<Win>,
}

/// A record built event by event. Every method names what does not fit in its error.
pub struct Builder {
    aka: bool,
    rounds: Vec<RoundLog>,
    open: Option<Open>,
}

fn seat_index(seat: u8) -> Result<usize, String> {
    (seat < 4)
        .then_some(usize::from(seat))
        .ok_or_else(|| format!("seat {seat} is no seat (0-3)"))
}

impl Builder {
    /// An empty record; `aka`: red fives are in play.
    pub fn new(aka: bool) -> Builder {
        Builder {
            aka,
            rounds: Vec::new(),
            open: None,
        }
    }

    fn open(&mut self) -> Result<&mut Open, String> {
        self.open.as_mut().ok_or_else(|| "an event outside a round".to_owned())
    }

    fn seat(&mut self, seat: u8) -> Result<&mut SeatLog, String> {
        let s = seat_index(seat)?;
        let open = self.open()?;
        if !open.wins.is_empty() {
            return Err(format!("seat {seat} plays after a win"));
        }
        if s >= usize::from(open.log.players()) {
            return Err(format!("seat {seat} plays at a three-player table"));
        }
        Ok(&mut open.log.seats[s])
    }

    /// A round starts: `kyoku` (0 = East 1 … 4 = South 1), honba, sticks, points, the first
    /// dora indicator and the four dealt hands (13 tiles each; the dealer's 14th is its first
    /// draw; three players: seat 3's hand empty).
    pub fn start(
        &mut self,
        kyoku: u8,
        honba: u32,
        sticks: u32,
        scores: [i32; 4],
        dora: Code,
        hands: [Vec<Code>; 4],
    ) -> Result<(), String> {
        self.close()?;
        if self.open.is_some() {
            return Err(format!(
                "round {} has no result before the next starts",
                self.rounds.len()
            ));
        }
        if kyoku > 15 {
            return Err(format!("round number {kyoku} is beyond North 4"));
        }
        let mut seats: [SeatLog; 4] = Default::default();
        for (i, (seat, hand)) in seats.iter_mut().zip(hands).enumerate() {
            if hand.len() != 13 && !(i == 3 && hand.is_empty()) {
                return Err(format!("a dealt hand of {} tiles, not 13", hand.len()));
            }
            seat.haipai = hand;
        }
        self.open = Some(Open {
            log: RoundLog {
                kyoku,
                honba,
                sticks,
                scores,
                dora: vec![dora],
                ura: Vec::new(),
                seats,
                result: RoundResult::Draw(DrawKind::Exhaustive, None),
            },
            riichi: [false; 4],
            pons: Vec::new(),
            wins: Vec::new(),
        });
        Ok(())
    }

    /// `seat` draws `tile` (from the live wall or a kan's replacement).
    pub fn draw(&mut self, seat: u8, tile: Code) -> Result<(), String> {
        self.seat(seat)?.takes.push(Take::Draw(tile));
        Ok(())
    }

    /// `seat` declares riichi: its next discard is the declaration.
    pub fn riichi(&mut self, seat: u8) -> Result<(), String> {
        let s = seat_index(seat)?;
        self.open()?.riichi[s] = true;
        Ok(())
    }

    /// `seat` discards `tile`; `tsumogiri`: the tile it just drew.
    pub fn discard(&mut self, seat: u8, tile: Code, tsumogiri: bool) -> Result<(), String> {
        let s = seat_index(seat)?;
        let riichi = std::mem::take(&mut self.open()?.riichi[s]);
        let shown = (!tsumogiri).then_some(tile);
        let entry = if riichi {
            Discard::Riichi(shown)
        } else {
            Discard::Tile(shown)
        };
        self.seat(seat)?.discards.push(entry);
        Ok(())
    }

    /// `seat` calls chii on `called` with `own` from its hand.
    pub fn chii(&mut self, seat: u8, called: Code, own: [Code; 2]) -> Result<(), String> {
        let text = calls::chii(called, own);
        self.seat(seat)?.takes.push(Take::Chii { called, own, text });
        Ok(())
    }

    fn giver(seat: u8, from: u8) -> Result<Giver, String> {
        Giver::between(seat, from).ok_or_else(|| format!("seat {seat} calls its own tile"))
    }

    /// `seat` calls pon on `called` discarded by `from`.
    pub fn pon(&mut self, seat: u8, from: u8, called: Code, own: [Code; 2]) -> Result<(), String> {
        let giver = Builder::giver(seat, from)?;
        let text = calls::pon(called, own, giver);
        self.seat(seat)?.takes.push(Take::Pon {
            called,
            own,
            from: giver,
            text,
        });
        self.open()?.pons.push((seat, called, own, giver));
        Ok(())
    }

    /// `seat` calls an open kan on `called` discarded by `from`.
    pub fn daiminkan(&mut self, seat: u8, from: u8, called: Code, own: [Code; 3]) -> Result<(), String> {
        let giver = Builder::giver(seat, from)?;
        let text = calls::daiminkan(called, own, giver);
        let log = self.seat(seat)?;
        log.takes.push(Take::Daiminkan {
            called,
            own,
            from: giver,
            text,
        });
        log.discards.push(Discard::Placeholder);
        Ok(())
    }

    /// `seat` sets a North aside (three players: nukidora); its next draw is the replacement.
    pub fn kita(&mut self, seat: u8) -> Result<(), String> {
        if self.open()?.log.players() != 3 {
            return Err(format!("seat {seat} sets a North aside at a four-player table"));
        }
        self.seat(seat)?.discards.push(Discard::Kita);
        Ok(())
    }

    /// `seat` declares a closed kan of `tiles`.
    pub fn ankan(&mut self, seat: u8, tiles: [Code; 4]) -> Result<(), String> {
        let text = calls::ankan(tiles);
        self.seat(seat)?.discards.push(Discard::Ankan { tiles, text });
        Ok(())
    }

    /// `seat` adds `added` to its pon of that kind.
    pub fn kakan(&mut self, seat: u8, added: Code) -> Result<(), String> {
        let pon = self
            .open()?
            .pons
            .iter()
            .find(|p| p.0 == seat && p.1.kind() == added.kind())
            .copied()
            .ok_or_else(|| format!("seat {seat} adds {added} to a kan without its pon"))?;
        let (_, called, own, giver) = pon;
        let text = calls::kakan(added, called, own, giver);
        self.seat(seat)?.discards.push(Discard::Kakan {
            added,
            tiles: [added, called, own[0], own[1]],
            text,
        });
        Ok(())
    }

    /// A new dora indicator is revealed.
    pub fn dora(&mut self, indicator: Code) -> Result<(), String> {
        let open = self.open()?;
        if open.log.dora.len() >= 5 {
            return Err("a sixth dora indicator".to_owned());
        }
        open.log.dora.push(indicator);
        Ok(())
    }

    /// `who` wins from `from` (itself for a tsumo), `pao` the liable seat (itself when none),
    /// with the win's deltas; `ura`: the ura indicators shown (empty when none).
    pub fn win(
        &mut self,
        who: u8,
        from: u8,
        pao: u8,
        deltas: [i32; 4],
        ura: Vec<Code>,
        text: Vec<String>,
    ) -> Result<(), String> {
        for s in [who, from, pao] {
            seat_index(s)?;
        }
        let open = self.open()?;
        if !ura.is_empty() {
            open.log.ura = ura;
        }
        open.wins.push(Win {
            deltas,
            who,
            from,
            pao,
            text,
        });
        Ok(())
    }

    /// The round ends without a win.
    pub fn draw_end(&mut self, kind: DrawKind, deltas: Option<[i32; 4]>) -> Result<(), String> {
        let mut open = self.open.take().ok_or_else(|| "a draw outside a round".to_owned())?;
        if !open.wins.is_empty() {
            return Err("a draw after a win".to_owned());
        }
        open.log.result = RoundResult::Draw(kind, deltas);
        self.rounds.push(open.log);
        Ok(())
    }

    /// Closes a round whose wins were announced (nothing when none is open or it has none).
    pub fn close(&mut self) -> Result<(), String> {
        if self.open.as_ref().is_some_and(|o| !o.wins.is_empty())
            && let Some(mut open) = self.open.take()
        {
            open.log.result = RoundResult::Win(open.wins);
            self.rounds.push(open.log);
        }
        Ok(())
    }

    /// The record: `names`, the rule's display name, and extra top-level fields (`ref`, …).
    pub fn finish(
        mut self,
        names: [String; 4],
        rule_disp: Option<String>,
        extra: serde_json::Map<String, Value>,
    ) -> Result<Record, String> {
        self.close()?;
        if self.open.is_some() {
            return Err(format!("round {} has no result", self.rounds.len()));
        }
        if self.rounds.is_empty() {
            return Err("no round".to_owned());
        }
        Ok(Record {
            names,
            rule_disp,
            aka: self.aka,
            extra,
            rounds: self.rounds,
        })
    }
}

/// `ref` for a log id at the start of a file name (`2010081709gm-00a9-0000-fe3371ad.mjlog`):
/// ten digits and `gm-`; the record's date ([`Record::date`]) reads it.
pub fn log_id(file: &str) -> Option<String> {
    let name = file.rsplit(['/', '\\']).next().unwrap_or(file);
    let stem = name.split('.').next().unwrap_or(name);
    let digits = stem.get(..10)?;
    (digits.bytes().all(|b| b.is_ascii_digit()) && stem.get(10..13) == Some("gm-")).then(|| stem.to_owned())
}
