//! Board geometry, precomputed once per board size: how far each square can go in each
//! direction, which line it lies on, its neighbours, its name, and each side's far row.

use crate::program::{
    Action, Area, Code, DirId, Edge, KindId, Notation, Owner, Program, SideId, Whose,
};
use crate::syntax::ast::{Axis, Style, Turn};

#[derive(Debug)]
pub struct Geometry {
    pub rows: u32,
    pub cols: u32,
    /// Number of squares (`rows * cols`, or the points of a board of points on lines).
    pub n: usize,
    /// Each square's row and column on the grid (`sq / cols`, `sq % cols` on a full grid).
    pub coords: Vec<(u32, u32)>,
    /// On a board of points on lines, each grid cell's square (`u32::MAX` where there is no
    /// point); empty on a full grid.
    pub square_of: Vec<u32>,
    /// Index step per direction (on a full grid; 0 on a board of points on lines, where
    /// only `next` and `prev` say where a step goes).
    pub stride: Vec<isize>,
    /// `steps[d * n + sq]`: how many steps along `d` stay on the board.
    pub steps: Vec<u32>,
    /// `next[d * n + sq]`: the square one step along `d`, or `u32::MAX` off the board.
    pub next: Vec<u32>,
    /// `prev[d * n + sq]`: the square one step back against `d`, or `u32::MAX`.
    pub prev: Vec<u32>,
    /// `line[d * n + sq]`: the line through `sq` along `d` (shared with the opposite direction).
    pub line: Vec<u32>,
    pub line_count: usize,
    /// One direction per family of lines (a direction and its opposite share lines).
    pub axes: Vec<DirId>,
    /// `square_lines[sq * axes.len() + i]`: the line through `sq` along `axes[i]` (the lines
    /// of a square side by side, for counting the pieces on every line).
    pub square_lines: Vec<u32>,
    /// The squares of each line, flattened: `line_squares[line_start[l]..line_start[l + 1]]`.
    pub line_start: Vec<u32>,
    pub line_squares: Vec<u32>,
    /// Each square's name as written in input and output.
    pub names: Vec<Box<str>>,
    /// `far[side * n + sq]`: one more step forward would leave the board.
    pub far: Vec<bool>,
    /// `ahead[side * n + sq]`: how many steps forward stay on the board (0 on the far row).
    pub ahead: Vec<u32>,
    /// `stranded[code * n + sq]`: a piece of that code standing there could never move
    /// again (`no piece may stand where it can never move`); empty without that rule.
    pub stranded: Vec<bool>,
    /// `areas[sq]`: the named parts of the board the square is on, as bits (see
    /// [`Geometry::area_bit`]).
    pub areas: Vec<u64>,
    /// `rank[side * n + sq]`: the row of the square counted from the side's home row (1),
    /// towards its far row; 0 for a side with no forward direction.
    pub rank: Vec<u32>,
    /// `area_squares[b]`: the squares whose `areas` has bit `b`, in square order.
    pub area_squares: Vec<Vec<u32>>,
    /// On a board of at most 128 squares, per direction: the squares from which one step
    /// stays on the board, as bits (square `s` is bit `s`). Empty on larger boards.
    pub step_bits: Vec<u128>,
    /// On a board of at most 128 squares, every square as bits (0 on larger boards).
    pub all_bits: u128,
    /// Neighbour lists per region adjacency (one per region spec), flattened like lines.
    pub adjacency: Vec<(Vec<u32>, Vec<u32>)>,
    /// Per region spec: whether its squares neighbour each other both ways (each square is
    /// next to every square next to it).
    pub both_ways: Vec<bool>,
    /// `blocks R x C`: each block's squares, row by row from its top left.
    pub blocks: Vec<Vec<u32>>,
    /// The block each square is in (empty without blocks).
    pub block_of: Vec<u32>,
    /// How many rows and columns of blocks the board has, and of squares a block has.
    pub block_grid: (u32, u32),
    pub block_size: (u32, u32),
    /// For each turn (clockwise, anticlockwise, half, as `Turn as usize`): the index in the
    /// block of the square each square's piece comes from (empty when the turn cannot be
    /// made, a quarter turn of a block that is not square).
    pub turn_from: [Vec<u16>; 3],
}

