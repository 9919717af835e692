//! mjai's event log (the JSON-lines protocol of Mortal, RiichiEnv and mjai.app), read into a
//! Tenhou [`Record`] (so it replays with the checks of a tenhou.net/6 record) and written from
//! one.
//!
//! One JSON object per line, by `type`: `start_game` (`names`), `start_kyoku` (`bakaze` E/S/W/N,
//! `kyoku` 1–4, `honba`, `kyotaku`, `oya`, `scores`, `dora_marker`, `tehais`: four lists of 13),
//! `tsumo` (`actor`, `pai`), `dahai` (`actor`, `pai`, `tsumogiri`), `chi` / `pon` /
//! `daiminkan` (`actor`, `target`, `pai`, `consumed`), `ankan` (`actor`, `consumed`: four),
//! `kakan` (`actor`, `pai`, `consumed`: the pon's three), `dora` (`dora_marker`), `reach`
//! (`actor`), `reach_accepted` (`actor`), `hora` (`actor`, `target`, `pai`, `deltas`,
//! `ura_markers`), `ryukyoku` (`deltas`), `end_kyoku`, `end_game`. Tiles: `1m`…`9m`, `1p`…,
//! `1s`…, `E S W N` winds, `P F C` white, green, red dragons; `5mr` `5pr` `5sr` the red fives.
//! mjai names no kind of draw: a `ryukyoku` right after a `tsumo` is nine terminals, after a
//! fourth accepted riichi four riichi, after four first discards of one wind four winds, after
//! a fourth kan four kans, after 70 draws (kan replacements in) an exhaustive draw (nagashi mangan
//! when a seat gains more than tenpai payments can give, 3,000); Parlor writes a `reason` too
//! (Tenhou's name of the draw), which it reads first.
//!
//! Three players (as in public three-player mjai logs converted from Tenhou, e.g.
//! `2020010100gm-00b9-0000-7a6863a8.mjson`): `tehais`, `scores` and `deltas` hold three entries
//! (or four with seat 3 padded: 13 `"?"` and 0 points, as Mortal's three-player bridge writes
//! them), and `nukidora` (`actor`, `pai` `"N"`) sets a North aside; the seat's next `tsumo` is
//! its replacement. The ura indicators are read from `ura_markers` or, as the original mjai
//! writes them, `uradora_markers`. An exhaustive draw comes after 55 draws (replacements in).

use serde_json::{Value, json};

use parlor_core::game::Seat;
use parlor_core::mahjong::score::MeldKind;
use parlor_core::mahjong::{Abort, Action, Config, End, Round};

use super::builder::Builder;
use super::tenhou::{Code, DrawKind, Record};
use super::tenhou_replay::watch_round;

/// The Tenhou code of an mjai tile.
fn code(pai: &str) -> Result<Code, String> {
    let n = match pai {
        "E" => 41,
        "S" => 42,
        "W" => 43,
        "N" => 44,
        "P" => 45,
        "F" => 46,
        "C" => 47,
        "5mr" => 51,
        "5pr" => 52,
        "5sr" => 53,
        _ => {
            let b = pai.as_bytes();
            match b {
                [d @ b'1'..=b'9', s] => {
                    let suit = match s {
                        b'm' => 1,
                        b'p' => 2,
                        b's' => 3,
                        _ => 0,
                    };
                    if suit == 0 { 0 } else { suit * 10 + u64::from(d - b'0') }
                }
                _ => 0,
            }
        }
    };
    Code::new(n).ok_or_else(|| format!("{} is no mjai tile", crate::quoted(pai)))
}

/// The mjai tile of a code.
fn pai(c: Code) -> String {
    match c.number() {
        n @ 41..=47 => ["E", "S", "W", "N", "P", "F", "C"][usize::from(n - 41)].to_owned(),
        n @ 51..=53 => format!("5{}r", ["m", "p", "s"][usize::from(n - 51)]),
        n => format!("{}{}", n % 10, ["m", "p", "s"][usize::from(n / 10 - 1)]),
    }
}

fn field<'a>(event: &'a Value, key: &str, what: &str) -> Result<&'a Value, String> {
    event.get(key).ok_or_else(|| format!("{what} has no {key:?}"))
}

fn seat_of(event: &Value, key: &str, what: &str) -> Result<u8, String> {
    match field(event, key, what)?.as_u64() {
        Some(n @ 0..=3) => Ok(n as u8),
        _ => Err(format!("{what}: {key} is no seat (0-3)")),
    }
}

