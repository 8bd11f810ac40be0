; Colossus TER. Patterns do not overlap, so editors that pick the first or the
; last matching capture agree.

(comment) @comment

"ACQUIRABLE" @keyword

(number) @number

(boolean) @boolean

; Terrain letters and restriction lists.
(terrain_list) @constant

(terrain_def
  color: (name) @string.special)

(terrain_def
  name: (name) @type)

(terrain_def
  display_name: (name) @string)

(recruit
  creature: (name) @variable)

(acquirable
  creature: (name) @variable)

; 2002-11 records
"TITANIMPROVE" @keyword
"TITANTELEPORT" @keyword
(recruit
  creature: (special) @function)

; 2003-10 terrain lines: no letter, the name is the key; a Random: battleland
(named_terrain_def
  color: (name) @string.special)

(terrain_name) @type

(named_terrain_def
  display_name: (name) @string)

(random) @string.special.path

(terrain_names
  (name) @constant)
