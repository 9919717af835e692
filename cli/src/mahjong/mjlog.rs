//! Tenhou's own XML game log (`.mjlog`, what Tenhou lets a player download; gzipped or not),
//! read into a [`Record`] (so it replays with the checks of a tenhou.net/6 record) and written
//! from one.
//!
//! The format (Tenhou publishes no specification; as its viewer and the public parsers read
//! it): `<mjloggm ver="2.3">`, `<GO type="T">` (bits: 0x02 no red fives, 0x04 no open tanyao,
//! 0x08 East-South, 0x10 three players), `<UN n0=… n3=…>` (names, percent-encoded UTF-8),
//! `<TAIKYOKU oya="0">`, then per round `<INIT seed="kyoku,honba,sticks,die,die,dora"
//! ten="p0,p1,p2,p3" oya="d" hai0="ids" … hai3="ids">` (points in hundreds, tiles as ids
//! `kind * 4 + copy`, a red five copy 0), draws `<T52>` `<U…>` `<V…>` `<W…>` (seats 0–3),
//! discards `<D52>` `<E…>` `<F…>` `<G…>` (lower case in some logs), `<N who m>` a call (the
//! meld packed in `m`), `<REACH who step="1">` (the declaration) and `step="2"` (the stick
//! put down), `<DORA hai>`, `<AGARI who fromWho paoWho sc ten yaku doraHaiUra …>` (one per
//! winner; `sc` = points and deltas in hundreds, alternating), `<RYUUKYOKU type sc>` (no
//! `type`: exhaustive; `yao9`, `reach4`, `ron3`, `kan4`, `kaze4`, `nm`).
//!
//! Three players (`GO` bit 0x10: `type="185"` is `三鳳南喰赤`): `hai3=""` and `ten="350,350,350,0"`
//! (seat 3 absent), draws and discards of seats 0–2 only, and a North set aside (nukidora) as
//! `<N who m>` with bit 5 of `m` set (0x20; the North's id in bits 8–15: `m="31520"` is id
//! 123), followed by the seat's replacement draw — as in the public three-player logs (e.g.
//! `2014091101gm-00b9-0000-5ca6b487`). A call's giver offset (bits 0–1) counts seats modulo 4
//! there too, as Tenhou numbers them (the next seat is 1, the one after it 2).

use std::fmt::Write as _;
use std::io::Read;

use parlor_core::game::Seat;
use parlor_core::mahjong::score::MeldKind;
use parlor_core::mahjong::{Abort, Action, Config, End, Round};

use super::builder::{Builder, log_id};
use super::tenhou::{Code, DrawKind, Record};
use super::tenhou_replay::watch_round;

/// One tag: its name and attributes, in order.
struct Tag {
    name: String,
    attrs: Vec<(String, String)>,
}

impl Tag {
    fn get(&self, key: &str) -> Option<&str> {
        self.attrs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    fn need(&self, key: &str) -> Result<&str, String> {
        self.get(key).ok_or_else(|| format!("<{}> has no {key}", self.name))
    }

    fn seat(&self, key: &str) -> Result<u8, String> {
        match self.need(key)?.parse::<u8>() {
            Ok(s @ 0..=3) => Ok(s),
            _ => Err(format!(
                "<{}>: {key}={} is no seat",
                self.name,
                crate::quoted(self.get(key).unwrap_or(""))
            )),
        }
    }

    fn ints(&self, key: &str) -> Result<Vec<i64>, String> {
        let text = self.need(key)?;
        if text.is_empty() {
            return Ok(Vec::new());
        }
        text.split(',')
            .map(|n| {
                n.trim()
                    .parse::<i64>()
                    .map_err(|_| format!("<{}>: {key}={} is no list of numbers", self.name, crate::quoted(text)))
            })
            .collect()
    }
}

/// The tags of the XML text, start and empty-element tags only (end tags and text skipped).
fn tags(text: &str) -> Result<Vec<Tag>, String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('<') {
        rest = &rest[open + 1..];
        let close = rest.find('>').ok_or("a tag without its '>'")?;
        let inner = &rest[..close];
        rest = &rest[close + 1..];
        if inner.starts_with('/') || inner.starts_with('?') || inner.starts_with('!') {
            continue;
        }
        let inner = inner.trim_end_matches('/').trim();
        let name_end = inner.find(char::is_whitespace).unwrap_or(inner.len());
        let name = inner[..name_end].to_owned();
        let mut attrs = Vec::new();
        let mut a = inner[name_end..].trim_start();
        while !a.is_empty() {
            let eq = a
                .find('=')
                .ok_or_else(|| format!("<{name}>: an attribute without '='"))?;
            let key = a[..eq].trim().to_owned();
            let after = a[eq + 1..].trim_start();
            let quote = after.chars().next().filter(|c| *c == '"' || *c == '\'');
            let Some(q) = quote else {
                return Err(format!("<{name}>: attribute {key} is not quoted"));
            };
            let body = &after[1..];
            let end = body
                .find(q)
                .ok_or_else(|| format!("<{name}>: attribute {key} is not closed"))?;
            attrs.push((key, unescape(&body[..end])));
            a = body[end + 1..].trim_start();
        }
        out.push(Tag { name, attrs });
    }
    Ok(out)
}

fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// Percent-decoding (names are `%E3%81%82…`); a malformed escape is kept as written.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn percent_encode(text: &str) -> String {
    text.bytes().map(|b| format!("%{b:02X}")).collect()
}

/// The tile of id `id` (0..136).
fn tile(id: i64, aka: bool) -> Result<Code, String> {
    u8::try_from(id)
        .ok()
        .and_then(|id| Code::of_id(id, aka))
        .ok_or_else(|| format!("tile id {id} is not 0-135"))
}

/// A call unpacked from `m`: the caller's giver offset (0 = itself) and what it is.
enum Meld {
    Chii { called: u8, own: [u8; 2] },
    Pon { called: u8, own: [u8; 2] },
    Kakan { added: u8 },
    Daiminkan { called: u8, own: [u8; 3] },
    Ankan { tiles: [u8; 4] },
    Kita,
}

/// Unpacks Tenhou's meld bits: the low 2 bits the giver (1 next seat, 2 across, 3 previous, 0
/// none); bit 2 chii (base run and called index in bits 10–15, each tile's copy in bits 3–8);
/// bit 3 pon and bit 4 added kan (kind and called index in bits 9–15, the fourth copy in bits
/// 5–6); bit 5 North extraction (three players); otherwise a kan (the called tile's id in bits
/// 8–15; giver 0 for a closed kan).
fn unpack(m: u32) -> Result<(u8, Meld), String> {
    let rel = (m & 3) as u8;
    if m & 0x4 != 0 {
        let t = m >> 10;
        let (r, t) = ((t % 3) as usize, t / 3);
        let base = (t / 7) * 9 + t % 7;
        if base > 24 || t / 7 > 2 {
            return Err(format!("meld {m}: no chii"));
        }
        let ids = [0u32, 1, 2].map(|k| ((base + k) * 4 + ((m >> (3 + 2 * k)) & 3)) as u8);
        let own: Vec<u8> = (0..3).filter(|&k| k != r).map(|k| ids[k]).collect();
        return Ok((
            rel,
            Meld::Chii {
                called: ids[r],
                own: [own[0], own[1]],
            },
        ));
    }
    if m & 0x18 != 0 {
        let unused = ((m >> 5) & 3) as u8;
        let t = m >> 9;
        let (r, kind) = ((t % 3) as usize, t / 3);
        if kind > 33 {
            return Err(format!("meld {m}: no pon"));
        }
        let kind = kind as u8;
        if m & 0x10 != 0 {
            return Ok((
                rel,
                Meld::Kakan {
                    added: kind * 4 + unused,
                },
            ));
        }
        let ids: Vec<u8> = (0..4u8).filter(|&c| c != unused).map(|c| kind * 4 + c).collect();
        let own: Vec<u8> = (0..3).filter(|&k| k != r).map(|k| ids[k]).collect();
        return Ok((
            rel,
            Meld::Pon {
                called: ids[r],
                own: [own[0], own[1]],
            },
        ));
    }
    if m & 0x20 != 0 {
        let north = m >> 8;
        if north / 4 != 30 {
            return Err(format!(
                "meld {m}: a North set aside (bit 5) of tile id {north}, no North"
            ));
        }
        return Ok((0, Meld::Kita));
    }
    let hai = m >> 8;
    if hai > 135 {
        return Err(format!("meld {m}: no kan"));
    }
    let (hai, kind) = (hai as u8, (hai / 4) as u8);
    let all = [0u8, 1, 2, 3].map(|c| kind * 4 + c);
    if rel == 0 {
        return Ok((0, Meld::Ankan { tiles: all }));
    }
    let own: Vec<u8> = all.into_iter().filter(|&id| id != hai).collect();
    Ok((
        rel,
        Meld::Daiminkan {
            called: hai,
            own: [own[0], own[1], own[2]],
        },
    ))
}