fn tile_of(event: &Value, key: &str, what: &str) -> Result<Code, String> {
    let v = field(event, key, what)?;
    code(v.as_str().ok_or_else(|| format!("{what}: {key} is no tile"))?)
}

fn tiles_of(event: &Value, key: &str, what: &str) -> Result<Vec<Code>, String> {
    field(event, key, what)?
        .as_array()
        .ok_or_else(|| format!("{what}: {key} is no list of tiles"))?
        .iter()
        .map(|v| code(v.as_str().unwrap_or("")))
        .collect()
}

/// Four numbers of `key`, or three (a three-player log; seat 3 reads 0).
fn four_of(event: &Value, key: &str, what: &str) -> Result<[i32; 4], String> {
    let items = field(event, key, what)?
        .as_array()
        .ok_or_else(|| format!("{what}: {key} is no list"))?;
    let v: Vec<i32> = items
        .iter()
        .map(|n| {
            n.as_i64()
                .and_then(|n| i32::try_from(n).ok())
                .ok_or_else(|| format!("{what}: {key} holds a non-number"))
        })
        .collect::<Result<_, _>>()?;
    match v[..] {
        [a, b, c] => Ok([a, b, c, 0]),
        [a, b, c, d] => Ok([a, b, c, d]),
        _ => Err(format!("{what}: {key} is not 4 numbers (nor 3)")),
    }
}

/// What a round has seen, to name a draw mjai does not name.
#[derive(Default)]
struct Seen {
    /// Draws that empty the wall (70; three players 55).
    wall: u32,
    draws: u32,
    kans: u32,
    calls: u32,
    accepted: u32,
    discards: Vec<Code>,
    last: String,
}

