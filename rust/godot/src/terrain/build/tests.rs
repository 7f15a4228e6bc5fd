use super::*;
use donjourno::WorldMode;

/// A target in memory of its own that, like the main thread's, prepares beside the pipeline.
#[derive(Default)]
struct Beside {
    streams: OwnStreams,
    prepared: Option<SurfaceSize>,
}

impl SurfaceTarget for Beside {
    fn prepares_beside_pipeline(&self) -> bool {
        true
    }

    fn prepare(&mut self, size: SurfaceSize) {
        self.prepared = Some(size);
    }

    fn streams(&mut self, size: SurfaceSize) -> (&mut [u8], &mut [u8]) {
        self.streams.streams(size)
    }

    fn take(&mut self) -> (Vec<u8>, Vec<u8>) {
        self.streams.take()
    }
}

fn map_order(size: u32) -> MapOrder {
    let mut params = GeneratorParams {
        width: size,
        depth: size,
        seed: 3,
        ..Default::default()
    };
    params.set_droplet_count(2_000);
    MapOrder {
        inputs: Settings {
            params,
            heightmap: None,
            layout_key: None,
            mesh_params: MeshParams::default(),
        },
        vertex_count: size as usize * size as usize * 6,
        splat: false,
        cached: None,
        file: None,
        layout: Default::default(),
        shown: None,
    }
}

#[test]
fn a_map_builds_the_same_bytes_whether_its_target_prepares_beside_the_pipeline_or_not() {
    let order = Order::Map(Box::new(map_order(24)));
    let own = build(&order, &mut OwnStreams::default(), None).unwrap();
    let mut beside = Beside::default();
    let other = build(&order, &mut beside, None).unwrap();
    assert_eq!(
        beside.prepared,
        Some(SurfaceSize {
            vertices: 24 * 24 * 6,
            splat: false
        })
    );
    assert!(own.pipeline_ran && other.pipeline_ran);
    assert!(!own.surface.vertex.is_empty());
    assert!(own.surface.vertex == other.surface.vertex);
    assert!(own.surface.attributes == other.surface.attributes);
    assert!(own.chunks.meshes.is_empty());
    let heights = own.features.heights.expect("one chunk").expect("valid");
    assert_eq!(heights.heights.len(), 25 * 25);
}

#[test]
fn a_tile_goes_through_the_same_build_into_chunks_with_its_heights_and_cut_scatter() {
    let mut params = GeneratorParams::preset("continent").expect("built in");
    params.world_mode = WorldMode::Infinite;
    params.tile_size = 32;
    let order = Order::Tile(Box::new(TileOrder {
        params,
        mesh: MeshParams::default(),
        coord: TileCoord::default(),
    }));
    let built = build(&order, &mut OwnStreams::default(), None).unwrap();
    let Generated::Tile(tile) = &built.generated else {
        panic!("a tile order builds a tile");
    };
    assert!(!built.pipeline_ran);
    assert_eq!(built.surface.vertex_count, 0);
    assert!(!built.chunks.meshes.is_empty());
    assert!(built.features.scatter_chunks.is_some());
    let heights = built.features.heights.expect("a tile").expect("valid");
    assert_eq!(heights.heights.len(), (tile.size() + 1) * (tile.size() + 1));
}
