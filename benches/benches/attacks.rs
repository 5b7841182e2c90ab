//! Slider lookups per second: ray scan, fancy magic and PEXT on the same fixed inputs.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use lerf_benches::lookup_inputs;
use lerf_bitboard::Bitboard;
use lerf_magics::{fancy, reference};
use lerf_types::Square;
use std::hint::black_box;

const LOOKUPS: usize = 4096;

fn run(inputs: &[(Square, Bitboard)], f: impl Fn(Square, Bitboard) -> Bitboard) -> u64 {
    inputs.iter().fold(0u64, |acc, &(sq, occ)| acc ^ f(black_box(sq), black_box(occ)).0)
}

fn slider_lookups(c: &mut Criterion) {
    let inputs = lookup_inputs(LOOKUPS);
    let mut group = c.benchmark_group("rook+bishop lookups");
    group.throughput(Throughput::Elements(2 * LOOKUPS as u64));
    group.bench_function(BenchmarkId::from_parameter("ray-scan"), |b| {
        b.iter(|| {
            run(&inputs, |sq, occ| {
                Bitboard(
                    reference::ray_scan(true, sq as usize, occ.0)
                        ^ reference::ray_scan(false, sq as usize, occ.0),
                )
            })
        })
    });
    group.bench_function(BenchmarkId::from_parameter("fancy-magic"), |b| {
        b.iter(|| {
            run(&inputs, |sq, occ| fancy::rook_attacks(sq, occ) ^ fancy::bishop_attacks(sq, occ))
        })
    });
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("bmi2") {
        group.bench_function(BenchmarkId::from_parameter("pext"), |b| {
            b.iter(|| {
                run(&inputs, |sq, occ| {
                    // SAFETY: BMI2 was detected at run time just above.
                    unsafe {
                        lerf_magics::pext::rook_attacks(sq, occ)
                            ^ lerf_magics::pext::bishop_attacks(sq, occ)
                    }
                })
            })
        });
    }
    group.bench_function(
        BenchmarkId::from_parameter(format!("public ({})", lerf_magics::BACKEND)),
        |b| {
            b.iter(|| {
                run(&inputs, |sq, occ| {
                    lerf_magics::rook_attacks(sq, occ) ^ lerf_magics::bishop_attacks(sq, occ)
                })
            })
        },
    );
    group.finish();
}

criterion_group!(benches, slider_lookups);
criterion_main!(benches);
