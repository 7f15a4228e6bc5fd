//! Rebuilds: one scheduled per frame, and the planner's plan carried out by the one build
//! function ([`super::build`]) on the calling thread or on a worker ([`super::worker`]);
//! [`crate::terrain::show::present`] shows the result.

use crate::generator::HeightmapFile;
use crate::terrain::build::staging::{Delivered, Staging, UploadStats, UPLOAD_BYTES_PER_FRAME};
use crate::terrain::build::worker::{Job, Poll};
use crate::terrain::build::{self, CachedGrid, MapOrder, Order, SurfaceTarget};
use crate::terrain::planner::{self, Current, Plan, Request, Runner, Settings, Work};
use crate::terrain::show::surface_queue::FrameBudget;
use crate::terrain::show::upload::{self, Streams, RELEASE_BYTES_PER_FRAME};
use crate::terrain::DonjournoTerrain;
use donjourno::outputs::godot_surface::SurfaceSize;
use donjourno::params::layout::Layout;
use donjourno::params::MeshParams;
use donjourno::{Grid, WorldMode};
use godot::prelude::*;
use std::sync::Arc;
use std::time::Instant;

/// The rebuild state of a terrain.
#[derive(Default)]
pub struct Rebuilds {
    /// The last grid generated, reused while the generation parameters stay the same.
    pub cache: Option<CachedGrid>,
    /// The rebuild running on a worker thread, if any; replacing or dropping it cancels it.
    pub job: Option<Job>,
    /// The job's finished result while it is copied into Godot's arrays.
    pub staging: Option<Staging>,
    /// Whether a rebuild is scheduled for the end of the frame.
    pub scheduled: bool,
    /// Whether the cache was cleared since the mesh shown was built: then nothing counts as
    /// unchanged.
    pub outdated: bool,
    /// Pipeline runs since the node was created.
    pub pipeline_runs: u64,
    /// Tessellations since the node was created.
    pub mesh_runs: u64,
    /// Whether the next rebuild builds every chunk: a patch was refused because the chunks
    /// shown changed while it was built.
    pub no_patch: bool,
}

impl Rebuilds {
    /// Forgets the cached grid and makes the next rebuild rebuild everything.
    pub fn forget(&mut self) {
        self.cache = None;
        self.outdated = true;
    }
}

impl DonjournoTerrain {
    /// Schedules one rebuild at the end of the frame, if automatic rebuilds are on.
    pub(in crate::terrain) fn schedule_rebuild(&mut self) {
        if !self.auto_regenerate || self.rebuilds.scheduled {
            return;
        }
        self.rebuilds.scheduled = true;
        self.run_deferred_gd(|mut this| {
            // A node freed within the frame has nothing left to rebuild.
            if this.is_instance_valid() {
                let mut terrain = this.bind_mut();
                if std::mem::take(&mut terrain.rebuilds.scheduled) {
                    terrain.rebuild(Request::Background);
                }
            }
        });
    }

    /// Rebuilds what the inputs require as `request` asks (a background request rebuilds
    /// synchronously where no thread can start); reports failures, and invalid settings at once.
    /// Returns whether nothing failed so far.
    pub(in crate::terrain) fn rebuild(&mut self, request: Request) -> bool {
        self.cancel_job();
        let (plan, layout) = match self.prepare(request) {
            Ok(Some(prepared)) => prepared,
            other => return self.finish(other.map(|_| None)),
        };
        let order = MapOrder {
            inputs: plan.inputs,
            vertex_count: plan.vertex_count,
            splat: plan.inputs.params.ground_style.carries_splat(),
            cached: self.rebuilds.cache.clone(),
            file: self.heightmap_file(),
            layout: Arc::new(layout),
            shown: self.patchable(&plan.inputs.mesh_params),
        };
        if plan.runner == Runner::Worker {
            if let Some(job) = Job::start(order.clone()) {
                self.rebuilds.job = Some(job);
                self.base_mut().set_process(true);
                return true;
            }
        }
        let started = Instant::now();
        let result = (self.build_here(order))
            .map(|delivered| Some(self.present(plan.inputs, started, delivered)));
        self.finish(result)
    }

