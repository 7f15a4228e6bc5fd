//! Endless worlds in the terrain node: with the generator's `world_mode` set to `infinite`, the
//! terrain shows no single map but tiles of `tile_size` cells around the stream target (the node at
//! [member DonjournoTerrain.stream_target], else the current camera), within `stream_radius` tiles
//! of its tile. A [`Streamer`] decides which tiles to ask for and which to drop; a worker thread
//! builds them ([`crate::terrain::stream::tiles`]); the main thread turns each finished tile into
//! nodes a share per frame ([`crate::terrain::stream::tile_nodes`]).
//!
//! Tile `(x, z)` covers the local area `[x·T·c, (x + 1)·T·c] × [z·T·c, (z + 1)·T·c]` (`T` the
//! tile size, `c` the cell size): cell 0 of the world lies at the node's origin, as a bounded
//! map's first cell does.

use crate::terrain::build::Built;
use crate::terrain::components::collision::HeightMap;
use crate::terrain::show::surface_queue::SurfaceQueue;
use crate::terrain::stream::tile_nodes::{TilePart, TileSurface};
use crate::terrain::stream::tiles::{self, TileResult, TileWorker};
use donjourno::params::MeshParams;
use donjourno::world::{height_at_world, Streamer, Tile, TileCoord, TileSet};
use donjourno::GeneratorParams;
use godot::classes::{Node3D, StaticBody3D};
use godot::prelude::*;
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

/// Tiles generated at once: one building while the main thread shows the one before.
pub const TILES_IN_FLIGHT: usize = 2;

/// A tile shown: its node, the tile for queries, its collision heights and body.
pub struct ShownTile {
    /// The `Tile_x_z` node holding the tile's meshes.
    pub node: Gd<Node3D>,
    /// The generated tile.
    pub tile: Arc<Tile>,
    /// The mesh's corner heights, for the collision shape.
    pub heights: Arc<HeightMap>,
    /// The collision body, while the tile lies within the collision radius.
    pub body: Option<Gd<StaticBody3D>>,
    /// The tree cells' trees, one buffer per chunk, kept to show them again after a change of the
    /// trees' settings.
    pub trees: Arc<Vec<Vec<f32>>>,
    /// The scatter, cut along the tile's chunks, likewise.
    pub scatter: crate::terrain::components::scatter::Chunking,
}

/// What a step of the stream changed.
#[derive(Default)]
pub struct Events {
    /// Tiles that arrived, to show.
    pub loaded: Vec<(TileCoord, Built)>,
    /// Tiles dropped.
    pub unloaded: Vec<TileCoord>,
    /// A tile that could not be built, and why.
    pub error: Option<String>,
}

/// The endless-world component: the parameters streamed, the streamer, the worker, the tiles
/// shown and the pieces still to turn into nodes.
#[derive(Default)]
pub struct Endless {
    key: Option<(GeneratorParams, MeshParams)>,
    streamer: Option<Streamer>,
    worker: Option<TileWorker>,
    /// Tiles asked for where no worker thread can start: built one a frame.
    queue: VecDeque<TileCoord>,
    /// The `Tiles` node holding every tile's node.
    pub holder: Option<Gd<Node3D>>,
    /// The tiles shown.
    pub tiles: BTreeMap<TileCoord, ShownTile>,
    /// What still has to become nodes, tile by tile.
    pub pending: VecDeque<(TileCoord, TilePart)>,
    /// The chunk levels and water pieces taken from `pending`, being copied into Godot's arrays
    /// a slice at a time.
    pub surfaces: SurfaceQueue<(TileCoord, TileSurface)>,
    target: (f64, f64),
    failed: bool,
    /// Tiles built since the stream started.
    pub built: u64,
    /// Wall time of building the last tile, on the worker, in milliseconds.
    pub last_tile_ms: f64,
}

impl Endless {
    /// Whether the terrain streams an endless world.
    pub fn is_active(&self) -> bool {
        self.key.is_some()
    }

    /// The parameters streamed.
    pub fn params(&self) -> Option<&(GeneratorParams, MeshParams)> {
        self.key.as_ref()
    }

    /// The ground style of the world streamed (flat when none is).
    pub fn ground_style(&self) -> donjourno::params::GroundStyle {
        self.params()
            .map(|(p, _)| p.ground_style)
            .unwrap_or_default()
    }

