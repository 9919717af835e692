//! C entry points for `parlor_core::doudizhu`. Status codes of this game: 300–399.

use core::ffi::CStr;

use crate::ParlorStatus;

/// The description of one of this game's status codes, if it is one.
pub(crate) fn status_message(code: ParlorStatus) -> Option<&'static CStr> {
    // This game's codes are added here as the game lands.
    let _ = code;
    None
}
