//! The terrain's stamps: the [`DonjournoStamp`] children it lays on its ground, and their JSON.

use crate::stamp::{DonjournoStamp, StampFrame};
use crate::terrain::DonjournoTerrain;
use donjourno::params::stamps::{self, Stamp};
use donjourno::GeneratorParams;
use godot::prelude::*;

#[godot_api(secondary)]
impl DonjournoTerrain {
    /// The stamps among the terrain's children ([DonjournoStamp]), in child order, as the JSON
    /// document the command line reads with `--stamps`: positions in the generator's world
    /// metres, radii and heights in metres. Empty stamps list (`{"stamps": []}`) without a
    /// generator or stamps; an invalid stamp is reported and left out.
    #[func]
    pub fn get_stamps_json(&self) -> GString {
        let list = match self.stamp_frame() {
            Some(frame) => self
                .stamp_nodes()
                .iter()
                .map(|s| s.bind().stamp(&frame))
                .enumerate()
                .filter(|(k, s)| match s.validate(*k) {
                    Ok(()) => true,
                    Err(e) => {
                        godot_error!("DonjournoTerrain.get_stamps_json: {e}; left out");
                        false
                    }
                })
                .map(|(_, s)| s)
                .collect(),
            None => Vec::new(),
        };
        GString::from(stamps::to_json(&list).as_str())
    }

    /// Adds a [DonjournoStamp] child for every stamp of `json` (the format of
    /// [method get_stamps_json] and of the command line's `--stamps`), placed, scaled and turned
    /// on the terrain's local axes, and returns how many; the terrain regenerates as for any new
    /// stamp. A document that cannot be read adds nothing and returns -1 with an error naming the
    /// fault. Needs a generator (the stamps' positions are in its world metres).
    #[func]
    pub fn add_stamps_json(&mut self, json: GString) -> i64 {
        let Some(frame) = self.stamp_frame() else {
            godot_error!("DonjournoTerrain.add_stamps_json: assign a valid generator first");
            return -1;
        };
        let list = match stamps::from_json(&json.to_string()) {
            Ok(list) => list,
            Err(e) => {
                godot_error!("DonjournoTerrain.add_stamps_json: {e}");
                return -1;
            }
        };
        for stamp in &list {
            let node = DonjournoStamp::from_stamp(stamp, &frame);
            self.base_mut().add_child(&node);
        }
        list.len() as i64
    }

    /// Called (deferred) by a child stamp that moved, changed, arrived or left: schedules a
    /// rebuild as an inspector edit does.
    #[func(rename = _on_stamps_changed)]
    fn on_stamps_changed(&mut self) {
        self.schedule_rebuild();
    }
}

impl DonjournoTerrain {
    /// Where the generator's map lies, for the stamps; `None` without a valid generator.
    pub fn stamp_frame(&self) -> Option<StampFrame> {
        let params = self.generator.as_ref()?.bind().params().ok()?;
        Some(frame_of(&params))
    }

    /// The stamp children, in child order.
    fn stamp_nodes(&self) -> Vec<Gd<DonjournoStamp>> {
        self.base()
            .get_children()
            .iter_shared()
            .filter_map(|c| c.try_cast::<DonjournoStamp>().ok())
            .collect()
    }

    /// The stamps the terrain lays on a map of `params`, checked: an invalid one is an error
    /// naming its node.
    pub(in crate::terrain) fn stamps(
        &self,
        params: &GeneratorParams,
    ) -> Result<Vec<Stamp>, String> {
        let frame = frame_of(params);
        self.stamp_nodes()
            .iter()
            .enumerate()
            .map(|(k, node)| {
                let stamp = node.bind().stamp(&frame);
                stamp.validate(k).map(|()| stamp).map_err(|e| {
                    format!(
                        "stamp \"{}\": {} must be {} (got {})",
                        node.get_name(),
                        e.field,
                        e.expected,
                        e.got
                    )
                })
            })
            .collect()
    }
}

/// The stamp frame of a map of `params`.
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
