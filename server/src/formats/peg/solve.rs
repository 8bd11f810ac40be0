//! Solving a peg board: can the stones be jumped until one is left (on the goal, where the
//! board has one)? The answer is a list of jumps that wins, a proof that none does, or "not
//! known" when the search runs out of its budget.
//!
//! The rules are the games' own, read from ViaThinkSoft's Jumper (`danielmarschall/jumper`):
//! - `LevelFunctions.pas` (HEAD), `TPlayGroundMatrix.CanJump`: a jump takes a stone two fields
//!   across or down (and, when the mode is diagonal, two fields diagonally) over an occupied
//!   field into an available (empty) one. Fields are indexed by the stored grid, `Fields[x, y]`,
//!   so a diagonal jump goes from (x, y) to (x ± 2, y ± 2) of the grid whatever the row's
//!   half-width indent (`TField.Indent` only moves the drawing). Locked fields (`*`, v1 `X` and
//!   `*`) and fields outside the matrix are never available or occupied.
//! - `Main.pas`, `TMainForm.DoJump`: the jumped-over stone is removed, the jumping one moves;
//!   the game ends when `CanJump` finds no jump; it is won when one stone is left
//!   (`LevelRemovedStones = LevelTotalStones - 1`, the second jingle), and on a board with a
//!   goal the better win is that stone on the goal (`GoalStatus`, `gsLastStoneInGoal…`).
//! - `LevelFunctions.pas`, `GoalFieldType`: of several goals the last one of the column by
//!   column scan counts (see [`super::view::Board::kept_goal`]).
//! - `Private/Konzept.txt` lists "prüfen, welche boards lösbar sind" (check which boards can be
//!   solved) as never done: the game itself only tests that a first jump exists.
//!
//! Nothing of Jumper's code is copied; this module is written from those rules.
//!
//! Here a board is solvable when a sequence of jumps leaves one stone, on the goal when the
//! board has one, and at least one jump is made: the game declares a win only after a jump, so
//! a board where no stone can jump (a single stone, say) is lost at once, not won in 0 jumps.
//!
//! The search, in this order:
//! - A position-class argument (parities that no jump changes, found for the board's own holes
//!   and moves by Gaussian elimination over GF(2), the general form of the "rule of three" of
//!   the 33- and 37-hole boards) can prove a board unsolvable at once. It works on bit sets of
//!   any length, so it proves boards too large to search too (up to [`MAX_CLASS_HOLES`]
//!   holes, where it stays quick); a board of more than [`MAX_HOLES`] that it does not decide
//!   is "unknown, too large".
//! - A depth-first search on positions of at most 128 holes (one `u128`; the boards that ship
//!   have at most 81) remembers every position it has shown to be lost (one of each set of
//!   positions the board's symmetries map onto each other), so each is searched once, and
//!   finishing without a win proves the board unsolvable. It prunes positions whose "solitaire
//!   army" pagoda value is below the goal's, and those without a stone that can still reach the
//!   goal (same row and column parity), and runs in rounds of doubling length that take two
//!   move orders in turn.
//! - Between its rounds, beam searches of doubling width look for a win only: a fixed number
//!   of the best positions of each level go on, by a score of isolated stones, the ragged edge
//!   of the stones and their spread. They find wins where the depth-first search would need
//!   more positions than it may remember (French Solitaire, the English board with diagonal
//!   jumps) and prove nothing, so every proof still comes from the depth-first search.
//!
//! The search stops when it has examined as many positions as its budget allows or remembered
//! as many as it may, or when it is cancelled, and the answer is then "unknown". Its budgets
//! are counts of positions, never time: the same board and budget give the same verdict, moves
//! and reason on every machine and under any load (no clock, no threads, no hash order: the
//! beam breaks ties by the positions' bits, and the schedule of rounds and beams is fixed, so a
//! larger budget only carries on where a smaller one stopped).

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// A field of the jump grid, as the game's matrix holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// Locked, half-width or outside the board: no stone stands here.
    Blocked,
    Empty,
    Stone,
}

/// A place on the grid: row and column, from 0.
pub type Place = (usize, usize);

/// One jump: the stone at `from` jumps over the stone at `over` into the empty `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jump {
    pub from: Place,
    pub over: Place,
    pub to: Place,
}

/// Why a board cannot be won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The board has no stone.
    NoStones,
    /// No stone can jump at the start (a single stone never can): the game ends at once, and
    /// it declares a win only after a jump (`Main.pas`, `TMainForm.DoJump`).
    NoFirstJump,
    /// A parity argument on a board with a goal: every line of three holes a jump uses holds 0
    /// or 2 of `holes`, so a jump changes the number of stones on them by 0 or 2 and its parity
    /// never changes; it is odd at the start when `start_odd`, and the other way with one stone
    /// on the goal `end_place`.
    PositionClass {
        holes: Vec<Place>,
        start_odd: bool,
        end_place: Place,
    },
    /// No hole can be the last one: every end position is in another position class than the
    /// start (a board without a goal); `classes` is how many independent parities the board has.
    NoEndInClass {
        classes: usize,
        /// For each hole, the argument that rules it out: the holes of a parity no jump
        /// changes, and whether the start has an odd number of stones on them.
        witnesses: Vec<(Place, Vec<Place>, bool)>,
    },
    /// The search went through every position reachable from the start.
    Exhaustive { positions: u64 },
}

