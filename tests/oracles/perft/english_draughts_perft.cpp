// Hand-written mailbox English draughts perft (independent of ply).
// Usage: english_draughts_perft POSITION_FILE MAXDEPTH   -> prints "perft D COUNT" for D = 1..MAXDEPTH
// Position file: 8 lines of 8 chars ('b' black man, 'B' black king, 'w' white man, 'W' white king,
// '.' empty), rows top to bottom, then a line 'b' or 'w' for the side to move. '#' lines and
// blank lines are ignored. Black men move down (increasing row), white men move up.
// Rules: men step/jump diagonally forward, kings in all four diagonals; captures are mandatory;
// a capture continues while the same piece can capture again, and every distinct jump path is a
// separate move; captured pieces stay on the board (blocking, not re-jumpable) until the move
// ends; a man reaching the far row is crowned and its move ends there.
// Perft: perft(0) = 1; a side with no legal move has lost, so perft(d > 0) = 0 there.
// Option: a third argument "divide" prints the per-move counts at MAXDEPTH instead.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <fstream>
#include <chrono>

static char board[8][8];

struct Move {
    int fr, fc, tr, tc;
    bool promote;
    int ncap;
    int cr[12], cc[12];
    char capped[12];
    std::string path;  // e.g. "B6-D4-F2" (column letter + row number, row 1 at the top)
};

static inline bool is_black(char x) { return x == 'b' || x == 'B'; }
static inline bool is_white(char x) { return x == 'w' || x == 'W'; }
static inline bool is_king(char x) { return x == 'B' || x == 'W'; }
static inline bool in(int r, int c) { return r >= 0 && r < 8 && c >= 0 && c < 8; }
static inline bool is_enemy(char x, char side) { return side == 'b' ? is_white(x) : is_black(x); }
static std::string sq(int r, int c) { return std::string(1, char('A' + c)) + std::to_string(r + 1); }

// Directions available to a piece: a man only the two forward ones.
static int dirs(char piece, int dr[4], int dc[4]) {
    int n = 0;
    for (int a = -1; a <= 1; a += 2) for (int b = -1; b <= 1; b += 2) {
        if (!is_king(piece)) {
            int fwd = is_black(piece) ? 1 : -1;
            if (a != fwd) continue;
        }
        dr[n] = a; dc[n] = b; n++;
    }
    return n;
}

static inline bool far_row(char piece, int r) { return is_black(piece) ? r == 7 : r == 0; }

// Depth-first search for jump continuations. The moving piece has been lifted off its origin
// square (so the origin counts as empty); captured pieces are marked in `taken` but stay on board.
static bool taken[8][8];
static void jumps(char piece, char side, int r, int c, Move& cur, std::vector<Move>& out) {
    int dr[4], dc[4];
    int nd = dirs(piece, dr, dc);
    bool extended = false;
    for (int k = 0; k < nd; k++) {
        int mr = r + dr[k], mc = c + dc[k], lr = r + 2 * dr[k], lc = c + 2 * dc[k];
        if (!in(lr, lc)) continue;
        if (!is_enemy(board[mr][mc], side) || taken[mr][mc]) continue;
        if (board[lr][lc] != '.') continue;  // captured pieces still block
        extended = true;
        taken[mr][mc] = true;
        cur.cr[cur.ncap] = mr; cur.cc[cur.ncap] = mc; cur.capped[cur.ncap] = board[mr][mc]; cur.ncap++;
        std::string save = cur.path;
        cur.path += "-" + sq(lr, lc);
        if (!is_king(piece) && far_row(piece, lr)) {
            Move m = cur; m.tr = lr; m.tc = lc; m.promote = true;
            out.push_back(m);  // crowned: the move ends here
        } else {
            jumps(piece, side, lr, lc, cur, out);
        }
        cur.path = save;
        cur.ncap--;
        taken[mr][mc] = false;
    }
    if (!extended && cur.ncap > 0) {
        Move m = cur; m.tr = r; m.tc = c; m.promote = false;
        out.push_back(m);
    }
}

