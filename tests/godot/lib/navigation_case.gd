extends "res://lib/test_case.gd"
## Base of the navigation tests: the terrain's navigation regions and waiting for a bake to be in
## place on the navigation map.


## Time without a new navigation map iteration after which the map counts as settled, in ms.
const STILL_MS := 1500


## The NavigationRegion3D nodes under the terrain's internal `Navigation` node.
func region_nodes(t: DonjournoTerrain) -> Array[NavigationRegion3D]:
	var out: Array[NavigationRegion3D] = []
	for child in t.get_children(true):
		if child.name == "Navigation":
			for c in child.get_children():
				out.append(c as NavigationRegion3D)
	return out


## Waits until the terrain's navigation mesh is baked and the navigation map took it in: an
## iteration of the map after the handover of its meshes, then STILL_MS without another (each
## region is built in the background and the map iterates once per region built; a bake that
## ended before the wait began counts as handed over at once).
func baked(t: DonjournoTerrain) -> void:
	var map_rid := t.get_world_3d().navigation_map
	var handed := [-1]
	var note := func() -> void: handed[0] = NavigationServer3D.map_get_iteration_id(map_rid)
	t.navigation_baked.connect(note)
	await settled(t)
	# No deadline of its own (see `until`): a bake that hangs fails by the runner's time limit.
	await until(func() -> bool: return not t.is_baking_navigation(), t)
	if not is_instance_valid(t):
		return
	t.navigation_baked.disconnect(note)
	# The map takes the regions in at its next iteration (built in the background).
	var owners := func() -> bool:
		var rids := {}
		for r in region_nodes(t):
			rids[r.get_rid()] = false
		for rid: RID in NavigationServer3D.map_get_regions(map_rid):
			if rids.has(rid):
				rids[rid] = NavigationServer3D.region_get_closest_point(rid, Vector3.ZERO) != Vector3.ZERO
		return not rids.is_empty() and not rids.values().has(false)
	var last := NavigationServer3D.map_get_iteration_id(map_rid)
	var since := Time.get_ticks_msec()
	# Lambdas capture locals by value: the time since the last iteration is passed in.
	var taken := func(still_ms: int) -> bool:
		return still_ms >= STILL_MS and NavigationServer3D.map_get_iteration_id(map_rid) > handed[0]
	while is_instance_valid(t) and not (owners.call() and taken.call(Time.get_ticks_msec() - since)):
		await tree.physics_frame
		var now := NavigationServer3D.map_get_iteration_id(map_rid)
		if now != last:
			since = Time.get_ticks_msec()
		last = now
	check(is_instance_valid(t) and owners.call(), "the navigation map took the regions in")


## The path from `from` to `to` on the navigation map `map`, the search never cut short: Godot stops
## a search after 4096 polygons by default, fewer than a path across a map of a kilometre crosses
## at the default voxel size.
func full_path(map: RID, from: Vector3, to: Vector3) -> PackedVector3Array:
	var query := NavigationPathQueryParameters3D.new()
	query.map = map
	query.start_position = from
	query.target_position = to
	query.path_search_max_polygons = 0
	var result := NavigationPathQueryResult3D.new()
	NavigationServer3D.query_path(query, result)
	return result.path