/// Why the answer is not known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unknown {
    /// The search examined as many positions as its budget allows.
    Positions { budget: u64 },
    /// The positions remembered reached the memory bound, [`MAX_REMEMBERED`].
    Memory,
    /// The board has more holes than the solver searches ([`MAX_HOLES`]), and its position
    /// classes do not decide it (or it has more than [`MAX_CLASS_HOLES`], and they were not
    /// worked out).
    TooLarge { holes: usize },
    /// The search was cancelled.
    Cancelled,
    /// A search is running and has not decided yet (what a preview drawn meanwhile says).
    Searching,
}

/// The answer for a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// These jumps, in order, win.
    Solvable(Vec<Jump>),
    Unsolvable(Proof),
    Unknown(Unknown),
}

/// The positions the first round of the depth-first search may visit (see [`Game::solve`]).
const FIRST_ROUND: u64 = 50_000;

/// The width of the first beam search (see [`Game::solve`]); each later one is twice as wide.
const FIRST_BEAM: usize = 256;

/// The positions a search remembers at most (about 40 bytes each with the hash set's room): a
/// count, so where the search stops does not depend on the machine either.
pub const MAX_REMEMBERED: usize = 6_000_000;

/// The solver's hole limit for its searches: a position is one `u128`.
pub const MAX_HOLES: usize = 128;

/// The hole limit of the position-class proof, which works on bit sets of any length: its
/// Gaussian elimination grows with the cube of the holes, about 0.1 s of a release build at this
/// size (a 45 × 45 board), so a board of a 10 MB file never stalls a keystroke's preview.
pub const MAX_CLASS_HOLES: usize = 2_048;

/// A move on the holes: three hole indexes.
#[derive(Clone, Copy, Debug)]
struct Move {
    from: u16,
    over: u16,
    to: u16,
}

/// A board as the solver sees it: its holes numbered, its moves, the start and the goal.
#[derive(Clone, Debug)]
pub struct Game {
    /// The grid place of each hole.
    places: Vec<Place>,
    moves: Vec<Move>,
    /// Move indexes by the hole they land in, and by the hole they start from.
    into: Vec<Vec<u16>>,
    out_of: Vec<Vec<u16>>,
    /// The stones at the start, on a board of any size.
    start_set: Set,
    /// The same as a search position (0 on a board of more than [`MAX_HOLES`] holes, which is
    /// never searched).
    start: u128,
    goal: Option<u16>,
    /// The orders moves are tried in, a rank per move, lower first: the stones gathered in the
    /// middle, and (on a board with a goal) kept near the goal.
    ranks: Vec<Vec<u16>>,
    /// The board's symmetries other than the identity (each a permutation of the holes) that
    /// keep the holes, the moves and the goal: positions they map onto each other are won or
    /// lost alike.
    symmetries: Vec<Vec<u16>>,
    /// A pagoda function towards the goal: the weight of each hole (see [`Game::pagoda`]).
    weights: Vec<f64>,
    /// For each hole, its neighbours along the jump directions (a search position).
    neighbours: Vec<u128>,
    /// For each hole, how far it is from the goal (or the middle of the board), squared, in
    /// quarter fields: the beam's score keeps the stones together there.
    spread: Vec<u32>,
}

fn bit(hole: u16) -> u128 {
    1u128 << hole
}

/// A set of holes of any number: the position-class proof's rows and invariants.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Set(Vec<u64>);

impl Set {
    fn empty(holes: usize) -> Set {
        Set(vec![0; holes.div_ceil(64)])
    }

    fn of(holes: usize, members: &[u16]) -> Set {
        let mut set = Set::empty(holes);
        for &m in members {
            set.insert(usize::from(m));
        }
        set
    }

    fn insert(&mut self, hole: usize) {
        self.0[hole / 64] |= 1 << (hole % 64);
    }

    fn contains(&self, hole: usize) -> bool {
        self.0
            .get(hole / 64)
            .is_some_and(|w| w & (1 << (hole % 64)) != 0)
    }

    /// `self ^= other` from word `from` on (the words before are 0 in `other`).
    fn xor_from(&mut self, other: &Set, from: usize) {
        for (a, b) in self.0[from..].iter_mut().zip(&other.0[from..]) {
            *a ^= b;
        }
    }

    /// Whether `self` and `other` share an odd number of holes.
    fn odd_with(&self, other: &Set) -> bool {
        self.0
            .iter()
            .zip(&other.0)
            .map(|(a, b)| (a & b).count_ones())
            .sum::<u32>()
            % 2
            == 1
    }

    fn members(&self) -> impl Iterator<Item = usize> + '_ {
        self.0
            .iter()
            .enumerate()
            .flat_map(|(i, &w)| Bits(u128::from(w)).map(move |b| i * 64 + usize::from(b)))
    }
}