#[derive(Debug)]
pub struct NotationError(pub String);

/// The step `(a / g, b / g)` with `g` the greatest common divisor of `|a|` and `|b|`, and
/// `g` (how many such steps make `(a, b)`); `(0, (0, 0))` for `(0, 0)`.
pub fn unit_step(a: i64, b: i64) -> (i64, (i64, i64)) {
    let (mut x, mut y) = (a.abs(), b.abs());
    while y != 0 {
        (x, y) = (y, x % y);
    }
    (x, (a / x.max(1), b / x.max(1)))
}

/// Every square's name, in square order (row by row from the top).
pub fn square_names(notation: &Notation, rows: u32, cols: u32) -> Vec<String> {
    let mut names = Vec::with_capacity((rows * cols) as usize);
    let mut number = 0;
    for sq in 0..rows * cols {
        let (r, c) = (sq / cols, sq % cols);
        let mut name = String::new();
        if notation.numbered {
            if Notation::is_dark(rows, r, c) {
                number += 1;
                name = number.to_string();
            }
            names.push(name);
            continue;
        }
        for (i, (axis, style)) in notation.parts.iter().enumerate() {
            if i > 0 && !notation.joined[i - 1] {
                name.push(' ');
            }
            let v = match axis {
                Axis::Row if notation.rows_from_bottom => rows - 1 - r,
                Axis::Row => r,
                Axis::Column if notation.cols_from_right => cols - 1 - c,
                Axis::Column => c,
            };
            match style {
                Style::Letter if notation.lowercase => name.push((b'a' + v as u8) as char),
                Style::Letter => name.push((b'A' + v as u8) as char),
                Style::Number => name.push_str(&(v + 1).to_string()),
            }
        }
        names.push(name);
    }
    names
}

impl Geometry {
    /// Per direction, the squares from which one step stays on the board, as bits; none on
    /// a board of more than 128 squares.
    fn bit_steps(&self, directions: usize) -> Vec<u128> {
        if self.n > 128 {
            return Vec::new();
        }
        (0..directions)
            .map(|d| self.bits_where(|sq| self.next[d * self.n + sq] != u32::MAX))
            .collect()
    }

    /// The squares for which `test` holds, as bits (on a board of at most 128 squares).
    pub fn bits_where(&self, test: impl Fn(usize) -> bool) -> u128 {
        (0..self.n)
            .filter(|&sq| test(sq))
            .fold(0u128, |m, sq| m | 1 << sq)
    }

    /// Letters name at most 26 rows or columns.
    fn names_fit(p: &Program, rows: u32, cols: u32) -> Result<(), NotationError> {
        for (axis, style) in &p.notation.parts {
            let len = if *axis == Axis::Row { rows } else { cols };
            if *style == Style::Letter && len > 26 {
                let which = if *axis == Axis::Row {
                    "rows"
                } else {
                    "columns"
                };
                return Err(NotationError(format!(
                    "{which} are named by letters, which cover at most 26, but the board has {len}"
                )));
            }
        }
        Ok(())
    }

