@tool
extends RefCounted
## The editor actions of the Donjourno plugin, as functions of the edited scene's root and an undo
## history, so that they run (and are tested) without the editor: "Add Donjourno Terrain", "Add
## Donjourno Stamp", "Add Donjourno Path", "Add Donjourno Site" and "Regenerate and Bake Donjourno
## Terrain".
##
## `undo_redo` is the editor's `EditorUndoRedoManager` in the plugin, or a plain `UndoRedo` (in
## the tests): both offer `create_action`, `add_do_property`, `add_undo_property`,
## `add_do_reference` and `commit_action`; their `add_do_method` differ (see `_add_method`).


## Adds a `DonjournoTerrain` with a new `DonjournoGenerator` under `root`, owned by it (so it is
## saved with the scene), as one undoable action. Returns the terrain.
static func add_terrain(root: Node, undo_redo: Object) -> Node3D:
	var terrain: Node3D = ClassDB.instantiate(&"DonjournoTerrain")
	terrain.name = &"DonjournoTerrain"
	terrain.set(&"generator", ClassDB.instantiate(&"DonjournoGenerator"))
	undo_redo.create_action("Add Donjourno Terrain")
	_add_method(undo_redo, true, root, &"add_child", [terrain, true])
	_add_method(undo_redo, true, terrain, &"set_owner", [root])
	undo_redo.add_do_reference(terrain)
	_add_method(undo_redo, false, root, &"remove_child", [terrain])
	undo_redo.commit_action()
	return terrain


## Adds a `DonjournoStamp` (a mountain, by default) as a child of `terrain`, owned by `root`, at
## the point `local` of the terrain's x and z axes, its radius a tenth of the map's smaller side,
## as one undoable action. Returns the stamp.
static func add_stamp(root: Node, terrain: Node3D, local: Vector3, undo_redo: Object) -> Node3D:
	var stamp: Node3D = ClassDB.instantiate(&"DonjournoStamp")
	stamp.name = &"DonjournoStamp"
	var side := _map_side(terrain)
	if side > 0.0:
		stamp.set(&"radius", maxf(side * 0.1, 0.1))
		stamp.set(&"height", maxf(side * 0.08, 0.1))
	return _add_child(root, terrain, stamp, local, "Add Donjourno Stamp", undo_redo)


## Adds a `DonjournoPath` (a ridge, by default) as a child of `terrain`, owned by `root`: a
## straight curve through the point `local` of the terrain's x and z axes, along x, a fifth of the
## map's smaller side long, as wide as a twentieth of it, as one undoable action. Returns the path;
## its curve is then edited with the 3D view's curve tools.
static func add_path(root: Node, terrain: Node3D, local: Vector3, undo_redo: Object) -> Node3D:
	var path: Path3D = ClassDB.instantiate(&"DonjournoPath")
	path.name = &"DonjournoPath"
	var side := maxf(_map_side(terrain), 1.0)
	var curve := Curve3D.new()
	curve.add_point(Vector3(-side * 0.1, 0.0, 0.0))
	curve.add_point(Vector3(side * 0.1, 0.0, 0.0))
	path.curve = curve
	path.set(&"width", maxf(side * 0.05, 0.1))
	path.set(&"height", maxf(side * 0.03, 0.1))
	return _add_child(root, terrain, path, local, "Add Donjourno Path", undo_redo)


## Adds a `DonjournoSite` (a town, by default) as a child of `terrain`, owned by `root`, at the
## point `local` of the terrain's x and z axes, as one undoable action. Returns the site.
static func add_site(root: Node, terrain: Node3D, local: Vector3, undo_redo: Object) -> Node3D:
	var site: Node3D = ClassDB.instantiate(&"DonjournoSite")
	site.name = &"DonjournoSite"
	return _add_child(root, terrain, site, local, "Add Donjourno Site", undo_redo)


## The smaller side of `terrain`'s map, metres; 0 without a generator.
static func _map_side(terrain: Node3D) -> float:
	var generator: Resource = terrain.get(&"generator")
	if generator == null:
		return 0.0
	return mini(generator.get(&"width"), generator.get(&"depth")) * float(generator.get(&"cell_size"))


## Puts `child` at the point `local` of `terrain`'s x and z axes and adds it to `terrain`, owned by
## `root`, as the undoable action `action`. Returns `child`.
static func _add_child(root: Node, terrain: Node3D, child: Node3D, local: Vector3, action: String, undo_redo: Object) -> Node3D:
	child.position = Vector3(local.x, 0.0, local.z)
	undo_redo.create_action(action)
	_add_method(undo_redo, true, terrain, &"add_child", [child, true])
	_add_method(undo_redo, true, child, &"set_owner", [root])
	undo_redo.add_do_reference(child)
	_add_method(undo_redo, false, terrain, &"remove_child", [child])
	undo_redo.commit_action()
	return child


