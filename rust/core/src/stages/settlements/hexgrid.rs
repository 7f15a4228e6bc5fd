//! A planar grid of pointy-top hexagons in axial coordinates `(q, r)`, standing in for H3: each
//! cell of the map falls in one hexagon, and hexagons have rings of neighbours.

/// One hexagon, in axial coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hex {
    /// Axial column.
    pub q: i32,
    /// Axial row.
    pub r: i32,
}

/// The six axial directions.
const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

impl Hex {
    /// Hex distance: the fewest steps between two hexagons.
    pub fn distance(self, other: Hex) -> i32 {
        let (dq, dr) = (self.q - other.q, self.r - other.r);
        (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
    }

    /// The squared distance between the centres of this hexagon and `other`, in squared
    /// hexagon radii over 3: a whole number, the same on every cell size.
    pub fn centre_distance2(self, other: Hex) -> i64 {
        let (dq, dr) = (i64::from(self.q - other.q), i64::from(self.r - other.r));
        dq * dq + dq * dr + dr * dr
    }

    /// Every hexagon within `radius` steps, this one included, in a fixed order.
    pub fn within(self, radius: i32) -> impl Iterator<Item = Hex> {
        (-radius..=radius).flat_map(move |dq| {
            let lo = (-radius).max(-dq - radius);
            let hi = radius.min(-dq + radius);
            (lo..=hi).map(move |dr| Hex {
                q: self.q + dq,
                r: self.r + dr,
            })
        })
    }

    /// The six neighbours.
    pub fn neighbours(self) -> [Hex; 6] {
        DIRECTIONS.map(|(dq, dr)| Hex {
            q: self.q + dq,
            r: self.r + dr,
        })
    }
}

/// Hexagons of one size laid over the map's plane (cell units, `x` right and `z` down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HexGrid {
    /// Centre-to-corner size, cells.
    pub size: f32,
}

impl HexGrid {
    /// The hexagon holding point `(x, z)`.
    pub fn hex_of(&self, x: f32, z: f32) -> Hex {
        let q = (3f32.sqrt() / 3.0 * x - z / 3.0) / self.size;
        let r = (2.0 / 3.0 * z) / self.size;
        round(q, r)
    }

    /// The centre of a hexagon.
    pub fn centre(&self, h: Hex) -> [f32; 2] {
        let (q, r) = (h.q as f32, h.r as f32);
        [self.size * 3f32.sqrt() * (q + r / 2.0), self.size * 1.5 * r]
    }
}

/// The hexagon of fractional axial coordinates: cube rounding.
fn round(q: f32, r: f32) -> Hex {
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Hex {
        q: rq as i32,
        r: rr as i32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centres_fall_in_their_own_hexagon() {
        let g = HexGrid { size: 7.0 };
        for q in -4..5 {
            for r in -4..5 {
                let h = Hex { q, r };
                let [x, z] = g.centre(h);
                assert_eq!(g.hex_of(x, z), h);
                assert_eq!(g.hex_of(x + 3.0, z - 2.0), h, "inside the inner circle");
            }
        }
    }

    #[test]
    fn rings_hold_the_hexagonal_numbers() {
        let o = Hex { q: 2, r: -1 };
        assert_eq!(o.within(0).count(), 1);
        assert_eq!(o.within(1).count(), 7);
        assert_eq!(o.within(4).count(), 61);
        assert!(o.within(3).all(|h| h.distance(o) <= 3));
        assert!(o.neighbours().iter().all(|h| h.distance(o) == 1));
    }
}