impl Game {
    /// The game on a grid of `rows` (rows may differ in length; missing fields are blocked),
    /// with diagonal jumps or not, and the goal's place (which must be a hole to count).
    /// `Err` only for a board of more than [`MAX_CLASS_HOLES`] holes.
    pub fn new(rows: &[Vec<Field>], diagonal: bool, goal: Option<Place>) -> Result<Game, Unknown> {
        let holes = rows
            .iter()
            .flatten()
            .filter(|f| **f != Field::Blocked)
            .count();
        if holes > MAX_CLASS_HOLES {
            return Err(Unknown::TooLarge { holes });
        }
        let mut index = std::collections::HashMap::new();
        let mut places = Vec::new();
        let mut stones = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, field) in row.iter().enumerate() {
                if *field == Field::Blocked {
                    continue;
                }
                let hole = places.len() as u16;
                index.insert((r, c), hole);
                places.push((r, c));
                if *field == Field::Stone {
                    stones.push(hole);
                }
            }
        }
        let searched = places.len() <= MAX_HOLES;
        let start = if searched {
            stones.iter().fold(0, |acc, h| acc | bit(*h))
        } else {
            0
        };
        const ORTHOGONAL: [(isize, isize); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        const DIAGONAL: [(isize, isize); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let directions: Vec<(isize, isize)> = if diagonal {
            ORTHOGONAL.iter().chain(&DIAGONAL).copied().collect()
        } else {
            ORTHOGONAL.to_vec()
        };
        let hole_at = |(r, c): Place, (dr, dc): (isize, isize), steps: isize| {
            let r = r.checked_add_signed(dr * steps)?;
            let c = c.checked_add_signed(dc * steps)?;
            index.get(&(r, c)).copied()
        };
        let mut moves = Vec::new();
        let mut neighbours = vec![0u128; if searched { places.len() } else { 0 }];
        for (hole, place) in places.iter().enumerate() {
            for &direction in &directions {
                if let Some(next) = hole_at(*place, direction, 1)
                    && searched
                {
                    neighbours[hole] |= bit(next);
                }
                if let (Some(over), Some(to)) =
                    (hole_at(*place, direction, 1), hole_at(*place, direction, 2))
                {
                    moves.push(Move {
                        from: hole as u16,
                        over,
                        to,
                    });
                }
            }
        }
        let mut into = vec![Vec::new(); places.len()];
        let mut out_of = vec![Vec::new(); places.len()];
        for (i, m) in moves.iter().enumerate() {
            into[usize::from(m.to)].push(i as u16);
            out_of[usize::from(m.from)].push(i as u16);
        }
        let goal = goal.and_then(|g| index.get(&g).copied());
        let symmetries = if searched {
            symmetries(&places, &index, goal)
        } else {
            Vec::new()
        };
        let weights = pagoda(&places, goal, diagonal);
        let mut orders = vec![ranks(&places, &moves, &weights, false)];
        if goal.is_some() {
            orders.push(ranks(&places, &moves, &weights, true));
        }
        let spread = spread(&places, goal);
        Ok(Game {
            start_set: Set::of(places.len(), &stones),
            places,
            moves,
            into,
            out_of,
            start,
            goal,
            ranks: orders,
            symmetries,
            weights,
            neighbours,
            spread,
        })
    }

    /// The pagoda value of a position: the sum of its stones' weights.
    fn pagoda(&self, pos: u128) -> f64 {
        Bits(pos).map(|h| self.weights[usize::from(h)]).sum()
    }

    /// The smallest image of a position under the board's symmetries.
    fn canonical(&self, pos: u128) -> u128 {
        let mut best = pos;
        for permutation in &self.symmetries {
            let image = Bits(pos).fold(0u128, |acc, h| acc | bit(permutation[usize::from(h)]));
            best = best.min(image);
        }
        best
    }

    /// The number of holes.
    pub fn holes(&self) -> usize {
        self.places.len()
    }

    /// The number of stones at the start.
    pub fn stones(&self) -> u32 {
        self.start_set.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The goal's place, when the board has one on a hole.
    pub fn goal(&self) -> Option<Place> {
        self.goal.map(|g| self.places[usize::from(g)])
    }

    /// Some jump is possible at the start.
    pub fn can_jump(&self) -> bool {
        let stone = |h: u16| self.start_set.contains(usize::from(h));
        self.moves
            .iter()
            .any(|m| stone(m.from) && stone(m.over) && !stone(m.to))
    }

    fn jump(&self, m: &Move) -> Jump {
        Jump {
            from: self.places[usize::from(m.from)],
            over: self.places[usize::from(m.over)],
            to: self.places[usize::from(m.to)],
        }
    }

    /// All holes, as a search position.
    fn all(&self) -> u128 {
        if self.places.len() >= MAX_HOLES {
            u128::MAX
        } else {
            bit(self.places.len() as u16) - 1
        }
    }

    /// The legal moves in a position: from the empty holes or from the stones, whichever are
    /// fewer.
    fn legal(&self, pos: u128) -> impl Iterator<Item = u16> + '_ {
        let empty = !pos & self.all();
        let by_empty = empty.count_ones() <= pos.count_ones();
        let cells = if by_empty { empty } else { pos };
        Bits(cells)
            .flat_map(move |cell| {
                let list = if by_empty {
                    &self.into[usize::from(cell)]
                } else {
                    &self.out_of[usize::from(cell)]
                };
                list.iter().copied()
            })
            .filter(move |&i| {
                let m = &self.moves[usize::from(i)];
                pos & bit(m.from) != 0 && pos & bit(m.over) != 0 && pos & bit(m.to) == 0
            })
    }

    /// The parities no jump changes: a basis of the sets of holes on which every move's three
    /// holes number 0 or 2 (the null space of the moves over GF(2)), on bit sets of any length
    /// so that a board too large to search still gets this proof.
    fn invariants(&self) -> Vec<Set> {
        let n = self.places.len();
        let mut rows: Vec<Set> = self
            .moves
            .iter()
            .map(|m| Set::of(n, &[m.from, m.over, m.to]))
            .collect();
        let mut pivots: Vec<(usize, usize)> = Vec::new(); // (row, column)
        let mut rank = 0;
        for col in 0..n {
            let Some(found) = (rank..rows.len()).find(|&r| rows[r].contains(col)) else {
                continue;
            };
            rows.swap(rank, found);
            // The rows from `rank` on have no hole before `col` (each earlier column was
            // cleared from them, or none of them had it), so neither has the pivot row.
            let pivot = std::mem::replace(&mut rows[rank], Set(Vec::new()));
            for row in rows.iter_mut() {
                if row.contains(col) {
                    row.xor_from(&pivot, col / 64);
                }
            }
            rows[rank] = pivot;
            pivots.push((rank, col));
            rank += 1;
        }
        let mut pivot_cols = Set::empty(n);
        for (_, c) in &pivots {
            pivot_cols.insert(*c);
        }
        (0..n)
            .filter(|c| !pivot_cols.contains(*c))
            .map(|free| {
                let mut v = Set::empty(n);
                v.insert(free);
                for (r, c) in &pivots {
                    if rows[*r].contains(free) {
                        v.insert(*c);
                    }
                }
                v
            })
            .collect()
    }

    fn places_of(&self, set: &Set) -> Vec<Place> {
        set.members().map(|h| self.places[h]).collect()
    }

    /// The proof that no jump sequence ends with one stone where it must, from position
    /// classes alone; `None` when the classes allow it.
    fn class_proof(&self) -> Option<Proof> {
        let invariants = self.invariants();
        let n = self.places.len();
        let breaks = |end: u16| {
            let end_set = Set::of(n, &[end]);
            invariants
                .iter()
                .find(|inv| inv.odd_with(&self.start_set) != inv.odd_with(&end_set))
        };
        match self.goal {
            Some(goal) => breaks(goal).map(|inv| Proof::PositionClass {
                holes: self.places_of(inv),
                start_odd: inv.odd_with(&self.start_set),
                end_place: self.places[usize::from(goal)],
            }),
            None => {
                let all_broken = (0..n as u16).all(|h| breaks(h).is_some());
                all_broken.then(|| Proof::NoEndInClass {
                    classes: invariants.len(),
                    witnesses: (0..n as u16)
                        .filter_map(|h| {
                            let inv = breaks(h)?;
                            let place = self.places[usize::from(h)];
                            Some((place, self.places_of(inv), inv.odd_with(&self.start_set)))
                        })
                        .collect(),
                })
            }
        }
    }

    /// Decides the board examining at most `budget` positions (the same answer on any machine),
    /// stopping early once `cancelled()`: then the answer is [`Unknown::Cancelled`], which says
    /// nothing about the board.
    pub fn solve(&self, budget: u64, cancelled: &dyn Fn() -> bool) -> Verdict {
        let stones = self.stones();
        if stones == 0 {
            return Verdict::Unsolvable(Proof::NoStones);
        }
        // The game declares a win after a jump only: a board where none is possible (one
        // stone, say) is lost at once, not won in 0 jumps.
        if !self.can_jump() {
            return Verdict::Unsolvable(Proof::NoFirstJump);
        }
        if let Some(proof) = self.class_proof() {
            return Verdict::Unsolvable(proof);
        }
        if self.places.len() > MAX_HOLES {
            return Verdict::Unknown(Unknown::TooLarge {
                holes: self.places.len(),
            });
        }
        let mut search = Search {
            game: self,
            lost: HashSet::default(),
            path: Vec::new(),
            nodes: 0,
            cancelled,
            stop: None,
            budget,
            round_limit: u64::MAX,
            rank: &self.ranks[0],
            goal_class: self.goal.map(|g| self.same_parity(g)),
        };
        // Rounds: a depth-first search that goes wrong early spends its time under one bad
        // first jump, and which move order finds a win soon differs from board to board. So
        // the rounds take the orders in turn, each allowed twice as many positions as the round
        // before; what a round proves lost stays proved, so they share their work, and the
        // round that ends within its limit decides the board.
        // Between the rounds, a beam search (see [`Search::beam`]) twice as wide each time
        // looks for a win where the depth-first search alone would need far more positions
        // than it may remember (the French board, the English one with diagonal jumps). The
        // schedule does not depend on the budget, so a larger budget only carries on where a
        // smaller one stopped.
        let mut limit = FIRST_ROUND;
        let mut width = FIRST_BEAM;
        let win = |path: &[u16]| {
            Verdict::Solvable(
                path.iter()
                    .map(|i| self.jump(&self.moves[usize::from(*i)]))
                    .collect(),
            )
        };
        for round in 0.. {
            search.round_limit = search.nodes.saturating_add(limit);
            search.rank = &self.ranks[round % self.ranks.len()];
            if search.won(self.start, stones, self.pagoda(self.start)) {
                return win(&search.path);
            }
            if search.stop != Some(Stop::Round) {
                break;
            }
            search.stop = None;
            if round % self.ranks.len() == self.ranks.len() - 1 {
                limit = limit.saturating_mul(2);
                search.round_limit = u64::MAX;
                if let Some(path) = search.beam(width) {
                    return win(&path);
                }
                if search.stop.is_some() {
                    break;
                }
                width = width.saturating_mul(2);
            }
        }
        let positions = search.nodes;
        match search.stop {
            None | Some(Stop::Round) => Verdict::Unsolvable(Proof::Exhaustive { positions }),
            Some(Stop::Memory) => Verdict::Unknown(Unknown::Memory),
            Some(Stop::Positions) => Verdict::Unknown(Unknown::Positions { budget }),
            Some(Stop::Cancelled) => Verdict::Unknown(Unknown::Cancelled),
        }
    }

    /// The holes of the same row and column parity as `hole`: a stone only ever jumps to
    /// these, two fields at a time.
    fn same_parity(&self, hole: u16) -> u128 {
        let (r, c) = self.places[usize::from(hole)];
        self.places
            .iter()
            .enumerate()
            .filter(|(_, (pr, pc))| pr % 2 == r % 2 && pc % 2 == c % 2)
            .fold(0, |acc, (h, _)| acc | bit(h as u16))
    }

    /// The beam's score of a position, lower better: stones without a neighbour (each a stone
    /// that some other stone must still come and fetch) weigh most, then the pairs of a stone
    /// and an empty neighbour (how ragged the stones' edge is: a compact group clears best),
    /// then how far the stones are from the goal or the middle. Whole numbers, so the order
    /// is exact on every machine.
    fn score(&self, pos: u128) -> u64 {
        let mut isolated = 0u64;
        let mut edge = 0u64;
        let mut spread = 0u64;
        for h in Bits(pos) {
            let around = self.neighbours[usize::from(h)];
            if around & pos == 0 {
                isolated += 1;
            }
            edge += u64::from((around & !pos).count_ones());
            spread += u64::from(self.spread[usize::from(h)]);
        }
        isolated * 4096 + edge * 64 + spread
    }
}

