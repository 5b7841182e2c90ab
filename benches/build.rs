//! Records the profile the benches are built with (the folder under `target/`: `release`
//! for `cargo bench`), so that a bench can say when its peers were not built as their
//! users build them at best.

fn main() {
    let out = std::env::var("OUT_DIR").unwrap_or_default();
    let profile = std::path::Path::new(&out)
        .ancestors()
        .nth(3)
        .and_then(|p| p.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    println!("cargo:rustc-env=LERF_BENCH_PROFILE_DIR={profile}");
    println!("cargo:rerun-if-changed=build.rs");
}
