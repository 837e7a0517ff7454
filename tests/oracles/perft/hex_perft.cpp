// Hand-written Hex (11 x 11, no swap rule) perft oracle, independent of ply.
// Usage: hex_perft FILE DEPTH [--divide]
//   FILE is a position file or the word "start". Prints "perft D COUNT" for D = 1..DEPTH.
//   With --divide it first prints one line "MOVE COUNT" per legal move (COUNT = perft(child,
//   DEPTH-1)). The time per depth goes to stderr.
// Position file: 11 lines of 11 chars, top row first ('R' red, 'B' blue, '.' empty), then a
//   line 'R' or 'B' naming the side to move. Blank lines and lines starting with '#' are skipped.
// Rules: a move places a stone of the mover on any empty cell. Cell (r, c) (r = line of the
//   file from the top, c = column from the left, both from 0) has the six neighbours
//   (r-1,c) (r+1,c) (r,c-1) (r,c+1) (r-1,c+1) (r+1,c-1).
// Perft: perft(p, 0) = 1. For depth > 0 a FINISHED position (a red group joins the top row to
//   the bottom row, or a blue group joins the left column to the right column) counts 0;
//   otherwise the sum over the empty cells of perft(child, depth - 1).
// Move names: column letter a..k from the left, then the row number 1..11 counted from the
//   TOP line of the file, e.g. "a1" is the top-left cell, "k11" the bottom-right one.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

static const int N = 11;
static char board[N][N];
static const int DR[6] = {-1, 1, 0, 0, -1, 1};
static const int DC[6] = {0, 0, -1, 1, 1, -1};

// Flood fill (explicit stack) from every red stone on the top row; true if it reaches the
// bottom row. Blue likewise from the left column to the right column.
static bool connects(char who) {
    static bool seen[N][N];
    memset(seen, 0, sizeof seen);
    int stack[N * N][2];
    int sp = 0;
    for (int i = 0; i < N; i++) {
        int r = who == 'R' ? 0 : i, c = who == 'R' ? i : 0;
        if (board[r][c] == who) { seen[r][c] = true; stack[sp][0] = r; stack[sp][1] = c; sp++; }
    }
    while (sp > 0) {
        sp--;
        int r = stack[sp][0], c = stack[sp][1];
        if (who == 'R' ? r == N - 1 : c == N - 1) return true;
        for (int k = 0; k < 6; k++) {
            int rr = r + DR[k], cc = c + DC[k];
            if (rr < 0 || rr >= N || cc < 0 || cc >= N) continue;
            if (seen[rr][cc] || board[rr][cc] != who) continue;
            seen[rr][cc] = true;
            stack[sp][0] = rr; stack[sp][1] = cc; sp++;
        }
    }
    return false;
}

static bool finished() { return connects('R') || connects('B'); }

static unsigned long long perft(char side, int depth) {
    if (depth == 0) return 1;
    if (finished()) return 0;
    char other = side == 'R' ? 'B' : 'R';
    unsigned long long total = 0;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            if (board[r][c] != '.') continue;
            board[r][c] = side;
            total += perft(other, depth - 1);
            board[r][c] = '.';
        }
    return total;
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
        lines = std::vector<std::string>(N, std::string(N, '.'));
        lines.push_back("R");
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
    if (lines.size() != N + 1) { fprintf(stderr, "expected %d non-blank lines, got %zu\n", N + 1, lines.size()); return 2; }
    for (int r = 0; r < N; r++) {
        if ((int)lines[r].size() != N) { fprintf(stderr, "row %d: expected %d chars\n", r + 1, N); return 2; }
        for (int c = 0; c < N; c++) {
            char x = lines[r][c];
            if (x != 'R' && x != 'B' && x != '.') { fprintf(stderr, "bad char '%c'\n", x); return 2; }
            board[r][c] = x;
        }
    }
    if (lines[N] != "R" && lines[N] != "B") { fprintf(stderr, "bad side-to-move line\n"); return 2; }
    char side = lines[N][0];
    int maxd = atoi(args[1].c_str());
    if (divide && maxd >= 1 && !finished()) {
        char other = side == 'R' ? 'B' : 'R';
        for (int r = 0; r < N; r++)
            for (int c = 0; c < N; c++) {
                if (board[r][c] != '.') continue;
                board[r][c] = side;
                unsigned long long k = perft(other, maxd - 1);
                board[r][c] = '.';
                printf("%c%d %llu\n", 'a' + c, r + 1, k);
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