    /// The grid whose chunks are shown, when a rebuild with `mesh` may patch them: every level of
    /// every chunk made, with the same mesh settings, and no patch refused since.
    fn patchable(&mut self, mesh: &MeshParams) -> Option<Arc<Grid>> {
        if std::mem::take(&mut self.rebuilds.no_patch) || !self.chunks.can_patch() {
            return None;
        }
        let shown = self.shown.as_ref()?;
        (shown.inputs.mesh_params == *mesh).then(|| shown.grid.clone())
    }

    /// The generator's heightmap file, when its model reads one.
    fn heightmap_file(&self) -> Option<Arc<HeightmapFile>> {
        self.generator.as_ref()?.bind().heightmap().ok().flatten()
    }

    /// Validates the inputs and plans the rebuild, with the layout (stamps, paths, sites) it lays:
    /// `Ok(None)` when nothing has to change (or a baked mesh is shown instead, or there is no
    /// generator).
    fn prepare(&mut self, request: Request) -> Result<Option<(Plan, Layout)>, String> {
        if self.baked_mesh.is_some() {
            self.stop_endless();
            self.show_baked();
            return Ok(None);
        }
        let Some(generator) = self.generator.clone() else {
            self.stop_endless();
            self.clear_mesh();
            return Ok(None);
        };
        let params = generator.bind().checked_params()?;
        if params.world_mode == WorldMode::Infinite {
            let mesh = self.mesh_params(&params)?;
            self.start_endless(params, mesh);
            return Ok(None);
        }
        self.stop_endless();
        let file = generator.bind().heightmap()?;
        let layout = self.layout(&params)?;
        let inputs = Settings {
            params,
            heightmap: file.map(|f| f.key),
            layout_key: crate::stamp::content_key(&layout),
            mesh_params: self.mesh_params(&params)?,
        };
        let attached = self.surface.is_attached(self.base().get_mesh());
        let current = Current {
            shown: (self.shown.as_ref())
                .filter(|_| attached && !self.rebuilds.outdated)
                .map(|s| &s.inputs),
            cached_grid: self.rebuilds.cache.as_ref().map(CachedGrid::grid_key),
        };
        let plan = planner::plan(inputs, &current, request).map_err(|e| e.to_string())?;
        Ok((plan.work != Work::Nothing).then_some((plan, layout)))
    }

    /// Builds `order` on the calling thread, straight into Godot's arrays.
    fn build_here(&mut self, order: MapOrder) -> Result<Delivered, String> {
        let vertex_count = order.vertex_count;
        let mut target = ArraysTarget {
            surface: &mut self.surface,
            buffers: None,
            upload: UploadStats::default(),
            failed: false,
        };
        let result = build::build(&Order::Map(Box::new(order)), &mut target, None);
        let ArraysTarget {
            buffers,
            upload,
            failed,
            ..
        } = target;
        let built = result.inspect_err(|_| {
            // Only an internal error fails the surface (inputs are validated before); if the
            // surface was released for reuse, nothing is shown any more.
            if failed && self.surface.is_empty() {
                self.shown = None;
            }
        })?;
        let (vertex, attributes) = buffers.unwrap_or_default();
        Ok(Delivered {
            streams: Streams {
                vertex_count,
                vertex,
                attributes,
                aabb: built.surface.aabb,
            },
            water: None,
            upload,
            built,
        })
    }

    /// Streams the endless world of `params` (nothing changes when it already does): the map
    /// shown before goes.
    fn start_endless(
        &mut self,
        params: donjourno::GeneratorParams,
        mesh: donjourno::params::MeshParams,
    ) {
        if self.endless.configure(params, mesh) {
            self.clear_mesh();
            self.rebuilds.cache = None;
            self.update_process();
        }
    }

    /// Stops streaming an endless world, if the terrain does.
    fn stop_endless(&mut self) {
        if self.endless.is_active() {
            self.endless.stop();
            self.update_process();
        }
    }

