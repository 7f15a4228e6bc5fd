//! Godot 4 classes for Donjourno, registered by the `donjourno` GDExtension:
//!
//! - [`DonjournoGenerator`](generator::DonjournoGenerator): a `Resource` holding every generation
//!   parameter; editing one emits `changed`.
//! - [`DonjournoTerrain`](terrain::DonjournoTerrain): a `MeshInstance3D` that turns its generator
//!   into a vertex-coloured mesh, caches the grid and the mesh separately, and answers height and
//!   terrain queries.
//! - [`DonjournoStamp`](stamp::DonjournoStamp): a `Node3D` child of a terrain that shapes its
//!   ground (a mountain, a basin, a plateau, a crater, rough ground) before erosion.
//! - [`DonjournoPath`](path::DonjournoPath): a `Path3D` child of a terrain, drawn with Godot's
//!   curve tools, that lays a ridge, a valley, a river or a road along its curve.
//! - [`DonjournoSite`](site::DonjournoSite): a `Node3D` child of a terrain that pins a
//!   settlement (tier, name) at its position.
//! - [`DonjournoMap`](map::DonjournoMap): a generated grid handed to scripts, with cell queries and
//!   bulk arrays.
//! - [`DonjournoGroundTextures`](ground::textures::DonjournoGroundTextures) and
//!   [`DonjournoGroundLayer`](ground::layer::DonjournoGroundLayer): `Resource`s holding the ground
//!   materials' textures for the textured ground style.
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
pub mod ground;
pub mod layout_node;
pub mod map;
pub mod path;
pub mod site;
pub mod stamp;
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

/// The class docs that godot-rust's `register-docs` feature hands to the editor's help, from the doc
/// comments of this crate, written as one XML file per class into the folder that
/// `DONJOURNO_CLASS_DOCS_XML` names (and nothing without it). Godot's `--doctool DIR
/// --gdextension-docs` lists the classes' members from the loaded extension but takes their
/// descriptions only from XML files already in `DIR/doc_classes/`: `tests/tools/docs.sh` puts these
/// there first, so the reference it dumps has both.
#[cfg(test)]
mod class_docs {
    #[test]
    fn class_docs_xml() {
        let Some(dir) = std::env::var_os("DONJOURNO_CLASS_DOCS_XML") else {
            return;
        };
        let dir = std::path::Path::new(&dir);
        std::fs::create_dir_all(dir).expect("the class docs folder can be made");
        let mut classes = 0;
        for xml in godot::docs::__gather_xml_docs() {
            let name = xml
                .split("<class name=\"")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .expect("each class document names its class");
            std::fs::write(dir.join(format!("{name}.xml")), &xml).expect("the folder is writable");
            classes += 1;
        }
        assert!(classes >= 4, "only {classes} classes carry docs");
    }
}
