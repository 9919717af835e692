//! Mahjong Soul's own game record (`--format majsoul`), read into a Tenhou [`Record`] so that it
//! replays with the checks of a tenhou.net/6 record. Read-only: Parlor writes no Mahjong Soul
//! record.
//!
//! Mahjong Soul keeps a game as a list of record messages (protobuf `.lq.Record…`); tools that
//! decode them (RiichiEnv's `MjSoulReplay` reads this JSON) write each as `{"name": …, "data":
//! {…}}`, the name with or without the `.lq.Record` prefix. Accepted: a JSON array of those, or an
//! object holding it as `events`, `records` or `actions` (also under `data`, and an action's
//! `result`). By name:
//!
//! - `NewRound`: `chang` (0 East, 1 South, …), `ju` (the dealer's seat), `ben` (honba),
//!   `liqibang` (riichi sticks), `scores`, `tiles0`…`tiles3` (the dealer's has 14: its last is
//!   taken as the first draw; three players: `tiles3` empty or absent, three `scores`),
//!   `doras` (or `dora`).
//! - `DealTile` (`seat`, `tile`), `DiscardTile` (`seat`, `tile`, `is_liqi` / `is_wliqi`: the
//!   discard declares riichi, `moqie`: the drawn tile), `ChiPengGang` (`seat`, `type` 0 chii,
//!   1 pon, 2 open kan, `tiles`, `froms`: the seat each tile came from), `AnGangAddGang` (`seat`,
//!   `type` 3 closed kan, 2 added kan, `tiles`: one tile), `BaBei` (`seat`: a North set aside).
//!   Any message's `doras` (every indicator so far) reveals the new ones.
//! - `Hule`: `hules` (each `seat`, `zimo`, `li_doras` the ura indicators, `point_rong`), and the
//!   deltas: `delta_scores`, else `scores` (after) less `old_scores` or, without them, less the
//!   round's start points and the riichi sticks put down since. A second or third ron's deltas are
//!   its `point_rong` from the discarder; the first winner (the nearest) takes the rest.
//! - `NoTile` (`liujumanguan`: nagashi mangan; deltas from `scores[].delta_scores`, summed),
//!   `LiuJu` (`type` 1 nine terminals, 2 four winds, 3 four kans, 4 four riichi, 5 three rons).
//!
//! Tiles: `1m`…`9m`, `1p`…, `1s`…, `1z`…`7z` (East South West North, white green red), `0m`
//! `0p` `0s` the red fives. The record says `rule.disp` `Mahjong Soul` (so `rule_of` picks the
//! `mahjong-soul` presets), red fives on, names from `names` when given.

use serde_json::Value;

use super::builder::Builder;
use super::tenhou::{Code, DrawKind, Record};

/// The rule name a Mahjong Soul record is given (`rule_of` reads it as Mahjong Soul's).
pub const RULE_DISP: &str = "Mahjong Soul";

/// The Tenhou code of a Mahjong Soul tile (`5m`, `0p` red, `7z`).
fn code(tile: &str) -> Result<Code, String> {
    let n = match tile.as_bytes() {
        [b'0', s @ (b'm' | b'p' | b's')] => 51 + u64::from(b"mps".iter().position(|c| c == s).unwrap_or(0) as u8),
        [d @ b'1'..=b'9', s @ (b'm' | b'p' | b's')] => {
            10 * (1 + b"mps".iter().position(|c| c == s).unwrap_or(0) as u64) + u64::from(d - b'0')
        }
        [d @ b'1'..=b'7', b'z'] => 40 + u64::from(d - b'0'),
        _ => 0,
    };
    Code::new(n).ok_or_else(|| format!("{} is no tile", crate::quoted(tile)))
}

fn field<'a>(data: &'a Value, key: &str, what: &str) -> Result<&'a Value, String> {
    data.get(key).ok_or_else(|| format!("{what}: no {key:?}"))
}

fn int(data: &Value, key: &str, what: &str) -> Result<i64, String> {
    field(data, key, what)?
        .as_i64()
        .ok_or_else(|| format!("{what}: {key:?} is no integer"))
}

