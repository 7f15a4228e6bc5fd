extends "res://lib/test_case.gd"
## The addon's preset resources are the core's built-in presets.

const PRESETS := {
	"island": "Island", "highlands": "Highlands", "tabletop_plains": "Tabletop plains",
	"archipelago": "Archipelago", "continent": "Continent", "fractal_highlands": "Fractal highlands",
}


func test_preset_files_match_the_core_presets() -> void:
	for name: String in PRESETS:
		var path := "res://addons/donjourno/presets/%s.tres" % name
		var loaded: Resource = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
		check(loaded is DonjournoGenerator, "%s loads as a DonjournoGenerator" % path)
		if not loaded is DonjournoGenerator:
			continue
		var reference := DonjournoGenerator.new()
		check(reference.apply_preset(name), "core preset %s exists" % name)
		check_eq(loaded.to_json(), reference.to_json(), "%s = core preset %s" % [path, name])
		check_eq(loaded.resource_name, PRESETS[name], "%s is titled" % path)
		check_eq(loaded.get_validation_error(), "", "%s is valid" % path)