    pub fn new(p: &Program, rows: u32, cols: u32) -> Result<Geometry, NotationError> {
        Geometry::names_fit(p, rows, cols)?;
        let points = p
            .points
            .as_ref()
            .filter(|pts| pts.square_of.len() == (rows * cols) as usize);
        let n = points.map_or((rows * cols) as usize, |pts| pts.cells.len());
        let nd = p.directions.len();
        let coords = match points {
            Some(pts) => pts.cells.iter().map(|&c| (c / cols, c % cols)).collect(),
            None => (0..rows * cols).map(|sq| (sq / cols, sq % cols)).collect(),
        };
        let mut g = Geometry {
            rows,
            cols,
            n,
            coords,
            square_of: points.map_or(Vec::new(), |pts| pts.square_of.clone()),
            stride: p
                .directions
                .iter()
                .map(|d| match points {
                    Some(_) => 0,
                    None => d.dr as isize * cols as isize + d.dc as isize,
                })
                .collect(),
            steps: vec![0; nd * n],
            next: vec![u32::MAX; nd * n],
            prev: vec![u32::MAX; nd * n],
            line: vec![0; nd * n],
            line_count: 0,
            axes: Vec::new(),
            square_lines: Vec::new(),
            line_start: vec![0],
            line_squares: Vec::new(),
            names: Vec::new(),
            far: vec![false; p.sides.len() * n],
            ahead: vec![0; p.sides.len() * n],
            stranded: Vec::new(),
            areas: vec![0; n],
            rank: vec![0; p.sides.len() * n],
            area_squares: Vec::new(),
            step_bits: Vec::new(),
            all_bits: 0,
            adjacency: Vec::new(),
            both_ways: Vec::new(),
            blocks: Vec::new(),
            block_of: Vec::new(),
            block_grid: (0, 0),
            block_size: (0, 0),
            turn_from: Default::default(),
        };
        let on = |r: i64, c: i64| r >= 0 && c >= 0 && r < rows as i64 && c < cols as i64;
        // Lines are shared by a direction and its opposite: number them for the first of the pair.
        let mut line_of_dir: Vec<Option<usize>> = vec![None; nd];
        for (d, dir) in p.directions.iter().enumerate() {
            let opposite = p
                .directions
                .iter()
                .position(|o| o.route.is_none() && o.dr == -dir.dr && o.dc == -dir.dc);
            if let Some(o) = opposite.filter(|o| *o < d) {
                line_of_dir[d] = Some(o);
            }
        }
        match points {
            Some(pts) => g.follow_lines(p, pts, &line_of_dir),
            None => g.walk_grid(p, &line_of_dir),
        }
        g.follow_routes(p);
        let square_lines = (0..n)
            .flat_map(|sq| g.axes.iter().map(move |&a| a as usize * n + sq))
            .map(|i| g.line[i])
            .collect();
        g.square_lines = square_lines;
        g.step_bits = g.bit_steps(nd);
        g.all_bits = all_bits(n);
        let mut names = square_names(&p.notation, rows, cols);
        g.names = match points {
            // Each point's name is its cell's.
            Some(pts) => pts
                .cells
                .iter()
                .map(|&c| std::mem::take(&mut names[c as usize]).into_boxed_str())
                .collect(),
            None => names.into_iter().map(String::into_boxed_str).collect(),
        };
        g.mark_edges();
        for (i, (_, cells)) in p.zones.iter().enumerate() {
            let bit = Geometry::area_bit(Area::Zone(i as u8), 0);
            for &cell in cells.iter().filter(|&&c| c < rows * cols) {
                if let Some(sq) = g.square_at(cell / cols, cell % cols) {
                    g.areas[sq] |= bit;
                }
            }
        }
        for (s, side) in p.sides.iter().enumerate() {
            if let Some((fr, fc)) = side.forward {
                let whose = Whose::Side(s as SideId);
                for sq in 0..n {
                    let (r, c) = (g.coords[sq].0 as i64, g.coords[sq].1 as i64);
                    g.far[s * n + sq] = !on(r + fr as i64, c + fc as i64);
                    if g.far[s * n + sq] {
                        g.areas[sq] |= Geometry::area_bit(Area::FarRow(whose), 0);
                    }
                    if !on(r - fr as i64, c - fc as i64) {
                        g.areas[sq] |= Geometry::area_bit(Area::HomeRow(whose), 0);
                    }
                    let mut k = 1;
                    while on(r - k * fr as i64, c - k * fc as i64) {
                        k += 1;
                    }
                    g.rank[s * n + sq] = k as u32;
                    let mut k = 0;
                    while on(r + (k + 1) * fr as i64, c + (k + 1) * fc as i64) {
                        k += 1;
                    }
                    g.ahead[s * n + sq] = k as u32;
                }
            }
        }
        g.area_squares = (0..64)
            .map(|b| {
                (0..n as u32)
                    .filter(|&sq| g.areas[sq as usize] & (1 << b) != 0)
                    .collect()
            })
            .collect();
        for spec in &p.regions {
            let (start, list) = g.neighbours(&spec.adjacency);
            let next = |v: usize| &list[start[v] as usize..start[v + 1] as usize];
            let both = (0..n).all(|v| {
                next(v)
                    .iter()
                    .all(|&w| next(w as usize).contains(&(v as u32)))
            });
            g.both_ways.push(both);
            g.adjacency.push((start, list));
        }
        if let Some(b) = p.blocks {
            g.cut_blocks(b)?;
        }
        if p.stranded {
            g.strand(p);
        }
        Ok(g)
    }

