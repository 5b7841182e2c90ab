//! Which profile the benches were built with. Figures against a peer count only with the
//! bench profile (`cargo bench` without `--profile`): fat LTO and one codegen unit for every
//! crate, lerf's and the peers', and the native CPU. `--profile xtask` gives dependencies,
//! the peers among them, thin LTO and 16 codegen units while lerf's crates get one.

/// The folder under `target/` the bench was built into (`release` for the bench profile).
pub const PROFILE_DIR: &str = env!("LERF_BENCH_PROFILE_DIR");

/// Whether the peers were built as lerf is, as their users build them at best.
pub fn peers_built_alike() -> bool {
    PROFILE_DIR == "release"
}

/// Says on standard error, and returns, a line for the tables when the profile is not the
/// bench profile (`None` when it is).
pub fn warn_unless_bench_profile() -> Option<String> {
    if peers_built_alike() {
        return None;
    }
    let line = format!(
        "(built with the `{PROFILE_DIR}` profile, not the bench profile: the peers are not \
         built as their users build them, so these figures are not to be quoted; run \
         `cargo bench` without --profile)"
    );
    eprintln!("{line}");
    Some(line)
}
