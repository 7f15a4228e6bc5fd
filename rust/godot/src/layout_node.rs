//! What a terrain's layout children ([`DonjournoStamp`](crate::stamp::DonjournoStamp),
//! [`DonjournoPath`](crate::path::DonjournoPath) and [`DonjournoSite`](crate::site::DonjournoSite))
//! share: finding their terrain, and asking it for a rebuild when they arrive, leave, move or
//! change.

use crate::terrain::DonjournoTerrain;
use godot::classes::notify::Node3DNotification;
use godot::classes::Node3D;
use godot::obj::{Inherits, WithBaseField};
use godot::prelude::*;

/// Whether `value` picks one of `count` choices of the enum property `class.property`; reports
/// the error (the value is then kept as it was) when not.
pub fn picks(class: &str, property: &str, value: i64, count: usize) -> bool {
    let ok = (0..count as i64).contains(&value);
    if !ok {
        godot_error!(
            "{class}.{property} must be from 0 to {} (got {value}); kept",
            count - 1
        );
    }
    ok
}

/// A child node of a terrain that shapes what it generates.
pub trait LayoutNode: WithBaseField
where
    <Self as GodotClass>::Base: Inherits<Node3D>,
{
    /// The parent terrain, if the node has one.
    fn terrain(&self) -> Option<Gd<DonjournoTerrain>> {
        self.base()
            .upcast_ref::<Node3D>()
            .get_parent()?
            .try_cast::<DonjournoTerrain>()
            .ok()
    }

    /// Tells the parent terrain that its layout changed (deferred, so the terrain is never
    /// borrowed twice), and refreshes the node's warnings.
    fn changed(&mut self) {
        if let Some(mut terrain) = self.terrain() {
            terrain.call_deferred("_on_stamps_changed", &[]);
        }
        if self.base().upcast_ref::<Node3D>().is_inside_tree() {
            self.base_mut()
                .upcast_mut::<Node3D>()
                .update_configuration_warnings();
        }
    }

    /// The node's notifications: entering the tree (which also turns on the local transform's
    /// notification), leaving it and moving are all changes of the layout.
    fn layout_notification(&mut self, what: Node3DNotification) {
        match what {
            Node3DNotification::ENTER_TREE => {
                self.base_mut()
                    .upcast_mut::<Node3D>()
                    .set_notify_local_transform(true);
                self.changed();
            }
            Node3DNotification::EXIT_TREE | Node3DNotification::LOCAL_TRANSFORM_CHANGED => {
                self.changed();
            }
            _ => {}
        }
    }
}