    /// Where each piece could never move again: no slide, step or jump of its kind's first
    /// part leaves its square along any of its side's directions (a kind that has no such
    /// move, or has a move of another sort, is never stranded).
    fn strand(&mut self, p: &Program) {
        let n = self.n;
        self.stranded = vec![false; (p.piece_codes() + 1) * n];
        for side in 0..p.sides.len() {
            for kind in 0..p.kinds.len().max(1) {
                let code = p.code(side as SideId, kind as KindId) as usize;
                let mut dirs: Vec<DirId> = Vec::new();
                let mut free = false;
                for ka in p.moves.iter().flat_map(|m| &m.actions) {
                    if ka.kinds & (1 << kind) == 0 {
                        continue;
                    }
                    match &ka.action {
                        Action::Slide { dirs: d, .. } | Action::Jump { dirs: d, .. } => {
                            dirs.extend(&d[side])
                        }
                        Action::Place { .. } | Action::Pass | Action::Rotate { .. } => {}
                        _ => free = true,
                    }
                }
                if free || dirs.is_empty() {
                    continue;
                }
                for sq in 0..n {
                    self.stranded[code * n + sq] = dirs
                        .iter()
                        .all(|&d| self.next[d as usize * n + sq] == u32::MAX);
                }
            }
        }
    }

    /// Whether a piece of `code` standing on `sq` could never move again.
    #[inline]
    pub fn is_stranded(&self, code: Code, sq: u32) -> bool {
        self.stranded
            .get(code as usize * self.n + sq as usize)
            .copied()
            .unwrap_or(false)
    }

    /// Whether a move of `side` from `from` (`u32::MAX` for none) to `to` may promote a piece
    /// whose promotion is in the far `rows` rows (0: only by landing on the far row).
    #[inline]
    pub fn promotes_at(&self, side: SideId, rows: u8, from: u32, to: u32) -> bool {
        let base = side as usize * self.n;
        match rows {
            0 => self.far[base + to as usize],
            r => {
                self.ahead[base + to as usize] < u32::from(r)
                    || (from != u32::MAX && self.ahead[base + from as usize] < u32::from(r))
            }
        }
    }

    /// The lines along direction `d`, once its steps (`next`, `prev`) are known: a direction
    /// whose opposite came first shares that one's lines; another is an axis of its own, each
    /// line walked from its first square (the one with no square behind it) and numbered next.
    /// Lines are straight, so each has one first square.
    fn number_lines(&mut self, d: usize, line_of_dir: &[Option<usize>]) {
        let n = self.n;
        if let Some(o) = line_of_dir[d] {
            for sq in 0..n {
                self.line[d * n + sq] = self.line[o * n + sq];
            }
            return;
        }
        self.axes.push(d as DirId);
        for first in 0..n {
            if self.prev[d * n + first] != u32::MAX {
                continue;
            }
            let id = self.line_count as u32;
            self.line_count += 1;
            let mut s = first as u32;
            while s != u32::MAX {
                self.line[d * n + s as usize] = id;
                self.line_squares.push(s);
                s = self.next[d * n + s as usize];
            }
            self.line_start.push(self.line_squares.len() as u32);
        }
    }

