@tool
extends RefCounted
## The geometry of a stamp's editor handles, as plain functions of a ray in the stamp's own space
## (its scale and turn included, so its footprint is a circle of `radius` there): the radius
## handle on the rim along the stamp's x axis, the height handle on its vertical axis. The gizmo
## (stamp_gizmo.gd) calls these; the tests call them without the editor.

## Points of the rim drawn by the gizmo.
const RIM_SEGMENTS := 64


## The radius the ray from `origin` along `direction` (stamp space) sets: its distance from the
## axis where it meets the stamp's plane (y = 0); `current` when the ray runs level or away.
static func radius_from_ray(origin: Vector3, direction: Vector3, current: float) -> float:
	var hit: Variant = Plane(Vector3.UP, 0.0).intersects_ray(origin, direction)
	if hit == null:
		return current
	return maxf(Vector2(hit.x, hit.z).length(), 0.1)


## The height the ray sets: the point of the stamp's vertical axis nearest the ray; `current` when
## the ray runs along the axis.
static func height_from_ray(origin: Vector3, direction: Vector3, current: float) -> float:
	var d := direction.normalized()
	var across := 1.0 - d.y * d.y
	if across < 1e-6:
		return current
	# Nearest points of the axis (0, t, 0) and the ray origin + s·d.
	return (origin.y - d.y * origin.dot(d)) / across


## The rim of a footprint of `radius` as line segments (pairs of points) on y = 0.
static func rim(radius: float) -> PackedVector3Array:
	var points := PackedVector3Array()
	for i in RIM_SEGMENTS:
		for k: int in [i, i + 1]:
			var a: float = TAU * k / RIM_SEGMENTS
			points.append(Vector3(cos(a) * radius, 0.0, sin(a) * radius))
	return points
