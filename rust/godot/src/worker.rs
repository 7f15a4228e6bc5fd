//! Background rebuilds: the generation pipeline and the tessellation (terrain and water) of a
//! `DonjournoTerrain` run on a worker thread, and the finished buffers come back to the main
//! thread over a channel.
//!
//! A [`Job`] owns everything the worker needs (the parameters and, when the grid can be reused,
//! an `Arc` of it), so the node may be freed while the worker runs: dropping the job cancels it
//! through [`donjourno::Progress`] and the worker's result is dropped with the channel.

use crate::convert;
use donjourno::mesh::{Mesh, MeshParams};
use donjourno::{GenerationStats, GeneratorParams, Grid, Progress};
use godot::builtin::Aabb;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Share of the progress bar given to the pipeline when it runs; tessellation takes the rest.
const PIPELINE_SHARE: f32 = 0.9;

/// A grid the worker may reuse instead of running the pipeline.
#[derive(Clone)]
pub struct CachedGrid {
    /// The parameters it was generated from.
    pub params: GeneratorParams,
    /// The grid.
    pub grid: Arc<Grid>,
    /// Its statistics.
    pub stats: GenerationStats,
    /// The time its generation took.
    pub time: Duration,
}

/// What a worker hands back: the grid shown and the surface streams in Godot's layout.
pub struct Output {
    /// The grid the mesh shows.
    pub grid: CachedGrid,
    /// Whether the pipeline ran (else the cached grid was reused).
    pub pipeline_ran: bool,
    /// The pipeline's wall time in this job (zero when reused).
    pub pipeline_time: Duration,
    /// The tessellation's wall time.
    pub mesh_time: Duration,
    /// Vertex stream (positions, then normals and tangents).
    pub vertex: Vec<u8>,
    /// Attribute stream (colours).
    pub attributes: Vec<u8>,
    /// Vertices in the streams.
    pub vertex_count: usize,
    /// Bounds of the mesh.
    pub aabb: Aabb,
    /// The water surface (empty without water).
    pub water: Mesh,
}

/// A rebuild running on a worker thread. Dropping it cancels the work.
pub struct Job {
    /// The generation parameters of the job.
    pub params: GeneratorParams,
    /// The mesh parameters of the job.
    pub mesh_params: MeshParams,
    /// When the job was started.
    pub started: Instant,
    cancel: Arc<AtomicBool>,
    progress: Arc<AtomicU32>,
    reported: f32,
    receiver: Receiver<Result<Output, String>>,
}

/// What polling a job found.
pub enum Poll {
    /// Still running; the progress fraction changed to this value since the last poll.
    Progress(f32),
    /// Still running, no news.
    Running,
    /// Finished, successfully or not.
    Done(Result<Box<Output>, String>),
}

impl Job {
    /// Starts a worker that builds the mesh for `params` and `mesh_params`, reusing `cached`
    /// when its parameters match. Returns `None` where no thread can start (a Web build without
    /// threads); the caller then rebuilds synchronously.
    pub fn start(
        params: GeneratorParams,
        mesh_params: MeshParams,
        vertex_count: usize,
        cached: Option<CachedGrid>,
    ) -> Option<Job> {
        let cancel = Arc::new(AtomicBool::new(false));
        let progress = Arc::new(AtomicU32::new(0f32.to_bits()));
        let (sender, receiver) = mpsc::channel();
        let work = {
            let (params, cancel, progress) = (params, cancel.clone(), progress.clone());
            move || {
                let result = run(
                    &params,
                    &mesh_params,
                    vertex_count,
                    cached,
                    &cancel,
                    &progress,
                );
                // The receiver is gone when the job was dropped: nothing to do.
                let _ = sender.send(result);
            }
        };
        std::thread::Builder::new()
            .name("donjourno-rebuild".into())
            .spawn(work)
            .ok()?;
        Some(Job {
            params,
            mesh_params,
            started: Instant::now(),
            cancel,
            progress,
            reported: 0.0,
            receiver,
        })
    }

    /// Checks for progress and for the result.
    pub fn poll(&mut self) -> Poll {
        match self.receiver.try_recv() {
            Ok(result) => Poll::Done(result.map(Box::new)),
            Err(TryRecvError::Disconnected) => Poll::Done(Err(
                "internal error: the rebuild worker stopped without a result".to_owned(),
            )),
            Err(TryRecvError::Empty) => {
                let fraction = f32::from_bits(self.progress.load(Ordering::Relaxed));
                if fraction > self.reported {
                    self.reported = fraction;
                    Poll::Progress(fraction)
                } else {
                    Poll::Running
                }
            }
        }
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// The worker's body: pipeline (unless cached), then tessellation into fresh streams.
fn run(
    params: &GeneratorParams,
    mesh_params: &MeshParams,
    vertex_count: usize,
    cached: Option<CachedGrid>,
    cancel: &Arc<AtomicBool>,
    progress: &Arc<AtomicU32>,
) -> Result<Output, String> {
    let set_progress = |f: f32| progress.store(f.to_bits(), Ordering::Relaxed);
    let (grid, pipeline_ran, pipeline_time) = match cached.filter(|c| c.params == *params) {
        Some(c) => (c, false, Duration::ZERO),
        None => {
            let sink = {
                let (cancel, progress) = (cancel.clone(), progress.clone());
                Progress::new(move |f| {
                    progress.store((f * PIPELINE_SHARE).to_bits(), Ordering::Relaxed);
                    !cancel.load(Ordering::Relaxed)
                })
            };
            let (grid, stats, time) = convert::run_pipeline_with_progress(params, sink)?;
            let cached = CachedGrid {
                params: *params,
                grid: Arc::new(grid),
                stats,
                time,
            };
            (cached, true, time)
        }
    };
    if cancel.load(Ordering::Relaxed) {
        return Err("cancelled".to_owned());
    }
    set_progress(if pipeline_ran { PIPELINE_SHARE } else { 0.0 });
    let mut vertex = vec![0u8; vertex_count * convert::VERTEX_STREAM_BYTES];
    let mut attributes = vec![0u8; vertex_count * convert::ATTRIBUTE_STREAM_BYTES];
    let (aabb, mesh_time) =
        convert::run_packed_mesh(&grid.grid, mesh_params, &mut vertex, &mut attributes)?;
    let water = convert::run_water_mesh(&grid.grid, mesh_params)?;
    set_progress(1.0);
    Ok(Output {
        grid,
        pipeline_ran,
        pipeline_time,
        mesh_time,
        vertex,
        attributes,
        vertex_count,
        aabb,
        water,
    })
}
