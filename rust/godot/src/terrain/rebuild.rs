//! Rebuilds: one scheduled per frame, and the planner's plan carried out on the calling thread or
//! on a worker ([`super::worker`]); [`super::present`] shows the result.

use super::job::DonjournoRebuildJob;
use super::planner::{self, Current, GridKey, Inputs, Plan, Request, Runner, Work};
use super::present::Finished;
use super::staging::{Handover, Staged, Staging, UPLOAD_BYTES_PER_FRAME};
use super::surface_queue::FrameBudget;
use super::upload::{Streams, RELEASE_BYTES_PER_FRAME};
use super::worker::{CachedGrid, Job, Poll};
use super::DonjournoTerrain;
use crate::convert;
use crate::generator::{inputs_of, HeightmapFile};
use donjourno::WorldMode;
use godot::prelude::*;
use std::sync::Arc;
use std::time::{Duration, Instant};

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
}

impl Rebuilds {
    /// Forgets the cached grid and makes the next rebuild rebuild everything.
    pub fn forget(&mut self) {
        self.cache = None;
        self.outdated = true;
    }
}

#[godot_api(secondary)]
impl DonjournoTerrain {
    /// Bytes of a background rebuild's surface copied into the mesh per frame, at most (and at
    /// most 4 ms of copying): a large mesh is handed over in several parts (see `upload_parts` in [signal generation_finished]).
    #[constant]
    pub const UPLOAD_BYTES_PER_FRAME: i32 = UPLOAD_BYTES_PER_FRAME as i32;

    /// Whether a background rebuild is running (or its result is being copied into the mesh).
    #[func]
    pub fn is_generating(&self) -> bool {
        self.rebuilds.job.is_some()
    }

    /// The background rebuild running, as an object that stays valid after it ends and after
    /// this node is freed (to follow its progress or see it cancelled); `null` when none runs.
    #[func]
    pub fn get_rebuild_job(&self) -> Option<Gd<DonjournoRebuildJob>> {
        let job = self.rebuilds.job.as_ref()?;
        Some(DonjournoRebuildJob::create(job.state()))
    }
}

