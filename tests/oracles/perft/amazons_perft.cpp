// Hand-written Amazons (10 x 10) perft oracle, independent of ply.
// Usage: amazons_perft FILE DEPTH [--divide]
//   FILE is a position file or the word "start". Prints "perft D COUNT" for D = 1..DEPTH.
//   With --divide it first prints one line "MOVE COUNT" per legal move (COUNT = perft(child,
//   DEPTH-1)). The time per depth goes to stderr.
// Position file: 10 lines of 10 chars, top row first ('W' white queen, 'B' black queen,
//   'w' arrow shot by white, 'b' arrow shot by black, '.' empty), then a line 'W' or 'B'
//   naming the side to move. Blank lines and lines starting with '#' are skipped.
// Rules: one move = a queen of the mover slides like a chess queen over empty squares to an
//   empty square, then from there an arrow slides the same way over empty squares (the square
//   the queen left is empty by then) and stays on its landing square as a blocker. Arrows of
//   both colours block alike; the arrow is written with the mover's lower-case letter.
// Perft: perft(p, 0) = 1; for depth > 0 the sum over the legal moves of perft(child, depth-1).
//   There is no other end condition: a side with no move simply contributes 0.
// Move names: column letter a..j from the left, rank 1..10 counted from the BOTTOM line of the
//   file: "FROM-TO/ARROW", e.g. "d1-d7/g7".
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

static const int N = 10;
static char board[N][N];  // board[0] is the top line of the file (rank 10)
static const int DR[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
static const int DC[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

static inline bool empty_sq(int r, int c) { return r >= 0 && r < N && c >= 0 && c < N && board[r][c] == '.'; }

// Calls f(r0, c0, r1, c1, ra, ca) for every legal move of `side` (board restored after each call).
template <class F>
static void for_each_move(char side, F f) {
    char arrow = side == 'W' ? 'w' : 'b';
    for (int r0 = 0; r0 < N; r0++)
        for (int c0 = 0; c0 < N; c0++) {
            if (board[r0][c0] != side) continue;
            board[r0][c0] = '.';  // lift the queen: its square is empty for the arrow
            for (int k = 0; k < 8; k++) {
                for (int r1 = r0 + DR[k], c1 = c0 + DC[k]; empty_sq(r1, c1); r1 += DR[k], c1 += DC[k]) {
                    board[r1][c1] = side;
                    for (int j = 0; j < 8; j++) {
                        for (int ra = r1 + DR[j], ca = c1 + DC[j]; empty_sq(ra, ca); ra += DR[j], ca += DC[j]) {
                            board[ra][ca] = arrow;
                            f(r0, c0, r1, c1, ra, ca);
                            board[ra][ca] = '.';
                        }
                    }
                    board[r1][c1] = '.';
                }
            }
            board[r0][c0] = side;
        }
}

static unsigned long long perft(char side, int depth) {
    if (depth == 0) return 1;
    char other = side == 'W' ? 'B' : 'W';
    unsigned long long total = 0;
    for_each_move(side, [&](int, int, int, int, int, int) { total += perft(other, depth - 1); });
    return total;
}

static std::string sq(int r, int c) { return std::string(1, char('a' + c)) + std::to_string(N - r); }

int main(int argc, char** argv) {
    std::vector<std::string> args;
    bool divide = false;
    for (int i = 1; i < argc; i++) {
        if (std::string(argv[i]) == "--divide") divide = true; else args.push_back(argv[i]);
    }
    if (args.size() != 2) { fprintf(stderr, "usage: %s FILE|start DEPTH [--divide]\n", argv[0]); return 2; }
    std::vector<std::string> lines;
    if (args[0] == "start") {
        lines = {"...B..B...", "..........", "..........", "B........B", "..........",
                 "..........", "W........W", "..........", "..........", "...W..W...", "W"};
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
            if (x != 'W' && x != 'B' && x != 'w' && x != 'b' && x != '.') { fprintf(stderr, "bad char '%c'\n", x); return 2; }
            board[r][c] = x;
        }
    }
    if (lines[N] != "W" && lines[N] != "B") { fprintf(stderr, "bad side-to-move line\n"); return 2; }
    char side = lines[N][0];
    int maxd = atoi(args[1].c_str());
    if (divide && maxd >= 1) {
        char other = side == 'W' ? 'B' : 'W';
        for_each_move(side, [&](int r0, int c0, int r1, int c1, int ra, int ca) {
            unsigned long long k = perft(other, maxd - 1);
            printf("%s-%s/%s %llu\n", sq(r0, c0).c_str(), sq(r1, c1).c_str(), sq(ra, ca).c_str(), k);
        });
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