/// A turn or mirror of the board's bounding box: a place to its image, `None` when the box is
/// not square and the transform needs it to be.
type Transform<'a> = dyn Fn(usize, usize) -> Option<(usize, usize)> + 'a;

/// The eight symmetries of the square that map the holes onto themselves (and the goal onto
/// itself), as permutations of the holes; the identity left out. Each maps a move's three holes
/// onto a move's (turns and mirrors keep straight and diagonal lines).
fn symmetries(
    places: &[Place],
    index: &std::collections::HashMap<Place, u16>,
    goal: Option<u16>,
) -> Vec<Vec<u16>> {
    let Some(rows) = places.iter().map(|p| p.0).max() else {
        return Vec::new();
    };
    let cols = places.iter().map(|p| p.1).max().unwrap_or(0);
    let (min_r, min_c) = (
        places.iter().map(|p| p.0).min().unwrap_or(0),
        places.iter().map(|p| p.1).min().unwrap_or(0),
    );
    let (h, w) = (rows - min_r, cols - min_c);
    let transforms: [&Transform<'_>; 7] = [
        &|r, c| Some((r, w - c)),
        &|r, c| Some((h - r, c)),
        &|r, c| Some((h - r, w - c)),
        &|r, c| (h == w).then_some((c, r)),
        &|r, c| (h == w).then_some((w - c, h - r)),
        &|r, c| (h == w).then_some((c, h - r)),
        &|r, c| (h == w).then_some((w - c, r)),
    ];
    let mut found = Vec::new();
    for transform in transforms {
        let permutation: Option<Vec<u16>> = places
            .iter()
            .map(|&(r, c)| {
                let (r, c) = transform(r - min_r, c - min_c)?;
                index.get(&(r + min_r, c + min_c)).copied()
            })
            .collect();
        let Some(permutation) = permutation else {
            continue;
        };
        if goal.is_some_and(|g| permutation[usize::from(g)] != g) {
            continue;
        }
        found.push(permutation);
    }
    found
}