/// Reads an mjlog (gzipped or plain XML). `file`: its name, when known — a Tenhou log id at its
/// start (`2010081709gm-…`) becomes the record's `ref` (its date: [`Record::date`]).
pub fn parse(bytes: &[u8], file: Option<&str>) -> Result<Record, String> {
    let mut unzipped = Vec::new();
    let bytes = if bytes.starts_with(&[0x1f, 0x8b]) {
        flate2::read::GzDecoder::new(bytes)
            .read_to_end(&mut unzipped)
            .map_err(|e| format!("not a gzip stream: {e}"))?;
        &unzipped[..]
    } else {
        bytes
    };
    let text = std::str::from_utf8(bytes).map_err(|_| "the log is not UTF-8".to_owned())?;
    let tags = tags(text)?;
    if !tags.iter().any(|t| t.name == "mjloggm") {
        return Err("no <mjloggm> (not a Tenhou XML log)".to_owned());
    }
    let mut game_type = 0x89u32; // red fives, open tanyao, East-South
    let mut names: [String; 4] = Default::default();
    let mut builder: Option<Builder> = None;
    let mut drawn: [Option<u8>; 4] = [None; 4];
    for tag in &tags {
        let name = tag.name.as_str();
        let aka = game_type & 0x02 == 0;
        let letter = name.chars().next().unwrap_or(' ');
        let number = name
            .get(1..)
            .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if let Some(n) = number {
            let id: i64 = n.parse().map_err(|_| format!("<{name}>: no tile id"))?;
            let code = tile(id, aka)?;
            let b = builder.as_mut().ok_or_else(|| format!("<{name}> before <INIT>"))?;
            let at = |l: char, from: &str| from.find(l.to_ascii_uppercase()).map(|i| i as u8);
            if let Some(seat) = at(letter, "TUVW") {
                b.draw(seat, code)?;
                drawn[usize::from(seat)] = Some(id as u8);
                continue;
            }
            if let Some(seat) = at(letter, "DEFG") {
                let s = usize::from(seat);
                let tsumogiri = drawn[s] == Some(id as u8);
                drawn[s] = None;
                b.discard(seat, code, tsumogiri)?;
                continue;
            }
            return Err(format!("<{name}>: unknown tag"));
        }
        match name {
            "GO" => {
                game_type = tag
                    .need("type")?
                    .parse()
                    .map_err(|_| "<GO>: type is no number".to_owned())?;
            }
            "UN" if tag.get("n0").is_some() && names.iter().all(String::is_empty) => {
                for (i, slot) in names.iter_mut().enumerate() {
                    *slot = percent_decode(tag.get(&format!("n{i}")).unwrap_or(""));
                }
            }
            "INIT" => {
                let b = builder.get_or_insert_with(|| Builder::new(aka));
                let seed = tag.ints("seed")?;
                let [kyoku, honba, sticks, _, _, dora] = seed[..] else {
                    return Err(format!(
                        "<INIT>: seed {} is not 6 numbers",
                        crate::quoted(tag.get("seed").unwrap_or(""))
                    ));
                };
                let ten = tag.ints("ten")?;
                let scores: [i32; 4] = ten
                    .iter()
                    .map(|p| i32::try_from(p * 100).map_err(|_| "<INIT>: points out of range".to_owned()))
                    .collect::<Result<Vec<_>, _>>()?
                    .try_into()
                    .map_err(|_| "<INIT>: ten is not 4 points".to_owned())?;
                let mut hands: [Vec<Code>; 4] = Default::default();
                for (i, hand) in hands.iter_mut().enumerate() {
                    *hand = tag
                        .ints(&format!("hai{i}"))?
                        .into_iter()
                        .map(|id| tile(id, aka))
                        .collect::<Result<_, _>>()?;
                }
                let kyoku = u8::try_from(kyoku).map_err(|_| "<INIT>: round number out of range".to_owned())?;
                if let Some(oya) = tag.get("oya")
                    && oya.parse::<u8>().ok() != Some(kyoku % 4)
                {
                    return Err(format!("<INIT>: dealer {oya} is not that of round {kyoku}"));
                }
                let count =
                    |n: i64, what: &str| u32::try_from(n).map_err(|_| format!("<INIT>: {what} {n} is negative"));
                b.start(
                    kyoku,
                    count(honba, "honba")?,
                    count(sticks, "sticks")?,
                    scores,
                    tile(dora, aka)?,
                    hands,
                )?;
                if (game_type & 0x10 != 0) != (tag.get("hai3") == Some("")) {
                    return Err(format!(
                        "<INIT>: a {}-player game (GO type {game_type}) with {} for seat 3",
                        if game_type & 0x10 != 0 { "three" } else { "four" },
                        if tag.get("hai3") == Some("") {
                            "no hand"
                        } else {
                            "a hand"
                        }
                    ));
                }
                drawn = [None; 4];
            }
            "N" => {
                let b = builder.as_mut().ok_or("<N> before <INIT>")?;
                let who = tag.seat("who")?;
                let m: u32 = tag.need("m")?.parse().map_err(|_| "<N>: m is no number".to_owned())?;
                let (rel, meld) = unpack(m)?;
                let from = (who + rel) % 4;
                let c = |id: u8| tile(i64::from(id), aka);
                drawn[usize::from(who)] = None;
                match meld {
                    Meld::Chii { called, own } => b.chii(who, c(called)?, [c(own[0])?, c(own[1])?])?,
                    Meld::Pon { called, own } => b.pon(who, from, c(called)?, [c(own[0])?, c(own[1])?])?,
                    Meld::Daiminkan { called, own } => {
                        b.daiminkan(who, from, c(called)?, [c(own[0])?, c(own[1])?, c(own[2])?])?
                    }
                    Meld::Ankan { tiles } => b.ankan(who, [c(tiles[0])?, c(tiles[1])?, c(tiles[2])?, c(tiles[3])?])?,
                    Meld::Kakan { added } => b.kakan(who, c(added)?)?,
                    Meld::Kita => b.kita(who)?,
                }
            }
            "REACH" if tag.get("step") == Some("1") => {
                builder
                    .as_mut()
                    .ok_or("<REACH> before <INIT>")?
                    .riichi(tag.seat("who")?)?;
            }
            "DORA" => {
                let id: i64 = tag
                    .need("hai")?
                    .parse()
                    .map_err(|_| "<DORA>: hai is no tile".to_owned())?;
                builder.as_mut().ok_or("<DORA> before <INIT>")?.dora(tile(id, aka)?)?;
            }
            "AGARI" => {
                let b = builder.as_mut().ok_or("<AGARI> before <INIT>")?;
                let who = tag.seat("who")?;
                let from = tag.seat("fromWho")?;
                let pao = if tag.get("paoWho").is_some() {
                    tag.seat("paoWho")?
                } else {
                    who
                };
                let deltas = deltas_of(tag)?;
                let ura = match tag.get("doraHaiUra") {
                    Some(_) => tag
                        .ints("doraHaiUra")?
                        .into_iter()
                        .map(|id| tile(id, aka))
                        .collect::<Result<_, _>>()?,
                    None => Vec::new(),
                };
                let ten = tag.ints("ten")?;
                let text = match ten[..] {
                    [fu, points, ..] => vec![format!("{fu}符{points}点")],
                    _ => Vec::new(),
                };
                b.win(who, from, pao, deltas, ura, text)?;
            }
            "RYUUKYOKU" => {
                let b = builder.as_mut().ok_or("<RYUUKYOKU> before <INIT>")?;
                let kind = match tag.get("type") {
                    None => DrawKind::Exhaustive,
                    Some("yao9") => DrawKind::NineTerminals,
                    Some("reach4") => DrawKind::FourRiichi,
                    Some("ron3") => DrawKind::TripleRon,
                    Some("kan4") => DrawKind::FourKans,
                    Some("kaze4") => DrawKind::FourWinds,
                    Some("nm") => DrawKind::Nagashi,
                    Some(other) => return Err(format!("<RYUUKYOKU>: unknown type {}", crate::quoted(other))),
                };
                b.draw_end(kind, Some(deltas_of(tag)?))?;
            }
            _ => {}
        }
    }
    let builder = builder.ok_or("no <INIT> (no round)")?;
    let south = game_type & 0x08 != 0;
    let aka = game_type & 0x02 == 0;
    let three = if game_type & 0x10 != 0 { "三" } else { "" };
    let disp = format!(
        "{three}{}喰{}",
        if south { "南" } else { "東" },
        if aka { "赤" } else { "" }
    );
    let mut extra = serde_json::Map::new();
    if let Some(id) = file.and_then(log_id) {
        extra.insert("ref".to_owned(), serde_json::json!(id));
    }
    builder.finish(names, Some(disp), extra)
}

