//! Building: the one recipe that turns settings into everything the terrain shows, whichever
//! thread runs it. A synchronous rebuild ([`rebuild`]), the background worker ([`worker`]) and
//! the tiles of an endless world ([`crate::terrain::stream::tiles`]) all call [`build`], and
//! all get a [`Built`] back. What to rebuild is decided before, in plain Rust
//! ([`crate::terrain::planner`]).
//!
//! The recipe, in order: generate (or reuse the cached grid), tessellate the surface (one
//! surface, or every level of every chunk), then the features (water, trees, scatter,
//! settlements, collision heights). The calls into the core's generation live here and nowhere
//! else in the extension.

pub mod features;
pub mod job;
pub mod rebuild;
pub mod staging;
pub mod worker;

use crate::convert;
use crate::generator::{inputs_of, HeightmapFile};
use crate::terrain::build::worker::JobState;
use crate::terrain::components::chunks::{self, ChunkBuild};
use crate::terrain::planner::Settings;
use donjourno::outputs::godot_surface::{chunk_surfaces, SurfaceSize};
use donjourno::outputs::mesh::chunks::ChunkBuilder;
use donjourno::params::MeshParams;
use donjourno::world::{generate_tile, Tile, TileCoord};
use donjourno::{GenerationStats, GeneratorParams, Grid, Progress};
pub use features::Features;
use godot::builtin::Aabb;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Share of the progress bar given to the pipeline when it runs; tessellation takes the rest.
pub const PIPELINE_SHARE: f32 = 0.9;

/// A grid a build may reuse instead of running the pipeline.
#[derive(Clone)]
pub struct CachedGrid {
    /// The parameters it was generated from.
    pub params: GeneratorParams,
    /// The content key of the heightmap file it was generated from, if any.
    pub heightmap: Option<u64>,
    /// The content key of the stamps, paths and sites it was generated with, if any.
    pub layout_key: Option<u64>,
    /// The grid.
    pub grid: Arc<Grid>,
    /// Its statistics.
    pub stats: GenerationStats,
    /// The time its generation took.
    pub time: Duration,
}

impl CachedGrid {
    /// What it was generated from.
    pub fn grid_key(&self) -> crate::terrain::planner::GridKey {
        crate::terrain::planner::GridKey {
            params: self.params,
            heightmap: self.heightmap,
            layout_key: self.layout_key,
        }
    }
}

/// What to build.
pub enum Order {
    /// A whole map, the terrain's usual content.
    Map(Box<MapOrder>),
    /// One tile of an endless world (`world_mode = infinite`).
    Tile(Box<TileOrder>),
}

/// A whole map to build.
#[derive(Clone)]
pub struct MapOrder {
    /// The settings it is built from.
    pub inputs: Settings,
    /// Vertices of its one surface (0 when it is drawn in chunks).
    pub vertex_count: usize,
    /// Whether its surface carries the ground splat, as its ground style asks (the grid built
    /// decides: see [`SurfaceSize::of`]).
    pub splat: bool,
    /// The last grid generated: reused when its parameters and heightmap match.
    pub cached: Option<CachedGrid>,
    /// The image model's heightmap file, when it reads one.
    pub file: Option<Arc<HeightmapFile>>,
    /// The terrain's stamps, paths and sites (see [`crate::stamp`], [`crate::path`],
    /// [`crate::site`]).
    pub layout: Arc<donjourno::params::layout::Layout>,
    /// The grid whose chunks are shown with this order's mesh settings, every level of each
    /// made: the build then makes only the chunks that differ from it (a patch).
    pub shown: Option<Arc<Grid>>,
}

/// A tile of an endless world to build.
#[derive(Clone, Copy)]
pub struct TileOrder {
    /// The world's generation parameters.
    pub params: GeneratorParams,
    /// The mesh settings.
    pub mesh: MeshParams,
    /// Which tile.
    pub coord: TileCoord,
}

/// What a build generated.
pub enum Generated {
    /// A map's grid (reused or fresh), cached by the terrain for the next rebuild.
    Map(Box<CachedGrid>),
    /// An endless world's tile: its grid and corner planes, for queries.
    Tile(Arc<Tile>),
}

