extends "res://lib/test_case.gd"
## Settlements: the list of places, roads on the surface and along the network, the nodes that
## draw roads and buildings (walls with the facade shader, roofs), and off means gone.


func _towns_generator() -> DonjournoGenerator:
	var g := DonjournoGenerator.new()
	check(g.apply_preset("continent"), "continent preset")
	g.width = 160
	g.depth = 160
	g.set_droplet_count(6000)
	g.climate_feature_scale = 0.5
	g.settlements_enabled = true
	return g


func test_settlements_roads_and_buildings() -> void:
	var t := terrain_with(_towns_generator(), 1)
	t.position = Vector3(-3.0, 1.0, 5.0)
	var places := t.get_settlements()
	check(places.size() >= 2, "several settlements (%d)" % places.size())
	if places.size() < 2:
		return
	var last_population := 1 << 62
	for s: Dictionary in places:
		for key in ["id", "name", "tier", "tier_name", "population", "position", "global_position", "radius"]:
			check(s.has(key), "settlement %s has %s" % [s.get("name", "?"), key])
		check(not String(s.name).is_empty(), "a name")
		check(int(s.tier) >= 0 and int(s.tier) <= 2, "a tier of three")
		check(int(s.population) > 0 and int(s.population) <= last_population, "largest first")
		last_population = int(s.population)
		var at: Vector3 = s.global_position
		check(not t.is_water_at(at.x, at.z), "%s stands on land" % s.name)
		check_near(at.y, t.get_height_at(at.x, at.z), 1e-3, "%s on the surface" % s.name)
	var roads := t.get_roads()
	check(not roads.is_empty(), "roads join the settlements")
	var on_road := 0
	var points := 0
	for road: PackedVector3Array in roads:
		check(road.size() >= 2, "a road has two ends")
		for i in range(0, road.size(), 5):
			var g := t.global_transform * road[i]
			points += 1
			on_road += int(t.is_road_at(g.x, g.z))
	check_eq(on_road, points, "every road point is on a road cell")
	# The way between the two ends of the longest road follows the network.
	var longest: PackedVector3Array = roads[0]
	for road: PackedVector3Array in roads:
		if road.size() > longest.size():
			longest = road
	var a := t.global_transform * longest[0]
	var b := t.global_transform * longest[longest.size() - 1]
	var path := t.get_road_path(a, b)
	check(path.size() >= 2, "a way along the roads between the ends of a road")
	if path.size() >= 2:
		var cell: float = t.generator.cell_size
		check(Vector2(path[0].x, path[0].z).distance_to(Vector2(a.x, a.z)) < 2.0 * cell, "the way starts at one end")
		check(Vector2(path[path.size() - 1].x, path[path.size() - 1].z).distance_to(Vector2(b.x, b.z)) < 2.0 * cell,
				"…and ends at the other")
		for p in path:
			check(t.is_road_at(p.x, p.z), "the way keeps to the roads")
			if failures.size() > 6:
				return
	check(t.get_road_path(Vector3(-1e6, 0, -1e6), Vector3(-1e6, 0, -1e6)).size() <= 1,
			"far off the map, no way longer than a point")
	# A point that is not a number is nearest to no road: no way at all, from it or to it.
	check_eq(t.get_road_path(Vector3(NAN, 0, NAN), b).size(), 0, "no way from a NaN point")
	check_eq(t.get_road_path(a, Vector3(a.x, 0, NAN)).size(), 0, "no way to a NaN point")
	check_eq(t.get_road_path(Vector3(INF, 0, 0), b).size(), 0, "no way from an infinite point")
	var road_node := t.get_roads_instance()
	check(road_node != null and road_node.mesh != null and road_node.mesh.get_surface_count() == 1,
			"one mesh of roads")
	var buildings := t.get_buildings_instance()
	check(buildings != null and buildings.mesh != null, "a mesh of buildings")
	if buildings != null and buildings.mesh != null:
		check_eq(buildings.mesh.get_surface_count(), 2, "walls and roofs")
		check(buildings.mesh.surface_get_material(0) is ShaderMaterial, "walls drawn by the facade shader")
		var arrays: Array = buildings.mesh.surface_get_arrays(0)
		check(arrays[Mesh.ARRAY_TEX_UV2] != null and arrays[Mesh.ARRAY_TEX_UV2].size() == arrays[Mesh.ARRAY_VERTEX].size(),
				"facade coordinates per wall vertex")
	var again := terrain_with(_towns_generator(), 1)
	check(again.get_settlements().size() == places.size()
			and again.get_settlements()[0].name == places[0].name, "the same settlements every time")
	t.generator.settlements_enabled = false
	await settled(t)
	check(t.get_settlements().is_empty(), "off: no settlements")
	check(t.get_roads().is_empty(), "off: no roads")
	check(t.get_roads_instance() == null and t.get_buildings_instance() == null, "off: nothing drawn")


func test_buildings_material_replaces_the_facade_shader() -> void:
	var t := terrain_with(_towns_generator(), 1)
	var m := StandardMaterial3D.new()
	t.buildings_material = m
	var buildings := t.get_buildings_instance()
	check(buildings != null, "buildings shown")
	if buildings != null:
		check(buildings.mesh.surface_get_material(0) == m, "the designer's wall material")
	t.buildings_material = null
	if buildings != null:
		check(buildings.mesh.surface_get_material(0) is ShaderMaterial, "back to the facade shader")