/// The deltas of `sc` (`p0,d0,p1,d1,…` in hundreds).
fn deltas_of(tag: &Tag) -> Result<[i32; 4], String> {
    let sc = tag.ints("sc")?;
    if sc.len() != 8 {
        return Err(format!("<{}>: sc holds {} numbers, not 8", tag.name, sc.len()));
    }
    let mut d = [0i32; 4];
    for (slot, pair) in d.iter_mut().zip(sc.chunks(2)) {
        *slot = i32::try_from(pair[1] * 100).map_err(|_| format!("<{}>: a delta out of range", tag.name))?;
    }
    Ok(d)
}

/// The North `seat` sets aside in `before` (as the engine takes it: the drawn one, else the
/// lowest id; 120 when it holds none).
pub(super) fn kita_id(before: &Round, seat: Seat) -> u8 {
    before
        .drawn()
        .filter(|d| d / 4 == 30)
        .or_else(|| before.hand(seat).filter(|id| id / 4 == 30).min())
        .unwrap_or(120)
}

/// Packs a meld of the engine into Tenhou's bits ([`unpack`] reads them back).
fn pack(meld: &parlor_core::mahjong::TableMeld, seat: Seat) -> u32 {
    let rel = meld.from().map_or(0, |f| u32::from((f.0 + 4 - seat.0) % 4));
    let ids = meld.tiles();
    let called = meld.called().unwrap_or(ids[0]);
    match meld.kind {
        MeldKind::Chii => {
            let base = u32::from(ids[0] / 4);
            let t = (base / 9) * 7 + base % 9;
            let r = ids.iter().position(|&i| i == called).unwrap_or(0) as u32;
            let copies = ids
                .iter()
                .enumerate()
                .fold(0, |m, (k, &i)| m | (u32::from(i % 4) << (3 + 2 * k)));
            ((t * 3 + r) << 10) | 0x4 | copies | rel
        }
        MeldKind::Pon | MeldKind::Shouminkan => {
            let kind = u32::from(ids[0] / 4);
            let (three, unused): (Vec<u8>, u32) = if meld.kind == MeldKind::Pon {
                let missing = (0..4u8).find(|c| !ids.iter().any(|i| i % 4 == *c)).unwrap_or(3);
                (ids.to_vec(), u32::from(missing))
            } else {
                // Without the pon's record (`write` keeps one): the highest copy not called.
                let added = ids.iter().copied().filter(|&i| i != called).max().unwrap_or(ids[0]);
                (
                    ids.iter().copied().filter(|&i| i != added).collect(),
                    u32::from(added % 4),
                )
            };
            let r = three.iter().position(|&i| i == called).unwrap_or(0) as u32;
            let bit = if meld.kind == MeldKind::Pon { 0x8 } else { 0x10 };
            ((kind * 3 + r) << 9) | bit | (unused << 5) | rel
        }
        MeldKind::Minkan => (u32::from(called) << 8) | rel,
        MeldKind::Ankan => u32::from(ids[0] / 4 * 4) << 8,
    }
}

