//! The game-record formats of `parlor mahjong play`/`replay` besides the text log: Tenhou's
//! JSON (`tenhou6`, [`super::tenhou`]), Tenhou's XML (`mjlog`, [`super::mjlog`]), mjai's
//! event lines (`mjai`, [`super::mjai`]) and, to read only, Mahjong Soul's record (`majsoul`,
//! [`super::majsoul`]). Each reads into a Tenhou [`Record`], which replays
//! with the same checks whatever the format.

use parlor_core::mahjong::Config;

use super::tenhou::{self, Record};
use super::{majsoul, mjai, mjlog};
use crate::mahjong_round::Format;

/// Reads a record of `format` from `bytes`; `file`: its name when known (an mjlog's Tenhou log
/// id names its date).
pub fn read(format: Format, bytes: &[u8], file: Option<&str>) -> Result<Record, String> {
    match format {
        Format::Mjlog => mjlog::parse(bytes, file),
        Format::Mjai => {
            let text = std::str::from_utf8(bytes).map_err(|_| "the log is not UTF-8".to_owned())?;
            mjai::parse(text)
        }
        Format::Majsoul => {
            let text = std::str::from_utf8(bytes).map_err(|_| "the record is not UTF-8".to_owned())?;
            majsoul::parse(text)
        }
        Format::Tenhou6 | Format::Text => {
            let text = std::str::from_utf8(bytes).map_err(|_| "the record is not UTF-8".to_owned())?;
            tenhou::parse(text).map_err(|e| e.to_string())
        }
    }
}

/// Writes `record` (played under `config`) in `format`, ending with a newline.
pub fn write(format: Format, record: &Record, config: &Config) -> Result<String, String> {
    let mut text = match format {
        Format::Mjlog => mjlog::write(record, config)?,
        Format::Mjai => mjai::write(record, config)?,
        Format::Majsoul => return Err("Parlor reads Mahjong Soul records but writes none (use tenhou6)".to_owned()),
        Format::Tenhou6 | Format::Text => record.to_json(),
    };
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(text)
}
