extends "res://lib/test_case.gd"
## Base of the navigation tests: the terrain's navigation regions and waiting for a bake to be in
## place on the navigation map.


## Physics frames without a new navigation map iteration after which the map counts as settled.
const STILL_FRAMES := 8


## The NavigationRegion3D nodes under the terrain's internal `Navigation` node.
func region_nodes(t: DonjournoTerrain) -> Array[NavigationRegion3D]:
	var out: Array[NavigationRegion3D] = []
	for child in t.get_children(true):
		if child.name == "Navigation":
			for c in child.get_children():
				out.append(c as NavigationRegion3D)
	return out


## Waits until the terrain's navigation mesh is baked and the navigation map took it in: two
## iterations of the map after the handover of its meshes (the regions are built in the
## background), or one followed by STILL_FRAMES frames without another (also when the bake ended
## before the wait began).
func baked(t: DonjournoTerrain) -> void:
	var map_rid := t.get_world_3d().navigation_map
	var handed := [-1]
	var note := func() -> void: handed[0] = NavigationServer3D.map_get_iteration_id(map_rid)
	t.navigation_baked.connect(note)
	await settled(t)
	var deadline := Time.get_ticks_msec() + 20000
	while t.is_baking_navigation() and Time.get_ticks_msec() < deadline:
		await tree.process_frame
	t.navigation_baked.disconnect(note)
	check(not t.is_baking_navigation(), "the navigation bake finished within 20 s")
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
	var still := 0
	var taken := func() -> bool:
		var now := NavigationServer3D.map_get_iteration_id(map_rid)
		if handed[0] >= 0 and now > handed[0] + 1:
			return true
		return still >= STILL_FRAMES and now > handed[0]
	while not (owners.call() and taken.call()) and Time.get_ticks_msec() < deadline:
		await tree.physics_frame
		var now := NavigationServer3D.map_get_iteration_id(map_rid)
		still = still + 1 if now == last else 0
		last = now
	check(owners.call(), "the navigation map took the regions in")
