// Hand-written Turkish draughts (8 x 8) perft oracle, independent of ply.
// Usage: turkish_draughts_perft FILE DEPTH [--divide]
//   FILE is a position file or the word "start". Prints "perft D COUNT" for D = 1..DEPTH.
//   With --divide it first prints one line "MOVE COUNT" per legal move (COUNT =
//   perft(child, DEPTH-1)), sorted by move name. The time per depth goes to stderr.
// Position file: 8 lines of 8 chars, top row first ('w' white man, 'W' white king, 'b' black
//   man, 'B' black king, '.' empty), then a line 'w' or 'b' naming the side to move. Blank
//   lines and lines starting with '#' are skipped. A man standing on its far row in the file
//   is read as a king.
// Rules: every square is used. White moves up (towards the first line of the file), black down.
//   - A man steps one square forward, left or right onto an empty square. It captures by
//     jumping an adjacent enemy piece forward, left or right onto the empty square just beyond.
//   - A king slides any distance orthogonally over empty squares. It captures by jumping
//     exactly one enemy piece on an orthogonal line (any number of empty squares before it),
//     landing on any empty square beyond it (up to the next piece or the edge).
//   - A capture goes on while the same piece can capture. Captured pieces are removed at once
//     (one by one as they are jumped), so they never block and their squares can be crossed
//     again. The mover's start square is empty once it has left. Between two jumps the
//     direction may not turn by 180 degrees.
//   - Capturing is mandatory and only the sequences taking the most pieces are legal (men and
//     kings count the same). Every distinct sequence of visited squares is its own move.
//   - A man reaching its far row becomes a king at once; in the middle of a capture it goes on
//     capturing as a king (still without turning straight back).
// Perft: perft(p, 0) = 1; for depth > 0 the sum over legal moves of perft(child, depth - 1);
//   a side with no legal move contributes 0 (the game never ends by position).
// Move names: column a..h from the left, row 1..8 from the BOTTOM line, the visited squares
//   joined by '-' (quiet move) or 'x' (capture): "d3-d4", "d4xd6xf6".
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

static char board[8][8];

static const int DR[4] = {-1, 1, 0, 0};  // up, down, left, right
static const int DC[4] = {0, 0, -1, 1};
static const int OPP[4] = {1, 0, 3, 2};

struct Move {
    int nsq;            // number of visited squares (start included)
    int sq[20];         // visited squares r*8+c
    int ncap;           // pieces captured
    int cap[16];        // captured squares
    bool capture;
    char endPiece;      // piece standing on the last square after the move
};

static inline bool on(int r, int c) { return r >= 0 && r < 8 && c >= 0 && c < 8; }
static inline bool isWhite(char x) { return x == 'w' || x == 'W'; }
static inline bool isBlack(char x) { return x == 'b' || x == 'B'; }

// --- capture search -------------------------------------------------------------------------
static std::vector<Move>* g_out;
static int g_best;
static char g_side;      // 'w' or 'b'
static Move g_cur;

static bool enemyOf(char x) { return g_side == 'w' ? isBlack(x) : isWhite(x); }

static void capDfs(int r, int c, bool king, int lastDir) {
    bool any = false;
    for (int d = 0; d < 4; d++) {
        if (lastDir >= 0 && d == OPP[lastDir]) continue;
        if (!king) {
            int fwd = g_side == 'w' ? 0 : 1;
            if (d != fwd && d != 2 && d != 3) continue;
            int r1 = r + DR[d], c1 = c + DC[d], r2 = r1 + DR[d], c2 = c1 + DC[d];
            if (!on(r2, c2) || !enemyOf(board[r1][c1]) || board[r2][c2] != '.') continue;
            any = true;
            char taken = board[r1][c1];
            board[r1][c1] = '.';
            g_cur.sq[g_cur.nsq++] = r2 * 8 + c2;
            g_cur.cap[g_cur.ncap++] = r1 * 8 + c1;
            bool promo = (g_side == 'w' && r2 == 0) || (g_side == 'b' && r2 == 7);
            capDfs(r2, c2, promo, d);
            g_cur.nsq--; g_cur.ncap--;
            board[r1][c1] = taken;
        } else {
            int r1 = r + DR[d], c1 = c + DC[d];
            while (on(r1, c1) && board[r1][c1] == '.') { r1 += DR[d]; c1 += DC[d]; }
            if (!on(r1, c1) || !enemyOf(board[r1][c1])) continue;
            int r2 = r1 + DR[d], c2 = c1 + DC[d];
            if (!on(r2, c2) || board[r2][c2] != '.') continue;
            any = true;
            char taken = board[r1][c1];
            board[r1][c1] = '.';
            g_cur.cap[g_cur.ncap++] = r1 * 8 + c1;
            while (on(r2, c2) && board[r2][c2] == '.') {
                g_cur.sq[g_cur.nsq++] = r2 * 8 + c2;
                capDfs(r2, c2, true, d);
                g_cur.nsq--;
                r2 += DR[d]; c2 += DC[d];
            }
            g_cur.ncap--;
            board[r1][c1] = taken;
        }
    }
    if (!any && g_cur.ncap > 0) {
        if (g_cur.ncap > g_best) { g_best = g_cur.ncap; g_out->clear(); }
        if (g_cur.ncap == g_best) {
            Move m = g_cur;
            m.capture = true;
            m.endPiece = king ? (g_side == 'w' ? 'W' : 'B') : g_side;
            g_out->push_back(m);
        }
    }
}

