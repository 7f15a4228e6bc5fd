//! What one declared parameter is, and what can be done with a declaration: read and write it on
//! its struct, check it, parse it from text and describe it.
//!
//! The declarations themselves are in [`declare`](super::declare); the JSON format, the command
//! line, the Godot properties and the reference tables are all derived from them.

use super::entry::Declared;
use super::ParamError;

/// A parameter's value, in the parameter's own type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// An on/off switch.
    Bool(bool),
    /// A 32-bit count or size.
    U32(u32),
    /// A 64-bit whole number (the seed).
    U64(u64),
    /// A real number.
    F32(f32),
    /// The index of one of a list of choices.
    Choice(usize),
}

/// A parameter's type, as the front ends see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `true` or `false`.
    Bool,
    /// A whole number in `0..=u32::MAX`.
    U32,
    /// A whole number in `0..=u64::MAX`.
    U64,
    /// A 32-bit float.
    F32,
    /// One of a list of names (snake_case identifiers).
    Choice(&'static [&'static str]),
}

/// Where a parameter lives in its struct `S`: a reader and a writer of the field.
pub enum Access<S: 'static> {
    /// A `bool` field.
    Bool(fn(&S) -> &bool, fn(&mut S) -> &mut bool),
    /// A `u32` field.
    U32(fn(&S) -> &u32, fn(&mut S) -> &mut u32),
    /// A `u64` field.
    U64(fn(&S) -> &u64, fn(&mut S) -> &mut u64),
    /// An `f32` field.
    F32(fn(&S) -> &f32, fn(&mut S) -> &mut f32),
    /// An enum field, seen as an index into its names.
    Choice(&'static [&'static str], fn(&S) -> usize, fn(&mut S, usize)),
}

/// The accepted interval of a number; each end is open or closed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Range {
    /// Lower end.
    pub lo: f64,
    /// Upper end.
    pub hi: f64,
    /// The lower end itself is excluded.
    pub lo_open: bool,
    /// The upper end itself is excluded.
    pub hi_open: bool,
}

impl Range {
    /// `[lo, hi]`.
    pub const fn closed(lo: f64, hi: f64) -> Self {
        Range {
            lo,
            hi,
            lo_open: false,
            hi_open: false,
        }
    }

    /// `(lo, hi]`.
    pub const fn open_closed(lo: f64, hi: f64) -> Self {
        Range {
            lo,
            hi,
            lo_open: true,
            hi_open: false,
        }
    }

    /// Whether `v` lies inside (never true for NaN).
    pub fn contains(&self, v: f64) -> bool {
        let above = if self.lo_open {
            v > self.lo
        } else {
            v >= self.lo
        };
        let below = if self.hi_open {
            v < self.hi
        } else {
            v <= self.hi
        };
        above && below
    }
}

impl std::fmt::Display for Range {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (open, close) = (
            if self.lo_open { '(' } else { '[' },
            if self.hi_open { ')' } else { ']' },
        );
        write!(f, "{open}{}, {}{close}", self.lo, self.hi)
    }
}

/// The editor slider of a number, where it differs from the accepted range (a slider that ends
/// below the accepted maximum lets one type larger values).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slider {
    /// Left end.
    pub lo: f64,
    /// Right end.
    pub hi: f64,
    /// Step.
    pub step: f64,
    /// Exponential scale (for ranges spanning several orders of magnitude).
    pub exp: bool,
}

impl Slider {
    /// A linear slider.
    pub const fn new(lo: f64, hi: f64, step: f64) -> Self {
        Slider {
            lo,
            hi,
            step,
            exp: false,
        }
    }

    /// An exponential slider.
    pub const fn exp(lo: f64, hi: f64, step: f64) -> Self {
        Slider {
            lo,
            hi,
            step,
            exp: true,
        }
    }
}

/// A unit: its name in prose and tables, and the short suffix an editor shows (may be empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Name in prose (`height units`); empty for plain numbers.
    pub name: &'static str,
    /// Editor suffix (`m`, `cells`); empty for none.
    pub suffix: &'static str,
}

impl Unit {
    /// A unit named `name`, shown as `suffix` in an editor.
    pub const fn new(name: &'static str, suffix: &'static str) -> Self {
        Unit { name, suffix }
    }
}

/// A group of parameters: an inspector group, and a nested JSON object when it has a prefix.
#[derive(Debug, PartialEq, Eq)]
pub struct Group {
    /// Title in the inspector and in tables (`Erosion`).
    pub title: &'static str,
    /// Prefix of its parameters' names and key of its JSON object (`erosion`), or empty when its
    /// parameters sit at the top level.
    pub prefix: &'static str,
}

impl Group {
    /// A group titled `title` whose parameters' names start with `prefix` and `_`.
    pub const fn new(title: &'static str, prefix: &'static str) -> Self {
        Group { title, prefix }
    }
}

