extends "res://lib/test_case.gd"
## Promises of the addon's README that no other test covers.

const PATH := "user://donjourno_claims_test.res"


## "The cell queries need a generated grid: on a baked terrain they answer as off the terrain."
func test_queries_on_a_baked_terrain_answer_as_off_the_terrain() -> void:
	var g := small_generator(7)
	g.water_river_threshold = 40
	var live := terrain_with(g)
	check_eq(live.bake_mesh(PATH), OK, "bake_mesh saves")
	var t := DonjournoTerrain.new()
	t.baked_mesh = ResourceLoader.load(PATH, "", ResourceLoader.CACHE_MODE_IGNORE)
	t.position = Vector3(0.0, 7.0, 0.0)
	root.add_child(t)
	live.position = Vector3(0.0, 7.0, 0.0)
	check(t.mesh == t.baked_mesh and t.mesh != null, "the baked terrain shows its mesh")
	check(t.get_map() == null, "no map on a baked terrain")
	var cells := 0
	var water := 0
	for z in range(0, 64, 5):
		for x in range(0, 64, 5):
			var px := x + 0.5
			var pz := z + 0.5
			# The same point on the live terrain is on the terrain (the control).
			check(live.has_point(px, pz), "the live terrain has (%.1f, %.1f)" % [px, pz])
			if live.is_water_at(px, pz):
				water += 1
			check(not t.has_point(px, pz), "baked: no point at (%.1f, %.1f)" % [px, pz])
			check_eq(t.get_height_at(px, pz), 7.0, "baked: the node's ground plane at (%.1f, %.1f)" % [px, pz])
			check_eq(t.get_terrain_at(px, pz), DonjournoTerrain.TERRAIN_NONE, "baked: no class at (%.1f, %.1f)" % [px, pz])
			check(not t.is_water_at(px, pz), "baked: no water at (%.1f, %.1f)" % [px, pz])
			check(is_nan(t.get_water_level_at(px, pz)), "baked: no water level at (%.1f, %.1f)" % [px, pz])
			check_eq(t.cell_to_world(Vector2i(x, z)).y, 7.0, "baked: cell_to_world on the ground plane")
			cells += 1
			if failures.size() > 5:
				break
	check(cells > 100 and water > 0, "checked %d points, %d of them over water on the live terrain" % [cells, water])
	# Answers exactly like a point off the terrain.
	check_eq(t.get_height_at(10.5, 10.5), t.get_height_at(-1000.0, -1000.0), "as off the terrain")
	check_eq(live.get_terrain_at(-1000.0, -1000.0), DonjournoTerrain.TERRAIN_NONE, "off the live terrain: none")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(PATH))


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
