//! Generation where no thread can start (the Web build without threads, WASI): there
//! `threads::ensure_pool` makes the calling thread the only worker of rayon's pool. Natively no
//! platform refuses threads, so this test builds that same pool (one worker, the calling thread)
//! and checks that generation and meshing run on the caller alone and give the terrain of the
//! default pool. `make test-wasi` and `make test-web` run the real thing: the CLI built for WASI
//! and for Emscripten without threads prints the native hashes.

use donjourno::algorithms::threads::ensure_pool;
use donjourno::outputs::mesh::build_mesh;
use donjourno::params::MeshParams;
use donjourno::{generate, GeneratorParams};

#[test]
fn the_calling_thread_as_the_only_worker_gives_the_same_terrain() {
    let mut p = GeneratorParams {
        seed: 5,
        width: 72,
        depth: 56,
        ..Default::default()
    };
    p.set_droplet_count(6000);
    let m = MeshParams {
        subdivisions: 2,
        ..Default::default()
    };
    ensure_pool();
    let (grid, _) = generate(&p, Default::default()).unwrap();
    let expected = (grid.hash(), build_mesh(&grid, &m).unwrap().hash());

    let caller = std::thread::current().id();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .use_current_thread()
        .build()
        .unwrap();
    let (hashes, workers, only_caller) = pool.install(|| {
        ensure_pool();
        let (grid, stats) = generate(&p, Default::default()).unwrap();
        assert_eq!(stats.grid_hash, grid.hash());
        let mesh = build_mesh(&grid, &m).unwrap();
        // Every parallel task ran on the calling thread.
        let only_caller = rayon::broadcast(|_| std::thread::current().id() == caller)
            .into_iter()
            .all(|same| same);
        (
            (grid.hash(), mesh.hash()),
            rayon::current_num_threads(),
            only_caller,
        )
    });
    assert_eq!(workers, 1, "the pool has one worker");
    assert!(only_caller, "the pool's worker is the calling thread");
    assert_eq!(
        hashes, expected,
        "grid and mesh hashes differ from the default pool's"
    );
}
