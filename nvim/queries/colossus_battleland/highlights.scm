; Colossus Battlelands: X Y TERRAIN ELEVATION (SIDE TYPE)*

(comment) @comment

(hex
  x: (number) @number
  y: (number) @number)

(hex
  elevation: (number) @number)

(hex
  terrain: (letter) @type)

(hexside
  side: (number) @label
  type: (letter) @constant)