static void gen(char side, std::vector<Move>& out) {
    out.clear();
    g_out = &out; g_best = 0; g_side = side;
    char man = side, king = side == 'w' ? 'W' : 'B';
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++) {
            char p = board[r][c];
            if (p != man && p != king) continue;
            board[r][c] = '.';  // lifted
            g_cur.nsq = 1; g_cur.sq[0] = r * 8 + c; g_cur.ncap = 0;
            capDfs(r, c, p == king, -1);
            board[r][c] = p;
        }
    if (!out.empty()) return;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++) {
            char p = board[r][c];
            if (p != man && p != king) continue;
            for (int d = 0; d < 4; d++) {
                if (p == man) {
                    int fwd = side == 'w' ? 0 : 1;
                    if (d != fwd && d != 2 && d != 3) continue;
                }
                int r1 = r + DR[d], c1 = c + DC[d];
                while (on(r1, c1) && board[r1][c1] == '.') {
                    Move m;
                    m.nsq = 2; m.sq[0] = r * 8 + c; m.sq[1] = r1 * 8 + c1; m.ncap = 0;
                    m.capture = false;
                    bool promo = (side == 'w' && r1 == 0) || (side == 'b' && r1 == 7);
                    m.endPiece = (p == king || promo) ? king : man;
                    out.push_back(m);
                    if (p == man) break;
                    r1 += DR[d]; c1 += DC[d];
                }
            }
        }
}

struct Undo { char start; char capPiece[16]; };

static void make(const Move& m, Undo& u) {
    int s = m.sq[0], e = m.sq[m.nsq - 1];
    u.start = board[s / 8][s % 8];
    board[s / 8][s % 8] = '.';
    for (int i = 0; i < m.ncap; i++) {
        u.capPiece[i] = board[m.cap[i] / 8][m.cap[i] % 8];
        board[m.cap[i] / 8][m.cap[i] % 8] = '.';
    }
    board[e / 8][e % 8] = m.endPiece;
}

static void unmake(const Move& m, const Undo& u) {
    int s = m.sq[0], e = m.sq[m.nsq - 1];
    board[e / 8][e % 8] = '.';
    for (int i = m.ncap - 1; i >= 0; i--) board[m.cap[i] / 8][m.cap[i] % 8] = u.capPiece[i];
    board[s / 8][s % 8] = u.start;
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
    for (int i = 0; i < m.nsq; i++) {
        if (i) s += m.capture ? 'x' : '-';
        s += char('a' + m.sq[i] % 8);
        s += char('0' + (8 - m.sq[i] / 8));
    }
    return s;
}

int main(int argc, char** argv) {
    std::vector<std::string> args;
    bool divide = false;
    for (int i = 1; i < argc; i++) {
        if (std::string(argv[i]) == "--divide") divide = true; else args.push_back(argv[i]);
    }
    if (args.size() != 2) { fprintf(stderr, "usage: %s FILE|start DEPTH [--divide]\n", argv[0]); return 2; }
    std::vector<std::string> lines;
    if (args[0] == "start") {
        lines = {"........", "bbbbbbbb", "bbbbbbbb", "........", "........", "wwwwwwww",
                 "wwwwwwww", "........", "w"};
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
    if (lines.size() != 9) { fprintf(stderr, "expected 9 non-blank lines, got %zu\n", lines.size()); return 2; }
    for (int r = 0; r < 8; r++) {
        if (lines[r].size() != 8) { fprintf(stderr, "row %d: expected 8 chars\n", r + 1); return 2; }
        for (int c = 0; c < 8; c++) {
            char x = lines[r][c];
            if (!strchr("wWbB.", x)) { fprintf(stderr, "bad char '%c'\n", x); return 2; }
            if (x == 'w' && r == 0) x = 'W';
            if (x == 'b' && r == 7) x = 'B';
            board[r][c] = x;
        }
    }
    if (lines[8] != "w" && lines[8] != "b") { fprintf(stderr, "bad side-to-move line\n"); return 2; }
    char side = lines[8][0];
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
