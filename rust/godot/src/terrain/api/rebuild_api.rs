//! The terrain's rebuild API for scripts: rebuild now or on a worker, forget the cache, and
//! what the last rebuild reported.

use crate::terrain::build::job::DonjournoRebuildJob;
use crate::terrain::build::staging::UPLOAD_BYTES_PER_FRAME;
use crate::terrain::planner::Request;
use crate::terrain::DonjournoTerrain;
use godot::prelude::*;

#[godot_api(secondary)]
impl DonjournoTerrain {
    /// Rebuilds now what the inputs require (nothing, the mesh, or the grid and the mesh) and
    /// cancels a scheduled rebuild. Returns `false` after reporting an error, in which case the
    /// previous mesh stays in place. Emits [signal generation_finished] when the mesh changed.
    ///
    /// Blocks until done; a background rebuild still running is cancelled.
    #[func]
    pub fn regenerate(&mut self) -> bool {
        self.rebuilds.scheduled = false;
        self.rebuild(Request::Now)
    }

    /// Starts a rebuild on a worker thread and returns at once; cancels a scheduled rebuild and
    /// supersedes a background rebuild still running (its result is never shown). The mesh is
    /// replaced when the work is done, with [signal generation_progress] on the way and
    /// [signal generation_finished] at the end. Returns `false` after reporting an error in the
    /// settings (the previous mesh stays); an unchanged input starts nothing. Where no thread can
    /// start (a Web build without threads), rebuilds synchronously.
    #[func]
    pub fn regenerate_async(&mut self) -> bool {
        self.rebuilds.scheduled = false;
        self.rebuild(Request::Background)
    }

    /// Forgets the cached grid and mesh settings, so that the next rebuild runs the whole
    /// pipeline again (the mesh shown is kept until then).
    #[func]
    pub fn clear_cache(&mut self) {
        self.rebuilds.forget();
    }

    /// Whether a rebuild is scheduled for the end of the frame.
    #[func]
    pub fn is_rebuild_scheduled(&self) -> bool {
        self.rebuilds.scheduled
    }

    /// The statistics of the last rebuild that changed the mesh (see
    /// [signal generation_finished]); empty before the first.
    #[func]
    pub fn get_stats(&self) -> VarDictionary {
        self.last_stats.clone()
    }

    /// The reason the last rebuild failed, or an empty string if it succeeded.
    #[func]
    pub fn get_last_error(&self) -> GString {
        GString::from(&self.last_error)
    }

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
