//! Build script: one cfg, `parlor_several_games`, set when more than one game's feature is on,
//! so that the dispatcher's inlining (`apart` in `src/abi.rs`) names the condition once. It adds
//! no code and reads nothing but Cargo's feature variables.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(parlor_several_games)");
    let games = ["DOMINOES", "TICHU", "DOUDIZHU", "MAHJONG"]
        .iter()
        .filter(|game| std::env::var_os(format!("CARGO_FEATURE_{game}")).is_some())
        .count();
    if games > 1 {
        println!("cargo::rustc-cfg=parlor_several_games");
    }
}
