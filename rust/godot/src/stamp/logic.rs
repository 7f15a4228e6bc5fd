//! The stamps' plain logic: where a terrain's map lies for its stamps, their configuration
//! warnings and their content key (what the rebuild planner compares).

use donjourno::params::layout::Layout;
use donjourno::params::stamps::Stamp;
use std::hash::{Hash, Hasher};

/// Where a terrain's map lies, for its stamps: the generator's origin, cell size and extent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StampFrame {
    /// World x and z of the map's first cell, metres (the generator's origin).
    pub origin: [f32; 2],
    /// Metres per cell.
    pub cell_size: f32,
    /// The map's extent along x and z, metres.
    pub extent: [f32; 2],
}

impl StampFrame {
    /// The core's world position of a point of the terrain's local x and z axes: the mesh draws
    /// cell `i` over `[i, i + 1) · cell_size`, and the core samples it at `origin + i · cell_size`.
    pub fn world(&self, local: [f32; 2]) -> [f32; 2] {
        [
            self.origin[0] + local[0] - 0.5 * self.cell_size,
            self.origin[1] + local[1] - 0.5 * self.cell_size,
        ]
    }

    /// The point of the terrain's local x and z axes at the core's world position `world`: the
    /// inverse of [`Self::world`].
    pub fn local(&self, world: [f32; 2]) -> [f32; 2] {
        [
            world[0] - self.origin[0] + 0.5 * self.cell_size,
            world[1] - self.origin[1] + 0.5 * self.cell_size,
        ]
    }

    /// Whether the world point `p` lies on the map.
    pub fn contains(&self, p: [f32; 2]) -> bool {
        (0..2).all(|k| {
            let lo = self.origin[k] - 0.5 * self.cell_size;
            p[k] >= lo && p[k] < lo + self.extent[k]
        })
    }

    /// Whether `stamp` reaches any part of the map.
    pub fn reaches(&self, stamp: &Stamp) -> bool {
        let r = stamp.reach();
        (0..2).all(|k| {
            let lo = self.origin[k] - 0.5 * self.cell_size;
            let hi = lo + self.extent[k];
            stamp.position[k] + r > lo && stamp.position[k] - r < hi
        })
    }
}

/// A stamp's configuration warnings, as plain Rust: `place` is `None` off a terrain, else the
/// stamp and its terrain's frame (`None` without a valid generator, when nothing can be said).
pub fn warnings(name: &str, place: Option<Option<(Stamp, StampFrame)>>) -> Vec<String> {
    let Some(place) = place else {
        return vec![
            "A DonjournoStamp shapes the ground of its parent: make it a child of a DonjournoTerrain."
                .to_owned(),
        ];
    };
    let Some((stamp, frame)) = place else {
        return Vec::new();
    };
    if let Err(e) = stamp.validate(0) {
        vec![format!(
            "Stamp \"{name}\": {} must be {} (got {}).",
            e.field, e.expected, e.got
        )]
    } else if !frame.reaches(&stamp) {
        vec![format!(
            "Stamp \"{name}\" lies off the terrain's map: it shapes nothing."
        )]
    } else {
        Vec::new()
    }
}

