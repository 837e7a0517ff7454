// Hand-written Breakthrough (8 x 8) perft oracle, independent of ply.
// Usage: breakthrough_perft FILE DEPTH [--divide]
//   FILE is a position file or the word "start". Prints "perft D COUNT" for D = 1..DEPTH.
//   With --divide it first prints one line "MOVE COUNT" per legal move (COUNT = perft(child,
//   DEPTH-1)). The time per depth goes to stderr.
// Position file: 8 lines of 8 chars, top row first ('W' white, 'B' black, '.' empty), then a
//   line 'W' or 'B' naming the side to move. Blank lines and lines starting with '#' are skipped.
// Rules: white moves up (towards the first line of the file), black moves down. A pawn steps
//   one square straight forward onto an empty square, or one square diagonally forward onto an
//   empty square or onto an enemy pawn (capturing it). No straight captures.
// Perft: perft(p, 0) = 1. For depth > 0 a FINISHED position (a white pawn on the top row, a
//   black pawn on the bottom row, or a side without pawns) counts 0; otherwise the sum over the
//   legal moves of perft(child, depth - 1). A side with no move contributes 0.
// Move names: file letter a..h from the left, rank 1..8 from the BOTTOM line, e.g. "b2-b3",
//   "b2-c3" (diagonal step to an empty square), "b2xc3" (capture).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

static char board[8][8];

static bool finished() {
    int nw = 0, nb = 0;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++) {
            if (board[r][c] == 'W') { nw++; if (r == 0) return true; }
            if (board[r][c] == 'B') { nb++; if (r == 7) return true; }
        }
    return nw == 0 || nb == 0;
}

struct Move { int r0, c0, r1, c1; char taken; };

static int gen(char side, Move* out) {
    int n = 0;
    int dr = side == 'W' ? -1 : 1;
    char enemy = side == 'W' ? 'B' : 'W';
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++) {
            if (board[r][c] != side) continue;
            int r1 = r + dr;
            if (r1 < 0 || r1 > 7) continue;  // cannot happen in an unfinished position
            for (int dc = -1; dc <= 1; dc++) {
                int c1 = c + dc;
                if (c1 < 0 || c1 > 7) continue;
                char t = board[r1][c1];
                if (t == '.' || (dc != 0 && t == enemy)) out[n++] = Move{r, c, r1, c1, t};
            }
        }
    return n;
}

static unsigned long long perft(char side, int depth) {
    if (depth == 0) return 1;
    if (finished()) return 0;
    Move mv[48];
    int n = gen(side, mv);
    char other = side == 'W' ? 'B' : 'W';
    unsigned long long total = 0;
    for (int i = 0; i < n; i++) {
        const Move& m = mv[i];
        board[m.r0][m.c0] = '.';
        board[m.r1][m.c1] = side;
        total += perft(other, depth - 1);
        board[m.r1][m.c1] = m.taken;
        board[m.r0][m.c0] = side;
    }
    return total;
}

static std::string name(const Move& m) {
    std::string s;
    s += char('a' + m.c0); s += char('0' + (8 - m.r0));
    s += m.taken == '.' ? '-' : 'x';
    s += char('a' + m.c1); s += char('0' + (8 - m.r1));
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
        lines = {"BBBBBBBB", "BBBBBBBB", "........", "........", "........", "........",
                 "WWWWWWWW", "WWWWWWWW", "W"};
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
            if (x != 'W' && x != 'B' && x != '.') { fprintf(stderr, "bad char '%c'\n", x); return 2; }
            board[r][c] = x;
        }
    }
    if (lines[8] != "W" && lines[8] != "B") { fprintf(stderr, "bad side-to-move line\n"); return 2; }
    char side = lines[8][0];
    int maxd = atoi(args[1].c_str());
    if (divide && maxd >= 1 && !finished()) {
        Move mv[48];
        int n = gen(side, mv);
        char other = side == 'W' ? 'B' : 'W';
        for (int i = 0; i < n; i++) {
            const Move& m = mv[i];
            board[m.r0][m.c0] = '.';
            board[m.r1][m.c1] = side;
            unsigned long long k = perft(other, maxd - 1);
            board[m.r1][m.c1] = m.taken;
            board[m.r0][m.c0] = side;
            printf("%s %llu\n", name(m).c_str(), k);
        }
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
