//! The species the scatter places (the world design's scatter): eight plants and the boulder, each with the
//! climate and slope it tolerates and its size in metres (the same at every cell size).

/// A species of the scatter, numbered in the order scripts see them (`SPECIES_CONIFER` = 0 …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Species {
    /// Spruce and pine: stacked cones.
    Conifer = 0,
    /// Oak, beech, maple, cypress: a round, lumpy crown.
    Broadleaf = 1,
    /// Birch: a thin white trunk under a narrow crown.
    Birch = 2,
    /// Palm: a bent trunk with drooping fronds.
    Palm = 3,
    /// Acacia: a forked trunk under a flat crown.
    Acacia = 4,
    /// A dead snag: a bare grey trunk with broken branches.
    DeadSnag = 5,
    /// Cactus: a column with arms.
    Cactus = 6,
    /// Shrub: a low cluster of foliage.
    Shrub = 7,
    /// Boulder: a displaced icosphere (on slopes, and as scree below cliffs).
    Boulder = 8,
}

/// How many species there are.
pub const SPECIES_COUNT: usize = 9;

/// What a species tolerates and how big it grows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpeciesInfo {
    /// The species.
    pub species: Species,
    /// Its name, as scripts, statistics and legends show it.
    pub name: &'static str,
    /// Whether it is a tree (trees never stand on glacier, in hot desert or on a barren biome).
    pub tree: bool,
    /// The heights it grows to, metres: the smallest and the tallest instance.
    pub height: (f32, f32),
    /// The widths of its crown (or of the rock), metres, at the smallest and at the tallest
    /// instance: the crown widens with the height between them.
    pub crown: (f32, f32),
    /// The steepest slope it grows on, metres per metre (it thins out from 70 % of this).
    pub max_slope: f32,
    /// The moisture range it grows in (soft edges of [`MOISTURE_EDGE`]).
    pub moisture: (f32, f32),
    /// The temperature range it grows in, °C (soft edges of [`TEMPERATURE_EDGE`]).
    pub temperature: (f32, f32),
}

/// The closest two trunks of a closed stand, in crown widths: crowns touch and interlock (the
/// nearest neighbours of a Poisson-disk set lie about 1.2 radii apart).
pub const CROWN_SPACING: f32 = 0.7;

impl SpeciesInfo {
    /// The height and crown width, metres, of an instance `t` of the way (`0..=1`) from the
    /// smallest to the tallest of the species.
    pub fn size_at(&self, t: f32) -> (f32, f32) {
        let t = t.clamp(0.0, 1.0);
        let lerp = |(lo, hi): (f32, f32)| lo + (hi - lo) * t;
        (lerp(self.height), lerp(self.crown))
    }

    /// The smallest distance between two instances of the species, metres (the Poisson-disk
    /// radius of its candidate points): [`CROWN_SPACING`] of the crown width of a middling
    /// instance, the trunk spacing of a closed stand.
    pub fn spacing(&self) -> f32 {
        CROWN_SPACING * self.size_at(0.5).1
    }
}

/// Width of the soft edge of a moisture range.
pub const MOISTURE_EDGE: f32 = 0.06;
/// Width of the soft edge of a temperature range, °C.
pub const TEMPERATURE_EDGE: f32 = 3.0;

const fn info(
    species: Species,
    name: &'static str,
    tree: bool,
    size: [(f32, f32); 2],
    max_slope: f32,
    moisture: (f32, f32),
    temperature: (f32, f32),
) -> SpeciesInfo {
    SpeciesInfo {
        species,
        name,
        tree,
        height: size[0],
        crown: size[1],
        max_slope,
        moisture,
        temperature,
    }
}

/// Every species, in id order.
pub const SPECIES: [SpeciesInfo; SPECIES_COUNT] = [
    info(
        Species::Conifer,
        "conifer",
        true,
        [(8.0, 30.0), (3.0, 8.0)],
        0.9,
        (0.25, 1.0),
        (-12.0, 22.0),
    ),
    info(
        Species::Broadleaf,
        "broadleaf",
        true,
        [(6.0, 25.0), (5.0, 16.0)],
        0.7,
        (0.3, 1.0),
        (0.0, 36.0),
    ),
    info(
        Species::Birch,
        "birch",
        true,
        [(8.0, 22.0), (3.0, 7.0)],
        0.7,
        (0.3, 1.0),
        (-10.0, 16.0),
    ),
    info(
        Species::Palm,
        "palm",
        true,
        [(6.0, 20.0), (5.0, 9.0)],
        0.5,
        (0.2, 1.0),
        (18.0, 50.0),
    ),
    info(
        Species::Acacia,
        "acacia",
        true,
        [(4.0, 12.0), (6.0, 15.0)],
        0.5,
        (0.1, 0.75),
        (15.0, 50.0),
    ),
    info(
        Species::DeadSnag,
        "dead snag",
        true,
        [(4.0, 18.0), (1.5, 5.0)],
        1.0,
        (0.0, 1.0),
        (-30.0, 60.0),
    ),
    info(
        Species::Cactus,
        "cactus",
        false,
        [(1.0, 12.0), (0.5, 3.5)],
        0.8,
        (0.0, 0.35),
        (12.0, 60.0),
    ),
    info(
        Species::Shrub,
        "shrub",
        false,
        [(0.5, 3.0), (0.8, 3.0)],
        1.0,
        (0.03, 1.0),
        (-20.0, 50.0),
    ),
    info(
        Species::Boulder,
        "boulder",
        false,
        [(0.5, 4.0), (0.7, 5.0)],
        9.0,
        (0.0, 1.0),
        (-60.0, 60.0),
    ),
];

