//! Display what a build built: presenting it ([`present`]), handing its surface to Godot's
//! arrays ([`upload`], [`surface_queue`]), what the node shows ([`shown`]), its internal
//! children ([`children`]) and the visibility ranges under an orthographic camera ([`ranges`]).

pub mod children;
pub mod present;
pub mod ranges;
pub mod shown;
pub mod surface_queue;
pub mod upload;
