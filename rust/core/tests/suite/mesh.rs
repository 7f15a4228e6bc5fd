//! Mesh sizes, normals, colours, budget and parameter errors.

use donjourno::outputs::mesh::{build_mesh, MeshError, MAX_VERTICES};
use donjourno::params::MeshParams;
use donjourno::{generate, GeneratorParams, Grid};

fn grid(size: u32) -> Grid {
    let mut p = GeneratorParams {
        width: size,
        depth: size + 3,
        ..Default::default()
    };
    p.set_droplet_count(3000);
    generate(&p, Default::default()).unwrap().0
}

#[test]
fn vertex_count_is_width_depth_n_squared_six() {
    let g = grid(24);
    for n in [1, 2, 3, 5] {
        let m = build_mesh(
            &g,
            &MeshParams {
                subdivisions: n,
                ..Default::default()
            },
        )
        .unwrap();
        let expected = g.width() * g.depth() * (n * n) as usize * 6;
        assert_eq!(m.vertex_count(), expected);
        assert_eq!((m.normals.len(), m.colors.len()), (expected, expected));
    }
}

#[test]
fn normals_are_unit_and_face_up_and_match_their_triangle() {
    let g = grid(32);
    let m = build_mesh(
        &g,
        &MeshParams {
            subdivisions: 2,
            roughness_strength: 1.0,
            ..Default::default()
        },
    )
    .unwrap();
    for t in 0..m.triangle_count() {
        let n = m.normals[t * 3];
        let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
        assert!((len - 1.0).abs() < 1e-5, "normal length {len}");
        assert!(n[1] > 0.0, "normal points down");
        assert_eq!(m.normals[t * 3 + 1], n);
        let [a, b, c] = [
            m.positions[t * 3],
            m.positions[t * 3 + 1],
            m.positions[t * 3 + 2],
        ];
        // Clockwise seen from above: the 2-D cross product of (b − a) and (c − a) in the x/z plane
        // with z pointing down the screen is positive.
        let cross = (b[0] - a[0]) * (c[2] - a[2]) - (b[2] - a[2]) * (c[0] - a[0]);
        assert!(cross > 0.0, "triangle {t} is not clockwise");
    }
}

#[test]
fn bounds_follow_cell_size_and_height_scale() {
    let g = grid(20);
    let p = MeshParams {
        subdivisions: 1,
        roughness_strength: 0.0,
        cell_size: 2.0,
        height_scale: 10.0,
        ..Default::default()
    };
    let m = build_mesh(&g, &p).unwrap();
    let (lo, hi) = m.bounds().unwrap();
    assert_eq!((lo[0], lo[2]), (0.0, 0.0));
    assert_eq!((hi[0], hi[2]), (40.0, 46.0));
    assert!(lo[1] >= -1e-3);
    assert!(hi[1] <= g.max_height() * 10.0 + 1e-3 && hi[1] > 0.5 * g.max_height() * 10.0);
}

#[test]
fn colours_are_the_cell_colours() {
    let g = grid(16);
    let n = 2usize;
    let m = build_mesh(
        &g,
        &MeshParams {
            subdivisions: n as u32,
            ..Default::default()
        },
    )
    .unwrap();
    let per_cell = n * n * 6;
    for z in 0..g.depth() {
        for x in 0..g.width() {
            let c = g.color[g.index(x, z)];
            let first = (z * g.width() + x) * per_cell;
            for v in &m.colors[first..first + per_cell] {
                assert_eq!(
                    *v,
                    [
                        f32::from(c[0]) / 255.0,
                        f32::from(c[1]) / 255.0,
                        f32::from(c[2]) / 255.0,
                        1.0
                    ]
                );
            }
        }
    }
}