    /// Each route's step: from each of its squares to the next, from the last to the first
    /// (a route goes round: from any of its squares, every step stays on it), or, for a
    /// route walked `once`, from the last nowhere.
    fn follow_routes(&mut self, p: &Program) {
        let n = self.n;
        for (d, dir) in p.directions.iter().enumerate() {
            let Some(cells) = &dir.route else { continue };
            let squares: Vec<u32> = cells
                .iter()
                .filter_map(|&c| self.square_at(c / self.cols, c % self.cols))
                .map(|sq| sq as u32)
                .collect();
            let len = squares.len();
            for (i, &sq) in squares.iter().enumerate() {
                if dir.once && i + 1 == len {
                    self.steps[d * n + sq as usize] = 0;
                    continue;
                }
                let to = squares[(i + 1) % len];
                self.next[d * n + sq as usize] = to;
                self.prev[d * n + to as usize] = sq;
                self.steps[d * n + sq as usize] = match dir.once {
                    true => (len - 1 - i) as u32,
                    false => len as u32,
                };
            }
        }
    }

    /// On a full grid: where each direction's step goes, how many fit, and the lines
    /// through each square along each pair of directions.
    fn walk_grid(&mut self, p: &Program, line_of_dir: &[Option<usize>]) {
        let (rows, cols, n) = (self.rows, self.cols, self.n);
        // How many steps of `d` fit from `pos` on an axis of `len` squares (none for `d` = 0).
        let room = |pos: i64, len: u32, d: i64| match d {
            0 => i64::MAX,
            d if d > 0 => (len as i64 - 1 - pos) / d,
            d => pos / -d,
        };
        for (d, dir) in p.directions.iter().enumerate() {
            if dir.route.is_some() {
                continue;
            }
            let (dr, dc) = (dir.dr as i64, dir.dc as i64);
            for sq in 0..n {
                let (r, c) = ((sq as u32 / cols) as i64, (sq as u32 % cols) as i64);
                // Counted, not walked: walking is quadratic on a 1024 x 1024 board.
                let k = room(r, rows, dr).min(room(c, cols, dc));
                let k = if k == i64::MAX { 0 } else { k };
                self.steps[d * n + sq] = k as u32;
                if k > 0 {
                    let to = ((r + dr) * cols as i64 + c + dc) as usize;
                    self.next[d * n + sq] = to as u32;
                    self.prev[d * n + to] = sq as u32;
                }
            }
            self.number_lines(d, line_of_dir);
        }
    }

    /// On a board of points on lines: where each direction's step goes (along a line that
    /// runs its way, as many points as the direction's vector has grid steps of the line's),
    /// and the lines through each point along each pair of directions.
    fn follow_lines(
        &mut self,
        p: &Program,
        pts: &crate::program::Points,
        line_of_dir: &[Option<usize>],
    ) {
        let (n, cols) = (self.n, self.cols);
        let at = |sq: u32| {
            let cell = pts.cells[sq as usize];
            ((cell / cols) as i64, (cell % cols) as i64)
        };
        for (d, dir) in p.directions.iter().enumerate() {
            if dir.route.is_some() {
                continue;
            }
            let (times, way) = unit_step(dir.dr as i64, dir.dc as i64);
            let mut one = vec![u32::MAX; n];
            for line in &pts.lines {
                for pair in line.windows(2) {
                    let ((r0, c0), (r1, c1)) = (at(pair[0]), at(pair[1]));
                    let (_, u) = unit_step(r1 - r0, c1 - c0);
                    if u == way {
                        one[pair[0] as usize] = pair[1];
                    } else if u == (-way.0, -way.1) {
                        one[pair[1] as usize] = pair[0];
                    }
                }
            }
            for sq in 0..n {
                let mut to = sq as u32;
                for _ in 0..times {
                    to = if to == u32::MAX { to } else { one[to as usize] };
                }
                if times > 0 && to != u32::MAX {
                    self.next[d * n + sq] = to;
                    self.prev[d * n + to as usize] = sq as u32;
                }
            }
            for sq in 0..n {
                let (mut k, mut s) = (0, self.next[d * n + sq]);
                while s != u32::MAX {
                    k += 1;
                    s = self.next[d * n + s as usize];
                }
                self.steps[d * n + sq] = k;
            }
            self.number_lines(d, line_of_dir);
        }
    }

