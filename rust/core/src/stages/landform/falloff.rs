//! The edge falloff: over a border `width` cells wide (the `edge_falloff_width` in metres over the
//! cell size), land fades to a floor (the flat ground for
//! the pool model, the sea bed for the others), so no mountain is cut into a wall at the map edge.
//!
//! A cell `d` cells from the nearest edge (0 on the edge row) keeps `t = smoothstep(d / width)` of
//! its height above the floor: `h' = floor + (h − floor) · t` where `h > floor`.

/// The share of height kept `d` cells in from the edge, over a border `width` cells wide.
pub fn keep(d: usize, width: f32) -> f32 {
    if width <= 0.0 {
        return 1.0;
    }
    let t = (d as f32 / width).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Fades the heights of a `w × d` plane toward `floor` over a border `width` cells wide.
pub fn apply(height: &mut [f32], w: usize, d: usize, width: f32, floor: f32) {
    if width <= 0.0 {
        return;
    }
    for z in 0..d {
        for x in 0..w {
            let edge = x.min(z).min(w - 1 - x).min(d - 1 - z);
            let t = keep(edge, width);
            let h = &mut height[z * w + x];
            if *h > floor {
                *h = floor + (*h - floor) * t;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_sink_to_the_floor_and_the_middle_keeps_its_height() {
        let (w, d) = (20, 12);
        let mut h = vec![1.0f32; w * d];
        h[5 * w + 10] = 0.1;
        apply(&mut h, w, d, 4.0, 0.2);
        assert_eq!(h[0], 0.2);
        assert_eq!(h[3 * w + 19], 0.2, "right edge");
        assert_eq!(h[6 * w + 10], 1.0, "inside the border");
        assert_eq!(h[5 * w + 10], 0.1, "ground below the floor stays");
        assert!(h[2 * w + 10] > 0.2 && h[2 * w + 10] < 1.0);
        assert!(h[w + 10] < h[2 * w + 10]);
    }

    #[test]
    fn zero_width_changes_nothing() {
        let mut h = vec![0.7f32; 9];
        apply(&mut h, 3, 3, 0.0, 0.0);
        assert_eq!(h, vec![0.7; 9]);
    }
}
