// Hand-written international draughts (10 x 10) perft oracle, independent of ply.
// Usage: international_draughts_perft FILE DEPTH [--divide] [--paths]
//   FILE is a position file or the word "start". Prints "perft D COUNT" for D = 1..DEPTH.
//   With --divide it first prints one line "MOVE COUNT" per legal move (COUNT =
//   perft(child, DEPTH-1)), sorted by move name. The time per depth goes to stderr.
//   --paths turns the merging of identical captures off (every path is its own move); it is
//   only a sanity check (the start position then gives 6483971 at depth 8), not the rules.
// Position file: 10 lines of 10 chars, top row first ('w' white man, 'W' white king, 'b' black
//   man, 'B' black king, '.' empty), then a line 'w' or 'b' naming the side to move. Blank
//   lines and lines starting with '#' are skipped. Only the dark squares are used: the
//   bottom-left square of the last line is dark, i.e. (line r, column c), both from 0 at the
//   top left, is dark when r + c is odd. A piece on a light square is an error.
// Rules: white moves up (towards the first line of the file), black down.
//   - A man steps one square diagonally forward onto an empty square. It captures diagonally
//     forward and backward: it jumps an adjacent enemy piece onto the empty square just beyond.
//   - A king slides any distance diagonally over empty squares. It captures by jumping exactly
//     one enemy piece on a diagonal (any number of empty squares before it), landing on any
//     empty square beyond it (up to the next piece or the edge).
//   - Captures go on while the same piece can capture. Captured pieces are removed only when
//     the move ends: until then they stay on the board, block (a king cannot pass them) and
//     cannot be jumped again. The mover's start square is empty once it has left it.
//   - Capturing is mandatory and only the sequences taking the most pieces are legal (men and
//     kings count the same). Sequences with the same start square, the same end square and
//     the same SET of captured pieces are one move; its name is the path whose list of square
//     numbers is smallest (compared number by number).
//   - A man becomes a king only when its move ENDS on its far row.
// Perft: perft(p, 0) = 1; for depth > 0 the sum over legal moves of perft(child, depth - 1);
//   a side with no legal move contributes 0 (the game never ends by position).
// Move names: standard numbers 1..50, the dark squares row by row from the top line of the
//   file, left to right; "32-28" for a step, "28x19x10" (every landing square) for a capture.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

static char board[10][10];
static bool taken[10][10];      // captured during the sequence being searched
static bool mergeSame = true;

static const int DR[4] = {-1, -1, 1, 1};
static const int DC[4] = {-1, 1, -1, 1};

static inline bool on(int r, int c) { return r >= 0 && r < 10 && c >= 0 && c < 10; }
static inline int num(int r, int c) { return r * 5 + c / 2 + 1; }
static inline bool isWhite(char x) { return x == 'w' || x == 'W'; }
static inline bool isBlack(char x) { return x == 'b' || x == 'B'; }

struct Move {
    int n;              // visited squares, start included
    int8_t r[24], c[24];
    int ncap;
    int8_t cr[20], cc[20];
    uint64_t capMask;   // bit num-1 for each captured square
    bool capture;
    char endPiece;
};

static std::vector<Move>* g_out;
static int g_best;
static char g_side;
static Move g_cur;

static bool enemyOf(char x) { return g_side == 'w' ? isBlack(x) : isWhite(x); }

static void record(bool king) {
    if (g_cur.ncap > g_best) { g_best = g_cur.ncap; g_out->clear(); }
    if (g_cur.ncap < g_best) return;
    Move m = g_cur;
    m.capture = true;
    int er = m.r[m.n - 1];
    bool promo = (g_side == 'w' && er == 0) || (g_side == 'b' && er == 9);
    m.endPiece = (king || promo) ? (g_side == 'w' ? 'W' : 'B') : g_side;
    if (mergeSame) {
        for (Move& o : *g_out) {
            if (o.r[0] == m.r[0] && o.c[0] == m.c[0] && o.r[o.n - 1] == m.r[m.n - 1] &&
                o.c[o.n - 1] == m.c[m.n - 1] && o.capMask == m.capMask) {
                // same move: keep the path with the smaller number sequence as its name
                bool smaller = false;
                for (int i = 0; i < std::min(o.n, m.n); i++) {
                    int a = num(m.r[i], m.c[i]), b = num(o.r[i], o.c[i]);
                    if (a != b) { smaller = a < b; break; }
                    if (i == std::min(o.n, m.n) - 1) smaller = m.n < o.n;
                }
                if (smaller) o = m;
                return;
            }
        }
    }
    g_out->push_back(m);
}

static void capDfs(int r, int c, bool king) {
    bool any = false;
    for (int d = 0; d < 4; d++) {
        int r1 = r + DR[d], c1 = c + DC[d];
        if (king)
            while (on(r1, c1) && board[r1][c1] == '.') { r1 += DR[d]; c1 += DC[d]; }
        if (!on(r1, c1) || !enemyOf(board[r1][c1]) || taken[r1][c1]) continue;
        int r2 = r1 + DR[d], c2 = c1 + DC[d];
        if (!on(r2, c2) || board[r2][c2] != '.') continue;
        taken[r1][c1] = true;
        g_cur.cr[g_cur.ncap] = r1; g_cur.cc[g_cur.ncap] = c1; g_cur.ncap++;
        g_cur.capMask |= 1ULL << (num(r1, c1) - 1);
        while (on(r2, c2) && board[r2][c2] == '.') {
            any = true;
            g_cur.r[g_cur.n] = r2; g_cur.c[g_cur.n] = c2; g_cur.n++;
            capDfs(r2, c2, king);
            g_cur.n--;
            if (!king) break;
            r2 += DR[d]; c2 += DC[d];
        }
        g_cur.capMask &= ~(1ULL << (num(r1, c1) - 1));
        g_cur.ncap--;
        taken[r1][c1] = false;
    }
    if (!any && g_cur.ncap > 0) record(king);
}

