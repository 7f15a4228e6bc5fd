//! The rendered river surface: a water level for every river channel cell that never rises
//! downstream.
//!
//! A channel's own water level follows its ground, which may climb a little downstream where the
//! river crosses a dry depression. The surface is the upper envelope of those levels along the flow
//! graph: the highest own level of the cell and of everything downstream of it, down to the lake
//! or sea the river flows into (whose level is fixed). So the surface never rises downstream, the
//! river backs up behind a sill instead of climbing over it, and the water never lies below a
//! channel's own level (its carved bed stays under water). Only `max` is used: exact, the same
//! bits everywhere.

use super::NO_RECEIVER;

/// What a cell is to the river surface.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SurfaceRole {
    /// Not part of the flow network of the surface (dry ground, a widened bank of a river).
    Other,
    /// A river channel cell with its own water level.
    Channel(f32),
    /// Standing water (a lake or the sea) at a fixed level.
    Still(f32),
}

/// The river surface of every channel cell (`None` elsewhere), from the roles of the cells, their
/// receivers and the flood order (every receiver comes before the cells draining into it).
///
/// Guarantees, for every channel cell `i` draining into a channel or still cell `r`:
/// `surface[i] ≥ surface[r]` (the still level for still cells), and `surface[i]` is at least the
/// cell's own level and at most the highest own level met on the way down to the next still water.
pub fn river_surface(roles: &[SurfaceRole], receivers: &[u32], order: &[u32]) -> Vec<Option<f32>> {
    let mut surface: Vec<Option<f32>> = vec![None; roles.len()];
    for &i in order {
        let i = i as usize;
        let SurfaceRole::Channel(own) = roles[i] else {
            continue;
        };
        let r = receivers[i];
        let below = if r == NO_RECEIVER {
            None
        } else {
            match roles[r as usize] {
                SurfaceRole::Still(level) => Some(level),
                SurfaceRole::Channel(_) => surface[r as usize],
                SurfaceRole::Other => None,
            }
        };
        surface[i] = Some(below.map_or(own, |b| own.max(b)));
    }
    surface
}

#[cfg(test)]
mod tests {
    use super::*;
    use SurfaceRole::{Channel, Other, Still};

    #[test]
    fn a_bump_downstream_is_levelled_and_the_lake_holds_the_mouth() {
        // A chain 4 → 3 → 2 → 1 → 0 (lake): own levels 0.9, 0.5, 0.7 (a bump), 0.45, lake 0.5.
        let roles = [
            Still(0.5),
            Channel(0.45),
            Channel(0.7),
            Channel(0.5),
            Channel(0.9),
        ];
        let receivers = [NO_RECEIVER, 0, 1, 2, 3];
        let s = river_surface(&roles, &receivers, &[0, 1, 2, 3, 4]);
        assert_eq!(s[0], None);
        let s: Vec<f32> = s[1..].iter().map(|v| v.unwrap()).collect();
        for k in 1..s.len() {
            assert!(s[k] >= s[k - 1], "rises downstream: {s:?}");
        }
        assert!(s[0] >= 0.5, "the mouth stays at the lake level: {s:?}");
        assert_eq!(
            s,
            vec![0.5, 0.7, 0.7, 0.9],
            "the river backs up behind the bump"
        );
        // A lone channel keeps its level; other cells have none.
        let lone = river_surface(&[Channel(0.3), Other], &[NO_RECEIVER; 2], &[0, 1]);
        assert_eq!(lone, vec![Some(0.3), None]);
    }
}
