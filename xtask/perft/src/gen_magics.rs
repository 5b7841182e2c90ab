//! `cargo xtask gen-magics`: search, verify and write the fancy-magic numbers.

use crate::error::UserError;
use indicatif::{ProgressBar, ProgressStyle};
use lerf_magics::reference::{ray_scan, relevant_mask, subsets};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Where the generated numbers live in the workspace.
pub const DEFAULT_OUT: &str = "crates/magics/src/numbers.rs";
/// The default seed: Stockfish's PRNG seed, for no reason but tradition.
pub const DEFAULT_SEED: u64 = 1_070_372;

#[derive(clap::Args)]
pub struct Args {
    /// Seed of the random search; the same seed writes a byte-identical file.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Where to write the numbers (or, with --check, which file to verify).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Verify the numbers in the file instead of searching; exit non-zero on any failure.
    #[arg(long)]
    check: bool,
}

/// xorshift64*: small, fast and reproducible from its seed.
struct Prng(u64);

impl Prng {
    fn new(seed: u64) -> Prng {
        Prng(seed.max(1))
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Few set bits: good magics tend to be sparse.
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// One square's problem: every occupancy subset of the mask and the attacks it gives.
struct Square {
    rook: bool,
    sq: usize,
    mask: u64,
    shift: u32,
    occupancies: Vec<u64>,
    attacks: Vec<u64>,
}

impl Square {
    fn new(rook: bool, sq: usize) -> Square {
        let mask = relevant_mask(rook, sq);
        let occupancies: Vec<u64> = subsets(mask).collect();
        let attacks = occupancies.iter().map(|&occ| ray_scan(rook, sq, occ)).collect();
        Square { rook, sq, mask, shift: 64 - mask.count_ones(), occupancies, attacks }
    }

    /// Whether `magic` maps every occupancy to a slot that holds only its own attacks.
    /// `seen`/`epoch` avoid clearing the scratch table between candidates.
    fn fits(&self, magic: u64, table: &mut [(u32, u64)], epoch: u32) -> bool {
        for (&occ, &att) in self.occupancies.iter().zip(&self.attacks) {
            let slot = &mut table[(occ.wrapping_mul(magic) >> self.shift) as usize];
            if slot.0 == epoch && slot.1 != att {
                return false;
            }
            *slot = (epoch, att);
        }
        true
    }

    fn verify(&self, magic: u64) -> bool {
        let mut table = vec![(0u32, 0u64); 1 << (64 - self.shift)];
        self.fits(magic, &mut table, 1)
    }

    fn search(&self, rng: &mut Prng) -> u64 {
        let mut table = vec![(0u32, 0u64); 1 << (64 - self.shift)];
        let mut epoch = 0u32;
        loop {
            let magic = rng.sparse();
            // A magic that leaves few bits in the top byte cannot spread the mask's subsets.
            if (self.mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            epoch += 1;
            if self.fits(magic, &mut table, epoch) {
                return magic;
            }
        }
    }

    fn name(&self) -> String {
        let piece = if self.rook { "rook" } else { "bishop" };
        format!("{piece} {}", lerf_types::Square::from_index_wrapping(self.sq as u8))
    }
}

fn all_squares() -> Vec<Square> {
    [true, false]
        .into_iter()
        .flat_map(|rook| (0..64).map(move |sq| Square::new(rook, sq)))
        .collect()
}

pub fn run(args: Args) -> Result<(), UserError> {
    let out = args.out.unwrap_or_else(|| PathBuf::from(DEFAULT_OUT));
    if args.check { check(&out) } else { generate(args.seed, &out) }
}

fn generate(seed: u64, out: &Path) -> Result<(), UserError> {
    let start = Instant::now();
    let squares = all_squares();
    let progress = ProgressBar::new(squares.len() as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} magics, {msg}")
            .expect("the progress template is valid"),
    );
    let mut rng = Prng::new(seed);
    let mut magics = Vec::with_capacity(squares.len());
    for square in &squares {
        progress.set_message(square.name());
        magics.push(square.search(&mut rng));
        progress.inc(1);
    }
    progress.finish_and_clear();

    // Checked again from scratch before anything is written.
    if let Some(bad) = squares.iter().zip(&magics).find(|(s, m)| !s.verify(**m)) {
        return Err(UserError(format!("the magic found for {} does not verify", bad.0.name())));
    }
    let text = render(seed, &magics[..64], &magics[64..]);
    std::fs::write(out, text)
        .map_err(|e| UserError(format!("cannot write {}: {e}", out.display())))?;
    println!(
        "128 magics found and verified in {:.2?}; table {} rook + {} bishop = {} entries ({} KiB); wrote {}",
        start.elapsed(),
        lerf_magics::layout::ROOK_ENTRIES,
        lerf_magics::layout::BISHOP_ENTRIES,
        lerf_magics::layout::TABLE_ENTRIES,
        lerf_magics::layout::TABLE_ENTRIES * 8 / 1024,
        out.display()
    );
    Ok(())
}

fn render(seed: u64, rook: &[u64], bishop: &[u64]) -> String {
    let mut text = format!(
        "//! Magic numbers for the fancy-magic slider backend, one per square (a1 first).\n\
         //!\n\
         //! Generated by `cargo xtask gen-magics --seed {seed}`: do not edit. Verify with\n\
         //! `cargo xtask gen-magics --check`.\n\n"
    );
    for (name, magics) in [("ROOK_MAGICS", rook), ("BISHOP_MAGICS", bishop)] {
        writeln!(text, "pub(crate) const {name}: [u64; 64] = [").expect("writing to a String");
        for (sq, magic) in magics.iter().enumerate() {
            let square = lerf_types::Square::from_index_wrapping(sq as u8);
            writeln!(text, "    {magic:#018x}, // {square}").expect("writing to a String");
        }
        text.push_str("];\n");
        if name == "ROOK_MAGICS" {
            text.push('\n');
        }
    }
    text
}

/// The 64 hex numbers of the array `name` in a numbers file.
fn parse_array(text: &str, name: &str) -> Result<Vec<u64>, String> {
    let start = text.find(&format!("const {name}")).ok_or(format!("no array {name}"))?;
    let body = &text[start..];
    let open = body.find("= [").ok_or(format!("{name} has no '= ['"))?;
    let close = body.find("];").ok_or(format!("{name} has no closing '];'"))?;
    let numbers: Result<Vec<u64>, String> = body[open + 3..close]
        .lines()
        .map(|line| line.split("//").next().unwrap_or("").trim().trim_end_matches(','))
        .filter(|item| !item.is_empty())
        .map(|item| {
            let hex = item.trim_start_matches("0x").replace('_', "");
            u64::from_str_radix(&hex, 16).map_err(|e| format!("{name}: {item:?}: {e}"))
        })
        .collect();
    let numbers = numbers?;
    if numbers.len() != 64 {
        return Err(format!("{name} has {} numbers, not 64", numbers.len()));
    }
    Ok(numbers)
}

fn check(path: &Path) -> Result<(), UserError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| UserError(format!("cannot read {}: {e}", path.display())))?;
    let fail = |m: String| UserError(format!("{}: {m}", path.display()));
    let mut magics = parse_array(&text, "ROOK_MAGICS").map_err(fail)?;
    magics.extend(parse_array(&text, "BISHOP_MAGICS").map_err(fail)?);
    let bad: Vec<String> = all_squares()
        .iter()
        .zip(&magics)
        .filter(|(s, m)| !s.verify(**m))
        .map(|(s, _)| s.name())
        .collect();
    if bad.is_empty() {
        println!("{}: all 128 magics verify", path.display());
        Ok(())
    } else {
        Err(fail(format!("{} magics fail: {}", bad.len(), bad.join(", "))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("lerf-gen-magics-{}-{name}", std::process::id()))
    }

    #[test]
    fn same_seed_writes_identical_files_that_check() {
        let (a, b, c) = (temp("a.rs"), temp("b.rs"), temp("c.rs"));
        generate(42, &a).unwrap();
        generate(42, &b).unwrap();
        generate(43, &c).unwrap();
        let (ta, tb, tc) =
            (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap(), std::fs::read(&c).unwrap());
        assert_eq!(ta, tb);
        assert_ne!(ta, tc, "another seed should find other magics");
        check(&a).unwrap();
        check(&c).unwrap();
        for p in [a, b, c] {
            std::fs::remove_file(p).unwrap();
        }
    }

    #[test]
    fn checked_in_numbers_verify() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(DEFAULT_OUT);
        check(&path).unwrap();
    }

    #[test]
    fn a_broken_magic_is_reported() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(DEFAULT_OUT);
        let text = std::fs::read_to_string(path).unwrap();
        let line = text.lines().find(|l| l.ends_with("// e4")).unwrap();
        let broken_path = temp("broken.rs");
        std::fs::write(&broken_path, text.replacen(line, "    0x0000000000000001, // e4", 1))
            .unwrap();
        let err = check(&broken_path).unwrap_err();
        assert!(err.0.contains("rook e4"), "{}", err.0);
        let garbled = temp("garbled.rs");
        std::fs::write(&garbled, "pub(crate) const ROOK_MAGICS: [u64; 64] = [0xzz];").unwrap();
        assert!(check(&garbled).is_err());
        for p in [broken_path, garbled] {
            std::fs::remove_file(p).unwrap();
        }
    }
}
