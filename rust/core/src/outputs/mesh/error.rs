//! Why a mesh cannot be built.

#[cfg(doc)]
use super::{MAX_STREAMED_VERTICES, MAX_VERTICES};
use thiserror::Error;

/// Why a mesh cannot be built.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum MeshError {
    /// A mesh parameter is out of range.
    #[error(transparent)]
    Param(#[from] crate::params::ParamError),
    /// The mesh would exceed [`MAX_VERTICES`].
    #[error("the mesh would have {vertices} vertices ({width}×{depth} cells × {subdivisions}² × 6{}), above the budget of {max}; lower subdivisions or the map size", base_note(.base))]
    OverBudget {
        /// Requested vertex count.
        vertices: u64,
        /// The budget ([`MAX_VERTICES`], or [`MAX_STREAMED_VERTICES`] for a map in chunks).
        max: u64,
        /// Vertices of the diorama base among them (0 without it).
        base: u64,
        /// Grid width.
        width: usize,
        /// Grid depth.
        depth: usize,
        /// Requested subdivisions.
        subdivisions: u32,
    },
    /// The grid has no cells.
    #[error("the grid is empty")]
    EmptyGrid,
    /// A caller-provided vertex buffer (see [`crate::outputs::godot_surface`]) has the wrong size.
    #[error("the {stream} stream has {got} bytes, expected {expected}")]
    StreamSize {
        /// Which stream.
        stream: &'static str,
        /// Bytes needed.
        expected: usize,
        /// Bytes given.
        got: usize,
    },
}

/// The diorama base's share of an over-budget message.
fn base_note(base: &u64) -> String {
    match *base {
        0 => String::new(),
        _ => format!(" + {base} of the diorama base"),
    }
}
