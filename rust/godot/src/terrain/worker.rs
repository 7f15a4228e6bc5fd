//! Background rebuilds: the generation pipeline and the tessellation (terrain and water) of a
//! `DonjournoTerrain` run on a worker thread, and the finished buffers come back to the main
//! thread over a channel.
//!
//! A [`Job`] owns everything the worker needs (the parameters and, when the grid can be reused,
//! an `Arc` of it), so the node may be freed while the worker runs: dropping the job cancels it
//! (the worker stops at its next progress report) and the worker's result is dropped with the
//! channel. The job's [`JobState`] (cancel flag, progress, outcome) is shared, so that it can be
//! observed after the node is gone (see [`super::job::DonjournoRebuildJob`]).

use super::planner::Inputs;
use crate::convert;
use crate::generator::{inputs_of, HeightmapFile};
use donjourno::outputs::godot_surface::{ATTRIBUTE_STREAM_BYTES, VERTEX_STREAM_BYTES};
use donjourno::{GenerationStats, GeneratorParams, Grid, Progress};
use godot::builtin::Aabb;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU8, Ordering};
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
    /// The content key of the heightmap file it was generated from, if any.
    pub heightmap: Option<u64>,
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
    /// The water, trees, scatter and settlement meshes.
    pub features: super::features::Features,
    /// Every level of every chunk when the map is drawn in chunks (else empty, and the streams
    /// hold the one surface).
    pub chunks: super::chunks::ChunkBuild,
}

/// How a worker ended, as [`JobState::outcome`] reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Outcome {
    /// The worker is still working.
    Running = 0,
    /// The worker handed back its result.
    Finished = 1,
    /// The worker stopped without a result because the job was cancelled.
    Cancelled = 2,
    /// The worker stopped with an error.
    Failed = 3,
}

/// The state a job shares with its worker and with whoever observes it.
#[derive(Debug)]
pub struct JobState {
    cancel: AtomicBool,
    progress: AtomicU32,
    outcome: AtomicU8,
}

impl JobState {
    fn new() -> Self {
        JobState {
            cancel: AtomicBool::new(false),
            progress: AtomicU32::new(0f32.to_bits()),
            outcome: AtomicU8::new(Outcome::Running as u8),
        }
    }

    /// Whether the job was cancelled (superseded, or its node freed).
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Acquire)
    }

    /// Fraction of the work done, 0–1.
    pub fn progress(&self) -> f32 {
        f32::from_bits(self.progress.load(Ordering::Relaxed))
    }

    /// How the worker ended, or [`Outcome::Running`].
    pub fn outcome(&self) -> Outcome {
        match self.outcome.load(Ordering::Acquire) {
            1 => Outcome::Finished,
            2 => Outcome::Cancelled,
            3 => Outcome::Failed,
            _ => Outcome::Running,
        }
    }

    fn set_progress(&self, fraction: f32) {
        self.progress.store(fraction.to_bits(), Ordering::Relaxed);
    }
}

/// A rebuild running on a worker thread. Dropping it cancels the work, unless its result was
/// taken ([`Job::end`]).
pub struct Job {
    /// The settings the job builds from.
    pub inputs: Inputs,
    /// When the job was started.
    pub started: Instant,
    state: Arc<JobState>,
    reported: f32,
    receiver: Receiver<Result<Output, String>>,
    /// Whether the worker's result (or error) was taken: then dropping the job cancels nothing.
    done: bool,
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
    /// Starts a worker that builds the mesh of `inputs` (`vertex_count` vertices), reusing
    /// `cached` when its parameters match. Returns `None` where no thread can start (a Web build
    /// without threads); the caller then rebuilds synchronously.
    pub fn start(
        inputs: Inputs,
        vertex_count: usize,
        cached: Option<CachedGrid>,
        file: Option<Arc<HeightmapFile>>,
    ) -> Option<Job> {
        Self::start_on(inputs, vertex_count, cached, file, |work| {
            std::thread::Builder::new()
                .name("donjourno-rebuild".into())
                .spawn(|| {
                    crate::background::lower_this_thread();
                    work()
                })
                .map(drop)
        })
    }

