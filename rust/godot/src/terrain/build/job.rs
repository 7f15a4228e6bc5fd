//! `DonjournoRebuildJob`: a script's view of one background rebuild, valid after its terrain is
//! gone.

use crate::terrain::build::worker::{JobState, Outcome};
use godot::prelude::*;
use std::sync::Arc;

/// One background rebuild of a [DonjournoTerrain], as [method DonjournoTerrain.get_rebuild_job]
/// hands it out: its progress, whether it was cancelled and how its worker ended.
///
/// The object only observes: it keeps no terrain alive and stays valid after the terrain is
/// freed, so a script can check that freeing a terrain (or superseding its rebuild with a newer
/// edit or a [method DonjournoTerrain.regenerate]) cancels the work: [method is_cancelled]
/// turns `true` at once, and the worker then stops at its next progress report with
/// [constant OUTCOME_CANCELLED].
#[derive(GodotClass)]
#[class(no_init, base = RefCounted)]
pub struct DonjournoRebuildJob {
    state: Arc<JobState>,
}

#[godot_api]
impl DonjournoRebuildJob {
    /// The worker is still working.
    #[constant]
    pub const OUTCOME_RUNNING: i32 = Outcome::Running as i32;
    /// The worker handed back its result (the terrain shows it once copied into the mesh).
    #[constant]
    pub const OUTCOME_FINISHED: i32 = Outcome::Finished as i32;
    /// The worker stopped without a result because the rebuild was cancelled.
    #[constant]
    pub const OUTCOME_CANCELLED: i32 = Outcome::Cancelled as i32;
    /// The worker stopped with an error (reported by the terrain).
    #[constant]
    pub const OUTCOME_FAILED: i32 = Outcome::Failed as i32;

    /// Whether the rebuild was cancelled before its result was shown: superseded by a newer
    /// rebuild, by [method DonjournoTerrain.regenerate] or a baked mesh, or its terrain freed.
    #[func]
    pub fn is_cancelled(&self) -> bool {
        self.state.is_cancelled()
    }

    /// Whether the worker is still working.
    #[func]
    pub fn is_running(&self) -> bool {
        self.state.outcome() == Outcome::Running
    }

    /// How the worker ended: one of the `OUTCOME_*` constants.
    #[func]
    pub fn get_outcome(&self) -> i32 {
        self.state.outcome() as i32
    }

    /// Fraction of the work done, 0–1 (1 once the worker has its result).
    #[func]
    pub fn get_progress(&self) -> f32 {
        self.state.progress()
    }
}

impl DonjournoRebuildJob {
    /// A view of `state`.
    pub fn create(state: Arc<JobState>) -> Gd<Self> {
        Gd::from_object(DonjournoRebuildJob { state })
    }
}
