//! Background rebuilds: the one build function ([`crate::terrain::build::build`]) runs on a worker
//! thread, and its result comes back to the main thread over a channel.
//!
//! A [`Job`] owns everything the worker needs (the parameters and, when the grid can be reused,
//! an `Arc` of it), so the node may be freed while the worker runs: dropping the job cancels it
//! (the worker stops at its next progress report) and the worker's result is dropped with the
//! channel. The job's [`JobState`] (cancel flag, progress, outcome) is shared, so that it can be
//! observed after the node is gone (see [`crate::terrain::build::job::DonjournoRebuildJob`]).

use crate::terrain::build::{self, Built, MapOrder, Order, OwnStreams};
use crate::terrain::planner::Settings;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU8, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;
use std::time::Instant;

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

    /// Records the fraction of the work done.
    pub fn set_progress(&self, fraction: f32) {
        self.progress.store(fraction.to_bits(), Ordering::Relaxed);
    }
}

/// A rebuild running on a worker thread. Dropping it cancels the work, unless its result was
/// taken ([`Job::end`]).
pub struct Job {
    /// The settings the job builds from.
    pub inputs: Settings,
    /// When the job was started.
    pub started: Instant,
    state: Arc<JobState>,
    reported: f32,
    receiver: Receiver<Result<Built, String>>,
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
    Done(Result<Box<Built>, String>),
}

impl Job {
    /// Starts a worker that builds the map of `order`. Returns `None` where no thread can start
    /// (a Web build without threads); the caller then rebuilds synchronously.
    pub fn start(order: MapOrder) -> Option<Job> {
        Self::start_on(order, |work| {
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
        order: MapOrder,
        spawn: impl FnOnce(Box<dyn FnOnce() + Send>) -> std::io::Result<()>,
    ) -> Option<Job> {
        let inputs = order.inputs;
        let state = Arc::new(JobState::new());
        let (sender, receiver) = mpsc::channel();
        let work = {
            let state = state.clone();
            move || {
                let order = Order::Map(Box::new(order));
                let result = build::build(&order, &mut OwnStreams::default(), Some(&state));
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
    pub fn end(mut self) -> (Settings, Instant) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terrain::build::Generated;
    use donjourno::outputs::godot_surface::{ATTRIBUTE_STREAM_BYTES, VERTEX_STREAM_BYTES};
    use donjourno::params::MeshParams;
    use donjourno::GeneratorParams;
    use std::time::Duration;

    fn inputs(size: u32, droplets: u32) -> Settings {
        let mut params = GeneratorParams {
            width: size,
            depth: size,
            seed: 3,
            ..Default::default()
        };
        params.set_droplet_count(droplets);
        Settings {
            params,
            heightmap: None,
            layout_key: None,
            mesh_params: MeshParams::default(),
        }
    }

    /// A map order for `inputs` of `vertex_count` vertices, with no cached grid.
    fn order(inputs: Settings, vertex_count: usize) -> MapOrder {
        MapOrder {
            inputs,
            vertex_count,
            splat: false,
            cached: None,
            file: None,
            layout: Default::default(),
            shown: None,
        }
    }

    /// The grid a build generated.
    fn grid(built: &Built) -> &build::CachedGrid {
        match &built.generated {
            Generated::Map(grid) => grid,
            Generated::Tile(_) => panic!("a map order builds a map"),
        }
    }

    /// Polls until the job is done (the deadline only guards against a hang).
    fn wait(job: &mut Job) -> Result<Box<Built>, String> {
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
        let mut job = Job::start(order(inputs, vertices)).expect("threads are available");
        let state = job.state();
        let output = wait(&mut job).unwrap();
        assert_eq!(state.outcome(), Outcome::Finished);
        assert!(!state.is_cancelled());
        assert_eq!(state.progress(), 1.0);
        assert!(output.pipeline_ran);
        assert_eq!(output.surface.vertex.len(), vertices * VERTEX_STREAM_BYTES);
        assert_eq!(
            output.surface.attributes.len(),
            vertices * ATTRIBUTE_STREAM_BYTES
        );
        // A second job with the grid cached skips the pipeline and builds the same bytes.
        let cached = grid(&output).clone();
        let mut again = Job::start(MapOrder {
            cached: Some(cached),
            ..order(inputs, vertices)
        })
        .unwrap();
        let second = wait(&mut again).unwrap();
        assert!(!second.pipeline_ran);
        assert!(Arc::ptr_eq(&grid(&second).grid, &grid(&output).grid));
        assert!(
            second.surface.vertex == output.surface.vertex
                && second.surface.attributes == output.surface.attributes
        );
        // Taking the result ends the job without cancelling it.
        let state = again.state();
        let (shown_inputs, _) = again.end();
        assert_eq!(shown_inputs, inputs);
        assert!(!state.is_cancelled());
        assert_eq!(state.outcome(), Outcome::Finished);
    }

    #[test]
    fn dropping_a_job_cancels_its_worker() {
        let job = Job::start(order(inputs(256, 400_000), 256 * 256 * 6)).unwrap();
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
        assert!(Job::start_on(order(inputs(24, 2_000), 24 * 24 * 6), refused).is_none());
        // The same work run on the calling thread still builds the mesh.
        let mut job = Job::start_on(order(inputs(24, 2_000), 24 * 24 * 6), |work| {
            work();
            Ok(())
        })
        .expect("the work ran");
        let output = wait(&mut job).unwrap();
        assert_eq!(
            output.surface.vertex.len(),
            24 * 24 * 6 * VERTEX_STREAM_BYTES
        );
    }
}