    /// [`Job::start`] with the function that starts the worker thread.
    fn start_on(
        inputs: Inputs,
        vertex_count: usize,
        cached: Option<CachedGrid>,
        file: Option<Arc<HeightmapFile>>,
        spawn: impl FnOnce(Box<dyn FnOnce() + Send>) -> std::io::Result<()>,
    ) -> Option<Job> {
        let state = Arc::new(JobState::new());
        let (sender, receiver) = mpsc::channel();
        let work = {
            let state = state.clone();
            move || {
                let result = run(&inputs, vertex_count, cached, file.as_deref(), &state);
                let outcome = match &result {
                    _ if state.is_cancelled() => Outcome::Cancelled,
                    Ok(_) => Outcome::Finished,
                    Err(_) => Outcome::Failed,
                };
                state.outcome.store(outcome as u8, Ordering::Release);
                // The receiver is gone when the job was dropped: nothing to do.
                let _ = sender.send(result);
            }
        };
        spawn(Box::new(work)).ok()?;
        Some(Job {
            inputs,
            started: Instant::now(),
            state,
            reported: 0.0,
            receiver,
            done: false,
        })
    }

    /// Ends a job whose worker handed back its result or its error (dropping a job before that
    /// cancels it); returns its inputs and when it started.
    pub fn end(mut self) -> (Inputs, Instant) {
        self.done = true;
        (self.inputs, self.started)
    }

    /// The state shared with the worker.
    pub fn state(&self) -> Arc<JobState> {
        self.state.clone()
    }

