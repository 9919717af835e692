//! Dou Dizhu's OpenSpiel action ids over the one function set's action codes: a dense, stable
//! index (0 pass, 1-3 bids, then every play in OpenSpiel's layout) for legal-action masks of
//! learning code, mapped to and from the `uint64_t` codes every `parlor_round_*` call takes.

use parlor_core::doudizhu::openspiel;
use parlor_core::doudizhu::round::Round;
use parlor_core::game::Round as _;

use crate::util::{output, status};
use crate::{PARLOR_ERR_INVALID_ARGUMENT, PARLOR_ERR_UNKNOWN_ACTION, ParlorStatus};

/// The number of OpenSpiel action ids of Dou Dizhu (ids are 0 .. this - 1): 26,057.
pub const PARLOR_DOUDIZHU_OPENSPIEL_ACTIONS: u32 = 26_057;
const _: () = assert!(PARLOR_DOUDIZHU_OPENSPIEL_ACTIONS == openspiel::ACTIONS);

/// @brief The Dou Dizhu action code (parlor_round_apply's) of an OpenSpiel action id.
///
/// @param[in] id An OpenSpiel id, 0 .. #PARLOR_DOUDIZHU_OPENSPIEL_ACTIONS - 1.
/// @param[out] code Receives the action code.
/// @return A status.
/// @retval PARLOR_OK @p code is written.
/// @retval PARLOR_ERR_INVALID_ARGUMENT @p id is not below #PARLOR_DOUDIZHU_OPENSPIEL_ACTIONS.
/// @retval PARLOR_ERR_NULL_POINTER @p code is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_openspiel_action(id: u32, code: *mut u64) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract (documented above).
        let code = unsafe { output(code) }?;
        let action = openspiel::action(id).ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
        *code = Round::action_code(action);
        Ok(())
    })())
}

/// @brief The OpenSpiel action id of a Dou Dizhu action code.
///
/// @param[in] code A Dou Dizhu action code.
/// @param[out] id Receives its OpenSpiel id.
/// @return A status.
/// @retval PARLOR_OK @p id is written.
/// @retval PARLOR_ERR_UNKNOWN_ACTION @p code names no Dou Dizhu action.
/// @retval PARLOR_ERR_INVALID_ARGUMENT The action has no OpenSpiel id (a call or a rob of
///         another preset's auction, or a play OpenSpiel's layout does not have).
/// @retval PARLOR_ERR_NULL_POINTER @p id is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_doudizhu_openspiel_action_id(code: u64, id: *mut u32) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract (documented above).
        let id = unsafe { output(id) }?;
        let action = Round::action_from_code(code).ok_or(PARLOR_ERR_UNKNOWN_ACTION)?;
        *id = openspiel::action_id(&action).ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
        Ok(())
    })())
}
