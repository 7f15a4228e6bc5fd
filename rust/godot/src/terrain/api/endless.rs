//! Endless worlds as scripts see them: whether the terrain streams one, its tiles, their signals'
//! companions and the stream target.

use crate::terrain::stream::endless::TILES_IN_FLIGHT;
use crate::terrain::DonjournoTerrain;
use donjourno::world::TileCoord;
use godot::prelude::*;

#[godot_api(secondary)]
impl DonjournoTerrain {
    /// Tiles generated at once in an endless world.
    #[constant]
    pub const TILES_IN_FLIGHT: i32 = TILES_IN_FLIGHT as i32;

    /// Whether the terrain streams an endless world (the generator's `world_mode` is
    /// `infinite`): then it shows tiles around the stream target instead of one map.
    #[func]
    pub fn is_endless(&self) -> bool {
        self.endless.is_active()
    }

    /// Tiles of the endless world shown (0 for a bounded map).
    #[func]
    pub fn get_tile_count(&self) -> i64 {
        self.endless.tiles.len() as i64
    }

    /// The tiles of the endless world shown, as `(x, z)` tile coordinates, in order.
    #[func]
    pub fn get_loaded_tiles(&self) -> Array<Vector2i> {
        (self.endless.tiles.keys())
            .map(|c| Vector2i::new(c.x, c.z))
            .collect()
    }

    /// The node of a tile shown (a [Node3D] named `Tile_x_z` holding its chunks, water, trees
    /// and collision body), or `null`.
    #[func]
    pub fn get_tile_node(&self, tile: Vector2i) -> Option<Gd<Node3D>> {
        let c = TileCoord::new(tile.x, tile.y);
        self.endless.tiles.get(&c).map(|t| t.node.clone())
    }

    /// The tile holding the global point `(x, z)` in an endless world (`(0, 0)` for a bounded
    /// map).
    #[func]
    pub fn get_tile_at(&self, x: f32, z: f32) -> Vector2i {
        let (lx, lz) = self.local_xz(x, z);
        (self.endless.tile_at(lx, lz)).map_or(Vector2i::ZERO, |c| Vector2i::new(c.x, c.z))
    }

    /// Whether tiles of the endless world are being generated or turned into nodes, or the
    /// tiles around the stream target are not all shown yet.
    #[func]
    pub fn is_streaming_tiles(&self) -> bool {
        self.endless.is_streaming()
    }

    /// Tiles built since the endless world started, and the wall time of the last one on its
    /// worker: `{ "tiles_built": int, "last_tile_ms": float }`.
    #[func]
    pub fn get_tile_stats(&self) -> VarDictionary {
        let mut d = VarDictionary::new();
        d.set("tiles_built", self.endless.built as i64);
        d.set("last_tile_ms", self.endless.last_tile_ms);
        d
    }

    /// The collision shapes of chunks under the collision body: 0 for a map in one chunk (its
    /// one shape is the body's `Shape` child), else the chunks near the stream target.
    #[func]
    pub fn get_collision_chunk_count(&self) -> i64 {
        self.collision.chunk_count() as i64
    }
}
