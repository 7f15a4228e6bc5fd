//! What every declared parameter says about itself, whatever struct it lives in: its names on
//! each front end, its accepted values in words, and the checks and conversions of a value.

use super::table::{Alias, Group, Kind, Range, Slider, Unit, Value};
use super::ParamError;
use std::fmt::Write as _;

/// A declared parameter seen without its struct ([`Param`](super::Param) of any struct).
pub trait Declared: Sync {
    /// The one name: Godot property, JSON key (after the group prefix) and, in kebab-case, the
    /// command-line flag.
    fn name(&self) -> &'static str;
    /// Its group.
    fn group(&self) -> &'static Group;
    /// Its type.
    fn kind(&self) -> Kind;
    /// Its default.
    fn default_value(&self) -> Value;
    /// Accepted values of a number; `None`: every value of the type.
    fn range(&self) -> Option<Range>;
    /// The editor slider of a number.
    fn slider(&self) -> Option<Slider>;
    /// Its unit.
    fn unit(&self) -> Unit;
    /// One line of documentation.
    fn doc(&self) -> &'static str;
    /// Old names that keep working.
    fn aliases(&self) -> &'static [Alias];

    /// Its key inside its group's JSON object: the name without the group prefix.
    fn key(&self) -> &'static str {
        let (name, prefix) = (self.name(), self.group().prefix);
        if prefix.is_empty() {
            return name;
        }
        name.strip_prefix(prefix)
            .and_then(|rest| rest.strip_prefix('_'))
            .unwrap_or(name)
    }

    /// Its JSON path: `erosion.dt`, or `seed` at the top level.
    fn path(&self) -> String {
        match self.group().prefix {
            "" => self.name().to_owned(),
            prefix => format!("{prefix}.{}", self.key()),
        }
    }

    /// Its command-line flag without the dashes: `erosion-dt`.
    fn flag(&self) -> String {
        self.name().replace('_', "-")
    }

    /// The accepted values in words: `a number in (0, 10]`, `a whole number in [1, 4096]`.
    fn expected(&self) -> String {
        let range = self.range().map(|r| format!(" in {r}")).unwrap_or_default();
        match self.kind() {
            Kind::Bool => "true or false".to_owned(),
            Kind::U32 | Kind::U64 => format!("a whole number{range}"),
            Kind::F32 => format!("a number{range}"),
            Kind::Choice(names) => format!("one of {}", names.join(", ")),
        }
    }

    /// The error for a rejected value, shown as `got`.
    fn error(&self, got: &dyn std::fmt::Display) -> ParamError {
        ParamError {
            field: self.name(),
            expected: self.expected(),
            got: got.to_string(),
        }
    }

    /// A value as text: numbers as Rust prints them, a choice by its name.
    fn show(&self, v: Value) -> String {
        match (v, self.kind()) {
            (Value::Choice(i), Kind::Choice(names)) if i < names.len() => names[i].to_owned(),
            (Value::Bool(v), _) => v.to_string(),
            (Value::U32(v), _) => v.to_string(),
            (Value::U64(v), _) => v.to_string(),
            (Value::F32(v), _) => v.to_string(),
            (Value::Choice(i), _) => format!("choice {i}"),
        }
    }

    /// Checks a value: its type, finiteness and range.
    fn check_value(&self, v: Value) -> Result<(), ParamError> {
        let in_range = |x: f64| self.range().is_none_or(|r| r.contains(x));
        let ok = match (self.kind(), v) {
            (Kind::Bool, Value::Bool(_)) => true,
            (Kind::U32, Value::U32(n)) => in_range(f64::from(n)),
            (Kind::U64, Value::U64(n)) => in_range(n as f64),
            (Kind::F32, Value::F32(x)) => x.is_finite() && in_range(f64::from(x)),
            (Kind::Choice(names), Value::Choice(i)) => i < names.len(),
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(self.error(&self.show(v)))
        }
    }

    /// Parses a value from text (a command-line argument), without the range check.
    fn parse(&self, text: &str) -> Result<Value, ParamError> {
        let t = text.trim();
        let v = match self.kind() {
            Kind::Bool => t.parse().ok().map(Value::Bool),
            Kind::U32 => t.parse().ok().map(Value::U32),
            Kind::U64 => t.parse().ok().map(Value::U64),
            Kind::F32 => t.parse().ok().map(Value::F32),
            Kind::Choice(names) => names.iter().position(|n| *n == t).map(Value::Choice),
        };
        v.ok_or_else(|| self.error(&t))
    }

    /// Converts a whole number (a Godot `int`) into this parameter's type: `None` when it does
    /// not fit (a negative count, a count above `u32::MAX`). A `u64` takes the same bits.
    fn int_value(&self, v: i64) -> Option<Value> {
        match self.kind() {
            Kind::U32 => u32::try_from(v).ok().map(Value::U32),
            Kind::U64 => Some(Value::U64(v as u64)),
            Kind::Choice(names) => usize::try_from(v)
                .ok()
                .filter(|&i| i < names.len())
                .map(Value::Choice),
            Kind::Bool | Kind::F32 => None,
        }
    }

    /// Whether the editor slider ends below the accepted maximum, so larger values can be typed.
    fn or_greater(&self) -> bool {
        match (self.slider(), self.range()) {
            (Some(s), Some(r)) => s.hi < r.hi,
            (Some(_), None) => true,
            (None, _) => false,
        }
    }

    /// The accepted values for a table: `(0, 10]`, `true/false`, `any`, `pool, subdivision`.
    fn accepted(&self) -> String {
        match (self.kind(), self.range()) {
            (Kind::Bool, _) => "true/false".to_owned(),
            (Kind::Choice(names), _) => names.join(", "),
            (_, Some(r)) => r.to_string(),
            (_, None) => "any".to_owned(),
        }
    }

    /// The documentation line followed by the accepted values, the unit and the default:
    /// `Integration time step of a droplet. Accepted: (0, 10] droplet time units; default 1.2.`
    fn describe(&self) -> String {
        let mut text = self.doc().to_owned();
        let _ = write!(text, " Accepted: {}", self.accepted());
        if !self.unit().name.is_empty() {
            let _ = write!(text, " {}", self.unit().name);
        }
        let _ = write!(text, "; default {}.", self.show(self.default_value()));
        text
    }
}
