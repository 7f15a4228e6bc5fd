//! `DonjournoPath`: a line a designer draws on a terrain with Godot's own curve tools, as a child
//! node; its plain logic is in [`logic`].

pub mod logic;

pub use logic::warnings;

use crate::layout_node::{picks, LayoutNode};
use crate::stamp::StampFrame;
use donjourno::params::paths::{Path, PathKind};
use godot::classes::notify::Node3DNotification;
use godot::classes::{Curve3D, IPath3D, Path3D};
use godot::prelude::*;

/// A line drawn on its parent [DonjournoTerrain]: a ridge, a valley, a river or a road.
///
/// Draw and edit its [member Path3D.curve] with the curve tools of the 3D view's toolbar, as for
/// any [Path3D]; only the curve's x and z on the terrain count. [member kind] picks what it does:
/// - [constant KIND_RIDGE]: the ground rises by [member height] along the line, over a foot
///   [member width] wide, before erosion;
/// - [constant KIND_VALLEY]: the ground sinks by [member height] along it;
/// - [constant KIND_RIVER]: a channel [member height] deep falls from the line's higher end to
///   its lower one, and a river [member width] wide rises at the higher end and runs down it, on
///   to the sea, a lake or the map's edge;
/// - [constant KIND_ROAD]: with [member DonjournoGenerator.settlements_enabled] on, a road runs
///   along the line on levelled ground, joined to the settlements' network, with bridges where
///   it crosses rivers.
///
/// Editing the curve, moving the node or changing a property regenerates the terrain (coalesced,
/// on a worker, as an inspector edit does). A path with fewer than two points or a value out of
/// range shows a configuration warning naming it, the rebuild fails with the same message and
/// the previous terrain stays. The scene saves the curve and the properties, never the ground
/// they make; [method DonjournoTerrain.get_stamps_json] writes the paths beside the stamps.
#[derive(GodotClass)]
#[class(tool, base = Path3D)]
pub struct DonjournoPath {
    /// What the path does: ridge, valley, river or road.
    #[export(enum = (Ridge = 0, Valley = 1, River = 2, Road = 3))]
    #[var(set = set_kind)]
    kind: i64,
    /// Width across, metres: a ridge's or valley's foot, a river's water at its source (its
    /// channel is twice as wide), a road's levelled bed.
    #[export(range = (0.1, 5000.0, 0.1, or_greater, exp, suffix = "m"))]
    #[var(set = set_width)]
    width: f32,
    /// Height, metres: a ridge's height, a valley's depth, a river channel's depth below the
    /// lowest ground upstream; a road ignores it.
    #[export(range = (0.0, 1000.0, 0.1, or_greater, suffix = "m"))]
    #[var(set = set_height)]
    height: f32,
    base: Base<Path3D>,
}

#[godot_api]
impl IPath3D for DonjournoPath {
    fn init(base: Base<Path3D>) -> Self {
        let d = Path::default();
        DonjournoPath {
            kind: d.kind as i64,
            width: d.width,
            height: d.height,
            base,
        }
    }

    fn ready(&mut self) {
        self.signals()
            .curve_changed()
            .connect_self(Self::on_curve_changed);
    }

    fn on_notification(&mut self, what: Node3DNotification) {
        self.layout_notification(what);
    }

    fn get_configuration_warnings(&self) -> PackedStringArray {
        let name = self.base().get_name().to_string();
        let place = self.terrain().map(|t| {
            let t = t.bind();
            (
                t.stamp_frame().map(|f| (self.path(&f), f)),
                t.settlements_on(),
            )
        });
        warnings(&name, place).iter().map(GString::from).collect()
    }
}

impl LayoutNode for DonjournoPath {}

#[godot_api]
impl DonjournoPath {
    /// The ridge kind of [member kind].
    #[constant]
    pub const KIND_RIDGE: i64 = 0;
    /// The valley kind of [member kind].
    #[constant]
    pub const KIND_VALLEY: i64 = 1;
    /// The river kind of [member kind].
    #[constant]
    pub const KIND_RIVER: i64 = 2;
    /// The road kind of [member kind].
    #[constant]
    pub const KIND_ROAD: i64 = 3;

    /// Sets [member kind] (values out of range are refused with an error).
    #[func]
    pub fn set_kind(&mut self, value: i64) {
        if picks("DonjournoPath", "kind", value, PathKind::ALL.len()) {
            self.kind = value;
            self.changed();
        }
    }

    /// Sets [member width], metres.
    #[func]
    pub fn set_width(&mut self, value: f32) {
        self.width = value;
        self.changed();
    }

    /// Sets [member height], metres.
    #[func]
    pub fn set_height(&mut self, value: f32) {
        self.height = value;
        self.changed();
    }

    /// The curve's points moved, arrived or left.
    fn on_curve_changed(&mut self) {
        self.changed();
    }
}

impl DonjournoPath {
    /// The core's path for a map in `frame`: the curve tessellated (its straight segments as
    /// drawn, its bends in short steps), carried by the node's transform onto the terrain's x
    /// and z axes.
    pub fn path(&self, frame: &StampFrame) -> Path {
        let xf = self.base().get_transform();
        let points = self
            .base()
            .get_curve()
            .map(|c| c.tessellate())
            .unwrap_or_default();
        Path {
            kind: PathKind::ALL[self.kind.clamp(0, 3) as usize],
            points: points
                .as_slice()
                .iter()
                .map(|&p| {
                    let q = xf * p;
                    frame.world([q.x, q.z])
                })
                .collect(),
            width: self.width,
            height: self.height,
        }
    }

    /// A new path node that gives `path` back on a map in `frame` (see [`Self::path`]): its curve
    /// holds the points on the terrain's local axes at height 0.
    pub fn from_path(path: &Path, frame: &StampFrame) -> Gd<Self> {
        let mut node = DonjournoPath::new_alloc();
        let mut curve = Curve3D::new_gd();
        for &p in &path.points {
            let local = frame.local(p);
            curve.add_point(Vector3::new(local[0], 0.0, local[1]));
        }
        {
            let mut s = node.bind_mut();
            s.kind = path.kind as i64;
            s.width = path.width;
            s.height = path.height;
        }
        node.set_curve(&curve);
        node.set_name(&format!("Path{}", capitalised(path.kind)));
        node
    }
}

/// The kind's name with a capital, for node names (`River`).
fn capitalised(kind: PathKind) -> &'static str {
    match kind {
        PathKind::Ridge => "Ridge",
        PathKind::Valley => "Valley",
        PathKind::River => "River",
        PathKind::Road => "Road",
    }
}
