//! Endless worlds: the stream of tiles around the stream target ([`endless`]), the worker that
//! builds them ([`tiles`]), their nodes ([`tile_nodes`]) and where the stream target stands
//! ([`target`]).

pub mod endless;
pub mod target;
pub mod tile_nodes;
pub mod tile_style;
pub mod tiles;