    /// Hands the next part of the replaced surfaces' streams back to the system, if any wait.
    pub(in crate::terrain) fn release_replaced(&mut self) {
        if !self.is_releasing() {
            return;
        }
        let budget = self.surface.release(RELEASE_BYTES_PER_FRAME);
        self.water.release(budget);
        if !self.is_releasing() {
            self.update_process();
        }
    }

    /// Whether streams of replaced surfaces (the terrain's or the water's) wait to be released.
    pub(in crate::terrain) fn is_releasing(&self) -> bool {
        self.surface.is_releasing() || self.water.is_releasing()
    }

    /// Drops the background rebuild, if any (its worker stops at the next progress report).
    pub(in crate::terrain) fn cancel_job(&mut self) {
        if let Some(staging) = self.rebuilds.staging.take() {
            self.surface.give_back_spare(staging.into_spare());
        }
        if self.rebuilds.job.take().is_some() {
            self.update_process();
        }
    }

    /// Forwards the background rebuild's progress, copies its finished result into Godot's
    /// arrays a part per frame, and shows it once all is copied.
    pub(in crate::terrain) fn poll_job(&mut self) {
        if self.rebuilds.staging.is_none() {
            let Some(job) = &mut self.rebuilds.job else {
                return;
            };
            match job.poll() {
                Poll::Running => return,
                Poll::Progress(fraction) => {
                    self.signals().generation_progress().emit(fraction);
                    return;
                }
                Poll::Done(Ok(built)) => {
                    let spare = self.surface.take_spare(built.surface.size());
                    self.rebuilds.staging = Some(Staging::new(built, spare));
                }
                Poll::Done(Err(e)) => {
                    if let Some(job) = self.rebuilds.job.take() {
                        job.end();
                    }
                    self.update_process();
                    self.finish(Err(e));
                    return;
                }
            }
        }
        let Some(staging) = &mut self.rebuilds.staging else {
            return;
        };
        // The last part is copied a frame before the result is shown.
        if !staging.is_copied() {
            staging.copy(&mut FrameBudget::new(UPLOAD_BYTES_PER_FRAME));
            return;
        }
        let (Some(staging), Some(job)) = (self.rebuilds.staging.take(), self.rebuilds.job.take())
        else {
            return;
        };
        self.update_process();
        let delivered = staging.finish();
        let (inputs, started) = job.end();
        let stats = self.present(inputs, started, delivered);
        self.finish(Ok(Some(stats)));
    }
}

/// The main thread's target of a synchronous build: Godot's arrays, fresh ones mapped while the
/// pipeline runs, else the surface's spare or shown streams once the grid is known (taking those
/// lets go of the mesh shown).
struct ArraysTarget<'a> {
    surface: &'a mut upload::Surface,
    buffers: Option<(PackedByteArray, PackedByteArray)>,
    upload: UploadStats,
    failed: bool,
}

impl ArraysTarget<'_> {
    /// Takes the surface's streams of `size`.
    fn take_buffers(&mut self, size: SurfaceSize) {
        let start = Instant::now();
        let (buffers, reused) = self.surface.buffers(size);
        self.buffers = Some(buffers);
        self.upload.reused = reused;
        self.upload.time = start.elapsed();
    }
}

impl SurfaceTarget for ArraysTarget<'_> {
    fn prepares_beside_pipeline(&self) -> bool {
        true
    }

    fn prepare(&mut self, size: SurfaceSize) {
        if !self.surface.can_reuse(size) {
            self.take_buffers(size);
        }
    }

    fn streams(&mut self, size: SurfaceSize) -> (&mut [u8], &mut [u8]) {
        let fits = |(v, a): &(PackedByteArray, PackedByteArray)| (v.len(), a.len()) == size.bytes();
        if !self.buffers.as_ref().is_some_and(fits) {
            self.take_buffers(size);
        }
        let (vertex, attributes) = self.buffers.get_or_insert_with(Default::default);
        self.upload.bytes = vertex.len() + attributes.len();
        (vertex.as_mut_slice(), attributes.as_mut_slice())
    }

    fn failed(&mut self) {
        self.failed = true;
    }
}
