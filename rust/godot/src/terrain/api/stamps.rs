//! The terrain's layout: the [`DonjournoStamp`], [`DonjournoPath`] and [`DonjournoSite`] children
//! it lays on its ground, and their JSON.

use crate::path::DonjournoPath;
use crate::site::DonjournoSite;
use crate::stamp::{DonjournoStamp, StampFrame};
use crate::terrain::DonjournoTerrain;
use donjourno::params::layout::{self, Layout};
use donjourno::GeneratorParams;
use godot::prelude::*;

#[godot_api(secondary)]
impl DonjournoTerrain {
    /// The stamps ([DonjournoStamp]), paths ([DonjournoPath]) and pinned settlements
    /// ([DonjournoSite]) among the terrain's children, in child order, as the JSON document the
    /// command line reads with `--stamps`: positions and points in the generator's world metres,
    /// radii, widths and heights in metres. Empty lists (`{"stamps": [], "paths": [], "sites":
    /// []}`) without a generator; an invalid stamp, path or site is reported and left out.
    #[func]
    pub fn get_stamps_json(&self) -> GString {
        let mut out = Layout::default();
        if let Some(frame) = self.stamp_frame() {
            for (k, node) in self.children_of::<DonjournoStamp>().iter().enumerate() {
                let stamp = node.bind().stamp(&frame);
                match stamp.validate(k) {
                    Ok(()) => out.stamps.push(stamp),
                    Err(e) => godot_error!("DonjournoTerrain.get_stamps_json: {e}; left out"),
                }
            }
            for (k, node) in self.children_of::<DonjournoPath>().iter().enumerate() {
                let path = node.bind().path(&frame);
                match path.validate(k) {
                    Ok(()) => out.paths.push(path),
                    Err(e) => godot_error!("DonjournoTerrain.get_stamps_json: {e}; left out"),
                }
            }
            for (k, node) in self.children_of::<DonjournoSite>().iter().enumerate() {
                let site = node.bind().site(&frame);
                match site.validate(k) {
                    Ok(()) => out.sites.push(site),
                    Err(e) => godot_error!("DonjournoTerrain.get_stamps_json: {e}; left out"),
                }
            }
        }
        GString::from(layout::to_json(&out).as_str())
    }

    /// Adds a [DonjournoStamp] child for every stamp of `json`, a [DonjournoPath] for every path
    /// and a [DonjournoSite] for every site (the format of [method get_stamps_json] and of the
    /// command line's `--stamps`), placed, scaled and turned on the terrain's local axes, and
    /// returns how many nodes it added; the terrain regenerates as for any new stamp. A document that cannot be read adds nothing and
    /// returns -1 with an error naming the fault. Needs a generator (positions are in its world
    /// metres).
    #[func]
    pub fn add_stamps_json(&mut self, json: GString) -> i64 {
        let Some(frame) = self.stamp_frame() else {
            godot_error!("DonjournoTerrain.add_stamps_json: assign a valid generator first");
            return -1;
        };
        let read = match layout::from_json(&json.to_string()) {
            Ok(read) => read,
            Err(e) => {
                godot_error!("DonjournoTerrain.add_stamps_json: {e}");
                return -1;
            }
        };
        for stamp in &read.stamps {
            let node = DonjournoStamp::from_stamp(stamp, &frame);
            self.base_mut().add_child(&node);
        }
        for path in &read.paths {
            let node = DonjournoPath::from_path(path, &frame);
            self.base_mut().add_child(&node);
        }
        for site in &read.sites {
            let node = DonjournoSite::from_site(site, &frame);
            self.base_mut().add_child(&node);
        }
        (read.stamps.len() + read.paths.len() + read.sites.len()) as i64
    }

    /// Called (deferred) by a child stamp, path or site that moved, changed, arrived or left: schedules
    /// a rebuild as an inspector edit does.
    #[func(rename = _on_stamps_changed)]
    fn on_stamps_changed(&mut self) {
        self.schedule_rebuild();
    }
}

impl DonjournoTerrain {
    /// Where the generator's map lies, for the stamps and sites; `None` without a valid
    /// generator.
    pub fn stamp_frame(&self) -> Option<StampFrame> {
        let params = self.generator.as_ref()?.bind().params().ok()?;
        Some(frame_of(&params))
    }

    /// Whether the generator places settlements (a site's warning).
    pub fn settlements_on(&self) -> bool {
        (self.generator.as_ref())
            .and_then(|g| g.bind().params().ok())
            .is_some_and(|p| p.settlements.enabled)
    }

    /// The children of class `T`, in child order.
    fn children_of<T: GodotClass + Inherits<Node>>(&self) -> Vec<Gd<T>> {
        self.base()
            .get_children()
            .iter_shared()
            .filter_map(|c| c.try_cast::<T>().ok())
            .collect()
    }

    /// The layout the terrain lays on a map of `params`, checked: an invalid stamp, path or site
    /// is an error naming its node.
    pub(in crate::terrain) fn layout(&self, params: &GeneratorParams) -> Result<Layout, String> {
        let frame = frame_of(params);
        let named = |node: StringName, field: &str, expected: &str, got: &str, what: &str| {
            format!("{what} \"{node}\": {field} must be {expected} (got {got})")
        };
        let mut out = Layout::default();
        for (k, node) in self.children_of::<DonjournoStamp>().iter().enumerate() {
            let stamp = node.bind().stamp(&frame);
            stamp
                .validate(k)
                .map_err(|e| named(node.get_name(), e.field, &e.expected, &e.got, "stamp"))?;
            out.stamps.push(stamp);
        }
        for (k, node) in self.children_of::<DonjournoPath>().iter().enumerate() {
            let path = node.bind().path(&frame);
            path.validate(k)
                .map_err(|e| named(node.get_name(), e.field, &e.expected, &e.got, "path"))?;
            out.paths.push(path);
        }
        for (k, node) in self.children_of::<DonjournoSite>().iter().enumerate() {
            let site = node.bind().site(&frame);
            site.validate(k)
                .map_err(|e| named(node.get_name(), e.field, &e.expected, &e.got, "site"))?;
            out.sites.push(site);
        }
        Ok(out)
    }
}

/// The frame of a map of `params`.
fn frame_of(params: &GeneratorParams) -> StampFrame {
    StampFrame {
        origin: [params.origin_x, params.origin_z],
        cell_size: params.cell_size,
        extent: [
            params.width as f32 * params.cell_size,
            params.depth as f32 * params.cell_size,
        ],
    }
}
