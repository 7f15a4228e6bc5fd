//! The textured ground style's resources: [`DonjournoGroundLayer`](layer::DonjournoGroundLayer),
//! one material's maps, and [`DonjournoGroundTextures`](textures::DonjournoGroundTextures), the
//! seven materials' layers and the texture arrays built from them.

pub mod layer;
pub mod textures;