/// Reads an mjai log (JSON lines). Red fives are on when the log shows one or writes none of
/// `aka` … (a `start_game` `aka_flag: false` turns them off).
pub fn parse(text: &str) -> Result<Record, String> {
    let events: Vec<(usize, Value)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l)
                .map(|v| (i + 1, v))
                .map_err(|e| format!("line {}: not JSON: {e}", i + 1))
        })
        .collect::<Result<_, _>>()?;
    let aka = !events
        .iter()
        .any(|(_, e)| e.get("aka_flag") == Some(&Value::Bool(false)));
    let mut names: [String; 4] = Default::default();
    let mut b = Builder::new(aka);
    let mut drawn: [Option<Code>; 4] = [None; 4];
    let mut seen = Seen::default();
    for (line, e) in &events {
        let at = |what: String| format!("line {line}: {what}");
        let kind = e
            .get("type")
            .and_then(Value::as_str)
            .ok_or_else(|| at("no \"type\"".to_owned()))?;
        let step = |b: &mut Builder, drawn: &mut [Option<Code>; 4], seen: &mut Seen| -> Result<(), String> {
            match kind {
                "start_game" => {}
                "start_kyoku" => {
                    let wind = e.get("bakaze").and_then(Value::as_str).unwrap_or("E");
                    let w = ["E", "S", "W", "N"]
                        .iter()
                        .position(|x| *x == wind)
                        .ok_or("bakaze is no wind")?;
                    let k = field(e, "kyoku", kind)?
                        .as_u64()
                        .filter(|k| (1..=4).contains(k))
                        .ok_or("kyoku is not 1-4")?;
                    let kyoku = (w * 4) as u8 + (k as u8 - 1);
                    let count = |key: &str| -> Result<u32, String> {
                        field(e, key, kind)?
                            .as_u64()
                            .and_then(|n| u32::try_from(n).ok())
                            .ok_or(format!("{key} is no count"))
                    };
                    if let Some(oya) = e.get("oya").and_then(Value::as_u64)
                        && oya != u64::from(kyoku % 4)
                    {
                        return Err(format!("oya {oya} is not the dealer of kyoku {k}"));
                    }
                    let tehais = field(e, "tehais", kind)?.as_array().ok_or("tehais is no list")?;
                    let mut hands: [Vec<Code>; 4] = Default::default();
                    if !matches!(tehais.len(), 3 | 4) {
                        return Err("tehais is not 4 hands (nor 3)".to_owned());
                    }
                    for (i, (hand, t)) in hands.iter_mut().zip(tehais).enumerate() {
                        let t = t.as_array().ok_or("a hand is no list")?;
                        // Seat 3 padded with unknown tiles: three players.
                        if i == 3 && t.iter().all(|v| v.as_str() == Some("?")) {
                            continue;
                        }
                        *hand = t
                            .iter()
                            .map(|v| code(v.as_str().unwrap_or("")))
                            .collect::<Result<_, _>>()?;
                    }
                    let three = hands[3].is_empty();
                    b.start(
                        kyoku,
                        count("honba")?,
                        count("kyotaku")?,
                        four_of(e, "scores", kind)?,
                        tile_of(e, "dora_marker", kind)?,
                        hands,
                    )?;
                    *drawn = [None; 4];
                    *seen = Seen {
                        wall: if three { 55 } else { 70 },
                        ..Seen::default()
                    };
                }
                "tsumo" => {
                    let actor = seat_of(e, "actor", kind)?;
                    let t = tile_of(e, "pai", kind)?;
                    b.draw(actor, t)?;
                    drawn[usize::from(actor)] = Some(t);
                    // A kan's replacement comes from the dead wall, which takes the live wall's
                    // last tile in turn: 70 draws in all, replacements in, empty the wall.
                    seen.draws += 1;
                }
                "dahai" => {
                    let actor = seat_of(e, "actor", kind)?;
                    let t = tile_of(e, "pai", kind)?;
                    // The tile just drawn, whatever the flag says: some converted logs flag a
                    // discard right after a call (no draw) as tsumogiri.
                    let just_drawn = drawn[usize::from(actor)] == Some(t);
                    let tsumogiri = e.get("tsumogiri").and_then(Value::as_bool).unwrap_or(true) && just_drawn;
                    drawn[usize::from(actor)] = None;
                    b.discard(actor, t, tsumogiri)?;
                    seen.discards.push(t);
                }
                "chi" | "pon" | "daiminkan" => {
                    let actor = seat_of(e, "actor", kind)?;
                    let target = seat_of(e, "target", kind)?;
                    let called = tile_of(e, "pai", kind)?;
                    let own = tiles_of(e, "consumed", kind)?;
                    seen.calls += 1;
                    drawn[usize::from(actor)] = None;
                    match (kind, own.as_slice()) {
                        ("chi", [a, c]) => b.chii(actor, called, [*a, *c])?,
                        ("pon", [a, c]) => b.pon(actor, target, called, [*a, *c])?,
                        ("daiminkan", [a, c, d]) => {
                            seen.kans += 1;
                            b.daiminkan(actor, target, called, [*a, *c, *d])?
                        }
                        _ => return Err(format!("{kind}: consumed holds {} tiles", own.len())),
                    }
                }
                "ankan" => {
                    let actor = seat_of(e, "actor", kind)?;
                    let own = tiles_of(e, "consumed", kind)?;
                    let [a, c, d, f] = own[..] else {
                        return Err(format!("ankan: consumed holds {} tiles, not 4", own.len()));
                    };
                    seen.kans += 1;
                    drawn[usize::from(actor)] = None;
                    b.ankan(actor, [a, c, d, f])?;
                }
                "kakan" => {
                    let actor = seat_of(e, "actor", kind)?;
                    seen.kans += 1;
                    drawn[usize::from(actor)] = None;
                    b.kakan(actor, tile_of(e, "pai", kind)?)?;
                }
                "nukidora" => {
                    let actor = seat_of(e, "actor", kind)?;
                    if e.get("pai").is_some() && tile_of(e, "pai", kind)?.number() != 44 {
                        return Err("nukidora: pai is not N".to_owned());
                    }
                    drawn[usize::from(actor)] = None;
                    b.kita(actor)?;
                }
                "dora" => b.dora(tile_of(e, "dora_marker", kind)?)?,
                "reach" => b.riichi(seat_of(e, "actor", kind)?)?,
                "reach_accepted" => seen.accepted += 1,
                "hora" => {
                    let actor = seat_of(e, "actor", kind)?;
                    let target = seat_of(e, "target", kind)?;
                    let key = ["ura_markers", "uradora_markers"]
                        .into_iter()
                        .find(|k| e.get(*k).is_some());
                    let ura = match key {
                        Some(key) => tiles_of(e, key, kind)?,
                        None => Vec::new(),
                    };
                    b.win(actor, target, actor, four_of(e, "deltas", kind)?, ura, Vec::new())?;
                }
                "ryukyoku" => {
                    let deltas = four_of(e, "deltas", kind)?;
                    let named = e.get("reason").and_then(Value::as_str).and_then(DrawKind::from_name);
                    let draw = named.unwrap_or_else(|| name_draw(seen, &deltas));
                    b.draw_end(draw, Some(deltas))?;
                }
                _ => {}
            }
            Ok(())
        };
        step(&mut b, &mut drawn, &mut seen).map_err(at)?;
        if kind == "start_game"
            && let Some(list) = e.get("names").and_then(Value::as_array)
        {
            {
                for (slot, n) in names.iter_mut().zip(list) {
                    *slot = n.as_str().unwrap_or("").to_owned();
                }
            }
        }
        seen.last = kind.to_owned();
    }
    b.finish(names, None, serde_json::Map::new())
}

