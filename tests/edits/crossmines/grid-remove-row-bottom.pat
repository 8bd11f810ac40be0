3
Jörg Müller
4 and 8 (Squares)
All squares. Some have 4 neighbours, some have 8 neighbours.
19
19
6
6
5
5
...11.
22011.
22330.
.03344
.55044
.55..0
