//! Criterion micro-benchmarks of the hot kernels: fBm, erosion, tessellation and the full pipeline.
//! `donjourno bench` prints the derived figures (ns per droplet-step, Mvertices/s, …).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use donjourno::outputs::mesh::build_mesh;
use donjourno::params::MeshParams;
use donjourno::{generate, GeneratorParams};
use std::hint::black_box;
use std::time::Duration;

fn fbm(c: &mut Criterion) {
    let mut g = c.benchmark_group("fbm6");
    g.throughput(Throughput::Elements(256 * 256));
    g.bench_function("256x256", |b| {
        b.iter(|| {
            let mut s = 0.0f32;
            for z in 0..256 {
                for x in 0..256 {
                    s += donjourno::algorithms::noise::fbm(x as f32 * 0.02, z as f32 * 0.02, 6, 7);
                }
            }
            black_box(s)
        })
    });
    g.finish();
}

fn pipeline(c: &mut Criterion) {
    let mut g = c.benchmark_group("generate");
    g.sample_size(10).measurement_time(Duration::from_secs(4));
    for size in [128u32, 256] {
        let params = GeneratorParams {
            width: size,
            depth: size,
            ..Default::default()
        };
        g.throughput(Throughput::Elements(u64::from(size * size)));
        g.bench_with_input(BenchmarkId::from_parameter(size), &params, |b, p| {
            b.iter(|| generate(p, Default::default()).unwrap())
        });
    }
    g.finish();
}

fn tessellate(c: &mut Criterion) {
    let (grid, _) = generate(
        &GeneratorParams {
            width: 128,
            depth: 128,
            ..Default::default()
        },
        Default::default(),
    )
    .unwrap();
    let mut g = c.benchmark_group("tessellate");
    g.sample_size(20);
    for subdivisions in [1u32, 4] {
        let params = MeshParams {
            subdivisions,
            ..Default::default()
        };
        g.throughput(Throughput::Elements(params.vertex_count(128, 128)));
        g.bench_with_input(
            BenchmarkId::new("128x128", subdivisions),
            &params,
            |b, p| b.iter(|| build_mesh(&grid, p).unwrap()),
        );
    }
    g.finish();
}

criterion_group!(benches, fbm, pipeline, tessellate);
criterion_main!(benches);