/// The one surface of a map in one chunk.
#[derive(Default)]
pub struct MapSurface {
    /// Vertices in the streams (0 on a map drawn in chunks, and for a tile).
    pub vertex_count: usize,
    /// Bounds of the vertices.
    pub aabb: Aabb,
    /// Vertex stream (positions, then normals and tangents), when the build wrote it into memory
    /// of its own; empty when it wrote straight into Godot's arrays ([`SurfaceTarget`]).
    pub vertex: Vec<u8>,
    /// Attribute stream (colours, and the ground splat), like [`MapSurface::vertex`].
    pub attributes: Vec<u8>,
    /// Whether the attribute stream carries the ground splat.
    pub splat: bool,
}

impl MapSurface {
    /// The size of its streams.
    pub fn size(&self) -> SurfaceSize {
        SurfaceSize {
            vertices: self.vertex_count,
            splat: self.splat,
        }
    }
}

/// A finished build, from whichever thread ran it.
pub struct Built {
    /// The grid or tile generated.
    pub generated: Generated,
    /// Whether the pipeline ran (else the cached grid was reused).
    pub pipeline_ran: bool,
    /// The pipeline's wall time in this build (zero when reused).
    pub pipeline_time: Duration,
    /// The tessellation's wall time.
    pub mesh_time: Duration,
    /// The one surface of a map in one chunk.
    pub surface: MapSurface,
    /// Every level of every chunk, when the map is drawn in chunks or the build is a tile (else
    /// empty).
    pub chunks: ChunkBuild,
    /// The water, trees, scatter, settlement meshes and collision heights.
    pub features: Features,
    /// The wall time of the whole build.
    pub time: Duration,
}

/// Where a build writes the one surface of a map in one chunk: memory of its own on a worker
/// ([`OwnStreams`]), Godot's arrays on the main thread.
pub trait SurfaceTarget {
    /// Whether the pipeline runs on a thread of its own while [`SurfaceTarget::prepare`] runs on
    /// the calling thread.
    fn prepares_beside_pipeline(&self) -> bool;

    /// Called on the calling thread while the pipeline runs, when
    /// [`SurfaceTarget::prepares_beside_pipeline`]: prepares what can be prepared before the
    /// grid is known (without letting go of the surface shown).
    fn prepare(&mut self, size: SurfaceSize);

    /// The vertex and attribute streams of `size`, once the grid is known.
    fn streams(&mut self, size: SurfaceSize) -> (&mut [u8], &mut [u8]);

    /// Tells the target that the surface could not be built into its streams.
    fn failed(&mut self) {}

    /// The streams to hand back inside [`MapSurface`] (empty when they stay with the target).
    fn take(&mut self) -> (Vec<u8>, Vec<u8>) {
        Default::default()
    }
}

/// Streams in memory of the build's own, handed back inside [`Built`] (a worker's target).
#[derive(Default)]
pub struct OwnStreams {
    vertex: Vec<u8>,
    attributes: Vec<u8>,
}

impl SurfaceTarget for OwnStreams {
    fn prepares_beside_pipeline(&self) -> bool {
        false
    }

    fn prepare(&mut self, _size: SurfaceSize) {}

    fn streams(&mut self, size: SurfaceSize) -> (&mut [u8], &mut [u8]) {
        let (vertex, attributes) = size.bytes();
        self.vertex = vec![0u8; vertex];
        self.attributes = vec![0u8; attributes];
        (&mut self.vertex, &mut self.attributes)
    }

    fn take(&mut self) -> (Vec<u8>, Vec<u8>) {
        (
            std::mem::take(&mut self.vertex),
            std::mem::take(&mut self.attributes),
        )
    }
}

/// The error of a build that noticed its cancellation.
pub fn cancelled() -> String {
    "cancelled".to_owned()
}

/// Runs the generation pipeline of `params` with the inputs the image model reads (panics
/// contained): the grid, its statistics and the wall time. `progress` may cancel the run.
pub fn generate_grid(
    params: &GeneratorParams,
    inputs: &donjourno::ExternalInputs,
    progress: Progress,
) -> Result<(Grid, GenerationStats, Duration), String> {
    convert::contained("the generation pipeline", || {
        let start = Instant::now();
        let options = donjourno::GenerateOptions {
            progress,
            inputs: inputs.clone(),
            ..Default::default()
        };
        let (grid, stats) = donjourno::generate(params, options).map_err(|e| match e {
            donjourno::GenerateError::Param(p) => convert::property_message(&p),
            other => other.to_string(),
        })?;
        Ok((grid, stats, start.elapsed()))
    })
}

