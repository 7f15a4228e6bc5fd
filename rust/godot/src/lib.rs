//! Godot 4 classes for Donjourno, registered by the `donjourno` GDExtension:
//!
//! - [`DonjournoGenerator`](generator::DonjournoGenerator): a `Resource` holding every generation
//!   parameter; editing one emits `changed`.
//! - [`DonjournoTerrain`](terrain::DonjournoTerrain): a `MeshInstance3D` that turns its generator
//!   into a vertex-coloured mesh, caches the grid and the mesh separately, and answers height and
//!   terrain queries.
//! - [`DonjournoMap`](map::DonjournoMap): a generated grid handed to scripts, with cell queries and
//!   bulk arrays.
//! - [`DonjournoRebuildJob`](terrain::build::job::DonjournoRebuildJob): one background rebuild of a
//!   terrain, observable after the terrain is gone (progress, cancellation, outcome).
//!
//! The classes are thin: every computation lives in the `donjourno` crate. Inputs are validated
//! before the core runs, and a failure becomes a Godot error message, never a panic.

use godot::init::InitStage;
use godot::prelude::*;

mod background;
mod convert;
pub mod generator;
pub mod map;
pub mod terrain;

/// The extension's entry point (`entry_symbol = "donjourno_library_init"` in `donjourno.gdextension`).
struct DonjournoExtension;

#[gdextension(entry_symbol = donjourno_library_init)]
unsafe impl ExtensionLibrary for DonjournoExtension {
    fn on_stage_init(stage: InitStage) {
        // Before any class exists, so before anything uses the pool.
        if stage == InitStage::Scene {
            background::install_pool();
        }
    }
}
