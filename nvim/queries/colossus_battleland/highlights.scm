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

; 2002-11 records
"STARTLIST" @keyword
"SUBTITLE" @keyword
(tower) @keyword
(hex_label) @label
(subtitle
  text: (_) @string)