/// An optional count (`ben`, `liqibang`, …): 0 when absent.
fn count(data: &Value, key: &str, what: &str) -> Result<u32, String> {
    match data.get(key) {
        None | Some(Value::Null) => Ok(0),
        Some(v) => v
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| format!("{what}: {key:?} is no count")),
    }
}

fn seat(data: &Value, key: &str, what: &str, players: usize) -> Result<u8, String> {
    let n = int(data, key, what)?;
    u8::try_from(n)
        .ok()
        .filter(|&s| usize::from(s) < players)
        .ok_or_else(|| format!("{what}: {key:?} {n} is no seat"))
}

fn tile(data: &Value, key: &str, what: &str) -> Result<Code, String> {
    let t = field(data, key, what)?
        .as_str()
        .ok_or_else(|| format!("{what}: {key:?} is no tile"))?;
    code(t).map_err(|e| format!("{what}: {e}"))
}

/// A list of tiles (absent: empty).
fn tiles(data: &Value, key: &str, what: &str) -> Result<Vec<Code>, String> {
    match data.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(list)) => list
            .iter()
            .map(|t| {
                t.as_str()
                    .ok_or_else(|| format!("{what}: {key:?} holds no tile"))
                    .and_then(code)
            })
            .collect(),
        Some(_) => Err(format!("{what}: {key:?} is no list of tiles")),
    }
}

/// Points by seat (`scores`, `delta_scores`): three or four integers, padded to four.
fn points(value: &Value, what: &str) -> Result<[i32; 4], String> {
    let list = value.as_array().ok_or_else(|| format!("{what} is no list"))?;
    if !(3..=4).contains(&list.len()) {
        return Err(format!("{what}: {} entries, not 3 or 4", list.len()));
    }
    let mut out = [0; 4];
    for (o, v) in out.iter_mut().zip(list) {
        *o = v
            .as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .ok_or_else(|| format!("{what}: {v} is no number of points"))?;
    }
    Ok(out)
}

/// The record's messages: `(name without the .lq.Record prefix, data)`.
fn messages(value: &Value) -> Option<Vec<(String, &Value)>> {
    let list = match value {
        Value::Array(list) => list,
        Value::Object(o) => {
            return ["events", "records", "actions", "data"]
                .iter()
                .find_map(|k| o.get(*k).and_then(messages));
        }
        _ => return None,
    };
    let mut out = Vec::new();
    for item in list {
        let item = item.get("result").filter(|r| r.get("name").is_some()).unwrap_or(item);
        let (Some(name), Some(data)) = (item.get("name").and_then(Value::as_str), item.get("data")) else {
            continue;
        };
        let name = name.strip_prefix(".lq.").unwrap_or(name);
        let name = name.strip_prefix("Record").unwrap_or(name);
        out.push((name.to_owned(), data));
    }
    (!out.is_empty()).then_some(out)
}

/// The round being read: what the deltas of a win need.
struct Round {
    players: usize,
    dealer: u8,
    /// The points at the start, less each riichi stick put down since.
    points: [i32; 4],
    /// The dealer's 14th tile (its first draw), until its first discard.
    first_draw: Option<Code>,
    /// Dora indicators shown so far.
    doras: usize,
    /// A seat whose riichi discard is not yet passed (its stick is down once play goes on).
    riichi: Option<u8>,
    /// The seat whose tile a win takes: the last discard, added kan, closed kan or North.
    last: u8,
}