/// A pagoda function towards the goal: a weight per hole such that for every move the weights
/// of the two holes left are at least that of the hole reached, so no jump raises the sum of
/// the stones' weights; a position whose sum is below the goal's own weight cannot end with
/// one stone on the goal. Weights `s^d` with `s` the golden ratio's inverse (`s + s² = 1`) and
/// `d` the distance from the goal, which changes by at most 1 from hole to hole along a line
/// (Manhattan distance for straight moves, the larger of the row and column distances with
/// diagonal ones): the "solitaire army" weights. All 1 when the board has no goal.
fn pagoda(places: &[Place], goal: Option<u16>, diagonal: bool) -> Vec<f64> {
    let Some(goal) = goal else {
        return vec![1.0; places.len()];
    };
    let (gr, gc) = places[usize::from(goal)];
    let s = (5f64.sqrt() - 1.0) / 2.0;
    places
        .iter()
        .map(|&(r, c)| {
            let (dr, dc) = (r.abs_diff(gr), c.abs_diff(gc));
            let d = if diagonal { dr.max(dc) } else { dr + dc };
            s.powi(i32::try_from(d).unwrap_or(i32::MAX))
        })
        .collect()
}

/// For each hole, its squared distance from the goal, or from the middle of the board's
/// bounding box, in half fields (whole numbers, whatever the middle): the beam's score (see
/// [`Game::score`]) prefers stones gathered there, where they can still meet.
fn spread(places: &[Place], goal: Option<u16>) -> Vec<u32> {
    let doubled = |v: usize| i64::try_from(v).unwrap_or(i64::MAX / 4) * 2;
    let (mid_r, mid_c) = match goal {
        Some(g) => {
            let (r, c) = places[usize::from(g)];
            (doubled(r), doubled(c))
        }
        None => {
            let span = |f: fn(&Place) -> usize| {
                let lo = places.iter().map(f).min().unwrap_or(0);
                let hi = places.iter().map(f).max().unwrap_or(0);
                doubled(lo) / 2 + doubled(hi) / 2
            };
            (span(|p| p.0), span(|p| p.1))
        }
    };
    places
        .iter()
        .map(|&(r, c)| {
            let (dr, dc) = (doubled(r) - mid_r, doubled(c) - mid_c);
            u32::try_from(dr * dr + dc * dc).unwrap_or(u32::MAX / 256)
        })
        .collect()
}

