//! Chunks that hold one level each, on maps too large to keep every level of every chunk
//! ([`MeshParams::streams_levels`]): every chunk starts at its coarsest level, built with the
//! rebuild, and a worker thread builds the level the camera's distance asks for
//! ([`donjourno::outputs::mesh::lod_select`]), nearest chunks first; the chunk's mesh is replaced when it
//! arrives, so the old level shows until then and no hole opens. The chunk's water follows its
//! level ([`donjourno::outputs::mesh::water_surface::WaterLevels`]). Skirts under the chunks' borders cover the
//! steps between neighbours at different levels, as they do between visibility ranges.

use crate::terrain::components::water_view::WaterView;
use crate::terrain::show::surface_queue::{FrameBudget, SurfaceQueue, SURFACE_VERTEX_BYTES};
use crate::terrain::show::upload;
use donjourno::outputs::godot_surface::{encode_mesh, encode_water, SurfaceData};
use donjourno::outputs::mesh::chunks::{Chunk, ChunkBuilder};
use donjourno::outputs::mesh::lod_select::{plan_levels, ChunkView};
use donjourno::params::MeshParams;
use donjourno::Grid;
use godot::classes::{ArrayMesh, Material, MeshInstance3D};
use godot::prelude::*;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;

/// Chunk levels being built at once.
pub const LEVELS_IN_FLIGHT: usize = 4;
/// Vertices of new chunk levels copied into Godot's arrays per frame, at most (and at most
/// [`crate::terrain::show::surface_queue::FILL_TIME_PER_FRAME`]); a level larger than that takes
/// several frames. Their water shares the budget and is copied first.
pub const LEVEL_VERTICES_PER_FRAME: usize = 180_000;

/// Bounds of a mesh: its lowest and highest corners.
pub type Bounds = ([f32; 3], [f32; 3]);

/// A level built: the chunk's index, the level, its mesh and its water.
type Built = (usize, u32, SurfaceData, SurfaceData);

/// The chunks' levels chosen by the camera: the chunks as the selection sees them, their
/// instances, and the worker building new levels.
pub struct LevelStream {
    chunks: Vec<Chunk>,
    views: Vec<ChunkView>,
    instances: Vec<Option<Gd<MeshInstance3D>>>,
    levels: u32,
    lod_distance: f32,
    requests: Sender<(usize, Chunk, u32)>,
    results: Receiver<Built>,
    /// Levels the worker finished, being copied into Godot's arrays.
    arriving: SurfaceQueue<Arrival>,
}

/// Where a surface of a finished level goes: a chunk's water, or its ground (with its level and
/// bounds). A level's water is queued before its ground, so it shows no later.
enum Arrival {
    Water(usize),
    Surface(usize, u32, Bounds),
}

impl LevelStream {
    /// Starts the worker for the chunks of `grid` drawn with `params`, each holding its coarsest
    /// level (built with the rebuild) within the bounds given in `first`; `None` where no thread
    /// can start, when the map keeps its coarsest levels.
    pub fn start(grid: Arc<Grid>, params: MeshParams, first: &[(Chunk, Bounds)]) -> Option<Self> {
        let levels = params.chunk_layout(grid.width(), grid.depth()).levels;
        let (requests, inbox) = mpsc::channel::<(usize, Chunk, u32)>();
        let (outbox, results) = mpsc::channel();
        std::thread::Builder::new()
            .name("donjourno-levels".into())
            .spawn(move || {
                crate::background::lower_this_thread();
                // The builder starts at the first request, once the rebuild's own buffers have
                // become nodes and gone, and reads heights from the grid: it lives as long as
                // the terrain, so it keeps no corner planes of its own.
                let Ok(first) = inbox.recv() else {
                    return;
                };
                let Ok(builder) = ChunkBuilder::lean(&grid, &params) else {
                    return;
                };
                let Ok(water) = builder.water_levels() else {
                    return;
                };
                for (index, chunk, level) in std::iter::once(first).chain(inbox.iter()) {
                    let mesh = encode_mesh(&builder.build(&chunk, level));
                    let wet = encode_water(&water.build(&chunk, level));
                    if outbox.send((index, level, mesh, wet)).is_err() {
                        return;
                    }
                }
            })
            .ok()?;
        Some(LevelStream {
            chunks: first.iter().map(|(c, _)| *c).collect(),
            views: first
                .iter()
                .map(|(_, (lo, hi))| ChunkView {
                    lo: *lo,
                    hi: *hi,
                    level: levels.max(1) - 1,
                    busy: false,
                })
                .collect(),
            instances: vec![None; first.len()],
            levels,
            lod_distance: params.lod_distance,
            requests,
            results,
            arriving: SurfaceQueue::default(),
        })
    }

    /// Records the instance showing chunk `index`.
    pub fn set_instance(&mut self, index: usize, instance: Gd<MeshInstance3D>) {
        if let Some(slot) = self.instances.get_mut(index) {
            *slot = Some(instance);
        }
    }

    /// The level each chunk holds, in chunk order.
    pub fn levels(&self) -> Vec<u32> {
        self.views.iter().map(|v| v.level).collect()
    }

    /// Applies the levels the worker finished (copied into Godot's arrays about
    /// [`LEVEL_VERTICES_PER_FRAME`] vertices' worth a frame), handing each one's water to
    /// `water`, and asks for the ones a camera at `camera` (map coordinates) needs.
    pub fn step(
        &mut self,
        camera: Option<[f32; 3]>,
        material: &Gd<Material>,
        water: &mut WaterView,
    ) {
        while let Ok((index, level, surface, wet)) = self.results.try_recv() {
            self.arriving.push(Arrival::Water(index), wet);
            let bounds = surface.bounds;
            self.arriving
                .push(Arrival::Surface(index, level, bounds), surface);
        }
        let mut budget = FrameBudget::new(LEVEL_VERTICES_PER_FRAME * SURFACE_VERTEX_BYTES);
        for (arrival, streams) in self.arriving.step(&mut budget) {
            let (index, level, (lo, hi)) = match arrival {
                Arrival::Water(index) => {
                    water.replace(index, streams);
                    continue;
                }
                Arrival::Surface(index, level, bounds) => (index, level, bounds),
            };
            let Some(view) = self.views.get_mut(index) else {
                continue;
            };
            view.busy = false;
            let (Some(instance), Some(streams)) = (self.instances[index].as_mut(), streams) else {
                continue;
            };
            let mut mesh = ArrayMesh::new_gd();
            let format = upload::ground_format(streams.carries_splat());
            upload::set_surface(&mut mesh, format, &streams, material);
            instance.set_mesh(&mesh);
            view.level = level;
            view.lo = lo;
            view.hi = hi;
        }
        let Some(camera) = camera else {
            return;
        };
        let busy = self.views.iter().filter(|v| v.busy).count();
        let free = LEVELS_IN_FLIGHT.saturating_sub(busy);
        let plan = plan_levels(&self.views, camera, self.levels, self.lod_distance, free);
        for (index, level) in plan {
            if self.instances[index].is_none() {
                continue;
            }
            if self
                .requests
                .send((index, self.chunks[index], level))
                .is_ok()
            {
                self.views[index].busy = true;
            }
        }
    }
}
