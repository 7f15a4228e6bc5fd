//! The terrain's layout: the [`DonjournoStamp`], [`DonjournoPath`] and [`DonjournoSite`] children
//! it lays on its ground, and their JSON.

use crate::path::DonjournoPath;
use crate::site::DonjournoSite;
use crate::stamp::{DonjournoStamp, StampFrame};
use crate::terrain::DonjournoTerrain;
use donjourno::params::layout::{self, Layout};
use donjourno::params::limits;
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
        let out = match self.stamp_frame() {
            Some(frame) => {
                let (out, faults) = self.gather(&frame);
                for fault in faults {
                    godot_error!("DonjournoTerrain.get_stamps_json: {fault}; left out");
                }
                out
            }
            None => Layout::default(),
        };
        GString::from(layout::to_json(&out).as_str())
    }

    /// Adds a [DonjournoStamp] child for every stamp of `json`, a [DonjournoPath] for every path
    /// and a [DonjournoSite] for every site (the format of [method get_stamps_json] and of the
    /// command line's `--stamps`), placed, scaled and turned on the terrain's local axes, and
    /// returns how many nodes it added; the terrain regenerates as for any new stamp. A document
    /// that cannot be read, or that would take the terrain's stamps, paths or sites past their
    /// limits (the core's `MAX_STAMPS`, `MAX_PATHS` and `MAX_SITES`), adds nothing and returns -1 with an error
    /// naming the fault. Needs a
    /// generator (positions are in its world metres).
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
        // The children there already count towards the limits too.
        let counts = limits::check_counts(
            self.children_of::<DonjournoStamp>().len() + read.stamps.len(),
            self.children_of::<DonjournoPath>().len() + read.paths.len(),
            self.children_of::<DonjournoSite>().len() + read.sites.len(),
        );
        if let Err(e) = counts {
            godot_error!("DonjournoTerrain.add_stamps_json: with the terrain's children, {e}");
            return -1;
        }
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

    /// Called (deferred) by a child stamp, path or site that moved, changed, arrived or left:
    /// schedules a rebuild as an inspector edit does.
    #[func(rename = _on_stamps_changed)]
    fn on_stamps_changed(&mut self) {
        self.schedule_rebuild();
    }
}

impl DonjournoTerrain {
    /// Where the generator's map lies, for the stamps, paths and sites; `None` without a valid
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
    /// is an error naming its node, and more stamps, paths or sites than their limits
    /// ([`donjourno::params::limits`]) an error naming the limit.
    pub(in crate::terrain) fn layout(&self, params: &GeneratorParams) -> Result<Layout, String> {
        let (out, faults) = self.gather(&frame_of(params));
        if let Some(fault) = faults.into_iter().next() {
            return Err(fault);
        }
        limits::check(&out.stamps, &out.paths, &out.sites)
            .map_err(|e| format!("the terrain's children: {e}"))?;
        Ok(out)
    }

    /// The valid stamps, paths and sites among the children, in child order, on a map in
    /// `frame`, and what is wrong with each invalid one, naming its node.
    fn gather(&self, frame: &StampFrame) -> (Layout, Vec<String>) {
        let mut faults = Vec::new();
        let layout = Layout {
            stamps: self.checked("stamp", &mut faults, |n: &Gd<DonjournoStamp>| {
                let stamp = n.bind().stamp(frame);
                let fault = stamp
                    .validate(0)
                    .err()
                    .map(|e| (e.field, e.expected, e.got));
                (stamp, fault)
            }),
            paths: self.checked("path", &mut faults, |n: &Gd<DonjournoPath>| {
                let path = n.bind().path(frame);
                let fault = path.validate(0).err().map(|e| (e.field, e.expected, e.got));
                (path, fault)
            }),
            sites: self.checked("site", &mut faults, |n: &Gd<DonjournoSite>| {
                let site = n.bind().site(frame);
                let fault = site.validate(0).err().map(|e| (e.field, e.expected, e.got));
                (site, fault)
            }),
        };
        (layout, faults)
    }

    /// The item `read` makes of each child of class `T` whose check finds no fault (the field,
    /// the accepted values and the value given); each fault is added to `faults` as
    /// `what "node": field must be … (got …)`.
    fn checked<T, V>(
        &self,
        what: &str,
        faults: &mut Vec<String>,
        read: impl Fn(&Gd<T>) -> (V, Option<(&'static str, String, String)>),
    ) -> Vec<V>
    where
        T: GodotClass + Inherits<Node>,
    {
        let mut out = Vec::new();
        for node in self.children_of::<T>() {
            match read(&node) {
                (item, None) => out.push(item),
                (_, Some((field, expected, got))) => {
                    let name = node.upcast_ref::<Node>().get_name();
                    faults.push(format!(
                        "{what} \"{name}\": {field} must be {expected} (got {got})"
                    ));
                }
            }
        }
        out
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