static void gen(char side, std::vector<Move>& out) {
    out.clear();
    // captures
    for (int r = 0; r < 8; r++) for (int c = 0; c < 8; c++) {
        char p = board[r][c];
        if (p == '.' || is_enemy(p, side)) continue;
        Move cur; cur.fr = r; cur.fc = c; cur.ncap = 0; cur.promote = false; cur.path = sq(r, c);
        board[r][c] = '.';
        jumps(p, side, r, c, cur, out);
        board[r][c] = p;
    }
    if (!out.empty()) return;
    // quiet steps
    for (int r = 0; r < 8; r++) for (int c = 0; c < 8; c++) {
        char p = board[r][c];
        if (p == '.' || is_enemy(p, side)) continue;
        int dr[4], dc[4];
        int nd = dirs(p, dr, dc);
        for (int k = 0; k < nd; k++) {
            int tr = r + dr[k], tc = c + dc[k];
            if (!in(tr, tc) || board[tr][tc] != '.') continue;
            Move m; m.fr = r; m.fc = c; m.tr = tr; m.tc = tc; m.ncap = 0;
            m.promote = !is_king(p) && far_row(p, tr);
            m.path = sq(r, c) + "-" + sq(tr, tc);
            out.push_back(m);
        }
    }
}

static void make(const Move& m) {
    char p = board[m.fr][m.fc];
    board[m.fr][m.fc] = '.';
    for (int i = 0; i < m.ncap; i++) board[m.cr[i]][m.cc[i]] = '.';
    if (m.promote) p = is_black(p) ? 'B' : 'W';
    board[m.tr][m.tc] = p;
}

static void unmake(const Move& m) {
    char p = board[m.tr][m.tc];
    board[m.tr][m.tc] = '.';
    if (m.promote) p = is_black(p) ? 'b' : 'w';
    for (int i = 0; i < m.ncap; i++) board[m.cr[i]][m.cc[i]] = m.capped[i];
    board[m.fr][m.fc] = p;
}

static unsigned long long perft(char side, int d) {
    if (d == 0) return 1;
    std::vector<Move> ms;
    gen(side, ms);
    char other = side == 'b' ? 'w' : 'b';
    unsigned long long n = 0;
    for (const Move& m : ms) {
        make(m);
        n += perft(other, d - 1);
        unmake(m);
    }
    return n;  // no moves: the side to move has lost, contributes 0
}

int main(int argc, char** argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s POSITION_FILE MAXDEPTH [divide]\n", argv[0]); return 2; }
    std::ifstream in(argv[1]);
    if (!in) { fprintf(stderr, "cannot open %s\n", argv[1]); return 2; }
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(in, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        lines.push_back(line);
    }
    if (lines.size() != 9) { fprintf(stderr, "expected 9 lines, got %zu\n", lines.size()); return 2; }
    for (int r = 0; r < 8; r++) {
        if (lines[r].size() != 8) { fprintf(stderr, "row %d: expected 8 chars\n", r + 1); return 2; }
        for (int c = 0; c < 8; c++) {
            char x = lines[r][c];
            if (!strchr("bBwW.", x)) { fprintf(stderr, "bad char '%c'\n", x); return 2; }
            board[r][c] = x;
        }
    }
    if (lines[8] != "b" && lines[8] != "w") { fprintf(stderr, "bad side to move line\n"); return 2; }
    char side = lines[8][0];
    int maxd = atoi(argv[2]);
    if (argc > 3 && std::string(argv[3]) == "divide") {
        std::vector<Move> ms;
        gen(side, ms);
        char other = side == 'b' ? 'w' : 'b';
        unsigned long long tot = 0;
        for (const Move& m : ms) {
            make(m);
            unsigned long long n = maxd > 0 ? perft(other, maxd - 1) : 1;
            unmake(m);
            printf("%s%s %llu\n", m.path.c_str(), m.promote ? " (crowned)" : "", n);
            tot += n;
        }
        printf("total %llu\n", tot);
        return 0;
    }
    for (int d = 1; d <= maxd; d++) {
        auto t0 = std::chrono::steady_clock::now();
        unsigned long long n = perft(side, d);
        double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        printf("perft %d %llu\n", d, n);
        fprintf(stderr, "depth %d: %.3f s\n", d, secs);
        fflush(stdout);
    }
    return 0;
}