/// The kind of a draw mjai does not name (see the module's notes).
fn name_draw(seen: &Seen, deltas: &[i32; 4]) -> DrawKind {
    let winds = seen.discards.len() == 4
        && seen.calls == 0
        && seen
            .discards
            .iter()
            .all(|d| *d == seen.discards[0] && (41..=44).contains(&d.number()));
    if seen.draws >= seen.wall {
        if deltas.iter().any(|&d| d > 3000) {
            DrawKind::Nagashi
        } else {
            DrawKind::Exhaustive
        }
    } else if seen.last == "tsumo" {
        DrawKind::NineTerminals
    } else if winds {
        DrawKind::FourWinds
    } else if seen.accepted == 4 && seen.last == "reach_accepted" {
        DrawKind::FourRiichi
    } else if seen.kans >= 4 {
        DrawKind::FourKans
    } else {
        DrawKind::TripleRon
    }
}

/// Writes a record as an mjai log, each round replayed under `config` for its tiles and
/// outcomes: one JSON object per line.
pub fn write(record: &Record, config: &Config) -> Result<String, String> {
    let aka = config.score.red_fives;
    let p = |id: u8| pai(Code::of_id_lossy(id, aka));
    let names = record
        .names
        .get(..usize::from(record.players()))
        .unwrap_or(&record.names);
    let mut lines: Vec<Value> = vec![json!({"type": "start_game", "names": names, "aka_flag": aka})];
    for (i, log) in record.rounds.iter().enumerate() {
        let mut body: Vec<Value> = Vec::new();
        let mut first: Option<Round> = None;
        let mut drawn: [Option<u8>; 4] = [None; 4];
        let mut pons: Vec<(Seat, Vec<u8>)> = Vec::new();
        let round = watch_round(log, config, |before, seat, action, event| {
            if first.is_none() {
                first = Some(before.clone());
                if let Some(d) = before.drawn() {
                    drawn[seat.index()] = Some(d);
                }
            }
            let s = seat.0;
            match action {
                Action::Riichi { tile } | Action::Discard { tile } => {
                    if matches!(action, Action::Riichi { .. }) {
                        body.push(json!({"type": "reach", "actor": s}));
                    }
                    let tsumogiri = drawn[seat.index()] == Some(tile);
                    drawn[seat.index()] = None;
                    body.push(json!({"type": "dahai", "actor": s, "pai": p(tile), "tsumogiri": tsumogiri}));
                }
                _ => {}
            }
            // A closed or added kan is written when declared (a robbing win may follow).
            match action {
                Action::Ankan { kind } => {
                    let k = kind.index() as u8;
                    let ids: Vec<String> = (0..4).map(|c| p(k * 4 + c)).collect();
                    drawn[seat.index()] = None;
                    body.push(json!({"type": "ankan", "actor": s, "consumed": ids}));
                }
                Action::Kita => {
                    drawn[seat.index()] = None;
                    body.push(json!({"type": "nukidora", "actor": s, "pai": "N"}));
                }
                Action::Kakan { tile: added } => {
                    if let Some((_, three)) = pons.iter().find(|q| q.0 == seat && q.1[0] / 4 == added / 4) {
                        let rest: Vec<String> = three.iter().map(|&t| p(t)).collect();
                        drawn[seat.index()] = None;
                        body.push(json!({"type": "kakan", "actor": s, "pai": p(added), "consumed": rest}));
                    }
                }
                _ => {}
            }
            if let Some(call) = event.called.filter(|c| !matches!(c.meld.kind, MeldKind::Ankan | MeldKind::Shouminkan)) {
                let m = call.meld;
                let actor = call.seat.0;
                drawn[call.seat.index()] = None;
                let ids = m.tiles();
                if m.kind == MeldKind::Pon {
                    pons.push((call.seat, ids.to_vec()));
                }
                let called = m.called().unwrap_or(ids[0]);
                let own: Vec<String> = ids.iter().filter(|&&t| t != called).map(|&t| p(t)).collect();
                let name = match m.kind {
                    MeldKind::Chii => "chi",
                    MeldKind::Pon => "pon",
                    _ => "daiminkan",
                };
                body.push(json!({"type": name, "actor": actor, "target": m.from().map_or(actor, |f| f.0), "pai": p(called), "consumed": own}));
            }
            if let Some(r) = event.riichi {
                body.push(json!({"type": "reach_accepted", "actor": r.0}));
            }
            for id in event.dora.iter().flatten() {
                body.push(json!({"type": "dora", "dora_marker": p(*id)}));
            }
            if let Some((w, id)) = event.drew {
                drawn[w.index()] = Some(id);
                body.push(json!({"type": "tsumo", "actor": w.0, "pai": p(id)}));
            }
        })
        .map_err(|f| format!("round {i}: {f}"))?;
        let start = *round.start();
        let first = first.unwrap_or_else(|| round.clone());
        let dealer_draw = first.drawn();
        let mut tehais = Vec::new();
        // Three players: three hands, points and deltas (seat 3 left out).
        let players = round.players();
        let seats = |values: [i32; 4]| values.get(..usize::from(players)).unwrap_or(&values).to_vec();
        for s in 0..players {
            let mut hand: Vec<u8> = first.hand(Seat(s)).collect();
            if let Some(k) = dealer_draw
                .filter(|_| s == start.dealer.0)
                .and_then(|d| hand.iter().position(|&t| t == d))
            {
                hand.remove(k);
            }
            hand.sort_unstable();
            tehais.push(hand.iter().map(|&t| p(t)).collect::<Vec<_>>());
        }
        let kyoku = start.kyoku();
        let bakaze = ["E", "S", "W", "N"].get(usize::from(kyoku / 4)).copied().unwrap_or("E");
        lines.push(json!({
            "type": "start_kyoku",
            "bakaze": bakaze,
            "kyoku": kyoku % 4 + 1,
            "honba": start.honba,
            "kyotaku": start.sticks,
            "oya": start.dealer.0,
            "scores": seats(start.scores),
            "dora_marker": p(first.dora_indicators().first().copied().unwrap_or(0)),
            "tehais": tehais,
        }));
        if let Some(d) = dealer_draw {
            lines.push(json!({"type": "tsumo", "actor": start.dealer.0, "pai": p(d)}));
        }
        lines.extend(body);
        let outcome = round.outcome().ok_or_else(|| format!("round {i}: not over"))?;
        match outcome.end {
            End::Win => {
                for w in outcome.wins.iter().flatten() {
                    let mut hora = json!({
                        "type": "hora",
                        "actor": w.winner.0,
                        "target": w.from.unwrap_or(w.winner).0,
                        "pai": p(w.tile),
                        "deltas": seats(w.deltas),
                    });
                    if !log.ura.is_empty() {
                        let ura: Vec<String> = round.ura_indicators().iter().map(|&t| p(t)).collect();
                        hora["ura_markers"] = json!(ura);
                    }
                    lines.push(hora);
                }
            }
            end => {
                let reason = match end {
                    End::Nagashi => DrawKind::Nagashi,
                    End::Abort(Abort::NineTerminals) => DrawKind::NineTerminals,
                    End::Abort(Abort::FourRiichi) => DrawKind::FourRiichi,
                    End::Abort(Abort::TripleRon) => DrawKind::TripleRon,
                    End::Abort(Abort::FourKans) => DrawKind::FourKans,
                    End::Abort(Abort::FourWinds) => DrawKind::FourWinds,
                    _ => DrawKind::Exhaustive,
                };
                lines.push(json!({"type": "ryukyoku", "deltas": seats(outcome.deltas), "reason": reason.name()}));
            }
        }
        lines.push(json!({"type": "end_kyoku"}));
    }
    lines.push(json!({"type": "end_game"}));
    Ok(lines.iter().map(|l| format!("{l}\n")).collect())
}