/// Reads a Mahjong Soul record (JSON, as above).
pub fn parse(text: &str) -> Result<Record, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let list = messages(&value).ok_or("no Mahjong Soul record messages (a list of {\"name\", \"data\"})")?;
    let mut builder = Builder::new(true);
    let mut round: Option<Round> = None;
    for (i, (name, data)) in list.iter().enumerate() {
        let what = format!("message {i} ({name})");
        let what = what.as_str();
        if name == "NewRound" {
            let scores = points(field(data, "scores", what)?, &format!("{what}: scores"))?;
            let players = field(data, "scores", what)?.as_array().map_or(4, Vec::len);
            let dealer = seat(data, "ju", what, players)?;
            let chang = u8::try_from(int(data, "chang", what)?).map_err(|_| format!("{what}: bad chang"))?;
            let mut hands: [Vec<Code>; 4] = Default::default();
            for (s, hand) in hands.iter_mut().enumerate().take(players) {
                *hand = tiles(data, &format!("tiles{s}"), what)?;
            }
            let first_draw = hands[usize::from(dealer)].pop();
            let mut doras = tiles(data, "doras", what)?;
            if doras.is_empty() {
                doras.push(tile(data, "dora", what)?);
            }
            let kyoku = chang
                .checked_mul(4)
                .and_then(|k| k.checked_add(dealer))
                .ok_or_else(|| format!("{what}: bad round"))?;
            builder.start(
                kyoku,
                count(data, "ben", what)?,
                count(data, "liqibang", what)?,
                scores,
                doras[0],
                hands,
            )?;
            for d in &doras[1..] {
                builder.dora(*d)?;
            }
            if let Some(t) = first_draw {
                builder.draw(dealer, t)?;
            }
            round = Some(Round {
                players,
                dealer,
                points: scores,
                first_draw,
                doras: doras.len(),
                riichi: None,
                last: dealer,
            });
            continue;
        }
        let r = round
            .as_mut()
            .ok_or_else(|| format!("{what}: before the first NewRound"))?;
        // The dealer's 14th tile is its draw for its first action only.
        let first_draw = r.first_draw.take();
        if name != "Hule"
            && let Some(s) = r.riichi.take()
        {
            r.points[usize::from(s)] -= 1000;
        }
        let shown = tiles(data, "doras", what)?;
        for d in shown.iter().skip(r.doras) {
            builder.dora(*d)?;
        }
        r.doras = r.doras.max(shown.len());
        let players = r.players;
        match name.as_str() {
            "DealTile" => builder.draw(seat(data, "seat", what, players)?, tile(data, "tile", what)?)?,
            "DiscardTile" => {
                let s = seat(data, "seat", what, players)?;
                let t = tile(data, "tile", what)?;
                let flag = |k: &str| data.get(k).and_then(Value::as_bool).unwrap_or(false);
                let tsumogiri = match first_draw {
                    Some(first) if s == r.dealer => first == t,
                    _ => flag("moqie"),
                };
                if flag("is_liqi") || flag("is_wliqi") {
                    builder.riichi(s)?;
                    r.riichi = Some(s);
                }
                builder.discard(s, t, tsumogiri)?;
                r.last = s;
            }
            "ChiPengGang" => {
                let s = seat(data, "seat", what, players)?;
                let meld = tiles(data, "tiles", what)?;
                let froms: Vec<u8> = match field(data, "froms", what)?.as_array() {
                    Some(list) => list
                        .iter()
                        .filter_map(|v| v.as_u64())
                        .filter_map(|n| u8::try_from(n).ok())
                        .collect(),
                    None => Vec::new(),
                };
                let called_at = froms
                    .iter()
                    .position(|&f| f != s)
                    .filter(|_| froms.len() == meld.len())
                    .ok_or_else(|| format!("{what}: no tile called from another seat"))?;
                let (from, called) = (froms[called_at], meld[called_at]);
                let own: Vec<Code> = meld
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| k != called_at)
                    .map(|(_, c)| *c)
                    .collect();
                match (int(data, "type", what)?, own.as_slice()) {
                    (0, &[a, b]) => builder.chii(s, called, [a, b])?,
                    (1, &[a, b]) => builder.pon(s, from, called, [a, b])?,
                    (2, &[a, b, c]) => builder.daiminkan(s, from, called, [a, b, c])?,
                    (t, _) => return Err(format!("{what}: type {t} with {} tiles", meld.len())),
                }
            }
            "AnGangAddGang" => {
                let s = seat(data, "seat", what, players)?;
                let t = match field(data, "tiles", what)? {
                    Value::Array(_) => tiles(data, "tiles", what)?
                        .first()
                        .copied()
                        .ok_or(format!("{what}: no tile"))?,
                    _ => tile(data, "tiles", what)?,
                };
                match int(data, "type", what)? {
                    3 => {
                        // With red fives, a five's closed kan holds its red one.
                        let plain = t.plain();
                        let red = Code::new(u64::from(50 + plain.number() / 10)).filter(|_| plain.number() % 10 == 5);
                        builder.ankan(s, red.map_or([plain; 4], |red| [red, plain, plain, plain]))?;
                    }
                    2 => builder.kakan(s, t)?,
                    k => return Err(format!("{what}: type {k} is no kan")),
                }
                r.last = s;
            }
            "BaBei" => {
                let s = seat(data, "seat", what, players)?;
                builder.kita(s)?;
                r.last = s;
            }
            "Hule" => {
                let hules = field(data, "hules", what)?
                    .as_array()
                    .filter(|h| !h.is_empty())
                    .ok_or_else(|| format!("{what}: no hules"))?;
                let total = if let Some(d) = data
                    .get("delta_scores")
                    .filter(|d| d.as_array().is_some_and(|a| !a.is_empty()))
                {
                    points(d, &format!("{what}: delta_scores"))?
                } else {
                    let after = points(field(data, "scores", what)?, &format!("{what}: scores"))?;
                    let before = match data
                        .get("old_scores")
                        .filter(|d| d.as_array().is_some_and(|a| !a.is_empty()))
                    {
                        Some(old) => points(old, &format!("{what}: old_scores"))?,
                        None => r.points,
                    };
                    std::array::from_fn(|k| after[k] - before[k])
                };
                let mut rest = total;
                let mut wins = Vec::new();
                for (k, h) in hules.iter().enumerate() {
                    let who = seat(h, "seat", what, players)?;
                    let zimo = h.get("zimo").and_then(Value::as_bool).unwrap_or(false);
                    let from = if zimo { who } else { r.last };
                    let mut deltas = [0; 4];
                    if k > 0 {
                        let p =
                            i32::try_from(int(h, "point_rong", what)?).map_err(|_| format!("{what}: point_rong"))?;
                        deltas[usize::from(who)] += p;
                        deltas[usize::from(from)] -= p;
                        for (x, d) in rest.iter_mut().zip(deltas) {
                            *x -= d;
                        }
                    }
                    let mut ura = tiles(h, "li_doras", what)?;
                    if ura.is_empty() {
                        ura = tiles(h, "ura_dora_indicators", what)?;
                    }
                    let text = vec![format!(
                        "{}符{}飜",
                        h.get("fu").and_then(Value::as_u64).unwrap_or(0),
                        h.get("count").and_then(Value::as_u64).unwrap_or(0)
                    )];
                    wins.push((who, from, deltas, ura, text));
                }
                wins[0].2 = rest;
                for (who, from, deltas, ura, text) in wins {
                    builder.win(who, from, who, deltas, ura, text)?;
                }
                builder.close()?;
                round = None;
            }
            "NoTile" => {
                let mut deltas = [0; 4];
                for s in data.get("scores").and_then(Value::as_array).into_iter().flatten() {
                    if let Some(d) = s
                        .get("delta_scores")
                        .filter(|d| d.as_array().is_some_and(|a| !a.is_empty()))
                    {
                        let d = points(d, &format!("{what}: delta_scores"))?;
                        for (x, y) in deltas.iter_mut().zip(d) {
                            *x += y;
                        }
                    }
                }
                let nagashi = data.get("liujumanguan").and_then(Value::as_bool).unwrap_or(false);
                let kind = if nagashi {
                    DrawKind::Nagashi
                } else {
                    DrawKind::Exhaustive
                };
                builder.draw_end(kind, Some(deltas))?;
                round = None;
            }
            "LiuJu" => {
                let kind = match data.get("type").and_then(Value::as_u64).unwrap_or(0) {
                    1 => DrawKind::NineTerminals,
                    2 => DrawKind::FourWinds,
                    3 => DrawKind::FourKans,
                    4 => DrawKind::FourRiichi,
                    5 => DrawKind::TripleRon,
                    t => return Err(format!("{what}: type {t} is no abortive draw")),
                };
                builder.draw_end(kind, None)?;
                round = None;
            }
            _ => {}
        }
    }
    let mut names: [String; 4] = Default::default();
    if let Some(list) = value.get("names").and_then(Value::as_array) {
        for (n, v) in names.iter_mut().zip(list) {
            *n = v.as_str().unwrap_or("").to_owned();
        }
    }
    builder.finish(names, Some(RULE_DISP.to_owned()), serde_json::Map::new())
}