    /// Streams the world of `params` drawn with `mesh`; returns `false` when it already does
    /// (nothing changes). Otherwise every tile shown is dropped and the stream starts over.
    pub fn configure(&mut self, params: GeneratorParams, mesh: MeshParams) -> bool {
        if self.key == Some((params, mesh)) {
            return false;
        }
        self.stop();
        let set = TileSet {
            origin_x: 0.0,
            origin_z: 0.0,
            tile_metres: f64::from(params.tile_size) * f64::from(params.cell_size),
        };
        self.streamer = Some(Streamer::new(set, params.stream_radius, TILES_IN_FLIGHT));
        self.worker = TileWorker::start();
        self.key = Some((params, mesh));
        true
    }

    /// Stops streaming and drops every tile (the `Tiles` node goes with them).
    pub fn stop(&mut self) {
        self.key = None;
        self.streamer = None;
        self.worker = None;
        self.queue.clear();
        self.tiles.clear();
        self.pending.clear();
        self.surfaces.clear();
        self.failed = false;
        self.built = 0;
        crate::terrain::show::children::remove(&mut self.holder);
    }

    /// The tile holding the local point `(x, z)`.
    pub fn tile_at(&self, x: f32, z: f32) -> Option<TileCoord> {
        let s = self.streamer.as_ref()?;
        Some(s.tile_set().tile_at(f64::from(x), f64::from(z)))
    }

    /// The local position of tile `c`'s first corner.
    pub fn tile_position(&self, c: TileCoord) -> Vector3 {
        let side = self.key.map_or(0.0, |(p, _)| {
            f64::from(p.tile_size) * f64::from(p.cell_size)
        });
        Vector3::new(
            (f64::from(c.x) * side) as f32,
            0.0,
            (f64::from(c.z) * side) as f32,
        )
    }

    /// Local height of the surface at local `(x, z)`: on the mesh of the tile there when it is
    /// shown, else the height function's value at that point.
    pub fn surface_height(&self, x: f32, z: f32) -> Option<f32> {
        let (params, mesh) = self.key.as_ref()?;
        let coord = self.tile_at(x, z)?;
        if let Some(shown) = self.tiles.get(&coord) {
            let at = self.tile_position(coord);
            if let Some(h) = shown.tile.surface_height(mesh, x - at.x, z - at.z) {
                return Some(h);
            }
        }
        let (wx, wz) = (
            f64::from(params.origin_x) + f64::from(x),
            f64::from(params.origin_z) + f64::from(z),
        );
        let h = height_at_world(params, wx, wz);
        (!h.is_nan()).then_some(h * mesh.height_scale)
    }

    /// Whether tiles are being generated, or wait to become nodes, or the tiles around the last
    /// target are not all shown yet.
    pub fn is_streaming(&self) -> bool {
        let settled = (self.streamer.as_ref()).is_none_or(|s| s.is_settled(self.target));
        let waiting = !self.pending.is_empty() || !self.surfaces.is_empty();
        self.is_active() && !self.failed && (!settled || waiting)
    }

    /// Moves the stream on for a target at local `(x, z)` (`None`: where it was last): returns
    /// the finished tiles to show and the far ones to drop, and asks for the next.
    pub fn step(&mut self, target: Option<(f32, f32)>) -> Events {
        let mut events = Events::default();
        let Some((params, mesh)) = self.key else {
            return events;
        };
        if let Some((x, z)) = target {
            self.target = (f64::from(x), f64::from(z));
        }
        for (coord, built) in self.finished(&params, &mesh) {
            let Some(streamer) = self.streamer.as_mut() else {
                break;
            };
            match built {
                Ok(b) if streamer.arrived(coord, self.target) => {
                    self.built += 1;
                    self.last_tile_ms = b.time.as_secs_f64() * 1000.0;
                    events.loaded.push((coord, b));
                }
                Ok(_) => {}
                Err(e) => {
                    streamer.failed(coord);
                    self.failed = true;
                    events.error = Some(format!("tile ({}, {}): {e}", coord.x, coord.z));
                }
            }
        }
        if self.failed {
            return events;
        }
        let Some(streamer) = self.streamer.as_mut() else {
            return events;
        };
        let plan = streamer.step(self.target);
        events.unloaded = plan.evict;
        for coord in plan.load {
            match &self.worker {
                Some(w) if w.ask(&params, &mesh, coord) => {}
                _ => self.queue.push_back(coord),
            }
        }
        events
    }

    /// The tiles the worker finished since the last frame, or (without a worker) the next
    /// queued tile built here.
    fn finished(&mut self, params: &GeneratorParams, mesh: &MeshParams) -> Vec<TileResult> {
        let mut out = Vec::new();
        if let Some(w) = &self.worker {
            while let Some(r) = w.poll() {
                out.push(r);
            }
        } else if let Some(coord) = self.queue.pop_front() {
            out.push(tiles::build(params, mesh, coord));
        }
        out
    }
}
