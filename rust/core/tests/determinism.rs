//! The same parameters give bit-identical grids and meshes on every thread count.

use donjourno::mesh::{build_mesh, MeshParams};
use donjourno::{generate, GeneratorParams};

fn run_on(threads: usize, p: &GeneratorParams, m: &MeshParams) -> (u64, u64) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        let (grid, stats) = generate(p).unwrap();
        assert_eq!(stats.grid_hash, grid.hash());
        (grid.hash(), build_mesh(&grid, m).unwrap().hash())
    })
}

#[test]
fn grid_and_mesh_are_identical_on_1_2_3_and_8_threads() {
    let cases = [
        (
            GeneratorParams {
                seed: 1,
                width: 96,
                depth: 80,
                ..Default::default()
            },
            2,
        ),
        (
            GeneratorParams {
                seed: 77,
                width: 130,
                depth: 61,
                ..Default::default()
            },
            3,
        ),
    ];
    for (mut p, subdivisions) in cases {
        p.terrain.droplets = 9000;
        let m = MeshParams {
            subdivisions,
            roughness_strength: 0.5,
            ..Default::default()
        };
        let reference = run_on(1, &p, &m);
        for threads in [2, 3, 8] {
            assert_eq!(
                run_on(threads, &p, &m),
                reference,
                "{threads} threads differ"
            );
        }
    }
}