impl DonjournoTerrain {
    /// Schedules one rebuild at the end of the frame, if automatic rebuilds are on.
    pub(super) fn schedule_rebuild(&mut self) {
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
    pub(super) fn rebuild(&mut self, request: Request) -> bool {
        self.cancel_job();
        let plan = match self.prepare(request) {
            Ok(Some(plan)) => plan,
            other => return self.finish(other.map(|_| None)),
        };
        if plan.runner == Runner::Worker {
            let cached = self.rebuilds.cache.clone();
            let file = self.heightmap_file();
            if let Some(job) = Job::start(plan.inputs, plan.vertex_count, cached, file) {
                self.rebuilds.job = Some(job);
                self.base_mut().set_process(true);
                return true;
            }
        }
        let result = self.build_here(plan).map(|f| Some(self.show(f)));
        self.finish(result)
    }

    /// The generator's heightmap file, when its model reads one.
    fn heightmap_file(&self) -> Option<Arc<HeightmapFile>> {
        self.generator.as_ref()?.bind().heightmap().ok().flatten()
    }

    /// Validates the inputs and plans the rebuild: `Ok(None)` when nothing has to change (or a
    /// baked mesh is shown instead, or there is no generator).
    fn prepare(&mut self, request: Request) -> Result<Option<Plan>, String> {
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
        let inputs = Inputs {
            params,
            heightmap: file.map(|f| f.key),
            mesh_params: self.mesh_params(&params)?,
        };
        let attached = self.surface.is_attached(self.base().get_mesh());
        let current = Current {
            shown: (self.shown.as_ref())
                .filter(|_| attached && !self.rebuilds.outdated)
                .map(|s| &s.inputs),
            cached_grid: self.rebuilds.cache.as_ref().map(|c| GridKey {
                params: c.params,
                heightmap: c.heightmap,
            }),
        };
        let plan = planner::plan(inputs, &current, request).map_err(|e| e.to_string())?;
        Ok((plan.work != Work::Nothing).then_some(plan))
    }

    /// Builds the plan on the calling thread, straight into Godot's arrays.
    fn build_here(&mut self, plan: Plan) -> Result<Finished, String> {
        let started = Instant::now();
        let Plan {
            inputs,
            vertex_count,
            ..
        } = plan;
        let cached = self.rebuilds.cache.clone();
        let reusable =
            cached.filter(|c| c.params == inputs.params && c.heightmap == inputs.heightmap);
        let mut fresh = None;
        let (grid, pipeline_ran, pipeline_time) = match reusable {
            Some(c) => (c, false, Duration::ZERO),
            None => {
                let file = self.heightmap_file();
                let core_inputs = inputs_of(file.as_deref())?;
                // Fresh surface buffers are mapped and cleared here while the pipeline runs on a
                // thread of its own (streams that can be reused are taken only once it has
                // succeeded: taking them lets go of the mesh shown).
                let surface = &mut self.surface;
                let (result, buffers) = std::thread::scope(|scope| {
                    let pipeline = scope
                        .spawn(|| convert::run_pipeline_with_inputs(&inputs.params, &core_inputs));
                    let buffers = (!surface.can_reuse(vertex_count)).then(|| {
                        let start = Instant::now();
                        (surface.buffers(vertex_count), start.elapsed())
                    });
                    (pipeline.join(), buffers)
                });
                fresh = buffers;
                let (grid, stats, time) =
                    result.map_err(|_| "the generation pipeline panicked".to_string())??;
                let grid = Arc::new(grid);
                let params = inputs.params;
                let cached = CachedGrid {
                    params,
                    heightmap: inputs.heightmap,
                    grid,
                    stats,
                    time,
                };
                (cached, true, time)
            }
        };
        let (((mut vertex, mut attributes), reused), buffers_time) = fresh.unwrap_or_else(|| {
            let start = Instant::now();
            (self.surface.buffers(vertex_count), start.elapsed())
        });
        let handover = Handover {
            bytes: vertex.len() + attributes.len(),
            time: buffers_time,
            reused,
            ..Handover::default()
        };
        let mesh_params = &inputs.mesh_params;
        let (surface, chunks) = if vertex_count == 0 {
            let (chunks, time) = super::chunks::build(&grid.grid, mesh_params)?;
            (Ok((Aabb::default(), time)), chunks)
        } else {
            let surface = convert::run_surface(
                &grid.grid,
                mesh_params,
                vertex.as_mut_slice(),
                attributes.as_mut_slice(),
            );
            (surface, Default::default())
        };
        let (aabb, mesh_time) = surface.inspect_err(|_| {
            // Only an internal error gets here (inputs are validated above); if the surface was
            // released for reuse, nothing is shown any more.
            if self.surface.is_empty() {
                self.shown = None;
            }
        })?;
        let features = super::features::Features::build(&grid.grid, mesh_params)?;
        Ok(Finished {
            inputs,
            grid,
            pipeline_ran,
            pipeline_time,
            mesh_time,
            started,
            streams: Streams {
                vertex_count,
                vertex,
                attributes,
                aabb,
            },
            water: None,
            handover,
            features,
            chunks,
        })
    }

    /// Streams the endless world of `params` (nothing changes when it already does): the map
    /// shown before goes.
    fn start_endless(
        &mut self,
        params: donjourno::GeneratorParams,
        mesh: donjourno::outputs::mesh::MeshParams,
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
    pub(super) fn release_replaced(&mut self) {
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
    pub(super) fn is_releasing(&self) -> bool {
        self.surface.is_releasing() || self.water.is_releasing()
    }

    /// Drops the background rebuild, if any (its worker stops at the next progress report).
    pub(super) fn cancel_job(&mut self) {
        if let Some(staging) = self.rebuilds.staging.take() {
            self.surface.give_back_spare(staging.into_spare());
        }
        if self.rebuilds.job.take().is_some() {
            self.update_process();
        }
    }

    /// Forwards the background rebuild's progress, copies its finished result into Godot's
    /// arrays a part per frame, and shows it once all is copied.
    pub(super) fn poll_job(&mut self) {
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
                Poll::Done(Ok(output)) => {
                    let spare = self.surface.take_spare(output.vertex_count);
                    self.rebuilds.staging = Some(Staging::new(output, spare));
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
        let Staged {
            output,
            streams,
            water,
            handover,
        } = staging.finish();
        let (inputs, started) = job.end();
        let finished = Finished {
            inputs,
            grid: output.grid,
            pipeline_ran: output.pipeline_ran,
            pipeline_time: output.pipeline_time,
            mesh_time: output.mesh_time,
            started,
            streams,
            water,
            handover,
            features: output.features,
            chunks: output.chunks,
        };
        let stats = self.show(finished);
        self.finish(Ok(Some(stats)));
    }
}