/// Builds `order`: the map's surface into `target`, or the tile's chunks. `state`, a
/// background build's shared state, receives the progress and cancels the build (at the
/// pipeline's progress reports and between the steps).
pub fn build(
    order: &Order,
    target: &mut impl SurfaceTarget,
    state: Option<&Arc<JobState>>,
) -> Result<Built, String> {
    let started = Instant::now();
    let is_cancelled = || state.is_some_and(|s| s.is_cancelled());
    let (generated, pipeline_ran, pipeline_time) = match order {
        Order::Map(map) => {
            let inputs = &map.inputs;
            let reusable = (map.cached.clone()).filter(|c| c.grid_key() == inputs.grid_key());
            match reusable {
                Some(c) => (Generated::Map(Box::new(c)), false, Duration::ZERO),
                None => {
                    let mut core_inputs = inputs_of(map.file.as_deref())?;
                    core_inputs.stamps = map.layout.stamps.clone();
                    core_inputs.paths = map.layout.paths.clone();
                    core_inputs.sites = map.layout.sites.clone();
                    let sink = match state {
                        Some(state) => {
                            let state = state.clone();
                            Progress::new(move |f| {
                                state.set_progress(f * PIPELINE_SHARE);
                                !state.is_cancelled()
                            })
                        }
                        None => Progress::default(),
                    };
                    let pipeline = || generate_grid(&inputs.params, &core_inputs, sink);
                    let result = if target.prepares_beside_pipeline() {
                        std::thread::scope(|scope| {
                            let running = scope.spawn(pipeline);
                            target.prepare(SurfaceSize {
                                vertices: map.vertex_count,
                                splat: map.splat,
                            });
                            running.join()
                        })
                        .map_err(|_| "the generation pipeline panicked".to_string())?
                    } else {
                        pipeline()
                    };
                    let (grid, stats, time) = result?;
                    let cached = CachedGrid {
                        params: inputs.params,
                        heightmap: inputs.heightmap,
                        layout_key: inputs.layout_key,
                        grid: Arc::new(grid),
                        stats,
                        time,
                    };
                    (Generated::Map(Box::new(cached)), true, time)
                }
            }
        }
        Order::Tile(tile) => {
            let generated = generate_tile(&tile.params, tile.coord).map_err(|e| e.to_string())?;
            (Generated::Tile(Arc::new(generated)), false, Duration::ZERO)
        }
    };
    if is_cancelled() {
        return Err(cancelled());
    }
    if let Some(state) = state {
        state.set_progress(if pipeline_ran { PIPELINE_SHARE } else { 0.0 });
    }
    let (surface, chunks, mesh_time) = match (order, &generated) {
        (Order::Map(map), Generated::Map(grid)) => {
            let mesh_params = &map.inputs.mesh_params;
            let vertex_count = map.vertex_count;
            let size = SurfaceSize::of(&grid.grid, vertex_count);
            let (vertex, attributes) = target.streams(size);
            let (aabb, chunks, time) = if vertex_count == 0 {
                let (chunks, time) = chunks::build(&grid.grid, mesh_params, map.shown.as_ref())?;
                (Aabb::default(), chunks, time)
            } else {
                let (aabb, time) =
                    convert::run_surface(&grid.grid, mesh_params, vertex, attributes)
                        .inspect_err(|_| target.failed())?;
                (aabb, ChunkBuild::default(), time)
            };
            let (vertex, attributes) = target.take();
            let surface = MapSurface {
                vertex_count,
                aabb,
                vertex,
                attributes,
                splat: size.splat,
            };
            (surface, chunks, time)
        }
        (Order::Tile(order), Generated::Tile(tile)) => {
            let start = Instant::now();
            let builder = ChunkBuilder::for_tile(tile, &order.mesh).map_err(|e| e.to_string())?;
            let chunks = ChunkBuild {
                meshes: chunk_surfaces(&builder),
                ..ChunkBuild::default()
            };
            (MapSurface::default(), chunks, start.elapsed())
        }
        _ => unreachable!("a build generates what its order asks for"),
    };
    if is_cancelled() {
        return Err(cancelled());
    }
    let features = match (order, &generated) {
        (Order::Map(map), Generated::Map(grid)) => {
            features::of_map(&grid.grid, &map.inputs.mesh_params)?
        }
        (Order::Tile(order), Generated::Tile(tile)) => features::of_tile(tile, &order.mesh)?,
        _ => unreachable!("a build generates what its order asks for"),
    };
    if let Some(state) = state {
        state.set_progress(1.0);
    }
    Ok(Built {
        generated,
        pipeline_ran,
        pipeline_time,
        mesh_time,
        surface,
        chunks,
        features,
        time: started.elapsed(),
    })
}

#[cfg(test)]
mod tests;
