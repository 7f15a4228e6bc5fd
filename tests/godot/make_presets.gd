extends SceneTree
## Writes the core's built-in presets as DonjournoGenerator resources into the addon
## (res://addons/donjourno/presets/<name>.tres). Run from the repository root:
##   tests/tools/godot.sh --headless --path tests/godot -s res://make_presets.gd
## test_presets.gd checks that the files match the core's presets.

const TITLES := {
	"island": "Island", "highlands": "Highlands", "tabletop_plains": "Tabletop plains",
	"archipelago": "Archipelago", "continent": "Continent", "fractal_highlands": "Fractal highlands",
}


func _initialize() -> void:
	DirAccess.make_dir_recursive_absolute("res://addons/donjourno/presets")
	var failed := 0
	for name: String in TITLES:
		var g := DonjournoGenerator.new()
		g.resource_name = TITLES[name]
		if not g.apply_preset(name):
			failed += 1
			continue
		var path := "res://addons/donjourno/presets/%s.tres" % name
		var err := ResourceSaver.save(g, path)
		print("%s: %s" % [path, error_string(err)])
		failed += int(err != OK)
	quit(failed)
