//! `DonjournoStamp`: a shape a designer places on a terrain, as a child node; its plain logic is
//! in [`logic`].

pub mod logic;

pub use logic::{content_key, warnings, StampFrame};

use crate::layout_node::{picks, LayoutNode};
use donjourno::params::stamps::{Stamp, StampBlend, StampFalloff, StampKind};
use godot::classes::notify::Node3DNotification;
use godot::classes::{INode3D, Node3D};
use godot::prelude::*;

/// A shape laid on its parent [DonjournoTerrain]'s ground before erosion: a mountain, a basin
/// that fills as a lake, a plateau at a level, a crater or rough ground.
///
/// [member kind] picks the shape ([constant KIND_RAISE], [constant KIND_LOWER],
/// [constant KIND_FLATTEN], [constant KIND_CRATER], [constant KIND_ROUGHEN]). Rivers run round a
/// stamped range, its lee side turns dry, forests and towns follow the new ground.
///
/// Its position on the terrain's x and z axes places it; [member radius] and [member height] are
/// in metres; scaling the node along x or z stretches its footprint into an ellipse, and turning
/// it about y turns the ellipse. Moving, scaling or editing a stamp regenerates the terrain
/// (coalesced, on a worker, as an inspector edit does), and so do adding and removing one. A
/// stamp with a value out of range shows a configuration warning naming it, the rebuild fails
/// with the same message and the previous terrain stays; a stamp off the map shows a warning
/// too, and shapes nothing.
///
/// The scene saves the stamp's few properties, never the ground it makes.
/// [method DonjournoTerrain.get_stamps_json] writes a terrain's stamps as the JSON the command
/// line reads with `--stamps`.
#[derive(GodotClass)]
#[class(tool, base = Node3D)]
pub struct DonjournoStamp {
    /// What the stamp does: raise, lower, flatten, crater or roughen.
    #[export(enum = (Raise = 0, Lower = 1, Flatten = 2, Crater = 3, Roughen = 4))]
    #[var(set = set_kind)]
    kind: i64,
    /// Radius of its footprint, metres (times the node's scale along x and z).
    #[export(range = (0.1, 20000.0, 0.1, or_greater, exp, suffix = "m"))]
    #[var(set = set_radius)]
    radius: f32,
    /// Height at its centre, metres: how far a raise lifts, a lower sinks, a crater's bowl goes
    /// down or rough ground's bumps rise. For a flatten, the plateau's level on the terrain's y
    /// axis.
    #[export(range = (-1000.0, 1000.0, 0.1, or_greater, or_less, suffix = "m"))]
    #[var(set = set_height)]
    height: f32,
    /// How its weight falls from the centre to the rim: smooth, linear (a cone), dome or plateau.
    #[export(enum = (Smooth = 0, Linear = 1, Dome = 2, Plateau = 3))]
    #[var(set = set_falloff)]
    falloff: i64,
    /// How its shape meets the ground: add its relief, keep the higher (fill) or the lower (cut),
    /// or replace the ground.
    #[export(enum = (Add = 0, Max = 1, Min = 2, Replace = 3))]
    #[var(set = set_blend)]
    blend: i64,
    /// How far it moves the ground towards its shape, from 0 (not at all) to 1.
    #[export(range = (0.0, 1.0, 0.01))]
    #[var(set = set_strength)]
    strength: f32,
    base: Base<Node3D>,
}

#[godot_api]
impl INode3D for DonjournoStamp {
    fn init(base: Base<Node3D>) -> Self {
        let d = Stamp::default();
        DonjournoStamp {
            kind: d.kind as i64,
            radius: d.radius,
            height: d.height,
            falloff: d.falloff as i64,
            blend: d.blend as i64,
            strength: d.strength,
            base,
        }
    }

    fn on_notification(&mut self, what: Node3DNotification) {
        self.layout_notification(what);
    }

    fn get_configuration_warnings(&self) -> PackedStringArray {
        let name = self.base().get_name().to_string();
        let place = self.terrain().map(|t| {
            t.bind()
                .stamp_frame()
                .map(|frame| (self.stamp(&frame), frame))
        });
        warnings(&name, place).iter().map(GString::from).collect()
    }
}

impl LayoutNode for DonjournoStamp {}

