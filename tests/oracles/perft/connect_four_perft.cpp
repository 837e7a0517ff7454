// Hand-written Connect Four (7 columns x 6 rows) perft oracle, independent of ply.
// Usage: connect_four_perft FILE DEPTH [--divide]
//   FILE is a position file or the word "start". Prints "perft D COUNT" for D = 1..DEPTH.
//   With --divide it first prints one line "MOVE COUNT" per legal move (COUNT = perft(child,
//   DEPTH-1)). The time per depth goes to stderr.
// Position file: 6 lines of 7 chars, top row first ('R' red, 'Y' yellow, '.' empty), then a
//   line 'R' or 'Y' naming the side to move. Blank lines and lines starting with '#' are skipped.
// Rules: a move drops a piece into a column that is not full; it lands on the lowest empty
//   square of that column. The file is not checked for floating pieces or piece counts.
// Perft: perft(p, 0) = 1. For depth > 0 a FINISHED position (either colour has 4 or more in a
//   row horizontally, vertically or diagonally, or the board is full) counts 0; otherwise the
//   sum over the legal moves of perft(child, depth - 1).
// Move names: the column letter a..g from the left.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

static const int ROWS = 6, COLS = 7;
static char board[ROWS][COLS];  // board[0] is the top row

static bool four_in_a_row() {
    static const int DR[4] = {0, 1, 1, 1};
    static const int DC[4] = {1, 0, 1, -1};
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++) {
            char p = board[r][c];
            if (p == '.') continue;
            for (int k = 0; k < 4; k++) {
                int i = 1;
                for (; i < 4; i++) {
                    int rr = r + DR[k] * i, cc = c + DC[k] * i;
                    if (rr < 0 || rr >= ROWS || cc < 0 || cc >= COLS || board[rr][cc] != p) break;
                }
                if (i == 4) return true;
            }
        }
    return false;
}

static bool finished() {
    if (four_in_a_row()) return true;
    for (int c = 0; c < COLS; c++)
        for (int r = 0; r < ROWS; r++)
            if (board[r][c] == '.') return false;
    return true;  // full board: draw
}

// Row where a piece dropped into column c lands, or -1 if the column is full.
static int landing_row(int c) {
    for (int r = ROWS - 1; r >= 0; r--)
        if (board[r][c] == '.') return r;
    return -1;
}

static unsigned long long perft(char side, int depth) {
    if (depth == 0) return 1;
    if (finished()) return 0;
    char other = side == 'R' ? 'Y' : 'R';
    unsigned long long total = 0;
    for (int c = 0; c < COLS; c++) {
        int r = landing_row(c);
        if (r < 0) continue;
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
        lines = std::vector<std::string>(ROWS, std::string(COLS, '.'));
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
    if (lines.size() != ROWS + 1) { fprintf(stderr, "expected %d non-blank lines, got %zu\n", ROWS + 1, lines.size()); return 2; }
    for (int r = 0; r < ROWS; r++) {
        if ((int)lines[r].size() != COLS) { fprintf(stderr, "row %d: expected %d chars\n", r + 1, COLS); return 2; }
        for (int c = 0; c < COLS; c++) {
            char x = lines[r][c];
            if (x != 'R' && x != 'Y' && x != '.') { fprintf(stderr, "bad char '%c'\n", x); return 2; }
            board[r][c] = x;
        }
    }
    if (lines[ROWS] != "R" && lines[ROWS] != "Y") { fprintf(stderr, "bad side-to-move line\n"); return 2; }
    char side = lines[ROWS][0];
    int maxd = atoi(args[1].c_str());
    if (divide && maxd >= 1 && !finished()) {
        char other = side == 'R' ? 'Y' : 'R';
        for (int c = 0; c < COLS; c++) {
            int r = landing_row(c);
            if (r < 0) continue;
            board[r][c] = side;
            unsigned long long k = perft(other, maxd - 1);
            board[r][c] = '.';
            printf("%c %llu\n", 'a' + c, k);
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