    /// The four edges, and the dark and light squares, as areas of the squares on them.
    fn mark_edges(&mut self) {
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        for sq in 0..self.n {
            let (r, c) = (self.coords[sq].0 as i64, self.coords[sq].1 as i64);
            let dark = Notation::is_dark(self.rows, r as u32, c as u32);
            self.areas[sq] |= Geometry::area_bit(Area::Colour(dark), 0);
            let edges = [
                (r == 0, Edge::Top),
                (r == rows - 1, Edge::Bottom),
                (c == 0, Edge::Left),
                (c == cols - 1, Edge::Right),
            ];
            for (yes, e) in edges {
                if yes {
                    self.areas[sq] |= Geometry::area_bit(Area::Edge(e), 0);
                }
            }
        }
    }

    /// The block a square names: the block it is in, or (`matching`) the block standing
    /// among the blocks as the square stands in its own block; `None` off the board, without
    /// blocks, or where no block stands so.
    pub fn block(&self, sq: u32, matching: bool) -> Option<u32> {
        let b = *self.block_of.get(sq as usize)?;
        if !matching {
            return Some(b);
        }
        let (r, c) = self.coords[sq as usize];
        let ((h, w), (rows, cols)) = (self.block_size, self.block_grid);
        let (br, bc) = (r % h, c % w);
        (br < rows && bc < cols).then_some(br * cols + bc)
    }

    /// The blocks of `blocks R x C` and how their squares move when a block turns.
    fn cut_blocks(&mut self, (h, w): (u32, u32)) -> Result<(), NotationError> {
        let (rows, cols) = (self.rows, self.cols);
        if h > rows || w > cols || !rows.is_multiple_of(h) || !cols.is_multiple_of(w) {
            return Err(NotationError(format!(
                "blocks of {h} x {w} do not divide the {rows} x {cols} board"
            )));
        }
        self.block_of = vec![u32::MAX; self.n];
        self.block_grid = (rows / h, cols / w);
        self.block_size = (h, w);
        for br in 0..rows / h {
            for bc in 0..cols / w {
                let squares: Vec<u32> = (0..h * w)
                    .map(|i| (br * h + i / w) * cols + bc * w + i % w)
                    .collect();
                for &sq in &squares {
                    self.block_of[sq as usize] = self.blocks.len() as u32;
                }
                self.blocks.push(squares);
            }
        }
        let at = |r: u32, c: u32| (r * w + c) as u16;
        let all = |f: &dyn Fn(u32, u32) -> u16| -> Vec<u16> {
            (0..h * w).map(|i| f(i / w, i % w)).collect()
        };
        if h == w {
            // Clockwise, the square at (r, c) receives the piece from (h-1-c, r).
            self.turn_from[Turn::Clockwise as usize] = all(&|r, c| at(h - 1 - c, r));
            self.turn_from[Turn::Anticlockwise as usize] = all(&|r, c| at(c, w - 1 - r));
        }
        self.turn_from[Turn::Half as usize] = all(&|r, c| at(h - 1 - r, w - 1 - c));
        Ok(())
    }