/// An order to try the moves in: stones far from the middle of the board first, jumping
/// inwards, so the stones gather where they can still meet; or, `toward_goal`, the jumps that
/// keep most of the pagoda weight (the stones near the goal) first.
fn ranks(places: &[Place], moves: &[Move], weights: &[f64], toward_goal: bool) -> Vec<u16> {
    let n = places.len().max(1) as f64;
    let mid_r = places.iter().map(|p| p.0 as f64).sum::<f64>() / n;
    let mid_c = places.iter().map(|p| p.1 as f64).sum::<f64>() / n;
    let far = |h: u16| {
        let (r, c) = places[usize::from(h)];
        (r as f64 - mid_r).powi(2) + (c as f64 - mid_c).powi(2)
    };
    let mut order: Vec<usize> = (0..moves.len()).collect();
    let w = |h: u16| weights[usize::from(h)];
    let score = |m: &Move| {
        if toward_goal {
            w(m.to) - w(m.from) - w(m.over)
        } else {
            far(m.over) + far(m.from) - far(m.to)
        }
    };
    order.sort_by(|a, b| score(&moves[*b]).total_cmp(&score(&moves[*a])));
    let mut rank = vec![0u16; moves.len()];
    for (r, i) in order.into_iter().enumerate() {
        rank[i] = r as u16;
    }
    rank
}

/// The set bits of a `u128`, lowest first.
struct Bits(u128);

impl Iterator for Bits {
    type Item = u16;

    fn next(&mut self) -> Option<u16> {
        if self.0 == 0 {
            return None;
        }
        let at = self.0.trailing_zeros() as u16;
        self.0 &= self.0 - 1;
        Some(at)
    }
}

/// A fast hash of a position (positions are already well spread bit sets).
#[derive(Default)]
struct PositionHasher(u64);