#[godot_api]
impl DonjournoStamp {
    /// The raise kind of [member kind]: a mountain.
    #[constant]
    pub const KIND_RAISE: i64 = 0;
    /// The lower kind of [member kind]: a basin, which fills as a lake.
    #[constant]
    pub const KIND_LOWER: i64 = 1;
    /// The flatten kind of [member kind]: a plateau at the level [member height].
    #[constant]
    pub const KIND_FLATTEN: i64 = 2;
    /// The crater kind of [member kind]: a bowl inside a raised rim.
    #[constant]
    pub const KIND_CRATER: i64 = 3;
    /// The roughen kind of [member kind]: noise over the footprint.
    #[constant]
    pub const KIND_ROUGHEN: i64 = 4;

    /// Sets [member kind] (values out of range are refused with an error).
    #[func]
    pub fn set_kind(&mut self, value: i64) {
        if picks("DonjournoStamp", "kind", value, StampKind::ALL.len()) {
            self.kind = value;
            self.changed();
        }
    }

    /// Sets [member radius], metres.
    #[func]
    pub fn set_radius(&mut self, value: f32) {
        self.radius = value;
        self.changed();
    }

    /// Sets [member height], metres.
    #[func]
    pub fn set_height(&mut self, value: f32) {
        self.height = value;
        self.changed();
    }

    /// Sets [member falloff] (values out of range are refused with an error).
    #[func]
    pub fn set_falloff(&mut self, value: i64) {
        if picks("DonjournoStamp", "falloff", value, StampFalloff::ALL.len()) {
            self.falloff = value;
            self.changed();
        }
    }

    /// Sets [member blend] (values out of range are refused with an error).
    #[func]
    pub fn set_blend(&mut self, value: i64) {
        if picks("DonjournoStamp", "blend", value, StampBlend::ALL.len()) {
            self.blend = value;
            self.changed();
        }
    }

    /// Sets [member strength], 0 to 1.
    #[func]
    pub fn set_strength(&mut self, value: f32) {
        self.strength = value;
        self.changed();
    }
}

impl DonjournoStamp {
    /// A new stamp node that gives `stamp` back on a map in `frame` (see [`Self::stamp`]).
    pub fn from_stamp(stamp: &Stamp, frame: &StampFrame) -> Gd<Self> {
        let mut node = DonjournoStamp::new_alloc();
        let local = frame.local(stamp.position);
        let basis = Basis::from_euler(
            EulerOrder::YXZ,
            Vector3::new(0.0, stamp.rotation_degrees.to_radians(), 0.0),
        ) * Basis::from_scale(Vector3::new(stamp.scale[0], 1.0, stamp.scale[1]));
        {
            let mut s = node.bind_mut();
            s.kind = stamp.kind as i64;
            s.radius = stamp.radius;
            s.height = stamp.height;
            s.falloff = stamp.falloff as i64;
            s.blend = stamp.blend as i64;
            s.strength = stamp.strength;
        }
        node.set_transform(Transform3D::new(
            basis,
            Vector3::new(local[0], 0.0, local[1]),
        ));
        node.set_name(&format!("Stamp{}", capitalised(stamp.kind)));
        node
    }

    /// The core's stamp for a map in `frame`, from the node's properties and its transform on
    /// its parent.
    pub fn stamp(&self, frame: &StampFrame) -> Stamp {
        let xf = self.base().get_transform();
        let scale = xf.basis.get_scale();
        let turn = xf.basis.orthonormalized().get_euler().y;
        Stamp {
            kind: StampKind::ALL[self.kind.clamp(0, 4) as usize],
            position: frame.world([xf.origin.x, xf.origin.z]),
            radius: self.radius,
            height: self.height,
            falloff: StampFalloff::ALL[self.falloff.clamp(0, 3) as usize],
            blend: StampBlend::ALL[self.blend.clamp(0, 3) as usize],
            strength: self.strength,
            scale: [scale.x, scale.z],
            rotation_degrees: turn.to_degrees(),
        }
    }
}

/// The kind's name with a capital, for node names (`Raise`).
fn capitalised(kind: StampKind) -> &'static str {
    match kind {
        StampKind::Raise => "Raise",
        StampKind::Lower => "Lower",
        StampKind::Flatten => "Flatten",
        StampKind::Crater => "Crater",
        StampKind::Roughen => "Roughen",
    }
}
