//! The golden cases of the designer's layout: stamps of every kind on the pool and land models,
//! and the documented layout of a valley (a stamp, paths and a site) on the default map.

use super::Case;
use donjourno::params::layout;
use donjourno::{ExternalInputs, GeneratorParams, MeshParams};

/// Stamps of every kind, falloff and blend: on the default map (the pool model) and on the
/// Continent preset (the land models).
pub(super) fn stamp_cases(mesh: MeshParams) -> Vec<Case> {
    use donjourno::params::stamps::{Stamp, StampBlend, StampFalloff, StampKind};
    let pool = vec![
        Stamp {
            position: [40.0, 88.0],
            radius: 28.0,
            height: 25.0,
            scale: [1.2, 0.8],
            rotation_degrees: 30.0,
            ..Default::default()
        },
        Stamp {
            kind: StampKind::Lower,
            position: [96.0, 34.0],
            radius: 18.0,
            height: 8.0,
            falloff: StampFalloff::Linear,
            ..Default::default()
        },
        Stamp {
            kind: StampKind::Crater,
            position: [95.0, 98.0],
            radius: 16.0,
            height: 8.0,
            falloff: StampFalloff::Dome,
            blend: StampBlend::Max,
            ..Default::default()
        },
        Stamp {
            kind: StampKind::Roughen,
            position: [60.0, 60.0],
            radius: 30.0,
            height: 3.0,
            strength: 0.7,
            ..Default::default()
        },
    ];
    let land = vec![
        Stamp {
            position: [3000.0, 5000.0],
            radius: 1200.0,
            height: 700.0,
            scale: [0.6, 2.0],
            blend: StampBlend::Max,
            ..Default::default()
        },
        Stamp {
            kind: StampKind::Flatten,
            position: [6500.0, 4000.0],
            radius: 900.0,
            height: 120.0,
            falloff: StampFalloff::Plateau,
            blend: StampBlend::Replace,
            ..Default::default()
        },
        Stamp {
            kind: StampKind::Lower,
            position: [5000.0, 7500.0],
            radius: 700.0,
            height: 60.0,
            blend: StampBlend::Min,
            ..Default::default()
        },
    ];
    [("default", pool), ("continent", land)]
        .into_iter()
        .filter_map(|(preset, stamps)| {
            Some(Case {
                name: format!("stamps:preset={preset}"),
                params: GeneratorParams::preset(preset)?,
                mesh,
                inputs: ExternalInputs {
                    stamps,
                    ..Default::default()
                },
                water: false,
            })
        })
        .collect()
}

/// The layout of `docs/figures/layout_valley.json` (a stamped mountain, a valley with a river and
/// a road drawn along it, and a pinned town) on the demo's map (seed 42, heights 24 m per unit)
/// with settlements.
pub(super) fn path_cases(mesh: MeshParams) -> Result<Vec<Case>, String> {
    let text = include_str!("../../../../docs/figures/layout_valley.json");
    let read = layout::from_json(text).map_err(|e| format!("layout_valley.json: {e}"))?;
    let mut params = GeneratorParams {
        seed: 42,
        height_scale: 24.0,
        ..Default::default()
    };
    params.settlements.enabled = true;
    Ok(vec![Case {
        name: "layout:seed=42,height_scale=24,settlements=on".into(),
        params,
        mesh,
        inputs: ExternalInputs {
            stamps: read.stamps,
            paths: read.paths,
            sites: read.sites,
            ..Default::default()
        },
        water: false,
    }])
}