/// The content key of a layout: `None` for an empty one (a map without stamps, paths or sites is
/// keyed as before they existed), else a hash of every field's bits.
pub fn content_key(layout: &Layout) -> Option<u64> {
    if layout.is_empty() {
        return None;
    }
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for site in &layout.sites {
        (site.tier as u8, &site.name).hash(&mut h);
        site.position.map(f32::to_bits).hash(&mut h);
    }
    for p in &layout.paths {
        (p.kind as u8, p.points.len()).hash(&mut h);
        for v in p.points.iter().flatten().chain([&p.width, &p.height]) {
            v.to_bits().hash(&mut h);
        }
    }
    for s in &layout.stamps {
        (s.kind as u8, s.falloff as u8, s.blend as u8).hash(&mut h);
        for v in [
            s.position[0],
            s.position[1],
            s.radius,
            s.height,
            s.strength,
            s.scale[0],
            s.scale[1],
            s.rotation_degrees,
        ] {
            v.to_bits().hash(&mut h);
        }
    }
    Some(h.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use donjourno::params::stamps::StampKind;

    #[test]
    fn every_field_keys_the_layout_and_none_keys_nothing() {
        let key_of = |stamps: &[Stamp]| {
            content_key(&Layout {
                stamps: stamps.to_vec(),
                ..Default::default()
            })
        };
        assert_eq!(content_key(&Layout::default()), None);
        let a = Stamp::default();
        let key = key_of(&[a]);
        assert_eq!(key, key_of(&[a]));
        let moved = Stamp {
            position: [0.5, 0.0],
            ..a
        };
        let lower = Stamp {
            kind: StampKind::Lower,
            ..a
        };
        let turned = Stamp {
            rotation_degrees: 1.0,
            ..a
        };
        for other in [moved, lower, turned] {
            assert_ne!(key_of(&[other]), key);
        }
        assert_ne!(key_of(&[a, a]), key);
        let site = donjourno::params::sites::Site::default();
        let with_site = Layout {
            stamps: vec![a],
            sites: vec![site.clone()],
            ..Default::default()
        };
        let path = donjourno::params::paths::Path {
            points: vec![[0.0, 0.0], [4.0, 4.0]],
            ..Default::default()
        };
        let with_path = Layout {
            paths: vec![path.clone()],
            ..with_site.clone()
        };
        assert_ne!(content_key(&with_path), content_key(&with_site));
        let bent = Layout {
            paths: vec![donjourno::params::paths::Path {
                points: vec![[0.0, 0.0], [4.0, 4.5]],
                ..path
            }],
            ..with_site.clone()
        };
        assert_ne!(content_key(&bent), content_key(&with_path));
        assert_ne!(content_key(&with_site), key);
        let renamed = Layout {
            sites: vec![donjourno::params::sites::Site {
                name: "Oak".into(),
                ..site
            }],
            ..with_site.clone()
        };
        assert_ne!(content_key(&renamed), content_key(&with_site));
    }

    #[test]
    fn warnings_name_the_stamp_and_what_is_wrong() {
        let frame = StampFrame {
            origin: [0.0, 0.0],
            cell_size: 1.0,
            extent: [64.0, 64.0],
        };
        let good = Stamp {
            position: [32.0, 32.0],
            ..Default::default()
        };
        assert!(warnings("Peak", Some(Some((good, frame)))).is_empty());
        assert!(warnings("Peak", Some(None)).is_empty());
        let orphan = warnings("Peak", None);
        assert!(orphan.len() == 1 && orphan[0].contains("child of a DonjournoTerrain"));
        let strong = Stamp {
            strength: 3.0,
            ..good
        };
        let w = warnings("Peak", Some(Some((strong, frame))));
        assert_eq!(w, ["Stamp \"Peak\": strength must be from 0 to 1 (got 3)."]);
        let far = Stamp {
            position: [500.0, 500.0],
            ..good
        };
        let w = warnings("Peak", Some(Some((far, frame))));
        assert!(
            w.len() == 1 && w[0].contains("off the terrain's map"),
            "{w:?}"
        );
    }

    #[test]
    fn frames_place_stamps_on_the_cells_the_mesh_draws() {
        let frame = StampFrame {
            origin: [100.0, -50.0],
            cell_size: 2.0,
            extent: [64.0, 32.0],
        };
        // The middle of cell 3 (local 7 m) is sampled at 6 m from the origin.
        assert_eq!(frame.world([7.0, 7.0]), [106.0, -44.0]);
        let at = |x: f32, z: f32, radius: f32| Stamp {
            position: [x, z],
            radius,
            ..Default::default()
        };
        assert!(frame.reaches(&at(120.0, -40.0, 1.0)));
        assert!(
            frame.reaches(&at(90.0, -40.0, 12.0)),
            "overlapping the west edge"
        );
        assert!(!frame.reaches(&at(90.0, -40.0, 5.0)));
        assert!(!frame.reaches(&at(120.0, -10.0, 5.0)), "south of the map");
    }
}