    fn neighbours(&self, dirs: &[DirId]) -> (Vec<u32>, Vec<u32>) {
        let mut start = vec![0u32];
        let mut list = Vec::new();
        for sq in 0..self.n {
            for &d in dirs {
                let to = self.next[d as usize * self.n + sq];
                if to != u32::MAX {
                    list.push(to);
                }
            }
            start.push(list.len() as u32);
        }
        (start, list)
    }

    /// The squares of `area` as `viewer` sees it, when the area has a bit (rows counted
    /// from home have none).
    pub fn squares_of(&self, area: Area, viewer: SideId) -> Option<&[u32]> {
        let bit = Geometry::area_bit(area, viewer);
        (bit != 0).then(|| &self.area_squares[bit.trailing_zeros() as usize][..])
    }

    /// True if `sq` is on `area`, as `viewer` sees it.
    pub fn on_area(&self, area: Area, viewer: SideId, sq: usize) -> bool {
        match area {
            Area::NthRow(k, whose) => {
                let side = match whose {
                    Whose::Side(s) => s,
                    Whose::Viewer => viewer,
                };
                self.rank[side as usize * self.n + sq] == k
            }
            Area::FarRows(k, whose) => {
                let side = match whose {
                    Whose::Side(s) => s,
                    Whose::Viewer => viewer,
                };
                self.ahead[side as usize * self.n + sq] < k
            }
            _ => self.areas[sq] & Geometry::area_bit(area, viewer) != 0,
        }
    }

    /// The bit of `areas` that stands for `area`, as `viewer` sees it (bits 0-3 the edges,
    /// 4 + side a far row, 20 + side a home row, 36 and 37 the dark and light squares, 38 +
    /// its index a zone; none for a row counted from home).
    pub fn area_bit(area: Area, viewer: SideId) -> u64 {
        let side = |w: Whose| match w {
            Whose::Side(s) => s,
            Whose::Viewer => viewer,
        } as u64;
        match area {
            Area::Edge(Edge::Top) => 1,
            Area::Edge(Edge::Bottom) => 2,
            Area::Edge(Edge::Left) => 4,
            Area::Edge(Edge::Right) => 8,
            Area::FarRow(w) => 1 << (4 + side(w)),
            Area::HomeRow(w) => 1 << (20 + side(w)),
            Area::Colour(true) => 1 << 36,
            Area::Colour(false) => 1 << 37,
            Area::Zone(z) => 1 << (38 + z as u64),
            Area::Owned { base, whose } => {
                let side = match whose {
                    Owner::Viewer => viewer,
                    Owner::Other => 1 - viewer.min(1),
                    Owner::Side(s) => s,
                };
                1 << (38 + base as u64 + side as u64)
            }
            Area::NthRow(..) | Area::FarRows(..) => 0,
        }
    }

    /// The square at row `r`, column `c` of the grid (none where a board of points on lines
    /// has no point).
    #[inline]
    pub fn square_at(&self, r: u32, c: u32) -> Option<usize> {
        let cell = (r * self.cols + c) as usize;
        match self.square_of.get(cell) {
            None => Some(cell),
            Some(&sq) => (sq != u32::MAX).then_some(sq as usize),
        }
    }

    /// The square one step along `d` from each square (`u32::MAX` off the board).
    #[inline]
    pub fn next_of(&self, d: DirId) -> &[u32] {
        &self.next[d as usize * self.n..(d as usize + 1) * self.n]
    }

    #[inline]
    pub fn steps(&self, d: DirId, sq: usize) -> u32 {
        self.steps[d as usize * self.n + sq]
    }
}

/// Every square of a board of `n` squares as bits, when it has at most 128 (else 0).
fn all_bits(n: usize) -> u128 {
    match n {
        128 => u128::MAX,
        0..128 => (1 << n) - 1,
        _ => 0,
    }
}
