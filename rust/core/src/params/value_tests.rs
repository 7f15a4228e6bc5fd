//! Tests of choices and of values parsed from text.

use super::table::{Access, Group, Param, Product, Range, Slider, Unit, Value};
use super::*;

/// A struct with an enum field, to exercise choices (no generation parameter is one yet).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Shaped {
    model: Model,
    level: f32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Model {
    Pool,
    Subdivision,
    Continents,
}

const MODELS: [Model; 3] = [Model::Pool, Model::Subdivision, Model::Continents];
static SHAPE: Group = Group {
    title: "Shape",
    prefix: "shape",
};
static SHAPED: &[Param<Shaped>] = &[
    Param {
        name: "shape_model",
        group: &SHAPE,
        access: Access::Choice(
            &["pool", "subdivision", "continents"],
            |s| MODELS.iter().position(|m| *m == s.model).unwrap_or(0),
            |s, i| s.model = MODELS[i],
        ),
        default: Value::Choice(0),
        range: None,
        slider: None,
        unit: Unit {
            name: "",
            suffix: "",
        },
        doc: "How heights are made.",
        aliases: &[Alias::Json("model")],
    },
    Param {
        name: "shape_level",
        group: &SHAPE,
        access: Access::F32(|s| &s.level, |s| &mut s.level),
        default: Value::F32(0.5),
        range: Some(Range::closed(0.0, 1.0)),
        slider: Some(Slider::new(0.0, 1.0, 0.1)),
        unit: Unit {
            name: "",
            suffix: "",
        },
        doc: "A level.",
        aliases: &[],
    },
];

#[test]
fn choices_parse_check_and_round_trip() {
    let mut s = Shaped {
        model: Model::Pool,
        level: 0.0,
    };
    table::apply_defaults(SHAPED, &mut s);
    let model = &SHAPED[0];
    assert_eq!(model.parse("continents").unwrap(), Value::Choice(2));
    assert_eq!(
        model.parse("hills").unwrap_err().to_string(),
        "shape_model must be one of pool, subdivision, continents (got hills)"
    );
    assert_eq!(model.int_value(1), Some(Value::Choice(1)));
    assert_eq!(model.int_value(3), None);
    model.set(&mut s, Value::Choice(1)).unwrap();
    assert_eq!(s.model, Model::Subdivision);
    assert!(model.set(&mut s, Value::Choice(3)).is_err());
    let text = json::write(SHAPED, &s);
    assert!(text.contains("\"model\": \"subdivision\""), "{text}");
    let mut back = Shaped {
        model: Model::Pool,
        level: 0.5,
    };
    json::read(SHAPED, &mut back, &text).unwrap();
    assert_eq!(back, s);
    json::read(SHAPED, &mut back, r#"{"model": "continents"}"#).unwrap();
    assert_eq!(back.model, Model::Continents);
    assert!(json::read(SHAPED, &mut back, r#"{"shape": {"model": "hills"}}"#).is_err());
    assert_eq!(model.accepted(), "pool, subdivision, continents");
    let products: [Product; 0] = [];
    table::validate(SHAPED, &products, &s).unwrap();
}

#[test]
fn parsing_text_and_describing() {
    let dt = table::find(GENERATOR, "erosion_dt").unwrap();
    assert_eq!(dt.parse("1.5").unwrap(), Value::F32(1.5));
    assert!(dt
        .parse("fast")
        .unwrap_err()
        .to_string()
        .starts_with("erosion_dt must be a number in (0, 10]"));
    assert_eq!(
        dt.describe(),
        "Integration time step of a droplet. Accepted: (0, 10] droplet time units; default 1.2."
    );
    let lakes = table::find(GENERATOR, "water_lakes_enabled").unwrap();
    assert_eq!(lakes.parse("false").unwrap(), Value::Bool(false));
    let width = table::find(GENERATOR, "width").unwrap();
    assert_eq!(width.int_value(-3), None);
    assert_eq!(width.int_value(64), Some(Value::U32(64)));
    let seed = table::find(GENERATOR, "seed").unwrap();
    assert_eq!(seed.int_value(-1), Some(Value::U64(u64::MAX)));
}
