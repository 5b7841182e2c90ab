//! The library's hot paths on their own: legal generation, bulk counting, do/undo.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lerf_movegen::{count_legal, legal_moves};
use lerf_position::Position;
use std::hint::black_box;

const FENS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
];

fn hot_paths(c: &mut Criterion) {
    let positions: Vec<Position> = FENS.iter().map(|f| Position::from_fen(f).unwrap()).collect();
    let mut group = c.benchmark_group("position");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| positions.iter().map(|p| legal_moves(black_box(p)).len()).sum::<usize>())
    });
    group.bench_function("count_legal", |b| {
        b.iter(|| positions.iter().map(|p| count_legal(black_box(p))).sum::<u64>())
    });
    group.bench_function("do_undo_all_legal", |b| {
        let mut positions = positions.clone();
        b.iter(|| {
            let mut keys = 0u64;
            for pos in positions.iter_mut() {
                for &m in legal_moves(pos).iter() {
                    pos.do_move(m);
                    keys ^= pos.key();
                    pos.undo_move(m);
                }
            }
            keys
        })
    });
    group.finish();
}

criterion_group!(benches, hot_paths);
criterion_main!(benches);
