//! Riichi hand value: `parlor_core::mahjong::score` and `parlor_mahjong_score` /
//! `parlor_mahjong_config_preset`, on opaque inputs (for the flash figure of the scoring code
//! and its panic-freedom).

use core::fmt::Write as _;
use core::hint::black_box;

use parlor::mahjong_score as ffi;
use parlor_core::mahjong::score::{self, CalledMeld, Config, Riichi, Win, Yaku};

use super::{Sink, opaque};

/// Calls everything once; returns a fold of the results.
pub fn exercise() -> u32 {
    let mut sink = Sink::default();
    for preset in Config::PRESETS {
        let config = black_box(preset.1);
        for (closed, winning) in [
            ("234m 567p 23455s 678s", "8s"),
            ("1133m 55p 2288s 3377z", "7z"),
            ("19m 19p 19s 1234567z 1m", "1m"),
            ("111222333m 789p 55z", "3m"),
        ] {
            if let Ok(mut win) = Win::from_text(opaque(closed), opaque(winning)) {
                win.tsumo = black_box(true);
                win.riichi = black_box(Riichi::Riichi);
                if let Ok(meld) = opaque("pon:505p@W").parse::<CalledMeld>() {
                    if black_box(false) {
                        let _ = win.melds.push(meld);
                    }
                }
                let value = score::score(&win, &config);
                if let Ok(v) = &value {
                    sink.add((
                        v.han(),
                        v.fu(),
                        v.payment(),
                        v.limit_name(),
                        v.yaku().len(),
                        v.fu_items().len(),
                    ));
                }
                let mut text = crate::text::Text::new();
                if let Err(e) = &value {
                    let _ = write!(text, "{e}");
                }
                sink.add(text.as_str().len());
            }
        }
    }
    sink.add(Yaku::try_from(black_box(41)).map(Yaku::name));
    let mut c = ffi::ParlorMahjongConfig::default();
    // SAFETY: valid pointers to local values.
    sink.add(unsafe { ffi::parlor_mahjong_config_preset(black_box(1), &mut c) });
    let mut win = ffi::ParlorMahjongWin::default();
    for (slot, id) in win
        .closed
        .iter_mut()
        .zip([4u8, 8, 12, 53, 56, 60, 76, 80, 84, 89, 90, 92, 96, 100])
    {
        *slot = black_box(id);
    }
    win.closed_len = black_box(14);
    win.winning = black_box(100);
    win.tsumo = 1;
    win.riichi = 1;
    win.seat = 1;
    let mut out = ffi::ParlorMahjongValue::default();
    // SAFETY: valid pointers to local values.
    sink.add(unsafe { ffi::parlor_mahjong_score(&win, &c, &mut out) });
    sink.add(out.total);
    sink.0
}
