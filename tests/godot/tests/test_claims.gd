extends "res://lib/test_case.gd"
## Promises of the documentation (docs/reference/classes.md, docs/guide/) that no other test covers.

const PATH := "user://donjourno_claims_test.res"


## "The cell queries need a generated grid: on a baked terrain they answer as off the terrain":
## a terrain loaded with a baked mesh, and a generated terrain once its own bake is assigned (what
## "Regenerate and Bake" does).
func test_queries_on_a_baked_terrain_answer_as_off_the_terrain() -> void:
	var g := small_generator(7)
	g.water_river_catchment = 40.0
	var live := terrain_with(g)
	live.position = Vector3(0.0, 7.0, 0.0)
	check_eq(live.bake_mesh(PATH), OK, "bake_mesh saves")
	var baked: Mesh = ResourceLoader.load(PATH, "", ResourceLoader.CACHE_MODE_IGNORE)
	# The control: before baking, the live terrain answers from its grid at every point checked.
	var water := 0
	for p in _points():
		check(live.has_point(p.x, p.y), "the live terrain has (%.1f, %.1f)" % [p.x, p.y])
		check(live.get_terrain_at(p.x, p.y) != DonjournoTerrain.TERRAIN_NONE, "the live terrain has a class at (%.1f, %.1f)" % [p.x, p.y])
		if live.is_water_at(p.x, p.y):
			water += 1
	check(water > 0, "some points checked are over water on the live terrain")
	check(live.get_map() != null, "the live terrain has a map")

	var t := DonjournoTerrain.new()
	t.baked_mesh = baked
	t.position = Vector3(0.0, 7.0, 0.0)
	root.add_child(t)
	check(t.mesh == baked and t.mesh != null, "the loaded terrain shows its baked mesh")
	_check_off_terrain(t, "loaded baked terrain")

	live.baked_mesh = baked
	check(live.mesh == baked, "the generated terrain shows its bake")
	_check_off_terrain(live, "generated terrain once baked")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(PATH))


## Points over the 64 × 64 cells, every 5 cells, as (x, z).
func _points() -> Array[Vector2]:
	var points: Array[Vector2] = []
	for z in range(0, 64, 5):
		for x in range(0, 64, 5):
			points.append(Vector2(x + 0.5, z + 0.5))
	return points


## Every query of `t` (at y = 7) answers as it does off the terrain.
func _check_off_terrain(t: DonjournoTerrain, what: String) -> void:
	check(t.get_map() == null, "%s: no map" % what)
	check_eq(t.get_height_at(-1000.0, -1000.0), 7.0, "%s: off the terrain, the ground plane" % what)
	var before := failures.size()
	for p in _points():
		var at := "%s at (%.1f, %.1f)" % [what, p.x, p.y]
		check(not t.has_point(p.x, p.y), "%s: no point" % at)
		check_eq(t.get_height_at(p.x, p.y), 7.0, "%s: the node's ground plane" % at)
		check_eq(t.get_terrain_at(p.x, p.y), DonjournoTerrain.TERRAIN_NONE, "%s: no class" % at)
		check(not t.is_water_at(p.x, p.y), "%s: no water" % at)
		check(is_nan(t.get_water_level_at(p.x, p.y)), "%s: no water level" % at)
		check_eq(t.cell_to_world(Vector2i(int(p.x), int(p.y))).y, 7.0, "%s: cell_to_world on the ground plane" % at)
		if failures.size() > before + 5:
			return


## "After a failed rebuild the node shows a configuration warning": the terrain asks the editor to
## refresh its warnings when a rebuild fails and when it recovers. (The warning's text comes from
## `_get_configuration_warnings`, which scripts cannot call on an extension class; the editor's
## scene dock shows it.)
func test_failed_rebuild_refreshes_the_configuration_warning() -> void:
	var refreshed: Array[Node] = []
	var on_changed := func(node: Node) -> void: refreshed.append(node)
	tree.node_configuration_warning_changed.connect(on_changed)
	# The editor refreshes warnings of the nodes in the edited scene only.
	var previous_scene := tree.edited_scene_root
	tree.edited_scene_root = root
	var g := small_generator(3)
	var t := terrain_with(g)
	t.auto_regenerate = false
	refreshed.clear()
	g.coverage = 2.0
	expect_error("coverage must be")
	check(not t.regenerate(), "the rebuild fails")
	check(refreshed.has(t), "a failed rebuild refreshes the terrain's warnings")
	check(t.regenerate() == false, "still failing")
	expect_error("coverage must be")
	refreshed.clear()
	g.coverage = 0.45
	check(t.regenerate(), "the rebuild succeeds again")
	check(refreshed.has(t), "recovering refreshes the warnings too")
	tree.edited_scene_root = previous_scene
	tree.node_configuration_warning_changed.disconnect(on_changed)
