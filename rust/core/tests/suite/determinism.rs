//! The same parameters give bit-identical grids and meshes on every thread count.

use donjourno::outputs::mesh::build_mesh;
use donjourno::params::MeshParams;
use donjourno::{generate, GeneratorParams, HeightModel};

fn run_on(threads: usize, p: &GeneratorParams, m: &MeshParams) -> (u64, u64, u64) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        let (grid, stats) = generate(p, Default::default()).unwrap();
        assert_eq!(stats.grid_hash, grid.hash());
        let mesh = build_mesh(&grid, &p.mesh_params(*m)).unwrap();
        (grid.hash(), mesh.hash(), grid.climate_hash())
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
    let model = |height_model, seed| GeneratorParams {
        seed,
        width: 90,
        depth: 70,
        height_model,
        cell_size: 30.0,
        height_scale: 500.0,
        edge_falloff_width: 10.0,
        ..Default::default()
    };
    let cases = cases.into_iter().chain([
        (model(HeightModel::Subdivision, 5), 2),
        (model(HeightModel::Continents, 6), 2),
    ]);
    for (mut p, subdivisions) in cases {
        p.set_droplet_count(9000);
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
