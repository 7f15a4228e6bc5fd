//! `DonjournoSite`: a settlement a designer pins on a terrain, as a child node.

use crate::layout_node::{picks, LayoutNode};
use crate::stamp::StampFrame;
use donjourno::params::sites::{Site, SiteTier};
use godot::classes::notify::Node3DNotification;
use godot::classes::{INode3D, Node3D};
use godot::prelude::*;

/// A settlement pinned on its parent [DonjournoTerrain]: a village, town or city with its name,
/// where the designer puts it.
///
/// With [member DonjournoGenerator.settlements_enabled] on, the site stands at the node's
/// position on the terrain's x and z axes (on water, on the nearest dry cell within a hexagon's
/// radius), named [member site_name] (empty: a name drawn from the seed). It is placed before
/// the generated settlements, which keep their usual spacing from it, its town grows around it,
/// and the roads join it to the network.
///
/// Moving or editing a site regenerates the terrain, as a [DonjournoStamp] does;
/// [method DonjournoTerrain.get_stamps_json] writes the sites beside the stamps.
#[derive(GodotClass)]
#[class(tool, base = Node3D)]
pub struct DonjournoSite {
    /// Its size class: village, town or city.
    #[export(enum = (Village = 0, Town = 1, City = 2))]
    #[var(set = set_tier)]
    tier: i64,
    /// Its name (at most 64 characters); empty for a name drawn from the seed.
    #[export]
    #[var(set = set_site_name)]
    site_name: GString,
    base: Base<Node3D>,
}

#[godot_api]
impl INode3D for DonjournoSite {
    fn init(base: Base<Node3D>) -> Self {
        DonjournoSite {
            tier: SiteTier::default() as i64,
            site_name: GString::new(),
            base,
        }
    }

    fn on_notification(&mut self, what: Node3DNotification) {
        self.layout_notification(what);
    }

    fn get_configuration_warnings(&self) -> PackedStringArray {
        let name = self.base().get_name().to_string();
        let place = self.terrain().map(|t| {
            let t = t.bind();
            (
                t.stamp_frame().map(|f| (self.site(&f), f)),
                t.settlements_on(),
            )
        });
        warnings(&name, place).iter().map(GString::from).collect()
    }
}

/// A site's configuration warnings, as plain Rust: `place` is `None` off a terrain, else the site
/// and its terrain's frame (`None` without a valid generator) and whether the terrain's
/// settlements are on.
pub fn warnings(name: &str, place: Option<(Option<(Site, StampFrame)>, bool)>) -> Vec<String> {
    let Some((site, settlements)) = place else {
        return vec![
            "A DonjournoSite pins a settlement on its parent: make it a child of a DonjournoTerrain."
                .to_owned(),
        ];
    };
    let mut out = Vec::new();
    if !settlements {
        out.push(format!(
            "Site \"{name}\" places nothing while the generator's settlements_enabled is off."
        ));
    }
    if let Some((site, frame)) = site {
        if let Err(e) = site.validate(0) {
            out.push(format!(
                "Site \"{name}\": {} must be {} (got {}).",
                e.field, e.expected, e.got
            ));
        } else if !frame.contains(site.position) {
            out.push(format!("Site \"{name}\" lies off the terrain's map."));
        }
    }
    out
}

impl LayoutNode for DonjournoSite {}

#[godot_api]
impl DonjournoSite {
    /// The village tier of [member tier].
    #[constant]
    pub const TIER_VILLAGE: i64 = 0;
    /// The town tier of [member tier].
    #[constant]
    pub const TIER_TOWN: i64 = 1;
    /// The city tier of [member tier].
    #[constant]
    pub const TIER_CITY: i64 = 2;

    /// Sets [member tier] (values out of range are refused with an error).
    #[func]
    pub fn set_tier(&mut self, value: i64) {
        if picks("DonjournoSite", "tier", value, SiteTier::ALL.len()) {
            self.tier = value;
            self.changed();
        }
    }

    /// Sets [member site_name].
    #[func]
    pub fn set_site_name(&mut self, value: GString) {
        self.site_name = value;
        self.changed();
    }
}

impl DonjournoSite {
    /// The core's site for a map in `frame`, from the node's properties and its position.
    pub fn site(&self, frame: &StampFrame) -> Site {
        let p = self.base().get_position();
        Site {
            position: frame.world([p.x, p.z]),
            tier: SiteTier::ALL[self.tier.clamp(0, 2) as usize],
            name: self.site_name.to_string(),
        }
    }

    /// A new site node that gives `site` back on a map in `frame`.
    pub fn from_site(site: &Site, frame: &StampFrame) -> Gd<Self> {
        let mut node = DonjournoSite::new_alloc();
        let local = frame.local(site.position);
        {
            let mut s = node.bind_mut();
            s.tier = site.tier as i64;
            s.site_name = GString::from(site.name.as_str());
        }
        node.set_position(Vector3::new(local[0], 0.0, local[1]));
        let label = if site.name.is_empty() {
            "Site"
        } else {
            site.name.as_str()
        };
        node.set_name(label);
        node
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warnings_name_the_site_and_what_is_wrong() {
        let frame = StampFrame {
            origin: [0.0, 0.0],
            cell_size: 1.0,
            extent: [64.0, 64.0],
        };
        let good = Site {
            position: [30.0, 20.0],
            ..Default::default()
        };
        assert!(warnings("Oak", Some((Some((good.clone(), frame)), true))).is_empty());
        assert!(warnings("Oak", None)[0].contains("child of a DonjournoTerrain"));
        let off = warnings("Oak", Some((Some((good.clone(), frame)), false)));
        assert!(
            off.len() == 1 && off[0].contains("settlements_enabled"),
            "{off:?}"
        );
        let far = Site {
            position: [100.0, 20.0],
            ..good
        };
        let w = warnings("Oak", Some((Some((far, frame)), true)));
        assert_eq!(w, ["Site \"Oak\" lies off the terrain's map."]);
    }
}