## The point of `terrain`'s x and z axes under the ray from `origin` along `direction` (global),
## where it meets the terrain's ground plane, kept on the map; the map's middle when the ray runs
## level or away from the plane.
static func point_on_terrain(terrain: Node3D, origin: Vector3, direction: Vector3) -> Vector3:
	var generator: Resource = terrain.get(&"generator")
	var extent := Vector3.ZERO
	if generator != null:
		extent = Vector3(generator.get(&"width"), 0.0, generator.get(&"depth")) * float(generator.get(&"cell_size"))
	var middle := extent * 0.5
	var plane := Plane(terrain.global_basis.y.normalized(), terrain.global_position)
	var hit: Variant = plane.intersects_ray(origin, direction)
	if hit == null:
		return middle
	var local: Vector3 = terrain.to_local(hit)
	return Vector3(clampf(local.x, 0.0, extent.x), 0.0, clampf(local.z, 0.0, extent.z))


## Adds a do (`is_do`) or undo method call to the action being created: an `UndoRedo` takes a
## bound `Callable`, the editor's `EditorUndoRedoManager` the object, the method and the arguments.
static func _add_method(undo_redo: Object, is_do: bool, object: Object, method: StringName, args: Array) -> void:
	if undo_redo is UndoRedo:
		var call := Callable(object, method).bindv(args)
		if is_do:
			undo_redo.add_do_method(call)
		else:
			undo_redo.add_undo_method(call)
	else:
		undo_redo.callv(&"add_do_method" if is_do else &"add_undo_method", [object, method] + args)


## Every `DonjournoTerrain` of the scene under `root`, `root` included, in tree order.
static func terrains_of(root: Node) -> Array[Node]:
	var found: Array[Node] = []
	if root.is_class("DonjournoTerrain"):
		found.append(root)
	found.append_array(root.find_children("*", "DonjournoTerrain", true, false))
	return found


## The file each terrain of the scene `root` is baked into, as a dictionary terrain → path:
## `<scene>_<node path>.res` next to the scene file, where the node path is the terrain's path
## relative to `root` in snake case with `.` between the names (`root`'s own name for `root`),
## so `Islands/North/Terrain` of `res://level.tscn` bakes into
## `res://level_islands.north.terrain.res`. Distinct terrains get distinct files: when two paths
## would coincide after the snake case (`MyTerrain` and `my_terrain`), each of them gets a hash of
## its exact node path appended.
static func bake_paths(root: Node) -> Dictionary:
	var base := root.scene_file_path.get_basename()
	var stems := {}  # terrain → file name stem
	var count := {}  # stem → number of terrains
	for terrain in terrains_of(root):
		var relative := String(root.name) if terrain == root else String(root.get_path_to(terrain))
		var parts := PackedStringArray()
		for part in relative.split("/"):
			parts.append(part.to_snake_case())
		var stem := ".".join(parts).validate_filename()
		stems[terrain] = stem
		count[stem] = count.get(stem, 0) + 1
	var paths := {}
	for terrain: Node in stems:
		var stem: String = stems[terrain]
		if count[stem] > 1:
			var exact := String(root.name) if terrain == root else String(root.get_path_to(terrain))
			stem += "_%08x" % exact.hash()
		paths[terrain] = "%s_%s.res" % [base, stem]
	return paths


## Regenerates each of `terrains` (terrains of the scene `root`), saves its mesh into its file
## (see `bake_paths`) and assigns the saved mesh to its `baked_mesh`, as one undoable action whose
## undo restores the previous `baked_mesh` of each. A terrain that fails to regenerate or save is
## reported with `push_error` and left as it was. Returns the dictionary terrain → path of the
## terrains baked. `root` must have a `scene_file_path`.
static func bake(root: Node, terrains: Array[Node], undo_redo: Object) -> Dictionary:
	if root.scene_file_path.is_empty():
		push_error("Donjourno: save the scene first; baked meshes are stored next to it.")
		return {}
	var paths := bake_paths(root)
	var baked := {}  # terrain → [path, previous baked mesh, new baked mesh]
	for terrain in terrains:
		if not paths.has(terrain):
			push_error("Donjourno: %s is not a terrain of the scene %s" % [terrain, root.scene_file_path])
			continue
		var path: String = paths[terrain]
		var previous: Variant = terrain.get(&"baked_mesh")
		# Without a baked mesh, regenerate() builds from the generator.
		terrain.set(&"baked_mesh", null)
		var ok: bool = terrain.call(&"regenerate") and terrain.call(&"bake_mesh", path) == OK
		terrain.set(&"baked_mesh", previous)
		if not ok:
			push_error("Donjourno: baking %s failed: %s" % [terrain.name, terrain.call(&"get_last_error")])
			continue
		var mesh := ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_REPLACE)
		baked[terrain] = [path, previous, mesh]
	if baked.is_empty():
		return {}
	undo_redo.create_action("Regenerate and Bake Donjourno Terrain")
	for terrain: Node in baked:
		undo_redo.add_do_property(terrain, &"baked_mesh", baked[terrain][2])
		undo_redo.add_undo_property(terrain, &"baked_mesh", baked[terrain][1])
	undo_redo.commit_action()
	var result := {}
	for terrain: Node in baked:
		result[terrain] = baked[terrain][0]
	return result