impl Hasher for PositionHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 =
                (self.0.rotate_left(5) ^ u64::from(*b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn write_u128(&mut self, n: u128) {
        let folded = (n as u64) ^ ((n >> 64) as u64).rotate_left(29);
        self.0 = (folded ^ (folded >> 31)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 ^= self.0 >> 29;
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// The round's limit of positions: the next round starts.
    Round,
    Memory,
    Positions,
    Cancelled,
}

struct Search<'a> {
    game: &'a Game,
    /// Positions from which no win exists.
    lost: HashSet<u128, BuildHasherDefault<PositionHasher>>,
    /// The moves to the current position.
    path: Vec<u16>,
    nodes: u64,
    cancelled: &'a dyn Fn() -> bool,
    stop: Option<Stop>,
    /// The positions the whole search may examine.
    budget: u64,
    /// The count of positions at which this round ends.
    round_limit: u64,
    /// This round's order of the moves.
    rank: &'a [u16],
    /// The holes from which a stone can reach the goal (same row and column parity).
    goal_class: Option<u128>,
}

impl Search<'_> {
    /// Counts one more position examined; `false` when the search must stop (then `stop`
    /// says why).
    fn count(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.budget {
            self.stop = Some(Stop::Positions);
        } else if self.nodes >= self.round_limit {
            self.stop = Some(Stop::Round);
        }
        if self.nodes.is_multiple_of(4096) && (self.cancelled)() {
            self.stop = Some(Stop::Cancelled);
        }
        self.stop.is_none()
    }

    /// Whether a position (with more than one stone) can still end on the goal: a stone on
    /// a hole of the goal's row and column parity, and a pagoda value no less than the goal's.
    fn may_reach_goal(&self, pos: u128, pagoda: f64) -> bool {
        if self.goal_class.is_some_and(|class| pos & class == 0) {
            return false;
        }
        // The goal's own weight is 1; a margin for the rounding of the sums.
        self.game.goal.is_none() || pagoda >= 1.0 - 1e-9
    }

    /// A beam search `width` wide, for a win only: from the start, one jump a level, every
    /// position the level's positions reach is scored ([`Game::score`]) and the `width` best
    /// go on, ties broken by the position's bits, so the same board always gives the same
    /// beam. Why: on boards like the French one the depth-first search errs in its first
    /// jumps and needs more positions than it may remember before it backs out of them, while
    /// wins are plentiful; a beam keeps many different openings alive at once and finds one
    /// in a few hundred thousand positions. It proves nothing when it finds none (it drops
    /// positions), so the depth-first search still gives every proof. Positions the
    /// depth-first search proved lost are skipped; every position scored is counted.
    fn beam(&mut self, width: usize) -> Option<Vec<u16>> {
        /// A position of a level, with the index of the one before it and the move between.
        struct Entry {
            pos: u128,
            parent: usize,
            jump: u16,
        }
        let game = self.game;
        let path = |levels: &[Vec<Entry>], mut parent: usize, last: u16| {
            let mut moves = vec![last];
            for level in levels.iter().skip(1).rev() {
                let entry = &level[parent];
                moves.push(entry.jump);
                parent = entry.parent;
            }
            moves.reverse();
            moves
        };
        let mut levels = vec![vec![Entry {
            pos: game.start,
            parent: 0,
            jump: 0,
        }]];
        let mut stones = game.start.count_ones();
        while stones > 1 {
            let current = levels.last()?;
            // (canonical key, score, position, parent, move)
            let mut next: Vec<(u128, u64, u128, usize, u16)> = Vec::new();
            for (parent, entry) in current.iter().enumerate() {
                for i in game.legal(entry.pos) {
                    let m = game.moves[usize::from(i)];
                    let pos = (entry.pos & !(bit(m.from) | bit(m.over))) | bit(m.to);
                    if stones == 2 {
                        if game.goal.is_none_or(|g| pos == bit(g)) {
                            return Some(path(&levels, parent, i));
                        }
                        continue;
                    }
                    if !self.may_reach_goal(pos, game.pagoda(pos)) {
                        continue;
                    }
                    let key = game.canonical(pos);
                    if self.lost.contains(&key) {
                        continue;
                    }
                    if !self.count() {
                        return None;
                    }
                    next.push((key, game.score(pos), pos, parent, i));
                }
            }
            // One of each set of positions the symmetries map onto each other (they score
            // alike), the first by parent and move; then the best `width`.
            next.sort_unstable_by_key(|c| (c.0, c.3, c.4));
            next.dedup_by_key(|c| c.0);
            let best = |c: &(u128, u64, u128, usize, u16)| (c.1, c.0);
            if next.len() > width {
                next.select_nth_unstable_by_key(width, best);
                next.truncate(width);
            }
            next.sort_unstable_by_key(best);
            if next.is_empty() {
                return None;
            }
            levels.push(
                next.into_iter()
                    .map(|(_, _, pos, parent, jump)| Entry { pos, parent, jump })
                    .collect(),
            );
            stones -= 1;
        }
        None
    }

    /// Whether `pos` (with `stones` stones) can be won; the winning moves are left in `path`.
    fn won(&mut self, pos: u128, stones: u32, pagoda: f64) -> bool {
        if stones == 1 {
            return self.game.goal.is_none_or(|g| pos == bit(g));
        }
        if !self.may_reach_goal(pos, pagoda) {
            return false;
        }
        let key = self.game.canonical(pos);
        if self.lost.contains(&key) {
            return false;
        }
        if !self.count() {
            return false;
        }
        let mut moves: Vec<u16> = self.game.legal(pos).collect();
        moves.sort_unstable_by_key(|i| self.rank[usize::from(*i)]);
        for i in moves {
            let m = self.game.moves[usize::from(i)];
            let next = (pos & !(bit(m.from) | bit(m.over))) | bit(m.to);
            let w = |h: u16| self.game.weights[usize::from(h)];
            let next_pagoda = pagoda - w(m.from) - w(m.over) + w(m.to);
            self.path.push(i);
            if self.won(next, stones - 1, next_pagoda) {
                return true;
            }
            self.path.pop();
            if self.stop.is_some() {
                return false;
            }
        }
        if self.lost.len() >= MAX_REMEMBERED {
            self.stop = Some(Stop::Memory);
        } else {
            self.lost.insert(key);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board drawn as text: `o` stone, `.` empty, anything else blocked; `G`/`g` is the
    /// goal with (G) or without (g) a stone.
    pub(crate) fn game(text: &str, diagonal: bool) -> Game {
        let mut goal = None;
        let rows: Vec<Vec<Field>> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .enumerate()
            .map(|(r, line)| {
                line.chars()
                    .enumerate()
                    .map(|(c, ch)| match ch {
                        'o' => Field::Stone,
                        '.' => Field::Empty,
                        'G' => {
                            goal = Some((r, c));
                            Field::Stone
                        }
                        'g' => {
                            goal = Some((r, c));
                            Field::Empty
                        }
                        _ => Field::Blocked,
                    })
                    .collect()
            })
            .collect();
        Game::new(&rows, diagonal, goal).unwrap()
    }

    fn solve(text: &str, diagonal: bool) -> Verdict {
        game(text, diagonal).solve(10_000_000, &|| false)
    }

    const ENGLISH_CENTRE: &str = "
        __ooo__
        __ooo__
        ooooooo
        oooGooo
        ooooooo
        __ooo__
        __ooo__";

    #[test]
    fn a_row_of_five() {
        // oo.oo: one jump from either side, then the two stones are apart; the position
        // classes say so before any search.
        assert!(matches!(
            solve("oo.oo", false),
            Verdict::Unsolvable(Proof::NoEndInClass { .. })
        ));
        // oo.o. wins: jump right into the middle, then over it.
        let Verdict::Solvable(moves) = solve("oo.o.", false) else {
            panic!("oo.o. can be won")
        };
        assert_eq!(moves.len(), 2);
        // .oo.. with the goal on the left: 2 stones, one jump left lands at 0.
        assert!(matches!(solve("goo..", false), Verdict::Solvable(m) if m.len() == 1));
        assert!(matches!(solve(".oo.g", false), Verdict::Unsolvable(_)));
    }

    #[test]
    fn the_english_board_from_the_centre_is_solvable() {
        let Verdict::Solvable(moves) = solve(&ENGLISH_CENTRE.replace('G', "g"), false) else {
            panic!("the English board can be won")
        };
        assert_eq!(moves.len(), 31);
    }

    #[test]
    fn the_french_board_from_the_centre_is_unsolvable_by_position_class() {
        let french = "
            __ooo__
            _ooooo_
            ooooooo
            oooGooo
            ooooooo
            _ooooo_
            __ooo__";
        let verdict = solve(&french.replace('G', "g"), false);
        assert!(
            matches!(verdict, Verdict::Unsolvable(Proof::PositionClass { .. })),
            "{verdict:?}"
        );
    }

    /// Plays `moves` from the start by the game's moves; the stones left.
    fn play(g: &Game, moves: &[Jump]) -> u128 {
        let mut pos = g.start;
        for jump in moves {
            let i = g
                .legal(pos)
                .find(|i| g.jump(&g.moves[usize::from(*i)]) == *jump)
                .unwrap_or_else(|| panic!("{jump:?} is not legal"));
            let m = g.moves[usize::from(i)];
            pos = (pos & !(bit(m.from) | bit(m.over))) | bit(m.to);
        }
        pos
    }

    #[test]
    fn the_beam_alone_wins_the_french_board_and_always_the_same_way() {
        // The centre empty, the goal below it (French Solitaire as the game ships it).
        let french = "
            __ooo__
            _ooooo_
            ooo.ooo
            ooooooo
            oooGooo
            _ooooo_
            __ooo__";
        let g = game(french, false);
        let beam = |width| {
            let mut search = Search {
                game: &g,
                lost: HashSet::default(),
                path: Vec::new(),
                nodes: 0,
                cancelled: &|| false,
                stop: None,
                budget: u64::MAX,
                round_limit: u64::MAX,
                rank: &g.ranks[0],
                goal_class: g.goal.map(|goal| g.same_parity(goal)),
            };
            let path = search.beam(width).expect("a win");
            let moves: Vec<Jump> = path
                .iter()
                .map(|i| g.jump(&g.moves[usize::from(*i)]))
                .collect();
            (moves, search.nodes)
        };
        let (moves, nodes) = beam(FIRST_BEAM);
        assert_eq!(moves.len(), 35);
        assert_eq!(play(&g, &moves), bit(g.goal.unwrap()));
        assert_eq!(beam(FIRST_BEAM), (moves, nodes));
    }

    #[test]
    fn position_classes_work_beyond_128_holes() {
        // 13 × 13, only the centre empty: 169 holes, too many to search, but no hole can hold
        // the last stone by the position classes alone.
        let row = "o".repeat(13);
        let mut rows = vec![row.clone(); 13];
        rows[6] = format!("{}.{}", "o".repeat(6), "o".repeat(6));
        let g = game(&rows.join("\n"), false);
        assert_eq!(g.holes(), 169);
        assert_eq!(g.stones(), 168);
        assert!(matches!(
            g.solve(1_000, &|| false),
            Verdict::Unsolvable(Proof::NoEndInClass { .. })
        ));
        // The same board with diagonal jumps has no such proof: too large.
        let g = game(&rows.join("\n"), true);
        assert_eq!(
            g.solve(1_000, &|| false),
            Verdict::Unknown(Unknown::TooLarge { holes: 169 })
        );
        // Past the class proof's own bound the board is not even worked out.
        let wide = vec![Field::Stone; MAX_CLASS_HOLES + 1];
        assert_eq!(
            Game::new(&[wide], false, None).err(),
            Some(Unknown::TooLarge {
                holes: MAX_CLASS_HOLES + 1
            })
        );
    }

    #[test]
    fn a_single_stone_is_not_a_win() {
        assert_eq!(
            solve("..o..", false),
            Verdict::Unsolvable(Proof::NoFirstJump)
        );
        assert_eq!(solve("G", false), Verdict::Unsolvable(Proof::NoFirstJump));
        assert_eq!(solve(".", false), Verdict::Unsolvable(Proof::NoStones));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]

        /// Any grid, up to past the search's 128 holes: no panic, and a win found replays
        /// by the board's own moves to one stone, on the goal where there is one.
        #[test]
        fn any_board_gets_a_verdict_and_its_wins_replay(
            rows in proptest::collection::vec(
                proptest::collection::vec(0u8..4, 1..14), 1..13),
            diagonal in proptest::bool::ANY,
            goal in (0usize..13, 0usize..14),
            budget in 1u64..120_000,
        ) {
            let rows: Vec<Vec<Field>> = rows
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|f| match f {
                            0 => Field::Blocked,
                            1 => Field::Empty,
                            _ => Field::Stone,
                        })
                        .collect()
                })
                .collect();
            let g = Game::new(&rows, diagonal, Some(goal)).expect("at most 168 holes");
            let verdict = g.solve(budget, &|| false);
            if let Verdict::Solvable(moves) = &verdict {
                proptest::prop_assert!(!moves.is_empty());
                let end = play(&g, moves);
                proptest::prop_assert_eq!(end.count_ones(), 1);
                if let Some(goal) = g.goal {
                    proptest::prop_assert_eq!(end, bit(goal));
                }
            }
            if g.holes() > MAX_HOLES {
                proptest::prop_assert!(!matches!(verdict, Verdict::Solvable(_)));
            }
        }
    }

    #[test]
    fn the_invariants_of_the_english_board_are_the_rule_of_three() {
        // 33 holes, 76 moves: the null space has dimension 4 (16 position classes).
        let g = game(ENGLISH_CENTRE, false);
        assert_eq!(g.holes(), 33);
        assert_eq!(g.moves.len(), 76);
        assert_eq!(g.invariants().len(), 4);
    }
}