#[test]
fn shared_vertices_agree_so_the_surface_has_no_cracks() {
    let g = grid(12);
    let m = build_mesh(
        &g,
        &MeshParams {
            subdivisions: 3,
            roughness_strength: 2.0,
            ..Default::default()
        },
    )
    .unwrap();
    let mut heights = std::collections::HashMap::new();
    for p in &m.positions {
        let key = (p[0].to_bits(), p[2].to_bits());
        let h = *heights.entry(key).or_insert(p[1]);
        assert_eq!(h, p[1], "two heights at ({}, {})", p[0], p[2]);
    }
}

#[test]
fn roughness_strength_only_moves_rough_cells() {
    let mut g = grid(24);
    // The generated smooth cells are the low ones, where the jitter vanishes anyway: make the
    // western third of the land smooth too, so that smooth corners above the ground are checked.
    let w = g.width();
    for i in 0..g.len() {
        if i % w < w / 3 {
            g.roughness[i] = 0.0;
        }
    }
    let smooth = build_mesh(
        &g,
        &MeshParams {
            roughness_strength: 0.0,
            ..Default::default()
        },
    )
    .unwrap();
    let rough = build_mesh(
        &g,
        &MeshParams {
            roughness_strength: 1.0,
            ..Default::default()
        },
    )
    .unwrap();
    // At subdivision 1 every vertex is a cell corner; it is rough when one of the (up to four)
    // cells sharing it is.
    let (w, d) = (g.width(), g.depth());
    let corner_is_rough = |cx: usize, cz: usize| {
        (cz.saturating_sub(1)..(cz + 1).min(d)).any(|z| {
            (cx.saturating_sub(1)..(cx + 1).min(w)).any(|x| g.roughness[g.index(x, z)] > 0.0)
        })
    };
    let (mut moved, mut still) = (0, 0);
    for (a, b) in smooth.positions.iter().zip(&rough.positions) {
        assert_eq!(
            (a[0], a[2]),
            (b[0], b[2]),
            "jitter only moves vertices up or down"
        );
        let (cx, cz) = (a[0].round() as usize, a[2].round() as usize);
        assert_eq!(
            (cx as f32, cz as f32),
            (a[0], a[2]),
            "a vertex off the corner lattice"
        );
        if corner_is_rough(cx, cz) {
            moved += usize::from(a[1] != b[1]);
        } else {
            assert_eq!(a[1], b[1], "smooth corner ({cx}, {cz}) moved");
            if a[1] > 0.1 {
                still += 1;
            }
        }
    }
    assert!(moved > 0, "jitter had no effect");
    assert!(
        still > 0,
        "the grid has no smooth corner above the ground: the test checks nothing"
    );
}

#[test]
fn bad_settings_and_budget_are_errors() {
    let g = grid(8);
    for (p, field) in [
        (
            MeshParams {
                subdivisions: 0,
                ..Default::default()
            },
            "subdivisions",
        ),
        (
            MeshParams {
                subdivisions: 65,
                ..Default::default()
            },
            "subdivisions",
        ),
        (
            MeshParams {
                cell_size: 0.0,
                ..Default::default()
            },
            "cell_size",
        ),
        (
            MeshParams {
                roughness_strength: f32::NAN,
                ..Default::default()
            },
            "roughness_strength",
        ),
        (
            MeshParams {
                height_scale: -1.0,
                ..Default::default()
            },
            "height_scale",
        ),
    ] {
        match build_mesh(&g, &p) {
            Err(MeshError::Param(e)) => assert_eq!(e.field, field),
            other => panic!("expected a parameter error for {field}, got {other:?}"),
        }
    }
    let big = Grid::new(1024, 1024);
    let p = MeshParams {
        subdivisions: 5,
        ..Default::default()
    };
    assert!(p.vertex_count(1024, 1024) > MAX_VERTICES);
    let err = build_mesh(&big, &p).unwrap_err();
    assert!(matches!(err, MeshError::OverBudget { .. }));
    assert!(err.to_string().contains("budget"));
    assert_eq!(
        build_mesh(&Grid::new(0, 5), &MeshParams::default()).unwrap_err(),
        MeshError::EmptyGrid
    );
}