/// An old name that keeps working, hidden from help and documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alias {
    /// An old JSON path (`terrain.erosion.dt`).
    Json(&'static str),
    /// An old command-line flag without its dashes (`droplets`), taking a value.
    Flag(&'static str),
    /// An old command-line switch without its dashes (`no-lakes`) that turns a `bool` off.
    OffFlag(&'static str),
    /// An old parameter of the same group measured in cells, by its old name (Godot property,
    /// JSON key after the group prefix, and in kebab-case the command-line flag): its value times
    /// `cell_size^power` is this parameter's value (see [`super::cells`]).
    Cells {
        /// The old name (`water_river_threshold`).
        name: &'static str,
        /// Older command-line flags of the same value in cells, without their dashes.
        flags: &'static [&'static str],
        /// The power of the cell size: 1 for a length, 2 for an area, −2 for a count per cell.
        power: i32,
    },
    /// An old count over the whole map, by its old name (as for [`Alias::Cells`]): the count
    /// divided by the map's cells is this parameter's value, a density.
    Count {
        /// The old name (`erosion_droplets`).
        name: &'static str,
        /// Older JSON paths of the same count.
        json: &'static [&'static str],
        /// Older command-line flags of the same count, without their dashes.
        flags: &'static [&'static str],
    },
}

/// One declared parameter of the struct `S`.
pub struct Param<S: 'static> {
    /// The one name: Godot property, JSON key (after the group prefix) and, in kebab-case, the
    /// command-line flag.
    pub name: &'static str,
    /// Its group.
    pub group: &'static Group,
    /// Its field.
    pub access: Access<S>,
    /// Its default (of the field's type).
    pub default: Value,
    /// Accepted values of a number; `None`: every value of the type.
    pub range: Option<Range>,
    /// The editor slider of a number; `None` for switches and choices.
    pub slider: Option<Slider>,
    /// Its unit.
    pub unit: Unit,
    /// One line of documentation (a sentence, without range or default).
    pub doc: &'static str,
    /// Old names that keep working.
    pub aliases: &'static [Alias],
}

impl<S> Param<S> {
    /// The value in `s`.
    pub fn get(&self, s: &S) -> Value {
        match self.access {
            Access::Bool(get, _) => Value::Bool(*get(s)),
            Access::U32(get, _) => Value::U32(*get(s)),
            Access::U64(get, _) => Value::U64(*get(s)),
            Access::F32(get, _) => Value::F32(*get(s)),
            Access::Choice(_, get, _) => Value::Choice(get(s)),
        }
    }

    /// Stores `v` in `s` (unchecked: see [`Param::check`]); a value of another type is an error.
    pub fn set(&self, s: &mut S, v: Value) -> Result<(), ParamError> {
        match (&self.access, v) {
            (Access::Bool(_, field), Value::Bool(v)) => *field(s) = v,
            (Access::U32(_, field), Value::U32(v)) => *field(s) = v,
            (Access::U64(_, field), Value::U64(v)) => *field(s) = v,
            (Access::F32(_, field), Value::F32(v)) => *field(s) = v,
            (Access::Choice(names, _, set), Value::Choice(i)) if i < names.len() => set(s, i),
            _ => return Err(self.error(&self.show(v))),
        }
        Ok(())
    }

    /// Checks the value in `s`: its finiteness and range.
    pub fn check(&self, s: &S) -> Result<(), ParamError> {
        self.check_value(self.get(s))
    }
}

impl<S> Declared for Param<S> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn group(&self) -> &'static Group {
        self.group
    }

    fn kind(&self) -> Kind {
        match self.access {
            Access::Bool(..) => Kind::Bool,
            Access::U32(..) => Kind::U32,
            Access::U64(..) => Kind::U64,
            Access::F32(..) => Kind::F32,
            Access::Choice(names, ..) => Kind::Choice(names),
        }
    }

    fn default_value(&self) -> Value {
        self.default
    }

    fn range(&self) -> Option<Range> {
        self.range
    }

    fn slider(&self) -> Option<Slider> {
        self.slider
    }

    fn unit(&self) -> Unit {
        self.unit
    }

    fn doc(&self) -> &'static str {
        self.doc
    }

    fn aliases(&self) -> &'static [Alias] {
        self.aliases
    }
}

/// The entry named `name` of a table.
pub fn find<S>(table: &'static [Param<S>], name: &str) -> Option<&'static Param<S>> {
    table.iter().find(|p| p.name == name)
}

/// Stores every default of a table into `s`.
pub fn apply_defaults<S>(table: &[Param<S>], s: &mut S) {
    for p in table {
        // Declarations are checked by the tests: each default has its field's type.
        let _ = p.set(s, p.default);
    }
}

/// A product of two parameters that must stay in a range (keeps the integration stable).
pub struct Product {
    /// The name in error messages: `erosion_dt × erosion_friction`.
    pub field: &'static str,
    /// First factor.
    pub a: &'static str,
    /// Second factor.
    pub b: &'static str,
    /// Accepted range of the product.
    pub range: Range,
}

impl Product {
    /// Checks the product in `s`; both factors must be `f32` entries of `table`.
    pub fn check<S>(&self, table: &'static [Param<S>], s: &S) -> Result<(), ParamError> {
        let factor = |name| match find(table, name).map(|p| p.get(s)) {
            Some(Value::F32(v)) => v,
            _ => f32::NAN,
        };
        let v = factor(self.a) * factor(self.b);
        if v.is_finite() && self.range.contains(f64::from(v)) {
            Ok(())
        } else {
            Err(ParamError {
                field: self.field,
                expected: format!("a number in {}", self.range),
                got: v.to_string(),
            })
        }
    }
}

/// Checks every entry of `table` in order, then every product: the first failure is reported.
pub fn validate<S>(
    table: &'static [Param<S>],
    products: &[Product],
    s: &S,
) -> Result<(), ParamError> {
    for p in table {
        p.check(s)?;
    }
    products.iter().try_for_each(|c| c.check(table, s))
}