impl Species {
    /// Every species, in id order.
    pub const ALL: [Species; SPECIES_COUNT] = [
        Species::Conifer,
        Species::Broadleaf,
        Species::Birch,
        Species::Palm,
        Species::Acacia,
        Species::DeadSnag,
        Species::Cactus,
        Species::Shrub,
        Species::Boulder,
    ];

    /// The species of an id, if there is one.
    pub fn from_id(id: u8) -> Option<Species> {
        Species::ALL.get(id as usize).copied()
    }

    /// Its row of [`SPECIES`].
    pub fn info(self) -> &'static SpeciesInfo {
        &SPECIES[self as usize]
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Whether it is a tree.
    pub fn is_tree(self) -> bool {
        self.info().tree
    }

    /// How well it grows at `slope` (m/m), `moisture` and `temperature` (°C), 0–1; boulders favour
    /// slopes instead of fearing them ([`crate::stages::scatter::place`] adds the scree).
    pub fn tolerance(self, slope: f32, moisture: f32, temperature: f32) -> f32 {
        let i = self.info();
        let band = |lo: f32, hi: f32, edge: f32, v: f32| {
            ramp(lo - edge, lo + edge, v) * (1.0 - ramp(hi - edge, hi + edge, v))
        };
        let slope_factor = if self == Species::Boulder {
            0.25 + ramp(0.15, 0.8, slope)
        } else {
            1.0 - ramp(0.7 * i.max_slope, i.max_slope, slope)
        };
        slope_factor
            * band(i.moisture.0, i.moisture.1, MOISTURE_EDGE, moisture)
            * band(
                i.temperature.0,
                i.temperature.1,
                TEMPERATURE_EDGE,
                temperature,
            )
    }
}

/// `0` at or below `lo`, `1` at or above `hi`, smooth between.
#[inline]
pub(crate) fn ramp(lo: f32, hi: f32, v: f32) -> f32 {
    let t = ((v - lo) / (hi - lo)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_follow_the_table() {
        for (i, s) in Species::ALL.iter().enumerate() {
            assert_eq!(*s as usize, i);
            assert_eq!(SPECIES[i].species, *s);
            assert_eq!(Species::from_id(i as u8), Some(*s));
        }
        assert_eq!(Species::from_id(SPECIES_COUNT as u8), None);
        assert!(!Species::Cactus.is_tree() && Species::Palm.is_tree());
    }

    #[test]
    fn sizes_are_in_metres_within_each_species_range() {
        // The heights a species reaches, metres, and the widest crown it may have.
        let bounds = |s: Species| match s {
            Species::Conifer => ((8.0, 30.0), 10.0),
            Species::Broadleaf => ((6.0, 25.0), 20.0),
            Species::Birch => ((5.0, 25.0), 10.0),
            Species::Palm => ((4.0, 25.0), 12.0),
            Species::Acacia => ((3.0, 15.0), 20.0),
            Species::DeadSnag => ((3.0, 25.0), 8.0),
            Species::Cactus => ((1.0, 12.0), 5.0),
            Species::Shrub => ((0.5, 3.0), 4.0),
            Species::Boulder => ((0.5, 4.0), 6.0),
        };
        for s in Species::ALL {
            let i = s.info();
            let ((lo, hi), widest) = bounds(s);
            assert!(
                lo <= i.height.0 && i.height.0 < i.height.1 && i.height.1 <= hi,
                "{s:?}"
            );
            assert!(
                0.3 <= i.crown.0 && i.crown.0 < i.crown.1 && i.crown.1 <= widest,
                "{s:?}"
            );
            assert_eq!(i.size_at(0.0), (i.height.0, i.crown.0));
            assert_eq!(i.size_at(1.0), (i.height.1, i.crown.1));
            let spacing = i.spacing();
            assert!(0.5 * i.crown.0 < spacing && spacing < i.crown.1, "{s:?}");
        }
        // Trees stand taller than shrubs, cacti and boulders.
        let tallest_small = [Species::Shrub, Species::Boulder].map(|s| s.info().height.1);
        for s in Species::ALL.iter().filter(|s| s.is_tree()) {
            assert!(
                tallest_small.iter().all(|h| s.info().height.1 > 2.0 * h),
                "{s:?}"
            );
        }
    }

    #[test]
    fn tolerance_follows_the_limits() {
        assert!(Species::Cactus.tolerance(0.1, 0.1, 30.0) > 0.9);
        assert_eq!(Species::Cactus.tolerance(0.1, 0.8, 30.0), 0.0);
        assert_eq!(Species::Palm.tolerance(0.1, 0.6, 0.0), 0.0);
        assert_eq!(Species::Conifer.tolerance(2.0, 0.6, 5.0), 0.0);
        assert!(
            Species::Boulder.tolerance(1.0, 0.5, 5.0) > Species::Boulder.tolerance(0.0, 0.5, 5.0)
        );
    }
}