static void gen(char side, std::vector<Move>& out) {
    out.clear();
    g_out = &out; g_best = 0; g_side = side;
    char man = side, king = side == 'w' ? 'W' : 'B';
    for (int r = 0; r < 10; r++)
        for (int c = 0; c < 10; c++) {
            char p = board[r][c];
            if (p != man && p != king) continue;
            board[r][c] = '.';  // lifted: its start square is empty during the capture
            g_cur.n = 1; g_cur.r[0] = r; g_cur.c[0] = c; g_cur.ncap = 0; g_cur.capMask = 0;
            capDfs(r, c, p == king);
            board[r][c] = p;
        }
    if (!out.empty()) return;
    for (int r = 0; r < 10; r++)
        for (int c = 0; c < 10; c++) {
            char p = board[r][c];
            if (p != man && p != king) continue;
            for (int d = 0; d < 4; d++) {
                if (p == man && (side == 'w') != (DR[d] < 0)) continue;
                int r1 = r + DR[d], c1 = c + DC[d];
                while (on(r1, c1) && board[r1][c1] == '.') {
                    Move m;
                    m.n = 2; m.r[0] = r; m.c[0] = c; m.r[1] = r1; m.c[1] = c1;
                    m.ncap = 0; m.capMask = 0; m.capture = false;
                    bool promo = (side == 'w' && r1 == 0) || (side == 'b' && r1 == 9);
                    m.endPiece = (p == king || promo) ? king : man;
                    out.push_back(m);
                    if (p == man) break;
                    r1 += DR[d]; c1 += DC[d];
                }
            }
        }
}

struct Undo { char start; char cap[20]; };

static void make(const Move& m, Undo& u) {
    u.start = board[m.r[0]][m.c[0]];
    board[m.r[0]][m.c[0]] = '.';
    for (int i = 0; i < m.ncap; i++) { u.cap[i] = board[m.cr[i]][m.cc[i]]; board[m.cr[i]][m.cc[i]] = '.'; }
    board[m.r[m.n - 1]][m.c[m.n - 1]] = m.endPiece;
}

static void unmake(const Move& m, const Undo& u) {
    board[m.r[m.n - 1]][m.c[m.n - 1]] = '.';
    for (int i = 0; i < m.ncap; i++) board[m.cr[i]][m.cc[i]] = u.cap[i];
    board[m.r[0]][m.c[0]] = u.start;
}

static unsigned long long perft(char side, int depth) {
    if (depth == 0) return 1;
    std::vector<Move> mv;
    gen(side, mv);
    if (depth == 1) return mv.size();
    char other = side == 'w' ? 'b' : 'w';
    unsigned long long total = 0;
    for (const Move& m : mv) {
        Undo u;
        make(m, u);
        total += perft(other, depth - 1);
        unmake(m, u);
    }
    return total;
}

static std::string name(const Move& m) {
    std::string s;
    for (int i = 0; i < m.n; i++) {
        if (i) s += m.capture ? 'x' : '-';
        s += std::to_string(num(m.r[i], m.c[i]));
    }
    return s;
}

int main(int argc, char** argv) {
    std::vector<std::string> args;
    bool divide = false;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--divide") divide = true;
        else if (a == "--paths") mergeSame = false;
        else args.push_back(a);
    }
    if (args.size() != 2) { fprintf(stderr, "usage: %s FILE|start DEPTH [--divide] [--paths]\n", argv[0]); return 2; }
    std::vector<std::string> lines;
    if (args[0] == "start") {
        for (int r = 0; r < 10; r++) {
            std::string l;
            for (int c = 0; c < 10; c++) l += (r + c) % 2 == 0 ? '.' : r < 4 ? 'b' : r > 5 ? 'w' : '.';
            lines.push_back(l);
        }
        lines.push_back("w");
    } else {
        std::ifstream in(args[0]);
        if (!in) { fprintf(stderr, "cannot open %s\n", args[0].c_str()); return 2; }
        std::string line;
        while (std::getline(in, line)) {
            while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
            if (line.empty() || line[0] == '#') continue;
            lines.push_back(line);
        }
    }
    if (lines.size() != 11) { fprintf(stderr, "expected 11 non-blank lines, got %zu\n", lines.size()); return 2; }
    for (int r = 0; r < 10; r++) {
        if (lines[r].size() != 10) { fprintf(stderr, "row %d: expected 10 chars\n", r + 1); return 2; }
        for (int c = 0; c < 10; c++) {
            char x = lines[r][c];
            if (!strchr("wWbB.", x)) { fprintf(stderr, "bad char '%c'\n", x); return 2; }
            if (x != '.' && (r + c) % 2 == 0) { fprintf(stderr, "piece on a light square, line %d column %d\n", r + 1, c + 1); return 2; }
            board[r][c] = x;
        }
    }
    if (lines[10] != "w" && lines[10] != "b") { fprintf(stderr, "bad side-to-move line\n"); return 2; }
    char side = lines[10][0];
    int maxd = atoi(args[1].c_str());
    if (divide && maxd >= 1) {
        std::vector<Move> mv;
        gen(side, mv);
        char other = side == 'w' ? 'b' : 'w';
        std::vector<std::pair<std::string, unsigned long long>> rows;
        for (const Move& m : mv) {
            Undo u;
            make(m, u);
            rows.push_back({name(m), perft(other, maxd - 1)});
            unmake(m, u);
        }
        std::sort(rows.begin(), rows.end());
        for (auto& r : rows) printf("%s %llu\n", r.first.c_str(), r.second);
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