    /// Checks for progress and for the result.
    pub fn poll(&mut self) -> Poll {
        match self.receiver.try_recv() {
            Ok(result) => Poll::Done(result.map(Box::new)),
            Err(TryRecvError::Disconnected) => Poll::Done(Err(
                "internal error: the rebuild worker stopped without a result".to_owned(),
            )),
            Err(TryRecvError::Empty) => {
                let fraction = self.state.progress();
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
        if !self.done {
            self.state.cancel.store(true, Ordering::Release);
        }
    }
}

/// The error of a worker that noticed its cancellation.
fn cancelled() -> String {
    "cancelled".to_owned()
}

/// The worker's body: pipeline (unless cached; it decodes `file`, the image model's heightmap),
/// then tessellation into fresh streams. Stops at the pipeline's progress reports and between
/// the steps once the job is cancelled.
fn run(
    inputs: &Inputs,
    vertex_count: usize,
    cached: Option<CachedGrid>,
    file: Option<&HeightmapFile>,
    state: &Arc<JobState>,
) -> Result<Output, String> {
    let Inputs {
        params,
        mesh_params,
        ..
    } = inputs;
    let reusable = cached.filter(|c| c.params == *params && c.heightmap == inputs.heightmap);
    let (grid, pipeline_ran, pipeline_time) = match reusable {
        Some(c) => (c, false, Duration::ZERO),
        None => {
            let sink = {
                let state = state.clone();
                Progress::new(move |f| {
                    state.set_progress(f * PIPELINE_SHARE);
                    !state.is_cancelled()
                })
            };
            let core_inputs = inputs_of(file)?;
            let (grid, stats, time) =
                convert::run_pipeline_with_progress(params, &core_inputs, sink)?;
            let cached = CachedGrid {
                params: *params,
                heightmap: inputs.heightmap,
                grid: Arc::new(grid),
                stats,
                time,
            };
            (cached, true, time)
        }
    };
    if state.is_cancelled() {
        return Err(cancelled());
    }
    state.set_progress(if pipeline_ran { PIPELINE_SHARE } else { 0.0 });
    let mut vertex = vec![0u8; vertex_count * VERTEX_STREAM_BYTES];
    let mut attributes = vec![0u8; vertex_count * ATTRIBUTE_STREAM_BYTES];
    let (aabb, mesh_time, chunks) = if vertex_count == 0 {
        let (chunks, time) = super::chunks::build(&grid.grid, mesh_params)?;
        (Aabb::default(), time, chunks)
    } else {
        let (aabb, time) =
            convert::run_surface(&grid.grid, mesh_params, &mut vertex, &mut attributes)?;
        (aabb, time, Default::default())
    };
    if state.is_cancelled() {
        return Err(cancelled());
    }
    let features = super::features::Features::build(&grid.grid, mesh_params)?;
    state.set_progress(1.0);
    Ok(Output {
        grid,
        pipeline_ran,
        pipeline_time,
        mesh_time,
        vertex,
        attributes,
        vertex_count,
        aabb,
        features,
        chunks,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use donjourno::outputs::mesh::MeshParams;

    fn inputs(size: u32, droplets: u32) -> Inputs {
        let mut params = GeneratorParams {
            width: size,
            depth: size,
            seed: 3,
            ..Default::default()
        };
        params.terrain.droplets = droplets;
        Inputs {
            params,
            heightmap: None,
            mesh_params: MeshParams::default(),
        }
    }

    /// Polls until the job is done (the deadline only guards against a hang).
    fn wait(job: &mut Job) -> Result<Box<Output>, String> {
        let deadline = Instant::now() + Duration::from_secs(120);
        while Instant::now() < deadline {
            if let Poll::Done(result) = job.poll() {
                return result;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        panic!("the worker never finished");
    }

    #[test]
    fn a_job_hands_back_the_streams_and_reuses_a_matching_grid() {
        let inputs = inputs(24, 2_000);
        let vertices = 24 * 24 * 6;
        let mut job = Job::start(inputs, vertices, None, None).expect("threads are available");
        let state = job.state();
        let output = wait(&mut job).unwrap();
        assert_eq!(state.outcome(), Outcome::Finished);
        assert!(!state.is_cancelled());
        assert_eq!(state.progress(), 1.0);
        assert!(output.pipeline_ran);
        assert_eq!(output.vertex.len(), vertices * VERTEX_STREAM_BYTES);
        assert_eq!(output.attributes.len(), vertices * ATTRIBUTE_STREAM_BYTES);
        // A second job with the grid cached skips the pipeline and builds the same bytes.
        let cached = output.grid.clone();
        let mut again = Job::start(inputs, vertices, Some(cached), None).unwrap();
        let second = wait(&mut again).unwrap();
        assert!(!second.pipeline_ran);
        assert!(Arc::ptr_eq(&second.grid.grid, &output.grid.grid));
        assert!(second.vertex == output.vertex && second.attributes == output.attributes);
        // Taking the result ends the job without cancelling it.
        let state = again.state();
        let (shown_inputs, _) = again.end();
        assert_eq!(shown_inputs, inputs);
        assert!(!state.is_cancelled());
        assert_eq!(state.outcome(), Outcome::Finished);
    }

    #[test]
    fn dropping_a_job_cancels_its_worker() {
        let job = Job::start(inputs(256, 400_000), 256 * 256 * 6, None, None).unwrap();
        let state = job.state();
        assert!(!state.is_cancelled());
        drop(job);
        assert!(state.is_cancelled());
        let deadline = Instant::now() + Duration::from_secs(120);
        while state.outcome() == Outcome::Running && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(2));
        }
        assert_eq!(state.outcome(), Outcome::Cancelled);
        assert!(state.progress() < 1.0, "stopped early");
    }

    #[test]
    fn without_threads_no_job_starts_so_the_caller_rebuilds_here() {
        // What a Web build without threads meets: the thread cannot start.
        let refused = |_work: Box<dyn FnOnce() + Send>| -> std::io::Result<()> {
            Err(std::io::Error::new(
                std::io::ErrorKind::WouldBlock,
                "no threads",
            ))
        };
        assert!(Job::start_on(inputs(24, 2_000), 24 * 24 * 6, None, None, refused).is_none());
        // The same work run on the calling thread still builds the mesh.
        let mut job = Job::start_on(inputs(24, 2_000), 24 * 24 * 6, None, None, |work| {
            work();
            Ok(())
        })
        .expect("the work ran");
        let output = wait(&mut job).unwrap();
        assert_eq!(output.vertex.len(), 24 * 24 * 6 * VERTEX_STREAM_BYTES);
    }
}