/// Packs an added kan of `added` onto the pon `pon` (its three ids and called id).
fn pack_kakan(pon: &[u8], called: u8, added: u8, rel: u32) -> u32 {
    let kind = u32::from(added / 4);
    let r = pon.iter().position(|&i| i == called).unwrap_or(0) as u32;
    ((kind * 3 + r) << 9) | 0x10 | (u32::from(added % 4) << 5) | rel
}

/// Writes a record as an mjlog (plain XML), each round replayed under `config` for its tile
/// ids. Errors: a round that does not replay (as `replay` says).
pub fn write(record: &Record, config: &Config) -> Result<String, String> {
    let aka = config.score.red_fives;
    let south = config.rounds > 4;
    let game_type = 0x01
        | if aka { 0 } else { 0x02 }
        | if config.score.open_tanyao { 0 } else { 0x04 }
        | if south { 0x08 } else { 0 }
        | if config.score.three_player { 0x10 } else { 0 };
    let mut out = String::from("<mjloggm ver=\"2.3\">");
    let _ = write!(out, "<GO type=\"{game_type}\" lobby=\"0\"/>");
    let names: Vec<String> = record
        .names
        .iter()
        .enumerate()
        .map(|(i, n)| format!("n{i}=\"{}\"", percent_encode(n)))
        .collect();
    let _ = write!(out, "<UN {}/><TAIKYOKU oya=\"0\"/>", names.join(" "));
    let seat_letter = |letters: &str, s: Seat| letters.chars().nth(s.index()).unwrap_or('T');
    for (i, log) in record.rounds.iter().enumerate() {
        let mut body = String::new();
        let mut first: Option<Round> = None;
        let mut pons: Vec<(Seat, Vec<u8>, u8, u32)> = Vec::new();
        let round = watch_round(log, config, |before, seat, action, event| {
            if first.is_none() {
                first = Some(before.clone());
            }
            match action {
                Action::Riichi { tile } => {
                    let _ = write!(body, "<REACH who=\"{}\" step=\"1\"/>", seat.0);
                    let _ = write!(body, "<{}{tile}/>", seat_letter("DEFG", seat));
                }
                Action::Discard { tile } => {
                    let _ = write!(body, "<{}{tile}/>", seat_letter("DEFG", seat));
                }
                _ => {}
            }
            // A closed or added kan (or a North set aside) is written when declared (a robbing
            // win may follow).
            match action {
                Action::Ankan { kind } => {
                    let m = (u32::from(kind.index() as u8) * 4) << 8;
                    let _ = write!(body, "<N who=\"{}\" m=\"{m}\"/>", seat.0);
                }
                Action::Kita => {
                    let m = (u32::from(kita_id(before, seat)) << 8) | 0x20;
                    let _ = write!(body, "<N who=\"{}\" m=\"{m}\"/>", seat.0);
                }
                Action::Kakan { tile: added } => {
                    if let Some((_, three, called, rel)) = pons.iter().find(|p| p.0 == seat && p.1[0] / 4 == added / 4)
                    {
                        let m = pack_kakan(three, *called, added, *rel);
                        let _ = write!(body, "<N who=\"{}\" m=\"{m}\"/>", seat.0);
                    }
                }
                _ => {}
            }
            if let Some(call) = event
                .called
                .filter(|c| !matches!(c.meld.kind, MeldKind::Ankan | MeldKind::Shouminkan))
            {
                let m = pack(&call.meld, call.seat);
                if call.meld.kind == MeldKind::Pon {
                    let rel = call.meld.from().map_or(0, |f| u32::from((f.0 + 4 - call.seat.0) % 4));
                    pons.push((
                        call.seat,
                        call.meld.tiles().to_vec(),
                        call.meld.called().unwrap_or(0),
                        rel,
                    ));
                }
                let _ = write!(body, "<N who=\"{}\" m=\"{m}\"/>", call.seat.0);
            }
            if let Some(s) = event.riichi {
                let _ = write!(body, "<REACH who=\"{}\" step=\"2\"/>", s.0);
            }
            for id in event.dora.iter().flatten() {
                let _ = write!(body, "<DORA hai=\"{id}\"/>");
            }
            if let Some((s, id)) = event.drew {
                let _ = write!(body, "<{}{id}/>", seat_letter("TUVW", s));
            }
        })
        .map_err(|f| format!("round {i}: {f}"))?;
        let start = *round.start();
        let first = first.unwrap_or_else(|| round.clone());
        let dealer_draw = first.drawn();
        let mut hands = Vec::new();
        for s in 0..4u8 {
            let mut hand: Vec<u8> = first.hand(Seat(s)).collect();
            if let Some(k) = dealer_draw
                .filter(|_| s == start.dealer.0)
                .and_then(|d| hand.iter().position(|&t| t == d))
            {
                hand.remove(k);
            }
            hand.sort_unstable();
            hands.push(format!(
                "hai{s}=\"{}\"",
                hand.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
            ));
        }
        let dora0 = first.dora_indicators().first().copied().unwrap_or(0);
        let ten: Vec<String> = start.scores.iter().map(|p| (p / 100).to_string()).collect();
        let _ = write!(
            out,
            "<INIT seed=\"{},{},{},0,0,{dora0}\" ten=\"{}\" oya=\"{}\" {}/>",
            start.kyoku(),
            start.honba,
            start.sticks,
            ten.join(","),
            start.dealer.0,
            hands.join(" ")
        );
        if let Some(d) = dealer_draw {
            let _ = write!(out, "<{}{d}/>", seat_letter("TUVW", start.dealer));
        }
        out.push_str(&body);
        let outcome = round.outcome().ok_or_else(|| format!("round {i}: not over"))?;
        let sc = |deltas: [i32; 4]| -> String {
            let items: Vec<String> = start
                .scores
                .iter()
                .zip(deltas)
                .map(|(p, d)| format!("{},{}", p / 100, d / 100))
                .collect();
            items.join(",")
        };
        let ba = format!("{},{}", start.honba, start.sticks);
        match outcome.end {
            End::Win => {
                for w in outcome.wins.iter().flatten() {
                    let v = &w.value;
                    let from = w.from.unwrap_or(w.winner);
                    let pao = w.pao.map(|p| format!(" paoWho=\"{}\"", p.0)).unwrap_or_default();
                    let ura = if log.ura.is_empty() {
                        String::new()
                    } else {
                        let ids: Vec<String> = round.ura_indicators().iter().map(u8::to_string).collect();
                        format!(" doraHaiUra=\"{}\"", ids.join(","))
                    };
                    let _ = write!(
                        out,
                        "<AGARI ba=\"{ba}\" ten=\"{},{},0\" who=\"{}\" fromWho=\"{}\"{pao}{ura} sc=\"{}\"/>",
                        v.fu(),
                        v.payment().total,
                        w.winner.0,
                        from.0,
                        sc(w.deltas)
                    );
                }
            }
            end => {
                let kind = match end {
                    End::Nagashi => " type=\"nm\"",
                    End::Abort(Abort::NineTerminals) => " type=\"yao9\"",
                    End::Abort(Abort::FourRiichi) => " type=\"reach4\"",
                    End::Abort(Abort::TripleRon) => " type=\"ron3\"",
                    End::Abort(Abort::FourKans) => " type=\"kan4\"",
                    End::Abort(Abort::FourWinds) => " type=\"kaze4\"",
                    _ => "",
                };
                let _ = write!(out, "<RYUUKYOKU ba=\"{ba}\"{kind} sc=\"{}\"/>", sc(outcome.deltas));
            }
        }
    }
    out.push_str("</mjloggm>");
    Ok(out)
}
